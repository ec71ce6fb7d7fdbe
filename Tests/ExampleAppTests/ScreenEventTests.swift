import FlowRuntime
import Testing

/// A screen's events count only while it is the top of its stack (issue 16, item 8): an
/// event acts on the screen that sent it, so one sent after the screen was covered, popped
/// or replaced is dropped.
@MainActor
@Suite struct ScreenEventTests {
  /// The screen on top of `router`, as a stub that sends `Event`s.
  func top<Event>(
    _ type: Event.Type, of router: RecordingRouter,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> StubScreen<Event> {
    try #require(router.topScreen as? StubScreen<Event>, sourceLocation: sourceLocation)
  }

  @Test func aDoubleTapOnAPushPushesOnce() throws {
    let harness = Harness()
    _ = try harness.signedIn()
    let shop = try harness.tab(0)
    let categories = try top(ShopCoordinator.CategoriesEvent.self, of: shop)
    categories.send(.selected("Shoes"))
    categories.send(.selected("Shoes"))
    #expect(shop.calls == ["push Products(Shoes)"])
    #expect(names(shop) == ["Categories", "Products(Shoes)"])
  }

  @Test func aScreenThatWasPoppedSendsNothing() throws {
    let harness = Harness()
    _ = try harness.signedIn()
    let shop = try harness.tab(0)
    tap(ShopCoordinator.CategoriesEvent.selected("Shoes"), on: shop)
    let products = try top(ShopCoordinator.ProductsEvent.self, of: shop)
    shop.userPops()
    products.send(.opened(Example.shoes))
    #expect(shop.calls == ["push Products(Shoes)", "user pop"])
    // Shown again, the same kind of screen counts: it is a new screen on top.
    tap(ShopCoordinator.CategoriesEvent.selected("Bags"), on: shop)
    products.send(.opened(Example.shoes))
    #expect(shop.calls == ["push Products(Shoes)", "user pop", "push Products(Bags)"])
    tap(ShopCoordinator.ProductsEvent.opened(Example.shoes), on: shop)
    #expect(shop.calls.last == "push Details(Shoes)")
  }

  @Test func theScreenBelowTheTopSendsNothing() throws {
    let harness = Harness()
    _ = try harness.signedIn()
    let shop = try harness.tab(0)
    let categories = try top(ShopCoordinator.CategoriesEvent.self, of: shop)
    categories.send(.selected("Shoes"))
    shop.clearCalls()
    categories.send(.selected("Bags"))
    #expect(shop.calls.isEmpty)
    #expect(names(shop) == ["Categories", "Products(Shoes)"])
  }
}
