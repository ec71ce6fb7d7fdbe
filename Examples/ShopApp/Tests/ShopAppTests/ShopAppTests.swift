import FlowRuntime
import Testing

@testable import ShopApp

/// Drives the app's generated coordinators through a `RecordingRouter`, as a user would: tap
/// an event on a screen the user sees, then compare what the router was asked to do.
///
/// The shop is a split (FLOW-SPEC 13.4): the catalog is on the router's own stack (the
/// primary column) and the product page on the router of the secondary column
/// (`router.column(.secondary)`), which records its own operations. The router starts in the
/// regular layout (an iPad); `collapse()` and `expand()` change the width as rotation or
/// multitasking does.
@MainActor
@Suite struct ShopAppTests {
  let router = RecordingRouter(name: "app")
  let screens = ScreenFactory()
  let kettle = Product(id: 1, name: "Kettle", price: 30)
  let teapot = Product(id: 2, name: "Teapot", price: 45)

  /// The screens the user sees and can tap now: the top screen of a modal stack when one is
  /// presented (over the whole split); else, in the regular layout, the top screen of each
  /// column side by side, and in the compact layout the top of the one stack.
  var tappable: [any Presentable] {
    let routers = [router] + router.columns
    if let modal = routers.first(where: { $0.stacks.count > 1 }) {
      return modal.topScreen.map { [$0] } ?? []
    }
    if router.layout == .compact, !router.collapsedStack.isEmpty {
      return Array(router.collapsedStack.suffix(1))
    }
    return routers.compactMap(\.topScreen)
  }

  /// Sends `event` from the screen the user sees with events of that type.
  func tap<Event>(_ event: Event, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let screen = tappable.lazy.compactMap({ $0 as? Screen<Event> }).first else {
      let shown = tappable.map { "\($0)" }
      Issue.record(
        "the screens the user sees are \(shown), none with the event \(event)",
        sourceLocation: sourceLocation)
      return
    }
    screen.send(event)
  }

  /// The router of the split's detail column, where the product page is shown.
  func detailColumn(sourceLocation: SourceLocation = #_sourceLocation) throws -> RecordingRouter {
    try #require(router.column(.secondary), "no split", sourceLocation: sourceLocation)
  }

  /// The names of the screens of each stack of `router`, root stack first.
  func names(_ router: RecordingRouter) -> [[String]] {
    router.stacks.map { stack in stack.map { "\($0)" } }
  }

  /// The names of the one stack the user sees in the compact layout.
  var collapsedNames: [String] { router.collapsedStack.map { "\($0)" } }

  /// The app, started; with `user`, already signed in. The caller keeps it, as an app's scene
  /// delegate does: screens hold their coordinators weakly.
  func start(signedInAs user: User? = nil) -> AppCoordinator {
    screens.user = user
    let app = AppCoordinator(screens: screens, router: router)
    app.start()
    return app
  }

  /// The shop the signed-in app runs.
  func shop(of app: AppCoordinator, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> ShopCoordinator
  {
    try #require(app.children.first as? ShopCoordinator, sourceLocation: sourceLocation)
  }

  @Test func signingInLeadsToTheCatalogInTheSplitsSidebar() throws {
    let app = start()
    tap(SignInCoordinator.LoginEvent.forgotPassword)
    tap(SignInCoordinator.ResetPasswordEvent.sent)
    tap(SignInCoordinator.LoginEvent.submitted(User(email: "ann@example.com")))
    #expect(
      router.operations == [
        .present(.SignIn.login), .push(.SignIn.resetPassword), .pop,
        .unwind(to: .origin), .split(.doubleColumn), .push(.Shop.catalog),
      ])
    #expect(screens.user == User(email: "ann@example.com"))
    #expect(app.children.count == 1)
    #expect(names(router) == [["Catalog"]])
    #expect(try detailColumn().screens.isEmpty, "the detail column is empty")
  }

