import FlowCore
import Testing

/// A broken definition causes no findings of other rules (spec section 8, "Where findings
/// go"): a later duplicate, a node or type with a `schema` error, and what only such a node
/// would reach or start get the one finding that says what is wrong, and nothing else.
@Suite struct BrokenDefinitionsTests {
  /// The rules of the findings, with where they are, for readable failures.
  private func placed(_ findings: [Finding]) -> [String] {
    findings.map { "\($0.file):\($0.line):\($0.column) [\($0.rule)]" }
  }

  @Test func aLaterDuplicateCoordinatorGetsOnlyItsDuplicateName() throws {
    let findings = try check([
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { go: { start: Child, on: { done: stay } } } }
        Child:
          start: C
          result: { done: ~ }
          screens:
            C: { on: { ok: { finish: done } } }
      """,
      """
      version: 1
      coordinators:
        Child:
          start: D
          screens:
            D: { on: { next: { push: E } } }
            E: { on: { next: { push: Nowhere }, back: pop } }
            Island: { on: { back: pop } }
      """,
    ])
    // Not orphaned, no unknown reference, no unreachable island: only the duplicate.
    #expect(placed(findings) == ["b.flow.yaml:3:3 [duplicate-name]"])
  }

  @Test func aLaterDuplicateTypeIsNotUnused() throws {
    let findings = try check([
      """
      version: 1
      types:
        Money: { struct: { amount: Int } }
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { pick: { payload: Money, push: Detail } } }
            Detail: { input: Money, on: { back: pop } }
      """,
      """
      version: 1
      types:
        Money: { struct: { cents: Int } }
      """,
    ])
    #expect(placed(findings) == ["b.flow.yaml:3:3 [duplicate-name]"])
  }

  @Test func aDecisionWithAScreensNameIsNotUnreachable() throws {
    let findings = try check(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { next: stay } }
          decisions:
            Home: { cases: { yes: { push: Missing } } }
      """)
    #expect(placed(findings) == ["a.flow.yaml:9:7 [duplicate-name]"])
  }

  @Test func aScreenWithASchemaErrorGetsOnlyThatError() throws {
    // `{ pop: Home }` is a schema error (pop takes no value); the `pop` kept from it would
    // also be an invalid back on the first screen, and the misspelt target an unknown
    // reference.
    let findings = try check(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { back: { doc: x, pop: Home }, next: { push: Nowher } } }
      """)
    #expect(placed(findings) == ["a.flow.yaml:7:42 [schema]"])
  }

  @Test func aBrokenTypeIsNotUnused() throws {
    let findings = try check(
      """
      version: 1
      types:
        Money: { struct: { amount: Int }, enum: { a: ~ } }
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { next: stay } }
      """)
    #expect(findings.map(\.rule) == ["schema"])
  }

  @Test func aChildStartedOnlyFromABrokenScreenDoesNotCountAsStarted() throws {
    // The start of 'Child' is on a screen with a schema error: 'Child' would never finish
    // and its result is unhandled, but it counts as not started, and is not orphaned.
    let findings = try check(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { go: { start: Child }, bad: { push: Home, present: Home } } }
        Child:
          start: C
          result: { done: ~ }
          screens:
            C: { on: { next: stay } }
      """)
    #expect(findings.map(\.rule) == ["schema"])
  }

  @Test func whatABrokenScreenMayHaveReachedIsNotUnreachable() throws {
    // The second action of 'Home' is lost: 'Detail' may well be reached by it.
    let findings = try check(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { next: { push: Other, present: Detail } } }
            Other: { on: { back: pop } }
            Detail: { on: { close: dismiss } }
      """)
    #expect(placed(findings) == ["a.flow.yaml:7:42 [schema]"])
  }

  @Test func aMergeKeyThatMergesNoMappingIsOneFinding() throws {
    // The 'start' it might have given is not reported missing.
    let findings = try check(
      """
      version: 1
      coordinators:
        Shop:
          entry: true
          <<: start
          screens:
            A: { on: { next: stay } }
      """)
    #expect(placed(findings) == ["a.flow.yaml:5:9 [schema]"])
  }

  @Test func aCoordinatorWithASchemaErrorInItsOwnKeysIsStillChecked() throws {
    let findings = try check(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          colour: blue
          screens:
            Home: { on: { next: stay } }
            Island: { on: { next: stay } }
      """)
    #expect(
      placed(findings) == ["a.flow.yaml:6:5 [schema]", "a.flow.yaml:9:7 [unreachable-screen]"])
  }
}
