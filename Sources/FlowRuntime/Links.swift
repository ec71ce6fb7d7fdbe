/// Following a deep link at run time (FLOW-SPEC section 12): the route that flowc found for a
/// link, as data that generated code hands to the root coordinator, and what follows it.
///
/// A route is a list of *legs*, one per coordinator it passes through, from the entry
/// coordinator to the target's. Each leg's *steps* run on its coordinator, from where the
/// coordinator starts: an event sent to the screen on top, an external event sent to the
/// coordinator (r3, FLOW-SPEC 13.6), a decision answered by the app, a tab selected. Each step says where it arrives (a screen of the coordinator on top, or a
/// child running), which is how the follower knows it went the route's way.

/// How a flow's action shows a screen: `push`, `present` with its style, or `replace`. A
/// coordinator remembers it for each screen it shows, and a deep link keeps a screen already
/// shown only when its route shows that screen the same way.
nonisolated public enum ScreenShowing: Hashable, Sendable {
  /// On top of the current stack (also when it opens a modal child's stack).
  case push
  /// In a new modal stack of that style.
  case present(ModalStyle)
  /// As the only screen of its coordinator on the current stack.
  case replace
}

/// Where a step of a route arrives: what shows that it went the route's way.
nonisolated public enum LinkArrival: Sendable {
  /// The coordinator shows the screen of that name (in the flow) on top, shown the way
  /// `shown` says.
  case screen(String, shown: ScreenShowing = .push)
  /// The coordinator runs a child of that type, which the route's next leg goes through.
  case child(Coordinator.Type)
  /// The coordinator, a tab coordinator, shows its tab whose coordinator has that type.
  case tab(Coordinator.Type)
  /// The coordinator asks a decision or shows an alert: the step arrives at once, and the
  /// next one (the decision's case) waits for the answer.
  case asking
}

/// One step of a link's route, on the coordinator of its leg.
nonisolated public struct LinkStep {
  /// What the step does.
  enum Action {
    /// Sends an event to the screen on top, or an external event to the coordinator; false
    /// when it cannot be taken.
    case event(@MainActor (Coordinator) -> Bool)
    /// Waits for the app's answer to a decision (asked by the step before, or by the
    /// coordinator's start).
    case decision
    /// Selects the tab of the coordinator of that type.
    case tab(Coordinator.Type)
    /// Taps this button (a case of the alert's button enum) of the alert that the step before
    /// shows: the link answers the alert itself.
    case button(any Sendable)
  }

  let action: Action
  /// Where the step arrives when it goes the route's way.
  public let arrival: LinkArrival
  /// Whether the step carries a value made from the link (a param, or a `values` value): then
  /// a navigation already shown is not the link's, since it may show another value.
  public let carriesLinkValue: Bool

  /// Sends `event` to the screen on top of the coordinator, as that screen would.
  /// `carriesLinkValue` is true when its payload comes from the link.
  @MainActor public static func event<Event>(
    _ event: Event, to arrival: LinkArrival, carriesLinkValue: Bool = false
  ) -> LinkStep {
    LinkStep(
      action: .event { coordinator in coordinator.sendToTopScreen(event) }, arrival: arrival,
      carriesLinkValue: carriesLinkValue)
  }

  /// Sends an external event to the leg's coordinator (r3, FLOW-SPEC 13.6) through `send`,
  /// which generated code makes from the coordinator's own `send(_:)`
  /// (`{ coordinator in coordinator.send(ShopExternalEvent.promo(code)) }`): false when no
  /// coordinator of the event's type runs there. `carriesLinkValue` is true when its payload
  /// comes from the link.
  public static func externalEvent(
    to arrival: LinkArrival, carriesLinkValue: Bool = false,
    _ send: @escaping @MainActor (Coordinator) -> Bool
  ) -> LinkStep {
    LinkStep(action: .event(send), arrival: arrival, carriesLinkValue: carriesLinkValue)
  }

  /// A decision the app answers; the route goes on where the route's case arrives.
  public static func decision(to arrival: LinkArrival) -> LinkStep {
    LinkStep(action: .decision, arrival: arrival, carriesLinkValue: false)
  }

  /// Selects the tab that runs a coordinator of type `coordinator`.
  public static func tab(_ coordinator: Coordinator.Type) -> LinkStep {
    LinkStep(action: .tab(coordinator), arrival: .tab(coordinator), carriesLinkValue: false)
  }

  /// Taps `button` of the alert that the step before shows (an event, or a decision's case
  /// once the app answers that case): the coordinator runs the button's action as if the user
  /// had tapped it, and the alert is never shown. A link is the user's choice already made,
  /// and an alert shown by it would stay on screen over the route's target. When the event
  /// before shows no such alert, the link stops (``LinkFailure/stopped``); when the app
  /// answers the decision before with another case, the link waits as at any decision.
  public static func alertButton<Button: Sendable>(
    _ button: Button, to arrival: LinkArrival, carriesLinkValue: Bool = false
  ) -> LinkStep {
    LinkStep(action: .button(button), arrival: arrival, carriesLinkValue: carriesLinkValue)
  }
}

