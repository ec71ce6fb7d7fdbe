/// One fix of a finding: what it does, its edits, and whether it is certain.
package struct QuickFix: Hashable, Sendable {
  /// What it does, as a menu shows it.
  package var title: String
  /// The edits, in file order; an insertion replaces an empty range.
  package var edits: [SourceEdit]
  /// Whether an editor applies it by default (a did-you-mean).
  package var isPreferred: Bool
  /// Whether it is the one way to resolve its finding as written, so that `flowc check
  /// --fix` writes it: a finding's only fix-it, or the handlers an `unhandled-result` lacks.
  package var isCertain: Bool
  /// Whether it adds `leave:` to a coordinator, which an editor offers once per coordinator.
  package var isLeave = false
}

/// The fixes of the findings in one file: one set for an editor's quick fixes and for
/// `flowc check --fix`, which writes the certain ones (issue 34, item 10).
///
/// - A finding's fix-its (a misspelt name or key with one closest candidate), the first
///   preferred; certain when it has exactly one. Else its suggestion (a did-you-mean the
///   rule was not sure of), never certain.
/// - The handlers an `unhandled-result` lacks (of result cases, and r3 of requests), each
///   `stay` for the author to change, in the
///   start's `on:` or a new one: certain, unless that `on:` is content shared through an
///   anchor and its aliases, which other starts read too.
/// - For a coordinator with a `back-leak`, `leave: c` for each result case `c` without a
///   payload and `leave: ~`: what leaving means is the author's choice, never certain.
///
/// Built once per file: the file's YAML parsed once and every child start indexed once, so
/// the fixes of N findings cost O(file + module + N).
package struct QuickFixes {
  private let check: CheckResult
  private let text: SourceText
  private let yaml: YAMLInsertion?
  /// Every child start of the module (of an action or a tab), by where its key is.
  private let starts: [SourceRange: ChildStep]

  package init(check: CheckResult, text: SourceText) {
    self.check = check
    self.text = text
    yaml = YAMLInsertion(text)
    // The starts written in this file: a coordinator's, or a shared screen's in an owner's
    // copy of it (the first owner's, whose child is the same).
    var starts: [SourceRange: ChildStep] = [:]
    let file = FileName(text.file.path)
    for graph in check.resolved.graph.coordinators {
      var steps = Array(graph.steps.joined()) + graph.eventSteps
      if case .tabs(let tabs) = graph.root {
        for tab in tabs where tab.start.range.fileName == file {
          starts[tab.start.range] = tab.start
        }
        steps += tabs.flatMap(\.handlerSteps)
      }
      for step in steps {
        if case .start(let start) = step.action, start.range.fileName == file,
          starts[start.range] == nil
        {
          starts[start.range] = start
        }
      }
    }
    self.starts = starts
  }

  /// The fixes of `finding`, a finding in this file.
  package func fixes(for finding: Finding) -> [QuickFix] {
    var fixes = fixIts(of: finding)
    switch finding.rule {
    case UnhandledResultRule.id:
      fixes += missingHandlers(finding)
    case BackLeakRule.id:
      if case .coordinator(let name)? = finding.subject.path.first,
        let coordinator = check.module.coordinator(named: name)
      {
        fixes += leave(for: coordinator)
      }
    default:
      break
    }
    return fixes
  }

  // MARK: Fix-its and suggestions

  private func fixIts(of finding: Finding) -> [QuickFix] {
    guard finding.fixIts.isEmpty else {
      return finding.fixIts.enumerated().compactMap { index, fixIt in
        // Edits in this file only.
        guard let last = fixIt.edits.last,
          fixIt.edits.allSatisfy({ $0.range.fileName == finding.range.fileName })
        else { return nil }
        return QuickFix(
          title: "Change to '\(last.replacement)'", edits: fixIt.edits, isPreferred: index == 0,
          isCertain: finding.fixIts.count == 1)
      }
    }
    guard let suggestion = finding.suggestion, !suggestion.isEmpty else { return [] }
    let written = text.text(of: finding.range)
    guard !written.isEmpty else { return [] }
    var range = finding.range
    var original = written
    if let quote = written.first, quote == "\"" || quote == "'", written.count >= 2,
      written.last == quote
    {
      range.start.column += 1
      range.end.column -= 1
      original = String(written.dropFirst().dropLast())
    }
    return [
      QuickFix(
        title: "Change to '\(suggestion)'",
        edits: [SourceEdit(range, replacing: original, with: suggestion)], isPreferred: true,
        isCertain: false)
    ]
  }

  // MARK: Missing handlers

  /// The handlers an `unhandled-result` finding says are missing, each `stay`: in the
  /// start's `on:`, or in a new `on:` when it has none. The child's result cases come first,
  /// then its requests (r3, spec section 13.3), which `stay` leaves running.
  private func missingHandlers(_ finding: Finding) -> [QuickFix] {
    guard let start = starts[finding.range], let child = start.child else { return [] }
    let handled = Set(start.start.handlers.map(\.name.text))
    let graph = check.resolved.graph.coordinators[child]
    var missing: [String] = []
    var seen = handled
    for name in graph.results.map(\.name.text) + graph.requests.map(\.name.text)
    where seen.insert(name).inserted {
      missing.append(name)
    }
    guard !missing.isEmpty, let yaml,
      let (mapping, _) = yaml.mapping(withKeyAt: finding.range.start)
    else { return [] }
    let handlers = missing.map { "\($0): stay" }
    let edit: EditorTextEdit?
    var shared = false
    if let on = yaml.value(of: "on", in: mapping) {
      edit = yaml.isMapping(on) ? yaml.insert(handlers, into: on) : nil
      shared = yaml.isShared(on)
    } else {
      edit = yaml.insert(["on: { " + handlers.joined(separator: ", ") + " }"], into: mapping)
    }
    guard let edit else { return [] }
    return [
      QuickFix(
        title: "Handle \(missing.map { "'\($0)'" }.listed()) with 'stay'",
        edits: [sourceEdit(edit)], isPreferred: false, isCertain: !shared)
    ]
  }

  // MARK: Leave

  /// `leave: c` for each result case `c` without a payload, and `leave: ~`, added to
  /// `coordinator` after its `result` (or first): the author's choice, never certain.
  package func leave(for coordinator: Coordinator) -> [QuickFix] {
    guard let yaml, coordinator.leave == nil,
      let (_, body) = yaml.mapping(withKeyAt: coordinator.name.range.start), yaml.isMapping(body)
    else { return [] }
    let cases = (check.module.resultCases(of: coordinator) ?? []).filter { $0.payload == nil }
    let name = coordinator.name.text
    var fixes: [QuickFix] = []
    for item in cases {
      guard let edit = yaml.insert(["leave: \(item.name.text)"], into: body, at: .after("result"))
      else { continue }
      fixes.append(
        QuickFix(
          title: "Finish '\(name)' with '\(item.name.text)' when the user leaves it",
          edits: [sourceEdit(edit)], isPreferred: false, isCertain: false, isLeave: true))
    }
    if let edit = yaml.insert(["leave: ~"], into: body, at: .after("result")) {
      fixes.append(
        QuickFix(
          title: "Drop '\(name)' when the user leaves it (leave: ~)", edits: [sourceEdit(edit)],
          isPreferred: false, isCertain: false, isLeave: true))
    }
    return fixes
  }

  /// An insertion of ``YAMLInsertion``, in the file's own positions.
  private func sourceEdit(_ edit: EditorTextEdit) -> SourceEdit {
    let range = SourceRange(
      file: edit.path, start: text.source(edit.range.start), end: text.source(edit.range.end))
    return SourceEdit(range, replacing: text.text(of: range), with: edit.newText)
  }
}
