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

/// A coordinator whose first screen is `first`; tests make it navigate and finish.
final class Flow: FlowCoordinator<String> {
  let first: String
  var leaving: String?

  init(_ first: String, router: any Router, resultWhenLeft: String? = nil) {
    self.first = first
    leaving = resultWhenLeft
    super.init(router: router)
  }

  override func start() {
    push(Screen(first))
  }

  override var resultWhenLeft: String? { leaving }
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
