import FlowCore
import Testing

/// `invalid-name` for names that could not become files or would hide a module's names.
@Suite struct NameBoundsTests {
  @Test func aNameLongerThanTheBoundIsAFindingOfEveryKind() throws {
    let long = "A" + String(repeating: "b", count: InvalidNameRule.maxNameLength)
    let findings = try check(
      flow(
        """
        \(long):
          entry: true
          start: \(long)
          screens:
            \(long): { on: { \(long.lowercased()): stay } }
        """, types: "\(long): external"))
    let invalid = findings.of("invalid-name")
    #expect(invalid.count == 4)
    #expect(
      invalid.first?.message
        == "type name '\(long.prefix(32))…' is 129 characters long; a name may have at most 128")
  }

  @Test func aNameOfExactlyTheBoundIsFine() throws {
    let name = "A" + String(repeating: "b", count: InvalidNameRule.maxNameLength - 1)
    let findings = try check(
      flow("\(name):\n  entry: true\n  start: Home\n  screens:\n    Home: { on: { next: stay } }"))
    #expect(findings.of("invalid-name").isEmpty)
  }

  @Test func theBoundKeepsEveryGeneratedFileNameWithinTheFileSystemLimit() {
    // `<Name>Coordinator.swift`, and its temporary twin, in bytes (names are ASCII).
    #expect(InvalidNameRule.maxNameLength + "Coordinator.swift".utf8.count + 64 <= 255)
  }

  @Test func modulesTheGeneratedCodeQualifiesWithAreNotNames() throws {
    for module in ["Swift", "FlowRuntime", "Foundation"] {
      let findings = try check(
        flow(
          "App:\n  entry: true\n  start: Home\n  screens:\n    Home: { input: \(module), on: { next: stay } }",
          types: "\(module): { struct: { name: String } }"))
      #expect(
        described(findings, rule: "invalid-name") == [
          "3:3 type name '\(module)' is the name of a module generated code uses; choose another name [invalid-name]"
        ])
    }
  }
}
