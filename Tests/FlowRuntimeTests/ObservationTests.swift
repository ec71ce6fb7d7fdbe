import FlowRuntime
import Testing

/// What a router tells about itself (issue 16, item 10): observers of the screen on top,
/// transitions without animation, and names that are the flow's, never addresses.
@MainActor
@Suite struct ObservationTests {
  @Test func observersHearEachScreenShownAndHiddenByItsFlowName() {
    let router = RecordingRouter()
    var events: [String] = []
    router.observeNavigation { events.append("\($0)") }
    let root = Endless("Home", router: router)
    root.start()
    let child = Flow("Sheet", router: router)
    root.start(child, style: .sheet, onFinish: Results().record())
    child.push(Plain(), named: "Terms")
    router.userPops()
    router.userDismisses()
    #expect(
      events == [
        "shown Home", "hidden Home", "shown Sheet", "hidden Sheet", "shown Terms",
        "hidden Terms", "shown Sheet", "hidden Sheet", "shown Home",
      ])
  }

  @Test func anObserverRemovedHearsNothingMore() throws {
    let router = RecordingRouter()
    var events: [String] = []
    let id = try #require(router.observeNavigation { events.append("\($0)") })
    router.push(Screen("A"))
    router.observers.remove(id)
    router.push(Screen("B"))
    #expect(events == ["shown A"])
  }

  @Test func aReplaceAtTheTopHidesTheOldScreenAndAnUnwindShowsTheOneBelow() {
    let router = RecordingRouter()
    var events: [String] = []
    router.observeNavigation { events.append("\($0)") }
    router.push(Screen("A"))
    router.push(Screen("B"))
    router.replace(from: 1, with: Screen("C"))
    router.present(Screen("D"))
    router.unwind(to: StackPosition(modals: 0, screens: 1))
    router.pop()
    #expect(
      events == [
        "shown A", "hidden A", "shown B", "hidden B", "shown C", "hidden C", "shown D",
        "hidden D", "shown A",
      ])
  }

  @Test func transitionsWithoutAnimationAreRecordedAndToldSoAndTabStacksFollow() {
    let router = RecordingRouter()
    var events: [String] = []
    router.observeNavigation { events.append("\($0)") }
    router.withoutAnimation {
      router.push(Screen("Launch"))
      router.present(Screen("Tour"))
      router.dismiss()
    }
    router.push(Screen("Home"))
    #expect(router.animatesTransitions)
    #expect(
      router.operations == [
        .notAnimated(.push(ScreenID("Launch"))), .notAnimated(.present(ScreenID("Tour"))),
        .notAnimated(.dismiss),
        .push(ScreenID("Home")),
      ])
    #expect(events.first == "shown Launch (not animated)")
    #expect(events.last == "shown Home")

    let (tab, _) = router.makeTabStack()
    router.withoutAnimation { tab.push(Screen("Shop")) }
    tab.push(Screen("Products"))
    #expect(
      (tab as? RecordingRouter)?.operations == [
        .notAnimated(.push(ScreenID("Shop"))), .push(ScreenID("Products")),
      ])
  }

  @Test func aScreenThatDoesNotDescribeItselfIsRecordedByItsFlowNameOrItsType() {
    let router = RecordingRouter()
    let root = Endless("Home", router: router)
    root.start()
    root.push(Plain(), named: "Review")
    root.push(Plain())
    root.replace(with: Plain(), named: "Payment")
    root.present(Plain(), named: "Terms")
    #expect(
      router.operations == [
        .push(ScreenID("Home")), .push(ScreenID("Review")), .push(ScreenID("Plain")),
        .replace(from: 0, with: ScreenID("Payment")), .present(ScreenID("Terms")),
      ])
  }
}

/// A screen with no description of its own, as a real view controller's is only its
/// address.
@MainActor
private final class Plain: Presentable {}
