import FlowRuntime
import Testing

/// A router that a test drives as the user would, with the system's controls, so that the
/// same scenario runs on ``RecordingRouter`` and on ``SwiftUIRouter`` and their ends can be
/// compared.
@MainActor
protocol DrivenRouter: Router {
  /// The screens of each stack, root stack first, each named as the stub describes it,
  /// with the style of each modal stack after its screens.
  var stackNames: [[String]] { get }
  /// The screen on top of the top stack.
  var screenOnTop: (any Presentable)? { get }
  /// The title of each alert shown and not closed yet, the one on top last.
  var alertTitles: [String] { get }
  /// The tab that `container` shows.
  func selectedTab(of container: any Presentable) -> Int
  /// The back button, or the swipe back.
  func goBack()
  /// The back button's long-press menu: back to the screen at `index` of the top stack.
  func goBack(to index: Int)
  /// A swipe down on the top modal stack.
  func swipeDown()
  /// Taps the button titled `title` of the alert on top.
  func tapAlert(_ title: String)
  /// (r3) The routers of the later columns of the split this router shows, left to right;
  /// empty without one.
  var columnRouters: [any DrivenRouter] { get }
  /// (r3) The width changed: the split this router shows collapses into one stack or shows
  /// its columns side by side again.
  func changeLayout(_ layout: SplitLayout)
}

extension RecordingRouter: DrivenRouter {
  var stackNames: [[String]] {
    zip(stacks, [nil] + modalStyles.map(Optional.some)).map { screens, style in
      screens.map(shownName(of:)) + (style.map { ["\($0)"] } ?? [])
    }
  }
  var screenOnTop: (any Presentable)? { topScreen }
  var alertTitles: [String] { shownAlerts.map { $0.title ?? "" } }
  func goBack() { userPops() }
  func goBack(to index: Int) { userPops(to: index) }
  func swipeDown() { userDismisses() }
  func tapAlert(_ title: String) { tap(title) }
  var columnRouters: [any DrivenRouter] { columns }
  func changeLayout(_ layout: SplitLayout) { layout == .compact ? collapse() : expand() }
}

/// The user's gestures on a ``SwiftUIRouter``, done as SwiftUI does them: through what the
/// views' bindings are set to, and only where the views leave the control on
/// (`navigationBarBackButtonHidden` takes the back button and the swipe back away,
/// `interactiveDismissDisabled` the swipe down).
extension SwiftUIRouter: DrivenRouter {
  var stackNames: [[String]] {
    stacks.map { stack in
      stack.screens.map { shownName(of: $0.screen) } + (stack.style.map { ["\($0)"] } ?? [])
    }
  }
  var screenOnTop: (any Presentable)? { topStack.topScreen?.screen }
  var alertTitles: [String] { stacks.flatMap(\.alerts).map { $0.alert.title ?? "" } }

  func goBack() {
    if goBackInCollapsedSplit() { return }
    let stack = topStack
    guard stack.topScreen?.controls.systemBack ?? true, !stack.path.isEmpty else { return }
    userSetPath(Array(stack.path.dropLast()), of: stack)
  }

  func goBack(to index: Int) {
    let stack = topStack
    guard stack.topScreen?.controls.systemBack ?? true, index >= 0 else { return }
    userSetPath(Array(stack.path.prefix(index)), of: stack)
  }

  func swipeDown() {
    guard topStack.isSwipeable else { return }
    userDismissed(topStack)
  }

  func tapAlert(_ title: String) {
    guard let shown = stacks.last(where: { !$0.alerts.isEmpty })?.alerts.last,
      let index = shown.alert.buttons.firstIndex(where: { $0.title == title })
    else { return }
    userTapped(button: index, of: shown)
  }

  var columnRouters: [any DrivenRouter] {
    guard let split = stacks.lazy.compactMap(\.split).first else { return [] }
    return split.style.columns.compactMap { split.columns[$0] }
  }

  func changeLayout(_ layout: SplitLayout) {
    guard let split = stacks.lazy.compactMap(\.split).first else { return }
    viewChangedLayout(layout, of: split)
  }

