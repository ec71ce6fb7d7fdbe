import FlowRuntime
import Foundation
import Testing

@testable import ShopAppSwiftUI

/// Drives the app's generated coordinators on the SwiftUI navigation state, as a user would:
/// tap a button of the view on screen (its event), go back, swipe a sheet away, pick a tab,
/// each the way SwiftUI's bindings report it to the router; then compare the stacks with
/// what the flows say.
///
/// The shop's tab is a split (FLOW-SPEC 13.4): its router's root stack is the primary column
/// (the catalog), with a `SplitState` whose secondary column is a router of its own (the
/// product page). The layout is what the split's view tells the router from the width's size
/// class (`viewChangedLayout(_:of:)`): regular (an iPad) until a test makes it compact.
@MainActor
@Suite struct ShopAppSwiftUITests {
  let screens = ScreenFactory()
  let kettle = Product.all[0]
  let teapot = Product.all[1]

  /// The app, started; with `user`, already signed in. The caller keeps it, as the app's
  /// entry point does.
  func start(signedInAs user: User? = nil) -> RunningShop {
    screens.user = user
    return RunningShop(screens: screens)
  }

  /// The routers whose top stacks the user sees: the root router's, or under the tab bar at
  /// its root, the selected tab's; where that is a split, each column's side by side in a
  /// regular width, the column on top in a compact one. A sheet over any of them covers the
  /// window: then its router's alone.
  func visible(_ router: SwiftUIRouter) -> [SwiftUIRouter] {
    if router.stacks.count == 1, let tabs = router.rootStack.topScreen?.screen as? TabContainer,
      tabs.tabs.indices.contains(tabs.selection)
    {
      return visible(tabs.tabs[tabs.selection])
    }
    guard router.stacks.count == 1, let split = router.rootStack.split else { return [router] }
    let columns = [router] + split.style.columns.dropFirst().compactMap { split.columns[$0] }
    if let covered = columns.first(where: { $0.stacks.count > 1 }) { return [covered] }
    guard split.layout == .compact else { return columns }
    return [split.compactColumn == .primary ? router : split.columns[split.compactColumn] ?? router]
  }

  /// The tab bar at the root of `shop`.
  func tabBar(of shop: RunningShop, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> TabContainer
  {
    try #require(
      shop.router.rootStack.topScreen?.screen as? TabContainer, sourceLocation: sourceLocation)
  }

