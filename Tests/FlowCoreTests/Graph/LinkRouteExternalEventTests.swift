import FlowCore
import Testing

/// External events as steps of a link's route (spec 13.6, second item): sent from a screen of
/// their own coordinator that the route shows (for a tab coordinator, its tab container), not
/// from inside its children nor from its parent's screens, with their payload taken as
/// section 12 says for an event's; the route goes on where the event's action leads.
@Suite struct LinkRouteExternalEventTests {
  /// Each link's route in words, checked against the direct search as well.
  private func routes(_ yaml: String) throws -> [String: [String]] {
    try linkRoutes(yaml, againstTheDirectSearch: true)
  }

  private func findings(_ yaml: String) throws -> [String] {
    try Pipeline.check([.source(SourceFile(path: "a.flow.yaml", text: yaml))]).findings.map {
      "\($0.range.start.line):\($0.range.start.column) \($0.rule) \($0.message)"
    }
  }

  private let promo = """
    version: 1
    coordinators:
      App:
        entry: true
        start: Home
        events:
          promo: { payload: String, present: Promo, style: sheet }
          help: { start: Support, style: fullScreen, on: { closed: stay } }
        screens:
          Home: { on: { next: { push: Other } } }
          Other: { on: { back: pop } }
          Promo: { input: String, on: { close: dismiss } }
      Support:
        result: { closed: ~ }
        start: Topics
        screens:
          Topics: { on: { open: { push: Topic }, close: { finish: closed } } }
          Topic: { on: { back: pop } }

    """

