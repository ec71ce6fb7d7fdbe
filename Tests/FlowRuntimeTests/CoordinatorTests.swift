import FlowRuntime
import Testing

/// The lifecycle of children: kept while they run, removed exactly once, their screens
/// gone before the parent's handler runs, and nothing left that keeps them alive.
@MainActor
@Suite struct CoordinatorTests {
  /// A screen's event sink and the coordinator's record of that screen must not hold each
  /// other: what the handler captures goes once the coordinator and the screen are gone.
  @Test func aScreensEventSinkKeepsNothingAliveAfterItsCoordinator() {
    final class Captured {}
    weak var weakCaptured: Captured?
    do {
      let router = RecordingRouter()
      let flow = Flow("Home", router: router)
      let captured = Captured()
      weakCaptured = captured
      let send = flow.screenEvents { (_: Int) in _ = captured }
      flow.push(Screen("Home"))
      send(1)
    }
    #expect(weakCaptured == nil)
  }

  @Test func aFinishedPushChildIsRemovedUnwoundAndHandledOnce() {
    let router = RecordingRouter()
    let root = Endless("Home", router: router)
    root.start()
    let results = Results()
    weak var weakChild: Flow?
    do {
      let child = Flow("Login", router: router)
      weakChild = child
      root.start(child, style: .push, onFinish: results.record())
      child.push(Screen("Reset"))
      #expect(root.children.count == 1)
      #expect(!root.canAct)
      child.finish("done")
      child.finish("again")
    }
    #expect(results.values == ["done"])
    #expect(root.children.isEmpty)
    #expect(root.canAct)
    #expect(weakChild == nil)
    #expect(
      router.operations == [
        .push(ScreenID("Home")), .push(ScreenID("Login")), .push(ScreenID("Reset")),
        .unwind(to: .at(0, 1)),
      ])
  }

  @Test func aPresentStyleChildOpensItsOwnModalStackAndItIsDismissed() {
    let router = RecordingRouter()
    let root = Endless("Home", router: router)
    root.start()
    let child = Flow("Sheet", router: router)
    root.start(child, style: .sheet, onFinish: Results().record())
    child.push(Screen("Next"))
    child.replace(with: Screen("Only"))
    #expect(names(router.stacks) == [["Home"], ["Only"]])
    child.finish("x")
    #expect(
      router.operations == [
        .push(ScreenID("Home")), .present(ScreenID("Sheet")), .push(ScreenID("Next")),
        .replace(from: 0, with: ScreenID("Only")), .unwind(to: .at(0, 1)),
      ])
  }

  @Test func replaceKeepsTheParentsScreens() {
    let router = RecordingRouter()
    let root = Endless("Home", router: router)
    root.start()
    let child = Flow("A", router: router)
    root.start(child, style: .push, onFinish: Results().record())
    child.push(Screen("B"))
    child.replace(with: Screen("C"))
    #expect(names(router.stacks) == [["Home", "C"]])
  }

  @Test func theUserGoingBackFromAChildsFirstScreenFinishesItWithItsLeaveResult() {
    let router = RecordingRouter()
    let root = Endless("Home", router: router)
    root.start()
    let results = Results()
    weak var weakChild: Flow?
    do {
      let child = Flow("Details", router: router, leave: "closed")
      weakChild = child
      root.start(child, style: .push, onFinish: results.record())
      child.push(Screen("Reviews"))
    }
    router.userPops()
    #expect(root.children.count == 1)
    router.userPops()
    #expect(results.values == ["closed"])
    #expect(root.children.isEmpty)
    #expect(weakChild == nil)
    #expect(router.operations.last == .userPop)
  }

  @Test func aChildWithoutLeaveResultIsDroppedWithoutRunningTheHandler() {
    let router = RecordingRouter()
    let root = Endless("Home", router: router)
    root.start()
    let results = Results()
    weak var weakChild: Flow?
    do {
      let child = Flow("Sheet", router: router)
      weakChild = child
      root.start(child, style: .sheet, onFinish: results.record())
    }
    router.userDismisses()
    #expect(results.values.isEmpty)
    #expect(root.children.isEmpty)
    #expect(weakChild == nil)
  }

  @Test func aGrandchildLeftInsideAChildIsHandledByTheChild() {
    let router = RecordingRouter()
    let root = Endless("Home", router: router)
    root.start()
    let results = Results()
    let child = Flow("A", router: router)
    root.start(child, style: .push, onFinish: results.record("child "))
    let grandchild = Flow("B", router: router, leave: "left")
    child.start(grandchild, style: .sheet, onFinish: results.record("grandchild "))
    router.userDismisses()
    #expect(results.values == ["grandchild left"])
    #expect(root.children.count == 1)
    #expect(child.children.isEmpty)
  }

  @Test func leavingAChildEndsItsDescendantsWithoutTheirHandlers() {
    let router = RecordingRouter()
    let root = Endless("Home", router: router)
    root.start()
    let results = Results()
    weak var weakGrandchild: Flow?
    do {
      let child = Flow("A", router: router, leave: "left")
      root.start(child, style: .sheet, onFinish: results.record("child "))
      let grandchild = Flow("B", router: router, leave: "left")
      weakGrandchild = grandchild
      child.start(grandchild, style: .push, onFinish: results.record("grandchild "))
    }
    router.userDismisses()
    #expect(results.values == ["child left"])
    #expect(root.children.isEmpty)
    #expect(weakGrandchild == nil)
  }

  @Test func aPopInCodeThatLeavesAChildIsHandledLikeTheUsers() {
    let router = RecordingRouter()
    let root = Endless("Home", router: router)
    root.start()
    let results = Results()
    let child = Flow("A", router: router, leave: "popped")
    root.start(child, style: .push, onFinish: results.record())
    child.pop()
    #expect(results.values == ["popped"])
    #expect(root.children.isEmpty)
  }

  @Test func aChildThatShowedNothingYetIsLeftOnlyWithTheScreenBelowAndThenDropped() {
    let router = RecordingRouter()
    let root = Endless("Home", router: router)
    root.start()
    root.push(Screen("List"))
    let results = Results()
    let waiting = Waiting(router: router)
    root.start(waiting, style: .push, onFinish: results.record())
    router.userDismisses()
    #expect(root.children.count == 1)
    router.userPops()
    #expect(root.children.isEmpty)
    #expect(results.values.isEmpty, "the screen its handler would act on is gone")
  }

  @Test func aChildWhoseStartingScreenIsGoneIsDroppedEvenWithALeaveResult() {
    let router = RecordingRouter()
    let root = Endless("Home", router: router)
    root.start()
    root.push(Screen("List"))
    let results = Results()
    let child = Flow("Details", router: router, leave: "closed")
    root.start(child, style: .push, onFinish: results.record())
    child.push(Screen("Reviews"))
    router.userPops(to: 0)
    #expect(results.values.isEmpty)
    #expect(root.children.isEmpty)
    #expect(names(router.stacks) == [["Home"]])

    root.push(Screen("List"))
    let again = Flow("Details", router: router, leave: "closed")
    root.start(again, style: .push, onFinish: results.record())
    again.push(Screen("Reviews"))
    router.userPops(to: 1)
    #expect(results.values == ["closed"], "a long press back to the starting screen leaves it")
    #expect(router.operations.suffix(2) == [.push(ScreenID("Reviews")), .userPopTo(1)])
  }

  @Test func aParentThatShowsNoScreenOfItsOwnIsLeftWithItsChildAndOnlyItFinishes() {
    let router = RecordingRouter()
    let root = Endless("Home", router: router)
    root.start()
    let results = Results()
    let inner = Flow("A", router: router, leave: "inner")
    root.start(
      Through(inner, router: router, leave: "outer", results: results), style: .push,
      onFinish: results.record("root's handler "))
    router.userPops()
    #expect(results.values == ["root's handler outer"])
    #expect(root.children.isEmpty)
    #expect(inner.isFinished)

    let dropped = Flow("A", router: router, leave: "inner")
    root.start(
      Through(dropped, router: router, leave: nil, results: results), style: .push,
      onFinish: results.record("root's handler "))
    router.userPops()
    #expect(results.values == ["root's handler outer"], "without leave it is dropped")
    #expect(root.children.isEmpty)
  }

  @Test func aBackGestureOnAScreenWithoutSystemBackDoesNothing() {
    let router = RecordingRouter()
    let root = Endless("Home", router: router)
    root.start()
    let results = Results()
    let child = Flow(
      "Payment", router: router, leave: "left", controls: SystemControls(systemBack: false))
    root.start(child, style: .push, onFinish: results.record())
    router.userPops()
    router.userPops(to: 0)
    #expect(root.children.count == 1)
    #expect(names(router.stacks) == [["Home", "Payment"]])
    child.push(Screen("Receipt"))
    router.userPops()
    router.userPops()
    #expect(names(router.stacks) == [["Home", "Payment"]], "back works again above it")
    #expect(results.values.isEmpty)
    #expect(
      router.operations == [
        .push(ScreenID("Home")), .push(ScreenID("Payment"), controls: .init(systemBack: false)),
        .userPop, .userPopTo(0),
        .push(ScreenID("Receipt")), .userPop, .userPop,
      ])
    child.pop()
    #expect(results.values == ["left"], "the flow's own pop still goes back")
  }

  @Test func aSheetIsSwipedAwayAndAFullScreenModalIsNot() {
    let router = RecordingRouter()
    let root = Endless("Home", router: router)
    root.start()
    let results = Results()
    let sheet = Flow("Filters", router: router, leave: "swiped")
    root.start(sheet, style: .sheet, onFinish: results.record("sheet "))
    router.userDismisses()
    #expect(results.values == ["sheet swiped"])

    let cover = Flow("Onboarding", router: router, leave: "swiped")
    root.start(cover, style: .fullScreen, onFinish: results.record("cover "))
    router.userDismisses()
    #expect(router.modalStyles == [.fullScreen])
    #expect(root.children.count == 1, "no swipe dismisses a full-screen modal")
    cover.dismiss()
    #expect(results.values == ["sheet swiped", "cover swiped"])
    #expect(
      router.operations == [
        .push(ScreenID("Home")), .present(ScreenID("Filters")), .userDismiss,
        .present(ScreenID("Onboarding"), style: .fullScreen),
        .userDismiss, .dismiss,
      ])
  }

  @Test func aSheetCannotBeSwipedAwayWhileItsTopScreenIsNotDismissible() {
    let router = RecordingRouter()
    let root = Endless("Home", router: router)
    root.start()
    let results = Results()
    let terms = Flow(
      "Terms", router: router, leave: "declined", controls: SystemControls(dismissible: false))
    root.start(terms, style: .sheet, onFinish: results.record())
    router.userDismisses()
    #expect(root.children.count == 1)
    terms.present(Screen("Details"), style: .sheet)
    router.userDismisses()
    #expect(root.children.count == 1, "swiping the sheet above it away leaves it shown")
    terms.push(Screen("Licence"))
    router.userDismisses()
    #expect(results.values == ["declined"])
    #expect(root.children.isEmpty)
  }

  @Test func endingAParentEndsItsChildrenAndTheirTabs() {
    let router = RecordingRouter()
    let root = Endless("Home", router: router)
    root.start()
    let results = Results()
    weak var weakTab: Endless?
    weak var weakTabs: Flow?
    do {
      let tabs = Flow("Tabs", router: router)
      weakTabs = tabs
      root.start(tabs, style: .push, onFinish: results.record())
      let stack = router.makeTabStack()
      let tab = Endless("Feed", router: stack.router)
      weakTab = tab
      tabs.startTab(tab)
      #expect(tabs.canAct, "a tab runs on a router of its own")
      tabs.finish("out")
    }
    #expect(results.values == ["out"])
    #expect(weakTab == nil)
    #expect(weakTabs == nil)
  }

  @Test func aFinishedTabIsRemovedWithoutTouchingItsStack() {
    let router = RecordingRouter()
    let tabs = Endless("Tabs", router: router)
    tabs.start()
    let stack = router.makeTabStack()
    let results = Results()
    let tab = Flow("Profile", router: stack.router)
    tabs.startTab(tab, onFinish: results.record())
    tab.push(Screen("Settings"))
    tab.finish("signedOut")
    #expect(results.values == ["signedOut"])
    #expect(tabs.children.isEmpty)
    #expect(
      router.tabStacks[0].operations == [.push(ScreenID("Profile")), .push(ScreenID("Settings"))])
  }

  /// A tab's child that finishes keeps its stack (the tab still shows it), but what it
  /// presented over the tab container goes with it: its buttons would be dead (issue 16,
  /// item 5).
  @Test func aFinishedTabTakesWhatItPresentedWithIt() {
    let router = RecordingRouter()
    let tabs = Endless("Tabs", router: router)
    tabs.start()
    let stack = router.makeTabStack()
    let results = Results()
    let tab = Flow("Profile", router: stack.router)
    tabs.startTab(tab, onFinish: results.record())
    tab.push(Screen("Settings"))
    tab.present(Screen("Help"))
    tab.finish("signedOut")
    #expect(results.values == ["signedOut"])
    #expect(router.tabStacks[0].top == StackPosition(modals: 0, screens: 2))
    #expect(
      router.tabStacks[0].operations == [
        .push(ScreenID("Profile")), .push(ScreenID("Settings")), .present(ScreenID("Help")),
        .dismiss,
      ])
  }

  @Test func aTabsOwnStackReportsToTheTab() {
    let router = RecordingRouter()
    let tabs = Endless("Tabs", router: router)
    tabs.start()
    let stack = router.makeTabStack()
    let tab = Endless("Cart", router: stack.router)
    tabs.startTab(tab)
    let results = Results()
    let checkout = Flow("Review", router: stack.router, leave: "cancelled")
    tab.start(checkout, style: .sheet, onFinish: results.record())
    router.tabStacks[0].userDismisses()
    #expect(results.values == ["cancelled"])
    #expect(tab.children.isEmpty)
  }

  @Test func anAnswerCountsOnce() {
    let root = Endless("Home", router: RecordingRouter())
    var answers: [Int] = []
    let answer = root.answerOnce { (value: Int) in answers.append(value) }
    answer(1)
    answer(2)
    #expect(answers == [1])
  }

  @Test func anAnswerAfterTheCoordinatorOrTheUserMovedIsDropped() {
    let router = RecordingRouter()
    let root = Endless("Home", router: router)
    root.start()
    var answers: [Int] = []
    let afterPush = root.answerOnce { (value: Int) in answers.append(value) }
    root.push(Screen("Next"))
    afterPush(1)
    let afterUserPop = root.answerOnce { (value: Int) in answers.append(value) }
    router.userPops()
    afterUserPop(2)
    let inTime = root.answerOnce { (value: Int) in answers.append(value) }
    inTime(3)
    #expect(answers == [3])
  }

  @Test func aRootFinishesToTheAppsHandlerWithoutNavigating() {
    let router = RecordingRouter()
    let root = Flow("Home", router: router)
    let results = Results()
    root.onFinish = results.record()
    root.start()
    root.finish("bye")
    #expect(results.values == ["bye"])
    #expect(router.operations == [.push(ScreenID("Home"))])
    #expect(root.isFinished && !root.canAct)
  }
}

/// A coordinator whose start waits (an unanswered decision): it shows nothing.
private final class Waiting: FlowCoordinator<String> {
  override var leaveResult: String? { "left" }
}
