import FlowRuntime
import Foundation
import Testing

/// The requests of the example app (FLOW-SPEC 13.3), run by the generated code on
/// `RecordingRouter`: a child asks its parent for something and keeps running.
/// - The account tab asks for the support chat; Main passes the request on to the app's root,
///   which presents it over the tabs, and every tab stays as it was (flows/account.flow.yaml,
///   flows/main.flow.yaml, flows/app.flow.yaml).
/// - A product's details ask their tab to show the seller's page: the search tab presents it
///   over the details, which keep running below; the shop tab pushes it, which ends the
///   details first (flows/catalog.flow.yaml).
@MainActor
@Suite struct RequestTests {
  /// Profile → Settings in the account tab, with the records of every router cleared.
  private func accountSettings(_ harness: Harness) throws -> RecordingRouter {
    let account = try harness.tab(3)
    tap(AccountCoordinator.ProfileEvent.settings, on: account)
    #expect(names(account) == ["Profile(ada)", "Settings"])
    account.clearCalls()
    return account
  }

  @Test func aTabsRequestPassedOnIsPresentedByTheRootOverTheTabs() throws {
    let harness = Harness()
    let main = try harness.signedIn()
    let account = try accountSettings(harness)
    let tab = try #require(harness.child(AccountCoordinator.self, of: main))

    tap(AccountCoordinator.SettingsEvent.help, on: account)
    // The root presents the support chat over the tab container; nothing else moves.
    #expect(harness.router.operations == [.present(.App.support)])
    #expect(account.operations.isEmpty)
    #expect(names(harness.router) == ["MainTabs", "Support"])
    #expect(harness.child(MainCoordinator.self, of: harness.app) === main)
    #expect(harness.child(AccountCoordinator.self, of: main) === tab)
    #expect(!tab.isFinished && !main.isFinished)

    // The chat is the root's: its `close` dismisses it, and the tab is where it was.
    tap(AppCoordinator.SupportEvent.close, on: harness.router)
    #expect(harness.router.operations == [.present(.App.support), .dismiss])
    #expect(names(harness.router) == ["MainTabs"])
    #expect(names(account) == ["Profile(ada)", "Settings"])
    #expect(tab.canAct && main.canAct)
    tap(AccountCoordinator.SettingsEvent.help, on: account)
    #expect(names(harness.router) == ["MainTabs", "Support"])
    // A swipe closes it too, and the tabs run on.
    harness.router.userDismisses()
    #expect(names(harness.router) == ["MainTabs"])
    #expect(harness.app.children.count == 1 && main.children.count == 4)
  }

  @Test func aRequestHandledByPresentLeavesTheChildsScreensWhereTheyWere() throws {
    let harness = Harness()
    let main = try harness.signedIn()
    let search = try harness.tab(1)
    let tab = try #require(harness.child(SearchCoordinator.self, of: main))
    tap(SearchCoordinator.ResultsEvent.selected(Example.shoes), on: search)
    let details = try #require(harness.child(ProductDetailsCoordinator.self, of: tab))
    search.clearCalls()

    tap(ProductDetailsCoordinator.DetailsEvent.seller("Acme"), on: search)
    #expect(search.operations == [.present(.Shared.seller)])
    #expect(names(search) == ["Results", "Details(Shoes)", "Seller(Acme)"])
    #expect(!details.isFinished && tab.children.first === details)
    // The page is the search tab's, above the details: its events are the tab's.
    tap(SellerEvent.similarSeller("Bolt"), on: search)
    #expect(names(search).suffix(2) == ["Seller(Acme)", "Seller(Bolt)"])
    #expect(search.modalStyles == [.sheet])
    // Swiped away, the details are on top again and still run: their back finishes them.
    search.userDismisses()
    #expect(names(search) == ["Results", "Details(Shoes)"])
    #expect(!details.isFinished)
    tap(ProductDetailsCoordinator.DetailsEvent.back, on: search)
    #expect(details.isFinished && tab.children.isEmpty)
    #expect(names(search) == ["Results"])
  }

