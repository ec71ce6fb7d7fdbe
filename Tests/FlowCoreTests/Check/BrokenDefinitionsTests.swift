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

  @Test func whatOnlyABrokenScreenReachesGetsNoFindings() throws {
    // 'Other' is reached only through the broken 'Home': its impossible 'dismiss', its
    // misspelt push and its unhandled start are not reported, and 'Kid', started only
    // there, does not count as started (it would never finish).
    let findings = try check(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { next: { push: Other, present: Detail } } }
            Other: { on: { close: dismiss, go: { push: Nowhere }, kid: { start: Kid } } }
            Detail: { on: { close: dismiss } }
        Kid:
          result: { done: ~ }
          start: K
          screens:
            K: { systemBack: false, on: { wait: stay } }
      """)
    #expect(placed(findings) == ["a.flow.yaml:7:42 [schema]"], "\(described(findings))")
  }

  @Test func whatOnlyABrokenDecisionReachesGetsNoFindings() throws {
    // The broken decision 'Route' is the only way to 'Deep', and 'Deep' the only way to the
    // alert 'Sure': neither is checked, however deep.
    let findings = try check(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { ask: { decide: Route } } }
            Deep: { on: { close: dismiss, more: { alert: Sure } } }
          decisions:
            Route: { cases: { deep: { push: Deep, docs: x } } }
          alerts:
            Sure: { on: { go: { push: Missing }, back: dismiss, pay: { payload: Int, finish: paid } } }
      """)
    #expect(placed(findings) == ["a.flow.yaml:10:45 [schema]"], "\(described(findings))")
  }

  @Test func whatOnlyABrokenAlertReachesInAChildGetsNoFindings() throws {
    // In a child: the broken alert's button presents 'Page', whose 'pop' can never happen
    // and whose start of 'Kid' handles nothing; 'Kid' is started only there.
    let findings = try check(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { go: { start: Shop, on: { done: stay } } } }
        Shop:
          result: { done: ~ }
          start: List
          screens:
            List: { on: { buy: { finish: done }, ask: { alert: Sure } } }
            Page: { on: { up: pop, kid: { start: Kid } } }
          alerts:
            Sure: { on: { more: { present: Page }, keep: stay, keep: stay } }
        Kid:
          result: { done: ~ }
          start: K
          screens:
            K: { on: { done: { finish: done } } }
      """)
    #expect(placed(findings) == ["a.flow.yaml:15:58 [schema]"], "\(described(findings))")
  }

  @Test func whatOnlyAnUnreachableBrokenScreenLeadsToIsStillUnreachable() throws {
    // 'Lost' is broken and unreachable: whatever it lost, 'Beyond' cannot be reached.
    let findings = try check(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { like: stay } }
            Lost: { on: { next: { push: Beyond, present: Home } } }
            Beyond: { on: { close: dismiss } }
      """)
    #expect(
      placed(findings) == ["a.flow.yaml:8:43 [schema]", "a.flow.yaml:9:7 [unreachable-screen]"],
      "\(described(findings))")
  }

  @Test func aScreenAlsoReachedWithoutTheBrokenOneIsStillChecked() throws {
    // A broken start screen would hide the whole coordinator: here the broken screen is not
    // the start.
    let findings = try check(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { hub: { push: Hub }, plain: { push: Other } } }
            Hub: { on: { next: { push: Other, present: Detail } } }
            Other: { on: { close: dismiss } }
            Detail: { on: { close: dismiss, up: pop } }
      """)
    // 'Other' is reached from 'Home' too; 'Detail' only through the broken 'Hub'.
    #expect(
      placed(findings) == ["a.flow.yaml:8:41 [schema]", "a.flow.yaml:9:29 [invalid-back]"],
      "\(described(findings))")
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
