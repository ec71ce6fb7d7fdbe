import FlowRuntime
import Foundation
import Testing

/// The shared screen of the example app (flows/catalog.flow.yaml, FLOW-SPEC 13.2): a
/// seller's page that the shop and search tabs each push on their own stack, made by the
/// app once (`SharedScreens.makeSeller`) and handled by whichever tab showed it, and opened
/// by a relative link on whatever stack is on top.
@MainActor
@Suite struct SharedScreenTests {
  @Test func eachTabPushesTheSellerOnItsOwnStack() throws {
    let harness = Harness()
    let main = try harness.signedIn()
    let shop = try harness.tab(0)
    let search = try harness.tab(1)
    tap(ShopCoordinator.CategoriesEvent.selected("Shoes"), on: shop)
    tap(ShopCoordinator.ProductsEvent.seller("Acme"), on: shop)
    tap(SellerEvent.similarSeller("Bolt"), on: shop)
    tap(SearchCoordinator.ResultsEvent.seller("Acme"), on: search)
    #expect(names(shop) == ["Categories", "Products(Shoes)", "Seller(Acme)", "Seller(Bolt)"])
    #expect(names(search) == ["Results", "Seller(Acme)"])
    #expect(
      shop.operations == [
        .push(.Shop.products), .push(.Shared.seller), .push(.Shared.seller),
      ])
    let searchTab = try #require(harness.child(SearchCoordinator.self, of: main))
    search.userPops()
    #expect(names(search) == ["Results"])
    #expect(searchTab.canAct)
    shop.userPops()
    #expect(names(shop) == ["Categories", "Products(Shoes)", "Seller(Acme)"])
  }

  /// The relative link `seller` (FLOW-SPEC 13.6) pushes the page on the stack on top: the
  /// selected tab's, owned by that tab's coordinator, whose events it then handles.
  @Test func theRelativeLinkPushesTheSellerOnTheSelectedTabsStack() throws {
    let harness = Harness()
    let main = try harness.signedIn()
    let outcomes = LinkOutcomes()
    let search = try harness.tab(1)
    tap(ShopCoordinator.CategoriesEvent.selected("Shoes"), on: try harness.tab(0))
    harness.app.open(.seller(name: "Acme"), values: StubLinkValues(), onEnd: outcomes.record)
    #expect(outcomes.all == [.followed])
    // The shop tab is selected: the page goes on its stack, and the search tab's is untouched.
    #expect(names(try harness.tab(0)) == ["Categories", "Products(Shoes)", "Seller(Acme)"])
    #expect(names(search) == ["Results"])
    tap(SellerEvent.similarSeller("Bolt"), on: try harness.tab(0))
    #expect(names(try harness.tab(0)).suffix(2) == ["Seller(Acme)", "Seller(Bolt)"])
    #expect(harness.child(ShopCoordinator.self, of: main)?.canAct == true)
    let url = try #require(URL(string: "/sellers/Acme"))
    #expect(FlowLink(url: url) == .seller(name: "Acme"))
  }

  /// (r3) With a product open in the shop's detail column, the page goes onto that column's
  /// stack, owned by the product's coordinator: the column the user last opened is the top
  /// one in the regular layout, and in the compact one it is the top of the one stack.
  @Test func theRelativeLinkPushesOntoTheColumnOfTheShownChild() throws {
    let harness = Harness()
    let main = try harness.signedIn()
    let shop = try harness.tab(0)
    let detail = try #require(shop.column(.secondary))
    tap(ShopCoordinator.CategoriesEvent.selected("Shoes"), on: shop)
    tap(ShopCoordinator.ProductsEvent.opened(Example.shoes), on: shop)
    let outcomes = LinkOutcomes()
    harness.app.open(.seller(name: "Acme"), values: StubLinkValues(), onEnd: outcomes.record)
    #expect(outcomes.all == [.followed])
    #expect(names(shop) == ["Categories", "Products(Shoes)"])
    #expect(names(detail) == ["Details(Shoes)", "Seller(Acme)"])
    let tab = try #require(harness.child(ShopCoordinator.self, of: main))
    let details = try #require(harness.child(ProductDetailsCoordinator.self, of: tab))
    tap(SellerEvent.similarSeller("Bolt"), on: shop)
    #expect(names(detail).suffix(2) == ["Seller(Acme)", "Seller(Bolt)"], "not the details' page")
    shop.collapse()
    shop.userPops()
    shop.userPops()
    #expect(names(detail) == ["Details(Shoes)"])
    #expect(!details.isFinished && details.canAct)
  }

  /// With the checkout sheet on top of the cart tab, the page goes onto the sheet's stack,
  /// owned by Checkout, and going back returns to the checkout's screen.
  @Test func theRelativeLinkPushesOntoTheSheetOnTop() throws {
    let harness = Harness()
    _ = try harness.signedIn()
    let cart = try harness.tab(2)
    tap(CartCoordinator.BasketEvent.checkout(Example.items), on: cart)
    let before = names(cart)
    let outcomes = LinkOutcomes()
    harness.app.open(.seller(name: "Acme"), values: StubLinkValues(), onEnd: outcomes.record)
    #expect(outcomes.all == [.followed])
    #expect(names(cart) == before + ["Seller(Acme)"], "\(names(cart))")
    cart.userPops()
    #expect(names(cart) == before)
  }
}
