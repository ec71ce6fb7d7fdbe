import FlowRuntime
@_spi(Behaviour) import UIKit

// (r3, FLOW-SPEC 13.4) NavigationRouter's split containers on the UIKit double: a
// UISplitViewController at the window's root with a navigation controller per column, a show
// in each column, a show that replaces the child shown before, collapse and expand keeping
// every column, and the user's back in the compact width leaving the shown child.

/// A split coordinator whose sidebar starts with `RoomList`.
final class Chats: FlowCoordinator<Never> {
  let style: SplitStyle
  var results: [String] = []

  init(_ style: SplitStyle, router: any Router) {
    self.style = style
    super.init(router: router)
  }

  override func start() {
    showSplit(style)
    push(Screen("RoomList"))
  }

  /// Shows a child whose first screen is `first` in `column`, as a generated `show` does.
  @discardableResult
  func open(_ first: String, column: SplitColumn? = nil, leave: String? = nil) -> Room {
    let child = Room(first, leave: leave, router: columnRouter(column))
    show(child, column: column) { [weak self] result in self?.results.append(result) }
    return child
  }
}

/// A child shown in a column: its first screen is `first`; `leave` is its flow's `leave:`.
final class Room: FlowCoordinator<String> {
  let first: String
  let leave: String?

  init(_ first: String, leave: String?, router: any Router) {
    self.first = first
    self.leave = leave
    super.init(router: router)
  }

  override func start() { push(Screen(first)) }

  override var leaveResult: String? { leave }
}

/// A split coordinator started at the root of a window, settled.
@MainActor func splitFixture(_ style: SplitStyle) async throws -> (
  Fixture, Chats, UISplitViewController
) {
  let fixture = Fixture()
  let chats = Chats(style, router: fixture.router)
  chats.start()
  await settle()
  let split = try fixture.router.splitViewController.orFail("no split view controller")
  return (fixture, chats, split)
}

/// The names of the screens of `controller`, a navigation controller.
@MainActor func names(_ controller: UIViewController?) -> [String] {
  (controller as? UINavigationController)?.viewControllers.map(\.description) ?? []
}

@MainActor let splitScenarios: [Scenario] = [
  Scenario("aSplitIsTheWindowsRootWithAStackPerColumn") {
    let (fixture, chats, split) = try await splitFixture(.tripleColumn)
    try expect(fixture.window.rootViewController === split, "the split is not the window's root")
    try expect(split.style == .tripleColumn, "style \(split.style)")
    try expect(names(split.viewController(for: .primary)) == ["RoomList"], "primary")
    chats.open("Rooms")
    await settle()
    try expect(names(split.viewController(for: .supplementary)) == ["Rooms"], "supplementary")
    try expect(names(split.viewController(for: .secondary)).isEmpty, "secondary shows nothing")
    try expect(
      UIKitDouble.shownColumns(of: split) == [.supplementary], "the column is not brought into view"
    )
    chats.open("Help", column: .secondary)
    await settle()
    try expect(names(split.viewController(for: .secondary)) == ["Help"], "secondary")
    try expect(names(split.viewController(for: .supplementary)) == ["Rooms"], "kept")
  },
  Scenario("aShowReplacesTheChildShownBefore") {
    let (_, chats, split) = try await splitFixture(.doubleColumn)
    let first = chats.open("Timeline")
    first.push(Screen("Thread"))
    await settle()
    try expect(names(split.viewController(for: .secondary)) == ["Timeline", "Thread"], "pushed")
    chats.open("Other")
    await settle()
    try expect(first.isFinished && chats.results.isEmpty, "the first child was not dropped")
    try expect(names(split.viewController(for: .secondary)) == ["Other"], "not replaced")
  },
  Scenario("collapseAndExpandKeepEveryColumn") {
    let (_, chats, split) = try await splitFixture(.doubleColumn)
    let room = chats.open("Timeline")
    room.push(Screen("Thread"))
    await settle()
    UIKitDouble.splitDelegateDefaultsUsed = []
    UIKitDouble.collapse(split)
    await settle()
    let compact = split.viewController(for: .compact)
    try expect(
      names(compact) == ["RoomList", "Timeline", "Thread"], "collapsed: \(names(compact))")
    room.push(Screen("Reply"))
    await settle()
    try expect(names(compact).last == "Reply", "a push while collapsed: \(names(compact))")
    UIKitDouble.expand(split)
    await settle()
    try expect(names(split.viewController(for: .primary)) == ["RoomList"], "primary")
    let secondary = names(split.viewController(for: .secondary))
    try expect(secondary == ["Timeline", "Thread", "Reply"], "secondary: \(secondary)")
    try expect(!room.isFinished, "the child ended")
    // Each delegate method the router implements is the witness of UIKit's requirement: a
    // misnamed one would leave UIKit's default to run.
    try expect(
      UIKitDouble.splitDelegateDefaultsUsed.allSatisfy { $0.hasPrefix("splitViewControllerDid") },
      "the router's delegate methods were not called: \(UIKitDouble.splitDelegateDefaultsUsed)")
  },
  Scenario("theUsersBackInACompactWidthLeavesTheChild") {
    let (fixture, chats, split) = try await splitFixture(.doubleColumn)
    UIKitDouble.collapse(split)
    let room = chats.open("Timeline", leave: "left")
    room.push(Screen("Thread"))
    await settle()
    let compact = try (split.viewController(for: .compact) as? UINavigationController).orFail(
      "no compact stack")
    try expect(names(compact) == ["RoomList", "Timeline", "Thread"], "\(names(compact))")
    UIKitDouble.tapBack(on: compact)
    await settle()
    try expect(!room.isFinished, "left at its second screen")
    UIKitDouble.tapBack(on: compact)
    await settle()
    try expect(room.isFinished && chats.results == ["left"], "not left: \(chats.results)")
    try expect(chats.canAct, "the holder's screen is dead")
    UIKitDouble.expand(split)
    await settle()
    try expect(names(split.viewController(for: .secondary)).isEmpty, "the column shows the child")
    try expect(fixture.unwinds.isEmpty, "the primary column was told of an unwind")
  },
  Scenario("inARegularWidthAColumnsRootHasNoBack") {
    let (_, chats, split) = try await splitFixture(.doubleColumn)
    let room = chats.open("Timeline", leave: "left")
    await settle()
    let secondary = try (split.viewController(for: .secondary) as? UINavigationController)
      .orFail("no secondary stack")
    UIKitDouble.tapBack(on: secondary)
    room.pop()
    await settle()
    try expect(!room.isFinished && names(secondary) == ["Timeline"], "\(names(secondary))")
  },
]

