import FlowRuntime
import Testing

/// The stack model every router follows, as the recording router keeps it.
@MainActor
@Suite struct RecordingRouterTests {
  @Test func pushAndPresentGrowTheTopStack() {
    let router = RecordingRouter()
    #expect(router.top == .origin)
    router.push(Screen("A"))
    router.push(Screen("B"))
    router.present(Screen("C"))
    router.push(Screen("D"))
    #expect(router.top == StackPosition(modals: 1, screens: 2))
    #expect(names(router.stacks) == [["A", "B"], ["C", "D"]])
    #expect(
      router.operations == [
        .push(ScreenID("A")), .push(ScreenID("B")), .present(ScreenID("C")), .push(ScreenID("D")),
      ])
  }

  /// Operations are values (issue 28): each screen by the identifier its coordinator gave
  /// it, or else by its name alone; what the call carried, and what was off or refused or
  /// not reported, as values around it. ``RecordingRouter/calls`` says the same as text.
  @Test func operationsAreTypedValuesAndCallsTheSameAsText() {
    let router = RecordingRouter()
    let review = Screen("Review(Shoes)")
    router.willShow(review, as: ScreenID("Review", of: "Checkout"))
    router.push(review)
    router.present(Screen("Terms"), style: .fullScreen, controls: .init(dismissible: false))
    router.refusesPresentations = true
    router.withoutAnimation { router.present(Screen("Share")) }
    router.userPops(reported: false)
    router.userPops(to: 0)
    #expect(
      router.operations == [
        .push(ScreenID("Review", of: "Checkout")),
        .present(ScreenID("Terms"), style: .fullScreen, controls: .init(dismissible: false)),
        .notAnimated(.refused(.present(ScreenID("Share")))),
        .unreported(.userPop), .userPopTo(0),
      ])
    #expect(
      router.calls == [
        "push Review(Shoes)", "present Terms [fullScreen, dismissible: false]",
        "present Share [refused, not animated]", "user pop [unreported]", "user pop to 0",
      ])
    #expect(
      router.operations.map(\.description) == [
        "push Checkout.Review", "present Terms [fullScreen, dismissible: false]",
        "present Share [refused, not animated]", "user pop [unreported]", "user pop to 0",
      ])
    #expect(router.operations.map(\.isAnimatedTransition) == [true, true, false, false, false])
    router.clearCalls()
    #expect(router.operations.isEmpty && router.calls.isEmpty)
  }

  /// ``RecordingRouter/send(_:)`` sends an event from the stub screen on top, only of its
  /// type.
  @Test func sendReachesTheStubScreenOnTopWithItsEventsOnly() {
    let router = RecordingRouter()
    var sent: [String] = []
    router.push(Screen("A"))
    #expect(!router.send("tap"), "not a stub screen")
    router.push(StubScreen(ScreenID("B")) { (event: String) in sent.append(event) })
    #expect(router.send("tap"))
    #expect(!router.send(42), "not its events")
    #expect(sent == ["tap"])
  }

  @Test func theRootOfAStackIsNeverPopped() {
    let router = RecordingRouter()
    router.push(Screen("A"))
    router.present(Screen("B"))
    router.pop()
    router.dismiss()
    router.pop()
    router.dismiss()
    #expect(names(router.stacks) == [["A"]])
    #expect(
      router.operations == [
        .push(ScreenID("A")), .present(ScreenID("B")), .pop, .dismiss, .pop, .dismiss,
      ])
  }

  @Test func replaceKeepsTheScreensBelowTheIndex() {
    let router = RecordingRouter()
    for name in ["A", "B", "C"] { router.push(Screen(name)) }
    router.replace(from: 1, with: Screen("D"))
    #expect(names(router.stacks) == [["A", "D"]])
    router.replace(from: 0, with: Screen("E"))
    #expect(names(router.stacks) == [["E"]])
  }

  @Test func unwindDismissesThenPops() {
    let router = RecordingRouter()
    for name in ["A", "B", "C"] { router.push(Screen(name)) }
    router.present(Screen("D"))
    router.present(Screen("E"))
    router.unwind(to: StackPosition(modals: 0, screens: 1))
    #expect(names(router.stacks) == [["A"]])
    #expect(router.operations.last == .unwind(to: .at(0, 1)))
    router.unwind(to: StackPosition(modals: 2, screens: 0))
    router.unwind(to: StackPosition(modals: 0, screens: 5))
    #expect(names(router.stacks) == [["A"]])
  }

  @Test func theUserGoingBackIsReportedOnlyWhenSomethingWentAway() {
    let router = RecordingRouter()
    var reports = 0
    router.onUserUnwind = { _ in reports += 1 }
    router.push(Screen("A"))
    router.userPops()
    router.userDismisses()
    #expect(reports == 0)
    router.push(Screen("B"))
    router.present(Screen("C"))
    router.userDismisses()
    router.userPops()
    #expect(reports == 2)
    #expect(names(router.stacks) == [["A"]])
    #expect(router.operations.suffix(2) == [.userDismiss, .userPop])
  }

  @Test func theUsersGesturesDoOnlyWhatTheSystemWouldAndTellWhereTheTopWas() {
    let router = RecordingRouter()
    var reports: [StackPosition] = []
    router.onUserUnwind = { before in reports.append(before) }
    router.push(Screen("A"))
    router.push(Screen("B"), controls: SystemControls(systemBack: false))
    router.userPops()
    router.userPops(to: 0)
    #expect(reports.isEmpty)
    router.push(Screen("C"))
    router.userPops(to: 5)
    router.userPops(to: 0)
    #expect(names(router.stacks) == [["A"]])
    #expect(reports == [StackPosition(modals: 0, screens: 3)])

    router.present(Screen("D"), style: .fullScreen, controls: .standard)
    router.userDismisses()
    router.present(Screen("E"), style: .sheet, controls: SystemControls(dismissible: false))
    router.userDismisses()
    #expect(names(router.stacks) == [["A"], ["D"], ["E"]])
    router.push(Screen("F"), controls: SystemControls(systemBack: false, dismissible: true))
    router.userDismisses()
    #expect(names(router.stacks) == [["A"], ["D"]])
    #expect(router.modalStyles == [.fullScreen])
    #expect(reports.last == StackPosition(modals: 2, screens: 2))
    #expect(
      router.operations == [
        .push(ScreenID("A")), .push(ScreenID("B"), controls: .init(systemBack: false)), .userPop,
        .userPopTo(0), .push(ScreenID("C")),
        .userPopTo(5), .userPopTo(0), .present(ScreenID("D"), style: .fullScreen), .userDismiss,
        .present(ScreenID("E"), controls: .init(dismissible: false)), .userDismiss,
        .push(ScreenID("F"), controls: .init(systemBack: false)),
        .userDismiss,
      ])
  }

  @Test func replaceRecordsTheControlsOfItsScreen() {
    let router = RecordingRouter()
    router.push(Screen("A"))
    router.replace(
      from: 0, with: Screen("B"), controls: SystemControls(systemBack: false, dismissible: false))
    #expect(router.topControls == SystemControls(systemBack: false, dismissible: false))
    #expect(
      router.operations.last
        == .replace(
          from: 0, with: ScreenID("B"), controls: .init(systemBack: false, dismissible: false)))
  }

  @Test func tabStacksAreRoutersOfTheirOwn() {
    let router = RecordingRouter(name: "main")
    let first = router.makeTabStack()
    let second = router.makeTabStack()
    first.router.push(Screen("A"))
    #expect(router.tabStacks.map(\.name) == ["main.tab1", "main.tab2"])
    #expect(router.tabStacks[0].operations == [.push(ScreenID("A"))])
    #expect(second.router.top == .origin)
    #expect("\(first.view)" == "main.tab1")
  }
}