  /// (r3) The one back button of a collapsed split whose primary column is the top stack: it
  /// goes back in the last column that shows a screen, and from that column's bottom screen to
  /// the column before it (the `preferredCompactColumn` binding). `false` when the split is
  /// not collapsed or no later column shows a screen.
  private func goBackInCollapsedSplit() -> Bool {
    guard let split = topStack.split, split.layout == .compact else { return false }
    let later = split.style.columns.dropFirst()
    guard let column = later.last(where: { (split.columns[$0]?.rootStack.count ?? 0) > 0 }),
      let router = split.columns[column]
    else { return false }
    if router.topStack.path.isEmpty {
      let before = split.style.columns.last { $0 < column } ?? .primary
      userShowedColumn(before, of: split)
    } else {
      router.goBack()
    }
    return true
  }
}

/// The example app on a router that tests drive: after every step, what it shows and which
/// coordinators run, for comparing one router with another.
@MainActor
final class DrivenApp {
  let router: any DrivenRouter
  let screens = RecordingScreens()
  let app: AppCoordinator
  /// What the app was like after each step, starting with the launch.
  private(set) var snapshots: [String] = []

  init(router: any DrivenRouter) {
    self.router = router
    app = AppCoordinator(screens: screens, router: router)
    app.start()
    snapshot("launch")
  }

  /// The router of tab `index` (0: Shop, 1: Search, 2: Cart, 3: Account).
  func tab(_ index: Int, sourceLocation: SourceLocation = #_sourceLocation) -> any DrivenRouter {
    let stacks = tabStacks.compactMap { $0 as? any DrivenRouter }
    guard stacks.indices.contains(index) else {
      Issue.record("no tab \(index)", sourceLocation: sourceLocation)
      return router
    }
    return stacks[index]
  }

  /// Sends `event` from the screen on top of `stack`, or (r3) of a column of the split it
  /// shows, side by side in the regular layout these tests run in.
  func send<Event>(
    _ event: Event, on stack: any DrivenRouter, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let visible = [stack] + stack.columnRouters
    guard
      visible.contains(where: { ($0.screenOnTop as? StubScreen)?.send(event) ?? false })
    else {
      let top = stack.screenOnTop.map(shownName(of:)) ?? "nothing"
      Issue.record("\(top) does not send \(Event.self)", sourceLocation: sourceLocation)
      return
    }
    snapshot("send \(event)")
  }

  /// Does what the user does on `stack`, then takes a snapshot named `step`.
  func user(_ step: String, on stack: any DrivenRouter, _ gesture: (any DrivenRouter) -> Void) {
    gesture(stack)
    snapshot(step)
  }

  /// Answers the launch decision.
  func answer(_ answer: AppCoordinator.LaunchAnswer) {
    #expect(screens.answer(answer), "no decision waits for \(answer)")
    snapshot("answer \(answer)")
  }

  /// Answers the payment's decision.
  func answer(_ answer: CheckoutCoordinator.AuthorizeAnswer) {
    #expect(screens.answer(answer), "no decision waits for \(answer)")
    snapshot("answer \(answer)")
  }

  /// Answers the credentials' decision.
  func answer(_ answer: AuthCoordinator.CheckCredentialsAnswer) {
    #expect(screens.answer(answer), "no decision waits for \(answer)")
    snapshot("answer \(answer)")
  }

  /// The stacks of the app's router and of each tab, the tab the tab container shows, the
  /// alerts shown, the coordinators that run and the decisions asked.
  private func snapshot(_ step: String) {
    let tabs = tabStacks.compactMap { $0 as? any DrivenRouter }
    let selected = router.screenOnTop.map { router.selectedTab(of: $0) } ?? 0
    let stacks = ([router] + tabs).map { router in
      let columns = router.columnRouters.map { " | \($0.stackNames) alerts \($0.alertTitles)" }
      return "\(router.stackNames) alerts \(router.alertTitles)\(columns.joined())"
    }
    snapshots.append(
      """
      after \(step): \(stacks.joined(separator: "; ")), tab \(selected), \
      running \(tree(app)), asked \(asked)
      """)
  }

  /// The stacks of the tabs of the last tab container made, whatever router made them.
  var tabStacks: [any Presentable] { screens.tabContainers.last?.stacks ?? [] }

  /// The decisions asked, in order.
  var asked: [String] { screens.asked.map(\.description) }

  private func tree(_ coordinator: Coordinator) -> String {
    "\(type(of: coordinator))[\(coordinator.children.map(tree).joined(separator: ", "))]"
  }
}
