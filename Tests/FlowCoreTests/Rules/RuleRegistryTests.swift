import FlowCore
import Foundation
import Testing

/// Every list made from the rules is made from, or tested against, ``RuleRegistry``, so that
/// a rule forgotten in one of them fails here rather than silently.
@Suite struct RuleRegistryTests {
  private static let rulesFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources/FlowCore/Rules")

  /// Each type that conforms to `Rule`, `ModuleRule`, `OutlineRule` or `DefinitionRule` in
  /// `Sources/FlowCore/Rules`, with the name of the file that declares it.
  private static func declaredRules() throws -> [(type: String, file: String)] {
    let names = try FileManager.default.contentsOfDirectory(atPath: rulesFolder.path)
      .filter { $0.hasSuffix(".swift") }.sorted()
    var rules: [(String, String)] = []
    for name in names {
      let text = try String(
        contentsOf: rulesFolder.appendingPathComponent(name), encoding: .utf8)
      for match in text.matches(
        of: /(?:enum|struct|final class) (\w+)\s*:\s*(?:Module|Outline|Definition)?Rule\s*\{/)
      {
        rules.append((String(match.1), name))
      }
    }
    return rules
  }

  @Test func everyRuleInTheRulesFolderIsRegistered() throws {
    let declared = try Self.declaredRules()
    #expect(declared.count >= 17, "the rules folder was not read: \(Self.rulesFolder.path)")
    let registered = RuleRegistry.all.map { String(describing: $0) }
    #expect(declared.map(\.type).sorted() == registered.sorted())
    for rule in declared {
      #expect(rule.file == rule.type + ".swift", "\(rule.type) is declared in \(rule.file)")
    }
    #expect(Set(registered).count == registered.count, "a rule is registered twice")
  }

  /// Wherever the schema of flow files lists rule ids (the items of `lint.ignore`), it lists
  /// exactly the registry's, in its order.
  @Test func theSchemaListsEveryRuleId() throws {
    let file = packageRoot.appendingPathComponent("Schemas/flow.schema.json")
    let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: file))
    let ids = RuleRegistry.ids.map(\.rawValue)
    var lists: [[String]] = []
    func visit(_ node: Any) {
      if let object = node as? [String: Any] {
        if let values = object["enum"] as? [String], values.contains(where: ids.contains) {
          lists.append(values)
        }
        object.values.forEach(visit)
      } else if let array = node as? [Any] {
        array.forEach(visit)
      }
    }
    visit(schema)
    #expect(!lists.isEmpty, "the schema lists no rule ids")
    for list in lists { #expect(list == ids) }
    let definitions = (schema as? [String: Any])?["definitions"] as? [String: Any]
    let ruleID = definitions?["ruleID"] as? [String: Any]
    #expect(ruleID?["enum"] as? [String] == ids)
  }

  /// The language reference describes each rule, in the registry's order, with its default
  /// severity: `**`id`** (severity).`
  @Test func theLanguageReferenceDescribesEveryRule() throws {
    let file = packageRoot.appendingPathComponent("docs/language.md")
    let text = try String(contentsOf: file, encoding: .utf8)
    let described = text.matches(of: /\*\*`([a-z-]+)`\*\* \((error|warning)\)/).map {
      "\($0.1) \($0.2)"
    }
    #expect(described == RuleRegistry.all.map { "\($0.id) \($0.severity.rawValue)" })
  }

  /// The README's table of what flowc finds lists each rule, in the registry's order, with
  /// its default severity.
  @Test func theReadmeListsEveryRule() throws {
    let file = packageRoot.appendingPathComponent("README.md")
    let text = try String(contentsOf: file, encoding: .utf8)
    let listed = text.matches(of: /\n\| `([a-z-]+)` \| (error|warning) \|/).map {
      "\($0.1) \($0.2)"
    }
    #expect(listed == RuleRegistry.all.map { "\($0.id) \($0.severity.rawValue)" })
  }

  @Test func theBlockingRulesAreTheRulesThatSaySo() {
    #expect(
      RuleRegistry.blockingGeneration
        == RuleRegistry.all.filter { $0.blocksGeneration }.map { $0.id })
    #expect(
      RuleRegistry.moduleRules.map { $0.id }
        == RuleRegistry.all.filter { $0 is any ModuleRule.Type }.map { $0.id })
  }
}
