/// Sequences of actions (FLOW-SPEC r3, section 13.1): several actions in one step of a flow,
/// run one after another, each once the router has finished the one before.
extension Coordinator {
  /// Runs `elements`, the actions of a flow's sequence, in order: each once the router has
  /// finished every transition before it (``Router/whenIdle(_:)``), and only while it can
  /// still act where the element before led. The first runs at once when the router is idle.
  ///
  /// An element can no longer act when, since the element before ran (for the first, since
  /// this call): the coordinator ended; the top of its router moved, or the user took screens
  /// away (a sheet swiped away during a dismissal, a swipe back, a presentation UIKit
  /// refused); the coordinator navigated otherwise (another event, an external event); or a
  /// child it started runs on its stack. Then the sequence stops: neither that element nor
  /// any after it runs, and the app is told once, through ``FlowLog``
  /// (``FlowLogMessage/Kind/stoppedSequence``, with ``FlowLogMessage/element``), and the
  /// router through ``Router/sequenceStopped(before:of:)``.
  ///
  /// Each element is one action as generated code writes it alone (`{ [self] in dismiss() }`,
  /// `{ [self] in push(makeRoom(payload)) }`); every element but the last is a `pop`,
  /// `popToRoot`, `dismiss`, `push`, `present` or `replace`, the last any action. An element
  /// may capture the coordinator strongly: the sequence holds the elements only until it
  /// ends or stops, and never runs one once the coordinator ended. The elements run with the
  /// router's animation as it was at this call: a sequence that a launch or a deep link runs
  /// without animation stays without it to its end. A deep link that waits for the
  /// navigation looks once the sequence has ended or stopped, not between its elements.
  ///
  /// `node` names where the action is written, for the message (`screen Inbox`, `decision
  /// Route`, `event sessionExpired`, `start`), and `trigger` what triggered it (the event or
  /// case, described: it may hold the user's data, and the unified log keeps it private).
  public func perform(
    _ elements: [@MainActor () -> Void], at node: String = "", after trigger: String = ""
  ) {
    guard !elements.isEmpty else { return }
    let sequence = ActionSequence(
      coordinator: self, elements: elements, node: node, trigger: trigger)
    sequence.next()
  }
}

/// A flow's sequence being run: its elements, the next one to run, and where the element
/// before left the coordinator and its router.
@MainActor
final class ActionSequence {
  /// Where an element left the navigation: what the next one expects to find.
  private struct Place: Equatable {
    var navigations: Int
    var top: StackPosition
    var userUnwinds: Int
  }

  private weak var coordinator: Coordinator?
  private weak var router: (any Router)?
  /// The elements, until the sequence ends or stops.
  private var elements: [@MainActor () -> Void]
  private let count: Int
  /// The index of the next element to run.
  private var index = 0
  private var expected: Place
  private let animated: Bool
  private let node: String
  private let trigger: String
  /// The link follower that waits while the sequence runs, if a link was being followed.
  private weak var follower: LinkFollower?
  /// (r3) The child whose request the handler that runs the sequence answers: the first
  /// element acts as the handler would (FLOW-SPEC 13.1, 13.3), also when it waits for a
  /// transition and so runs after the handler returned.
  private weak var asking: Coordinator?

  init(
    coordinator: Coordinator, elements: [@MainActor () -> Void], node: String, trigger: String
  ) {
    self.coordinator = coordinator
    router = coordinator.router
    self.elements = elements
    count = elements.count
    animated = coordinator.router.animatesTransitions
    self.node = node
    self.trigger = trigger
    expected = Self.place(of: coordinator)
    follower = coordinator.treeRoot.linkFollower
    follower?.depth += 1
    asking = coordinator.askingChild
  }

  private static func place(of coordinator: Coordinator) -> Place {
    Place(
      navigations: coordinator.navigations, top: coordinator.router.top,
      userUnwinds: coordinator.routerOwner.userUnwinds)
  }

  /// Runs the next element once the router is idle.
  func next() {
    guard let router else { return end() }
    router.whenIdle { [self] in runNext() }
  }

  private func runNext() {
    guard !elements.isEmpty else { return }
    guard let coordinator else { return stop(.coordinatorEnded) }
    if index == 0, let asking, coordinator.askingChild !== asking {
      return coordinator.handling(requestOf: asking) { runNext() }
    }
    if let reason = refusal(in: coordinator) { return stop(reason) }
    let element = elements[index]
    index += 1
    // The user's unwinds are counted from before the element: a presentation the router
    // refuses at once is reported while the element runs.
    let userUnwinds = coordinator.routerOwner.userUnwinds
    if animated {
      element()
    } else {
      coordinator.router.withoutAnimation(element)
    }
    guard index < count else { return end() }
    expected = Self.place(of: coordinator)
    expected.userUnwinds = userUnwinds
    next()
  }

  /// Why the next element cannot act in `coordinator` now, or `nil` when it can.
  private func refusal(in coordinator: Coordinator) -> FlowLogMessage.Reason? {
    if coordinator.isFinished { return .coordinatorEnded }
    let now = Self.place(of: coordinator)
    if now.top != expected.top || now.userUnwinds != expected.userUnwinds { return .screenGone }
    if now.navigations != expected.navigations { return .navigated }
    return coordinator.canAct ? nil : .childRuns
  }

  /// Stops before the next element, and tells the app and the router.
  private func stop(_ reason: FlowLogMessage.Reason) {
    let coordinatorName = coordinator.map { String(describing: type(of: $0)) } ?? ""
    FlowLog.write(
      .stoppedSequence(
        reason, coordinator: coordinatorName, node: node, value: trigger, element: index + 1,
        of: count))
    router?.sequenceStopped(before: index + 1, of: count)
    end()
  }

  /// Lets go of the elements, and has a link that waits look at the navigation.
  private func end() {
    elements = []
    guard let follower else { return }
    self.follower = nil
    follower.depth -= 1
    coordinator?.linkNavigated()
  }
}
