import FlowRuntime
import Testing

/// The SwiftUI navigation state against ``RecordingRouter``: for the same events, answers
/// and gestures on the example app, ``SwiftUIRouter`` shows the same stacks, runs the same
/// coordinators and leads to the same decisions, after every step.
@MainActor
@Suite struct SwiftUIEquivalenceTests {
  /// Runs `scenario` on both routers and compares every snapshot; returns the SwiftUI
  /// app's, for checks of its own.
  @discardableResult
  private func expectSameOnBoth(
    sourceLocation: SourceLocation = #_sourceLocation, _ scenario: (DrivenApp) -> Void
  ) -> DrivenApp {
    let recorded = DrivenApp(router: RecordingRouter(name: "app"))
    let swiftUI = DrivenApp(router: SwiftUIRouter(name: "app"))
    scenario(recorded)
    scenario(swiftUI)
    #expect(swiftUI.snapshots.count == recorded.snapshots.count, sourceLocation: sourceLocation)
    for (mine, theirs) in zip(swiftUI.snapshots, recorded.snapshots) {
      #expect(mine == theirs, sourceLocation: sourceLocation)
    }
    return swiftUI
  }

  @Test func theTourIsAFullScreenCoverThatNoSwipeDismisses() throws {
    let app = expectSameOnBoth { app in
      app.answer(.firstRun)
      app.send(OnboardingCoordinator.WelcomeEvent.next, on: app.router)
      app.user("back", on: app.router) { $0.goBack() }
      app.user("swipe", on: app.router) { $0.swipeDown() }
      app.send(OnboardingCoordinator.WelcomeEvent.next, on: app.router)
      app.send(OnboardingCoordinator.NotificationsEvent.allow, on: app.router)
    }
    let router = try #require(app.router as? SwiftUIRouter)
    #expect(router.stacks.count == 1)
    #expect(app.asked == ["Launch", "Launch"])
  }

  /// The long-press menu takes several screens at once: the product details the search
  /// started end with them.
  @Test func goingBackSeveralScreensAtOnceEndsTheDetails() throws {
    let app = expectSameOnBoth { app in
      app.answer(.signedIn(Example.user))
      let search = app.tab(1)
      app.send(SearchCoordinator.ResultsEvent.selected(Example.shoes), on: search)
      app.send(ProductDetailsCoordinator.DetailsEvent.showReviews(Example.shoes), on: search)
      app.user("back to 0", on: search) { $0.goBack(to: 0) }
      app.send(SearchCoordinator.ResultsEvent.selected(Example.shoes), on: search)
      app.user("back", on: search) { $0.goBack() }
      app.send(SearchCoordinator.ResultsEvent.selected(Example.shoes), on: search)
      app.send(ProductDetailsCoordinator.DetailsEvent.viewCart, on: search)
    }
    let search = try #require(app.tabStacks.dropFirst().first as? SwiftUIRouter)
    #expect(search.stackNames == [["Results", "Details(Shoes)"]])
    #expect(app.router.selectedTab(of: try #require(app.router.screenOnTop)) == 2)
  }

  /// (r3) The shop's split: the product opens in the detail column beside the products. The
  /// width changes in the middle of the flow, and every column keeps its screens and every
  /// coordinator runs on, on both routers; collapsed, the one back button goes back through
  /// the product's screens, then leaves it.
  @Test func theShopsSplitKeepsEveryColumnThroughALayoutChange() throws {
    let app = expectSameOnBoth { app in
      app.answer(.signedIn(Example.user))
      let shop = app.tab(0)
      app.send(ShopCoordinator.CategoriesEvent.selected("Shoes"), on: shop)
      app.send(ShopCoordinator.ProductsEvent.opened(Example.shoes), on: shop)
      app.send(ProductDetailsCoordinator.DetailsEvent.showReviews(Example.shoes), on: shop)
      #expect(shop.columnRouters.map(\.stackNames) == [[["Details(Shoes)", "Reviews(Shoes)"]]])
      app.user("collapse", on: shop) { $0.changeLayout(.compact) }
      app.user("back", on: shop) { $0.goBack() }
      app.user("expand", on: shop) { $0.changeLayout(.regular) }
      #expect(shop.stackNames == [["Categories", "Products(Shoes)"]])
      #expect(shop.columnRouters.map(\.stackNames) == [[["Details(Shoes)"]]])
      app.user("collapse", on: shop) { $0.changeLayout(.compact) }
      app.user("back", on: shop) { $0.goBack() }
      app.user("expand", on: shop) { $0.changeLayout(.regular) }
    }
    let shop = try #require(app.tabStacks.first as? SwiftUIRouter)
    #expect(shop.stackNames == [["Categories", "Products(Shoes)"]])
    #expect(shop.columnRouters.map(\.stackNames) == [[[]]], "the details were not left")
    let main = try #require(app.app.children.first)
    let tab = try #require(main.children.first as? ShopCoordinator)
    #expect(tab.children.isEmpty, "the details still run")
  }