@MainActor let collapsedControlScenarios: [Scenario] = [
  // A split coordinator at the window's root that ends (the user signs out) takes its split
  // away; started again (signed in again), it makes a split of its own, with its columns.
  Scenario("aSplitStartedAgainAtTheRootHasItsColumnsAgain") {
    let (fixture, chats, first) = try await splitFixture(.doubleColumn)
    chats.open("Timeline")
    await settle()
    fixture.router.unwind(to: StackPosition(modals: 0, screens: 0))
    await settle()
    try expect(
      fixture.window.rootViewController === fixture.router.navigationController,
      "the navigation controller is not the window's root again")
    try expect(first.viewController(for: .primary) == nil, "still the old split's column")
    let again = Chats(.doubleColumn, router: fixture.router)
    again.start()
    await settle()
    let split = try fixture.router.splitViewController.orFail("no split the second time")
    try expect(split !== first, "the old split came back")
    try expect(fixture.window.rootViewController === split, "the split is not the window's root")
    again.open("Other")
    await settle()
    try expect(names(split.viewController(for: .primary)) == ["RoomList"], "primary")
    try expect(names(split.viewController(for: .secondary)) == ["Other"], "not in its column")
  },
  // Collapsed, the compact stack is the one the user swipes: a shown child's screen without
  // `systemBack` turns its swipe back off there, as on any stack, and the screen below turns it
  // on again.
  Scenario("aCollapsedSplitsStackHasTheSwipeBackOfItsTopScreen") {
    let (_, chats, split) = try await splitFixture(.doubleColumn)
    let room = chats.open("Timeline")
    await settle()
    UIKitDouble.collapse(split)
    await settle()
    let compact = try (split.viewController(for: .compact) as? UINavigationController).orFail(
      "no compact stack")
    try expect(compact.interactivePopGestureRecognizer?.isEnabled == true, "no swipe back")
    room.push(Screen("Locked"), controls: SystemControls(systemBack: false))
    await settle()
    try expect(names(compact).last == "Locked", "\(names(compact))")
    try expect(
      compact.interactivePopGestureRecognizer?.isEnabled == false,
      "the swipe back stays on over a screen without systemBack")
    room.pop()
    await settle()
    try expect(compact.interactivePopGestureRecognizer?.isEnabled == true, "not on again")
  },
]
