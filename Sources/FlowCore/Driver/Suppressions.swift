/// The `lint: { ignore: [...] }` entries of a module, and which findings they remove.
///
/// An entry on a coordinator, screen or decision covers the findings placed from the
/// node's name to the end of its body (spec section 8).
public struct Suppressions {
  /// One ignored rule on one node.
  public struct Entry: Sendable {
    /// The rule id as written.
    public var rule: Identifier
    /// The node it covers, from its name to the end of its body.
    public var scope: SourceRange
  }

  /// Every entry, in file order.
  public private(set) var entries: [Entry] = []
  private var byFile: [String: [Int]] = [:]

  public init(module: FlowModule) {
    for coordinator in module.coordinators {
      add(coordinator.lint, scope: coordinator.range)
      for screen in coordinator.screens { add(screen.lint, scope: screen.range) }
      for decision in coordinator.decisions { add(decision.lint, scope: decision.range) }
    }
  }

  private mutating func add(_ lint: Lint?, scope: SourceRange) {
    for rule in lint?.ignore ?? [] {
      byFile[scope.file, default: []].append(entries.count)
      entries.append(Entry(rule: rule, scope: scope))
    }
  }

  /// The entries that cover `finding`.
  public func entries(covering finding: Finding) -> [Int] {
    (byFile[finding.file] ?? []).filter { index in
      entries[index].rule.text == finding.rule.rawValue
        && entries[index].scope.contains(finding.range)
    }
  }

  /// `findings` without those an entry covers.
  public func filter(_ findings: [Finding]) -> [Finding] {
    guard !entries.isEmpty else { return findings }
    return findings.filter { entries(covering: $0).isEmpty }
  }
}
