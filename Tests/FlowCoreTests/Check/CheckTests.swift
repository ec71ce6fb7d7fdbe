import FlowCore
import Testing

/// What the check does after the rules: `lint: ignore` suppressions (spec section 8) and
/// the configuration's severities.
@Suite struct CheckTests {
  @Test func lintIgnoreCoversTheNodeAndUnusedEntriesAreReported() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { next: stay } }
            Old:
              lint: { ignore: [unreachable-screen, unused-type] }
        """))
    #expect(
      described(findings) == [
        "9:46 'lint: ignore' of 'unused-type' suppresses nothing here; remove it [unused-suppression]"
      ])
  }

  @Test func configurationChangesSeveritiesAndTurnsRulesOff() throws {
    var configuration = Configuration()
    try configuration.set("unreachable-screen=error")
    try configuration.set("unused-type=off")
    let text = flow(
      "App:\n  entry: true\n  start: Home\n  screens:\n    Home: {}\n    Old: {}",
      types: "X: external")
    let findings = try Pipeline.check(
      [.source(SourceFile(path: "a.flow.yaml", text: text))], configuration: configuration
    ).findings
    #expect(findings.map { "\($0.rule) \($0.severity)" } == ["unreachable-screen error"])
  }
}
