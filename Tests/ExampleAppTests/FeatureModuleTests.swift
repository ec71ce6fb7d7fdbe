import FlowRuntime
import Foundation
import Testing

/// What a feature module of the app writes for Checkout: the factory of Checkout's own
/// screens and its decision, and nothing of the rest of the app. The address book that
/// Checkout starts gets its factory from whoever builds this one. The payment is authorized
/// with the `async` form of the decision, by a ``Bank`` the test controls. The shared screens
/// (a seller's page, which a relative link may push on any stack, Checkout's included) are
/// the app's: it hands their factory over too.
@MainActor
final class CheckoutFeature: CheckoutScreens {
  let addressBookScreens: any AddressBookScreens
  let sharedScreens: any SharedScreens = RecordingScreens()
  let bank: Bank
  /// The screens it made, by name.
  private(set) var made: [String] = []

  init(addressBook: any AddressBookScreens, bank: Bank) {
    addressBookScreens = addressBook
    self.bank = bank
  }

  func makeReview(
    _ input: [CartItem], send: @escaping @MainActor (CheckoutCoordinator.ReviewEvent) -> Void
  ) -> any Presentable {
    made.append("Review")
    return StubScreen(.Checkout.review, input: input, send: send)
  }

  func makePayment(
    _ input: Address, send: @escaping @MainActor (CheckoutCoordinator.PaymentEvent) -> Void
  ) -> any Presentable {
    made.append("Payment")
    return StubScreen(.Checkout.payment, input: input, send: send)
  }

  func makeBankVerification(
    _ input: URL,
    send: @escaping @MainActor (CheckoutCoordinator.BankVerificationEvent) -> Void
  ) -> any Presentable {
    made.append("BankVerification")
    return StubScreen(.Checkout.bankVerification, input: input, send: send)
  }

  func makeConfirmation(
    _ input: Order, send: @escaping @MainActor (CheckoutCoordinator.ConfirmationEvent) -> Void
  ) -> any Presentable {
    made.append("Confirmation")
    return StubScreen(.Checkout.confirmation, input: input, send: send)
  }

  /// The `async` form: the generated default of the callback form runs it in a task that
  /// the coordinator owns.
  func decideAuthorize(_ payload: PaymentMethod) async -> CheckoutCoordinator.AuthorizeAnswer {
    await bank.authorize(payload)
  }
}

/// What the Cart feature writes: its own screens, and Checkout's factory, built from the
/// Checkout feature's.
@MainActor
final class CartFeature: CartScreens {
  let checkoutScreens: any CheckoutScreens
  let sharedScreens: any SharedScreens = RecordingScreens()

  init(checkout: any CheckoutScreens) {
    checkoutScreens = checkout
  }

  func makeBasket(
    send: @escaping @MainActor (CartCoordinator.BasketEvent) -> Void
  ) -> any Presentable {
    StubScreen(.Cart.basket, send: send)
  }

  func makeOrderPlaced(
    _ input: Order, send: @escaping @MainActor (CartCoordinator.OrderPlacedEvent) -> Void
  ) -> any Presentable {
    StubScreen(.Cart.orderPlaced, input: input, send: send)
  }
}

/// A payment provider that answers when the test says so, and sees whether the task that
/// awaits it was cancelled.
@MainActor
final class Bank {
  /// The payments asked for and not answered yet.
  private var waiting: [CheckedContinuation<CheckoutCoordinator.AuthorizeAnswer, Never>] = []
  /// Whether a task that awaited it was cancelled while it waited.
  private(set) var sawCancellation = false

  /// Whether a payment waits for the test's answer.
  var isAsked: Bool { !waiting.isEmpty }

  func authorize(_ method: PaymentMethod) async -> CheckoutCoordinator.AuthorizeAnswer {
    await withTaskCancellationHandler {
      await withCheckedContinuation { waiting.append($0) }
    } onCancel: {
      Task { @MainActor in self.sawCancellation = true }
    }
  }

  /// Answers the payment asked first.
  func answer(_ answer: CheckoutCoordinator.AuthorizeAnswer) {
    guard !waiting.isEmpty else { return }
    waiting.removeFirst().resume(returning: answer)
  }
}

/// Lets the main actor run what is queued until `condition` holds (a decision's task reaching
/// the bank): at most 1,000 turns, then the test fails.
@MainActor
func until(
  _ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation
) async {
  for _ in 0..<1_000 where !condition() { await Task.yield() }
  #expect(condition(), "still waiting", sourceLocation: sourceLocation)
}

/// A feature module implements only its own coordinator's protocol (issue 28): `Checkout`'s
/// factory knows nothing of the rest of the app and is handed the address book's, and
/// `Cart`'s hands over the Checkout feature's. Decisions answered with the `async` form run
/// in a task the coordinator owns: cancelled when the navigation leaves or the coordinator
/// ends, a late answer dropped with a message that names it.
@MainActor
@Suite struct FeatureModuleTests {
  let router = RecordingRouter(name: "cart")
  let bank = Bank()
  let addressBook = RecordingScreens()
  let checkout: CheckoutFeature
  let cart: CartCoordinator

  init() {
    checkout = CheckoutFeature(addressBook: addressBook, bank: bank)
    cart = CartCoordinator(screens: CartFeature(checkout: checkout), router: router)
    cart.start()
  }

