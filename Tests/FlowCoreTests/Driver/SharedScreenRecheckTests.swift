import Foundation
import Testing

@testable import FlowCore

/// The language server's check after an edit (``Recheck``) on a module with shared screens
/// (FLOW-SPEC 13.2): which shared screens a coordinator copies depends on its actions, and
/// what is found in a copy is placed in another file, so an edit checks the module again
/// whole and finds what a whole check finds.
@Suite struct SharedScreenRecheckTests {
  private static let module = [
    "a.flow.yaml": """
    version: 1
    screens:
      Profile: { on: { next: { push: Nope }, back: pop } }
    """,
    "b.flow.yaml": """
    version: 1
    coordinators:
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { profile: { push: Profile }, other: { push: Other } } }
          Other: { on: { back: pop } }
    """,
  ]

  private static func check(_ recheck: inout Recheck, _ texts: [String: String]) -> CheckResult {
    recheck.check(
      parsed: texts.sorted { $0.key < $1.key }.map {
        Pipeline.parse([.source(SourceFile(path: $0.key, text: $0.value))])[0]
      }, configuration: Configuration())
  }

  @Test func anEditOfWhereAnActionLeadsFindsWhatAWholeCheckFinds() throws {
    var recheck = Recheck()
    var texts = Self.module
    let first = Self.check(&recheck, texts)
    #expect(
      described(first.findings) == [
        "3:34 shared screen 'Nope' does not exist (in coordinator 'App') [unknown-reference]"
      ])
    // App no longer shows Profile: its copy is gone, and the missing name is found in the
    // shared screen itself, naming no owner.
    texts["b.flow.yaml"] = texts["b.flow.yaml"]?.replacingOccurrences(
      of: "push: Profile", with: "push: Other")
    let again = Self.check(&recheck, texts)
    let whole = try Pipeline.check(
      texts.sorted { $0.key < $1.key }.map { .source(SourceFile(path: $0.key, text: $0.value)) })
    #expect(described(again.findings) == described(whole.findings))
    #expect(
      described(again.findings) == [
        "3:3 shared screen 'Profile' cannot be shown: no coordinator reaches it from a node it "
          + "can reach [unreachable-screen]",
        "3:34 shared screen 'Nope' does not exist [unknown-reference]",
      ])
    #expect(recheck.checkedAgain == nil)
  }
}
