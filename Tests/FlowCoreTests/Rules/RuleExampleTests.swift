import FlowCore
import Testing

/// Runs every rule's own examples: each triggering example must give exactly the marked
/// findings of its rule, and each passing example none.
@Suite struct RuleExampleTests {
  static let cases: [(String, Int)] = RuleRegistry.all.flatMap { rule in
    rule.examples.indices.map { (rule.id.rawValue, $0) }
  }

  @Test(arguments: cases)
  func example(rule id: String, index: Int) throws {
    let rule = try #require(RuleRegistry.rule(RuleID(rawValue: id)))
    let example = rule.examples[index]
    let module = MarkedModule(example.files)
    let findings = try Pipeline.check(module.files.map { .source($0) }).findings.of(rule.id)
    let found = findings.map(Place.init).sorted()
    switch example.kind {
    case .triggering:
      #expect(!module.marks.isEmpty, "a triggering example needs a ↓ marker")
      #expect(found == module.marks.sorted(), "\(described(findings))")
    case .passing:
      #expect(module.marks.isEmpty, "a passing example has no ↓ marker")
      #expect(found.isEmpty, "\(described(findings))")
    }
  }

  @Test func everyRuleHasBothKindsOfExample() {
    for rule in RuleRegistry.all {
      #expect(rule.examples.contains { $0.kind == .triggering }, "\(rule.id)")
      #expect(rule.examples.contains { $0.kind == .passing }, "\(rule.id)")
      #expect(!rule.summary.isEmpty && !rule.rationale.isEmpty, "\(rule.id)")
    }
  }

  @Test func idsAreUniqueAndKebabCase() {
    let ids = RuleRegistry.ids.map(\.rawValue)
    #expect(Set(ids).count == ids.count)
    for id in ids {
      #expect(id.allSatisfy { $0.isLowercase || $0 == "-" }, "\(id)")
    }
  }
}
