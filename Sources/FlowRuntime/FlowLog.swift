#if canImport(os)
  import os
#endif

/// What FlowRuntime drops, with what it was and why: a screen's event that comes once the
/// screen is no longer on top, a decision's answer or an alert's button that comes late or
/// twice, a decision's task that the coordinator cancelled, a flow's sequence whose next
/// element could no longer act (r3). None of these is an error (a double tap sends a second
/// event that must not push twice; a user may swipe a sheet away while a sequence waits for
/// an animation), but each is worth seeing while debugging: a screen that keeps its `send`
/// after it is gone, a network call that answers after the user left.
nonisolated public struct FlowLogMessage: Hashable, Sendable, CustomStringConvertible {
  /// What was dropped or stopped.
  public enum Kind: String, Hashable, Sendable {
    /// A screen's event.
    case droppedEvent = "event"
    /// A decision's answer.
    case droppedAnswer = "answer"
    /// An alert's button.
    case droppedButton = "button"
    /// The task that answers a decision with its `async` form, cancelled.
    case cancelledDecision = "decision task"
    /// A decision the app answers in neither form: it is never answered.
    case unansweredDecision = "decision"
    /// A flow's sequence of actions (r3, FLOW-SPEC 13.1) that stopped before one of its
    /// elements, which could no longer act; the elements after it did not run either
    /// (``FlowLogMessage/element`` and ``FlowLogMessage/elementCount`` say which).
    case stoppedSequence = "sequence"
    /// A child's request (r3, FLOW-SPEC 13.3) that nothing handles: sent once the child or its
    /// parent ended, or by an entry coordinator whose app gave no `onRequest`.
    case droppedRequest = "request"
  }

  /// Why.
  public enum Reason: String, Hashable, Sendable {
    /// The screen that sent the event is covered, popped or replaced.
    case notOnTop = "the screen is no longer on top"
    /// A child that the coordinator started runs on its stack: the child's screens, or its
    /// decision, come before the coordinator's own.
    case childRuns = "a child its coordinator started runs"
    /// The coordinator finished, was left or was dropped, or is gone.
    case coordinatorEnded = "its coordinator ended"
    /// The coordinator, or the user, navigated since the decision was asked or the alert
    /// shown: the answer would act on a screen it was not meant for.
    case navigated = "the navigation moved on since it was asked"
    /// The decision was answered, or a button of the alert tapped, already.
    case answeredAlready = "it was answered already"
    /// Neither `decide…(…, answer:)` nor `decide…(…) async` is implemented: each is the
    /// default that calls the other.
    case notImplemented = "the app implements neither form of it"
    /// The screen the element of a sequence acts on went away while the element before
    /// ended (the user swiped a sheet away, went back, or UIKit refused a presentation).
    case screenGone = "the screen it acts on went away"
    /// (r3) An entry coordinator's request, which goes to the app, and the app gave no
    /// `onRequest`.
    case noHandler = "the app gave no handler of it"
  }

  /// What was dropped or stopped.
  public var kind: Kind
  /// Why.
  public var reason: Reason
  /// The type of the coordinator: `CheckoutCoordinator`.
  public var coordinator: String
  /// The flow's name of the screen, decision or alert: `Review`; empty when the coordinator
  /// gave none.
  public var node: String
  /// The event, answer or button, described (`pay(Address(…))`): it may hold the user's
  /// data, and the unified log keeps it private. Empty for a task. For a sequence, what
  /// triggered it (the event, the case, the button), as the generated code describes it.
  public var value: String
  /// For a stopped sequence, the element that could not act, 1 for the first; `nil` for the
  /// other kinds.
  public var element: Int?
  /// For a stopped sequence, how many elements it has; `nil` for the other kinds.
  public var elementCount: Int?

  public init(
    _ kind: Kind, _ reason: Reason, coordinator: String, node: String, value: String = ""
  ) {
    self.kind = kind
    self.reason = reason
    self.coordinator = coordinator
    self.node = node
    self.value = value
  }

  /// A sequence of `count` elements that stopped before its element `element` (1 is the
  /// first), for `reason`.
  public static func stoppedSequence(
    _ reason: Reason, coordinator: String, node: String, value: String = "",
    element: Int, of count: Int
  ) -> FlowLogMessage {
    var message = FlowLogMessage(
      .stoppedSequence, reason, coordinator: coordinator, node: node, value: value)
    message.element = element
    message.elementCount = count
    return message
  }

  /// What the node is: `screen`, `decision` or `alert`; empty for a sequence, whose node
  /// names its kind itself (`screen Inbox`, `event sessionExpired`).
  private var nodeKind: String {
    switch kind {
    case .droppedEvent: "screen"
    case .droppedAnswer, .cancelledDecision, .unansweredDecision: "decision"
    case .droppedButton: "alert"
    case .stoppedSequence, .droppedRequest: ""
    }
  }

  /// `dropped event pay(…) of screen Review (CheckoutCoordinator): the screen is no longer
  /// on top`; `stopped sequence openThread(…) of screen Inbox (InboxCoordinator) before
  /// element 2 of 3: the screen it acts on went away`.
  public var description: String {
    let verb =
      switch kind {
      case .droppedEvent, .droppedAnswer, .droppedButton, .droppedRequest: "dropped"
      case .cancelledDecision: "cancelled"
      case .unansweredDecision: "never answered:"
      case .stoppedSequence: "stopped"
      }
    let what = value.isEmpty ? kind.rawValue : "\(kind.rawValue) \(value)"
    let kindOfNode = nodeKind.isEmpty ? "" : "\(nodeKind) "
    let node = self.node.isEmpty ? "" : " of \(kindOfNode)\(self.node)"
    return "\(verb) \(what)\(node) (\(coordinator))\(position): \(reason.rawValue)"
  }

  /// ` before element 2 of 3` for a stopped sequence; empty otherwise.
  private var position: String {
    guard let element else { return "" }
    return " before element \(element)" + (elementCount.map { " of \($0)" } ?? "")
  }
}

