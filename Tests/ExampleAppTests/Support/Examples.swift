import FlowRuntime
import Foundation
import Testing

/// The app's own type, which `flows/app.flow.yaml` declares `external`.
struct User: Hashable, Sendable {
  var name: String
}

/// A screen the stub factory made: its name and input, for the router's records, and the
/// sink of its events, for the test to tap.
@MainActor
final class StubScreen<Event>: Presentable, CustomStringConvertible {
  /// `Name`, or `Name(input)` for a screen with an input.
  nonisolated let description: String
  let send: @MainActor (Event) -> Void

  init(_ name: String, input: Any? = nil, send: @escaping @MainActor (Event) -> Void) {
    description = input.map { "\(name)(\(brief($0)))" } ?? name
    self.send = send
  }
}

/// A short, readable form of a screen's input.
private func brief(_ input: Any) -> String {
  switch input {
  case let text as String: return text
  case let user as User: return user.name
  case let product as Product: return product.name
  case let items as [CartItem]: return items.map(\.product.name).joined(separator: ", ")
  case let address as Address: return address.name
  case let order as Order: return "order \(order.id.uuidString.prefix(4))"
  case let url as URL: return url.absoluteString
  case let filters as SearchFilters: return filters.query
  default: return "\(input)"
  }
}

/// The app's screen factory, made of stubs: every screen is a ``StubScreen``, every decision
/// waits until the test answers it.
@MainActor
final class StubScreens: AppScreens {
  /// The decisions asked, in order, with their payloads: `Launch`, `Authorize(card 1234)`.
  private(set) var asked: [String] = []
  private var launch: (@MainActor (AppCoordinator.LaunchAnswer) -> Void)?
  private var credentials: (@MainActor (AuthCoordinator.CheckCredentialsAnswer) -> Void)?
  private var authorize: (@MainActor (CheckoutCoordinator.AuthorizeAnswer) -> Void)?
  /// The tab stacks of the last tab container made, when they are recording routers.
  private(set) var tabs: [RecordingRouter] = []
  /// The tab stacks of the last tab container made, whatever router made them.
  private(set) var tabStacks: [any Presentable] = []

  // MARK: Answers

  func answer(
    _ answer: AppCoordinator.LaunchAnswer, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let launch else {
      Issue.record("decision Launch was not asked", sourceLocation: sourceLocation)
      return
    }
    self.launch = nil
    launch(answer)
  }

  func answer(
    _ answer: AuthCoordinator.CheckCredentialsAnswer,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let credentials else {
      Issue.record("decision CheckCredentials was not asked", sourceLocation: sourceLocation)
      return
    }
    self.credentials = nil
    credentials(answer)
  }

  func answer(
    _ answer: CheckoutCoordinator.AuthorizeAnswer,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let authorize else {
      Issue.record("decision Authorize was not asked", sourceLocation: sourceLocation)
      return
    }
    self.authorize = nil
    authorize(answer)
  }

  // MARK: App

  func decideLaunch(answer: @escaping @MainActor (AppCoordinator.LaunchAnswer) -> Void) {
    asked.append("Launch")
    launch = answer
  }

  // MARK: Onboarding

  func makeWelcome(
    send: @escaping @MainActor (OnboardingCoordinator.WelcomeEvent) -> Void
  ) -> any Presentable {
    StubScreen("Welcome", send: send)
  }

  func makeNotifications(
    send: @escaping @MainActor (OnboardingCoordinator.NotificationsEvent) -> Void
  ) -> any Presentable {
    StubScreen("Notifications", send: send)
  }

  // MARK: Auth

  func makeSignIn(
    _ input: String?, send: @escaping @MainActor (AuthCoordinator.SignInEvent) -> Void
  ) -> any Presentable {
    StubScreen("SignIn", input: input, send: send)
  }

  func makeResetPassword(
    _ input: String?, send: @escaping @MainActor (AuthCoordinator.ResetPasswordEvent) -> Void
  ) -> any Presentable {
    StubScreen("ResetPassword", input: input, send: send)
  }

  func makeTwoFactor(
    _ input: String, send: @escaping @MainActor (AuthCoordinator.TwoFactorEvent) -> Void
  ) -> any Presentable {
    StubScreen("TwoFactor", input: input, send: send)
  }

