/// The `lint: { ignore: [...] }` entries of a module, and which findings they remove.
///
/// An entry on a coordinator, screen, decision, alert or type covers the findings placed
/// from the node's name to the end of its body (spec section 8); one at the top of a file
/// covers every finding placed in that file.
package struct Suppressions {
  /// One ignored rule on one node.
  package struct Entry: Sendable {
    /// The rule id as written.
    package var rule: Identifier
    /// The node it covers, from its name to the end of its body, or its whole file.
    package var scope: SourceRange
    /// What the entry is about: the rule id in the `lint` key of its node (or file).
    package var subject: SymbolRef
  }

  /// Every entry, in file order.
  package private(set) var entries: [Entry] = []
  private var byFile: [String: [Int]] = [:]

  package init(module: FlowModule) {
    for lint in module.fileLints {
      for rule in lint.ignore {
        add(rule, scope: Self.wholeFile(of: rule.range.fileName), owner: .file)
      }
    }
    for type in module.types { add(type.lint, scope: type.range, owner: type.subject) }
    for coordinator in module.coordinators {
      add(coordinator.lint, scope: coordinator.range, owner: coordinator.subject)
      for (index, screen) in coordinator.screens.enumerated() {
        add(screen.lint, scope: screen.range, owner: coordinator.subject(of: .screen(index)))
      }
      for (index, decision) in coordinator.decisions.enumerated() {
        add(decision.lint, scope: decision.range, owner: coordinator.subject(of: .decision(index)))
      }
      for (index, alert) in coordinator.alerts.enumerated() {
        add(alert.lint, scope: alert.range, owner: coordinator.subject(of: .alert(index)))
      }
    }
    for link in module.links { add(link.lint, scope: link.range, owner: link.subject) }
  }

  private mutating func add(_ lint: Lint?, scope: SourceRange, owner: @autoclosure () -> SymbolRef)
  {
    guard let lint else { return }
    let place = owner().appending(.key("lint"))
    for rule in lint.ignore { add(rule, scope: scope, owner: place) }
  }

  private mutating func add(_ rule: Identifier, scope: SourceRange, owner place: SymbolRef) {
    byFile[scope.file, default: []].append(entries.count)
    entries.append(
      Entry(rule: rule, scope: scope, subject: place.appending(.reference(rule.text))))
  }

  /// A range that contains every place in `file`: from its first character past any line.
  private static func wholeFile(of file: FileName) -> SourceRange {
    SourceRange(
      file: file, start: SourcePosition(line: 1, column: 1),
      end: SourcePosition(line: .max, column: .max))
  }

  /// The entries that cover `finding`.
  package func entries(covering finding: Finding) -> [Int] {
    (byFile[finding.file] ?? []).filter { index in
      entries[index].rule.text == finding.rule.rawValue
        && entries[index].scope.contains(finding.range)
    }
  }

  /// `findings` without those an entry covers, plus an `unused-suppression` finding for
  /// each entry that covers none (unless its rule is unknown or turned off). Findings of
  /// `unused-suppression` can themselves be suppressed.
  package func apply(to findings: [Finding], configuration: Configuration) -> [Finding] {
    guard !entries.isEmpty else { return findings }
    var used = [Bool](repeating: false, count: entries.count)
    var kept: [Finding] = []
    for finding in findings {
      let covering = entries(covering: finding)
      for index in covering { used[index] = true }
      if covering.isEmpty { kept.append(finding) }
    }
    let unused = UnusedSuppressionRule.id
    for (index, entry) in entries.enumerated() where !used[index] {
      let rule = RuleID(rawValue: entry.rule.text)
      guard rule != unused, RuleRegistry.rule(rule) != nil, !configuration.isOff(rule) else {
        continue
      }
      let finding = Finding(
        unused, UnusedSuppressionRule.severity,
        UnusedSuppressionRule.Message.suppressesNothing(rule),
        about: entry.subject, at: entry.rule.range)
      guard let configured = configuration.apply(to: finding) else { continue }
      if entries(covering: configured).isEmpty { kept.append(configured) }
    }
    return kept
  }
}
