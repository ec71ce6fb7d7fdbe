import FlowRuntime
import Foundation
import Testing

@testable import ShopAppSwiftUI

/// Drives the app's generated coordinators on the SwiftUI navigation state, as a user would:
/// tap a button of the view on screen (its event), go back, swipe a sheet away, pick a tab,
/// each the way SwiftUI's bindings report it to the router; then compare the stacks with
/// what the flows say.
@MainActor
@Suite struct ShopAppSwiftUITests {
  let screens = ScreenFactory()
  let kettle = Product.all[0]

  /// The app, started; with `user`, already signed in. The caller keeps it, as the app's
  /// entry point does.
  func start(signedInAs user: User? = nil) -> RunningShop {
    screens.user = user
    return RunningShop(screens: screens)
  }

  /// The router whose top stack the user sees: the root router's, or under the tab bar at
  /// its root, the selected tab's.
  func visible(_ router: SwiftUIRouter) -> SwiftUIRouter {
    guard router.stacks.count == 1, let tabs = router.rootStack.topScreen?.screen as? TabContainer,
      tabs.tabs.indices.contains(tabs.selection)
    else { return router }
    return visible(tabs.tabs[tabs.selection])
  }

  /// The tab bar at the root of `shop`.
  func tabBar(of shop: RunningShop, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> TabContainer
  {
    try #require(
      shop.router.rootStack.topScreen?.screen as? TabContainer, sourceLocation: sourceLocation)
  }

  /// Taps on the view on screen, which must be a `V`.
  func tap<V>(
    _ type: V.Type, on shop: RunningShop, sourceLocation: SourceLocation = #_sourceLocation,
    _ action: (V) -> Void
  ) {
    let shown = visible(shop.router).topStack.topScreen
    guard let screen = shown?.screen as? ScreenView<V> else {
      Issue.record(
        "the screen on top is \(shown.map { "\($0.screen)" } ?? "nothing"), not \(V.self)",
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
  }

  /// A swipe down cancels checkout (`leave: cancelled`); a purchase then ends on the
  /// receipt, and the long-press back takes the user to the catalog in one go.
  @Test func aSwipedSheetAndAPopOfSeveralScreensReachTheShop() throws {
    let shop = start(signedInAs: User(email: "ann@example.com"))
    let tab = try tabBar(of: shop).tabs[0]
    tap(Catalog.self, on: shop) { $0.send(.selected(kettle)) }
    tap(ProductDetail.self, on: shop) { $0.send(.buy(kettle)) }
    #expect(names(tab) == [["Catalog", "ProductDetail(Kettle)"], ["Payment(Kettle)"]])
    let sheet = try #require(tab.rootStack.sheet)
    #expect(sheet.isSwipeable)

    tab.userDismissed(sheet)
    #expect(names(tab) == [["Catalog", "ProductDetail(Kettle)"]])
    #expect(screens.orders.placed.isEmpty)

    tap(ProductDetail.self, on: shop) { $0.send(.buy(kettle)) }
    tap(Payment.self, on: shop) { $0.send(.pay(kettle)) }
    #expect(names(tab) == [["Catalog", "ProductDetail(Kettle)", "Receipt(Kettle)"]])
    #expect(screens.orders.placed.map(\.product) == [kettle])

    // The back button's long-press menu: two screens at once.
    tab.userSetPath([], of: tab.rootStack)
    #expect(names(tab) == [["Catalog"]])
    tap(Catalog.self, on: shop) { $0.send(.selected(kettle)) }
    #expect(names(tab) == [["Catalog", "ProductDetail(Kettle)"]])
  }

  /// The receipt's `select: Orders` shows the orders tab; the user taps the shop's tab back,
  /// where the receipt still is.
  @Test func theReceiptSelectsTheOrdersTabAndTheUserTapsBack() throws {
    let shop = start(signedInAs: User(email: "ann@example.com"))
    let tabs = try tabBar(of: shop)
    tap(Catalog.self, on: shop) { $0.send(.selected(kettle)) }
    tap(ProductDetail.self, on: shop) { $0.send(.buy(kettle)) }
    tap(Payment.self, on: shop) { $0.send(.pay(kettle)) }
    tap(Receipt.self, on: shop) { $0.send(.viewOrders) }
    #expect(tabs.selection == 1)
    tap(OrderList.self, on: shop) { #expect($0.book.placed.map(\.product) == [kettle]) }

    tabs.selection = 0  // what the `TabView`'s selection binding sets on a tap
    tap(Receipt.self, on: shop) { $0.send(.done) }
    #expect(tabs.tabs.map(names) == [[["Catalog"]], [["OrderList"]]])
  }

  @Test func signingOutEndsTheTabsAndAsksAgain() throws {
    let shop = start(signedInAs: User(email: "ann@example.com"))
    weak let home = shop.app.children.first
    #expect(home != nil)
    screens.user = nil
    tap(Catalog.self, on: shop) { $0.send(.signOut) }
    #expect(home == nil)
    #expect(names(shop.router) == [[], ["Login"]])
  }

  /// The receipt's `done` replaces the catalog with a catalog: a new screen, with its own
  /// identity on the stack (the `.id` FlowStackView draws it with, so that SwiftUI makes a new
  /// view and not the old one with the old `send`), whose events count while the old ones'
  /// are dropped.
  @Test func doneReplacesTheCatalogWithANewOne() throws {
    let shop = start(signedInAs: User(email: "ann@example.com"))
    let tab = try tabBar(of: shop).tabs[0]
    let first = try #require(tab.rootStack.root)
    let oldCatalog = try #require(first.screen as? ScreenView<Catalog>)
    tap(Catalog.self, on: shop) { $0.send(.selected(kettle)) }
    tap(ProductDetail.self, on: shop) { $0.send(.buy(kettle)) }
    tap(Payment.self, on: shop) { $0.send(.pay(kettle)) }
    tap(Receipt.self, on: shop) { $0.send(.done) }
    let second = try #require(tab.rootStack.root)
    #expect(names(tab) == [["Catalog"]])
    #expect(second.id != first.id)
    #expect(second.screen !== first.screen)
    oldCatalog.content.send(.selected(kettle))
    #expect(names(tab) == [["Catalog"]], "the old catalog's send still counts")
    tap(Catalog.self, on: shop) { $0.send(.selected(kettle)) }
    #expect(names(tab) == [["Catalog", "ProductDetail(Kettle)"]])
  }

  /// A deep link into the running app goes the whole way without animation (each change the
  /// router makes is in a transaction without animation where SwiftUI runs), and animation
  /// is back on after it: from the orders tab, a shared product link shows the shop tab with
  /// that product.
  @Test func aDeepLinkIntoTheRunningShopDoesNotAnimate() throws {
    let shop = start(signedInAs: User(email: "ann@example.com"))
    let tabs = try tabBar(of: shop)
    let tab = tabs.tabs[0]
    tap(Catalog.self, on: shop) { $0.send(.selected(kettle)) }
    tabs.selection = 1
    var events: [NavigationEvent] = []
    tab.observeNavigation { events.append($0) }
    var outcome: LinkOutcome?
    #expect(shop.open(try #require(URL(string: "myshop://products/2")), onEnd: { outcome = $0 }))
    #expect(outcome == .followed)
    #expect(tabs.selection == 0)
    #expect(names(tab) == [["Catalog", "ProductDetail(Teapot)"]])
    #expect(!events.isEmpty && events.allSatisfy { !$0.animated }, "\(events)")
    #expect(shop.router.animatesTransitions && tab.animatesTransitions)
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
