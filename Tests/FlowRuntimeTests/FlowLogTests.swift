import FlowRuntime
import Testing

/// What the runtime drops is told to ``FlowLog`` with its name (issue 28): an event of a
/// screen no longer on top, a late or second answer to a decision, a late tap on an alert's
/// button; a test captures it, an app sets its own handler.
@MainActor
@Suite struct FlowLogTests {
  /// A coordinator that asks the decision `Pay` and shows the alert `Confirm`, as generated
  /// code does, and handles what comes by recording it.
  final class Asking: FlowCoordinator<Never> {
    var handled: [String] = []
    var answer: (@MainActor (String) -> Void)?
    var tap: (@MainActor (String) -> Void)?

    override func start() {
      nameNextScreen(ScreenID("Cart", of: "Shop"))
      let send = screenEvents { [weak self] (event: String) in self?.handled.append(event) }
      push(StubScreen(ScreenID("Cart", of: "Shop"), send: send))
    }

    func decide() {
      let answer = answerOnce(decision: "Pay") { [weak self] (answer: String) in
        self?.handled.append(answer)
      }
      ask { self.answer = answer }
    }

    func confirm() {
      tap = answerOnce(alert: "Confirm") { [weak self] (button: String) in
        self?.handled.append(button)
      }
    }
  }

  @Test func aLateOrSecondAnswerIsDroppedWithTheDecisionsName() throws {
    let router = RecordingRouter()
    let flow = Asking(router: router)
    flow.start()
    let log = LogCapture()
    try log.during {
      flow.decide()
      let first = try #require(flow.answer)
      first("card")
      first("cash")
      flow.decide()
      let late = try #require(flow.answer)
      flow.push(Screen("Receipt"))
      late("card")
    }
    #expect(flow.handled == ["card"])
    #expect(
      log.messages == [
        FlowLogMessage(
          .droppedAnswer, .answeredAlready, coordinator: "Asking", node: "Pay", value: "cash"),
        FlowLogMessage(
          .droppedAnswer, .navigated, coordinator: "Asking", node: "Pay", value: "card"),
      ])
    #expect(
      log.messages.map(\.description) == [
        "dropped answer cash of decision Pay (Asking): it was answered already",
        "dropped answer card of decision Pay (Asking): "
          + "the navigation moved on since it was asked",
      ])
  }

  @Test func aLateTapAndAnEventOfAScreenNoLongerOnTopAreDroppedWithTheirNames() throws {
    let router = RecordingRouter()
    let flow = Asking(router: router)
    flow.start()
    let cart = try #require(router.topScreen as? StubScreen)
    let log = LogCapture()
    try log.during {
      flow.confirm()
      flow.push(Screen("Receipt"))
      let tap = try #require(flow.tap)
      tap("delete")
      cart.send("checkout")
    }
    #expect(flow.handled.isEmpty)
    #expect(
      log.messages == [
        FlowLogMessage(
          .droppedButton, .navigated, coordinator: "Asking", node: "Confirm", value: "delete"),
        FlowLogMessage(
          .droppedEvent, .notOnTop, coordinator: "Asking", node: "Cart", value: "checkout"),
      ])
  }

  @Test func anAnswerToACoordinatorThatEndedIsDropped() throws {
    let router = RecordingRouter()
    var flow: Asking? = Asking(router: router)
    flow?.start()
    flow?.decide()
    let answer = try #require(flow?.answer)
    flow = nil
    let log = LogCapture()
    log.during { answer("card") }
    #expect(log.messages.map(\.reason) == [.coordinatorEnded])
  }

  /// The app's own handler receives what no test captures; a test's capture takes
  /// precedence while it runs.
  @Test func theAppsHandlerReceivesMessagesOutsideATestsCapture() throws {
    let router = RecordingRouter()
    let flow = Asking(router: router)
    flow.start()
    let cart = try #require(router.topScreen as? StubScreen)
    flow.push(Screen("Receipt"))
    var received: [FlowLogMessage.Kind] = []
    let previous = FlowLog.handler
    FlowLog.handler = { received.append($0.kind) }
    defer { FlowLog.handler = previous }
    cart.send("checkout")
    let log = LogCapture()
    log.during { cart.send("checkout") }
    #expect(received == [.droppedEvent])
    #expect(log.messages.count == 1)
  }

  /// The task that answers a decision with the `async` form belongs to the coordinator
  /// that asked: its own navigation cancels it, and the answer it returns anyway is dropped.
  @Test func aDecisionsTaskIsCancelledWhenItsCoordinatorNavigates() async {
    let router = RecordingRouter()
    let flow = Asking(router: router)
    flow.start()
    var sawCancellation = false
    let log = LogCapture()
    await log.awaiting {
      let answer = flow.answerOnce(decision: "Pay") { [weak flow] (answer: String) in
        flow?.handled.append(answer)
      }
      flow.ask {
        AsyncDecision.answer(answer, decision: "Pay", of: "Asking") {
          while !Task.isCancelled { await Task.yield() }
          sawCancellation = true
          return "card"
        }
      }
      await Task.yield()
      flow.push(Screen("Receipt"))
      await flow.waitForDecisions()
    }
    #expect(sawCancellation)
    #expect(flow.handled.isEmpty)
    #expect(log.messages.map(\.kind) == [.cancelledDecision, .droppedAnswer])
    #expect(log.messages.map(\.reason) == [.navigated, .navigated])
    #expect(log.messages.map(\.node) == ["Pay", "Pay"])
  }

  /// A decision answered with the `async` form outside any coordinator's question (the app
  /// calls the default itself) runs in a task of its own and answers.
  @Test func theAsyncFormCalledByTheAppItselfStillAnswers() async {
    var answers: [String] = []
    AsyncDecision.answer(
      { answers.append($0) }, decision: "Pay", of: "Shop", with: { "card" })
    for _ in 0..<1_000 where answers.isEmpty { await Task.yield() }
    #expect(answers == ["card"])
  }

  /// The callback form's default, reached from the `async` form's default of the same
  /// decision, answers nothing and says so, instead of calling one default from the other
  /// forever.
  @Test func theCallbackFormReachedFromTheAsyncDefaultLogsAFault() async {
    let log = LogCapture()
    var answered = false
    await log.awaiting {
      let task = Task {
        _ = await AsyncDecision.value(decision: "Pay", of: "Shop") { answer in
          AsyncDecision.answer(answer, decision: "Pay", of: "Shop") { "never" }
        }
        answered = true
      }
      for _ in 0..<1_000 where log.messages.isEmpty { await Task.yield() }
      task.cancel()
    }
    #expect(!answered)
    #expect(
      log.messages == [
        FlowLogMessage(
          .unansweredDecision, .notImplemented, coordinator: "ShopCoordinator", node: "Pay")
      ])
  }
}