  /// Requests (FLOW-SPEC 13.3): the search tab presents the seller's page over the product's
  /// details, which keep running below it; the shop tab pushes it, ending the details first;
  /// the account tab's request for the support chat is presented by the app's root over the
  /// tabs.
  @Test func requestsPresentOverTheChildOrEndItFirst() throws {
    let app = expectSameOnBoth { app in
      app.answer(.signedIn(Example.user))
      let shop = app.tab(0)
      let search = app.tab(1)
      app.send(SearchCoordinator.ResultsEvent.selected(Example.shoes), on: search)
      app.send(ProductDetailsCoordinator.DetailsEvent.seller("Acme"), on: search)
      app.send(SellerEvent.similarSeller("Bolt"), on: search)
      app.user("swipe", on: search) { $0.swipeDown() }
      app.send(ProductDetailsCoordinator.DetailsEvent.back, on: search)
      app.send(ShopCoordinator.CategoriesEvent.selected("Shoes"), on: shop)
      app.send(ShopCoordinator.ProductsEvent.opened(Example.shoes), on: shop)
      app.send(ProductDetailsCoordinator.DetailsEvent.seller("Acme"), on: shop)
      let account = app.tab(3)
      app.send(AccountCoordinator.ProfileEvent.settings, on: account)
      app.send(AccountCoordinator.SettingsEvent.help, on: account)
      app.send(AppCoordinator.SupportEvent.close, on: app.router)
    }
    let shop = try #require(app.tabStacks.first as? SwiftUIRouter)
    #expect(shop.stackNames == [["Categories", "Products(Shoes)", "Seller(Acme)"]])
    #expect(shop.columnRouters.map(\.stackNames) == [[[]]], "the details are not ended")
    let search = try #require(app.tabStacks.dropFirst().first as? SwiftUIRouter)
    #expect(search.stackNames == [["Results"]])
    #expect(app.router.stackNames == [["MainTabs"]])
  }

  /// A sheet swiped away cancels checkout; the bank's page, not dismissible, stays until
  /// its own button closes it.
  @Test func swipingCheckoutAwayCancelsItButNotOverTheBanksPage() {
    expectSameOnBoth { app in
      app.answer(.signedIn(Example.user))
      let cart = app.tab(2)
      app.send(CartCoordinator.BasketEvent.checkout(Example.items), on: cart)
      app.send(CheckoutCoordinator.ReviewEvent.pay(Example.home), on: cart)
      app.user("swipe", on: cart) { $0.swipeDown() }
      app.send(CartCoordinator.BasketEvent.checkout(Example.items), on: cart)
      app.send(CheckoutCoordinator.ReviewEvent.pay(Example.home), on: cart)
      app.send(CheckoutCoordinator.PaymentEvent.methodChosen(.card("1234")), on: cart)
      app.answer(CheckoutCoordinator.AuthorizeAnswer.needsVerification(Example.url))
      app.user("swipe the bank's page", on: cart) { $0.swipeDown() }
      app.send(CheckoutCoordinator.BankVerificationEvent.done, on: cart)
      app.user("swipe checkout", on: cart) { $0.swipeDown() }
      app.send(CartCoordinator.BasketEvent.checkout(Example.items), on: cart)
      app.send(CheckoutCoordinator.ReviewEvent.changeAddress, on: cart)
      app.user("swipe the address book", on: cart) { $0.swipeDown() }
      app.send(CheckoutCoordinator.ReviewEvent.pay(Example.home), on: cart)
      app.send(CheckoutCoordinator.PaymentEvent.methodChosen(.applePay), on: cart)
      app.answer(CheckoutCoordinator.AuthorizeAnswer.approved(Example.order))
      app.send(CheckoutCoordinator.ConfirmationEvent.done(Example.order), on: cart)
      app.send(CartCoordinator.OrderPlacedEvent.viewOrders, on: cart)
    }
  }

  /// `systemBack: false` leaves no back button: neither gesture goes back.
  @Test func theCodeScreenHasNoSystemBack() throws {
    let app = expectSameOnBoth { app in
      app.answer(.signedOut(nil))
      app.send(AuthCoordinator.SignInEvent.submitted(Example.credentials), on: app.router)
      app.answer(AuthCoordinator.CheckCredentialsAnswer.needsCode("42"))
      app.user("back", on: app.router) { $0.goBack() }
      app.user("back to 0", on: app.router) { $0.goBack(to: 0) }
      app.send(AuthCoordinator.TwoFactorEvent.back, on: app.router)
    }
    let router = try #require(app.router as? SwiftUIRouter)
    #expect(router.stackNames == [["SignIn"]])
  }

  /// Alerts over a stack, and the survey sheet the deleted account presents, swiped away.
  @Test func alertsAndTheSurveySwipedAway() {
    expectSameOnBoth { app in
      app.answer(.signedIn(Example.user))
      let account = app.tab(3)
      app.send(AccountCoordinator.ProfileEvent.settings, on: account)
      app.send(AccountCoordinator.SettingsEvent.deleteAccount, on: account)
      app.user("tap keep", on: account) { $0.tapAlert("keep") }
      app.send(AccountCoordinator.SettingsEvent.deleteAccount, on: account)
      app.user("tap reviewOrders", on: account) { $0.tapAlert("reviewOrders") }
      app.user("back", on: account) { $0.goBack() }
      app.send(AccountCoordinator.SettingsEvent.deleteAccount, on: account)
      app.user("tap delete", on: account) { $0.tapAlert("delete") }
      app.user("swipe the survey", on: app.router) { $0.swipeDown() }
    }
  }
}