  func makeSignUp(
    send: @escaping @MainActor (AuthCoordinator.SignUpEvent) -> Void
  ) -> any Presentable {
    StubScreen("SignUp", send: send)
  }

  func decideCheckCredentials(
    _ payload: Credentials,
    answer: @escaping @MainActor (AuthCoordinator.CheckCredentialsAnswer) -> Void
  ) {
    asked.append("CheckCredentials(\(payload.email))")
    credentials = answer
  }

  // MARK: Main

  func makeMainTabs(_ stacks: [any Presentable]) -> any Presentable {
    tabs = stacks.compactMap { $0 as? RecordingRouter }
    tabStacks = stacks
    return StubScreen<Never>("MainTabs", send: { _ in })
  }

  // MARK: Shop, Search, ProductDetails

  func makeCategories(
    send: @escaping @MainActor (ShopCoordinator.CategoriesEvent) -> Void
  ) -> any Presentable {
    StubScreen("Categories", send: send)
  }

  func makeProducts(
    _ input: String, send: @escaping @MainActor (ShopCoordinator.ProductsEvent) -> Void
  ) -> any Presentable {
    StubScreen("Products", input: input, send: send)
  }

  func makeResults(
    send: @escaping @MainActor (SearchCoordinator.ResultsEvent) -> Void
  ) -> any Presentable {
    StubScreen("Results", send: send)
  }

  func makeFilters(
    _ input: SearchFilters, send: @escaping @MainActor (SearchCoordinator.FiltersEvent) -> Void
  ) -> any Presentable {
    StubScreen("Filters", input: input, send: send)
  }

  func makeDetails(
    _ input: Product, send: @escaping @MainActor (ProductDetailsCoordinator.DetailsEvent) -> Void
  ) -> any Presentable {
    StubScreen("Details", input: input, send: send)
  }

  func makeReviews(
    _ input: Product, send: @escaping @MainActor (ProductDetailsCoordinator.ReviewsEvent) -> Void
  ) -> any Presentable {
    StubScreen("Reviews", input: input, send: send)
  }

  func makeSizeGuide(
    send: @escaping @MainActor (ProductDetailsCoordinator.SizeGuideEvent) -> Void
  ) -> any Presentable {
    StubScreen("SizeGuide", send: send)
  }

  // MARK: Cart, Checkout

  func makeBasket(
    send: @escaping @MainActor (CartCoordinator.BasketEvent) -> Void
  ) -> any Presentable {
    StubScreen("Basket", send: send)
  }

  func makeOrderPlaced(
    _ input: Order, send: @escaping @MainActor (CartCoordinator.OrderPlacedEvent) -> Void
  ) -> any Presentable {
    StubScreen("OrderPlaced", input: input, send: send)
  }

  func makeReview(
    _ input: [CartItem], send: @escaping @MainActor (CheckoutCoordinator.ReviewEvent) -> Void
  ) -> any Presentable {
    StubScreen("Review", input: input, send: send)
  }

  func makePayment(
    _ input: Address, send: @escaping @MainActor (CheckoutCoordinator.PaymentEvent) -> Void
  ) -> any Presentable {
    StubScreen("Payment", input: input, send: send)
  }

  func makeBankVerification(
    _ input: URL,
    send: @escaping @MainActor (CheckoutCoordinator.BankVerificationEvent) -> Void
  ) -> any Presentable {
    StubScreen("BankVerification", input: input, send: send)
  }

  func makeConfirmation(
    _ input: Order, send: @escaping @MainActor (CheckoutCoordinator.ConfirmationEvent) -> Void
  ) -> any Presentable {
    StubScreen("Confirmation", input: input, send: send)
  }

  func decideAuthorize(
    _ payload: PaymentMethod,
    answer: @escaping @MainActor (CheckoutCoordinator.AuthorizeAnswer) -> Void
  ) {
    asked.append("Authorize(\(payload))")
    authorize = answer
  }

  // MARK: Account, AddressBook, Feedback

  func makeProfile(
    _ input: User, send: @escaping @MainActor (AccountCoordinator.ProfileEvent) -> Void
  ) -> any Presentable {
    StubScreen("Profile", input: input, send: send)
  }