  /// The shop's tab, whose root stack is the primary column of its split, and the split.
  func shopTab(of shop: RunningShop, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> (tab: SwiftUIRouter, split: SplitState, detail: SwiftUIRouter)
  {
    let tab = try tabBar(of: shop, sourceLocation: sourceLocation).tabs[0]
    let split = try #require(tab.rootStack.split, "no split", sourceLocation: sourceLocation)
    let detail = try #require(split.columns[.secondary], sourceLocation: sourceLocation)
    return (tab, split, detail)
  }

  /// Taps on the view on screen, which must be a `V`.
  func tap<V>(
    _ type: V.Type, on shop: RunningShop, sourceLocation: SourceLocation = #_sourceLocation,
    _ action: (V) -> Void
  ) {
    let shown = visible(shop.router).compactMap(\.topStack.topScreen)
    guard let screen = shown.lazy.compactMap({ $0.screen as? ScreenView<V> }).first else {
      Issue.record(
        "the screens on top are \(shown.map { "\($0.screen)" }), none a \(V.self)",
        sourceLocation: sourceLocation)
      return
    }
    action(screen.content)
  }

  /// The screens of each stack of `router`, root stack first.
  func names(_ router: SwiftUIRouter) -> [[String]] {
    router.stacks.map { stack in stack.screens.map { "\($0.screen)" } }
  }

  @Test func signingInAfterGoingBackShowsTheTabs() throws {
    let shop = start()
    #expect(names(shop.router) == [[], ["Login"]])
    #expect(shop.router.topStack.style == .sheet)
    tap(Login.self, on: shop) { $0.send(.forgotPassword) }
    #expect(names(shop.router) == [[], ["Login", "ResetPassword"]])
    // The back button: SwiftUI shortens the cover's path.
    shop.router.userSetPath([], of: shop.router.topStack)
    #expect(names(shop.router) == [[], ["Login"]])
    tap(Login.self, on: shop) { $0.send(.submitted(User(email: "ann@example.com"))) }

    #expect(shop.router.stacks.count == 1)
    let tabs = try tabBar(of: shop)
    #expect(tabs.tabs.map(names) == [[["Catalog"]], [["OrderList"]]])
    #expect(tabs.labels.map(\.title) == ["Shop", "Orders"])
    #expect(tabs.selection == 0)
    #expect(screens.user == User(email: "ann@example.com"))
    #expect(shop.app.children.count == 1)
    // The shop's tab is a split: the catalog is its sidebar, the detail column is empty.
    let (_, split, detail) = try shopTab(of: shop)
    #expect(split.style == .doubleColumn)
    #expect(detail.rootStack.count == 0 && split.compactColumn == .primary)
  }

  /// Swiping the sign-in form away cancels (`leave: cancelled`), and the app asks again.
  @Test func aSwipedSignInFormAsksAgain() throws {
    let shop = start()
    let form = try #require(shop.router.stacks.last)
    shop.router.userDismissed(form)
    #expect(names(shop.router) == [[], ["Login"]])
    #expect(shop.router.topStack !== form)
  }

  /// A product tapped in the catalog is shown beside it, in the detail column; another one
  /// tapped replaces it there, and the catalog stays as it is.
  @Test func aProductTappedIsShownInTheDetailColumn() throws {
    let shop = start(signedInAs: User(email: "ann@example.com"))
    let (tab, split, detail) = try shopTab(of: shop)
    tap(Catalog.self, on: shop) { $0.send(.selected(kettle)) }
    #expect(names(tab) == [["Catalog"]])
    #expect(names(detail) == [["ProductDetail(Kettle)"]])
    #expect(split.compactColumn == .secondary, "in a compact width, the product is on top")
    tap(Catalog.self, on: shop) { $0.send(.selected(teapot)) }
    #expect(names(tab) == [["Catalog"]])
    #expect(names(detail) == [["ProductDetail(Teapot)"]])
    // In a regular width, SwiftUI's write of the compact column changes nothing.
    tab.userShowedColumn(.primary, of: split)
    #expect(names(detail) == [["ProductDetail(Teapot)"]])
  }

  /// A swipe down cancels checkout (`leave: cancelled`); a purchase then ends on the
  /// receipt, in the detail column, and the long-press back there takes the user back to the
  /// product.
  @Test func aSwipedSheetAndAPurchaseInTheDetailColumn() throws {
    let shop = start(signedInAs: User(email: "ann@example.com"))
    let (tab, _, detail) = try shopTab(of: shop)
    tap(Catalog.self, on: shop) { $0.send(.selected(kettle)) }
    tap(ProductDetail.self, on: shop) { $0.send(.buy(kettle)) }
    #expect(names(detail) == [["ProductDetail(Kettle)"], ["Payment(Kettle)"]])
    let sheet = try #require(detail.rootStack.sheet)
    #expect(sheet.isSwipeable)

    detail.userDismissed(sheet)
    #expect(names(detail) == [["ProductDetail(Kettle)"]])
    #expect(screens.orders.placed.isEmpty)

    tap(ProductDetail.self, on: shop) { $0.send(.buy(kettle)) }
    tap(Payment.self, on: shop) { $0.send(.pay(kettle)) }
    #expect(names(detail) == [["ProductDetail(Kettle)", "Receipt(Kettle)"]])
    #expect(names(tab) == [["Catalog"]])
    #expect(screens.orders.placed.map(\.product) == [kettle])

    // The back button of the detail column's stack.
    detail.userSetPath([], of: detail.rootStack)
    #expect(names(detail) == [["ProductDetail(Kettle)"]])
  }

  /// An iPad turned into a narrow window in the middle of a purchase: the split shows its
  /// columns as one stack, the product's screens on top, and every screen stays; widened
  /// again, the columns have theirs. In the compact width the back from the product's first
  /// screen to the catalog (SwiftUI's write of the compact column) leaves the product page.
  @Test func theProductKeepsItsScreensWhenTheSplitCollapsesAndExpands() throws {
    let shop = start(signedInAs: User(email: "ann@example.com"))
    let (tab, split, detail) = try shopTab(of: shop)
    let home = try #require(shop.app.children.first)
    tap(Catalog.self, on: shop) { $0.send(.selected(kettle)) }
    tap(ProductDetail.self, on: shop) { $0.send(.buy(kettle)) }
    tap(Payment.self, on: shop) { $0.send(.pay(kettle)) }
    #expect(names(detail) == [["ProductDetail(Kettle)", "Receipt(Kettle)"]])

    tab.viewChangedLayout(.compact, of: split)
    #expect(split.layout == .compact)
    #expect(names(tab) == [["Catalog"]])
    #expect(names(detail) == [["ProductDetail(Kettle)", "Receipt(Kettle)"]])
    #expect(split.compactColumn == .secondary)
    #expect(visible(shop.router).map { $0 === detail } == [true], "the product is on top")
    let shopCoordinator = try #require(home.children.first as? ShopCoordinator)
    #expect(shopCoordinator.children.count == 1, "the product page still runs")

    tab.viewChangedLayout(.regular, of: split)
    #expect(split.layout == .regular)
    #expect(names(tab) == [["Catalog"]])
    #expect(names(detail) == [["ProductDetail(Kettle)", "Receipt(Kettle)"]])
    #expect(visible(shop.router).count == 2, "both columns side by side")

    // Narrow again: the back button goes from the receipt to the product, then to the
    // catalog, which leaves the product page (dropped: it has no `leave` result).
    tab.viewChangedLayout(.compact, of: split)
    detail.userSetPath([], of: detail.rootStack)
    #expect(names(detail) == [["ProductDetail(Kettle)"]])
    tab.userShowedColumn(.primary, of: split)
    #expect(detail.rootStack.count == 0 && split.compactColumn == .primary)
    #expect(shopCoordinator.children.isEmpty)
    #expect(names(tab) == [["Catalog"]])
    tap(Catalog.self, on: shop) { $0.send(.selected(teapot)) }
    #expect(names(detail) == [["ProductDetail(Teapot)"]] && split.compactColumn == .secondary)
    tab.viewChangedLayout(.regular, of: split)
    #expect(names(tab) == [["Catalog"]] && names(detail) == [["ProductDetail(Teapot)"]])
  }

  /// The receipt's `select: Orders` shows the orders tab; the user taps the shop's tab back,
  /// where the receipt still is beside the catalog. Its `done` ends the product page: the
  /// detail column is empty again.
  @Test func theReceiptSelectsTheOrdersTabAndTheUserTapsBack() throws {
    let shop = start(signedInAs: User(email: "ann@example.com"))
    let tabs = try tabBar(of: shop)
    let (tab, split, detail) = try shopTab(of: shop)
    tap(Catalog.self, on: shop) { $0.send(.selected(kettle)) }
    tap(ProductDetail.self, on: shop) { $0.send(.buy(kettle)) }
    tap(Payment.self, on: shop) { $0.send(.pay(kettle)) }
    tap(Receipt.self, on: shop) { $0.send(.viewOrders) }
    #expect(tabs.selection == 1)
    tap(OrderList.self, on: shop) { #expect($0.book.placed.map(\.product) == [kettle]) }

    tabs.selection = 0  // what the `TabView`'s selection binding sets on a tap
    #expect(names(detail) == [["ProductDetail(Kettle)", "Receipt(Kettle)"]])
    tap(Receipt.self, on: shop) { $0.send(.done) }
    #expect(tabs.tabs.map(names) == [[["Catalog"]], [["OrderList"]]])
    #expect(detail.rootStack.count == 0 && split.compactColumn == .primary)
    #expect(names(tab) == [["Catalog"]])
  }

  @Test func signingOutEndsTheTabsAndAsksAgain() throws {
    let shop = start(signedInAs: User(email: "ann@example.com"))
    weak let home = shop.app.children.first
    #expect(home != nil)
    tap(Catalog.self, on: shop) { $0.send(.selected(kettle)) }
    weak let page = home?.children.first?.children.first as? ProductPageCoordinator
    #expect(page != nil)
    screens.user = nil
    tap(Catalog.self, on: shop) { $0.send(.signOut) }
    #expect(home == nil)
    #expect(page == nil, "the product page beside the catalog ends with the shop")
    #expect(names(shop.router) == [[], ["Login"]])
  }

  /// A product tapped again is a new page: its screen has its own identity on the column's
  /// stack (the `.id` FlowStackView draws it with, so that SwiftUI makes a new view and not
  /// the old one with the old `send`), whose events count while the old one's are dropped.
  @Test func aProductTappedAgainIsANewPage() throws {
    let shop = start(signedInAs: User(email: "ann@example.com"))
    let (_, _, detail) = try shopTab(of: shop)
    tap(Catalog.self, on: shop) { $0.send(.selected(kettle)) }
    let first = try #require(detail.rootStack.root)
    let oldPage = try #require(first.screen as? ScreenView<ProductDetail>)
    tap(Catalog.self, on: shop) { $0.send(.selected(kettle)) }
    let second = try #require(detail.rootStack.root)
    #expect(names(detail) == [["ProductDetail(Kettle)"]])
    #expect(second.id != first.id)
    #expect(second.screen !== first.screen)
    oldPage.content.send(.buy(kettle))
    #expect(names(detail) == [["ProductDetail(Kettle)"]], "the old page's send still counts")
    tap(ProductDetail.self, on: shop) { $0.send(.buy(kettle)) }
    #expect(names(detail) == [["ProductDetail(Kettle)"], ["Payment(Kettle)"]])
  }

  /// A deep link into the running app goes the whole way without animation (each change the
  /// router makes is in a transaction without animation where SwiftUI runs), and animation
  /// is back on after it: from the orders tab, a shared product link shows the shop tab with
  /// that product in the detail column, in place of the one shown there.
  @Test func aDeepLinkIntoTheRunningShopDoesNotAnimate() throws {
    let shop = start(signedInAs: User(email: "ann@example.com"))
    let tabs = try tabBar(of: shop)
    let (tab, _, detail) = try shopTab(of: shop)
    tap(Catalog.self, on: shop) { $0.send(.selected(kettle)) }
    tabs.selection = 1
    var events: [NavigationEvent] = []
    tab.observeNavigation { events.append($0) }
    detail.observeNavigation { events.append($0) }
    var outcome: LinkOutcome?
    #expect(shop.open(try #require(URL(string: "myshop://products/2")), onEnd: { outcome = $0 }))
    #expect(outcome == .followed)
    #expect(tabs.selection == 0)
    #expect(names(tab) == [["Catalog"]])
    #expect(names(detail) == [["ProductDetail(Teapot)"]])
    #expect(!events.isEmpty && events.allSatisfy { !$0.animated }, "\(events)")
    #expect(
      shop.router.animatesTransitions && tab.animatesTransitions && detail.animatesTransitions)
    #expect(!shop.open(try #require(URL(string: "myshop://nowhere"))))
  }

  /// A link opened before sign-in waits for it, then shows the orders tab.
  @Test func aLinkOpenedSignedOutWaitsForSignIn() throws {
    let shop = start()
    var outcome: LinkOutcome?
    #expect(
      shop.open(try #require(URL(string: "https://shop.example.com/orders"))) { outcome = $0 })
    #expect(outcome == nil)
    tap(Login.self, on: shop) { $0.send(.submitted(User(email: "ann@example.com"))) }
    #expect(outcome == .followed)
    #expect(try tabBar(of: shop).selection == 1)
  }
}
