import FlowCore
import Foundation
import Testing

/// The lists of rules not written by `make lists` (``RuleListsTests``) are tested against
/// ``RuleRegistry``, so that a rule forgotten in one of them fails here rather than silently.
@Suite struct RuleRegistryTests {
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
