/// A screen factory for tests and previews that makes every screen of a module as a
/// ``StubScreen`` and keeps what the coordinators asked: the screens it made, with each
/// screen's `send`, the decisions asked, with each one's `answer`, and the tab containers.
///
/// flowc generates its conformance to every `<C>Screens` protocol of a module, next to the
/// protocols (`extension RecordingScreens: CheckoutScreens`), so one `RecordingScreens`
/// runs any coordinator of the module and the children it starts:
///
/// ```swift
/// let router = RecordingRouter()
/// let screens = RecordingScreens()
/// let checkout = CheckoutCoordinator(input: items, screens: screens, router: router)
/// checkout.start()
/// router.send(CheckoutCoordinator.ReviewEvent.pay(home))
/// router.send(CheckoutCoordinator.PaymentEvent.methodChosen(.applePay))
/// screens.answer(CheckoutCoordinator.AuthorizeAnswer.declined)
/// #expect(router.operations == [.push(.Checkout.review), .push(.Checkout.payment)])
/// ```
///
/// Each screen is named after its ``ScreenID`` and input (`Review([…])`); an alert is titled
/// with the flow's name of the alert, its message is its input, and it has a button for
/// each of the flow's buttons without a payload, titled with the button's name, which taps
/// it (``RecordingRouter/tap(_:)``); a tab container is a ``StubTabs``. Decisions wait until
/// the test answers them with ``answer(_:)``.
@MainActor
public final class RecordingScreens {
  /// Every screen made, in order.
  public private(set) var screens: [StubScreen] = []
  /// Every tab container made, in order.
  public private(set) var tabContainers: [StubTabs] = []
  /// Every decision asked, in order, answered or not.
  public private(set) var asked: [AskedDecision] = []

  public init() {}

  /// The decisions asked and not answered yet, in order.
  public var waiting: [AskedDecision] { asked.filter { !$0.isAnswered } }

  /// Answers the decision asked last, of those not answered yet, whose answers are of
  /// `Answer`'s type (`CheckoutCoordinator.AuthorizeAnswer`): what the app does when it
  /// decides. Returns whether there was one; otherwise nothing happens.
  @discardableResult
  public func answer<Answer>(_ answer: Answer) -> Bool {
    guard let decision = asked.last(where: { !$0.isAnswered && $0.takes(Answer.self) }) else {
      return false
    }
    return decision.answer(answer)
  }

  // MARK: What generated conformances call

  /// A stub screen `id`, shown with `input`, whose events go to `send`.
  public func screen<Event>(
    _ id: ScreenID, input: Any? = nil, send: @escaping @MainActor (Event) -> Void
  ) -> any Presentable {
    let screen = StubScreen(id, input: input, send: send)
    screens.append(screen)
    return screen
  }

  /// Keeps the decision `name` of `coordinator`, asked with `payload`, until a test answers
  /// it.
  public func decision<Answer>(
    _ name: String, of coordinator: String, payload: Any? = nil,
    answer: @escaping @MainActor (Answer) -> Void
  ) {
    asked.append(AskedDecision(name, of: coordinator, payload: payload, answer: answer))
  }

  /// The alert `name`: titled with its name, its input as its message, a button for each
  /// of `buttons` (the button enum's cases without a payload) titled with the case.
  public func alert<Button>(
    _ name: String, input: Any? = nil, buttons: [Button],
    tap: @escaping @MainActor (Button) -> Void
  ) -> FlowAlert {
    FlowAlert(
      title: name, message: input.map { "\($0)" },
      buttons: buttons.map { FlowAlert.Button("\($0)", tapping: $0, tap) })
  }

  /// The container of the tabs of `coordinator`, named `<C>Tabs`, given their stacks.
  public func tabs(of coordinator: String, _ stacks: [any Presentable]) -> any Presentable {
    let container = StubTabs(of: coordinator, stacks: stacks)
    tabContainers.append(container)
    return container
  }
}

/// A screen that ``RecordingScreens`` made: its identifier and input, and the `send` its
/// coordinator gave it, which a test calls as the screen would (``send(_:)``, or
/// ``RecordingRouter/send(_:)`` for the screen on top).
@MainActor
public final class StubScreen: Presentable, CustomStringConvertible {
  /// The screen's identifier.
  public let id: ScreenID
  /// The input it was made with; `nil` for a screen without one.
  public let input: Any?
  /// `Review`, or `Review(<input>)` for a screen with an input.
  public nonisolated let description: String
  /// Hands the screen's `send` an event of its type; false for another type.
  private let deliver: @MainActor (Any) -> Bool

  public init<Event>(_ id: ScreenID, input: Any? = nil, send: @escaping @MainActor (Event) -> Void)
  {
    self.id = id
    self.input = input
    description = input.map { "\(id.name)(\($0))" } ?? id.name
    deliver = { event in
      guard let event = event as? Event else { return false }
      send(event)
      return true
    }
  }

  /// Sends `event` as the screen does when the user acts on it. Returns whether the screen's
  /// events are of `Event`'s type; otherwise nothing is sent.
  @discardableResult
  public func send<Event>(_ event: Event) -> Bool {
    deliver(event)
  }
}

/// A tab container that ``RecordingScreens`` made: the stacks of its tabs, in order (each a
/// ``RecordingRouter`` on a recording router).
@MainActor
public final class StubTabs: Presentable, CustomStringConvertible {
  /// The flow's name of the tab coordinator.
  public let coordinator: String
  /// The stack of each tab, in the flow's order.
  public let stacks: [any Presentable]
  /// `MainTabs`.
  public nonisolated let description: String

  public init(of coordinator: String, stacks: [any Presentable]) {
    self.coordinator = coordinator
    self.stacks = stacks
    description = coordinator + "Tabs"
  }

  /// The routers of the tabs, when they are recording routers.
  public var routers: [RecordingRouter] { stacks.compactMap { $0 as? RecordingRouter } }
}

/// A decision that ``RecordingScreens`` was asked, with its `answer`.
@MainActor
public final class AskedDecision: CustomStringConvertible {
  /// The flow's name of the coordinator that asked it.
  public let coordinator: String
  /// The decision's name in the flow.
  public let name: String
  /// The payload it was decided with; `nil` for none.
  public let payload: Any?
  /// Whether it was answered (by ``answer(_:)``).
  public private(set) var isAnswered = false
  /// `Authorize`, or `Authorize(<payload>)` for a decision decided with one.
  public nonisolated let description: String
  /// Whether an answer is of the decision's type.
  private let accepts: @MainActor (Any.Type) -> Bool
  /// Hands the decision's `answer` an answer of its type; false for another type.
  private let deliver: @MainActor (Any) -> Bool

  init<Answer>(
    _ name: String, of coordinator: String, payload: Any?,
    answer: @escaping @MainActor (Answer) -> Void
  ) {
    self.name = name
    self.coordinator = coordinator
    self.payload = payload
    description = payload.map { "\(name)(\($0))" } ?? name
    accepts = { $0 == Answer.self }
    deliver = { value in
      guard let value = value as? Answer else { return false }
      answer(value)
      return true
    }
  }

  /// Whether its answers are of `type`.
  func takes(_ type: Any.Type) -> Bool { accepts(type) }

  /// Answers the decision, once, as the app does: the answer goes to the coordinator, which
  /// acts on it if it still waits there. Returns whether the answer is of the decision's type
  /// and the decision was not answered before; otherwise nothing happens.
  @discardableResult
  public func answer<Answer>(_ answer: Answer) -> Bool {
    guard !isAnswered, accepts(Answer.self) else { return false }
    isAnswered = true
    return deliver(answer)
  }
}
