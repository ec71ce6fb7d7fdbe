import FlowRuntime
// Scenarios that run NavigationRouter against the UIKit double (Tests/PlatformStubs/UIKit,
// with its behaviour): each acts as UIKit and the user would, then compares what UIKit shows
// with what the router believes. scripts/uikit-scenarios.sh builds and runs them; it prints
// one `PASS name` or `FAIL name: why` line each, and UIKitScenarioTests reads them.
@_spi(Behaviour) import UIKit

/// A screen with a name, as a test's stub screen would be.
final class Screen: UIViewController {
  let name: String

  init(_ name: String) {
    self.name = name
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  override var description: String { name }
}

/// The app's own presentation delegate of a screen that asks "Discard changes?" before its
/// sheet goes: it keeps working under the router, and hears of a dismissal.
final class DiscardChanges: NSObject, UIAdaptivePresentationControllerDelegate {
  var hasChanges = false
  var asked = 0
  var dismissed = 0

  func presentationControllerShouldDismiss(_ presentationController: UIPresentationController)
    -> Bool
  { !hasChanges }

  func presentationControllerDidAttemptToDismiss(
    _ presentationController: UIPresentationController
  ) { asked += 1 }

  func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
    dismissed += 1
  }
}

/// A coordinator that shows one screen and starts a child in a sheet from it.
final class Parent: FlowCoordinator<Never> {
  override func start() { push(Screen("Home")) }

  func open(_ child: Child) { start(child, style: .sheet) { _ in } }
}

/// A coordinator that shows a form, in the sheet its parent starts it in.
final class Child: FlowCoordinator<Int> {
  let form = Screen("Form")

  override func start() { push(form) }
}

/// The app's own navigation delegate: it notes each screen shown.
final class ShownScreens: NSObject, UINavigationControllerDelegate {
  var shown: [String] = []

  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController,
    animated: Bool
  ) {
    shown.append(viewController.description)
  }
}

struct Failure: Error {
  let message: String
}

func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws {
  if !condition { throw Failure(message: message()) }
}

/// Lets UIKit's animations end and the main actor run what they scheduled.
@MainActor func settle() async {
  for _ in 0..<20 {
    UIKitDouble.finishAnimations()
    await Task.yield()
  }
}

/// A router whose root is in a window, and what the router told about the user's unwinds.
@MainActor final class Fixture {
  let window = UIWindow(frame: .zero)
  let router = NavigationRouter()
  var unwinds: [StackPosition] = []

  init() {
    window.rootViewController = router.navigationController
    router.onUserUnwind = { [unowned self] before in unwinds.append(before) }
  }

  var root: UINavigationController { router.navigationController }

  /// The view controllers presented over the root, bottom first.
  var presented: [UIViewController] {
    var chain: [UIViewController] = []
    var next = root.presentedViewController
    while let controller = next {
      chain.append(controller)
      next = controller.presentedViewController
    }
    return chain
  }
}

/// One scenario: what it does, and its name for the output.
struct Scenario {
  let name: String
  let run: @MainActor () async throws -> Void

  init(_ name: String, _ run: @escaping @MainActor () async throws -> Void) {
    self.name = name
    self.run = run
  }
}