/// The part of a route in one coordinator: its steps, from where the coordinator starts.
nonisolated public struct LinkLeg {
  /// The coordinator's type.
  public let coordinator: Coordinator.Type
  /// The name of the screen the coordinator starts at; `nil` when it starts at a decision
  /// or shows tabs.
  public let start: String?
  /// The steps, in order; the last arrives at the next leg's coordinator, or (in the last
  /// leg) at the target screen. Empty when the target is the start screen.
  public fileprivate(set) var steps: [LinkStep]

  public init(_ coordinator: Coordinator.Type, start: String?, _ steps: [LinkStep]) {
    self.coordinator = coordinator
    self.start = start
    self.steps = steps
  }
}

/// The route of one link, from the entry coordinator to its target screen.
nonisolated public struct LinkRoute {
  /// The link's name in the flow, for the app's logs.
  public let link: String
  /// The legs, from the entry coordinator's.
  public private(set) var legs: [LinkLeg]
  /// The target screen's name, which the last leg's coordinator shows on top at the end.
  public let target: String
  /// Whether the link waits at a decision answered another way (the flow's `waits`).
  public let waits: Bool
  /// (r3) For a relative link (FLOW-SPEC 13.6), what pushes its shared screen on the
  /// coordinator that owns the top stack, given that coordinator; `nil` for a routed link.
  let pushOnTop: (@MainActor (Coordinator) -> Bool)?

  public init(link: String, legs: [LinkLeg] = [], target: String, waits: Bool = true) {
    self.link = link
    self.legs = legs
    self.target = target
    self.waits = waits
    pushOnTop = nil
  }

  /// (r3) A relative link (FLOW-SPEC 13.6) to the shared screen `target`: it has no route,
  /// and is opened on the top stack (``Coordinator/topStack()``). `push` is given the
  /// coordinator of that stack's top screen, which owns the screen: it pushes the screen
  /// there and returns `true`, or returns `false` for a coordinator that cannot own it.
  /// Generated `open(_:)` makes it with a case per coordinator that can
  /// (`(owner as? SearchCoordinator)?.pushProfile(id)`).
  public init(
    link: String, relative target: String,
    push: @escaping @MainActor (_ owner: Coordinator) -> Bool
  ) {
    self.link = link
    legs = []
    self.target = target
    waits = false
    pushOnTop = push
  }

  /// Adds a leg in `coordinator`, which starts at the screen `start` (`nil`: at a decision,
  /// or with tabs): what generated `open(_:)` does for each coordinator the route enters.
  public mutating func leg(_ coordinator: Coordinator.Type, start: String? = nil) {
    legs.append(LinkLeg(coordinator, start: start, []))
  }

  /// Adds `step` to the last leg.
  public mutating func add(_ step: LinkStep) {
    guard !legs.isEmpty else { return }
    legs[legs.count - 1].steps.append(step)
  }

  /// Adds ``LinkStep/event(_:to:carriesLinkValue:)`` to the last leg.
  @MainActor public mutating func event<Event>(
    _ event: Event, to arrival: LinkArrival, carriesLinkValue: Bool = false
  ) {
    add(.event(event, to: arrival, carriesLinkValue: carriesLinkValue))
  }

  /// Adds ``LinkStep/externalEvent(to:carriesLinkValue:_:)`` to the last leg.
  public mutating func externalEvent(
    to arrival: LinkArrival, carriesLinkValue: Bool = false,
    _ send: @escaping @MainActor (Coordinator) -> Bool
  ) {
    add(.externalEvent(to: arrival, carriesLinkValue: carriesLinkValue, send))
  }

  /// Adds ``LinkStep/decision(to:)`` to the last leg.
  public mutating func decision(to arrival: LinkArrival) {
    add(.decision(to: arrival))
  }

  /// Adds ``LinkStep/tab(_:)`` to the last leg.
  public mutating func tab(_ coordinator: Coordinator.Type) {
    add(.tab(coordinator))
  }

  /// Adds ``LinkStep/alertButton(_:to:carriesLinkValue:)`` to the last leg.
  public mutating func alertButton<Button: Sendable>(
    _ button: Button, to arrival: LinkArrival, carriesLinkValue: Bool = false
  ) {
    add(.alertButton(button, to: arrival, carriesLinkValue: carriesLinkValue))
  }
}