  @Test func aRequestHandledByPushEndsTheChildFirst() throws {
    let harness = Harness()
    let main = try harness.signedIn()
    let shop = try harness.tab(0)
    let tab = try #require(harness.child(ShopCoordinator.self, of: main))
    tap(ShopCoordinator.CategoriesEvent.selected("Shoes"), on: shop)
    tap(ShopCoordinator.ProductsEvent.opened(Example.shoes), on: shop)
    tap(ProductDetailsCoordinator.DetailsEvent.showSizeGuide, on: shop)
    let details = try #require(harness.child(ProductDetailsCoordinator.self, of: tab))
    // The details' size guide is presented: a request sent from below it is dropped as any
    // event of a covered screen; once it is closed, the request goes to the tab.
    tap(ProductDetailsCoordinator.SizeGuideEvent.close, on: shop)
    shop.clearCalls()

    let detail = try #require(shop.column(.secondary))
    detail.clearCalls()

    tap(ProductDetailsCoordinator.DetailsEvent.seller("Acme"), on: shop)
    // The details are removed (their column is empty) before the page is pushed over the
    // products in the sidebar, where the `show` was.
    #expect(detail.operations == [.unwind(to: .at(0, 0))])
    #expect(shop.operations == [.push(.Shared.seller)])
    #expect(names(shop) == ["Categories", "Products(Shoes)", "Seller(Acme)"])
    #expect(names(detail).isEmpty)
    #expect(details.isFinished && tab.children.isEmpty)
    #expect(tab.canAct)
    tap(SellerEvent.similarSeller("Bolt"), on: shop)
    #expect(names(shop).suffix(2) == ["Seller(Acme)", "Seller(Bolt)"])
  }

  /// A request sent once its child ended, and one an entry sends with no handler given,
  /// are dropped and logged.
  @Test func aRequestNobodyCanHandleIsDroppedAndLogged() throws {
    let harness = Harness()
    let main = try harness.signedIn()
    let shop = try harness.tab(0)
    tap(ShopCoordinator.CategoriesEvent.selected("Shoes"), on: shop)
    tap(ShopCoordinator.ProductsEvent.opened(Example.shoes), on: shop)
    let tab = try #require(harness.child(ShopCoordinator.self, of: main))
    let details = try #require(harness.child(ProductDetailsCoordinator.self, of: tab))
    let handler = try #require(details.onRequest)
    tap(ProductDetailsCoordinator.DetailsEvent.back, on: shop)
    #expect(details.isFinished, "the details did not finish: \(names(shop))")
    let log = LogCapture()
    shop.clearCalls()
    log.during { handler(.openSeller("Acme")) }
    #expect(shop.operations.isEmpty)
    #expect(
      log.messages.map(\.description) == [
        "dropped request openSeller(\"Acme\") (ProductDetailsCoordinator): its coordinator ended"
      ])

    // A coordinator the app starts itself, with no `onRequest`: its request goes nowhere.
    let router = RecordingRouter(name: "alone")
    let alone = ProductDetailsCoordinator(
      input: Example.shoes, screens: RecordingScreens(), router: router)
    alone.start()
    log.during { tap(ProductDetailsCoordinator.DetailsEvent.seller("Acme"), on: router) }
    #expect(
      log.messages.last?.description
        == "dropped request openSeller(\"Acme\") (ProductDetailsCoordinator): the app gave no "
        + "handler of it")
    // Given one, it is the app's.
    var asked: [ProductDetailsRequest] = []
    alone.onRequest = { asked.append($0) }
    tap(ProductDetailsCoordinator.DetailsEvent.seller("Bolt"), on: router)
    #expect(asked == [.openSeller("Bolt")])
    #expect(names(router) == ["Details(Shoes)"])
  }
}
