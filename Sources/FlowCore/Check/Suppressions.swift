/// The `lint: { ignore: [...] }` entries of a module, and which findings they remove.
///
/// An entry on a coordinator, screen or decision covers the findings placed from the
/// node's name to the end of its body (spec section 8).
package struct Suppressions {
  /// One ignored rule on one node.
  package struct Entry: Sendable {
    /// The rule id as written.
    package var rule: Identifier
    /// The node it covers, from its name to the end of its body.
    package var scope: SourceRange
  }

  /// Every entry, in file order.
  package private(set) var entries: [Entry] = []
  private var byFile: [String: [Int]] = [:]

  package init(module: FlowModule) {
    for coordinator in module.coordinators {
      add(coordinator.lint, scope: coordinator.range)
      for screen in coordinator.screens { add(screen.lint, scope: screen.range) }
      for decision in coordinator.decisions { add(decision.lint, scope: decision.range) }
      for alert in coordinator.alerts { add(alert.lint, scope: alert.range) }
    }
    for link in module.links { add(link.lint, scope: link.range) }
  }

  private mutating func add(_ lint: Lint?, scope: SourceRange) {
    for rule in lint?.ignore ?? [] {
      byFile[scope.file, default: []].append(entries.count)
      entries.append(Entry(rule: rule, scope: scope))
    }
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
        "'lint: ignore' of '\(rule)' suppresses nothing here; remove it", at: entry.rule.range)
      guard let configured = configuration.apply(to: finding) else { continue }
      if entries(covering: configured).isEmpty { kept.append(configured) }
    }
    return kept
  }
}