  /// Checkout, in its sheet over the basket, on the payment screen.
  func pay(sourceLocation: SourceLocation = #_sourceLocation) {
    tap(CartCoordinator.BasketEvent.checkout(Example.items), on: router)
    tap(CheckoutCoordinator.ReviewEvent.pay(Example.home), on: router)
  }

  @Test func eachFeatureMakesItsOwnScreensAndTheAddressBookComesFromItsOwnFactory() {
    tap(CartCoordinator.BasketEvent.checkout(Example.items), on: router)
    tap(CheckoutCoordinator.ReviewEvent.changeAddress, on: router)
    tap(AddressBookCoordinator.AddressesEvent.picked(Example.office), on: router)
    #expect(checkout.made == ["Review", "Payment"])
    #expect(addressBook.screens.map(\.id) == [.AddressBook.addresses])
    #expect(
      router.operations == [
        .push(.Cart.basket), .present(.Checkout.review),
        .present(.AddressBook.addresses, style: .formSheet),
        .unwind(to: .at(1, 1)), .push(.Checkout.payment),
      ])
  }

  @Test func anAsyncDecisionIsAnsweredWhenItsTaskEnds() async {
    pay()
    tap(CheckoutCoordinator.PaymentEvent.methodChosen(.applePay), on: router)
    await until { bank.isAsked }
    #expect(router.operations.last == .push(.Checkout.payment), "nothing moves while it waits")
    bank.answer(.approved(Example.order))
    await cart.waitForDecisions()
    #expect(router.operations.last == .replace(from: 0, with: .Checkout.confirmation))
    #expect(!bank.sawCancellation)
  }

  @Test func theTaskIsCancelledWhenTheCoordinatorEndsAndItsLateAnswerDropped() async {
    pay()
    let log = LogCapture()
    await log.awaiting {
      tap(CheckoutCoordinator.PaymentEvent.methodChosen(.card("1234")), on: router)
      await until { bank.isAsked }
      router.userDismisses()
      #expect(cart.children.isEmpty, "swiping checkout away cancels it")
      bank.answer(.approved(Example.order))
      await cart.waitForDecisions()
    }
    #expect(bank.sawCancellation)
    #expect(router.operations.last == .userDismiss, "the late answer moves nothing")
    #expect(
      log.messages == [
        FlowLogMessage(
          .cancelledDecision, .coordinatorEnded, coordinator: "CheckoutCoordinator",
          node: "Authorize"),
        FlowLogMessage(
          .droppedAnswer, .coordinatorEnded, coordinator: "CheckoutCoordinator",
          node: "Authorize",
          value: "\(CheckoutCoordinator.AuthorizeAnswer.approved(Example.order))"),
      ])
  }

  @Test func theTaskIsCancelledWhenTheUserGoesBackFromWhereItWasAsked() async {
    pay()
    let log = LogCapture()
    await log.awaiting {
      tap(CheckoutCoordinator.PaymentEvent.methodChosen(.applePay), on: router)
      await until { bank.isAsked }
      router.userPops()
      bank.answer(.declined)
      await cart.waitForDecisions()
    }
    #expect(bank.sawCancellation)
    #expect(names(router) == ["Basket", "Review(Shoes)"])
    #expect(log.messages.map(\.kind) == [.cancelledDecision, .droppedAnswer])
    #expect(log.messages.map(\.reason) == [.navigated, .navigated])
  }
}

/// A factory of Checkout that answers its decision in neither form: each form is the default
/// that calls the other.
@MainActor
final class ForgetfulCheckout: CheckoutScreens {
  let stubs = RecordingScreens()
  var addressBookScreens: any AddressBookScreens { stubs }
  var sharedScreens: any SharedScreens { stubs }

  func makeReview(
    _ input: [CartItem], send: @escaping @MainActor (CheckoutCoordinator.ReviewEvent) -> Void
  ) -> any Presentable {
    stubs.makeReview(input, send: send)
  }

  func makePayment(
    _ input: Address, send: @escaping @MainActor (CheckoutCoordinator.PaymentEvent) -> Void
  ) -> any Presentable {
    stubs.makePayment(input, send: send)
  }

  func makeBankVerification(
    _ input: URL,
    send: @escaping @MainActor (CheckoutCoordinator.BankVerificationEvent) -> Void
  ) -> any Presentable {
    stubs.makeBankVerification(input, send: send)
  }

  func makeConfirmation(
    _ input: Order, send: @escaping @MainActor (CheckoutCoordinator.ConfirmationEvent) -> Void
  ) -> any Presentable {
    stubs.makeConfirmation(input, send: send)
  }
}

@MainActor
@Suite struct UnansweredDecisionTests {
  /// The defaults do not call each other forever: the decision is never answered, and a
  /// fault says which.
  @Test func aDecisionAnsweredInNeitherFormIsLoggedAndNeverAnswered() async {
    let router = RecordingRouter()
    let checkout = CheckoutCoordinator(
      input: Example.items, screens: ForgetfulCheckout(), router: router)
    checkout.start()
    tap(CheckoutCoordinator.ReviewEvent.pay(Example.home), on: router)
    let log = LogCapture()
    await log.awaiting {
      tap(CheckoutCoordinator.PaymentEvent.methodChosen(.applePay), on: router)
      await until { !log.messages.isEmpty }
    }
    #expect(
      log.messages == [
        FlowLogMessage(
          .unansweredDecision, .notImplemented, coordinator: "CheckoutCoordinator",
          node: "Authorize")
      ])
    #expect(router.operations == [.push(.Checkout.review), .push(.Checkout.payment)])
  }
}
