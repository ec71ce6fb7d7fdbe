import FlowRuntime
import Testing

/// External events (FLOW-SPEC r2, sections 7b and 10), sent from the root coordinator the
/// app holds: `Main`'s `sessionExpired`, `Cart`'s `pricesChanged` and `Account`'s
/// `orderShipped` (flows/main, checkout, account).
@MainActor
@Suite struct ExternalEventsTests {
  /// `popToRoot` first ends the children `Cart` started, two levels of them: `Checkout`, in
  /// the sheet it presented, and the address book `Checkout` presented over it. Their
  /// screens go and no handler runs.
  @Test func anEventEndsTwoLevelsOfChildrenBeforeItActs() throws {
    let harness = Harness()
    let main = try harness.signedIn()
    let cart = try harness.tab(2)
    let coordinator = try #require(harness.child(CartCoordinator.self, of: main))
    tap(CartCoordinator.BasketEvent.checkout(Example.items), on: cart)
    weak let checkout = harness.child(CheckoutCoordinator.self, of: coordinator)
    tap(CheckoutCoordinator.ReviewEvent.changeAddress, on: cart)
    weak let addresses = checkout.flatMap { harness.child(AddressBookCoordinator.self, of: $0) }
    #expect(addresses != nil)
    #expect(names(cart) == ["Basket", "Review(Shoes)", "Addresses"])
    #expect(harness.app.send(CartExternalEvent.pricesChanged))
    #expect(checkout == nil)
    #expect(addresses == nil)
    #expect(coordinator.children.isEmpty)
    #expect(names(cart) == ["Basket"])
    #expect(
      cart.operations == [
        .present(.Checkout.review), .present(.AddressBook.addresses, style: .formSheet),
        .unwind(to: .at(0, 1)),
        .popToRoot(at: 0),
      ])
  }

  /// `present` acts over whatever is on top and ends nothing: the address book `Account`
  /// pushed keeps running under the order's details.
  @Test func anEventThatPresentsEndsNothing() throws {
    let harness = Harness()
    let main = try harness.signedIn()
    let account = try harness.tab(3)
    let coordinator = try #require(harness.child(AccountCoordinator.self, of: main))
    tap(AccountCoordinator.ProfileEvent.addresses, on: account)
    #expect(harness.app.send(AccountExternalEvent.orderShipped(Example.order)))
    #expect(coordinator.children.count == 1)
    #expect(names(account) == ["Profile(ada)", "Addresses", "OrderDetail(order ABCD)"])
    #expect(account.operations == [.push(.AddressBook.addresses), .present(.Account.orderDetail)])
    // The order's page is Account's, above the address book that still runs: its events are
    // Account's to handle (they were dropped while the child ran), and closing what it
    // presents leads back to it.
    tap(AccountCoordinator.OrderDetailEvent.track(Example.url), on: account)
    #expect(names(account).suffix(2) == ["OrderDetail(order ABCD)", "Tracking(\(Example.url))"])
    tap(AccountCoordinator.TrackingEvent.close, on: account)
    #expect(names(account) == ["Profile(ada)", "Addresses", "OrderDetail(order ABCD)"])
    account.userDismisses()
    #expect(names(account) == ["Profile(ada)", "Addresses"])
    #expect(coordinator.children.count == 1)
    #expect(!coordinator.canAct, "the address book's screen is on top again")
  }

  /// The tabs of a tab coordinator are not ended; `finish` ends them with `Main`, and `App`
  /// decides again.
  @Test func anExpiredSessionEndsMainFromWhereverTheUserIs() throws {
    let harness = Harness()
    let main = try harness.signedIn()
    let account = try harness.tab(3)
    tap(AccountCoordinator.ProfileEvent.addresses, on: account)
    weak let weakMain = main
    #expect(harness.app.send(MainExternalEvent.sessionExpired))
    #expect(weakMain == nil || weakMain?.isFinished == true)
    #expect(harness.app.children.isEmpty)
    #expect(harness.asked == ["Launch", "Launch"])
  }

  @Test func sendingWhenNoCoordinatorOfThatTypeRunsDoesNothing() {
    let harness = Harness()
    harness.router.clearCalls()
    #expect(!harness.app.send(CartExternalEvent.pricesChanged))
    #expect(!harness.app.send(MainExternalEvent.sessionExpired))
    #expect(harness.router.operations.isEmpty)
    #expect(harness.app.children.isEmpty)
  }
}
