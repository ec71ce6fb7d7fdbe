import FlowRuntime

/// A screen of the example: its name and the sink of its events. A real app returns view
/// controllers or hosted SwiftUI views here; this package has no UI, so that it builds and
/// runs anywhere, and its tests tap events as a user would.
@MainActor
final class Screen<Event>: Presentable, CustomStringConvertible {
  /// The screen's name, as the router records it: `Login`, `ProductDetail(Kettle)`.
  nonisolated let description: String
  /// Sends one of the screen's events to its coordinator.
  let send: @MainActor (Event) -> Void

  init(_ name: String, showing detail: String? = nil, send: @escaping @MainActor (Event) -> Void) {
    description = detail.map { "\(name)(\($0))" } ?? name
    self.send = send
  }
}

/// What the app gives its coordinators: every screen of the flows, and the answers to their
/// decisions. Each `<C>Screens` protocol asks for one coordinator's screens and for the
/// factory of each coordinator it starts; this one object conforms to all of them, so each
/// protocol's default hands this factory on (an app split into feature modules would give
/// each coordinator a factory of its own instead). A flow that gains a screen or an event
/// shows up here as a compile error.
@MainActor
final class ScreenFactory:
  AppScreens, SignInScreens, ShopScreens, ProductPageScreens, CheckoutScreens
{
  /// Who is signed in, which decides where the app begins.
  var user: User?
  /// The payment provider.
  let bank = Bank()

  init(user: User? = nil) {
    self.user = user
  }

  // MARK: App

  func decideLaunch(answer: @escaping @MainActor (AppCoordinator.LaunchAnswer) -> Void) {
    answer(user.map { .signedIn($0) } ?? .signedOut)
  }

  func decideLaunch(
    _ payload: User, answer: @escaping @MainActor (AppCoordinator.LaunchAnswer) -> Void
  ) {
    user = payload
    answer(.signedIn(payload))
  }

  // MARK: SignIn

  func makeLogin(send: @escaping @MainActor (SignInCoordinator.LoginEvent) -> Void)
    -> any Presentable
  {
    Screen("Login", send: send)
  }

  func makeResetPassword(
    send: @escaping @MainActor (SignInCoordinator.ResetPasswordEvent) -> Void
  ) -> any Presentable {
    Screen("ResetPassword", send: send)
  }

  // MARK: Shop

  /// The sidebar of the shop's split: a real app returns the list of products here. The
  /// split's detail column is empty until a product is picked, and again after its page
  /// ends (`NavigationRouter` shows an empty navigation controller there).
  func makeCatalog(send: @escaping @MainActor (ShopCoordinator.CatalogEvent) -> Void)
    -> any Presentable
  {
    Screen("Catalog", send: send)
  }

  // MARK: ProductPage

  /// The root of the split's detail column (on an iPhone, pushed over the catalog).
  func makeProductDetail(
    _ input: Product, send: @escaping @MainActor (ProductPageCoordinator.ProductDetailEvent) -> Void
  ) -> any Presentable {
    Screen("ProductDetail", showing: input.name, send: send)
  }

  func makeReceipt(
    _ input: Order, send: @escaping @MainActor (ProductPageCoordinator.ReceiptEvent) -> Void
  ) -> any Presentable {
    Screen("Receipt", showing: input.product.name, send: send)
  }

  // MARK: Checkout

  func makePayment(
    _ input: Product, send: @escaping @MainActor (CheckoutCoordinator.PaymentEvent) -> Void
  ) -> any Presentable {
    Screen("Payment", showing: input.name, send: send)
  }

  /// The `async` form of the decision: the bank answers after a call of its own. The
  /// coordinator runs it in a task it owns, and cancels it if the customer leaves the payment
  /// first.
  func decideAuthorize(_ payload: Product) async -> CheckoutCoordinator.AuthorizeAnswer {
    let accepted = await bank.accepts(payload.price)
    let order = Order(product: payload, total: payload.price)
    return accepted ? .approved(order) : .declined
  }
}

/// The payment provider, which answers after a call over the network (here, at once).
@MainActor
final class Bank {
  /// Whether it accepts payments.
  var acceptsPayments = true

  func accepts(_ amount: Double) async -> Bool {
    await Task.yield()
    return acceptsPayments
  }
}
