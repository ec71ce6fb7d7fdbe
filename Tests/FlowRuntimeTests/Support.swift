import FlowRuntime

/// A screen that is only a name.
@MainActor
final class Screen: Presentable, CustomStringConvertible {
  nonisolated let name: String

  init(_ name: String) {
    self.name = name
  }

  nonisolated var description: String { name }
}

/// The names of the screens of each stack.
@MainActor
func names(_ stacks: [[any Presentable]]) -> [[String]] {
  stacks.map { stack in stack.map { "\($0)" } }
}

/// A coordinator whose first screen is `first`, shown with `controls`; tests make it
/// navigate and finish. `leave` is its flow's `leave:` (`nil`: none, it is dropped).
final class Flow: FlowCoordinator<String> {
  let first: String
  let controls: SystemControls
  let leave: String?

  init(
    _ first: String, router: any Router, leave: String? = nil,
    controls: SystemControls = .standard
  ) {
    self.first = first
    self.leave = leave
    self.controls = controls
    super.init(router: router)
  }

  override func start() {
    push(Screen(first), controls: controls)
  }

  override var leaveResult: String? { leave }
}

/// A coordinator that shows no screen of its own: its start decision started `child` on its
/// stack. `leave` is its flow's `leave:`.
final class Through: FlowCoordinator<String> {
  let child: Flow
  let leave: String?
  let results: Results

  init(_ child: Flow, router: any Router, leave: String?, results: Results) {
    self.child = child
    self.leave = leave
    self.results = results
    super.init(router: router)
  }

  override func start() {
    start(child, style: .push, onFinish: results.record("through's handler "))
  }

  override var leaveResult: String? { leave }
}

/// A coordinator without a result, like an entry or a tab that lives as long as its tabs.
final class Endless: FlowCoordinator<Never> {
  let first: String

  init(_ first: String, router: any Router) {
    self.first = first
    super.init(router: router)
  }

  override func start() {
    push(Screen(first))
  }
}

/// What handlers received, in order.
@MainActor
final class Results {
  var values: [String] = []

  /// A handler that records its result.
  func record(_ tag: String = "") -> @MainActor (String) -> Void {
    { [self] value in values.append(tag + value) }
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
