import FlowCore
import Testing

/// The graph rules of spec section 8 on small modules: what triggers each, and the near
/// misses that must not.
@Suite struct GraphRulesTests {
  /// The findings of `rule` as `line:column` strings.
  private func places(_ text: String, _ rule: RuleID) throws -> [String] {
    try check(text).of(rule).map { "\($0.line):\($0.column)" }
  }

  // MARK: Reachability

  @Test func islandsThatPointAtEachOtherAreStillUnreachable() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { next: stay } }
            A: { on: { next: { push: B } } }
            B: { on: { next: { push: A }, back: pop } }
        """))
    #expect(
      described(findings, rule: "unreachable-screen") == [
        "8:7 screen 'A' cannot be reached from its start 'Home' in coordinator 'App' [unreachable-screen]",
        "9:7 screen 'B' cannot be reached from its start 'Home' in coordinator 'App' [unreachable-screen]",
      ])
  }

  @Test func handlersOfChildrenAndTabsReachScreens() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          tabs:
            - start: Feed
              on: { promoted: { present: Promo } }
          screens:
            Promo: { on: { close: dismiss, more: { start: Feed, style: present, on: { promoted: { present: Deep } } } } }
            Deep: { on: { close: dismiss } }
        Feed:
          result: { promoted: ~ }
          start: List
          screens:
            List: { on: { promote: { finish: promoted } } }
        """))
    #expect(findings.isEmpty, "\(described(findings))")
  }

  @Test func aBrokenActionSilencesReachability() throws {
    let findings = try check(
      flow(
        "App:\n  entry: true\n  start: Home\n  screens:\n    Home: { on: { next: { push: Nowhere } } }\n    Other: {}"
      ))
    #expect(findings.rules == ["unknown-reference"])
  }

  // MARK: Orphans and cycles

  @Test func onlyStartsOnReachableNodesAttachACoordinator() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { a: { start: Used, on: { done: stay } } } }
        Used:
          result: { done: ~ }
          start: S
          screens:
            S: { on: { done: { finish: done } } }
            Dead: { on: { x: { start: Orphan, on: { done: stay } } } }
        Orphan:
          result: { done: ~ }
          start: S
          screens:
            S: { on: { done: { finish: done } } }
        """))
    #expect(findings.rules.sorted() == ["orphaned-coordinator", "unreachable-screen"])
    #expect(findings.of("orphaned-coordinator").first?.line == 14)
  }

  @Test func withoutAnEntryACoordinatorNobodyStartsIsOrphaned() throws {
    let findings = try check(
      flow(
        """
        Library:
          start: S
          screens:
            S: { on: { a: { start: Part, on: { done: stay } } } }
        Part:
          result: { done: ~ }
          start: S
          screens:
            S: { on: { done: { finish: done } } }
        """))
    #expect(
      described(findings) == [
        "3:3 coordinator 'Library' is never started: no other coordinator starts it, and the module has no entry coordinator [orphaned-coordinator]"
      ])
  }

  @Test func aCycleIsOneFindingAtItsFirstStart() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { a: { start: A, on: { done: stay } } } }
        A:
          result: { done: ~ }
          start: S
          screens:
            S: { on: { b: { start: B, on: { done: stay } }, done: { finish: done } } }
        B:
          result: { done: ~ }
          start: S
          screens:
            S: { on: { c: { start: C, on: { done: stay } }, done: { finish: done } } }
        C:
          result: { done: ~ }
          start: S
          screens:
            S: { on: { a: { start: A, on: { done: stay } }, self: { start: C, style: present, on: { done: stay } }, done: { finish: done } } }
        """))
    #expect(
      described(findings) == [
        "12:23 coordinators 'A', 'B' and 'C' start each other in a cycle (A → B → C → A), so they can nest without bound [coordinator-cycle]"
      ])
  }

  @Test func aCoordinatorStartingItselfIsACycle() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { again: { start: App } } }
        """))
    #expect(
      findings.of("coordinator-cycle").map(\.message) == [
        "coordinator 'App' starts itself (App → App), so they can nest without bound"
      ])
  }

  // MARK: Results

  @Test func everyResultCaseNeedsAHandlerButTabChildrenMayHaveNoResult() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          result: { out: ~ }
          tabs:
            - start: Feed
            - start: Profile
              on: { loggedOut: { finish: out } }
        Feed:
          start: List
          screens: { List: { on: { refresh: stay } } }
        Profile:
          result: { loggedOut: ~, deleted: ~, paused: ~ }
          start: Me
          screens:
            Me: { on: { a: { finish: loggedOut }, b: { finish: deleted }, c: { finish: paused } } }
        """))
    #expect(
      described(findings) == [
        "8:9 'Profile' can finish with 'deleted' and 'paused', which this start does not handle [unhandled-result]"
      ])
  }

  @Test func aChildWithoutReachableFinishNeverFinishes() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { a: { start: Loop, style: fullScreen, on: { done: stay } }, b: { start: Plain, style: fullScreen } } }
        Loop:
          result: { done: ~ }
          start: S
          screens:
            S: { on: { next: { push: T } } }
            T: { on: { back: pop } }
            Never: { on: { done: { finish: done } } }
        Plain:
          start: S
          screens: { S: { on: { x: stay } } }
        """))
    #expect(
      findings.of("never-finishes").map(\.line) == [8, 15], "\(described(findings))")
  }

  @Test func loopsThatCanStillFinishAreFine() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { a: { start: Wizard, on: { done: stay } } } }
        Wizard:
          result: { done: ~ }
          start: One
          screens:
            One: { on: { next: { push: Two }, done: { finish: done } } }
            Two: { on: { next: { push: Three }, back: pop } }
            Three: { on: { again: { push: Two }, back: pop, check: { decide: Valid } } }
            Sheet: { on: { close: dismiss } }
          decisions:
            Valid: { cases: { yes: { present: Sheet }, no: pop } }
        """))
    #expect(findings.isEmpty, "\(described(findings))")
  }

  @Test func aTrapAfterReplaceCannotFinish() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { a: { start: Wizard, style: fullScreen, on: { done: stay } } } }
        Wizard:
          result: { done: ~ }
          start: One
          screens:
            One: { on: { next: { replace: Two }, done: { finish: done } } }
            Two: { on: { next: { push: Three } } }
            Three: { on: { back: pop } }
        """))
    #expect(findings.of("cannot-finish").map(\.line) == [13, 14], "\(described(findings))")
    #expect(findings.rules.allSatisfy { $0 == "cannot-finish" })
  }

  @Test func unusedResultCasesOfInlineResultsAndEnumTypes() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home:
              on:
                a: { start: A, on: { ok: stay, never: stay } }
                b: { start: B, on: { done: stay, failed: stay } }
                c: { start: C, on: { done: stay, failed: stay } }
        A:
          result: { ok: ~, never: ~ }
          start: S
          screens:
            S: { on: { ok: { finish: ok } } }
            Unreached: { on: { never: { finish: never } } }
        B:
          result: Outcome
          start: S
          screens: { S: { on: { ok: { finish: done } } } }
        C:
          result: Outcome
          start: S
          screens: { S: { on: { ok: { finish: done } } } }
        """, types: "Outcome: { enum: { done: ~, failed: ~ } }"))
    #expect(
      described(findings).filter { !$0.contains("unreachable-screen") } == [
        "3:31 case 'failed' of result type 'Outcome' is never produced: no coordinator with this result finishes with it [unused-result-case]",
        "15:22 result case 'never' of coordinator 'A' is never produced by a reachable 'finish' [unused-result-case]",
      ])
  }

  /// A case that a start leaves without a handler is that start's `unhandled-result`, and not
  /// also `unused-result-case` at the case: one mistake, one finding. Handled everywhere, the
  /// case that nothing produces is reported again.
  @Test func aCaseAStartLeavesUnhandledIsNotAlsoUnused() throws {
    let module = """
      App:
        entry: true
        start: Home
        screens:
          Home:
            on:
              a: { start: A, on: { ok: stay } }
              b: { start: B, on: { done: stay } }
      A:
        result: { ok: ~, cancelled: ~ }
        start: S
        screens: { S: { on: { ok: { finish: ok } } } }
      B:
        result: Outcome
        start: S
        screens: { S: { on: { ok: { finish: done } } } }
      """
    let types = "Outcome: { enum: { done: ~, failed: ~ } }"
    #expect(
      described(try check(flow(module, types: types))) == [
        "11:16 'A' can finish with 'cancelled', which this start does not handle [unhandled-result]",
        "12:16 'B' can finish with 'failed', which this start does not handle [unhandled-result]",
      ])
    let handled = module.replacingOccurrences(of: "ok: stay }", with: "ok: stay, cancelled: stay }")
      .replacingOccurrences(of: "done: stay }", with: "done: stay, failed: stay }")
    #expect(
      described(try check(flow(handled, types: types))) == [
        "3:31 case 'failed' of result type 'Outcome' is never produced: no coordinator with this result finishes with it [unused-result-case]",
        "14:22 result case 'cancelled' of coordinator 'A' is never produced by a reachable 'finish' [unused-result-case]",
      ])
  }

  // MARK: Back actions

  @Test func popBackIntoAPushingScreenIsFine() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { a: { push: Detail }, b: { decide: Route } } }
            Detail: { on: { back: pop } }
            Other: { on: { back: pop } }
          decisions:
            Route: { cases: { other: { push: Other } } }
        """))
    #expect(findings.isEmpty, "\(described(findings))")
  }

  @Test func theFirstScreenOfEachKindOfRoot() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home:
              on:
                back: pop
                modal: { start: Modal, style: present, on: { done: stay } }
                pushed: { start: Pushed, on: { done: stay } }
                sheet: { present: Sheet }
                swap: { replace: Swapped }
            Sheet: { on: { back: pop, close: dismiss } }
            Swapped: { on: { back: pop, close: dismiss } }
        Modal:
          result: { done: ~ }
          start: M
          screens:
            M: { on: { back: pop, close: dismiss, done: { finish: done } } }
        Pushed:
          result: { done: ~ }
          start: P
          screens:
            P: { on: { back: pop, close: dismiss, done: { finish: done } } }
        """))
    #expect(
      described(findings) == [
        "9:17 'pop' on screen 'Home' can never happen: it is the bottom of a navigation stack there, with nothing of 'App' below [invalid-back]",
        "14:28 'pop' on screen 'Sheet' can never happen: it is only shown by 'present', at the root of a modal stack [invalid-back]",
        "15:30 'pop' on screen 'Swapped' can never happen: it is the bottom of a navigation stack there, with nothing of 'App' below [invalid-back]",
        "15:42 'dismiss' on screen 'Swapped' can never happen: the screen is never in a modal stack [invalid-back]",
        "20:24 'pop' on screen 'M' can never happen: it is the bottom of a navigation stack there, with nothing of 'Modal' below [invalid-back]",
        "20:36 'dismiss' on screen 'M' closes a modal stack presented from outside 'Modal' without finishing it: generated code drops it, but a hand-written coordinator that removes children only when they finish would leak it; finish with a result instead, or say what leaving means with 'leave' [back-leak]",
        "25:24 'pop' on screen 'P' goes back into the parent of push-style child 'Pushed' without finishing it: generated code drops it, but a hand-written coordinator that removes children only when they finish would leak it; finish with a result instead, or say what leaving means with 'leave' [back-leak]",
        "25:36 'dismiss' on screen 'P' can never happen: the screen is never in a modal stack [invalid-back]",
      ])
  }

  @Test func aChildStartedFromTwoPlacesWithDifferentStylesIsJudgedInBoth() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home:
              on:
                pushed: { start: Editor, on: { done: stay } }
                presented: { start: Editor, style: present, on: { done: stay } }
        Editor:
          result: { done: ~ }
          start: Form
          screens:
            Form: { on: { back: pop, close: dismiss, done: { finish: done } } }
        """))
    // Each back action leaks in one way and cannot happen in the other: a leak, never
    // "invalid".
    #expect(findings.rules == ["back-leak", "back-leak"], "\(described(findings))")
  }

  @Test func aBackActionFineInOneWayIsNotReported() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { a: { push: Shared }, b: { present: Shared } } }
            Shared: { on: { back: pop, close: dismiss } }
        """))
    #expect(findings.isEmpty, "\(described(findings))")
  }

  @Test func dismissInAChildPushedOntoAModalScreenLeaks() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { sheet: { present: Sheet } } }
            Sheet: { on: { close: dismiss, edit: { start: Editor, on: { done: stay } } } }
        Editor:
          result: { done: ~ }
          start: Form
          screens:
            Form: { on: { done: { finish: done }, next: { push: More } } }
            More: { on: { close: dismiss, back: pop } }
        """))
    #expect(
      described(findings) == [
        "14:28 'dismiss' on screen 'More' closes a modal stack presented from outside 'Editor' without finishing it: generated code drops it, but a hand-written coordinator that removes children only when they finish would leak it; finish with a result instead, or say what leaving means with 'leave' [back-leak]"
      ])
  }

  @Test func aStartDecisionSitsOnWhateverIsBelow() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          start: Launch
          decisions:
            Launch: { cases: { a: { push: First }, b: { start: Child, on: { done: stay } }, c: pop } }
          screens:
            First: { on: { back: pop } }
        Child:
          result: { done: ~ }
          start: C
          screens:
            C: { on: { back: pop, done: { finish: done } } }
        """))
    // The start decision's own pop is not checked; what it shows is at the root of the
    // app's stack, so both pops can never happen.
    #expect(findings.rules == ["invalid-back", "invalid-back"], "\(described(findings))")
    #expect(findings.map(\.line) == [9, 14])
  }

  @Test func aCoordinatorNobodyStartsOnlyGetsWhatHoldsInEveryContext() throws {
    let findings = try check(
      flow(
        """
        Lonely:
          start: First
          screens:
            First: { on: { back: pop, close: dismiss, sheet: { present: Sheet } } }
            Sheet: { on: { back: pop, close: dismiss } }
        """))
    #expect(
      described(findings).filter { !$0.contains("orphaned") } == [
        "7:28 'pop' on screen 'Sheet' can never happen: it is only shown by 'present', at the root of a modal stack [invalid-back]"
      ])
  }

  @Test func tabHandlersRunWhereThereIsNoStack() throws {
    let findings = try check(
      flow(
        """
        Main:
          entry: true
          tabs:
            - start: Feed
              on: { a: pop, b: { push: S }, c: { present: S }, d: { start: Feed, on: { a: stay, b: stay, c: stay, d: stay } } }
          screens:
            S: { on: { close: dismiss } }
        Feed:
          result: { a: ~, b: ~, c: ~, d: ~ }
          start: L
          screens:
            L: { on: { a: { finish: a }, b: { finish: b }, c: { finish: c }, d: { finish: d } } }
        """))
    #expect(
      findings.filter { $0.rule == "schema" }.map(\.column) == [18, 28, 63],
      "\(described(findings))")
  }
}