let scenarios: [Scenario] =
  [
    // Issue 16, item 1: a sheet whose screen sets its own presentation delegate.
    Scenario("sheetWithItsOwnDelegateSwipedAway") {
      let fixture = Fixture()
      fixture.router.push(Screen("A"), controls: .standard)
      let form = Screen("Form")
      fixture.router.present(form, style: .sheet, controls: .standard)
      await settle()
      let discard = DiscardChanges()
      form.presentationController?.delegate = discard
      discard.hasChanges = true
      let sheet = try fixture.presented.first.orFail("nothing presented")
      try expect(!UIKitDouble.swipeDown(sheet), "the sheet went with changes")
      try expect(discard.asked == 1, "the app's delegate was not asked")
      discard.hasChanges = false
      try expect(UIKitDouble.swipeDown(sheet), "the sheet did not go")
      await settle()
      try expect(discard.dismissed == 1, "the app's delegate did not hear the dismissal")
      try expect(fixture.unwinds == [StackPosition(modals: 1, screens: 1)], "\(fixture.unwinds)")
      try expect(
        fixture.router.top == StackPosition(modals: 0, screens: 1), "\(fixture.router.top)")
    },
    // Issue 16, item 1, as the coordinators see it: the child whose sheet the user swiped
    // away is removed, and its parent acts again.
    Scenario("aSwipedAwaySheetEndsItsChild") {
      let fixture = Fixture()
      let parent = Parent(router: fixture.router)
      parent.start()
      await settle()
      let child = Child(router: fixture.router)
      parent.open(child)
      await settle()
      try expect(!parent.canAct, "the parent acts under its child's sheet")
      let discard = DiscardChanges()
      child.form.presentationController?.delegate = discard
      try expect(UIKitDouble.swipeDown(try fixture.presented.first.orFail("no sheet")), "no swipe")
      await settle()
      try expect(parent.children.isEmpty, "the child still runs: \(parent.children)")
      try expect(parent.canAct, "the parent's buttons are dead")
    },
    // Issue 16, item 1: the app's own delegates, set before the router's, keep working.
    Scenario("delegatesSetBeforeTheRoutersAreForwarded") {
      let window = UIWindow(frame: .zero)
      let navigation = UINavigationController()
      let appNavigation = ShownScreens()
      navigation.delegate = appNavigation
      let router = NavigationRouter(navigationController: navigation)
      window.rootViewController = navigation
      var unwinds: [StackPosition] = []
      router.onUserUnwind = { unwinds.append($0) }
      router.push(Screen("A"), controls: .standard)
      router.push(Screen("B"), controls: .standard)
      await settle()
      try expect(
        appNavigation.shown == ["A", "B"], "the app's delegate saw \(appNavigation.shown)")
      let tabs = UITabBarController()
      tabs.viewControllers = [router.makeTabStack().view.viewControllerToShow]
      let discard = DiscardChanges()
      tabs.presentationController?.delegate = discard
      router.present(tabs, style: .sheet, controls: .standard)
      await settle()
      try expect(UIKitDouble.swipeDown(tabs), "no swipe")
      await settle()
      try expect(discard.dismissed == 1, "the app's presentation delegate was not told")
      try expect(unwinds == [StackPosition(modals: 1, screens: 1)], "\(unwinds)")
    },
    // Issue 16, item 1: UIKit refuses a presentation (the root is in no window).
    Scenario("aRefusedPresentationIsNoticed") {
      let router = NavigationRouter()
      var unwinds: [StackPosition] = []
      router.onUserUnwind = { unwinds.append($0) }
      router.push(Screen("A"), controls: .standard)
      router.present(Screen("B"), style: .sheet, controls: .standard)
      await settle()
      try expect(
        UIKitDouble.log.last?.contains("not in the window hierarchy") == true, "not refused")
      try expect(unwinds == [StackPosition(modals: 1, screens: 1)], "\(unwinds)")
      try expect(router.top == StackPosition(modals: 0, screens: 1), "\(router.top)")
    },
    // Issue 16, items 1 and 4: the app presents a screen of its own (a share sheet); the
    // router presents over it. (Over an alert it waits: aModalPresentedWhileAnAlertIsUpOutlivesIt.)
    Scenario("presentsOverWhatTheAppPresented") {
      let fixture = Fixture()
      fixture.router.push(Screen("A"), controls: .standard)
      fixture.root.present(Screen("Share"), animated: true)
      await settle()
      fixture.router.present(Screen("B"), style: .sheet, controls: .standard)
      await settle()
      let top = fixture.presented.last as? UINavigationController
      try expect(top?.topViewController?.description == "B", "B not shown: \(fixture.presented)")
      try expect(fixture.unwinds.isEmpty, "\(fixture.unwinds)")
    },
    // Issue 16, item 4: a presented child finishes into a handler that presents.
    Scenario("dismissThenPresentInTheSameTurn") {
      let fixture = Fixture()
      fixture.router.push(Screen("A"), controls: .standard)
      fixture.router.present(Screen("B"), style: .sheet, controls: .standard)
      await settle()
      fixture.router.dismiss()
      fixture.router.present(Screen("C"), style: .fullScreen, controls: .standard)
      await settle()
      let shown = fixture.presented.map { ($0 as? UINavigationController)?.topViewController }
      try expect(shown.count == 1 && shown[0]?.description == "C", "\(fixture.presented)")
      try expect(fixture.unwinds.isEmpty, "\(fixture.unwinds)")
      try expect(
        fixture.router.top == StackPosition(modals: 1, screens: 1), "\(fixture.router.top)")
    },
    // Issue 16, item 4: a sheet whose first screen presents at once.
    Scenario("presentWhilePresenting") {
      let fixture = Fixture()
      fixture.router.push(Screen("A"), controls: .standard)
      fixture.router.present(Screen("B"), style: .sheet, controls: .standard)
      fixture.router.present(Screen("C"), style: .sheet, controls: .standard)
      await settle()
      try expect(fixture.presented.count == 2, "\(fixture.presented)")
      try expect(fixture.unwinds.isEmpty, "\(fixture.unwinds)")
    },
    // Issue 16, item 4: dismissing a stack that presents something (an alert) takes both.
    Scenario("dismissAStackThatPresents") {
      let fixture = Fixture()
      fixture.router.push(Screen("A"), controls: .standard)
      let b = Screen("B")
      fixture.router.present(b, style: .sheet, controls: .standard)
      await settle()
      b.present(
        UIAlertController(title: "Hi", message: nil, preferredStyle: .alert), animated: true)
      await settle()
      fixture.router.dismiss()
      await settle()
      try expect(fixture.presented.isEmpty, "still presented: \(fixture.presented)")
    },
    // The user's own gestures: a cancelled swipe back changes nothing, a finished one pops.
    Scenario("swipeBackCancelledThenFinished") {
      let fixture = Fixture()
      fixture.router.push(Screen("A"), controls: .standard)
      fixture.router.push(Screen("B"), controls: .standard)
      await settle()
      try expect(UIKitDouble.beginSwipeBack(on: fixture.root), "no swipe")
      await settle()
      UIKitDouble.endSwipeBack(on: fixture.root, cancelled: true)
      await settle()
      try expect(fixture.unwinds.isEmpty, "cancelled, yet \(fixture.unwinds)")
      try expect(fixture.root.viewControllers.count == 2, "\(fixture.root.viewControllers)")
      UIKitDouble.beginSwipeBack(on: fixture.root)
      await settle()
      UIKitDouble.endSwipeBack(on: fixture.root, cancelled: false)
      await settle()
      try expect(fixture.unwinds == [StackPosition(modals: 0, screens: 2)], "\(fixture.unwinds)")
      try expect(
        fixture.router.top == StackPosition(modals: 0, screens: 1), "\(fixture.router.top)")
    },
    // The back button's long-press menu pops several screens at once: one unwind.
    Scenario("longPressPopsSeveral") {
      let fixture = Fixture()
      for name in ["A", "B", "C", "D"] { fixture.router.push(Screen(name), controls: .standard) }
      await settle()
      UIKitDouble.longPressBack(on: fixture.root, to: 1)
      await settle()
      try expect(fixture.unwinds == [StackPosition(modals: 0, screens: 4)], "\(fixture.unwinds)")
      try expect(
        fixture.router.top == StackPosition(modals: 0, screens: 2), "\(fixture.router.top)")
    },
    // Issue 16, item 3: a tab container at the root is not in a navigation controller.
    Scenario("tabsAtTheRootAreNotPushed") {
      let fixture = Fixture()
      let tabs = UITabBarController()
      let stack = fixture.router.makeTabStack()
      tabs.viewControllers = [stack.view.viewControllerToShow]
      fixture.router.push(tabs, controls: .standard)
      await settle()
      try expect(tabs.parent == nil, "the tab container is in \(String(describing: tabs.parent))")
      try expect(stack.view is UINavigationController, "a tab is not a navigation controller")
      fixture.router.selectTab(at: 0, of: tabs)
      try expect(tabs.selectedIndex == 0, "not selected")
    },
    // Issue 16, item 3: presented, the tab container is presented itself.
    Scenario("presentedTabsAreNotWrapped") {
      let fixture = Fixture()
      fixture.router.push(Screen("A"), controls: .standard)
      let tabs = UITabBarController()
      tabs.viewControllers = [fixture.router.makeTabStack().view.viewControllerToShow]
      fixture.router.present(tabs, style: .fullScreen, controls: .standard)
      await settle()
      try expect(fixture.presented.first === tabs, "presented: \(fixture.presented)")
    },
    // Issue 16, item 5: a modal a tab presented goes when its presented tab container goes.
    Scenario("aTabsModalGoesWithPresentedTabs") {
      let fixture = Fixture()
      fixture.router.push(Screen("A"), controls: .standard)
      let tabs = UITabBarController()
      let stack = fixture.router.makeTabStack()
      tabs.viewControllers = [stack.view.viewControllerToShow]
      fixture.router.present(tabs, style: .fullScreen, controls: .standard)
      await settle()
      stack.router.push(Screen("T"), controls: .standard)
      stack.router.present(Screen("M"), style: .sheet, controls: .standard)
      await settle()
      try expect(fixture.presented.count == 2, "the tab's modal is not shown: \(fixture.presented)")
      fixture.router.dismiss()
      await settle()
      try expect(fixture.presented.isEmpty, "still presented: \(fixture.presented)")
    },
    // Issue 16, item 3: a tab container started above a screen is not pushed.
    Scenario("tabsAboveAScreenAreNotPushed") {
      let fixture = Fixture()
      fixture.router.push(Screen("A"), controls: .standard)
      let tabs = UITabBarController()
      tabs.viewControllers = [fixture.router.makeTabStack().view.viewControllerToShow]
      fixture.router.push(tabs, controls: .standard)
      await settle()
      try expect(tabs.parent == nil, "the tab container is in \(String(describing: tabs.parent))")
      try expect(fixture.presented.first === tabs, "presented: \(fixture.presented)")
      try expect(tabs.modalPresentationStyle == .fullScreen, "a sheet")
      try expect(fixture.unwinds.isEmpty, "\(fixture.unwinds)")
    },
    // Issue 16, item 5: a modal a tab presented goes when its tab container, started above a
    // screen, ends.
    Scenario("aTabsModalGoesWithTabsAboveAScreen") {
      let fixture = Fixture()
      fixture.router.push(Screen("A"), controls: .standard)
      let tabs = UITabBarController()
      let stack = fixture.router.makeTabStack()
      tabs.viewControllers = [stack.view.viewControllerToShow]
      fixture.router.push(tabs, controls: .standard)
      await settle()
      stack.router.push(Screen("T"), controls: .standard)
      stack.router.present(Screen("M"), style: .sheet, controls: .standard)
      await settle()
      try expect(fixture.presented.count == 2, "the tab's modal is not shown: \(fixture.presented)")
      fixture.router.unwind(to: StackPosition(modals: 0, screens: 1))
      await settle()
      try expect(fixture.presented.isEmpty, "still presented: \(fixture.presented)")
    },
  ] + newScenarios + issue28Scenarios + issue28NewAPIScenarios + revision3Scenarios
  + generatedSequenceScenarios
  + generatedRequestScenarios + splitScenarios + generatedSplitScenarios
  + collapsedControlScenarios + generatedIdentifierScenarios

extension Optional {
  func orFail(_ message: String) throws -> Wrapped {
    guard let value = self else { throw Failure(message: message) }
    return value
  }
}

@MainActor func runScenarios() async -> Int32 {
  let wanted = Set(CommandLine.arguments.dropFirst())
  var failed: Int32 = 0
  for scenario in scenarios where wanted.isEmpty || wanted.contains(scenario.name) {
    UIKitDouble.log = []
    do {
      try await scenario.run()
      print("PASS \(scenario.name)")
    } catch {
      failed = 1
      print("FAIL \(scenario.name): \((error as? Failure)?.message ?? "\(error)")")
    }
  }
  return failed
}

let status = await runScenarios()
exit(status)
