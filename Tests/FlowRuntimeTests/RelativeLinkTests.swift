import FlowRuntime
import Testing

/// A relative link (FLOW-SPEC 13.6) on hand-written coordinators: the top stack is found from
/// the root inward, through modal stacks before tabs, and the coordinator of its top screen is
/// the one asked to push.
@MainActor
@Suite struct RelativeLinkTests {
  /// Opens a relative link from `root` that pushes `Pushed`; returns the coordinator asked to
  /// push it (or `nil`) and how the link ended.
  private func open(from root: Coordinator) -> (owner: Coordinator?, outcomes: [LinkOutcome]) {
    var owner: Coordinator?
    var outcomes: [LinkOutcome] = []
    let route = LinkRoute(link: "pushed", relative: "Pushed") { coordinator in
      owner = coordinator
      coordinator.push(Screen("Pushed"), named: "Pushed")
      return true
    }
    root.follow(route) { outcomes.append($0) }
    return (owner, outcomes)
  }

  @Test func theSelectedTabsStackIsOnTop() throws {
    let router = RecordingRouter()
    let main = MainTabs(router: router)
    main.start()
    #expect(main.select(AccountTab.self))
    let (owner, outcomes) = open(from: main)
    #expect(outcomes == [.followed])
    #expect(owner === main.account)
    #expect(names(router.tabStacks[1].stacks) == [["Profile", "Pushed"]])
    #expect(names(router.tabStacks[0].stacks) == [["Catalog"]])
  }

  @Test func aModalStackOfATabIsOverTheTabsEvenWhenAnotherTabIsSelected() throws {
    let router = RecordingRouter()
    let main = MainTabs(router: router)
    main.start()
    let account = try #require(main.account)
    account.present(Screen("Sheet"), named: "Sheet")
    let (owner, outcomes) = open(from: main)
    #expect(outcomes == [.followed])
    #expect(owner === account)
    #expect(names(router.tabStacks[1].stacks) == [["Profile"], ["Sheet", "Pushed"]])
    #expect(names(router.tabStacks[0].stacks) == [["Catalog"]])
  }

  @Test func theTabCoordinatorsOwnModalStackIsOverItsTabs() throws {
    let router = RecordingRouter()
    let main = MainTabs(router: router)
    main.start()
    main.account?.present(Screen("Sheet"), named: "Sheet")
    main.present(Screen("Over"), named: "Over")
    let (owner, outcomes) = open(from: main)
    #expect(outcomes == [.followed])
    #expect(owner === main)
    #expect(names(router.stacks) == [["Tabs"], ["Over", "Pushed"]])
    #expect(names(router.tabStacks[1].stacks) == [["Profile"], ["Sheet"]])
  }

  @Test func aTabCoordinatorWithNoTabToGoIntoStopsTheLink() throws {
    final class Empty: FlowCoordinator<Never> {
      override func start() { showTabs(Screen("Tabs")) }
    }
    let router = RecordingRouter()
    let empty = Empty(router: router)
    empty.start()
    let (owner, outcomes) = open(from: empty)
    #expect(outcomes == [.notFollowed(.stopped)])
    #expect(owner == nil)
    #expect(names(router.stacks) == [["Tabs"]])
  }
}
