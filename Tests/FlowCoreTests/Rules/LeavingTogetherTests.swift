import FlowCore
import Testing

/// Coordinators left together (spec section 8, "Leaving"): when a swipe, `dismiss` or back
/// removes a child's screens, every coordinator all of whose screens on that stack go with
/// it is left too, whether the child was started from one of its screens or by its start
/// decision, however deep. `never-finishes` and `cannot-finish` count that as a way out;
/// `back-leak` reports the back action that leaves such a parent when it has no `leave`.
/// An entry coordinator is never left.
@Suite struct LeavingTogetherTests {
  /// The findings of `coordinators` as `line:column message [rule]` strings, checked with
  /// `children` set as given.
  private func findings(
    _ coordinators: String, children: ChildRemoval = .generated
  ) throws -> [String] {
    var configuration = Configuration()
    configuration.children = children
    let file = SourceFile(path: "a.flow.yaml", text: flow(coordinators))
    return described(try Pipeline.check([.source(file)], configuration: configuration).findings)
  }

  /// An entry whose screen starts `Help` with `start`.
  private func app(_ start: String) -> String {
    """
    App:
      entry: true
      start: Home
      screens:
        Home: { on: { help: \(start) } }

    """
  }

  /// A child that sends its answer or closes: `leave`, when given, is its `leave` key;
  /// `events` are more events of its one screen.
  private func ask(leave: String? = nil, events: String = "") -> String {
    """
    Ask:
      result: { sent: ~, closed: ~ }
    \(leave.map { "  leave: \($0)\n" } ?? "")  start: Form
      screens:
        Form: { on: { send: { finish: sent }, cancel: { finish: closed }\(events) } }
    """
  }

  private let askHandlers = "on: { sent: stay, closed: stay }"

  private func neverFinishes(_ line: Int, _ name: String, _ way: String, result: Bool = false)
    -> String
  {
    let what =
      result
      ? "can neither reach a 'finish' from its start nor be left there"
      : "has no result and cannot be left there"
    return
      "\(line):3 coordinator '\(name)' is started by 'App' \(way) but \(what), so 'App' never "
      + "removes it; add a reachable 'finish', or a way out the user can take (the system "
      + "back, a sheet's swipe) [never-finishes]"
  }

  // MARK: Leaving through a child (never-finishes, cannot-finish)

  /// The sheet holds a push-style child started from its first screen, which cannot be
  /// swiped itself: swiping the child's screen away takes the sheet, and `Help`, with it.
  @Test func aSheetIsLeftWhenAPushStyleChildOnItIsSwipedAway() throws {
    for leave in [nil, "~", "closed"] {
      let text =
        app("{ start: Help, style: sheet }")
          + """
          Help:
            start: Topics
            screens:
              Topics: { dismissible: false, on: { ask: { start: Ask, \(askHandlers) } } }

          """ + ask(leave: leave)
      #expect(try findings(text) == [], "leave: \(leave ?? "none")")
    }
  }

  /// The same from a deeper screen, and with a result whose `leave` case ends it.
  @Test func aSheetIsLeftThroughAChildStartedFromADeeperScreen() throws {
    let text =
      app("{ start: Help, style: sheet, on: { closed: stay } }")
        + """
        Help:
          result: { closed: ~ }
          leave: closed
          start: Topics
          screens:
            Topics: { dismissible: false, on: { more: { push: More } } }
            More: { dismissible: false, on: { ask: { start: Ask, \(askHandlers) } } }

        """ + ask()
    let found = try findings(text)
    #expect(found == [], "\(found)")
  }

  /// A sheet that `Help` presented itself is its own: swiping it away through the child goes
  /// back to `Topics`, and `Help` is still stuck in the sheet it was started in.
  @Test func aSheetOfItsOwnIsNotAWayOutOfTheCoordinator() throws {
    let text =
      app("{ start: Help, style: sheet }")
        + """
        Help:
          start: Topics
          screens:
            Topics: { dismissible: false, on: { page: { present: Page } } }
            Page: { dismissible: false, on: { ask: { start: Ask, \(askHandlers) } } }

        """ + ask()
    let found = try findings(text)
    #expect(found == [neverFinishes(8, "Help", "at the root of a sheet")], "\(found)")
  }