/// Where FlowRuntime's messages go (``FlowLogMessage``).
///
/// By default, on Apple platforms, to the unified log (`os.Logger`, subsystem `FlowRuntime`,
/// category `navigation`): drops and cancellations at the debug level, a decision answered in
/// neither form as a fault. The value dropped is private there (redacted unless a debugger
/// is attached or the profile says otherwise), the names are public. Elsewhere nothing is
/// written. Set ``handler`` to send them to the app's own logging instead; a test captures
/// the messages of what it runs with ``withHandler(_:_:)``.
public enum FlowLog {
  /// Receives every message in place of the unified log, when set.
  @MainActor public static var handler: (@MainActor (FlowLogMessage) -> Void)?

  /// The handler of the current task and the tasks it starts, which takes precedence over
  /// ``handler``: what ``withHandler(_:_:)`` sets.
  @TaskLocal static var scoped: (@MainActor (FlowLogMessage) -> Void)?

  /// Runs `body` with `handler` receiving every message written while it runs, in this task
  /// and in the tasks it starts (a decision's task among them): what a test uses, since tests
  /// that run at the same time each see only their own messages.
  @MainActor
  public static func withHandler<Result>(
    _ handler: @escaping @MainActor (FlowLogMessage) -> Void, _ body: () throws -> Result
  ) rethrows -> Result {
    try $scoped.withValue(handler, operation: body)
  }

  /// Runs the asynchronous `body` with `handler` receiving every message written while it
  /// runs, in this task and in the tasks it starts.
  public static func withHandler<Result>(
    _ handler: @escaping @MainActor (FlowLogMessage) -> Void,
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
  ) async rethrows -> Result {
    try await $scoped.withValue(handler, operation: body, isolation: isolation)
  }

  /// Writes `message` where it goes.
  @MainActor
  static func write(_ message: FlowLogMessage) {
    if let scoped {
      scoped(message)
    } else if let handler {
      handler(message)
    } else {
      writeToSystemLog(message)
    }
  }

  /// The unified log, where there is one.
  @MainActor
  private static func writeToSystemLog(_ message: FlowLogMessage) {
    #if canImport(os)
      if #available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *) {
        let logger = Logger(subsystem: "FlowRuntime", category: "navigation")
        let text = message.kind == .unansweredDecision ? "never answered:" : message.kind.rawValue
        let place = "\(message.node) (\(message.coordinator)): \(message.reason.rawValue)"
        if message.kind == .unansweredDecision {
          logger.fault("\(text, privacy: .public) \(place, privacy: .public)")
        } else if message.kind == .stoppedSequence {
          // The user sees the navigation stop short of where the flow leads: worth a notice.
          var withoutValue = message
          withoutValue.value = ""
          logger.notice(
            "\(withoutValue.description, privacy: .public) after \(message.value, privacy: .private)"
          )
        } else {
          logger.debug(
            "\(text, privacy: .public) \(message.value, privacy: .private) of \(place, privacy: .public)"
          )
        }
      }
    #endif
  }
}
