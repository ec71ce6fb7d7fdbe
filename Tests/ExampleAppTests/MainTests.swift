import FlowRuntime
import Testing

/// `Main` and its tabs `Shop`, `Search` and `Account`, with the children they start:
/// `ProductDetails`, `AddressBook`, `Feedback` (flows/main, catalog, account).
@MainActor
@Suite struct MainTests {
  @Test func signingInShowsFourTabsEachOnAStackOfItsOwn() throws {
    let harness = Harness()
    harness.screens.answer(.signedIn(Example.user))
    #expect(harness.router.calls == ["push MainTabs"])
    #expect(harness.screens.tabs.map(\.name) == ["app.tab1", "app.tab2", "app.tab3", "app.tab4"])
    #expect(
      harness.screens.tabs.map(\.calls) == [
        ["push Categories"], ["push Results"], ["push Basket"], ["push Profile(ada)"],
      ])
    let main = try #require(harness.child(MainCoordinator.self, of: harness.app))
    #expect(main.children.count == 4)
    #expect(main.canAct, "tabs run on stacks of their own")
  }

  @Test func theShopOpensProductDetailsAndEachWayBackEndsThem() throws {
    let harness = Harness()
    let main = try harness.signedIn()
    let shop = try harness.tab(0)
    let coordinator = try #require(harness.child(ShopCoordinator.self, of: main))
    tap(ShopCoordinator.CategoriesEvent.selected("Shoes"), on: shop)
    tap(ShopCoordinator.ProductsEvent.opened(Example.shoes), on: shop)
    weak let details = harness.child(ProductDetailsCoordinator.self, of: coordinator)
    #expect(details != nil)
    tap(ProductDetailsCoordinator.DetailsEvent.showReviews(Example.shoes), on: shop)
    shop.userPops()
    tap(ProductDetailsCoordinator.DetailsEvent.showSizeGuide, on: shop)
    tap(ProductDetailsCoordinator.SizeGuideEvent.close, on: shop)
    tap(ProductDetailsCoordinator.DetailsEvent.addToCart(Example.items[0]), on: shop)
    #expect(details == nil)
    tap(ShopCoordinator.ProductsEvent.opened(Example.shoes), on: shop)
    tap(ProductDetailsCoordinator.DetailsEvent.back, on: shop)
    tap(ShopCoordinator.ProductsEvent.opened(Example.shoes), on: shop)
    weak let swiped = harness.child(ProductDetailsCoordinator.self, of: coordinator)
    shop.userPops()
    #expect(swiped == nil)
    shop.userPops()
    #expect(
      shop.calls == [
        "push Products(Shoes)", "push Details(Shoes)", "push Reviews(Shoes)", "user pop",
        "present SizeGuide", "dismiss", "unwind to 0:2",
        "push Details(Shoes)", "unwind to 0:2",
        "push Details(Shoes)", "user pop",
        "user pop",
      ])
    #expect(coordinator.children.isEmpty)
    #expect(names(shop) == ["Categories"])
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
    #expect(harness.router.calls == ["select tab 2 of MainTabs"])
    let container = try #require(harness.router.topScreen)
    #expect(harness.router.selectedTab(of: container) == 2)
    #expect(names(shop) == ["Categories", "Products(Shoes)", "Details(Shoes)"])
    let coordinator = try #require(harness.child(ShopCoordinator.self, of: main))
    #expect(harness.child(ProductDetailsCoordinator.self, of: coordinator) != nil)

    let cart = try harness.tab(2)
    tap(CartCoordinator.BasketEvent.checkout(Example.items), on: cart)
    tap(CheckoutCoordinator.ReviewEvent.pay(Example.home), on: cart)
    tap(CheckoutCoordinator.PaymentEvent.methodChosen(.applePay), on: cart)
    harness.screens.answer(CheckoutCoordinator.AuthorizeAnswer.approved(Example.order))
    tap(CheckoutCoordinator.ConfirmationEvent.done(Example.order), on: cart)
    tap(CartCoordinator.OrderPlacedEvent.viewOrders, on: cart)
    #expect(harness.router.calls == ["select tab 2 of MainTabs", "select tab 3 of MainTabs"])
    #expect(harness.router.selectedTab(of: container) == 3)
    #expect(names(cart) == ["Basket", "OrderPlaced(order ABCD)"])
    #expect(names(shop) == ["Categories", "Products(Shoes)", "Details(Shoes)"])
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
      search.calls == [
        "present Filters(red)", "dismiss", "push Details(Shoes)", "unwind to 0:1",
        "push Details(Shoes)", "unwind to 0:1",
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
      account.calls == [
        "push OrderHistory", "push OrderDetail(order ABCD)", "present Tracking(file:///track)",
        "dismiss", "user pop", "user pop", "push Settings", "user pop",
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
      account.calls == [
        "push Addresses", "push NewAddress", "user pop", "unwind to 0:1",
        "push Addresses", "unwind to 0:1",
        "push Addresses", "push NewAddress", "unwind to 0:1",
        "push Addresses", "user pop",
      ])
    #expect(coordinator.children.isEmpty)
    #expect(coordinator.canAct)
  }

  /// Removing a saved address asks first, in an action sheet that names it (the alert's
  /// input); either button stays in the address book, which keeps running.
  @Test func removingAnAddressIsConfirmedInAnActionSheetThatNamesIt() throws {
    let harness = Harness()
    let main = try harness.signedIn()
    let account = try harness.tab(3)
    let coordinator = try #require(harness.child(AccountCoordinator.self, of: main))
    tap(AccountCoordinator.ProfileEvent.addresses, on: account)
    tap(AddressBookCoordinator.AddressesEvent.remove(Example.office), on: account)
    #expect(account.topAlert?.style == .actionSheet)
    #expect(account.tap("Remove"))
    tap(AddressBookCoordinator.AddressesEvent.remove(Example.home), on: account)
    #expect(account.tap("Keep"))
    #expect(
      account.calls == [
        "push Addresses", "alert Remove Office? [Remove, Keep]", "tap Remove",
        "alert Remove Home? [Remove, Keep]", "tap Keep",
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
    #expect(harness.router.calls == ["unwind to 0:0"])
    #expect(harness.screens.asked == ["Launch", "Launch"])
    #expect(harness.app.children.isEmpty)
    #expect(main == nil)
    #expect(shop == nil)
  }

  /// The settings ask before the account is deleted, in an alert over the settings that
  /// moves nothing: keeping it stays there, reviewing the orders pushes them onto the
  /// account's stack above the settings, and only `Delete` finishes the account.
  @Test func deletingTheAccountIsConfirmedInAnAlertFirst() throws {
    let harness = Harness()
    let main = try harness.signedIn()
    let account = try harness.tab(3)
    tap(AccountCoordinator.ProfileEvent.settings, on: account)
    let settings = account.top
    tap(AccountCoordinator.SettingsEvent.deleteAccount, on: account)
    #expect(account.top == settings, "an alert is not a modal stack")
    #expect(account.topAlert?.buttons.map(\.role) == [.destructive, .default, .cancel])
    #expect(account.tap("Keep"))
    #expect(account.shownAlerts.isEmpty)
    #expect(names(account) == ["Profile(ada)", "Settings"])
    tap(AccountCoordinator.SettingsEvent.deleteAccount, on: account)
    #expect(account.tap("Review orders"))
    #expect(names(account) == ["Profile(ada)", "Settings", "OrderHistory"])
    account.userPops()
    tap(AccountCoordinator.SettingsEvent.deleteAccount, on: account)
    #expect(harness.child(AccountCoordinator.self, of: main) != nil)
    #expect(account.tap("Delete"))
    #expect(harness.child(AccountCoordinator.self, of: main) == nil)
    let alert = "alert Delete account? [Delete, Review orders, Keep]"
    #expect(
      account.calls == [
        "push Settings", alert, "tap Keep", alert, "tap Review orders", "push OrderHistory",
        "user pop", alert, "tap Delete",
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
        account.tap("Delete")
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
      let end = way == "swipe" ? "user dismiss" : "unwind to 0:1"
      #expect(harness.router.calls == ["present Survey", end, "unwind to 0:0"], "\(way)")
      #expect(harness.screens.asked == ["Launch", "Launch"], "\(way)")
      #expect(main == nil && feedback == nil, "\(way)")
    }
  }
}

/// The names of the screens of a router's stacks, bottom first.
@MainActor
func names(_ router: RecordingRouter) -> [String] {
  router.screens.map { "\($0)" }
}
