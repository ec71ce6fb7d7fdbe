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
  /// The fixes for `range` of the file at `path` (LSP `textDocument/codeAction`): the
  /// fix-it of each finding there that has one, or else its suggestion (a did-you-mean); the missing handlers of an
  /// `unhandled-result`, as `stay` for the author to change; and `leave:` for a coordinator
  /// that a `back-leak` finding is in, or whose name the range is on and that has none.
  package func codeActions(in path: String, range: EditorRange) -> [EditorCodeAction] {
    guard let text = texts[path] else { return [] }
    var actions: [EditorCodeAction] = []
    var leaveOffered: Set<String> = []
    let file = FileName(path)
    for finding in check.findings where finding.range.fileName == file {
      guard text.editor(finding.range).overlaps(range) else { continue }
      actions += fixIts(of: finding, text)
      switch finding.rule {
      case UnhandledResultRule.id:
        actions += addHandlers(finding, text)
      case BackLeakRule.id:
        if let coordinator = coordinator(containing: finding.range),
          leaveOffered.insert(coordinator.name.text).inserted
        {
          actions += addLeave(coordinator, text, for: finding)
        }
      default:
        break
      }
    }
    if let (found, _) = occurrence(at: range.start, in: path), found.isDefinition,
      case .coordinator(let name) = found.symbol,
      let coordinator = check.module.coordinator(named: name),
      coordinator.name.range == found.range, coordinator.leave == nil,
      leaveOffered.insert(name).inserted
    {
      actions += addLeave(coordinator, text, for: nil)
    }
    return actions
  }

  // MARK: Fix-its and suggestions

  /// The finding's fix-its, each an action, the first preferred; or, when it has none, the
  /// name it suggests (`did you mean 'Settings'?`) in place of the one at its range.
  private func fixIts(of finding: Finding, _ text: SourceText) -> [EditorCodeAction] {
    guard finding.fixIts.isEmpty else {
      return finding.fixIts.enumerated().compactMap { index, fixIt in
        // Edits in this file only: its text is the one positions are converted with.
        guard let last = fixIt.edits.last,
          fixIt.edits.allSatisfy({ $0.range.fileName == finding.range.fileName })
        else { return nil }
        return EditorCodeAction(
          title: "Change to '\(last.replacement)'",
          edits: fixIt.edits.map {
            EditorTextEdit(
              path: $0.range.file, range: text.editor($0.range), newText: $0.replacement)
          }, finding: finding, isPreferred: index == 0)
      }
    }
    guard let suggestion = finding.suggestion, !suggestion.isEmpty else { return [] }
    let written = text.text(of: finding.range)
    guard !written.isEmpty else { return [] }
    var range = finding.range
    if let quote = written.first, quote == "\"" || quote == "'", written.count >= 2,
      written.last == quote
    {
      range.start.column += 1
      range.end.column -= 1
    }
    return [
      EditorCodeAction(
        title: "Change to '\(suggestion)'",
        edits: [EditorTextEdit(path: range.file, range: text.editor(range), newText: suggestion)],
        finding: finding, isPreferred: true)
    ]
  }

  // MARK: Missing handlers

  /// The handlers an `unhandled-result` finding says are missing, each `stay`: in the
  /// start's `on:`, or in a new `on:` when it has none.
  private func addHandlers(_ finding: Finding, _ text: SourceText) -> [EditorCodeAction] {
    guard let start = childStart(at: finding.range), let child = start.child else { return [] }
    let handled = Set(start.start.handlers.map(\.name.text))
    let missing = resolved.graph.coordinators[child].results.map(\.name.text).filter {
      !handled.contains($0)
    }
    guard !missing.isEmpty, let yaml = YAMLInsertion(text),
      let (mapping, _) = yaml.mapping(withKeyAt: finding.range.start)
    else { return [] }
    let handlers = missing.map { "\($0): stay" }
    let edit: EditorTextEdit?
    if let on = yaml.value(of: "on", in: mapping) {
      edit = yaml.isMapping(on) ? yaml.insert(handlers, into: on) : nil
    } else {
      edit = yaml.insert(["on: { " + handlers.joined(separator: ", ") + " }"], into: mapping)
    }
    guard let edit else { return [] }
    let cases = Self.list(missing.map { "'\($0)'" })
    return [
      EditorCodeAction(
        title: "Handle \(cases) with 'stay'", edits: [edit], finding: finding)
    ]
  }

  /// The start (of an action or a tab) whose key is at `range`.
  private func childStart(at range: SourceRange) -> ChildStep? {
    guard let owner = coordinatorIndex(containing: range) else { return nil }
    let graph = resolved.graph.coordinators[owner]
    var steps = graph.steps.joined().map { $0 } + graph.eventSteps
    if case .tabs(let tabs) = graph.root {
      for tab in tabs where tab.start.range == range { return tab.start }
      steps += tabs.flatMap(\.handlerSteps)
    }
    for step in steps {
      if case .start(let start) = step.action, start.range == range { return start }
    }
    return nil
  }

  // MARK: Leave

  /// `leave: ~`, and `leave: c` for each result case `c` without a payload, added to
  /// `coordinator` after its `result` (or first).
  private func addLeave(
    _ coordinator: Coordinator, _ text: SourceText, for finding: Finding?
  ) -> [EditorCodeAction] {
    guard let yaml = YAMLInsertion(text),
      let (_, body) = yaml.mapping(withKeyAt: coordinator.name.range.start), yaml.isMapping(body)
    else { return [] }
    let cases = (check.module.resultCases(of: coordinator) ?? []).filter { $0.payload == nil }
    let name = coordinator.name.text
    var actions: [EditorCodeAction] = []
    for item in cases {
      guard let edit = yaml.insert(["leave: \(item.name.text)"], into: body, at: .after("result"))
      else {
        continue
      }
      actions.append(
        EditorCodeAction(
          title: "Finish '\(name)' with '\(item.name.text)' when the user leaves it",
          edits: [edit], finding: finding))
    }
    if let edit = yaml.insert(["leave: ~"], into: body, at: .after("result")) {
      actions.append(
        EditorCodeAction(
          title: "Drop '\(name)' when the user leaves it (leave: ~)", edits: [edit],
          finding: finding))
    }
    return actions
  }

  /// The first coordinator whose definition holds `range`.
  private func coordinatorIndex(containing range: SourceRange) -> Int? {
    check.module.coordinators.indices.first { check.module.coordinators[$0].range.contains(range) }
  }

  private func coordinator(containing range: SourceRange) -> Coordinator? {
    coordinatorIndex(containing: range).map { check.module.coordinators[$0] }
  }
}
