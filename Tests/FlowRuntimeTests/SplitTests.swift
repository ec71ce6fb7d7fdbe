import FlowRuntime
import Testing

/// What generated split coordinators rely on (r3, FLOW-SPEC 13.4): a split coordinator's
/// screens are on the primary column; `show` starts a child in a later column, dropping what
/// that column and the later ones showed; a shown child that ends leaves its column empty; in
/// the compact layout the columns are one stack whose back leaves a shown child; a change of
/// layout keeps every column.
@MainActor
@Suite struct SplitTests {
  /// A split coordinator whose first screen is `first`, on the primary column.
  final class Split: FlowCoordinator<String> {
    let style: SplitStyle
    let first: String
    let results = Results()

    init(_ style: SplitStyle, first: String = "RoomList", router: any Router) {
      self.style = style
      self.first = first
      super.init(router: router)
    }

    override func start() {
      showSplit(style)
      push(Screen(first))
    }

    /// Shows a `Flow` child whose first screen is `screen`, as a generated `show` does.
    @discardableResult
    func open(_ screen: String, column: SplitColumn? = nil, leave: String? = nil) -> Flow {
      let child = Flow(screen, router: columnRouter(column), leave: leave)
      show(child, column: column, onFinish: results.record("\(screen): "))
      return child
    }
  }

  private func running(
    _ style: SplitStyle = .doubleColumn
  ) -> (RecordingRouter, Split) {
    let router = RecordingRouter()
    let split = Split(style, router: router)
    split.start()
    return (router, split)
  }

  @Test func theSplitCoordinatorsScreensAreOnThePrimaryColumnItsOwnRouter() throws {
    let (router, split) = running()
    #expect(router.operations == [.split(.doubleColumn), .push(ScreenID("RoomList"))])
    #expect(names(router.stacks) == [["RoomList"]])
    #expect(router.columns.map(\.name) == ["router.secondary"])
    let secondary = try #require(router.column(.secondary))
    #expect(secondary.screens.isEmpty, "a column shows nothing until a child is shown there")
    #expect(split.canAct)
  }

  @Test func showStartsTheChildInTheNextColumnAndTheHolderStaysActive() throws {
    let (router, split) = running()
    let secondary = try #require(router.column(.secondary))
    let room = split.open("Timeline")
    #expect(names(secondary.stacks) == [["Timeline"]])
    #expect(names(router.stacks) == [["RoomList"]], "the holder's column is unchanged")
    #expect(room.router === secondary && split.children.first === room)
    #expect(split.canAct, "the holder stays visible and active beside the child")
    room.push(Screen("Thread"))
    #expect(names(secondary.stacks) == [["Timeline", "Thread"]])
  }

  @Test func aSecondShowDropsTheChildShownBeforeWithoutItsHandler() throws {
    let (router, split) = running()
    let secondary = try #require(router.column(.secondary))
    let first = split.open("Timeline")
    first.push(Screen("Thread"))
    secondary.clearCalls()
    let second = split.open("Other")
    #expect(first.isFinished && !second.isFinished)
    #expect(split.children.count == 1 && split.children.first === second)
    #expect(split.results.values.isEmpty, "a replaced child is dropped: no handler")
    #expect(secondary.operations == [.unwind(to: .origin), .push(ScreenID("Other"))])
    #expect(names(secondary.stacks) == [["Other"]])
  }

  @Test func inATripleSplitShowFillsTheSupplementaryColumnThenTheSecondary() throws {
    let (router, split) = running(.tripleColumn)
    let supplementary = try #require(router.column(.supplementary))
    let secondary = try #require(router.column(.secondary))
    let list = split.open("Rooms")
    #expect(names(supplementary.stacks) == [["Rooms"]] && secondary.screens.isEmpty)
    // The child in the supplementary column shows its own child in the column after its own.
    let detail = Flow("Timeline", router: list.columnRouter(), leave: nil)
    let results = Results()
    list.show(detail, onFinish: results.record())
    #expect(names(secondary.stacks) == [["Timeline"]])
    #expect(detail.router === secondary)
    // Showing in the supplementary column again drops both, the later column first.
    secondary.clearCalls()
    split.open("Archive")
    #expect(list.isFinished && detail.isFinished)
    #expect(secondary.operations == [.unwind(to: .origin)])
    #expect(secondary.screens.isEmpty, "a later column shows nothing once its child is dropped")
    #expect(names(supplementary.stacks) == [["Archive"]])
    #expect(split.results.values.isEmpty && results.values.isEmpty)
  }

  @Test func aNamedLaterColumnIsUsedAndAShowIntoItKeepsEarlierColumns() throws {
    let (router, split) = running(.tripleColumn)
    let supplementary = try #require(router.column(.supplementary))
    let secondary = try #require(router.column(.secondary))
    let list = split.open("Rooms")
    let detail = split.open("Help", column: .secondary)
    #expect(detail.router === secondary)
    #expect(names(secondary.stacks) == [["Help"]])
    #expect(!list.isFinished, "a show into the secondary column keeps the supplementary one")
    #expect(names(supplementary.stacks) == [["Rooms"]])
  }

