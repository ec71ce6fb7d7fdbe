import FlowRuntime
@_spi(Behaviour) import SwiftUI

// (r3, FLOW-SPEC 13.4) A split coordinator drawn by FlowStackView: a NavigationSplitView with a
// NavigationStack per column, the column on top in a compact width, and the user's back across
// columns there, which leaves the shown child.

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
    push(screen("RoomList"))
  }

  /// Shows a child whose first screen is `first`, as a generated `show` does.
  @discardableResult
  func open(_ first: String, leave: String? = nil) -> Room {
    let child = Room(first, leave: leave, router: columnRouter())
    show(child) { [weak self] result in self?.results.append(result) }
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

  override func start() { push(screen(first)) }

  override var leaveResult: String? { leave }
}

extension ViewNode {
  /// The texts of the probes here and under this one, in order.
  var texts: [String] { every("Text").compactMap { $0.argument as? String } }
}

@MainActor let splitScenarios: [Scenario] = [
  Scenario("aSplitIsANavigationSplitViewWithAStackPerColumn") {
    SwiftUIDouble.horizontalSizeClass = .regular
    let fixture = Fixture()
    let chats = Chats(.tripleColumn, router: fixture.router)
    chats.start()
    chats.open("Rooms")
    let split = try fixture.tree.first("NavigationSplitView").orFail("no NavigationSplitView")
    try expect(split.children.count == 3, "not three columns: \(split.children.map(\.kind))")
    let stacks = split.children.map { $0.every("NavigationStack").count }
    try expect(stacks == [1, 1, 1], "a NavigationStack per column: \(stacks)")
    let texts = split.children.map(\.texts)
    try expect(texts == [["RoomList"], ["Rooms"], []], "the columns show \(texts)")
    let path = try fixture.tree.path(to: "NavigationSplitView").orFail("no split")
    try expect(
      !path.contains { $0.kind == "NavigationStack" },
      "the split is inside a NavigationStack: \(path.map(\.kind))")
  },
  Scenario("theCompactColumnIsTheLastColumnShown") {
    SwiftUIDouble.horizontalSizeClass = .regular
    let fixture = Fixture()
    let chats = Chats(.doubleColumn, router: fixture.router)
    chats.start()
    let binding = { () throws -> Binding<NavigationSplitViewColumn> in
      try
        (fixture.tree.first("NavigationSplitView")?.argument
        as? Binding<NavigationSplitViewColumn>).orFail("no preferredCompactColumn binding")
    }
    try expect(await binding().read() == .sidebar, "a split with no child shows its sidebar")
    let room = chats.open("Timeline")
    try expect(await binding().read() == .detail, "a shown child is on top when collapsed")
    room.finish("left")
    try expect(await binding().read() == .sidebar, "back to the sidebar once the child ended")
    try expect(chats.results == ["left"], "the handler ran: \(chats.results)")
  },
  Scenario("theUsersBackToTheSidebarInACompactWidthLeavesTheChild") {
    SwiftUIDouble.horizontalSizeClass = .compact
    defer { SwiftUIDouble.horizontalSizeClass = nil }
    let fixture = Fixture()
    let chats = Chats(.doubleColumn, router: fixture.router)
    chats.start()
    let room = chats.open("Timeline", leave: "left")
    room.push(screen("Thread"))
    let tree = fixture.tree
    // SwiftUI runs `onChange(initial: true)` when the view appears: the layout reaches the
    // router.
    let change = try (tree.first("onChange")?.argument as? OnChange).orFail("no onChange")
    try expect(change.initial, "the layout is not told when the view appears")
    change.changed(from: change.value, to: change.value)
    let binding = try
      (tree.first("NavigationSplitView")?.argument
      as? Binding<NavigationSplitViewColumn>).orFail("no preferredCompactColumn binding")
    await binding.write(.sidebar)
    try expect(room.isFinished, "the child shown in the detail column was not left")
    try expect(chats.results == ["left"], "its handler: \(chats.results)")
    let split = try fixture.tree.first("NavigationSplitView").orFail("no split")
    try expect(split.children.map(\.texts) == [["RoomList"], []], "\(split.children.map(\.texts))")
  },
  Scenario("theSameWriteInARegularWidthLeavesNothing") {
    SwiftUIDouble.horizontalSizeClass = .regular
    let fixture = Fixture()
    let chats = Chats(.doubleColumn, router: fixture.router)
    chats.start()
    let room = chats.open("Timeline", leave: "left")
    let tree = fixture.tree
    let change = try (tree.first("onChange")?.argument as? OnChange).orFail("no onChange")
    change.changed(from: change.value, to: change.value)
    let binding = try
      (tree.first("NavigationSplitView")?.argument
      as? Binding<NavigationSplitViewColumn>).orFail("no preferredCompactColumn binding")
    await binding.write(.sidebar)
    try expect(!room.isFinished, "a regular width has no back across columns")
  },
]
