import FlowRuntime
import Testing

/// A screen's events count only while it is the top of its stack (issue 16, item 8): an
/// event acts on the screen that sent it, so one sent after the screen was covered, popped
/// or replaced is dropped, with a message that names the screen and the event (issue 28).
@MainActor
@Suite struct ScreenEventTests {
  /// The screen on top of `router`, a stub the generated factory made.
  func top(_ router: RecordingRouter, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> StubScreen
  {
    try #require(router.topScreen as? StubScreen, sourceLocation: sourceLocation)
  }

  @Test func aDoubleTapOnAPushPushesOnceAndTellsTheLogOfTheSecond() throws {
    let harness = Harness()
    _ = try harness.signedIn()
    let shop = try harness.tab(0)
    let categories = try top(shop)
    let log = LogCapture()
    log.during {
      categories.send(ShopCoordinator.CategoriesEvent.selected("Shoes"))
      categories.send(ShopCoordinator.CategoriesEvent.selected("Shoes"))
    }
    #expect(shop.operations == [.push(.Shop.products)])
    #expect(names(shop) == ["Categories", "Products(Shoes)"])
    #expect(
      log.messages == [
        FlowLogMessage(
          .droppedEvent, .notOnTop, coordinator: "ShopCoordinator", node: "Categories",
          value: #"selected("Shoes")"#)
      ])
    #expect(
      log.messages.map(\.description) == [
        #"dropped event selected("Shoes") of screen Categories (ShopCoordinator): "#
          + "the screen is no longer on top"
      ])
  }

  @Test func aScreenThatWasPoppedSendsNothing() throws {
    let harness = Harness()
    _ = try harness.signedIn()
    let shop = try harness.tab(0)
    tap(ShopCoordinator.CategoriesEvent.selected("Shoes"), on: shop)
    let products = try top(shop)
    shop.userPops()
    let log = LogCapture()
    log.during { products.send(ShopCoordinator.ProductsEvent.opened(Example.shoes)) }
    #expect(shop.operations == [.push(.Shop.products), .userPop])
    #expect(log.messages.map(\.kind) == [.droppedEvent])
    #expect(log.messages.map(\.node) == ["Products"])
    // Shown again, the same kind of screen counts: it is a new screen on top.
    tap(ShopCoordinator.CategoriesEvent.selected("Bags"), on: shop)
    products.send(ShopCoordinator.ProductsEvent.opened(Example.shoes))
    #expect(shop.operations == [.push(.Shop.products), .userPop, .push(.Shop.products)])
    tap(ShopCoordinator.ProductsEvent.opened(Example.shoes), on: shop)
    #expect(shop.column(.secondary)?.operations.last == .push(.ProductDetails.details))
  }

  @Test func theScreenBelowTheTopSendsNothing() throws {
    let harness = Harness()
    _ = try harness.signedIn()
    let shop = try harness.tab(0)
    let categories = try top(shop)
    categories.send(ShopCoordinator.CategoriesEvent.selected("Shoes"))
    shop.clearCalls()
    categories.send(ShopCoordinator.CategoriesEvent.selected("Bags"))
    #expect(shop.operations.isEmpty)
    #expect(names(shop) == ["Categories", "Products(Shoes)"])
  }

  /// An event of a screen whose coordinator ended (its sheet was swiped away) is dropped,
  /// and the message says why.
  @Test func anEventOfAnEndedCoordinatorsScreenIsDroppedWithItsReason() throws {
    let harness = Harness()
    _ = try harness.signedIn()
    let cart = try harness.tab(2)
    tap(CartCoordinator.BasketEvent.checkout(Example.items), on: cart)
    let review = try top(cart)
    cart.userDismisses()
    let log = LogCapture()
    log.during { #expect(review.send(CheckoutCoordinator.ReviewEvent.close)) }
    #expect(
      log.messages == [
        FlowLogMessage(
          .droppedEvent, .coordinatorEnded, coordinator: "CheckoutCoordinator", node: "Review",
          value: "close")
      ])
  }
}
