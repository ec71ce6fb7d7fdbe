import FlowRuntime
import Testing

/// The lifecycle of children: kept while they run, removed exactly once, their screens
/// gone before the parent's handler runs, and nothing left that keeps them alive.
@MainActor
@Suite struct CoordinatorTests {
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
    #expect(router.calls == ["push Home", "push Login", "push Reset", "unwind to 0:1"])
  }

  @Test func aPresentStyleChildOpensItsOwnModalStackAndItIsDismissed() {
    let router = RecordingRouter()
    let root = Endless("Home", router: router)
    root.start()
    let child = Flow("Sheet", router: router)
    root.start(child, style: .present, onFinish: Results().record())
    child.push(Screen("Next"))
    child.replace(with: Screen("Only"))
    #expect(names(router.stacks) == [["Home"], ["Only"]])
    child.finish("x")
    #expect(
      router.calls == [
        "push Home", "present Sheet", "push Next", "replace from 0 with Only", "unwind to 0:1",
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
      let child = Flow("Details", router: router, resultWhenLeft: "closed")
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
    #expect(router.calls.last == "user pop")
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
      root.start(child, style: .present, onFinish: results.record())
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
    let grandchild = Flow("B", router: router, resultWhenLeft: "left")
    child.start(grandchild, style: .present, onFinish: results.record("grandchild "))
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
      let child = Flow("A", router: router, resultWhenLeft: "left")
      root.start(child, style: .present, onFinish: results.record("child "))
      let grandchild = Flow("B", router: router, resultWhenLeft: "left")
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
    let child = Flow("A", router: router, resultWhenLeft: "popped")
    root.start(child, style: .push, onFinish: results.record())
    child.pop()
    #expect(results.values == ["popped"])
    #expect(root.children.isEmpty)
  }

  @Test func aChildThatShowedNothingYetIsLeftOnlyWhenTheScreenBelowGoes() {
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
    #expect(results.values == ["left"])
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
    #expect(router.tabStacks[0].calls == ["push Profile", "push Settings"])
  }

  @Test func aTabsOwnStackReportsToTheTab() {
    let router = RecordingRouter()
    let tabs = Endless("Tabs", router: router)
    tabs.start()
    let stack = router.makeTabStack()
    let tab = Endless("Cart", router: stack.router)
    tabs.startTab(tab)
    let results = Results()
    let checkout = Flow("Review", router: stack.router, resultWhenLeft: "cancelled")
    tab.start(checkout, style: .present, onFinish: results.record())
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
    #expect(router.calls == ["push Home"])
    #expect(root.isFinished && !root.canAct)
  }
}

/// A coordinator whose start waits (an unanswered decision): it shows nothing.
private final class Waiting: FlowCoordinator<String> {
  override var resultWhenLeft: String? { "left" }
}