  func makeOrderHistory(
    send: @escaping @MainActor (AccountCoordinator.OrderHistoryEvent) -> Void
  ) -> any Presentable {
    StubScreen("OrderHistory", send: send)
  }

  func makeOrderDetail(
    _ input: Order, send: @escaping @MainActor (AccountCoordinator.OrderDetailEvent) -> Void
  ) -> any Presentable {
    StubScreen("OrderDetail", input: input, send: send)
  }

  func makeTracking(
    _ input: URL, send: @escaping @MainActor (AccountCoordinator.TrackingEvent) -> Void
  ) -> any Presentable {
    StubScreen("Tracking", input: input, send: send)
  }

  func makeSettings(
    send: @escaping @MainActor (AccountCoordinator.SettingsEvent) -> Void
  ) -> any Presentable {
    StubScreen("Settings", send: send)
  }

  /// The account's deletion asked about as an alert: `Delete` (destructive), `Review orders`
  /// and `Keep` (the cancel button), each tapping its button of the flow.
  func makeConfirmDeleteAccount(
    tap: @escaping @MainActor (AccountCoordinator.ConfirmDeleteAccountButton) -> Void
  ) -> FlowAlert {
    FlowAlert(
      title: "Delete account?", message: "Your orders and addresses go with it.",
      buttons: [
        .init("Delete", role: .destructive) { tap(.delete) },
        .init("Review orders") { tap(.reviewOrders) },
        .init("Keep", role: .cancel) { tap(.keep) },
      ])
  }

  func makeAddresses(
    send: @escaping @MainActor (AddressBookCoordinator.AddressesEvent) -> Void
  ) -> any Presentable {
    StubScreen("Addresses", send: send)
  }

  func makeNewAddress(
    send: @escaping @MainActor (AddressBookCoordinator.NewAddressEvent) -> Void
  ) -> any Presentable {
    StubScreen("NewAddress", send: send)
  }

  /// The address to remove, named in the alert's title: `Remove` (destructive) and `Keep`.
  func makeConfirmRemoveAddress(
    _ input: Address,
    tap: @escaping @MainActor (AddressBookCoordinator.ConfirmRemoveAddressButton) -> Void
  ) -> FlowAlert {
    FlowAlert(
      title: "Remove \(input.name)?", style: .actionSheet,
      buttons: [
        .init("Remove", role: .destructive) { tap(.remove) },
        .init("Keep", role: .cancel) { tap(.keep) },
      ])
  }

  func makeSurvey(
    send: @escaping @MainActor (FeedbackCoordinator.SurveyEvent) -> Void
  ) -> any Presentable {
    StubScreen("Survey", send: send)
  }
}

/// Sends `event` from the screen on top of `router`, as the user would by tapping it; the
/// test fails if the screen on top is not one that sends such events.
@MainActor
func tap<Event>(
  _ event: Event, on router: RecordingRouter, sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let screen = router.topScreen as? StubScreen<Event> else {
    let top = router.topScreen.map { "\($0)" } ?? "nothing"
    Issue.record(
      "the screen on top is \(top), which does not send \(Event.self)",
      sourceLocation: sourceLocation)
    return
  }
  screen.send(event)
}

/// Example data.
enum Example {
  static let user = User(name: "ada")
  static let shoes = Product(
    id: UUID(uuid: (1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), name: "Shoes", price: 80,
    imageURL: nil, tags: nil, attributes: [:])
  static let items = [CartItem(product: shoes, quantity: 1)]
  static let home = Address(
    name: "Home", lines: ["1 Main St"], postcode: "1000", country: "BE", phone: nil)
  static let office = Address(
    name: "Office", lines: ["2 Side St"], postcode: "1000", country: "BE", phone: nil)
  static let order = Order(
    id: UUID(uuid: (0xAB, 0xCD, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), items: items,
    total: 80, payment: .card("1234"), placedAt: Date(timeIntervalSince1970: 0), receipt: nil)
  static let credentials = Credentials(email: "ada@example.com", password: "x", remember: true)
  static let url = URL(fileURLWithPath: "/track")
  static let filters = SearchFilters(
    query: "red", categories: [], priceRange: [:], inStockOnly: true)
}
