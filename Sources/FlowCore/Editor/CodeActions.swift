/// A fix an editor can offer (LSP's `CodeAction` of kind `quickfix`): edits to apply, and
/// the finding it answers, if any.
package struct EditorCodeAction: Hashable, Sendable {
  /// What it does, as a menu shows it.
  package var title: String
  /// The edits, in file order.
  package var edits: [EditorTextEdit]
  /// The finding it fixes (a server matches it to the diagnostic it sent), or `nil` for an
  /// action offered at a name.
  package var finding: Finding?
  /// Whether it is the fix an editor applies by default (a did-you-mean).
  package var isPreferred: Bool

  package init(
    title: String, edits: [EditorTextEdit], finding: Finding? = nil, isPreferred: Bool = false
  ) {
    self.title = title
    self.edits = edits
    self.finding = finding
    self.isPreferred = isPreferred
  }
}

extension EditorModule {
  /// The fixes for `range` of the file at `path` (LSP `textDocument/codeAction`): those of
  /// each finding there (``QuickFixes``: its fix-its or suggestion, the missing handlers of an
  /// `unhandled-result`, `leave:` for a coordinator with a `back-leak`), the same that
  /// `flowc check --fix` writes when certain; and `leave:` for a coordinator whose name the
  /// range is on and that has none.
  package func codeActions(in path: String, range: EditorRange) -> [EditorCodeAction] {
    guard let text = texts[path] else { return [] }
    let fixes = QuickFixes(check: check, text: text)
    var actions: [EditorCodeAction] = []
    var leaveOffered: Set<String> = []
    let file = FileName(path)
    for finding in check.findings where finding.range.fileName == file {
      guard text.editor(finding.range).overlaps(range) else { continue }
      if finding.rule == BackLeakRule.id, case .coordinator(let name)? = finding.subject.path.first
      {
        // One `leave:` for a coordinator, however many of its back actions leak.
        guard leaveOffered.insert(name).inserted else {
          actions += fixes.fixes(for: finding).filter { !$0.isLeave }.map {
            action($0, finding, text)
          }
          continue
        }
      }
      actions += fixes.fixes(for: finding).map { action($0, finding, text) }
    }
    if let (found, _) = occurrence(at: range.start, in: path), found.isDefinition,
      case .coordinator(let name) = found.symbol,
      let coordinator = check.module.coordinator(named: name),
      coordinator.name.range == found.range, coordinator.leave == nil,
      leaveOffered.insert(name).inserted
    {
      actions += fixes.leave(for: coordinator).map { action($0, nil, text) }
    }
    return actions
  }

  /// `fix` as an editor's action, its edits in editor positions.
  private func action(_ fix: QuickFix, _ finding: Finding?, _ text: SourceText)
    -> EditorCodeAction
  {
    EditorCodeAction(
      title: fix.title,
      edits: fix.edits.map {
        EditorTextEdit(path: $0.range.file, range: text.editor($0.range), newText: $0.replacement)
      }, finding: finding, isPreferred: fix.isPreferred)
  }
}
