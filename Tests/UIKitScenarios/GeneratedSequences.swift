import FlowRuntime
// Sequences (FLOW-SPEC 13.1) run by generated code: the coordinator flowc generates from
// flows/rooms.flow.yaml (scripts/platform-scenarios.sh generates it when it builds the
// scenarios) on NavigationRouter and the UIKit double. Each element is made and asked of the
// router only once the transition before it has ended.
@_spi(Behaviour) import UIKit

/// The app's side of the generated `RoomsScreens`: each screen a `Screen` named as in the
/// flow, the order they were made in, and the `send` of the screens a scenario taps.
final class RoomsApp: RoomsScreens {
  private(set) var made: [String] = []
  private(set) var sendFromList: (@MainActor (RoomsCoordinator.ListEvent) -> Void)?
  private(set) var sendFromCompose: (@MainActor (RoomsCoordinator.ComposeEvent) -> Void)?

  private func screen(_ name: String) -> Screen {
    made.append(name)
    return Screen(name)
  }

  func makeList(send: @escaping @MainActor (RoomsCoordinator.ListEvent) -> Void)
    -> any Presentable
  {
    sendFromList = send
    return screen("List")
  }

  func makeRoom(send: @escaping @MainActor (RoomsCoordinator.RoomEvent) -> Void)
    -> any Presentable
  {
    screen("Room")
  }

  func makeThread(send: @escaping @MainActor (RoomsCoordinator.ThreadEvent) -> Void)
    -> any Presentable
  {
    screen("Thread")
  }

  func makeCompose(send: @escaping @MainActor (RoomsCoordinator.ComposeEvent) -> Void)
    -> any Presentable
  {
    sendFromCompose = send
    return screen("Compose")
  }
}

@MainActor let generatedSequenceScenarios: [Scenario] = [
  // `open: [{ push: Room }, { push: Thread }]`: Thread is not even made while Room's push
  // animates; both are on the stack, in order, once it has ended.
  Scenario("aGeneratedSequencePushesItsScreensInOrder") {
    let fixture = Fixture()
    let app = RoomsApp()
    let rooms = RoomsCoordinator(screens: app, router: fixture.router)
    rooms.start()
    await settle()
    try app.sendFromList.orFail("List was not made")(.open)
    try expect(UIKitDouble.isAnimating, "Room's push is not in flight")
    try expect(app.made == ["List", "Room"], "made during Room's push: \(app.made)")
    UIKitDouble.finishAnimations()
    await settle()
    try expect(shown(fixture.root) == ["List", "Room", "Thread"], "\(shown(fixture.root))")
    try expect(app.made == ["List", "Room", "Thread"], "\(app.made)")
    try expect(
      fixture.router.top == StackPosition(modals: 0, screens: 3), "\(fixture.router.top)")
  },
  // `sent: [dismiss, { push: Room }]` on the presented Compose: Room is pushed onto the
  // stack below once the dismissal has ended, not onto the sheet going away.
  Scenario("aGeneratedSequenceDismissesThenPushes") {
    let fixture = Fixture()
    let app = RoomsApp()
    let rooms = RoomsCoordinator(screens: app, router: fixture.router)
    rooms.start()
    await settle()
    try app.sendFromList.orFail("List was not made")(.compose)
    await settle()
    try expect(fixture.presented.count == 1, "Compose is not presented: \(fixture.presented)")
    try app.sendFromCompose.orFail("Compose was not made")(.sent)
    try expect(UIKitDouble.isAnimating, "the dismissal is not in flight")
    try expect(app.made == ["List", "Compose"], "made during the dismissal: \(app.made)")
    await settle()
    try expect(shown(fixture.root) == ["List", "Room"], "\(shown(fixture.root))")
    try expect(fixture.presented.isEmpty, "still presented: \(fixture.presented)")
    try expect(
      fixture.router.top == StackPosition(modals: 0, screens: 2), "\(fixture.router.top)")
  },
]
