import FlowCore
import Testing

/// External events (spec r2, sections 7b and 8) in the checks: they lead from every reachable
/// screen (from the tab container only, for a tab coordinator), what they reach is reachable,
/// their `finish` counts for `unused-result-case` and `never-finishes` but not for
/// `cannot-finish`, their starts count as starting a child, and their back actions are
/// judged on every screen that can be on top.
@Suite struct ExternalEventsTests {
  /// `Session` can only be ended by the app: its screens have no way out.
  private let endedByTheApp = """
    App:
      entry: true
      start: Home
      screens:
        Home: { on: { open: { start: Session, on: { expired: stay } } } }
    Session:
      result: { expired: ~ }
      start: Dashboard
      screens:
        Dashboard: { systemBack: false, on: { refresh: stay } }
      events:
        sessionExpired: { finish: expired }
    """

  @Test func aChildThatOnlyAnEventFinishesNeitherNeverFinishesNorTrapsTheUser() throws {
    #expect(described(try check(flow(endedByTheApp))) == [])
  }

  @Test func withoutTheEventTheChildNeverFinishesAndItsCaseIsUnused() throws {
    let text = flow(
      endedByTheApp.replacingOccurrences(
        of: "events:\n    sessionExpired: { finish: expired }", with: ""))
    let found = described(try check(text)).map { String($0.prefix(48)) }
    #expect(
      found == [
        "8:3 coordinator 'Session' is started by 'App' pu",
        "9:15 result case 'expired' of coordinator 'Sessi",
      ])
  }

  /// The user's own doing is what `cannot-finish` asks about: an event that would end the
  /// child does not free a screen the user cannot leave.
  @Test func anEventDoesNotFreeATrappedScreen() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { open: { start: Session, on: { done: stay } } } }
        Session:
          result: { done: ~ }
          start: Dashboard
          screens:
            Dashboard: { on: { done: { finish: done }, lock: { push: Locked } } }
            Locked: { systemBack: false, on: { wait: stay } }
          events:
            sessionExpired: { finish: done }
        """))
    #expect(
      described(findings).map { $0.prefix(50) } == [
        "13:7 screen 'Locked' of coordinator 'Session' has "
      ])
  }

  @Test func whatAnEventReachesIsReachableAndWhatItStartsIsStarted() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { next: stay } }
          Promo: { on: { close: dismiss } }
        events:
          promo: { present: Promo }
          orderShipped: { payload: String, start: Order, style: sheet }
      Order:
        input: String
        leave: ~
        start: Status
        screens:
          Status: { input: String, on: { close: dismiss } }
      """)
    #expect(described(try check(text)) == [])
    let noEvents = text.replacingOccurrences(
      of: "events:\n      promo: { present: Promo }\n"
        + "      orderShipped: { payload: String, start: Order, style: sheet }", with: "")
    let found = described(try check(noEvents)).map { String($0.prefix(36)) }
    #expect(
      found == [
        "8:7 screen 'Promo' cannot be reached",
        "10:3 coordinator 'Order' is never st",
      ])
  }

  /// A `pop` in an event acts on whichever screen is on top: fine when some screen can be
  /// above another, an `invalid-back` at the event's action when none can.
  @Test func aPopInAnEventIsJudgedOnEveryScreenThatCanBeOnTop() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { next: { push: Detail } } }
          Detail: { on: { next: stay } }
        events:
          back: pop
      """)
    #expect(described(try check(text)) == [])
    let bottomOnly = text.replacingOccurrences(of: "{ push: Detail }", with: "{ replace: Detail }")
    #expect(
      described(try check(bottomOnly)) == [
        "10:13 'pop' in external event 'back' can never happen: it is the bottom of a navigation stack there, with nothing of 'App' below [invalid-back]"
      ])
  }

  /// A `dismiss` in an event of a child presented from outside, whose screens are never in
  /// a modal stack of its own, goes past the child: a `back-leak` at the event's action.
  @Test func aDismissInAnEventThatLeavesTheChildIsABackLeak() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { open: { start: Help, style: sheet, on: { done: stay } } } }
        Help:
          result: { done: ~ }
          start: Topics
          screens:
            Topics: { on: { done: { finish: done }, more: { push: Topic } } }
            Topic: { on: { done: { finish: done } } }
          events:
            close: dismiss
        """))
    #expect(
      described(findings).map { $0.prefix(66) } == [
        "15:14 'dismiss' in external event 'close' closes a modal stack pre"
      ])
  }

  /// A tab coordinator that only an event ends: the user cannot end it at all, so no screen
  /// of it is `cannot-finish`'s business, and the event keeps it from `never-finishes`.
  @Test func aTabCoordinatorThatOnlyAnEventEndsTrapsNobody() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { open: { start: Main, style: fullScreen, on: { out: stay } } } }
        Main:
          result: { out: ~ }
          tabs:
            - start: Feed
          screens:
            Promo: { systemBack: false, dismissible: false, on: { like: stay } }
          events:
            expired: { finish: out }
            promo: { present: Promo }
        Feed:
          start: List
          screens:
            List: { on: { next: stay } }
        """))
    #expect(described(findings) == [])
  }

  /// A tab coordinator's events act on the tab container: a modal start there is a sheet
  /// at the root of its stack, and the child counts as started.
  @Test func aTabCoordinatorsEventStartsAModalChild() throws {
    let findings = try check(
      flow(
        """
        Main:
          entry: true
          tabs:
            - start: Feed
          events:
            promo: { start: Promo, style: sheet }
        Feed:
          start: List
          screens:
            List: { on: { next: stay } }
        Promo:
          start: Offer
          screens:
            Offer: { on: { next: stay } }
        """))
    #expect(described(findings) == [])
  }
}

/// The generated `<C>ExternalEvent` enum's name (spec section 2): a declared type of that
/// name collides with it, and a screen `<C>External` would hide it inside the class.
@Suite struct ExternalEventNameTests {
  private let shop = """
    Shop:
      entry: true
      start: Home
      screens:
        Home: { on: { next: stay } }
      events:
        refresh: stay
    """

  @Test func aTypeOfItsNameCollides() throws {
    let findings = try check(flow(shop, types: "ShopExternalEvent: external"))
    #expect(
      described(findings.of("duplicate-name")).map { String($0.prefix(72)) } == [
        "5:3 coordinator 'Shop' collides in generated Swift: its external event e"
      ])
    let noEvents = shop.replacingOccurrences(of: "\n  events:\n    refresh: stay", with: "")
    #expect(
      try check(flow(noEvents, types: "ShopExternalEvent: external")).of("duplicate-name").isEmpty)
  }

  @Test func aScreenWhoseEventEnumWouldHideItCollides() throws {
    let hiding = shop.replacingOccurrences(of: "Home", with: "ShopExternal")
    #expect(
      described(try check(flow(hiding)).of("duplicate-name")).map { String($0.prefix(72)) } == [
        "7:7 screen 'ShopExternal' collides in generated Swift: its event enum 'S"
      ])
  }
}

/// An event's action is checked like a screen's: its targets, payloads, handlers and
/// names.
@Suite struct ExternalEventActionTests {
  @Test func itsTargetsPayloadsHandlersAndNamesAreChecked() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { next: stay } }
            Detail: { input: Int, on: { next: stay } }
          events:
            missing: { push: Detial }
            wrong: { payload: String, push: Detail }
            Bad: { start: Child }
            used: { payload: Used, stay: ~ }
        Child:
          result: { done: ~ }
          start: Only
          screens:
            Only: { on: { done: { finish: done } } }
        """, types: "Used: { struct: { id: Int } }"))
    #expect(
      described(findings).map { String($0.prefix(40)) } == [
        "12:24 screen 'Detial' does not exist in ",
        "13:33 screen 'Detail' needs a payload of",
        "14:7 external event name 'Bad' must be l",
        "14:14 'Child' can finish with 'done', wh",
      ])
  }
}
