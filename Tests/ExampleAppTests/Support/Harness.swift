import FlowRuntime
import Testing

/// The example app, started on a recording router with stub screens.
@MainActor
struct Harness {
  let router = RecordingRouter(name: "app")
  let screens = StubScreens()
  let app: AppCoordinator

  init() {
    app = AppCoordinator(screens: screens, router: router)
    app.start()
  }

  /// The running child of `parent` of type `Child`, if there is one.
  func child<Child: Coordinator>(_ type: Child.Type, of parent: Coordinator) -> Child? {
    parent.children.lazy.compactMap { $0 as? Child }.first
  }

  /// Signs in with a stored session and returns the main coordinator, with every router's
  /// records cleared.
  func signedIn(sourceLocation: SourceLocation = #_sourceLocation) throws -> MainCoordinator {
    screens.answer(.signedIn(Example.user))
    let main = try #require(child(MainCoordinator.self, of: app), sourceLocation: sourceLocation)
    router.clearCalls()
    for tab in screens.tabs { tab.clearCalls() }
    return main
  }

  /// The router of tab `index` (0: Shop, 1: Search, 2: Cart, 3: Account).
  func tab(_ index: Int, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> RecordingRouter
  {
    try #require(screens.tabs.indices.contains(index), sourceLocation: sourceLocation)
    return screens.tabs[index]
  }
}