  @Test func closingTheSignInFormAsksAgain() {
    let app = start()
    tap(SignInCoordinator.LoginEvent.close)
    #expect(
      router.operations == [
        .present(.SignIn.login), .unwind(to: .origin), .present(.SignIn.login),
      ])
    #expect(app.children.count == 1)
  }

  /// The product picked is beside the catalog, in the detail column; picking another one
  /// replaces its page there, and the catalog stays as it is.
  @Test func aProductPickedIsShownBesideTheCatalog() throws {
    let app = start(signedInAs: User(email: "ann@example.com"))
    let shop = try shop(of: app)
    let detail = try detailColumn()
    tap(ShopCoordinator.CatalogEvent.selected(kettle))
    #expect(names(detail) == [["ProductDetail(Kettle)"]])
    #expect(names(router) == [["Catalog"]])
    let kettlePage = try #require(shop.children.first as? ProductPageCoordinator)

    tap(ShopCoordinator.CatalogEvent.selected(teapot))
    #expect(kettlePage.isFinished, "the page shown before is dropped")
    #expect(shop.children.count == 1 && shop.children.first !== kettlePage)
    #expect(names(detail) == [["ProductDetail(Teapot)"]])
    #expect(
      detail.operations == [
        .push(.ProductPage.productDetail), .unwind(to: .origin),
        .push(.ProductPage.productDetail),
      ])
    #expect(router.operations == [.split(.doubleColumn), .push(.Shop.catalog)])
    // At the root of its column, the product page has no back button in the regular layout.
    detail.userPops()
    #expect(names(detail) == [["ProductDetail(Teapot)"]] && shop.children.count == 1)
  }

  /// The bank answers with the `async` form of the decision, in a task the checkout owns: the
  /// test waits for it before it looks. Checkout is presented from the detail column; the
  /// receipt is pushed there, and its `done` ends the product page: the column is empty
  /// again.
  @Test func buyingAProductShowsItsReceiptInTheDetailColumn() async throws {
    let app = start(signedInAs: User(email: "ann@example.com"))
    let shop = try shop(of: app)
    let detail = try detailColumn()
    tap(ShopCoordinator.CatalogEvent.selected(kettle))
    tap(ProductPageCoordinator.ProductDetailEvent.buy(kettle))
    #expect(names(detail) == [["ProductDetail(Kettle)"], ["Payment(Kettle)"]])
    tap(CheckoutCoordinator.PaymentEvent.pay(kettle))
    await app.waitForDecisions()
    #expect(names(detail) == [["ProductDetail(Kettle)", "Receipt(Kettle)"]])
    tap(ProductPageCoordinator.ReceiptEvent.done)
    #expect(
      detail.operations == [
        .push(.ProductPage.productDetail), .present(.Checkout.payment),
        .unwind(to: StackPosition(modals: 0, screens: 1)), .push(.ProductPage.receipt),
        .unwind(to: .origin),
      ])
    #expect(detail.screens.isEmpty)
    #expect(shop.children.isEmpty)
    #expect(router.operations == [.split(.doubleColumn), .push(.Shop.catalog)])
    #expect(app.children.count == 1)
  }

  @Test func aDeclinedPaymentStaysUntilCancelled() async throws {
    screens.bank.acceptsPayments = false
    let app = start(signedInAs: User(email: "ann@example.com"))
    let detail = try detailColumn()
    tap(ShopCoordinator.CatalogEvent.selected(kettle))
    tap(ProductPageCoordinator.ProductDetailEvent.buy(kettle))
    tap(CheckoutCoordinator.PaymentEvent.pay(kettle))
    await app.waitForDecisions()
    #expect(detail.topScreen.map { "\($0)" } == "Payment(Kettle)")
    tap(CheckoutCoordinator.PaymentEvent.cancel)
    #expect(detail.topScreen.map { "\($0)" } == "ProductDetail(Kettle)")
    #expect(
      detail.operations.suffix(2) == [
        .present(.Checkout.payment), .unwind(to: StackPosition(modals: 0, screens: 1)),
      ])
    #expect(try shop(of: app).children.count == 1)
  }

  /// Leaving the payment before the bank answers cancels its task, and its answer is dropped:
  /// no receipt appears on the product's page.
  @Test func anAnswerAfterThePaymentWasLeftIsDropped() async throws {
    let app = start(signedInAs: User(email: "ann@example.com"))
    let detail = try detailColumn()
    tap(ShopCoordinator.CatalogEvent.selected(kettle))
    tap(ProductPageCoordinator.ProductDetailEvent.buy(kettle))
    tap(CheckoutCoordinator.PaymentEvent.pay(kettle))
    tap(CheckoutCoordinator.PaymentEvent.cancel)
    await app.waitForDecisions()
    #expect(detail.topScreen.map { "\($0)" } == "ProductDetail(Kettle)")
    #expect(detail.operations.last == .unwind(to: StackPosition(modals: 0, screens: 1)))
  }

  /// An iPad turned into a narrow window in the middle of a purchase: the columns become one
  /// stack, the product's screens over the catalog, and every screen stays; widened again,
  /// each column has its screens back. On the one stack the back button goes back through the
  /// product's screens, and at the product leaves its page.
  @Test func theProductKeepsItsScreensWhenTheSplitCollapsesAndExpands() async throws {
    let app = start(signedInAs: User(email: "ann@example.com"))
    let shop = try shop(of: app)
    let detail = try detailColumn()
    tap(ShopCoordinator.CatalogEvent.selected(kettle))
    tap(ProductPageCoordinator.ProductDetailEvent.buy(kettle))
    tap(CheckoutCoordinator.PaymentEvent.pay(kettle))
    await app.waitForDecisions()
    #expect(names(router) == [["Catalog"]])
    #expect(names(detail) == [["ProductDetail(Kettle)", "Receipt(Kettle)"]])

    router.collapse()
    #expect(router.layout == .compact)
    #expect(collapsedNames == ["Catalog", "ProductDetail(Kettle)", "Receipt(Kettle)"])
    #expect(shop.children.count == 1, "the product page still runs")
    #expect(tappable.map { "\($0)" } == ["Receipt(Kettle)"])

    router.expand()
    #expect(router.layout == .regular)
    #expect(names(router) == [["Catalog"]])
    #expect(names(detail) == [["ProductDetail(Kettle)", "Receipt(Kettle)"]])
    #expect(shop.children.count == 1)

    // Collapsed again, the back button takes the receipt away, then leaves the product page
    // (it has no `leave` result: it is dropped, and the shop's handler does not run).
    router.collapse()
    router.userPops()
    #expect(collapsedNames == ["Catalog", "ProductDetail(Kettle)"])
    #expect(shop.children.count == 1)
    router.userPops()
    #expect(collapsedNames == ["Catalog"])
    #expect(shop.children.isEmpty)
    router.expand()
    #expect(names(router) == [["Catalog"]] && detail.screens.isEmpty)
    #expect(
      router.operations.filter { [.collapse, .expand].contains($0) } == [
        .collapse, .expand, .collapse, .expand,
      ])
  }

  /// On an iPhone the split starts collapsed: a product picked is pushed over the catalog (on
  /// its column's router), and the next one picked, after going back, replaces nothing.
  @Test func onANarrowScreenTheProductIsPushedOverTheCatalog() throws {
    let app = start(signedInAs: User(email: "ann@example.com"))
    let shop = try shop(of: app)
    let detail = try detailColumn()
    router.collapse()
    tap(ShopCoordinator.CatalogEvent.selected(kettle))
    #expect(collapsedNames == ["Catalog", "ProductDetail(Kettle)"])
    #expect(names(detail) == [["ProductDetail(Kettle)"]])
    router.userPops()
    #expect(collapsedNames == ["Catalog"] && shop.children.isEmpty)
    tap(ShopCoordinator.CatalogEvent.selected(teapot))
    #expect(collapsedNames == ["Catalog", "ProductDetail(Teapot)"])
    // Widened, the page is in the detail column beside the catalog.
    router.expand()
    #expect(names(router) == [["Catalog"]])
    #expect(names(detail) == [["ProductDetail(Teapot)"]])
  }

  @Test func signingOutFinishesTheShopAndReleasesIt() throws {
    let app = start(signedInAs: User(email: "ann@example.com"))
    weak let shop = app.children.first as? ShopCoordinator
    #expect(shop != nil)
    tap(ShopCoordinator.CatalogEvent.selected(kettle))
    weak let page = shop?.children.first as? ProductPageCoordinator
    #expect(page != nil)
    let detail = try detailColumn()
    screens.user = nil
    tap(ShopCoordinator.CatalogEvent.signOut)
    #expect(shop == nil)
    #expect(page == nil, "the product page shown beside the catalog ends with the shop")
    #expect(detail.screens.isEmpty)
    #expect(
      router.operations == [
        .split(.doubleColumn), .push(.Shop.catalog), .unwind(to: .origin),
        .present(.SignIn.login),
      ])
  }

  /// Signed out and in again, the new shop makes a split of its own at the root of the window,
  /// and a product picked is beside its catalog again, not pushed over it.
  @Test func signingInAgainShowsTheSplitAgain() throws {
    let app = start(signedInAs: User(email: "ann@example.com"))
    tap(ShopCoordinator.CatalogEvent.selected(kettle))
    screens.user = nil
    tap(ShopCoordinator.CatalogEvent.signOut)
    tap(SignInCoordinator.LoginEvent.submitted(User(email: "bob@example.com")))
    #expect(
      router.operations == [
        .split(.doubleColumn), .push(.Shop.catalog), .unwind(to: .origin),
        .present(.SignIn.login), .unwind(to: .origin), .split(.doubleColumn),
        .push(.Shop.catalog),
      ])
    tap(ShopCoordinator.CatalogEvent.selected(teapot))
    #expect(names(router) == [["Catalog"]])
    #expect(names(try detailColumn()) == [["ProductDetail(Teapot)"]])
    #expect(try shop(of: app).children.count == 1)
  }
}