/// How following a link ended, as the app is told.
nonisolated public enum LinkOutcome: Hashable, Sendable {
  /// The target screen is on top.
  case followed
  /// The link was not followed, for that reason.
  case notFollowed(LinkFailure)
}

/// Why a link was not followed.
nonisolated public enum LinkFailure: Hashable, Sendable {
  /// The app gave no value for a type the route needs (the link's `values`).
  case noValue
  /// A decision on the route was answered another way, and the link does not wait
  /// (`waits: false`).
  case answeredOtherwise
  /// Another link was opened before this one arrived.
  case replaced
  /// The navigation did not go the route's way: a screen did not take the route's event, the
  /// coordinator it waited in ended, or the link was opened on a coordinator that is not
  /// its route's entry.
  case stopped
}

extension Coordinator {
  /// Follows `route` from here, the root coordinator (generated `open(_:)` calls it): keeps
  /// the part of the current navigation that matches the start of the route, ends what is
  /// above it (children are dropped, screens removed), and performs the rest of the route,
  /// all without animation. At a decision answered another way the link waits, and goes on
  /// when the navigation reaches a coordinator further on the route; a new link replaces a
  /// waiting one. `onEnd` is told once how it ended.
  public func follow(
    _ route: LinkRoute, onEnd: @escaping @MainActor (LinkOutcome) -> Void = { _ in }
  ) {
    follow(onEnd: onEnd) { answer in answer(route) }
  }

  /// Follows the route that `ask` gives, once the app has made the values it needs (a
  /// link's `values`, answered possibly later): `nil` stops the link (``LinkFailure/noValue``).
  /// Opening another link before the answer replaces this one, and the answer is ignored.
  public func follow(
    onEnd: @escaping @MainActor (LinkOutcome) -> Void = { _ in },
    asking ask: (_ answer: @escaping @MainActor (LinkRoute?) -> Void) -> Void
  ) {
    let follower = linkFollower ?? LinkFollower(root: self)
    linkFollower = follower
    let ticket = follower.open(onEnd)
    ask { [weak follower] route in
      guard let follower, follower.isCurrent(ticket) else { return }
      guard let route else { return follower.end(.notFollowed(.noValue)) }
      follower.begin(route)
    }
  }

  /// The coordinator at the root of this one's tree.
  var treeRoot: Coordinator {
    var root = self
    while let parent = root.parent { root = parent }
    return root
  }

  /// Tells a link waiting for the navigation that this coordinator navigated.
  func linkNavigated() {
    treeRoot.linkFollower?.navigated(in: self)
  }

  /// Runs `body`, a navigation that may navigate more inside it (a child's start), and tells
  /// a waiting link once, after all of it.
  func navigating(_ body: () -> Void) {
    let follower = treeRoot.linkFollower
    follower?.depth += 1
    body()
    follower?.depth -= 1
    linkNavigated()
  }

  /// Whether this coordinator is `ancestor` or runs inside it.
  func isInside(_ ancestor: Coordinator) -> Bool {
    var current: Coordinator? = self
    while let coordinator = current {
      if coordinator === ancestor { return true }
      current = coordinator.parent
    }
    return false
  }

  /// The running child that shows `arrival` has happened, if it names a child or a tab.
  func child(at arrival: LinkArrival) -> Coordinator? {
    switch arrival {
    case .screen, .asking: return nil
    case .child(let type), .tab(let type):
      return children.last { ObjectIdentifier(Swift.type(of: $0)) == ObjectIdentifier(type) }
    }
  }

