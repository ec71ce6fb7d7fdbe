import FlowRuntime
import Testing

/// The shared screen of the example app (flows/catalog.flow.yaml, FLOW-SPEC 13.2): a
/// seller's page that the shop and search tabs each push on their own stack, made by the
/// app once (`SharedScreens.makeSeller`) and handled by whichever tab showed it.
@MainActor
@Suite struct SharedScreenTests {
  @Test func eachTabPushesTheSellerOnItsOwnStackAndOwnsWhatItStarts() throws {
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
    // The product a seller's page opens is a child of the tab that shows the page.
    tap(SellerEvent.product(Example.shoes), on: search)
    let searchTab = try #require(harness.child(SearchCoordinator.self, of: main))
    let shopTab = try #require(harness.child(ShopCoordinator.self, of: main))
    weak let details = harness.child(ProductDetailsCoordinator.self, of: searchTab)
    #expect(details != nil)
    #expect(harness.child(ProductDetailsCoordinator.self, of: shopTab) == nil)
    #expect(names(search) == ["Results", "Seller(Acme)", "Details(Shoes)"])
    // Its back finishes it on the search tab's stack; the shop's stack is untouched.
    tap(ProductDetailsCoordinator.DetailsEvent.back, on: search)
    #expect(details == nil)
    #expect(names(search) == ["Results", "Seller(Acme)"])
    shop.userPops()
    #expect(names(shop) == ["Categories", "Products(Shoes)", "Seller(Acme)"])
  }
}