  @Test func aScreenOnlyAnExternalEventShowsIsReachedThroughIt() throws {
    let yaml =
      promo + """
        links:
          promo: { url: '/promo/{code}', params: { code: String }, to: App.Promo }
          topic: { url: /help/topic, to: Support.Topic }
        """
    let found = try routes(yaml)
    #expect(
      found["promo"] == [
        "from App",
        "screen 'Home' of 'App': external event 'promo' presents 'Promo' (sheet), payload from param 'code'",
      ])
    #expect(
      found["topic"] == [
        "from App",
        "screen 'Home' of 'App': external event 'help' starts 'Support' (fullScreen)",
        "screen 'Topics' of 'Support': event 'open' pushes 'Topic'",
      ])
    #expect(try findings(yaml).isEmpty)
  }

  @Test func anExternalEventWhosePayloadTheLinkCannotGiveIsNotAStep() throws {
    let yaml =
      promo + """
        links:
          none: { url: /promo, to: App.Promo }
          number: { url: '/promo/{n}', params: { n: Int }, to: App.Promo }
          twice: { url: '/promo/{a}/{b}', params: { a: String, b: String }, to: App.Promo }
        """
    let found = try routes(yaml)
    #expect(found["none"]?.first?.hasPrefix("unreachable: payload") == true, "\(found)")
    #expect(found["number"]?.first?.hasPrefix("unreachable: payload") == true, "\(found)")
    #expect(found["twice"]?.first?.contains("fitting: [0, 1]") == true, "\(found)")
    #expect(
      try findings(yaml) == [
        "20:3 unreachable-link link 'none' cannot be followed: every route to 'App.Promo' stops "
          + "at the step (screen 'Home' of 'App': external event 'promo' presents 'Promo' "
          + "(sheet)), which needs a payload 'String'; no param of the link has that type: add "
          + "one, or build it with 'values'",
        "21:3 unreachable-link link 'number' cannot be followed: every route to 'App.Promo' "
          + "stops at the step (screen 'Home' of 'App': external event 'promo' presents 'Promo' "
          + "(sheet)), which needs a payload 'String'; no param of the link has that type: add "
          + "one, or build it with 'values'",
        "22:3 unreachable-link link 'twice' cannot be followed: every route to 'App.Promo' "
          + "stops at the step (screen 'Home' of 'App': external event 'promo' presents 'Promo' "
          + "(sheet)), which needs a payload 'String'; params 'a' and 'b' all fit, and a "
          + "payload takes exactly one",
      ])
  }

  /// A child's external events are sent from the child's screens, never from its parent's;
  /// a parent's are never sent from inside its child.
  @Test func anExternalEventActsOnlyFromItsOwnCoordinatorsScreens() throws {
    let yaml = """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          events:
            promo: { present: Promo }
          screens:
            Home: { on: { next: { push: Middle } } }
            Middle: { on: { open: { start: Child, on: { done: pop } }, back: pop } }
            Promo: { on: { close: dismiss } }
        Child:
          result: { done: ~ }
          start: First
          events:
            jump: { push: Hidden }
          screens:
            First: { on: { close: { finish: done } } }
            Hidden: { on: { back: pop } }
      links:
        hidden: { url: /hidden, to: Child.Hidden }
        promoInChild: { url: /promo, to: App.Promo, via: [Child] }
      """
    let found = try routes(yaml)
    #expect(
      found["hidden"] == [
        "from App",
        "screen 'Home' of 'App': event 'next' pushes 'Middle'",
        "screen 'Middle' of 'App': event 'open' starts 'Child' (push)",
        "screen 'First' of 'Child': external event 'jump' pushes 'Hidden'",
      ])
    #expect(found["promoInChild"] == ["unreachable: via(0)"])
    #expect(
      try findings(yaml) == [
        "22:3 unreachable-link link 'promoInChild' cannot be followed: no route to 'App.Promo' "
          + "passes through 'Child', as 'via' asks"
      ])
  }

  /// "Requests, result handlers and back actions are still not steps": the handler of a
  /// child an external event starts is not a step, so a screen only it presents is out of
  /// every route.
  @Test func theResultHandlerOfAChildAnEventStartsIsNoStep() throws {
    let yaml = """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          events:
            help: { start: Support, style: sheet, on: { closed: { present: Thanks } } }
          screens:
            Home: {}
            Thanks: { on: { close: dismiss } }
        Support:
          result: { closed: ~ }
          start: Topics
          screens:
            Topics: { on: { close: { finish: closed } } }
      links:
        thanks: { url: /thanks, to: App.Thanks }
        topics: { url: /topics, to: Support.Topics }
      """
    let found = try routes(yaml)
    #expect(
      found["topics"] == [
        "from App", "screen 'Home' of 'App': external event 'help' starts 'Support' (sheet)",
      ])
    #expect(
      try findings(yaml) == [
        "17:3 unreachable-link link 'thanks' cannot be followed: routes reach coordinator "
          + "'App', but no screen event, decision case, alert button or external event of it "
          + "leads to screen 'Thanks' (routes start at 'App')"
      ])
  }

  /// An event's payload is taken "as section 12 says": a `T?` payload from the one param of
  /// type `T`, and a type the link builds with `values` from the app.
  @Test func anOptionalPayloadAndAValuesTypeAreTakenAsSection12Says() throws {
    let yaml = """
      version: 1
      types:
        Coupon: { struct: { code: String } }
      coordinators:
        App:
          entry: true
          start: Home
          events:
            promo: { payload: String?, present: Promo }
            coupon: { payload: Coupon, present: CouponPage }
          screens:
            Home: {}
            Promo: { input: String?, on: { close: dismiss } }
            CouponPage: { input: Coupon, on: { close: dismiss } }
      links:
        promo: { url: '/promo/{code}', params: { code: String }, to: App.Promo }
        coupon:
          url: '/coupon/{code}'
          params: { code: String }
          values: { Coupon: [code] }
          to: App.CouponPage
      """
    let found = try routes(yaml)
    #expect(
      found["promo"] == [
        "from App",
        "screen 'Home' of 'App': external event 'promo' presents 'Promo' (sheet), payload from param 'code'",
      ])
    #expect(
      found["coupon"] == [
        "from App",
        "screen 'Home' of 'App': external event 'coupon' presents 'CouponPage' (sheet), payload 'Coupon' from the app",
      ])
    #expect(try findings(yaml).isEmpty)
  }

  /// `unreachable-link` "names the step where every route stops" (section 8): for an external
  /// event whose payload the link cannot give, that event, on the most direct way, and not
  /// another blocked event of the coordinator from whose screen the target can be reached
  /// only through the right one (which it named before).
  @Test func theBlockedExternalEventNamedIsTheOneOnTheRoute() throws {
    let yaml = """
      version: 1
      types:
        Coupon: { struct: { code: String } }
      coordinators:
        App:
          entry: true
          start: Home
          events:
            coupon: { payload: Coupon, present: CouponPage }
            strict: { payload: String, present: Strict }
          screens:
            Home: {}
            CouponPage: { input: Coupon, on: { close: dismiss } }
            Strict: { input: String, on: { close: dismiss } }
      links:
        strict: { url: '/strict?c={c}', params: { c: String? }, to: App.Strict }
      """
    let found = try findings(yaml).filter { $0.contains("unreachable-link") }
    #expect(
      found == [
        "16:3 unreachable-link link 'strict' cannot be followed: every route to 'App.Strict' "
          + "stops at the step (screen 'Home' of 'App': external event 'strict' presents "
          + "'Strict' (sheet)), which needs a payload 'String'; no param of the link has that "
          + "type: add one, or build it with 'values'"
      ])
  }

  /// The route goes on where the event's action leads: a decision it decides (the app's
  /// answer is the next step), an alert it shows (the link taps a button next).
  @Test func theRouteGoesOnFromADecisionOrAnAlertAnEventShows() throws {
    let yaml = """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          events:
            route: { payload: Int, decide: Where }
            ask: { alert: Confirm }
          decisions:
            Where: { cases: { order: { payload: Int, present: Order }, home: stay } }
          alerts:
            Confirm: { on: { help: { present: Help }, cancel: stay } }
          screens:
            Home: {}
            Order: { input: Int, on: { close: dismiss } }
            Help: { on: { close: dismiss } }
      links:
        order: { url: '/orders/{n}', params: { n: Int }, to: App.Order }
        help: { url: /help, to: App.Help }
      """
    let found = try routes(yaml)
    #expect(
      found["order"] == [
        "from App",
        "screen 'Home' of 'App': external event 'route' decides 'Where', payload from param 'n'",
        "decision 'Where' of 'App': case 'order' presents 'Order' (sheet)",
      ])
    #expect(
      found["help"] == [
        "from App", "screen 'Home' of 'App': external event 'ask' shows 'Confirm'",
        "alert 'Confirm' of 'App': button 'help' presents 'Help' (sheet)",
      ])
  }

  /// A coordinator that only another coordinator's external event would start, were that
  /// coordinator ever reached, is out of every route's reach; the message counts external
  /// events among the ways a route goes.
  @Test func aCoordinatorNoRouteStartsIsOutOfReach() throws {
    let yaml = """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: {}
        Lost:
          start: Gone
          events:
            help: { start: Support }
          screens:
            Gone: {}
        Support:
          start: Topics
          screens:
            Topics: {}
      links:
        topics: { url: /topics, to: Support.Topics }
      """
    #expect(
      try findings(yaml).filter { $0.contains("unreachable-link") } == [
        "19:3 unreachable-link link 'topics' cannot be followed: screen 'Support.Topics' is in "
          + "no entry's reach: no route of screen events, decision cases, alert buttons, "
          + "external events, child starts and tabs starts coordinator 'Support' (routes start "
          + "at 'App')"
      ])
  }

  /// A tab coordinator's external events act on its tab container only (spec 7b).
  @Test func aTabCoordinatorsExternalEventsAreSentAtItsTabContainer() throws {
    let yaml = """
      version: 1
      coordinators:
        Main:
          entry: true
          tabs:
            - start: Feed
          events:
            whatsNew: { present: News, style: sheet }
          screens:
            News: { on: { close: dismiss } }
        Feed:
          start: List
          screens:
            List: {}
      links:
        news: { url: /news, to: Main.News }
      """
    let found = try routes(yaml)
    #expect(
      found["news"] == [
        "from Main", "tabs of 'Main': external event 'whatsNew' presents 'News' (sheet)",
      ])
  }

  /// Among routes of one length, a screen's own events come before its coordinator's external
  /// events: a link takes the way the user would before the one the app sends.
  @Test func aScreensOwnEventComesBeforeAnExternalEventOfTheSameLength() throws {
    let yaml = """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          events:
            open: { push: Detail }
          screens:
            Home: { on: { show: { push: Detail } } }
            Detail: { on: { back: pop } }
      links:
        detail: { url: /detail, to: App.Detail }
      """
    #expect(
      try routes(yaml)["detail"] == [
        "from App", "screen 'Home' of 'App': event 'show' pushes 'Detail'",
      ])
  }

  /// A decision the route asks, or an alert it shows, is no place to send an event from: the
  /// route stands there only until the app answers or the link taps.
  @Test func noExternalEventIsSentWhileADecisionIsAsked() throws {
    let yaml = """
      version: 1
      coordinators:
        App:
          entry: true
          start: Gate
          events:
            open: { push: Detail }
          decisions:
            Gate: { cases: { done: { finish: done } } }
          result: { done: ~ }
          screens:
            Detail: { on: { back: pop } }
      links:
        detail: { url: /detail, to: App.Detail }
      """
    #expect(try routes(yaml)["detail"] == ["unreachable: outOfReach(coordinatorReached: true)"])
    #expect(
      try findings(yaml).filter { $0.contains("unreachable-link") } == [
        "14:3 unreachable-link link 'detail' cannot be followed: routes reach coordinator 'App', "
          + "but no screen event, decision case, alert button or external event of it leads to "
          + "screen 'Detail' (routes start at 'App')"
      ])
  }
}
