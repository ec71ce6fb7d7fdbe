import FlowRuntime
import Testing

/// A tab child that shows one screen; a type of its own, since `select` finds a tab by the
/// type of the coordinator it starts.
final class ShopTab: FlowCoordinator<Never> {
  override func start() { push(Screen("Catalog")) }
}

/// Another tab child.
final class AccountTab: FlowCoordinator<Never> {
  override func start() { push(Screen("Profile")) }
}

/// A tab coordinator as the generator writes one: a stack per tab, the container shown with
/// `showTabs`, then each tab's child started in order.
final class MainTabs: FlowCoordinator<Never> {
  private(set) var shop: ShopTab?
  private(set) var account: AccountTab?

  override func start() {
    let stack1 = router.makeTabStack()
    let stack2 = router.makeTabStack()
    showTabs(Screen("Tabs"))
    let shop = ShopTab(router: stack1.router)
    self.shop = shop
    startTab(shop)
    let account = AccountTab(router: stack2.router)
    self.account = account
    startTab(account)
  }
}

/// `select` (FLOW-SPEC r2, sections 7 and 10): the nearest tab coordinator up the parent
/// chain shows the tab that starts the coordinator named, and every stack stays as it was.
@MainActor
@Suite struct SelectTests {
  @Test func aNestedChildOfATabSelectsAnotherTabAndEveryStackStays() throws {
    let router = RecordingRouter()
    let main = MainTabs(router: router)
    main.start()
    let shop = try #require(main.shop)
    let details = Flow("Details", router: shop.router)
    shop.start(details, style: .push, onFinish: { _ in })
    let results = Results()
    let reviews = Flow("Reviews", router: shop.router)
    details.start(reviews, style: .push, onFinish: results.record())

    #expect(reviews.select(AccountTab.self))
    #expect(
      router.operations == [
        .push(.tabs(of: MainTabs.self)), .selectTab(1, of: .tabs(of: MainTabs.self)),
      ])
    #expect(router.selectedTab(of: try #require(router.topScreen)) == 1)
    #expect(names(router.tabStacks[0].stacks) == [["Catalog", "Details", "Reviews"]])
    #expect(names(router.tabStacks[1].stacks) == [["Profile"]])
    #expect(!reviews.isFinished && details.children.count == 1, "nothing ends")

    #expect(main.account?.select(ShopTab.self) == true)
    #expect(router.operations.last == .selectTab(0, of: .tabs(of: MainTabs.self)))
    #expect(results.values.isEmpty)
  }

  @Test func aCoordinatorThatIsNoTabOrNoTabCoordinatorAroundSelectsNothing() throws {
    let router = RecordingRouter()
    let main = MainTabs(router: router)
    main.start()
    let shop = try #require(main.shop)
    #expect(!shop.select(Flow.self), "no tab starts a Flow")
    let alone = Flow("Home", router: RecordingRouter())
    alone.start()
    #expect(!alone.select(ShopTab.self), "it runs in no tab coordinator")
    #expect(router.operations == [.push(.tabs(of: MainTabs.self))])
  }
}