  @Test func aShowIntoAColumnNotAfterTheHoldersIsAPushStyleStart() throws {
    let (router, split) = running(.tripleColumn)
    let supplementary = try #require(router.column(.supplementary))
    let list = split.open("Rooms")
    // From the supplementary column, the supplementary column is not a later one.
    #expect(list.columnRouter(.supplementary) === supplementary)
    let child = Flow("Search", router: list.columnRouter(.supplementary))
    let results = Results()
    list.show(child, column: .supplementary, onFinish: results.record())
    #expect(names(supplementary.stacks) == [["Rooms", "Search"]])
    #expect(!list.canAct, "a push-style child runs above its parent's screen")
  }

  @Test func aShownChildThatFinishesLeavesItsColumnEmptyAndItsHandlerRuns() throws {
    let (router, split) = running()
    let secondary = try #require(router.column(.secondary))
    let room = split.open("Timeline")
    room.push(Screen("Thread"))
    room.finish("left")
    #expect(split.results.values == ["Timeline: left"])
    #expect(secondary.screens.isEmpty)
    #expect(split.children.isEmpty && names(router.stacks) == [["RoomList"]])
  }

  @Test func inTheRegularLayoutTheChildsBottomScreenIsTheRootOfItsColumn() throws {
    let (router, split) = running()
    let secondary = try #require(router.column(.secondary))
    let room = split.open("Timeline", leave: "left")
    secondary.userPops()
    room.pop()
    #expect(names(secondary.stacks) == [["Timeline"]])
    #expect(!room.isFinished && split.results.values.isEmpty)
  }

  @Test func inTheCompactLayoutTheUsersBackAtTheChildsBottomLeavesIt() throws {
    let (router, split) = running()
    let secondary = try #require(router.column(.secondary))
    router.collapse()
    let room = split.open("Timeline", leave: "left")
    room.push(Screen("Thread"))
    #expect(names([router.collapsedStack]) == [["RoomList", "Timeline", "Thread"]])
    // The one back button acts on the top of the collapsed stack: the child's screens.
    router.userPops()
    #expect(names(secondary.stacks) == [["Timeline"]] && !room.isFinished)
    router.userPops()
    #expect(room.isFinished)
    #expect(split.results.values == ["Timeline: left"], "left with its leave result")
    #expect(names([router.collapsedStack]) == [["RoomList"]])
    // With no child shown, the back is the primary column's: its root stays.
    router.userPops()
    #expect(names(router.stacks) == [["RoomList"]])
  }

  @Test func inTheCompactLayoutAChildWithoutLeaveResultIsDroppedByTheBack() throws {
    let (router, split) = running()
    let secondary = try #require(router.column(.secondary))
    router.collapse()
    let room = split.open("Timeline")
    secondary.userPops()
    #expect(room.isFinished && split.children.isEmpty)
    #expect(split.results.values.isEmpty, "dropped: no handler")
  }

  @Test func aFlowPopAtTheChildsBottomLeavesItOnlyInTheCompactLayout() throws {
    let (router, split) = running()
    let room = split.open("Timeline", leave: "left")
    room.pop()
    #expect(!room.isFinished)
    router.collapse()
    room.pop()
    #expect(room.isFinished && split.results.values == ["Timeline: left"])
  }