  /// Whether `arrival` shows now.
  func hasArrived(at arrival: LinkArrival) -> Bool {
    switch arrival {
    case .screen(let name, _): topScreenName == name
    case .child, .tab: child(at: arrival).map { !$0.isFinished } ?? false
    case .asking: true
    }
  }

  /// Whether `arrival` is a screen or a child, and shows now.
  func hasShown(_ arrival: LinkArrival) -> Bool {
    if case .asking = arrival { return false }
    return hasArrived(at: arrival)
  }

  /// Ends, without a handler, every child but `kept` and the tabs; for a tab coordinator,
  /// also closes the modal stacks its other tabs show over the tabs.
  func endAbove(keeping kept: Coordinator?) {
    for child in children.reversed() where child !== kept {
      if child.isTab { child.closeModals() } else { child.drop() }
    }
  }

  /// Drops the children shown in modal stacks above this coordinator's stack, and closes
  /// those stacks: what a tab that is not the link's shows over the tab container.
  func closeModals() {
    for child in children.reversed()
    where !child.isShownInColumn
      && (child.router !== router || child.base.modals > base.modals || child.role != .push)
    {
      child.drop()
    }
    for child in children { child.closeModals() }
    while router.top.modals > base.modals { router.dismiss() }
  }

  /// (r3) The top stack as a relative link finds it (FLOW-SPEC 13.6), from this coordinator,
  /// the root, inward: the topmost modal stack, else the selected tab's stack. At each
  /// coordinator, the last child it started that runs in a modal stack or on its own stack
  /// is above it; a tab coordinator's own modal stack is over its tabs, and so is a tab's
  /// modal stack (the selected tab's first, else the last tab's that shows one); else the
  /// selected tab is. Returns the coordinator found (`nil` at tabs with no tab to go into)
  /// and the routers passed on the way, whose alerts are over that stack. O(the coordinators
  /// on the way and their children).
  func topStack() -> (owner: Coordinator?, routers: [any Router]) {
    var current = self
    var routers: [any Router] = []
    while true {
      if !routers.contains(where: { $0 === current.router }) { routers.append(current.router) }
      if let child = current.children.last(where: { !$0.isTab && !$0.isFinished }) {
        current = child
        continue
      }
      guard let container = current.tabContainer else { return (current, routers) }
      // A modal stack of the tab coordinator's own (its screens, presented over the tabs).
      if current.router.top.modals > current.tabContainerModals { return (current, routers) }
      let tabs = current.children.filter { $0.isTab && !$0.isFinished }
      let index = current.router.selectedTab(of: container)
      let selected = tabs.first { $0.tabIndex == index }
      let presenting: Coordinator? =
        if let selected, selected.router.top.modals > 0 {
          selected
        } else {
          tabs.last { $0.router.top.modals > 0 }
        }
      guard let next = presenting ?? selected else { return (nil, routers) }
      current = next
    }
  }

  /// Keeps the screens of this coordinator that already show the start of `leg`, and ends
  /// what is above them: its children are dropped (not its tabs) and its screens above the
  /// first that differs from the route removed. A screen is kept when it is the one the
  /// route shows there (the leg's start, then each step's screen in order), shown the same
  /// way, and reached by no step that carries a value of the link (it may show another
  /// value). Returns how many of the leg's steps the kept screens stand for, from which the
  /// link goes on; `nil` when the coordinator's first screen is neither the leg's start nor
  /// one a `replace` of the route shows there. O(the leg's steps and the coordinator's
  /// screens).
  func keepScreens(matching leg: LinkLeg) -> Int? {
    endAbove(keeping: nil)
    guard hasShownScreen else { return leg.start == nil ? 0 : nil }
    let shown = ownScreens
    /// The screens the route shows after each step, as far as they agree with `shown`.
    var expected: [(name: String?, showing: ScreenShowing)] = []
    /// Where each stack of `expected` begins: a `replace` replaces the screens of the top one.
    var stacks = [0]
    /// How many screens `expected` and `shown` have in common from the bottom.
    var agree = 0
    if let start = leg.start {
      expected.append((start, .push))
      agree = shown.first?.name == start ? 1 : 0
    } else if showsTabs {
      // The tabs' container stands for the start.
      expected.append((nil, .push))
      agree = shown.isEmpty ? 0 : 1
    }
    var kept = (screens: agree, steps: 0)
    steps: for (index, step) in leg.steps.enumerated() {
      // A screen that shows a value of the link may show another one, and so may all above.
      guard !step.carriesLinkValue else { break }
      switch step.arrival {
      case .asking:
        continue  // the decision's case or the alert's button after it shows the screen
      case .child, .tab:
        break steps  // the leg ends in a child that was not kept
      case .screen(let name, let showing):
        switch showing {
        case .push: break
        case .present: stacks.append(expected.count)
        case .replace:
          let from = stacks.last ?? 0
          expected.removeSubrange(from...)
          agree = min(agree, from)
        }
        expected.append((name, showing))
        if agree == expected.count - 1, agree < shown.count, shown[agree].name == name,
          shown[agree].showing == showing
        {
          agree += 1
        }
        if agree == expected.count { kept = (agree, index + 1) }
      }
    }
    if kept.screens == 0 {
      // Its first screen is not the route's (nor what a `replace` on the route shows).
      guard leg.start == nil else { return nil }
      // A coordinator that starts at a decision and shows nothing of the route yet: its
      // start decision is asked again, on what is below it. A tab container stays.
      if !showsTabs { removeOwnScreens() }
    } else if let position = shown[kept.screens - 1].position, position < router.top {
      router.unwind(to: position)
    }
    return kept.steps
  }

