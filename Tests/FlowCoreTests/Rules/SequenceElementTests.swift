import FlowCore
import Testing

/// The sentences of FLOW-SPEC 13.1 that `SequenceTests` leaves out, one test each (see
/// docs/spec-coverage/revision-3-part-1.md): which actions may come before the last, the
/// start decision's back elements, the keys an element takes, where an element after
/// `dismiss` acts, a back element judged in every way it acts, and the deeper start by
/// `replace` then `push`.
@Suite struct SequenceElementTests {
  private func decode(_ text: String) -> [String] {
    var findings = Findings()
    let source = SourceFile(path: "a.flow.yaml", text: text)
    let document = YAMLParser.parse(source, findings: &findings)
    _ = FileDecoder.decode(document, path: "a.flow.yaml", findings: &findings)
    return described(findings.all)
  }

  /// "Every element but the last is one of `pop`, `popToRoot`, `dismiss`, `push`, `present`
  /// and `replace`; the last of two or more is any action but `stay`": `decide`, `alert`,
  /// `start` and `select` are refused before the last and taken as the last.
  @Test func decideAlertStartAndSelectMayOnlyBeTheLast() {
    let text = flow(
      """
      App:
        entry: true
        tabs:
          - start: Feed
        result: { done: ~ }
        decisions:
          D: { cases: { x: stay } }
        alerts:
          A: { on: { ok: stay } }
        screens:
          H: { on: { a: [{ decide: D }, pop], b: [{ alert: A }, pop], c: [{ start: Feed }, pop], d: [{ select: Feed }, pop] } }
          X: { on: { a: [pop, { decide: D }], b: [pop, { alert: A }], c: [pop, { start: Feed }], d: [pop, { select: Feed }], e: [pop, { finish: done }] } }
      Feed:
        start: L
        screens:
          L: { on: { x: stay } }
      """)
    let refused =
      "cannot come before other actions in a sequence: only 'pop', 'popToRoot', 'dismiss', "
      + "'push', 'present' and 'replace' can; make it the last [schema]"
    #expect(
      decode(text) == [
        "13:24 'decide' \(refused)", "13:49 'alert' \(refused)", "13:73 'start' \(refused)",
        "13:100 'select' \(refused)",
      ])
  }

  /// "In a start decision, a sequence has no `pop`, `popToRoot` or `dismiss`": the one of
  /// the three that `SequenceTests` does not show.
  @Test func aStartDecisionsSequenceHasNoPopToRoot() {
    let text = flow(
      """
      App:
        start: Route
        decisions:
          Route: { cases: { a: [{ push: A }, popToRoot, { push: B }], b: [{ push: A }, { push: B }] } }
        screens:
          A: { on: { x: stay } }
          B: { on: { back: pop } }
      """)
    #expect(
      decode(text) == [
        "6:42 'popToRoot' is not allowed in a sequence of a start decision: it acts below the coordinator, where there is nothing of its own to go back from [schema]"
      ])
  }

  /// "An element is a scalar or a mapping with its action key and that action's own keys
  /// (`style`, `on`, …, `doc`)": each element keeps its style and its handlers, and a key
  /// that is not its action's is refused at that key (an element's `doc` is read and, like
  /// a lone action's inside a sequence, not kept).
  @Test func anElementTakesItsActionsOwnKeys() throws {
    var findings = Findings()
    let source = SourceFile(
      path: "a.flow.yaml",
      text: flow(
        """
        App:
          start: A
          screens:
            A:
              on:
                go: [{ present: B, style: popover, doc: Over A. }, { start: C, style: formSheet, on: { done: stay } }]
                bad: [{ push: B, style: sheet }, pop]
            B: { on: { back: pop } }
        """))
    let document = YAMLParser.parse(source, findings: &findings)
    let file = FileDecoder.decode(document, path: "a.flow.yaml", findings: &findings)
    #expect(
      described(findings.all) == [
        "9:28 'style' goes only with 'start' or 'present', not with 'push' [schema]"
      ])
    let elements = try #require(file?.coordinators.first?.screens.first?.events.first?.action)
      .elements
    guard case .present(_, let style) = elements.first?.kind else {
      Issue.record("\(elements)")
      return
    }
    #expect(style == .popover)
    guard case .start(let start) = elements.last?.kind else {
      Issue.record("\(elements)")
      return
    }
    #expect(start.style == .formSheet)
    #expect(start.handlers.map(\.name.text) == ["done"])
  }

  /// "`dismiss` leads to each screen that presents the modal stack, and `X` is pushed onto
  /// that screen's stack": pushed onto a screen at the root of the app, `Thread`'s `dismiss`
  /// can never happen; onto a screen in a sheet presented from outside the child, it leaves
  /// the child. When some screen that presents `Room` is itself in a modal stack, it is fine.
  @Test func afterDismissTheNextElementIsPushedOntoEachPresenter() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { open: { present: Room }, go: { start: Child, style: sheet, on: { done: stay } } } }
          Room: { on: { swap: [dismiss, { push: Thread }] } }
          Thread: { on: { back: pop, close: dismiss } }
      Child:
        result: { done: ~ }
        start: First
        screens:
          First: { on: { open: { present: Room2 }, done: { finish: done } } }
          Room2: { on: { swap: [dismiss, { push: Thread2 }] } }
          Thread2: { on: { back: pop, close: dismiss } }
      """)
    #expect(
      described(try check(text)) == [
        "9:41 'dismiss' on screen 'Thread' can never happen: the screen is never in a modal stack [invalid-back]",
        "16:42 'dismiss' on screen 'Thread2' closes a modal stack presented from outside 'Child' without finishing it: generated code drops it, but a hand-written coordinator that removes children only when they finish would leak it; finish with a result instead, or say what leaving means with 'leave' [back-leak]",
      ])
    let twoPresenters = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { open: { present: Room }, modal: { present: Modal } } }
          Modal: { on: { open: { present: Room }, close: dismiss } }
          Room: { on: { swap: [dismiss, { push: Thread }] } }
          Thread: { on: { back: pop, close: dismiss } }
      """)
    #expect(described(try check(twoPresenters)) == [])
  }

  /// "Checks treat each element as that action at the place it acts …; a `pop` that is
  /// invalid at the place the element before leads to is invalid there": the last element,
  /// judged where the one before leads, is reported at the element; after a `push` it is
  /// fine.
  @Test func theLastBackElementIsJudgedWhereTheOneBeforeLeads() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { a: [{ push: T }, dismiss], b: [{ present: T }, pop], c: [{ push: T }, pop] } }
          T: { on: { back: pop } }
      """)
    #expect(
      described(try check(text)) == [
        "7:38 'dismiss' in the sequence of 'a' on screen 'Home' can never happen: the screen is never in a modal stack [invalid-back]",
        "7:68 'pop' in the sequence of 'b' on screen 'Home' can never happen: it is the bottom of a navigation stack there, with nothing of 'App' below [invalid-back]",
      ])
  }

  /// "One that leaves it, or can never happen, in every way it can act is `invalid-back`":
  /// a back element that stays within the coordinator in one way it acts is no finding.
  @Test func aBackElementThatStaysInSomeWayItActsIsNoFinding() throws {
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
          First: { on: { out: [pop, { push: Second }], next: { push: Second }, done: { finish: done } } }
          Second: { on: { again: { push: First } } }
      """)
    #expect(described(try check(text)) == [])
    // Shown only at the bottom of `Child`, `First`'s `pop` leaves it in every way.
    let onlyAtTheBottom = text.replacingOccurrences(
      of: "again: { push: First }", with: "again: stay")
    #expect(
      described(try check(onlyAtTheBottom)) == [
        "13:28 'pop' in the sequence of 'out' on screen 'First' leaves 'Child' or can never happen, in every way it acts, so the actions after it in the sequence could not run; make it the last action or remove it [invalid-back]"
      ])
  }

  /// "A sequence of `push` (or `replace` then `push`) shows the coordinator with several
  /// screens at once": after `replace`, `Room` is the bottom (its `pop` can never happen)
  /// and `Thread` is pushed onto it (its `pop` is fine).
  @Test func aStartDecisionsReplaceThenPushStartsTwoScreensDeep() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Route
        decisions:
          Route: { cases: { deep: [{ replace: Room }, { push: Thread }] } }
        screens:
          Room: { on: { back: pop } }
          Thread: { on: { back: pop } }
      """)
    #expect(
      described(try check(text)) == [
        "9:27 'pop' on screen 'Room' can never happen: it is the bottom of a navigation stack there, with nothing of 'App' below [invalid-back]"
      ])
  }

  /// "A sequence in an external event … ends children as its first element would", and acts
  /// on the top (7b): a back element there is judged on every screen that can be the top,
  /// and reported at the element, naming the event once.
  @Test func aBackElementInAnExternalEventsSequenceIsJudgedOnTheTop() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        events:
          reset: [popToRoot, { push: Detail }]
          wrong: [{ push: Detail }, dismiss]
          early: [dismiss, { push: Detail }]
        screens:
          Home: { on: { next: { push: Detail } } }
          Detail: { on: { back: pop } }
      """)
    #expect(
      described(try check(text)) == [
        "8:33 'dismiss' in the sequence of external event 'wrong' can never happen: the screen is never in a modal stack [invalid-back]",
        "9:15 'dismiss' in the sequence of external event 'early' leaves 'App' or can never happen, in every way it acts, so the actions after it in the sequence could not run; make it the last action or remove it [invalid-back]",
      ])
  }

  /// "Where a tab container presented it, the next element acts on the container, by the
  /// container's rules" (section 4: no `push`, `replace`, back action or push-style `start`
  /// there, a `schema` error): reported at the element, from the screen the container
  /// presented or one pushed onto it; a `present` or a modal `start` there is fine, and so
  /// is every element when a screen also presents the stack.
  @Test func anElementAfterDismissActsOnTheTabContainerByItsRules() throws {
    let text = flow(
      """
      App:
        entry: true
        tabs:
          - start: Feed
            on: { done: { present: Sheet } }
        screens:
          Sheet: { on: { a: [dismiss, { push: More }], b: [dismiss, pop], c: [dismiss, { present: More }], t: { push: Top } } }
          Top: { on: { d: [dismiss, { replace: More }], e: [dismiss, { start: Other }], f: [dismiss, { start: Other, style: sheet }] } }
          More: { on: { close: dismiss } }
      Feed:
        result: { done: ~ }
        start: List
        screens:
          List: { on: { x: { finish: done } } }
      Other:
        start: Page
        screens:
          Page: { on: { x: stay } }
      """)
    let refused =
      "after 'dismiss' acts on the tab container of 'App', which presented the stack "
      + "'dismiss' closes and has no navigation stack; use 'present', 'alert', 'decide', "
      + "'finish', 'select', 'stay' or a modal 'start' [schema]"
    #expect(
      described(try check(text)) == [
        "9:37 'push' \(refused)", "9:65 'pop' \(refused)", "10:35 'replace' \(refused)",
        "10:68 'start' \(refused)",
      ])
    #expect(
      try check(text).of("schema").map(\.messageID.description)
        == Array(repeating: "schema/element-on-tab-container", count: 4))
    // Presented from a screen as well, the stack may close onto that screen: no finding.
    let alsoFromAScreen = text.replacingOccurrences(
      of: "on: { done: { present: Sheet } }", with: "on: { done: { present: Home } }"
    ).replacingOccurrences(
      of: "      Sheet:", with: "      Home: { on: { open: { present: Sheet } } }\n      Sheet:")
    #expect(described(try check(alsoFromAScreen)) == [])
    // A broken screen gets its own finding only: what it kept proves nothing.
    let broken = text.replacingOccurrences(
      of: "Sheet: { on:", with: "Sheet: { dismisible: false, on:")
    let brokenFound = described(try check(broken))
    #expect(
      brokenFound == [
        "9:16 unknown key 'dismisible' in screen 'Sheet'; did you mean 'dismissible'? [schema]"
      ])
  }
}
