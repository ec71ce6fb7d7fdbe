import FlowRuntime
import Testing

/// ``SwiftUIRouter``'s split containers (r3, FLOW-SPEC 13.4): the state a `NavigationSplitView`
/// shows, a router per later column, the column shown on top in a compact width, and the
/// user's back across columns there, which leaves the shown child.
@MainActor
@Suite struct SwiftUISplitTests {
  private func running(
    _ style: SplitStyle = .doubleColumn
  ) throws -> (SwiftUIRouter, SplitTests.Split, SplitState) {
    let router = SwiftUIRouter()
    let split = SplitTests.Split(style, router: router)
    split.start()
    let state = try #require(router.rootStack.split)
    return (router, split, state)
  }

  private func names(_ router: SwiftUIRouter) -> [[String]] {
    router.stacks.map { $0.screens.map { "\($0.screen)" } }
  }

  @Test func theRootStackIsThePrimaryColumnAndEachLaterColumnARouter() throws {
    let (router, _, state) = try running(.tripleColumn)
    #expect(state.style == .tripleColumn)
    #expect(names(router) == [["RoomList"]])
    #expect(state.columns[.supplementary]?.name == "router.supplementary")
    #expect(state.columns[.secondary]?.name == "router.secondary")
    #expect(state.columns[.primary] == nil, "the primary column is the router's own stack")
    #expect(state.compactColumn == .primary)
  }

  @Test func aShownChildIsOnItsColumnsStackWhichIsOnTopInACompactWidth() throws {
    let (_, split, state) = try running(.tripleColumn)
    let supplementary = try #require(state.columns[.supplementary])
    let secondary = try #require(state.columns[.secondary])
    let list = split.open("Rooms")
    #expect(names(supplementary) == [["Rooms"]])
    #expect(state.compactColumn == .supplementary)
    let detail = Flow("Timeline", router: list.columnRouter())
    list.show(detail, onFinish: { _ in })
    #expect(names(secondary) == [["Timeline"]] && state.compactColumn == .secondary)
    // A show into the supplementary column again empties the secondary one.
    split.open("Archive")
    #expect(detail.isFinished && secondary.rootStack.count == 0)
    #expect(state.compactColumn == .supplementary)
  }

  @Test func theUsersBackToAnEarlierColumnLeavesTheChildOnlyInACompactWidth() throws {
    let (router, split, state) = try running()
    let secondary = try #require(state.columns[.secondary])
    let room = split.open("Timeline", leave: "left")
    room.push(Screen("Thread"))
    router.userShowedColumn(.primary, of: state)
    #expect(!room.isFinished, "no back across columns in the regular layout")
    router.viewChangedLayout(.compact, of: state)
    #expect(names(secondary) == [["Timeline", "Thread"]], "the layout keeps the column")
    router.userShowedColumn(.primary, of: state)
    #expect(room.isFinished && split.results.values == ["Timeline: left"])
    #expect(secondary.rootStack.count == 0 && state.compactColumn == .primary)
    #expect(names(router) == [["RoomList"]])
    router.viewChangedLayout(.regular, of: state)
    #expect(state.layout == .regular)
  }

  @Test func aModalSplitsPrimaryColumnIsTheStackItsFirstScreenPresents() throws {
    let router = SwiftUIRouter()
    let parent = Endless("Home", router: router)
    parent.start()
    let split = SplitTests.Split(.doubleColumn, router: router)
    parent.start(split, style: .sheet, onFinish: { _ in })
    #expect(router.rootStack.split == nil)
    let state = try #require(router.topStack.split)
    #expect(router.topStack.screens.map { "\($0.screen)" } == ["RoomList"])
    split.open("Timeline")
    #expect(state.columns[.secondary]?.rootStack.count == 1)
  }
}