  /// Ends this coordinator's children and screens and starts it again from its start: for a
  /// root whose first screen is not the route's.
  func restart() {
    endAbove(keeping: nil)
    if base < router.top { router.unwind(to: base) }
    start()
  }
}

/// Follows one link at a time for a root coordinator: performs its route's steps, waits for
/// the navigation where a step does not arrive at once, and tells the app how it ended.
@MainActor
final class LinkFollower {
  /// Where a link being followed is.
  private struct Place {
    var route: LinkRoute
    /// The leg, and the coordinator that runs it.
    var leg: Int
    var coordinator: Coordinator
    /// The next step of the leg to arrive.
    var step: Int
    /// Whether the route started the leg's coordinator (then its start decision is already
    /// asked), rather than keeping one that ran.
    var startedByRoute: Bool
  }

  private weak var root: Coordinator?
  /// The link opened last: its number, and who to tell how it ends.
  private var ticket = 0
  private var onEnd: (@MainActor (LinkOutcome) -> Void)?
  /// Where the link is, once its route is known and until it ends.
  private var place: Place?
  /// Whether the follower is performing steps now: the navigation they cause is its own.
  private var isPerforming = false
  /// The button the route's next step taps on the alert that a coordinator is about to
  /// show, which ``Coordinator/answerOnce(_:)`` takes: set while the follower sends the event
  /// that shows the alert, or while a decision whose case shows it waits for the app's
  /// answer. In that case `navigations` is the coordinator's count when it was asked: the
  /// answer is the link's only while the coordinator is still where it asked.
  private var alertAnswer: (coordinator: ObjectIdentifier, button: any Sendable, navigations: Int?)?
  /// Whether the alert answer was taken (the alert was answered, not shown).
  private var tappedAlert = false
  /// How deep inside a navigation that navigates more (a child's start) the tree is: a
  /// waiting link looks only once it is over.
  var depth = 0
  /// The routers whose animation the follower turned off while it performs, and what each
  /// had before.
  private var quieted: [(router: any Router, animated: Bool)] = []

  init(root: Coordinator) {
    self.root = root
  }

  /// A new link: the one before is replaced (and told). Returns the new one's ticket.
  func open(_ onEnd: @escaping @MainActor (LinkOutcome) -> Void) -> Int {
    if self.onEnd != nil { end(.notFollowed(.replaced)) }
    ticket += 1
    self.onEnd = onEnd
    return ticket
  }

  /// Whether `ticket` is the link being followed.
  func isCurrent(_ ticket: Int) -> Bool {
    ticket == self.ticket && onEnd != nil
  }

  /// Ends the link being followed and tells the app `outcome`.
  func end(_ outcome: LinkOutcome) {
    place = nil
    alertAnswer = nil
    tappedAlert = false
    let onEnd = self.onEnd
    self.onEnd = nil
    onEnd?(outcome)
  }

