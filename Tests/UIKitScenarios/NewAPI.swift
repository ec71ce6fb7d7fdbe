import FlowRuntime
// Scenarios that use what NavigationRouter gained for issue 16 (a window, `animatesTransitions`).
@_spi(Behaviour) import UIKit

@MainActor let newScenarios: [Scenario] = [
  // Issue 16, item 3: the window's root becomes the tab container, and back.
  Scenario("tabsAtTheRootAreTheWindowsRoot") {
    let window = UIWindow(frame: .zero)
    let router = NavigationRouter(window: window)
    try expect(window.rootViewController === router.navigationController, "no root")
    let tabs = UITabBarController()
    let stack = router.makeTabStack()
    tabs.viewControllers = [stack.view.viewControllerToShow]
    router.push(tabs, controls: .standard)
    await settle()
    try expect(
      window.rootViewController === tabs,
      "the window shows \(String(describing: window.rootViewController))")
    // Issue 16, item 5: the tab's modal goes with the tabs.
    stack.router.push(Screen("T"), controls: .standard)
    stack.router.present(Screen("M"), style: .sheet, controls: .standard)
    await settle()
    try expect(tabs.presentedViewController != nil, "the tab's modal is not shown")
    router.unwind(to: .origin)
    await settle()
    try expect(tabs.presentedViewController == nil, "the tab's modal stayed")
    try expect(window.rootViewController === router.navigationController, "the tabs stayed")
  },
  // Issue 16, item 1: a transition whose end UIKit never reports (here a swipe back the
  // user holds) stops the router's queue for a while, not for good.
  Scenario("aTransitionThatNeverEndsDoesNotStopTheRouter") {
    let fixture = Fixture()
    fixture.router.transitionTimeout = 0.05
    fixture.router.push(Screen("A"), controls: .standard)
    fixture.router.push(Screen("B"), controls: .standard)
    await settle()
    UIKitDouble.beginSwipeBack(on: fixture.root)
    fixture.router.present(Screen("C"), style: .sheet, controls: .standard)
    await settle()
    try expect(fixture.presented.isEmpty, "presented during the swipe: \(fixture.presented)")
    try await Task.sleep(for: .milliseconds(200))
    await settle()
    try expect(fixture.presented.count == 1, "the queue is stuck: \(fixture.presented)")
  },
  // Issue 16, item 4: an alert shown in the same turn as a presentation waits for it, and
  // its button's dismiss takes the sheet and the alert.
  Scenario("anAlertAfterAPresentationInTheSameTurn") {
    let fixture = Fixture()
    let router = fixture.router
    router.push(Screen("A"), controls: .standard)
    router.present(Screen("B"), style: .sheet, controls: .standard)
    router.alert(
      FlowAlert(
        title: "Discard changes?",
        buttons: [
          FlowAlert.Button("Discard", role: .destructive) { router.dismiss() },
          FlowAlert.Button("Keep editing", role: .cancel) {},
        ]))
    await settle()
    let alert = try (fixture.presented.last as? UIAlertController).orFail(
      "no alert: \(fixture.presented)")
    try expect(fixture.presented.count == 2, "\(fixture.presented)")
    try expect(router.top == StackPosition(modals: 1, screens: 1), "\(router.top)")
    try expect(UIKitDouble.tap("Discard", in: alert), "no button")
    await settle()
    try expect(fixture.presented.isEmpty, "still presented: \(fixture.presented)")
    try expect(fixture.unwinds.isEmpty, "\(fixture.unwinds)")
  },
  // Issue 16, item 10: observers hear the screen on top change, by the flow's name, for
  // what the router did and for what the user did (the back button).
  Scenario("observersHearTheTopScreenByItsName") {
    let fixture = Fixture()
    let router = fixture.router
    var heard: [String] = []
    router.observeNavigation { heard.append("\($0)") }
    let first = Screen("A")
    router.willShow(first, named: "Home")
    router.push(first, controls: .standard)
    let second = Screen("B")
    router.willShow(second, named: "Details")
    router.push(second, controls: .standard)
    await settle()
    UIKitDouble.tapBack(on: fixture.root)
    await settle()
    try expect(
      heard == ["shown Home", "hidden Home", "shown Details", "hidden Details", "shown Home"],
      "\(heard)")
  },
  // Issue 16, item 7 (FLOW-SPEC section 11): the back button's long-press menu pops past
  // the screen that started a child: the child is dropped, its parent's handler does not
  // run on a screen that is gone; a long-press that keeps that screen finishes the child
  // with its `leave` case, and the handler runs there.
  Scenario("aLongPressPastAChildsStartDropsIt") {
    for (index, expected) in [(0, [String]()), (1, ["cancelled"])] {
      let fixture = Fixture()
      let parent = Pusher(["A", "B"], router: fixture.router)
      parent.start()
      var handled: [String] = []
      parent.open(Pusher(["C", "D"], router: fixture.router, leave: "cancelled")) {
        handled.append($0)
      }
      await settle()
      try expect(fixture.root.viewControllers.count == 4, "\(fixture.root.viewControllers)")
      UIKitDouble.longPressBack(on: fixture.root, to: index)
      await settle()
      try expect(handled == expected, "to \(index): the handler ran \(handled)")
      try expect(parent.children.isEmpty, "to \(index): the child still runs")
      try expect(parent.canAct, "to \(index): the parent's buttons are dead")
    }
  },
  // Issue 16, item 4: transitions without animation end at once.
  Scenario("transitionsWithoutAnimation") {
    let fixture = Fixture()
    fixture.router.animatesTransitions = false
    fixture.router.push(Screen("A"), controls: .standard)
    fixture.router.push(Screen("B"), controls: .standard)
    fixture.router.present(Screen("C"), style: .sheet, controls: .standard)
    try expect(!UIKitDouble.isAnimating, "something animates")
    try expect(fixture.presented.count == 1, "\(fixture.presented)")
    let tabs = UITabBarController()
    let stack = fixture.router.makeTabStack()
    tabs.viewControllers = [stack.view.viewControllerToShow]
    stack.router.push(Screen("T"), controls: .standard)
    stack.router.push(Screen("U"), controls: .standard)
    try expect(!UIKitDouble.isAnimating, "a tab's push animates")
    fixture.router.animatesTransitions = true
    stack.router.pop()
    try expect(UIKitDouble.isAnimating, "a tab's pop does not animate")
    await settle()
    fixture.router.dismiss()
    try expect(UIKitDouble.isAnimating, "the dismissal does not animate")
    await settle()
    try expect(fixture.presented.isEmpty, "\(fixture.presented)")
  },
]

/// A coordinator that pushes its screens, starts a push-style child from the last, and
/// finishes with `leave` when the user leaves it.
final class Pusher: FlowCoordinator<String> {
  let names: [String]
  let leave: String?

  init(_ names: [String], router: any Router, leave: String? = nil) {
    self.names = names
    self.leave = leave
    super.init(router: router)
  }

  override func start() {
    for name in names { push(Screen(name)) }
  }

  override var leaveResult: String? { leave }

  func open(_ child: Pusher, onFinish: @escaping @MainActor (String) -> Void) {
    start(child, style: .push, onFinish: onFinish)
  }
}
