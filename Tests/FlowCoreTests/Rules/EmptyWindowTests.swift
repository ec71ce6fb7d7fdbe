import FlowCore
import Testing

/// `empty-window` (spec 13.7): a coordinator with nothing below it in the window (an entry,
/// or one its parent's start decision starts at the root, and dropped when left) that the
/// user can make show nothing, reported once at the action that presented what the user
/// closes; and what is not reported.
@Suite struct EmptyWindowTests {
  private func findings(_ coordinators: String) throws -> [String] {
    described(try check(flow(coordinators)), rule: "empty-window")
  }

  /// An entry's start decision that presents `Welcome` in `style`.
  private func entry(presenting style: String, welcome: String = "{ on: { next: stay } }")
    -> String
  {
    """
    App:
      entry: true
      start: Launch
      decisions:
        Launch: { cases: { firstRun: { present: Welcome, style: \(style) }, back: { push: Home } } }
      screens:
        Welcome: \(welcome)
        Home: { on: { refresh: stay } }
    """
  }

  /// The table of 13.7: `empty-window` is a warning.
  @Test func itIsAWarning() throws {
    #expect(EmptyWindowRule.severity == .warning)
    #expect(
      try check(flow(entry(presenting: "sheet"))).of("empty-window").map(\.severity) == [.warning])
  }

  @Test func aSheetAnEntrysStartDecisionPresentsLeavesTheWindowEmpty() throws {
    #expect(
      try findings(entry(presenting: "sheet")) == [
        "7:38 when the user closes this sheet (a swipe down), the window is left empty: 'App' shows no screen below it, and an entry is never left; push a screen instead, or present it from one [empty-window]"
      ])
  }

  /// Each kind of message has its id, and its subject is the action that presented the
  /// stack: what fingerprints are made of, whatever the words.
  @Test func eachMessageHasItsIDAndTheActionAsSubject() throws {
    let text = """
      App:
        entry: true
        start: Launch
        decisions:
          Launch:
            cases:
              first: { present: Welcome }
              out: { start: Auth, style: popover, on: { in: { push: Home } } }
        screens:
          Welcome: { on: { next: stay } }
          Home: { on: { refresh: stay } }
      Auth:
        result: { in: ~ }
        start: Login
        screens:
          Login: { on: { submit: { finish: in } } }
      """
    let found = try check(flow(text)).of("empty-window")
    #expect(
      found.map { "\($0.messageID) \($0.subject)" } == [
        "empty-window/closable-presentation coordinator 'App' › decision 'Launch' › decision case 'first'",
        "empty-window/dropped-child coordinator 'App' › decision 'Launch' › decision case 'out'",
      ])
    #expect(found.last?.message.contains("(a tap outside it)") == true)
  }

  @Test func aFormSheetAndAPopoverAreClosedAsASheet() throws {
    #expect(
      try findings(entry(presenting: "formSheet")) == [
        "7:38 when the user closes this form sheet (a swipe down), the window is left empty: 'App' shows no screen below it, and an entry is never left; push a screen instead, or present it from one [empty-window]"
      ])
    #expect(
      try findings(entry(presenting: "popover")) == [
        "7:38 when the user closes this popover (a tap outside it), the window is left empty: 'App' shows no screen below it, and an entry is never left; push a screen instead, or present it from one [empty-window]"
      ])
  }

  @Test func aFullScreenModalIsClosedOnlyByADismiss() throws {
    #expect(try findings(entry(presenting: "fullScreen")) == [])
    #expect(
      try findings(entry(presenting: "fullScreen", welcome: "{ on: { close: dismiss } }")) == [
        "7:38 when the user closes this full-screen modal ('dismiss'), the window is left empty: 'App' shows no screen below it, and an entry is never left; push a screen instead, or present it from one [empty-window]"
      ])
  }

  @Test func aSwipeAndADismissAreBothNamed() throws {
    #expect(
      try findings(entry(presenting: "sheet", welcome: "{ on: { close: dismiss } }")) == [
        "7:38 when the user closes this sheet (a swipe down or 'dismiss'), the window is left empty: 'App' shows no screen below it, and an entry is never left; push a screen instead, or present it from one [empty-window]"
      ])
  }

  @Test func aSheetThatCannotBeClosedIsNoFinding() throws {
    #expect(
      try findings(
        entry(presenting: "sheet", welcome: "{ dismissible: false, on: { next: stay } }")) == [])
  }

  /// A sheet presented from a screen has that screen below it: closing it shows the screen.
  @Test func aSheetPresentedFromAScreenIsNoFinding() throws {
    let text = """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { help: { present: Help, style: popover } } }
          Help: { on: { close: dismiss } }
      """
    #expect(try findings(text) == [])
  }

  /// A modal child started by the entry's start decision and dropped when left (no `leave`,
  /// or `leave: ~`) leaves the window empty; with `leave: c` its handler runs next.
  @Test(arguments: ["", "leave: ~"])
  func aDroppedModalChildOfTheStartDecisionLeavesTheWindowEmpty(leave: String) throws {
    let text = """
      App:
        entry: true
        start: Launch
        decisions:
          Launch: { cases: { out: { start: Auth, style: formSheet, on: { in: { push: Home } } } } }
        screens:
          Home: { on: { refresh: stay } }
      Auth:
        result: { in: ~, cancelled: ~ }
        \(leave)
        start: Login
        screens:
          Login: { on: { submit: { finish: in }, cancel: { finish: cancelled } } }
      """
    let found = try findings(text)
    #expect(
      found == [
        "7:33 when the user closes the form sheet 'Auth' is started in here (a swipe down), 'Auth' is dropped and the window is left empty: 'App' shows no screen below it, and an entry is never left; start it from a screen, or give 'Auth' a 'leave' case whose handler shows one [empty-window]"
      ], "\(found)")
  }

  @Test func aModalChildWithALeaveCaseIsNoFinding() throws {
    let text = """
      App:
        entry: true
        start: Launch
        decisions:
          Launch:
            cases:
              out: { start: Auth, style: sheet, on: { in: { push: Home }, cancelled: { decide: Launch } } }
        screens:
          Home: { on: { refresh: stay } }
      Auth:
        result: { in: ~, cancelled: ~ }
        leave: cancelled
        start: Login
        screens:
          Login: { on: { submit: { finish: in } } }
      """
    #expect(try findings(text) == [])
  }

  /// A start decision's sequence (13.1) that presents first and pushes onto the sheet leaves
  /// the window empty when the sheet is closed, reported at the `present` element; one that
  /// pushes first has that screen below the sheet.
  @Test func aStartDecisionsSequenceThatPresentsFirstLeavesTheWindowEmpty() throws {
    let text = """
      App:
        entry: true
        start: Launch
        decisions:
          Launch: { cases: { a: [{ present: Welcome }, { push: Tour }], b: [{ push: Home }, { present: Welcome }] } }
        screens:
          Welcome: { on: { next: stay } }
          Tour: { on: { back: pop } }
          Home: { on: { refresh: stay } }
      """
    #expect(
      try findings(text) == [
        "7:32 when the user closes this sheet (a swipe down), the window is left empty: 'App' shows no screen below it, and an entry is never left; push a screen instead, or present it from one [empty-window]"
      ])
    let pushedFirst = text.replacingOccurrences(
      of: "a: [{ present: Welcome }, { push: Tour }], ", with: "")
    #expect(try findings(pushedFirst) == [])
  }

  /// "Nothing that runs next shows a screen" (spec 13.7): a `leave` case whose handler is
  /// `stay` runs next and shows nothing, so the window is left empty as with no `leave`; a
  /// handler that decides the start decision again shows one.
  @Test func aLeaveCaseWhoseHandlerShowsNothingLeavesTheWindowEmpty() throws {
    let text = """
      App:
        entry: true
        start: Launch
        decisions:
          Launch: { cases: { out: { start: Auth, style: sheet, on: { in: { push: Home }, cancelled: stay } } } }
        screens:
          Home: { on: { refresh: stay } }
      Auth:
        result: { in: ~, cancelled: ~ }
        leave: cancelled
        start: Login
        screens:
          Login: { on: { submit: { finish: in } } }
      """
    #expect(
      try findings(text) == [
        "7:33 when the user closes the sheet 'Auth' is started in here (a swipe down), 'Auth' finishes with 'cancelled', whose handler shows no screen, and the window is left empty: 'App' shows no screen below it, and an entry is never left; make that handler show a screen, or start 'Auth' from a screen [empty-window]"
      ])
    #expect(
      try check(flow(text)).of("empty-window").map(\.messageID.description) == [
        "empty-window/leave-shows-nothing"
      ])
    let shows = text.replacingOccurrences(
      of: "cancelled: stay", with: "cancelled: { decide: Launch }")
    #expect(try findings(shows) == [])
  }

  /// A child the start decision pushes at the root is not closed by a gesture; a modal child
  /// started from a screen has the screen below it.
  @Test func pushedChildrenAndChildrenStartedFromAScreenAreNoFinding() throws {
    let text = """
      App:
        entry: true
        start: Launch
        decisions:
          Launch: { cases: { ready: { start: Feed } } }
      Feed:
        start: List
        screens:
          List: { on: { share: { start: Share, style: sheet } } }
      Share:
        start: Compose
        screens:
          Compose: { on: { send: stay } }
      """
    #expect(try findings(text) == [])
  }

  /// A permanent child's start decision: closing its sheet drops it, and the entry that
  /// started it shows nothing either. Reported once, at the child's `present`, not at the
  /// entry's `start`.
  @Test func aPermanentChildsSheetLeavesTheWindowEmptyOnce() throws {
    let text = """
      App:
        entry: true
        start: Launch
        decisions:
          Launch: { cases: { ready: { start: Board } } }
      Board:
        start: Pick
        decisions:
          Pick: { cases: { news: { present: News, style: popover } } }
        screens:
          News: { on: { read: stay } }
      """
    #expect(
      try findings(text) == [
        "11:32 when the user closes this popover (a tap outside it), the window is left empty: 'Board' shows no screen below it, and it is dropped with the coordinators that started it, which show none either; push a screen instead, or present it from one [empty-window]"
      ])
  }

  /// A child of the entry's start decision with `leave: c` is the outermost coordinator
  /// left: the entry's handler runs, so nothing inside it is reported.
  @Test func aLeaveCaseOfTheOutermostChildIsNoFinding() throws {
    let text = """
      App:
        entry: true
        start: Launch
        decisions:
          Launch: { cases: { ready: { start: Board, on: { closed: { decide: Launch } } } } }
      Board:
        result: { closed: ~ }
        leave: closed
        start: Pick
        decisions:
          Pick: { cases: { news: { present: News } } }
        screens:
          News: { on: { read: stay } }
      """
    #expect(try findings(text) == [])
  }
}