  /// Starts following `route`: keeps the coordinators that already run the route's way and,
  /// in the deepest of them, the screens that already show the route's steps; ends what is
  /// above them, and performs the rest.
  func begin(_ route: LinkRoute) {
    if let push = route.pushOnTop { return openOnTop(route, push: push) }
    guard let root, let first = route.legs.first,
      ObjectIdentifier(type(of: root)) == ObjectIdentifier(first.coordinator)
    else { return end(.notFollowed(.stopped)) }
    perform {
      var leg = 0
      var coordinator = root
      // A leg whose steps carry nothing of the link leads the same way every time: the
      // child it arrived at before is the link's.
      while leg + 1 < route.legs.count, let last = route.legs[leg].steps.last,
        !route.legs[leg].steps.contains(where: \.carriesLinkValue),
        let next = coordinator.child(at: last.arrival), !next.isFinished
      {
        quiet(coordinator.router)
        coordinator.endAbove(keeping: next)
        if case .tab(let type) = last.action { coordinator.select(type) }
        coordinator = next
        leg += 1
      }
      // The deepest kept coordinator keeps the screens that show the start of its leg; if
      // its first screen is not the route's, the one that started it starts it again.
      quiet(coordinator.router)
      // A root that shows nothing yet starts, unless its start decision waits for an answer.
      var asks = false
      if coordinator === root, coordinator.children.isEmpty, !coordinator.hasShownScreen {
        if coordinator.askedAt != coordinator.navigations {
          coordinator.start()
        }
        asks = route.legs[leg].start == nil
      }
      var step = 0
      while true {
        if let kept = coordinator.keepScreens(matching: route.legs[leg]) {
          step = kept
          break
        }
        guard leg > 0, let parent = coordinator.parent else {
          coordinator.restart()
          break
        }
        coordinator.drop()
        coordinator = parent
        leg -= 1
      }
      place = Place(
        route: route, leg: leg, coordinator: coordinator, step: step, startedByRoute: asks)
      advance()
    }
  }

  /// (r3) Opens a relative link (FLOW-SPEC 13.6): closes the alerts over the top stack without
  /// running a button, then has the coordinator of that stack's top screen push the link's
  /// shared screen, without animation, as a routed link's steps are. Nothing else is ended.
  /// The link stops when no coordinator's screen is on top of that stack (its coordinator
  /// waits for the answer to its start decision, say) or the coordinator cannot act, or when
  /// `push` does not show the target there.
  private func openOnTop(_ route: LinkRoute, push: @MainActor (Coordinator) -> Bool) {
    guard let root else { return end(.notFollowed(.stopped)) }
    perform {
      let (owner, routers) = root.topStack()
      for router in routers { router.closeAlerts() }
      guard let owner, owner.canAct, owner.ownTopScreen != nil else {
        return end(.notFollowed(.stopped))
      }
      quiet(owner.router)
      guard push(owner), owner.topScreenName == route.target else {
        return end(.notFollowed(.stopped))
      }
      end(.followed)
    }
  }

  /// A coordinator navigated: a link that waits looks whether the route went on.
  func navigated(in coordinator: Coordinator) {
    guard !isPerforming, depth == 0, let place else { return }
    guard !place.coordinator.isFinished else { return end(.notFollowed(.stopped)) }
    guard coordinator.isInside(place.coordinator) else { return }
    let leg = place.route.legs[place.leg]
    if hasArrived(at: place.step, of: leg, in: place.coordinator) {
      self.place?.step += 1
    } else if place.leg + 1 < place.route.legs.count, let last = leg.steps.last,
      place.coordinator.hasArrived(at: last.arrival)
    {
      alertAnswer = nil
      self.place?.step = leg.steps.count
    } else {
      if !place.route.waits { end(.notFollowed(.answeredOtherwise)) }
      return
    }
    perform { advance() }
  }

