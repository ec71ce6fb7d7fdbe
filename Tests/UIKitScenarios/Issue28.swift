import FlowRuntime
// Scenarios of issue 28's UIKit items that use only what NavigationRouter had before it:
// each fails on the router as it was.
@_spi(Behaviour) import UIKit

/// A container view controller of the app's own, with the router's navigation controller
/// as its child.
final class Container: UIViewController {}

@MainActor let issue28Scenarios: [Scenario] = [
  // Issue 28: a tab's navigation controller is a child of the tab container, whose
  // `transitionCoordinator` does not see its push: the presentation after the push waits for
  // the stack's own transition.
  Scenario("aTabsPresentationWaitsForItsPush") {
    let window = UIWindow(frame: .zero)
    let router = NavigationRouter(window: window)
    let tabs = UITabBarController()
    let tab = router.makeTabStack()
    tabs.viewControllers = [tab.view.viewControllerToShow]
    router.push(tabs, controls: .standard)
    await settle()
    tab.router.push(Screen("T"), controls: .standard)
    await settle()
    tab.router.push(Screen("U"), controls: .standard)
    tab.router.present(Screen("M"), style: .sheet, controls: .standard)
    let stack = try (tab.view as? UINavigationController).orFail("a tab is not a stack")
    try expect(stack.transitionCoordinator != nil, "the push does not animate")
    try expect(
      tabs.presentedViewController == nil,
      "presented during the push: \(String(describing: tabs.presentedViewController))")
    await settle()
    try expect(tabs.presentedViewController != nil, "not presented after the push")
    try expect(stack.viewControllers.count == 2, "\(stack.viewControllers)")
  },
  // Issue 28: a modal presented while an alert is up is not presented by the alert (it
  // would go when the alert closes, and be taken for a swipe): it waits for the alert to
  // close, then is presented by the screen below.
  Scenario("aModalPresentedWhileAnAlertIsUpOutlivesIt") {
    let fixture = Fixture()
    fixture.router.transitionTimeout = 0.05
    fixture.router.push(Screen("A"), controls: .standard)
    let alert = UIAlertController(title: "Saved", message: nil, preferredStyle: .alert)
    fixture.root.present(alert, animated: true)
    await settle()
    fixture.router.present(Screen("B"), style: .sheet, controls: .standard)
    await settle()
    try await Task.sleep(for: .milliseconds(150))
    await settle()
    try expect(
      !fixture.presented.dropFirst().contains { $0.presentingViewController is UIAlertController },
      "presented by the alert: \(fixture.presented)")
    fixture.root.dismiss(animated: true)
    await settle()
    try await Task.sleep(for: .milliseconds(300))
    await settle()
    let top = fixture.presented.last as? UINavigationController
    try expect(top?.topViewController?.description == "B", "B not shown: \(fixture.presented)")
    try expect(fixture.unwinds.isEmpty, "taken for a swipe: \(fixture.unwinds)")
    try expect(
      fixture.router.top == StackPosition(modals: 1, screens: 1), "\(fixture.router.top)")
  },
  // Issue 28: iOS 26's content pop (a pan from anywhere in the screen) is off where the flow
  // says `systemBack: false`, like the edge swipe, and on again on a screen that has it.
  Scenario("systemBackOffTurnsOffTheContentPop") {
    let fixture = Fixture()
    fixture.router.push(Screen("A"), controls: .standard)
    fixture.router.push(Screen("B"), controls: .standard)
    fixture.router.push(Screen("Pay"), controls: SystemControls(systemBack: false))
    await settle()
    try expect(!UIKitDouble.beginContentSwipeBack(on: fixture.root), "the content pop began")
    try expect(!UIKitDouble.beginSwipeBack(on: fixture.root), "the edge swipe began")
    try expect(fixture.root.viewControllers.count == 3, "\(fixture.root.viewControllers)")
    fixture.router.pop()
    await settle()
    try expect(UIKitDouble.beginContentSwipeBack(on: fixture.root), "the content pop is off")
    UIKitDouble.endSwipeBack(on: fixture.root, cancelled: false)
    await settle()
    try expect(fixture.unwinds == [StackPosition(modals: 0, screens: 2)], "\(fixture.unwinds)")
  },
  // Issue 28: a router made with a navigation controller that is a window's root, and not
  // given the window, shows a tab container at the root in that window, and back.
  Scenario("tabsAtTheRootShowInTheWindowOfTheNavigationController") {
    let fixture = Fixture()
    let tabs = UITabBarController()
    tabs.viewControllers = [fixture.router.makeTabStack().view.viewControllerToShow]
    fixture.router.push(tabs, controls: .standard)
    await settle()
    try expect(
      fixture.window.rootViewController === tabs,
      "the window shows \(String(describing: fixture.window.rootViewController))")
    try expect(fixture.router.rootViewController === tabs, "the router's root")
    fixture.router.unwind(to: .origin)
    await settle()
    try expect(fixture.window.rootViewController === fixture.root, "the tabs stayed")
  },
  // Issue 28: a router whose navigation controller is in a container of the app's own
  // cannot take the window: a tab container at the root is presented full screen over it.
  Scenario("tabsAtTheRootOfAContainedStackAreFullScreen") {
    let window = UIWindow(frame: .zero)
    let container = Container()
    let navigation = UINavigationController()
    container.addChild(navigation)
    window.rootViewController = container
    let router = NavigationRouter(navigationController: navigation)
    var unwinds: [StackPosition] = []
    router.onUserUnwind = { unwinds.append($0) }
    let tabs = UITabBarController()
    tabs.viewControllers = [router.makeTabStack().view.viewControllerToShow]
    router.push(tabs, controls: .standard)
    await settle()
    try expect(window.rootViewController === container, "the container was replaced")
    try expect(tabs.presentingViewController === container, "the tabs are not shown")
    try expect(tabs.modalPresentationStyle == .fullScreen, "\(tabs.modalPresentationStyle)")
    try expect(router.top == StackPosition(modals: 1, screens: 1), "\(router.top)")
    router.unwind(to: .origin)
    await settle()
    try expect(container.presentedViewController == nil, "the tabs stayed")
    try expect(unwinds.isEmpty, "\(unwinds)")
  },
]
