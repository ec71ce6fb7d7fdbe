import FlowRuntime
import Testing

/// `RecordingRouter` simulating what the user and UIKit do beyond the plain gestures (issue
/// 16, item 10): a refused presentation, and a gesture whose callback never came.
@MainActor
@Suite struct SimulatedGestureTests {
  @Test func aRefusedPresentationLeavesTheChildAndThePartBelowStaysLive() {
    let router = RecordingRouter()
    let root = Endless("Home", router: router)
    root.start()
    root.push(Screen("Basket"))
    let results = Results()
    router.refusesPresentations = true
    root.start(
      Flow("Checkout", router: router, leave: "cancelled"), style: .sheet,
      onFinish: results.record())
    #expect(results.values == ["cancelled"], "the child is left, with its leave result")
    #expect(root.children.isEmpty)
    #expect(root.canAct)
    #expect(names(router.stacks) == [["Home", "Basket"]])
    #expect(router.operations.last == .refused(.present(ScreenID("Checkout"))))

    router.refusesPresentations = false
    root.start(Flow("Checkout", router: router), style: .sheet, onFinish: results.record())
    #expect(names(router.stacks) == [["Home", "Basket"], ["Checkout"]])
  }

  @Test func aRefusedScreenOfTheCoordinatorsOwnLeavesTheScreenBelowOnTop() {
    let router = RecordingRouter()
    let root = Screens(router: router)
    root.start()
    router.refusesPresentations = true
    root.present(root.make("Terms"))
    root.send("Home")
    #expect(root.received == ["Home"], "the screen below still sends its events")
    root.send("Terms")
    #expect(root.received == ["Home"], "the refused screen is not on top")
  }

  @Test func aMissedCallbackIsToldWhenTheRouterNextLooks() {
    let router = RecordingRouter()
    let root = Endless("Home", router: router)
    root.start()
    let results = Results()
    root.start(
      Flow("Sheet", router: router, leave: "left"), style: .sheet, onFinish: results.record())
    router.userDismisses(reported: false)
    #expect(names(router.stacks) == [["Home"]])
    #expect(!root.canAct, "no one was told yet")
    router.reportMissedChanges()
    #expect(results.values == ["left"])
    #expect(root.canAct)
    #expect(router.operations.suffix(2) == [.unreported(.userDismiss), .reportMissedChanges])
  }

  @Test func severalPopsMissedAreToldOnceFromWhereTheTopWasFirst() {
    let router = RecordingRouter()
    let root = Endless("Home", router: router)
    root.start()
    let results = Results()
    let child = Flow("A", router: router, leave: "left")
    root.start(child, style: .push, onFinish: results.record())
    child.push(Screen("B"))
    child.push(Screen("C"))
    router.userPops(reported: false)
    router.userPops(to: 0, reported: false)
    #expect(names(router.stacks) == [["Home"]])
    #expect(results.values.isEmpty)
    router.reportMissedChanges()
    #expect(results.values == ["left"])
    router.reportMissedChanges()
    #expect(results.values == ["left"], "told once")
  }
}

/// A root coordinator that shows screens whose events it records.
private final class Screens: FlowCoordinator<Never> {
  private(set) var received: [String] = []
  private var senders: [String: @MainActor (String) -> Void] = [:]

  override func start() {
    push(make("Home"))
  }

  /// A screen named `name`, whose event sink `send(_:)` reaches.
  func make(_ name: String) -> any Presentable {
    senders[name] = screenEvents { [weak self] (event: String) in self?.received.append(event) }
    return Screen(name)
  }

  /// Sends the screen `name` its own name as an event.
  func send(_ name: String) {
    senders[name]?(name)
  }
}