  /// Performs steps from where the link is until it arrives, stops, or must wait.
  private func advance() {
    while var place {
      let leg = place.route.legs[place.leg]
      let coordinator = place.coordinator
      guard place.step < leg.steps.count else {
        guard place.leg + 1 < place.route.legs.count else {
          return end(
            coordinator.topScreenName == place.route.target ? .followed : .notFollowed(.stopped))
        }
        guard let last = leg.steps.last, let next = coordinator.child(at: last.arrival) else {
          return end(.notFollowed(.stopped))
        }
        quiet(next.router)
        place.leg += 1
        place.coordinator = next
        place.step = 0
        place.startedByRoute = true
        self.place = place
        continue
      }
      let step = leg.steps[place.step]
      switch step.action {
      case .event(let send):
        tappedAlert = false
        alertAnswer = nil
        if place.step + 1 < leg.steps.count,
          case .button(let button) = leg.steps[place.step + 1].action
        {
          alertAnswer = (ObjectIdentifier(coordinator), button, nil)
        } else if let button = alertButton(after: place.step + 1, of: leg) {
          // The event asks a decision whose case shows the alert: the app may answer at once.
          alertAnswer = (ObjectIdentifier(coordinator), button, coordinator.navigations)
        }
        let sent = send(coordinator)
        if alertAnswer?.navigations == nil { alertAnswer = nil }
        guard sent else { return end(.notFollowed(.stopped)) }
      case .button:
        // Tapped already, when the event or the decision's case before showed the alert; or
        // by the user, when the app answered a start decision before the link was there.
        guard tappedAlert || coordinator.hasShown(step.arrival) else {
          return end(.notFollowed(.stopped))
        }
        tappedAlert = false
      case .decision:
        // A case that shows the alert whose button the next step taps: the link answers
        // the alert when the app's answer shows it.
        if !tappedAlert, let button = alertButton(after: place.step, of: leg) {
          alertAnswer = (ObjectIdentifier(coordinator), button, coordinator.navigations)
        }
        // A start decision that the route did not just ask is asked again.
        if place.step == 0, !place.startedByRoute { coordinator.start() }
      case .tab(let type):
        coordinator.select(type)
        if let tab = coordinator.child(at: step.arrival) { coordinator.endAbove(keeping: tab) }
      }
      // The step may have ended the link (a link opened from a handler replaces this one).
      guard self.place != nil else { return }
      guard hasArrived(at: place.step, of: leg, in: coordinator) else {
        return  // waits: navigated(in:) goes on
      }
      place.step += 1
      self.place = place
    }
  }

  /// The button of an alert that the step after `step` taps, when `step` is a decision whose
  /// case shows that alert.
  private func alertButton(after step: Int, of leg: LinkLeg) -> (any Sendable)? {
    guard step + 1 < leg.steps.count, case .decision = leg.steps[step].action,
      case .button(let button) = leg.steps[step + 1].action
    else { return nil }
    return button
  }

  /// Whether `step` of `leg` has arrived in `coordinator`: a decision whose case shows the
  /// alert of the next step once the link answered that alert (another case leaves it
  /// waiting, as any decision answered another way), any other step where it arrives.
  private func hasArrived(at step: Int, of leg: LinkLeg, in coordinator: Coordinator) -> Bool {
    guard alertButton(after: step, of: leg) == nil else {
      return tappedAlert || coordinator.hasShown(leg.steps[step + 1].arrival)
    }
    return coordinator.hasArrived(at: leg.steps[step].arrival)
  }

  /// The button the link taps on the alert `coordinator` shows now, if its type is `Button`:
  /// taken once, by the `answerOnce` that the alert's buttons call.
  func takeAlertAnswer<Button>(for coordinator: Coordinator, as _: Button.Type) -> Button? {
    guard let answer = alertAnswer, answer.coordinator == ObjectIdentifier(coordinator),
      answer.navigations.map({ $0 == coordinator.navigations }) ?? true,
      let button = answer.button as? Button
    else { return nil }
    alertAnswer = nil
    tappedAlert = true
    return button
  }

  /// Runs `body` as the follower's own navigation, without animation on the routers it
  /// quiets, and turns animation back on after it.
  private func perform(_ body: () -> Void) {
    let outer = isPerforming
    isPerforming = true
    if let root { quiet(root.router) }
    body()
    isPerforming = outer
    guard !outer else { return }
    for (router, animated) in quieted.reversed() { router.animatesTransitions = animated }
    quieted.removeAll()
  }

  /// Turns off `router`'s animation until the follower's navigation is over. A router whose
  /// animation is off already (the app's choice, or a tab stack that follows its tab
  /// container's router) is left alone.
  private func quiet(_ router: any Router) {
    guard isPerforming, router.animatesTransitions,
      !quieted.contains(where: { $0.router === router })
    else { return }
    quieted.append((router, router.animatesTransitions))
    router.animatesTransitions = false
  }
}
