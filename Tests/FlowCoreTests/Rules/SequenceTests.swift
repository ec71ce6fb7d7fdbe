import FlowCore
import Testing

/// Sequences of actions (spec r3, section 13.1): read in the list form and the `do` form with
/// exact positions, the schema's rules on which element stands where, each element acting on
/// the place the one before leads to in the checks, and the back element that is not the
/// last.
@Suite struct SequenceTests {
  private func decode(_ text: String) -> (FlowFile?, [Finding]) {
    var findings = Findings()
    let source = SourceFile(path: "a.flow.yaml", text: text)
    let document = YAMLParser.parse(source, findings: &findings)
    let file = FileDecoder.decode(document, path: "a.flow.yaml", findings: &findings)
    return (file, findings.all)
  }

  // MARK: Reading

  @Test func aListAndDoAreSequencesWhoseElementsKeepTheirPlaces() throws {
    let (file, findings) = decode(
      flow(
        """
        App:
          start: A
          screens:
            A:
              on:
                swap: [dismiss, { push: B, doc: Over the list. }]
                open:
                  payload: Int
                  doc: Opens B twice.
                  do: [popToRoot, { push: B }, { push: B }]
            B: { on: { back: pop } }
        """))
    #expect(findings.isEmpty, "\(described(findings))")
    let events = try #require(file?.coordinators.first?.screens.first?.events)
    #expect(events.map(\.action.keyword) == ["do", "do"])
    #expect(events[0].action.elements.map(\.keyword) == ["dismiss", "push"])
    #expect(events[1].action.elements.map(\.keyword) == ["popToRoot", "push", "push"])
    #expect(events[1].payload?.type == .named("Int"))
    #expect(events[1].doc == "Opens B twice.")
    // The list form is placed at the list, the `do` form at its key; each element at its own
    // scalar or action key.
    #expect(events[0].action.range.start.line == 8)
    #expect(events[0].action.range.start.column == 17)
    #expect(events[1].action.range.start.line == 12)
    #expect(events[1].action.range.start.column == 13)
    let elements = events[0].action.elements
    #expect(elements.map(\.range.start.column) == [18, 29])
  }

  @Test func aSequenceOfOneElementIsThatAction() throws {
    let (file, findings) = decode(
      flow(
        """
        App:
          start: A
          screens:
            A: { on: { next: [{ push: A }], done: { do: [pop], payload: Int } } }
        """))
    #expect(findings.isEmpty, "\(described(findings))")
    let events = try #require(file?.coordinators.first?.screens.first?.events)
    #expect(events.map(\.action.keyword) == ["push", "pop"])
    #expect(events.map(\.action.isSequence) == [false, false])
  }

