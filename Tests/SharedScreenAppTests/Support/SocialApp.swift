import FlowRuntime
import Testing

/// An account, which `social.flow.yaml` declares `external`.
struct AccountID: Hashable, Sendable, CustomStringConvertible {
  var handle: String
  init(_ handle: String) { self.handle = handle }
  var description: String { handle }
}

/// A thread, which `social.flow.yaml` declares `external`.
struct ThreadID: Hashable, Sendable, CustomStringConvertible {
  var number: Int
  init(_ number: Int) { self.number = number }
  var description: String { "#\(number)" }
}

/// The shared screens fixture (`Tests/Fixtures/shared-screens`), started on a recording router
/// with the generated stub factory: the Social tabs, Timeline first, then Search.
@MainActor
struct SocialHarness {
  let router = RecordingRouter(name: "app")
  let screens = RecordingScreens()
  let app: SocialCoordinator

  init() {
    app = SocialCoordinator(screens: screens, router: router)
    app.start()
  }

  /// The router of tab `index` (0: Timeline, 1: Search).
  func tab(_ index: Int, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> RecordingRouter
  {
    let routers = screens.tabContainers.last?.routers ?? []
    try #require(routers.indices.contains(index), sourceLocation: sourceLocation)
    return routers[index]
  }

  /// The running child of `parent` of type `Child`, if there is one.
  func child<Child: Coordinator>(_ type: Child.Type, of parent: Coordinator) -> Child? {
    parent.children.lazy.compactMap { $0 as? Child }.first
  }
}

/// The identifiers of the screens of a router's stacks, bottom first.
@MainActor
func ids(_ router: RecordingRouter) -> [ScreenID] {
  router.screens.map { ($0 as? StubScreen)?.id ?? ScreenID("\($0)") }
}

/// The inputs of the screens of a router's stacks, bottom first: `-` for a screen without one.
@MainActor
func inputs(_ router: RecordingRouter) -> [String] {
  router.screens.map { screen in (screen as? StubScreen)?.input.map { "\($0)" } ?? "-" }
}

/// The values the fixture's links need: an account from its handle.
@MainActor
final class StubLinkValues: FlowLinkValues {
  func makeAccountID(for link: FlowLink, answer: @escaping @MainActor (AccountID?) -> Void) {
    switch link {
    case .profile(let id), .account(let id): answer(AccountID(id))
    }
  }
}
