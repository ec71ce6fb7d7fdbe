import FlowRuntime
import Testing

/// The example app, started on a recording router with the generated stub factory.
@MainActor
struct Harness {
  let router = RecordingRouter(name: "app")
  let screens = RecordingScreens()
  let app: AppCoordinator

  init() {
    app = AppCoordinator(screens: screens, router: router)
    app.start()
  }

  /// The running child of `parent` of type `Child`, if there is one.
  func child<Child: Coordinator>(_ type: Child.Type, of parent: Coordinator) -> Child? {
    parent.children.lazy.compactMap { $0 as? Child }.first
  }

  /// The routers of the tab stacks of the last tab container made (0: Shop, 1: Search, 2:
  /// Cart, 3: Account).
  var tabs: [RecordingRouter] { screens.tabContainers.last?.routers ?? [] }

  /// Answers the launch decision, which must wait for its answer.
  func answer(
    _ answer: AppCoordinator.LaunchAnswer, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    decide(answer, sourceLocation)
  }

  /// Answers the decision that waits for an `Answer`, which one must.
  func answer<Answer>(_ answer: Answer, sourceLocation: SourceLocation = #_sourceLocation) {
    decide(answer, sourceLocation)
  }

  private func decide<Answer>(_ answer: Answer, _ sourceLocation: SourceLocation) {
    #expect(
      screens.answer(answer), "no decision waits for a \(Answer.self)",
      sourceLocation: sourceLocation)
  }

  /// The decisions asked, in order, each with its payload in brief: `Launch`,
  /// `CheckCredentials(ada@example.com)`.
  var asked: [String] {
    screens.asked.map { decision in
      decision.payload.map { "\(decision.name)(\(brief($0)))" } ?? decision.name
    }
  }

  /// Signs in with a stored session and returns the main coordinator, with every router's
  /// records cleared.
  func signedIn(sourceLocation: SourceLocation = #_sourceLocation) throws -> MainCoordinator {
    answer(.signedIn(Example.user), sourceLocation: sourceLocation)
    let main = try #require(child(MainCoordinator.self, of: app), sourceLocation: sourceLocation)
    router.clearCalls()
    for tab in tabs { tab.clearCalls() }
    return main
  }

  /// The router of tab `index` (0: Shop, 1: Search, 2: Cart, 3: Account).
  func tab(_ index: Int, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> RecordingRouter
  {
    try #require(tabs.indices.contains(index), sourceLocation: sourceLocation)
    return tabs[index]
  }
}

extension StackPosition {
  /// `modals:screens`, for the operations a test expects: `.unwind(to: .at(0, 1))`.
  static func at(_ modals: Int, _ screens: Int) -> StackPosition {
    StackPosition(modals: modals, screens: screens)
  }
}

/// The messages FlowRuntime logs while a test runs some of its steps (``FlowLog``).
@MainActor
final class LogCapture {
  private(set) var messages: [FlowLogMessage] = []

  /// Runs `body`, keeping the messages logged in it.
  func during(_ body: () throws -> Void) rethrows {
    try FlowLog.withHandler({ [self] in messages.append($0) }, body)
  }

  /// Runs the asynchronous `body`, keeping the messages logged in it and in the tasks it
  /// starts.
  func awaiting(_ body: () async throws -> Void) async rethrows {
    try await FlowLog.withHandler({ [self] in messages.append($0) }, body)
  }
}
