import FlowRuntime
import Testing

/// `Main` and its tabs `Shop`, `Search` and `Account`, with the children they start:
/// `ProductDetails`, `AddressBook`, `Feedback` (flows/main, catalog, account).
@MainActor
@Suite struct MainTests {
  @Test func signingInShowsFourTabsEachOnAStackOfItsOwn() throws {
    let harness = Harness()
    harness.answer(.signedIn(Example.user))
    #expect(harness.router.operations == [.push(.tabs(of: MainCoordinator.self))])
    #expect(harness.tabs.map(\.name) == ["app.tab1", "app.tab2", "app.tab3", "app.tab4"])
    #expect(
      harness.tabs.map(\.operations) == [
        [.split(.doubleColumn), .push(.Shop.categories)], [.push(.Search.results)],
        [.push(.Cart.basket)],
        [.push(.Account.profile)],
      ])
    #expect(harness.tabs.map(names) == [["Categories"], ["Results"], ["Basket"], ["Profile(ada)"]])
    let main = try #require(harness.child(MainCoordinator.self, of: harness.app))
    #expect(main.children.count == 4)
    #expect(main.canAct, "tabs run on stacks of their own")
  }

  /// (r3) The shop is a split: the product opens in the detail column beside the products
  /// (regular width), and on the one stack over them once collapsed (compact width).
  @Test func theShopOpensProductDetailsAndEachWayBackEndsThem() throws {
    let harness = Harness()
    let main = try harness.signedIn()
    let shop = try harness.tab(0)
    let coordinator = try #require(harness.child(ShopCoordinator.self, of: main))
    let detail = try #require(shop.column(.secondary))
    tap(ShopCoordinator.CategoriesEvent.selected("Shoes"), on: shop)
    tap(ShopCoordinator.ProductsEvent.opened(Example.shoes), on: shop)
    weak let details = harness.child(ProductDetailsCoordinator.self, of: coordinator)
    #expect(details != nil)
    #expect(names(shop) == ["Categories", "Products(Shoes)"])
    #expect(names(detail) == ["Details(Shoes)"])
    tap(ProductDetailsCoordinator.DetailsEvent.showReviews(Example.shoes), on: shop)
    detail.userPops()
    tap(ProductDetailsCoordinator.DetailsEvent.showSizeGuide, on: shop)
    tap(ProductDetailsCoordinator.SizeGuideEvent.close, on: shop)
    tap(ProductDetailsCoordinator.DetailsEvent.addToCart(Example.items[0]), on: shop)
    #expect(details == nil)
    #expect(names(detail).isEmpty, "the column shows the app's placeholder")
    // Another product replaces the one open; its own back finishes it.
    tap(ShopCoordinator.ProductsEvent.opened(Example.shoes), on: shop)
    tap(ShopCoordinator.ProductsEvent.opened(Example.shoes), on: shop)
    tap(ProductDetailsCoordinator.DetailsEvent.back, on: shop)
    #expect(coordinator.children.isEmpty)
    // At the root of its column the product has no back button; collapsed, it is over the
    // products and the user's back leaves it.
    tap(ShopCoordinator.ProductsEvent.opened(Example.shoes), on: shop)
    weak let swiped = harness.child(ProductDetailsCoordinator.self, of: coordinator)
    detail.userPops()
    #expect(swiped != nil, "the root of a column went back")
    shop.collapse()
    #expect(
      shop.collapsedStack.map(shownName(of:)) == [
        "Categories", "Products(Shoes)", "Details(Shoes)",
      ])
    shop.userPops()
    #expect(swiped == nil)
    shop.userPops()
    #expect(
      detail.operations == [
        .push(.ProductDetails.details), .push(.ProductDetails.reviews), .userPop,
        .present(.ProductDetails.sizeGuide), .dismiss, .unwind(to: .at(0, 0)),
        .push(.ProductDetails.details), .unwind(to: .at(0, 0)), .push(.ProductDetails.details),
        .unwind(to: .at(0, 0)), .push(.ProductDetails.details), .userPop,
      ])
    #expect(
      shop.operations == [.push(.Shop.products), .collapse, .userPop, .userPop])
    #expect(coordinator.children.isEmpty)
    #expect(names(shop) == ["Categories"])
    #expect(names(detail).isEmpty)
  }

  /// `select` from a nested child: the details that the Shop tab started show the Cart
  /// tab, and the Cart's placed order the Account tab; every stack stays as it was.
  @Test func theDetailsShowTheCartTabAndThePlacedOrderTheAccountTab() throws {
    let harness = Harness()
    let main = try harness.signedIn()
    let shop = try harness.tab(0)
    tap(ShopCoordinator.CategoriesEvent.selected("Shoes"), on: shop)
    tap(ShopCoordinator.ProductsEvent.opened(Example.shoes), on: shop)
    tap(ProductDetailsCoordinator.DetailsEvent.viewCart, on: shop)
    #expect(harness.router.operations == [.selectTab(2, of: .tabs(of: MainCoordinator.self))])
    let container = try #require(harness.router.topScreen)
    #expect(harness.router.selectedTab(of: container) == 2)
    #expect(names(shop) == ["Categories", "Products(Shoes)"])
    #expect(shop.column(.secondary).map(names) == ["Details(Shoes)"])
    let coordinator = try #require(harness.child(ShopCoordinator.self, of: main))
    #expect(harness.child(ProductDetailsCoordinator.self, of: coordinator) != nil)

    let cart = try harness.tab(2)
    tap(CartCoordinator.BasketEvent.checkout(Example.items), on: cart)
    tap(CheckoutCoordinator.ReviewEvent.pay(Example.home), on: cart)
    tap(CheckoutCoordinator.PaymentEvent.methodChosen(.applePay), on: cart)
    harness.answer(CheckoutCoordinator.AuthorizeAnswer.approved(Example.order))
    tap(CheckoutCoordinator.ConfirmationEvent.done(Example.order), on: cart)
    tap(CartCoordinator.OrderPlacedEvent.viewOrders, on: cart)
    #expect(
      harness.router.operations == [
        .selectTab(2, of: .tabs(of: MainCoordinator.self)),
        .selectTab(3, of: .tabs(of: MainCoordinator.self)),
      ])
    #expect(harness.router.selectedTab(of: container) == 3)
    #expect(names(cart) == ["Basket", "OrderPlaced(order ABCD)"])
    #expect(names(shop) == ["Categories", "Products(Shoes)"])
    #expect(shop.column(.secondary).map(names) == ["Details(Shoes)"])
  }

  @Test func searchFiltersAndOpensProductDetails() throws {
    let harness = Harness()
    let main = try harness.signedIn()
    let search = try harness.tab(1)
    tap(SearchCoordinator.ResultsEvent.editFilters(Example.filters), on: search)
    tap(SearchCoordinator.FiltersEvent.reset, on: search)
    tap(SearchCoordinator.FiltersEvent.apply, on: search)
    tap(SearchCoordinator.ResultsEvent.selected(Example.shoes), on: search)
    tap(ProductDetailsCoordinator.DetailsEvent.addToCart(Example.items[0]), on: search)
    tap(SearchCoordinator.ResultsEvent.selected(Example.shoes), on: search)
    tap(ProductDetailsCoordinator.DetailsEvent.back, on: search)
    #expect(
      search.operations == [
        .present(.Search.filters, style: .popover), .dismiss, .push(.ProductDetails.details),
        .unwind(to: .at(0, 1)),
        .push(.ProductDetails.details), .unwind(to: .at(0, 1)),
      ])
    let coordinator = try #require(harness.child(SearchCoordinator.self, of: main))
    #expect(coordinator.children.isEmpty)
  }

  @Test func theAccountShowsOrdersSettingsAndTheAddressBook() throws {
    let harness = Harness()
    let main = try harness.signedIn()
    let account = try harness.tab(3)
    tap(AccountCoordinator.ProfileEvent.orders, on: account)
    tap(AccountCoordinator.OrderHistoryEvent.selected(Example.order), on: account)
    tap(AccountCoordinator.OrderDetailEvent.track(Example.url), on: account)
    tap(AccountCoordinator.TrackingEvent.close, on: account)
    account.userPops()
    account.userPops()
    tap(AccountCoordinator.ProfileEvent.settings, on: account)
    account.userPops()
    #expect(
      account.operations == [
        .push(.Account.orderHistory), .push(.Account.orderDetail), .present(.Account.tracking),
        .dismiss, .userPop, .userPop, .push(.Account.settings), .userPop,
      ])
    #expect(try #require(harness.child(AccountCoordinator.self, of: main)).children.isEmpty)
  }

  @Test func theAddressBookIsPushedAndEveryWayOutComesBack() throws {
    let harness = Harness()
    let main = try harness.signedIn()
    let account = try harness.tab(3)
    let coordinator = try #require(harness.child(AccountCoordinator.self, of: main))
    tap(AccountCoordinator.ProfileEvent.addresses, on: account)
    weak let book = harness.child(AddressBookCoordinator.self, of: coordinator)
    #expect(book != nil)
    #expect(!coordinator.canAct, "its screens are covered by the address book's")
    tap(AddressBookCoordinator.AddressesEvent.add, on: account)
    account.userPops()
    tap(AddressBookCoordinator.AddressesEvent.picked(Example.home), on: account)
    #expect(book == nil)
    tap(AccountCoordinator.ProfileEvent.addresses, on: account)
    tap(AddressBookCoordinator.AddressesEvent.back, on: account)
    tap(AccountCoordinator.ProfileEvent.addresses, on: account)
    tap(AddressBookCoordinator.AddressesEvent.add, on: account)
    tap(AddressBookCoordinator.NewAddressEvent.saved(Example.office), on: account)
    tap(AccountCoordinator.ProfileEvent.addresses, on: account)
    account.userPops()
    #expect(
      account.operations == [
        .push(.AddressBook.addresses), .push(.AddressBook.newAddress), .userPop,
        .unwind(to: .at(0, 1)),
        .push(.AddressBook.addresses), .unwind(to: .at(0, 1)),
        .push(.AddressBook.addresses), .push(.AddressBook.newAddress), .unwind(to: .at(0, 1)),
        .push(.AddressBook.addresses), .userPop,
      ])
    #expect(coordinator.children.isEmpty)
    #expect(coordinator.canAct)
  }

  /// Removing a saved address asks first, in an alert made from the address (the alert's
  /// input); either button stays in the address book, which keeps running.
  @Test func removingAnAddressIsConfirmedInAnAlertMadeFromIt() throws {
    let harness = Harness()
    let main = try harness.signedIn()
    let account = try harness.tab(3)
    let coordinator = try #require(harness.child(AccountCoordinator.self, of: main))
    tap(AccountCoordinator.ProfileEvent.addresses, on: account)
    tap(AddressBookCoordinator.AddressesEvent.remove(Example.office), on: account)
    #expect(account.tap("remove"))
    tap(AddressBookCoordinator.AddressesEvent.remove(Example.home), on: account)
    #expect(account.tap("keep"))
    #expect(
      account.operations == [
        .push(.AddressBook.addresses), .alert(removal(of: Example.office)), .tap("remove"),
        .alert(removal(of: Example.home)), .tap("keep"),
      ])
    #expect(names(account) == ["Profile(ada)", "Addresses"])
    #expect(harness.child(AddressBookCoordinator.self, of: coordinator) != nil)
  }

  @Test func signingOutEndsMainAndEveryTabAndAsksAgain() throws {
    let harness = Harness()
    weak var main: MainCoordinator?
    weak var shop: ShopCoordinator?
    do {
      let running = try harness.signedIn()
      main = running
      shop = harness.child(ShopCoordinator.self, of: running)
    }
    #expect(main != nil && shop != nil)
    tap(AccountCoordinator.ProfileEvent.signOut, on: try harness.tab(3))
    #expect(harness.router.operations == [.unwind(to: .at(0, 0))])
    #expect(harness.asked == ["Launch", "Launch"])
    #expect(harness.app.children.isEmpty)
    #expect(main == nil)
    #expect(shop == nil)
  }

  /// The alert that asks before `address` is removed, as the stub factory makes it: its
  /// input as the message, and a button for each of the flow's buttons.
  func removal(of address: Address) -> FlowAlert {
    typealias Button = AddressBookCoordinator.ConfirmRemoveAddressButton
    return FlowAlert(
      title: "ConfirmRemoveAddress", message: "\(address)",
      buttons: [
        .init("remove", tapping: Button.remove) { _ in },
        .init("keep", tapping: Button.keep) { _ in },
      ])
  }

  /// The settings ask before the account is deleted, in an alert over the settings that
  /// moves nothing: keeping it stays there, reviewing the orders pushes them onto the
  /// account's stack above the settings, and only `delete` finishes the account.
  @Test func deletingTheAccountIsConfirmedInAnAlertFirst() throws {
    let harness = Harness()
    let main = try harness.signedIn()
    let account = try harness.tab(3)
    tap(AccountCoordinator.ProfileEvent.settings, on: account)
    let settings = account.top
    tap(AccountCoordinator.SettingsEvent.deleteAccount, on: account)
    #expect(account.top == settings, "an alert is not a modal stack")
    #expect(account.topAlert?.buttons.map(\.title) == ["delete", "reviewOrders", "keep"])
    #expect(account.tap("keep"))
    #expect(account.shownAlerts.isEmpty)
    #expect(names(account) == ["Profile(ada)", "Settings"])
    tap(AccountCoordinator.SettingsEvent.deleteAccount, on: account)
    #expect(account.tap("reviewOrders"))
    #expect(names(account) == ["Profile(ada)", "Settings", "OrderHistory"])
    account.userPops()
    tap(AccountCoordinator.SettingsEvent.deleteAccount, on: account)
    #expect(harness.child(AccountCoordinator.self, of: main) != nil)
    #expect(account.tap("delete"))
    #expect(harness.child(AccountCoordinator.self, of: main) == nil)
    typealias Button = AccountCoordinator.ConfirmDeleteAccountButton
    let alert = RouterOperation.alert(
      FlowAlert(
        title: "ConfirmDeleteAccount",
        buttons: [
          .init("delete", tapping: Button.delete) { _ in },
          .init("reviewOrders", tapping: Button.reviewOrders) { _ in },
          .init("keep", tapping: Button.keep) { _ in },
        ]))
    #expect(
      account.operations == [
        .push(.Account.settings), alert, .tap("keep"), alert, .tap("reviewOrders"),
        .push(.Account.orderHistory), .userPop, alert, .tap("delete"),
      ])
  }

  @Test func deletingTheAccountAsksWhyThenEnds() throws {
    for way in ["send", "skip", "swipe"] {
      let harness = Harness()
      weak var main: MainCoordinator?
      weak var feedback: FeedbackCoordinator?
      do {
        let running = try harness.signedIn()
        main = running
        let account = try harness.tab(3)
        tap(AccountCoordinator.ProfileEvent.settings, on: account)
        tap(AccountCoordinator.SettingsEvent.deleteAccount, on: account)
        account.tap("delete")
        feedback = harness.child(FeedbackCoordinator.self, of: running)
        #expect(harness.child(AccountCoordinator.self, of: running) == nil)
        #expect(running.children.count == 4, "three tabs and the survey")
      }
      #expect(feedback != nil)
      switch way {
      case "send": tap(FeedbackCoordinator.SurveyEvent.send("too dear"), on: harness.router)
      case "skip": tap(FeedbackCoordinator.SurveyEvent.skip, on: harness.router)
      default: harness.router.userDismisses()
      }
      let end: RouterOperation = way == "swipe" ? .userDismiss : .unwind(to: .at(0, 1))
      #expect(
        harness.router.operations == [.present(.Feedback.survey), end, .unwind(to: .at(0, 0))],
        "\(way)")
      #expect(harness.asked == ["Launch", "Launch"], "\(way)")
      #expect(main == nil && feedback == nil, "\(way)")
    }
  }
}