  @Test func layoutChangesKeepEveryColumnsChildAndScreensBothWays() throws {
    let (router, split) = running(.tripleColumn)
    let supplementary = try #require(router.column(.supplementary))
    let secondary = try #require(router.column(.secondary))
    let list = split.open("Rooms")
    let detail = Flow("Timeline", router: list.columnRouter())
    list.show(detail, onFinish: { _ in })
    detail.push(Screen("Thread"))
    router.collapse()
    #expect(names([router.collapsedStack]) == [["RoomList", "Rooms", "Timeline", "Thread"]])
    router.expand()
    #expect(names(supplementary.stacks) == [["Rooms"]])
    #expect(names(secondary.stacks) == [["Timeline", "Thread"]])
    #expect(!list.isFinished && !detail.isFinished)
    router.collapse()
    // Collapsed again, the back takes the last column's screens first, then leaves it.
    router.userPops()
    router.userPops()
    #expect(detail.isFinished && !list.isFinished)
    #expect(names([router.collapsedStack]) == [["RoomList", "Rooms"]])
    router.expand()
    #expect(secondary.screens.isEmpty && names(supplementary.stacks) == [["Rooms"]])
    #expect(
      router.operations.map(\.description).filter { ["collapse", "expand"].contains($0) }
        == ["collapse", "expand", "collapse", "expand"])
  }

  @Test func theHandlerIsDroppedWhenTheHoldersScreenThatShowedIsGone() throws {
    let (router, split) = running()
    split.push(Screen("Filter"))
    let room = split.open("Timeline")
    split.pop()
    #expect(names(router.stacks) == [["RoomList"]])
    room.finish("left")
    #expect(room.isFinished && split.results.values.isEmpty)
    #expect(router.column(.secondary)?.screens.isEmpty == true)
  }

  @Test func aHolderThatEndsTakesItsShownChildsScreensAway() throws {
    let (router, split) = running(.tripleColumn)
    let supplementary = try #require(router.column(.supplementary))
    let secondary = try #require(router.column(.secondary))
    // A push-style child of the split coordinator is on the primary column and holds a show.
    let inbox = Flow("Inbox", router: split.router)
    let results = Results()
    split.start(inbox, style: .push, onFinish: results.record())
    #expect(inbox.columnRouter() === supplementary)
    let message = Flow("Message", router: inbox.columnRouter())
    inbox.show(message, onFinish: results.record("message "))
    #expect(names(supplementary.stacks) == [["Message"]])
    inbox.finish("done")
    #expect(message.isFinished && supplementary.screens.isEmpty && secondary.screens.isEmpty)
    #expect(results.values == ["done"])
    #expect(names(router.stacks) == [["RoomList"]])
  }

  @Test func aModalSplitCoordinatorsFirstScreenPresentsThePrimaryColumn() throws {
    let router = RecordingRouter()
    let parent = Endless("Home", router: router)
    parent.start()
    let split = Split(.doubleColumn, router: router)
    parent.start(split, style: .sheet, onFinish: { _ in })
    #expect(names(router.stacks) == [["Home"], ["RoomList"]])
    router.collapse()
    let secondary = try #require(router.column(.secondary))
    let room = split.open("Timeline")
    #expect(names([router.collapsedStack]) == [["RoomList", "Timeline"]])
    // The sheet swiped away takes the split with it: its shown child ends.
    router.userDismisses()
    #expect(split.isFinished && room.isFinished)
    #expect(router.collapsedStack.isEmpty && secondary.screens.isEmpty)
  }

  @Test func aShowWithoutASplitAroundIsAPushStyleStart() throws {
    let router = RecordingRouter()
    let parent = Endless("Home", router: router)
    parent.start()
    #expect(parent.columnRouter() === router)
    let child = Flow("Detail", router: parent.columnRouter())
    parent.show(child, onFinish: { _ in })
    #expect(names(router.stacks) == [["Home", "Detail"]])
    #expect(!parent.canAct)
  }

  @Test func aModalChildOverTheSplitHasNoColumn() throws {
    let (router, split) = running()
    let modal = Flow("Compose", router: router)
    split.start(modal, style: .sheet, onFinish: { _ in })
    #expect(modal.columnRouter() === router, "no later column: the modal's own stack")
    let child = Flow("Attach", router: modal.columnRouter())
    modal.show(child, onFinish: { _ in })
    #expect(names(router.stacks) == [["RoomList"], ["Compose", "Attach"]])
    #expect(router.column(.secondary)?.screens.isEmpty == true)
  }

  @Test func aRouterWithoutColumnsShowsEveryColumnOnItsOneStack() throws {
    let router = ColumnlessRouter()
    let split = Split(.doubleColumn, router: router)
    split.start()
    let room = split.open("Timeline", leave: "left")
    #expect(room.router === router)
    #expect(router.recording.screens.map { "\($0)" } == ["RoomList", "Timeline"])
    router.recording.userPops()
    #expect(room.isFinished && split.results.values == ["Timeline: left"])
  }
}

/// A router written before ``Router/makeSplit(_:)`` existed: it forwards to a recording
/// router without its split, so the protocol's default makes the split.
@MainActor
private final class ColumnlessRouter: Router {
  let recording = RecordingRouter()
  var top: StackPosition { recording.top }
  var onUserUnwind: (@MainActor (StackPosition) -> Void)? {
    get { recording.onUserUnwind }
    set { recording.onUserUnwind = newValue }
  }
  func push(_ screen: any Presentable, controls: SystemControls) {
    recording.push(screen, controls: controls)
  }
  func present(_ screen: any Presentable, style: ModalStyle, controls: SystemControls) {
    recording.present(screen, style: style, controls: controls)
  }
  func replace(from index: Int, with screen: any Presentable, controls: SystemControls) {
    recording.replace(from: index, with: screen, controls: controls)
  }
  func pop() { recording.pop() }
  func dismiss() { recording.dismiss() }
  func unwind(to position: StackPosition) { recording.unwind(to: position) }
  func makeTabStack() -> (router: any Router, view: any Presentable) { recording.makeTabStack() }
  func alert(_ alert: FlowAlert) { recording.alert(alert) }
}
