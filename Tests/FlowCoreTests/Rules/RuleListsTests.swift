import FlowCore
import Foundation
import Testing

/// The lists made from the rules, each written by `make lists` and failing here, named,
/// when it is stale: a new rule is its own file and its tests, then `make lists`.
///
/// Swift cannot list a protocol's conforming types at run time, so the one source is the
/// rule files themselves: `RuleRegistry.all` is written from the rule types declared in
/// `Sources/FlowCore/Rules/` (the order kept, a new rule at the end); everything else is
/// written from the registry as built: the schema's `ruleID` enum, the README's table of
/// rules and `docs/rules.md`. `make lists` runs these tests with `FLOWC_UPDATE_LISTS=1`
/// twice: the first run writes the registry, the second, built with it, the rest.
@Suite struct RuleListsTests {
  static let updating = ProcessInfo.processInfo.environment["FLOWC_UPDATE_LISTS"] == "1"

  /// Compares the file at `path` (from the package root) with `expected`, or writes it
  /// when updating; a stale file fails naming itself, with a line diff.
  private func check(
    _ path: String, is expected: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let url = packageRoot.appendingPathComponent(path)
    let committed = try String(contentsOf: url, encoding: .utf8)
    guard committed != expected else { return }
    if Self.updating {
      try Data(expected.utf8).write(to: url)
      return
    }
    Issue.record(
      Comment(
        rawValue: "\(path) is stale: run 'make lists' (- committed, + from the rules)\n"
          + lineDiff(committed, expected)),
      sourceLocation: sourceLocation)
  }

  /// Each type in `Sources/FlowCore/Rules/` that conforms to `Rule`, `ModuleRule`,
  /// `OutlineRule` or `DefinitionRule`, with the file that declares it.
  static func declaredRules() throws -> [(type: String, file: String)] {
    let folder = packageRoot.appendingPathComponent("Sources/FlowCore/Rules")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".swift") }.sorted()
    var rules: [(String, String)] = []
    for name in names {
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      let declaration =
        /(?:enum|struct|final class) (\w+)\s*:\s*(?:[\w.]+\s*,\s*)*(?:Module|Outline|Definition)?Rule\b[^{]*\{/
      for match in text.matches(of: declaration) { rules.append((String(match.1), name)) }
    }
    return rules
  }

  @Test func theRegistryListsEveryRuleFile() throws {
    let declared = try Self.declaredRules()
    #expect(declared.count >= 17, "the rules folder was not read")
    for rule in declared {
      #expect(rule.file == rule.type + ".swift", "\(rule.type) is declared in \(rule.file)")
    }
    let path = "Sources/FlowCore/Rules/RuleRegistry.swift"
    let text = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    var lines = text.components(separatedBy: "\n")
    let open = try #require(lines.firstIndex(of: "  public static let all: [any Rule.Type] = ["))
    let close = try #require(lines[open...].firstIndex(of: "  ]"))
    let listed = lines[(open + 1)..<close].compactMap { line in
      line.firstMatch(of: /^    (\w+)\.self,$/).map { String($0.1) }
    }
    #expect(listed.count == close - open - 1, "the list holds a line that is not a rule")
    // The order kept; a rule no longer declared gone; a new one at the end.
    let names = Set(declared.map(\.type))
    let kept = listed.filter(names.contains)
    let added = declared.map(\.type).filter { !listed.contains($0) }
    lines.replaceSubrange((open + 1)..<close, with: (kept + added).map { "    \($0).self," })
    try check(path, is: lines.joined(separator: "\n"))
    #expect(Set(kept + added).count == kept.count + added.count, "a rule is declared twice")
  }

  @Test func theSchemasRuleIDsAreTheRegistrys() throws {
    let path = "Schemas/flow.schema.json"
    let text = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    var lines = text.components(separatedBy: "\n")
    let definition = try #require(lines.firstIndex(of: "    \"ruleID\": {"))
    let open = try #require(lines[definition...].firstIndex { $0.hasSuffix("\"enum\": [") })
    let indent = String(lines[open].prefix { $0 == " " })
    let close = try #require(lines[open...].firstIndex { $0.hasPrefix(indent + "]") })
    let ids = RuleRegistry.ids.map { "\(indent)  \"\($0.rawValue)\"" }
    lines.replaceSubrange(
      (open + 1)..<close, with: ids.enumerated().map { $1 + ($0 < ids.count - 1 ? "," : "") })
    try check(path, is: lines.joined(separator: "\n"))

    // Wherever else the schema lists rule ids, it lists the registry's, in its order.
    let schema = try JSONSerialization.jsonObject(
      with: Data(contentsOf: packageRoot.appendingPathComponent(path)))
    let all = RuleRegistry.ids.map(\.rawValue)
    func visit(_ node: Any) {
      if let object = node as? [String: Any] {
        if let values = object["enum"] as? [String], values.contains(where: all.contains) {
          #expect(values == all || Self.updating, "the schema lists rule ids apart from ruleID")
        }
        object.values.forEach(visit)
      } else if let array = node as? [Any] {
        array.forEach(visit)
      }
    }
    visit(schema)
  }

  /// The README's table of what flowc finds: each rule's id, default severity and summary.
  @Test func theReadmesRuleTableIsTheRegistrys() throws {
    let path = "README.md"
    let text = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    let begin = "<!-- rules: written by 'make lists' from the rules -->\n"
    let end = "<!-- end of rules -->\n"
    let start = try #require(text.range(of: begin), "README.md has no table of rules")
    let stop = try #require(text.range(of: end, range: start.upperBound..<text.endIndex))
    var table = "| rule | default | finds |\n|---|---|---|\n"
    for rule in RuleRegistry.all {
      var finds = rule.summary
      if finds.hasSuffix(".") { finds.removeLast() }
      finds = finds.prefix(1).lowercased() + finds.dropFirst()
      table += "| `\(rule.id)` | \(rule.severity.rawValue) | \(finds) |\n"
    }
    try check(
      path, is: text.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: table))
  }

  @Test func theRuleReferenceIsTheRules() throws {
    try check("docs/rules.md", is: RuleReference.markdown())
  }
}
