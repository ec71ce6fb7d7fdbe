import Foundation
import Testing

/// `lint: { ignore: [...] }` at the top of a file and on a type, end to end through the
/// real binary: what each covers, what it does not, and its unused entries.
@Suite struct SuppressionScopeTests {
  /// A file with an unreachable screen (`Lost`) and an unused type (`Unused`).
  static func flow(fileLint: String = "", typeLint: String = "") -> String {
    """
    version: 1
    \(fileLint)types:
      Unused:
        \(typeLint)struct: { name: String }
    coordinators:
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { next: stay } }
          Lost: { on: { next: stay } }

    """
  }

  @Test func withoutSuppressionsBothFindingsAreReported() throws {
    let result = try flowc(["check", "-"], input: Self.flow())
    #expect(result.stdout.contains("[unreachable-screen]"))
    #expect(result.stdout.contains("[unused-type]"))
  }

  @Test func aFileLevelIgnoreCoversEveryFindingInTheFile() throws {
    let lint = "lint: { ignore: [unreachable-screen, unused-type] }\n"
    let result = try flowc(["check", "--strict", "-"], input: Self.flow(fileLint: lint))
    #expect(result.stdout == "")
    #expect(result.status == 0)
  }

  @Test func aFileLevelIgnoreCoversOnlyItsOwnFile() throws {
    let directory = try TemporaryDirectory(files: [
      "flows/a.flow.yaml": "version: 1\nlint: { ignore: [unreachable-screen] }\n",
      "flows/b.flow.yaml": Self.flow(),
    ])
    defer { directory.cleanUp() }
    let result = try flowc(["check"], in: directory.url)
    #expect(result.stdout.contains("flows/b.flow.yaml:11:7: warning: screen 'Lost'"))
    #expect(
      result.stdout.contains(
        "flows/a.flow.yaml:2:18: warning: 'lint: ignore' of 'unreachable-screen' suppresses "
          + "nothing here; remove it [unused-suppression]"))
  }

  @Test func anIgnoreOnATypeCoversFindingsInsideIt() throws {
    let result = try flowc(
      ["check", "-"], input: Self.flow(typeLint: "lint: { ignore: [unused-type] }\n    "))
    #expect(!result.stdout.contains("[unused-type]"))
    #expect(result.stdout.contains("[unreachable-screen]"))
  }

  @Test func anUnusedIgnoreOnATypeIsReported() throws {
    let result = try flowc(
      ["check", "-"],
      input: Self.flow(typeLint: "lint: { ignore: [unused-type, cannot-finish] }\n    "))
    #expect(!result.stdout.contains("[unused-type]"))
    #expect(
      result.stdout.contains(
        "<stdin>:4:35: warning: 'lint: ignore' of 'cannot-finish' suppresses nothing here"))
  }

  @Test func anUnknownRuleInAFileLevelIgnoreIsAnUnknownReference() throws {
    let lint = "lint: { ignore: [unreachable-scren] }\n"
    let result = try flowc(["check", "-"], input: Self.flow(fileLint: lint))
    #expect(result.status == 1)
    #expect(
      result.stdout.contains(
        "<stdin>:2:18: error: unknown rule 'unreachable-scren' in 'lint: ignore'; did you mean "
          + "'unreachable-screen'? [unknown-reference]"))
  }

  @Test func aTypeStillNeedsStructOrEnumBesideItsLint() throws {
    let result = try flowc(
      ["check", "-"],
      input: "version: 1\ntypes:\n  Empty: { lint: { ignore: [unused-type] } }\n")
    #expect(result.status == 1)
    #expect(result.stdout.contains("type 'Empty' needs 'struct' or 'enum' [schema]"))
  }
}