  @Test func anEmptyOrNestedSequenceOrAnElementsPayloadIsASchemaFinding() {
    let (_, findings) = decode(
      flow(
        """
        App:
          start: A
          screens:
            A:
              on:
                a: []
                b: { do: [] }
                c: [pop, [dismiss, pop]]
                d: [pop, { do: [pop, pop] }]
                e: [pop, { push: A, payload: Int }]
                f: { do: pop }
        """))
    #expect(
      described(findings) == [
        "8:14 event 'a' has an empty list of actions; write two or more actions in it, or one action without a list [schema]",
        "9:20 event 'b' has an empty list of actions; write two or more actions in it, or one action without a list [schema]",
        "10:20 a sequence cannot hold another sequence; write its actions in the outer list [schema]",
        "11:22 a sequence cannot hold another sequence; write its actions in the outer list [schema]",
        "12:31 an action in a sequence takes no 'payload': the step's own ('payload' beside 'do') is every action's [schema]",
        "13:20 'do' takes a list of actions, such as '[dismiss, { push: Screen }]', not a scalar [schema]",
      ])
  }

  @Test func onlyBackActionsAndScreensComeBeforeOthersAndStayDoesNotEnd() {
    let (_, findings) = decode(
      flow(
        """
        App:
          start: A
          result: { done: ~ }
          screens:
            A:
              on:
                a: [{ finish: done }, pop]
                b: [stay, pop]
                c: [pop, stay]
                d: [{ push: A }, { present: A }, { replace: A }, pop, popToRoot, dismiss, { finish: done }]
        """))
    #expect(
      described(findings) == [
        "9:17 'finish' cannot come before other actions in a sequence: only 'pop', 'popToRoot', 'dismiss', 'push', 'present' and 'replace' can; make it the last [schema]",
        "10:15 'stay' cannot come before other actions in a sequence: only 'pop', 'popToRoot', 'dismiss', 'push', 'present' and 'replace' can; make it the last [schema]",
        "11:20 a sequence cannot end with 'stay', which does nothing; remove it [schema]",
      ])
  }

  @Test func elementsAreReadWithDidYouMean() {
    let (_, findings) = decode(
      flow(
        """
        App:
          start: A
          screens:
            A: { on: { a: [dismis, { push: A }], b: [pop, { psh: A }] } }
        """))
    #expect(
      described(findings) == [
        "6:22 'dismis' is not an action; did you mean 'dismiss'? [schema]",
        "6:55 unknown key 'psh' in an action in the sequence of event 'b'; did you mean 'push'? [schema]",
        "6:53 event 'b' needs an action: one of 'push', 'present', 'replace', 'decide', 'alert', 'finish', 'start', 'select', 'request', 'show', 'pop', 'popToRoot', 'dismiss', 'stay' or 'do' [schema]",
      ])
  }

  /// A handler's case is the handler's, not each element's: a misspelt case whose action is
  /// a sequence is one finding, and a misspelt element beside it one more.
  @Test func aMisspeltHandlerCaseWithASequenceIsOneFinding() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home:
              on:
                go: { start: Child, style: sheet, on: { doen: [{ push: Next }, { push: Nxt }], done: stay } }
            Next: { on: { back: pop } }
        Child:
          result: { done: ~ }
          start: A
          screens:
            A: { on: { end: { finish: done } } }
        """))
    #expect(
      described(findings.filter { $0.rule == "unknown-reference" }) == [
        "9:51 coordinator 'Child' has no result case 'doen'; did you mean 'done'? [unknown-reference]",
        "9:82 screen 'Nxt' does not exist in coordinator 'App'; did you mean 'Next'? [unknown-reference]",
      ])
  }

  @Test func aStartDecisionsSequenceHasNoBackElement() {
    let (_, findings) = decode(
      flow(
        """
        App:
          start: Route
          decisions:
            Route:
              cases:
                deep: [{ push: A }, { push: B }]
                back: [{ push: A }, pop, { push: B }]
                child: { start: C, on: { done: [{ push: A }, dismiss, { push: B }] } }
          screens:
            A: { on: { next: [pop, { push: B }] } }
            B: { on: { back: pop } }
        """))
    #expect(
      described(findings) == [
        "9:31 'pop' is not allowed in a sequence of a start decision: it acts below the coordinator, where there is nothing of its own to go back from [schema]",
        "10:56 'dismiss' is not allowed in a sequence of a start decision: it acts below the coordinator, where there is nothing of its own to go back from [schema]",
      ])
  }

  @Test func onATabContainerEachElementFollowsThePlaceItActsOn() {
    let (_, findings) = decode(
      flow(
        """
        App:
          entry: true
          tabs:
            - start: Feed
              on:
                done: [{ present: Sheet }, { push: More }, pop, dismiss, { push: More }]
          screens:
            Sheet: { on: { close: dismiss } }
            More: { on: { back: pop } }
        """))
    #expect(
      described(findings) == [
        "8:70 'push' is not allowed in a tab's handlers: they run on the tab container, which has no navigation stack; use 'present', 'alert', 'decide', 'finish', 'select', 'stay' or a modal 'start' [schema]"
      ])
  }

  // MARK: Checks

  /// A module whose `Room` is presented as a sheet from `Home`, over which `[dismiss, push]`
  /// pushes onto `Home`'s stack.
  private func module(_ roomEvents: String, extra: String = "") -> String {
    flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { open: { present: Room } } }
          Room: { on: \(roomEvents) }
          Thread: { on: { back: pop, top: popToRoot } }\(extra)
      """)
  }

  @Test func anElementActsWhereTheOneBeforeLeads() throws {
    // After `dismiss`, `Thread` is pushed onto `Home`: its `pop` is fine there, though
    // `Thread` is never pushed within the sheet.
    #expect(described(try check(module("{ go: [dismiss, { push: Thread }] }"))) == [])
    // Pushed onto `Room`, the bottom of a sheet, its `pop` is fine too; presented, it is not.
    #expect(
      described(try check(module("{ go: { present: Thread } }")), rule: "invalid-back") == [
        "9:29 'pop' on screen 'Thread' can never happen: it is only shown by 'present', at the root of a modal stack [invalid-back]",
        "9:39 'popToRoot' on screen 'Thread' can never happen: the screen is always the first 'App' shows on its stack; remove it or use 'stay' [invalid-back]",
      ])
    // A `pop` after a `push` acts on the pushed screen: it is fine, and so is a `dismiss`
    // after it, in the sheet.
    #expect(described(try check(module("{ go: [{ push: Thread }, pop, dismiss] }"))) == [])
  }

  @Test func aBackElementThatCanNeverHappenIsPlacedAtTheElement() throws {
    // `Home` is at the root of the app's stack: a `dismiss` there can never happen.
    let text = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { go: [{ push: Thread }, { dismiss: ~ }, { push: Thread }], again: [{ push: Thread }, pop, { push: Thread }] } }
          Thread: { on: { back: pop } }
      """)
    #expect(
      described(try check(text)) == [
        "7:46 'dismiss' in the sequence of 'go' on screen 'Home' leaves 'App' or can never happen, in every way it acts, so the actions after it in the sequence could not run; make it the last action or remove it [invalid-back]"
      ])
  }

  @Test func aBackElementBeforeOthersThatLeavesIsInvalidAloneAndTheRestIsNotChecked() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { open: { start: Child, on: { done: stay } } } }
      Child:
        result: { done: ~ }
        leave: done
        start: First
        screens:
          First: { on: { out: [pop, { push: Missing }, { finish: done }], done: { finish: done } } }
      """)
    #expect(
      described(try check(text)) == [
        "13:28 'pop' in the sequence of 'out' on screen 'First' leaves 'Child' or can never happen, in every way it acts, so the actions after it in the sequence could not run; make it the last action or remove it [invalid-back]"
      ])
    // Not the last no more, the misspelt screen is found.
    let fixed = text.replacingOccurrences(of: "[pop, { push: Missing }", with: "[{ push: Missing }")
    #expect(
      described(try check(fixed)) == [
        "13:36 screen 'Missing' does not exist in coordinator 'Child' [unknown-reference]"
      ])
  }

  /// A finding's identity (its message id and subject, what fingerprints and baselines are
  /// made of) names the element it is about: two findings in one sequence stay apart.
  @Test func findingsAboutElementsNameTheirPositionAndMessageID() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home:
            on:
              open: { start: Child, on: { done: stay } }
              go: [{ push: Mising }, { push: Nope }]
      Child:
        result: { done: ~ }
        leave: done
        start: First
        screens:
          First: { on: { out: [pop, { push: First }], done: { finish: done } } }
      """)
    let found = try check(text)
    let references = found.of("unknown-reference")
    #expect(
      references.map(\.messageID.description).allSatisfy { $0.hasPrefix("unknown-reference/") })
    #expect(
      references.map(\.subject.description) == [
        "coordinator 'App' › screen 'Home' › event 'go' › element '0' › reference 'Mising'",
        "coordinator 'App' › screen 'Home' › event 'go' › element '1' › reference 'Nope'",
      ])
    let back = try #require(found.of("invalid-back").first)
    #expect(back.messageID.description == "invalid-back/back-before-later-elements")
    #expect(
      back.subject.description
        == "coordinator 'Child' › screen 'First' › event 'out' › element '0'")
  }

  @Test func schemaFindingsAboutElementsNameTheirPositionAndMessageID() {
    let (_, findings) = decode(
      flow(
        """
        App:
          start: Route
          result: { done: ~ }
          decisions:
            Route: { cases: { go: [{ push: A }, pop, { push: A }] } }
          screens:
            A:
              on:
                a: [{ finish: done }, pop]
                b: [pop, stay]
                c: [pop, { push: A, payload: Int }]
                d: [pop, [pop]]
                e: []
                f: { do: pop }
        """))
    #expect(
      findings.map { "\($0.messageID) \($0.subject)" } == [
        "schema/element-not-leading coordinator 'App' › screen 'A' › event 'a' › element '0'",
        "schema/sequence-ends-with-stay coordinator 'App' › screen 'A' › event 'b' › element '1'",
        "schema/element-payload coordinator 'App' › screen 'A' › event 'c' › element '1'",
        "schema/nested-sequence coordinator 'App' › screen 'A' › event 'd' › element '1'",
        "schema/empty-sequence coordinator 'App' › screen 'A' › event 'e'",
        "schema/do-not-list coordinator 'App' › screen 'A' › event 'f'",
        "schema/back-in-start-sequence coordinator 'App' › decision 'Route' › decision case 'go' › element '1'",
      ], "\(findings.map { "\($0.messageID) \($0.subject)" })")
  }

  @Test func theLastElementLeavesAsALoneActionDoes() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { open: { start: Child, on: { done: stay } } } }
      Child:
        result: { done: ~ }
        start: First
        screens:
          First: { on: { out: [{ push: Second }, pop, pop], done: { finish: done } } }
          Second: { on: { back: pop } }
      """)
    #expect(
      described(try check(text)) == [
        "12:51 'pop' in the sequence of 'out' on screen 'First' goes back into the parent of push-style child 'Child' without finishing it: generated code drops it, but a hand-written coordinator that removes children only when they finish would leak it; finish with a result instead, or say what leaving means with 'leave' [back-leak]"
      ])
    // With `leave`, it is left as intended.
    let left = text.replacingOccurrences(
      of: "result: { done: ~ }", with: "result: { done: ~ }\n    leave: done")
    #expect(described(try check(left)) == [])
  }

  @Test func everyElementHasTheStepsPayloadAndIsCheckedAtItsKey() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home:
            on:
              open: { payload: String, do: [{ push: Room }, { push: Thread }] }
              wrong: { payload: Int, do: [{ push: Room }, { present: Thread }] }
          Room: { input: String, on: { back: pop } }
          Thread: { input: String, on: { back: pop } }
      """)
    #expect(
      described(try check(text)) == [
        "10:41 screen 'Room' needs a payload of type 'String', but event 'wrong' of screen 'Home' carries 'Int' [type-mismatch]",
        "10:57 screen 'Thread' needs a payload of type 'String', but event 'wrong' of screen 'Home' carries 'Int' [type-mismatch]",
      ])
  }

  @Test func aStartDecisionSequenceStartsTheCoordinatorSeveralScreensDeep() throws {
    // `Thread` is pushed onto `Room`: its back goes to `Room`, and `Room` is the bottom.
    let text = flow(
      """
      App:
        entry: true
        start: Route
        decisions:
          Route: { cases: { deep: [{ push: Room }, { push: Thread }] } }
        screens:
          Room: { on: { back: pop } }
          Thread: { on: { back: pop } }
      """)
    #expect(
      described(try check(text)) == [
        "9:27 'pop' on screen 'Room' can never happen: it is the bottom of a navigation stack there, with nothing of 'App' below [invalid-back]"
      ])
  }

  @Test func aChildStartedAfterAPresentInAStartDecisionIsStartedFromThatScreen() throws {
    // Started by the start decision at the root of the app, `Child` is permanent: no finding
    // for a child that can never end. Started from the presented `Sheet`, pushed onto it, it
    // is an ordinary child, which neither its back nor a swipe can end.
    let text = flow(
      """
      App:
        entry: true
        start: Route
        decisions:
          Route: { cases: { go: [{ present: Sheet }, { start: Child }] } }
        screens:
          Sheet: { on: { close: dismiss } }
      Child:
        start: First
        screens:
          First: { systemBack: false, dismissible: false, on: { next: stay } }
      """)
    #expect(
      described(try check(text), rule: "never-finishes") == [
        "10:3 coordinator 'Child' is started by 'App' pushed onto its parent's screen in a sheet but has no result and cannot be left there, so 'App' never removes it; add a reachable 'finish', or a way out the user can take (the system back, a sheet's swipe) [never-finishes]"
      ])
    let fromDecision = text.replacingOccurrences(
      of: "[{ present: Sheet }, { start: Child }]", with: "{ start: Child }")
    #expect(described(try check(fromDecision), rule: "never-finishes") == [])
  }

  @Test func aSequenceInAnExternalEventActsOnTheTop() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        events:
          reset: [popToRoot, { push: Detail }]
        screens:
          Home: { on: { next: { push: Detail } } }
          Detail: { on: { back: pop } }
      """)
    #expect(described(try check(text)) == [])
  }

  @Test func anElementAfterPushIsWhatTheUserCanReachSoNoScreenIsTrapped() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { open: { start: Wizard, on: { done: stay } } } }
      Wizard:
        result: { done: ~ }
        start: First
        screens:
          First: { on: { next: [{ push: Second }, { push: Third }] } }
          Second: { systemBack: false, on: { done: { finish: done } } }
          Third: { on: { back: pop } }
      """)
    #expect(described(try check(text)) == [])
    // Without `Second`'s way out, `Second` traps the user; from `Third` the back button's
    // long-press menu still goes back to `First`, past `Second`.
    let trapped = text.replacingOccurrences(of: "done: { finish: done }", with: "done: stay")
    #expect(
      described(try check(trapped), rule: "cannot-finish").map { $0.prefix(30) } == [
        "13:7 screen 'Second' of coordi"
      ])
  }
}
