import FlowRuntime
import Testing

/// The `Cart` tab and `Checkout`, with the address book it presents
/// (flows/checkout.flow.yaml).
@MainActor
@Suite struct CheckoutTests {
  @Test func checkoutPlacesAnOrderThatTheCartShows() throws {
    let harness = Harness()
    let main = try harness.signedIn()
    let cart = try harness.tab(2)
    let coordinator = try #require(harness.child(CartCoordinator.self, of: main))
    tap(CartCoordinator.BasketEvent.checkout(Example.items), on: cart)
    weak let checkout = harness.child(CheckoutCoordinator.self, of: coordinator)
    tap(CheckoutCoordinator.ReviewEvent.pay(Example.home), on: cart)
    tap(CheckoutCoordinator.PaymentEvent.methodChosen(.card("1234")), on: cart)
    harness.answer(CheckoutCoordinator.AuthorizeAnswer.declined)
    tap(CheckoutCoordinator.PaymentEvent.methodChosen(.card("1234")), on: cart)
    harness.answer(CheckoutCoordinator.AuthorizeAnswer.needsVerification(Example.url))
    tap(CheckoutCoordinator.BankVerificationEvent.done, on: cart)
    tap(CheckoutCoordinator.PaymentEvent.methodChosen(.applePay), on: cart)
    harness.answer(CheckoutCoordinator.AuthorizeAnswer.approved(Example.order))
    tap(CheckoutCoordinator.ConfirmationEvent.done(Example.order), on: cart)
    #expect(checkout == nil)
    tap(CartCoordinator.OrderPlacedEvent.done, on: cart)
    #expect(
      cart.operations == [
        .present(.Checkout.review), .push(.Checkout.payment),
        .present(.Checkout.bankVerification, controls: .init(dismissible: false)), .dismiss,
        .replace(from: 0, with: .Checkout.confirmation), .unwind(to: .at(0, 1)),
        .push(.Cart.orderPlaced), .pop,
      ])
    #expect(
      harness.asked.dropFirst() == [
        "Authorize(card(\"1234\"))", "Authorize(card(\"1234\"))", "Authorize(applePay)",
      ])
    #expect(names(cart) == ["Basket"])
    #expect(coordinator.children.isEmpty)
  }

  @Test func whileCheckoutRunsTheBasketBelowIsIgnored() throws {
    let harness = Harness()
    let main = try harness.signedIn()
    let cart = try harness.tab(2)
    let basket = try #require(cart.topScreen as? StubScreen)
    tap(CartCoordinator.BasketEvent.checkout(Example.items), on: cart)
    let log = LogCapture()
    log.during { basket.send(CartCoordinator.BasketEvent.checkout(Example.items)) }
    #expect(cart.operations == [.present(.Checkout.review)])
    #expect(log.messages.map(\.reason) == [.notOnTop])
    #expect(try #require(harness.child(CartCoordinator.self, of: main)).children.count == 1)
  }

  @Test func closingOrSwipingCheckoutAwayCancelsIt() throws {
    let harness = Harness()
    let main = try harness.signedIn()
    let cart = try harness.tab(2)
    let coordinator = try #require(harness.child(CartCoordinator.self, of: main))
    tap(CartCoordinator.BasketEvent.checkout(Example.items), on: cart)
    tap(CheckoutCoordinator.ReviewEvent.close, on: cart)
    tap(CartCoordinator.BasketEvent.checkout(Example.items), on: cart)
    weak let checkout = harness.child(CheckoutCoordinator.self, of: coordinator)
    tap(CheckoutCoordinator.ReviewEvent.pay(Example.home), on: cart)
    cart.userDismisses()
    #expect(checkout == nil)
    #expect(
      cart.operations == [
        .present(.Checkout.review), .unwind(to: .at(0, 1)),
        .present(.Checkout.review), .push(.Checkout.payment), .userDismiss,
      ])
    #expect(coordinator.children.isEmpty)
    #expect(coordinator.canAct)
  }

  @Test func theBanksPageCannotBeSwipedAwayButCheckoutBelowItCan() throws {
    let harness = Harness()
    let main = try harness.signedIn()
    let cart = try harness.tab(2)
    let coordinator = try #require(harness.child(CartCoordinator.self, of: main))
    tap(CartCoordinator.BasketEvent.checkout(Example.items), on: cart)
    tap(CheckoutCoordinator.ReviewEvent.pay(Example.home), on: cart)
    tap(CheckoutCoordinator.PaymentEvent.methodChosen(.card("1234")), on: cart)
    harness.answer(CheckoutCoordinator.AuthorizeAnswer.needsVerification(Example.url))
    cart.userDismisses()
    #expect(cart.stacks.count == 3, "the bank's page stays")
    tap(CheckoutCoordinator.BankVerificationEvent.done, on: cart)
    cart.userDismisses()
    #expect(cart.stacks.count == 1)
    #expect(coordinator.children.isEmpty, "swiping checkout away cancels it (leave: cancelled)")
    #expect(names(cart) == ["Basket"])
  }

  @Test func theAddressBookPresentedFromCheckoutLeadsToPaymentOrBack() throws {
    let harness = Harness()
    let main = try harness.signedIn()
    let cart = try harness.tab(2)
    let coordinator = try #require(harness.child(CartCoordinator.self, of: main))
    tap(CartCoordinator.BasketEvent.checkout(Example.items), on: cart)
    let checkout = try #require(harness.child(CheckoutCoordinator.self, of: coordinator))
    tap(CheckoutCoordinator.ReviewEvent.changeAddress, on: cart)
    weak let book = harness.child(AddressBookCoordinator.self, of: checkout)
    tap(AddressBookCoordinator.AddressesEvent.picked(Example.office), on: cart)
    #expect(book == nil)
    cart.userPops()
    tap(CheckoutCoordinator.ReviewEvent.changeAddress, on: cart)
    tap(AddressBookCoordinator.AddressesEvent.back, on: cart)
    tap(CheckoutCoordinator.ReviewEvent.changeAddress, on: cart)
    cart.userDismisses()
    tap(CheckoutCoordinator.ReviewEvent.changeAddress, on: cart)
    tap(AddressBookCoordinator.AddressesEvent.add, on: cart)
    tap(AddressBookCoordinator.NewAddressEvent.saved(Example.home), on: cart)
    #expect(
      cart.operations == [
        .present(.Checkout.review),
        .present(.AddressBook.addresses, style: .formSheet), .unwind(to: .at(1, 1)),
        .push(.Checkout.payment),
        .userPop,
        .present(.AddressBook.addresses, style: .formSheet), .unwind(to: .at(1, 1)),
        .present(.AddressBook.addresses, style: .formSheet), .userDismiss,
        .present(.AddressBook.addresses, style: .formSheet), .push(.AddressBook.newAddress),
        .unwind(to: .at(1, 1)),
        .push(.Checkout.payment),
      ])
    #expect(checkout.children.isEmpty)
    #expect(names(cart) == ["Basket", "Review(Shoes)", "Payment(Home)"])
  }
}
