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
    #expect(router.calls == ["push A", "push B", "present C", "push D"])
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
    #expect(router.calls == ["push A", "present B", "pop", "dismiss", "pop", "dismiss"])
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
    #expect(router.calls.last == "unwind to 0:1")
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
    #expect(router.calls.suffix(2) == ["user dismiss", "user pop"])
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
      router.calls == [
        "push A", "push B [systemBack: false]", "user pop", "user pop to 0", "push C",
        "user pop to 5", "user pop to 0", "present D [fullScreen]", "user dismiss",
        "present E [dismissible: false]", "user dismiss", "push F [systemBack: false]",
        "user dismiss",
      ])
  }

  @Test func replaceRecordsTheControlsOfItsScreen() {
    let router = RecordingRouter()
    router.push(Screen("A"))
    router.replace(
      from: 0, with: Screen("B"), controls: SystemControls(systemBack: false, dismissible: false))
    #expect(router.topControls == SystemControls(systemBack: false, dismissible: false))
    #expect(router.calls.last == "replace from 0 with B [systemBack: false, dismissible: false]")
  }

  @Test func tabStacksAreRoutersOfTheirOwn() {
    let router = RecordingRouter(name: "main")
    let first = router.makeTabStack()
    let second = router.makeTabStack()
    first.router.push(Screen("A"))
    #expect(router.tabStacks.map(\.name) == ["main.tab1", "main.tab2"])
    #expect(router.tabStacks[0].calls == ["push A"])
    #expect(second.router.top == .origin)
    #expect("\(first.view)" == "main.tab1")
  }
}