  /// Full screen, the swipe through the child is no way out: only a `dismiss` the child
  /// writes is, and it leaves `Help` with it.
  @Test func aFullScreenModalIsLeftOnlyByAnExplicitDismissInTheChild() throws {
    func text(_ events: String) -> String {
      app("{ start: Help, style: fullScreen }")
        + """
        Help:
          leave: ~
          start: Topics
          screens:
            Topics: { on: { ask: { start: Ask, \(askHandlers) } } }

        """ + ask(leave: "closed", events: events)
    }
    let found = try findings(text(""))
    #expect(
      found == [
        neverFinishes(8, "Help", "at the root of a full-screen modal")
      ], "\(found)")
    let dismissing = try findings(text(", close: dismiss"))
    #expect(dismissing == [], "\(dismissing)")
  }

  /// The child started by the sheet's start decision, two coordinators deep: swiping the
  /// innermost child's screen leaves all three.
  @Test func aSwipeLeavesEveryCoordinatorThatShowsNothingElseOnTheSheet() throws {
    let text =
      app("{ start: Help, style: sheet }")
        + """
        Help:
          start: Route
          decisions:
            Route: { cases: { go: { start: Mid, on: { done: stay } } } }
        Mid:
          result: { done: ~ }
          leave: done
          start: M
          screens:
            M: { dismissible: false, on: { ask: { start: Ask, \(askHandlers) } } }

        """ + ask()
    let found = try findings(text)
    #expect(found == [], "\(found)")
  }

  /// With `children: removed-on-finish`, the swipe leaves `Help` only when it has `leave`
  /// (spec section 8, "Hand-written coordinators").
  @Test func underRemovedOnFinishTheSwipeThroughAChildLeavesOnlyAParentWithLeave() throws {
    func text(_ leave: String) -> String {
      app("{ start: Help, style: sheet }")
        + """
        Help:
        \(leave)
          start: Topics
          screens:
            Topics: { dismissible: false, on: { ask: { start: Ask, \(askHandlers) } } }

        """ + ask(leave: "closed")
    }
    let left = try findings(text("  leave: ~"), children: .removedOnFinish)
    #expect(left == [], "\(left)")
    let found = try findings(text("  doc: Help."), children: .removedOnFinish)
    #expect(
      found == [
        neverFinishes(8, "Help", "at the root of a sheet"),
        "18:7 the user's swipe down on screen 'Form' closes a sheet presented from outside "
          + "'Ask' and leaves 'Help' with it without finishing it (children: "
          + "removed-on-finish): generated code drops it, but a hand-written coordinator that "
          + "removes children only when they finish would leak it; add 'leave: <case>' or "
          + "'leave: ~' to 'Help' once the app removes it when left, or 'dismissible: false' "
          + "[back-leak]",
      ], "\(found)")
  }

  /// `Help` is left through the child, so the screens from which the user can start the
  /// child are not traps; one from which they cannot is.
  @Test func cannotFinishCountsLeavingThroughAChild() throws {
    let text =
      app("{ start: Help, style: sheet, on: { done: stay } }")
        + """
        Help:
          result: { done: ~ }
          start: Topics
          screens:
            Topics: { dismissible: false, on: { ask: { start: Ask, \(askHandlers) }, read: { present: Read, style: fullScreen } } }
            Read: { on: { like: stay } }

        """ + ask()
    let found = try findings(text)
    #expect(
      found == [
        "9:15 result case 'done' of coordinator 'Help' is never produced by a reachable 'finish' [unused-result-case]",
        "13:7 screen 'Read' of coordinator 'Help' has no path to a 'finish' or out of 'Help' when 'Help' is started at the root of a sheet: the user is trapped there and 'Help' is never removed [cannot-finish]",
      ], "\(found)")
  }

  /// Coordinators that start each other are solved together: `A`, in a sheet, is left
  /// through `B`, which is left by the swipe on its second screen, wherever they sit in the
  /// cycle.
  @Test func coordinatorsThatStartEachOtherAreLeftThroughEachOther() throws {
    func text(_ more: String) -> String {
      app("{ start: A, style: sheet }")
        + """
        A:
          start: S
          screens:
            S: { dismissible: false, on: { next: { start: B, on: { done: stay } } } }
        B:
          result: { done: ~ }
          leave: done
          start: T
          screens:
            T: { dismissible: false, on: { again: { start: A }, more: { push: U } } }
            U: { \(more)on: { ok: stay } }
        """
    }
    let found = try findings(text(""))
    #expect(found.map { $0.hasSuffix("[coordinator-cycle]") } == [true], "\(found)")
    let stuck = try findings(text("dismissible: false, ")).filter {
      !$0.hasSuffix("[coordinator-cycle]")
    }
    #expect(stuck == [neverFinishes(8, "A", "at the root of a sheet")], "\(stuck)")
  }

  // MARK: A parent left with its child (back-leak)

  /// The child's `dismiss` closes the sheet `Help` was started in: `Ask` is left with its
  /// `leave`, and `Help`, which has none, is dropped with it.
  @Test func aDismissInAChildThatLeavesAParentWithoutLeaveIsABackLeak() throws {
    func text(_ leave: String) -> String {
      app("{ start: Help, style: sheet }")
        + """
        Help:
        \(leave)
          start: Topics
          screens:
            Topics: { on: { ask: { start: Ask, \(askHandlers) } } }

        """ + ask(leave: "closed", events: ", close: dismiss")
    }
    let found = try findings(text("  doc: Help."))
    #expect(
      found == [
        "18:80 'dismiss' on screen 'Form' closes a modal stack presented from outside 'Ask' and "
          + "leaves 'Help' with it without finishing it: generated code drops it, but a "
          + "hand-written coordinator that removes children only when they finish would leak "
          + "it; finish with a result instead, or say what leaving means with 'leave' in 'Help' "
          + "[back-leak]"
      ], "\(found)")
    let left = try findings(text("  leave: ~"))
    #expect(left == [], "\(left)")
  }

  /// `Help` shows nothing below the child its start decision pushes: a `pop` on the child's
  /// first screen pops into `App` and leaves both.
  @Test func aPopThatLeavesAParentShowingNothingIsABackLeak() throws {
    let text =
      app("{ start: Help }")
        + """
        Help:
          start: Route
          decisions:
            Route: { cases: { go: { start: Ask, \(askHandlers) } } }

        """ + ask(leave: "closed", events: ", back: pop")
    let found = try findings(text)
    #expect(
      found == [
        "17:79 'pop' on screen 'Form' goes back into the parent of push-style child 'Ask' and "
          + "leaves 'Help' with it without finishing it: generated code drops it, but a "
          + "hand-written coordinator that removes children only when they finish would leak "
          + "it; finish with a result instead, or say what leaving means with 'leave' in 'Help' "
          + "[back-leak]"
      ], "\(found)")
  }

  /// The sheet `Help`'s start decision presents for the child is all `Help` shows: closing
  /// it leaves both.
  @Test func aDismissOfASheetTheParentsStartDecisionPresentedLeavesTheParent() throws {
    let text =
      app("{ start: Help }")
        + """
        Help:
          start: Route
          decisions:
            Route: { cases: { go: { start: Ask, style: sheet, \(askHandlers) } } }

        """ + ask(leave: "closed", events: ", close: dismiss")
    let found = try findings(text)
    #expect(found.count == 1, "\(found)")
    #expect(
      found.first?.hasPrefix(
        "17:80 'dismiss' on screen 'Form' closes a modal stack presented from outside 'Ask' "
          + "and leaves 'Help' with it") == true, "\(found)")
  }

  /// Three deep: `Help` has `leave`, the coordinator whose start decision started it has
  /// none, and both share the sheet the child's `dismiss` closes.
  @Test func theBackLeakNamesTheCoordinatorWithoutLeave() throws {
    let text =
      app("{ start: Outer, style: sheet }")
        + """
        Outer:
          start: Route
          decisions:
            Route: { cases: { go: { start: Help } } }
        Help:
          leave: ~
          start: Topics
          screens:
            Topics: { on: { ask: { start: Ask, \(askHandlers) } } }

        """ + ask(leave: "closed", events: ", close: dismiss")
    let found = try findings(text)
    #expect(found.count == 1, "\(found)")
    #expect(found.first?.contains("and leaves 'Outer' with it") == true, "\(found)")
  }

  /// The `dismiss` closes a sheet the parent presented itself: it goes back to the parent's
  /// screen, and the parent is not left.
  @Test func aDismissOfTheParentsOwnSheetLeavesOnlyTheChild() throws {
    let text =
      app("{ start: Help, style: sheet }")
        + """
        Help:
          start: Topics
          screens:
            Topics: { on: { page: { present: Page } } }
            Page: { on: { ask: { start: Ask, \(askHandlers) } } }

        """ + ask(leave: "closed", events: ", close: dismiss")
    let found = try findings(text)
    #expect(found == [], "\(found)")
  }

  // MARK: An entry is never left

  /// The sheet the entry's start decision presents can be swiped away, but that ends
  /// nothing: the entry's other screens are not traps (spec section 8, "Leaving"). The window
  /// left empty is `empty-window`'s (spec 13.7), at the `present`.
  @Test func anEntryIsNeverLeftSoItsScreensAreNotTraps() throws {
    let text = """
      App:
        entry: true
        start: Launch
        decisions:
          Launch: { cases: { intro: { present: Intro }, home: { push: Home } } }
        screens:
          Intro: { on: { ok: stay } }
          Home: { on: { more: { push: More } } }
          More: { systemBack: false, on: { like: stay } }
      """
    let found = try findings(text)
    #expect(
      found == [
        "7:35 when the user closes this sheet (a swipe down), the window is left empty: 'App' shows no screen below it, and an entry is never left; push a screen instead, or present it from one [empty-window]"
      ], "\(found)")
  }

  /// The same with a child its start decision starts as a sheet, which the user can leave:
  /// `Home` is no trap. `Tour`'s `leave` handler, `stay`, shows nothing, so the window left
  /// empty is `empty-window`'s (spec 13.7), at the `start`.
  @Test func anEntryIsNotLeftWithAChildItsStartDecisionStarted() throws {
    let text = """
      App:
        entry: true
        start: Launch
        decisions:
          Launch: { cases: { tour: { start: Tour, style: sheet, on: { done: stay } }, home: { push: Home } } }
        screens:
          Home: { systemBack: false, on: { like: stay } }
      Tour:
        result: { done: ~ }
        leave: done
        start: Page
        screens:
          Page: { on: { next: { finish: done } } }
      """
    let found = try findings(text)
    #expect(
      found == [
        "7:34 when the user closes the sheet 'Tour' is started in here (a swipe down), 'Tour' finishes with 'done', whose handler shows no screen, and the window is left empty: 'App' shows no screen below it, and an entry is never left; make that handler show a screen, or start 'Tour' from a screen [empty-window]"
      ], "\(found)")
  }
}
