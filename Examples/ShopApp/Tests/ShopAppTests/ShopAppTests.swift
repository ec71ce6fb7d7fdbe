import FlowRuntime
import Testing

@testable import ShopApp

/// Drives the app's generated coordinators through a `RecordingRouter`, as a user would: tap
/// an event on the screen on top, then compare what the router was asked to do.
@MainActor
@Suite struct ShopAppTests {
  let router = RecordingRouter(name: "app")
  let screens = ScreenFactory()
  let kettle = Product(id: 1, name: "Kettle", price: 30)

  /// Sends `event` from the screen on top of the router's stacks, which must be a screen
  /// with events of that type.
  func tap<Event>(_ event: Event, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let screen = router.topScreen as? Screen<Event> else {
      let top = router.topScreen.map { "\($0)" } ?? "nothing"
      Issue.record(
        "the screen on top is \(top), which has no event \(event)",
        sourceLocation: sourceLocation)
      return
    }
    screen.send(event)
  }

  /// The app, started; with `user`, already signed in. The caller keeps it, as an app's scene
  /// delegate does: screens hold their coordinators weakly.
  func start(signedInAs user: User? = nil) -> AppCoordinator {
    screens.user = user
    let app = AppCoordinator(screens: screens, router: router)
    app.start()
    return app
  }

  @Test func signingInLeadsToTheCatalog() {
    let app = start()
    tap(SignInCoordinator.LoginEvent.forgotPassword)
    tap(SignInCoordinator.ResetPasswordEvent.sent)
    tap(SignInCoordinator.LoginEvent.submitted(User(email: "ann@example.com")))
    #expect(
      router.operations == [
        .present(.SignIn.login), .push(.SignIn.resetPassword), .pop,
        .unwind(to: .origin), .push(.Shop.catalog),
      ])
    #expect(screens.user == User(email: "ann@example.com"))
    #expect(app.children.count == 1)
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

  /// The bank answers with the `async` form of the decision, in a task the checkout owns: the
  /// test waits for it before it looks.
  @Test func buyingAProductShowsItsReceipt() async {
    let app = start(signedInAs: User(email: "ann@example.com"))
    tap(ShopCoordinator.CatalogEvent.selected(kettle))
    tap(ShopCoordinator.ProductDetailEvent.buy(kettle))
    tap(CheckoutCoordinator.PaymentEvent.pay(kettle))
    await app.waitForDecisions()
    tap(ShopCoordinator.ReceiptEvent.done)
    #expect(
      router.operations == [
        .push(.Shop.catalog), .push(.Shop.productDetail), .present(.Checkout.payment),
        .unwind(to: StackPosition(modals: 0, screens: 2)), .push(.Shop.receipt),
        .replace(from: 0, with: .Shop.catalog),
      ])
    #expect(router.screens.map { "\($0)" } == ["Catalog"])
    #expect(app.children.count == 1)
  }

  @Test func aDeclinedPaymentStaysUntilCancelled() async {
    screens.bank.acceptsPayments = false
    let app = start(signedInAs: User(email: "ann@example.com"))
    tap(ShopCoordinator.CatalogEvent.selected(kettle))
    tap(ShopCoordinator.ProductDetailEvent.buy(kettle))
    tap(CheckoutCoordinator.PaymentEvent.pay(kettle))
    await app.waitForDecisions()
    #expect(router.topScreen.map { "\($0)" } == "Payment(Kettle)")
    tap(CheckoutCoordinator.PaymentEvent.cancel)
    #expect(router.topScreen.map { "\($0)" } == "ProductDetail(Kettle)")
    #expect(
      router.operations.suffix(2) == [
        .present(.Checkout.payment), .unwind(to: StackPosition(modals: 0, screens: 2)),
      ])
    #expect(app.children.count == 1)
  }

  /// Leaving the payment before the bank answers cancels its task, and its answer is dropped:
  /// no receipt appears on the product's page.
  @Test func anAnswerAfterThePaymentWasLeftIsDropped() async {
    let app = start(signedInAs: User(email: "ann@example.com"))
    tap(ShopCoordinator.CatalogEvent.selected(kettle))
    tap(ShopCoordinator.ProductDetailEvent.buy(kettle))
    tap(CheckoutCoordinator.PaymentEvent.pay(kettle))
    tap(CheckoutCoordinator.PaymentEvent.cancel)
    await app.waitForDecisions()
    #expect(router.topScreen.map { "\($0)" } == "ProductDetail(Kettle)")
    #expect(router.operations.last == .unwind(to: StackPosition(modals: 0, screens: 2)))
  }

  @Test func signingOutFinishesTheShopAndReleasesIt() {
    let app = start(signedInAs: User(email: "ann@example.com"))
    weak let shop = app.children.first as? ShopCoordinator
    #expect(shop != nil)
    screens.user = nil
    tap(ShopCoordinator.CatalogEvent.signOut)
    #expect(shop == nil)
    #expect(
      router.operations == [
        .push(.Shop.catalog), .unwind(to: .origin), .present(.SignIn.login),
      ])
  }
}
