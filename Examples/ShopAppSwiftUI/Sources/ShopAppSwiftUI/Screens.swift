import FlowRuntime
import Observation

/// What the app gives its coordinators: every screen of the flows as a SwiftUI view in a
/// `ScreenView`, the tab bar, the answers to the decisions, and the values deep links need
/// (`FlowLinkValues`). It conforms to the screens protocol of every coordinator, so each
/// protocol's default hands this one factory on to the coordinators it starts.
///
/// Each view is a struct holding its input and the sink of its events; its `View` conformance
/// is behind `#if canImport(SwiftUI)` (Views.swift), so that the same factory makes the same
/// screens on Linux, where the tests tap the events a view's buttons send.
@MainActor
final class ScreenFactory:
  AppScreens, HomeScreens, SignInScreens, ShopScreens, ProductPageScreens, CheckoutScreens,
  OrdersScreens, FlowLinkValues
{
  /// Who is signed in, which decides where the app begins.
  var user: User?
  /// Whether the bank accepts payments.
  var paymentsAreAccepted = true
  /// The orders placed, which the orders tab shows.
  let orders = OrderBook()

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

  // MARK: Home

  func makeHomeTabs(_ stacks: [any Presentable]) -> any Presentable {
    TabContainer(
      stacks,
      labels: [
        TabLabel("Shop", systemImage: "bag"), TabLabel("Orders", systemImage: "list.bullet"),
      ]
    )
  }

  // MARK: SignIn

  func makeLogin(send: @escaping @MainActor (SignInCoordinator.LoginEvent) -> Void)
    -> any Presentable
  {
    ScreenView(showing: Login(send: send))
  }

  func makeResetPassword(
    send: @escaping @MainActor (SignInCoordinator.ResetPasswordEvent) -> Void
  ) -> any Presentable {
    ScreenView(showing: ResetPassword(send: send))
  }

  // MARK: Shop

  /// The sidebar of the shop's split (a `NavigationSplitView` that `FlowStackView` draws for
  /// the shop's tab).
  func makeCatalog(send: @escaping @MainActor (ShopCoordinator.CatalogEvent) -> Void)
    -> any Presentable
  {
    ScreenView(showing: Catalog(products: Product.all, send: send))
  }

  // MARK: ProductPage

  /// The root of the split's detail column (on an iPhone, pushed over the catalog).
  func makeProductDetail(
    _ input: Product,
    send: @escaping @MainActor (ProductPageCoordinator.ProductDetailEvent) -> Void
  ) -> any Presentable {
    ScreenView(
      showing: ProductDetail(product: input, send: send), named: "ProductDetail(\(input.name))")
  }

  func makeReceipt(
    _ input: Order, send: @escaping @MainActor (ProductPageCoordinator.ReceiptEvent) -> Void
  ) -> any Presentable {
    ScreenView(showing: Receipt(order: input, send: send), named: "Receipt(\(input.product.name))")
  }

  // MARK: Checkout

  func makePayment(
    _ input: Product, send: @escaping @MainActor (CheckoutCoordinator.PaymentEvent) -> Void
  ) -> any Presentable {
    ScreenView(showing: Payment(product: input, send: send), named: "Payment(\(input.name))")
  }

  func decideAuthorize(
    _ payload: Product, answer: @escaping @MainActor (CheckoutCoordinator.AuthorizeAnswer) -> Void
  ) {
    guard paymentsAreAccepted else { return answer(.declined) }
    let order = Order(product: payload, total: payload.price)
    orders.placed.append(order)
    answer(.approved(order))
  }

  // MARK: Orders

  func makeOrderList(send: @escaping @MainActor (OrdersCoordinator.OrderListEvent) -> Void)
    -> any Presentable
  {
    ScreenView(showing: OrderList(book: orders))
  }
}

extension ScreenFactory {
  // MARK: Links

  func makeProduct(for link: FlowLink, answer: @escaping @MainActor (Product?) -> Void) {
    guard case .product(let id) = link else { return answer(nil) }
    answer(Product.all.first { $0.id == id })
  }
}

extension Product {
  /// What the shop sells.
  static let all = [
    Product(id: 1, name: "Kettle", price: 30),
    Product(id: 2, name: "Teapot", price: 45),
  ]
}

/// The email and password form.
struct Login {
  let send: @MainActor (SignInCoordinator.LoginEvent) -> Void
}

/// Sends a link to reset the password.
struct ResetPassword {
  let send: @MainActor (SignInCoordinator.ResetPasswordEvent) -> Void
}

/// Every product, and the way out: the sidebar of the shop's split.
struct Catalog {
  let products: [Product]
  let send: @MainActor (ShopCoordinator.CatalogEvent) -> Void
}

/// One product, to buy: the detail column of the shop's split.
struct ProductDetail {
  let product: Product
  let send: @MainActor (ProductPageCoordinator.ProductDetailEvent) -> Void
}

/// The order just placed.
struct Receipt {
  let order: Order
  let send: @MainActor (ProductPageCoordinator.ReceiptEvent) -> Void
}

/// Pays for one product, in the checkout sheet.
struct Payment {
  let product: Product
  let send: @MainActor (CheckoutCoordinator.PaymentEvent) -> Void
}

/// The orders placed so far.
struct OrderList {
  let book: OrderBook
}

/// The orders placed, newest last: observed, so that the orders tab follows.
@MainActor
@Observable
final class OrderBook {
  var placed: [Order] = []
}
