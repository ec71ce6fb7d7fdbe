import FlowRuntime
import Foundation
import Testing

/// The values the links of `flows/links.flow.yaml` need, made by the test: at once, later
/// (``held``), or not at all.
@MainActor
final class StubLinkValues: FlowLinkValues {
  /// Whether to answer at once; otherwise the answer waits in ``held`` until ``release()``.
  var answersAtOnce = true
  /// The products and orders it knows, by id.
  var products = [Example.shoes.id: Example.shoes]
  var orders = [Example.order.id: Example.order]
  /// The values asked for, in order: `Product`, `Order`.
  private(set) var asked: [String] = []
  private var held: [@MainActor () -> Void] = []

  func makeProduct(for link: FlowLink, answer: @escaping @MainActor (Product?) -> Void) {
    asked.append("Product")
    guard case .product(let id, _) = link else { return answer(nil) }
    reply { answer(self.products[id]) }
  }

  func makeOrder(for link: FlowLink, answer: @escaping @MainActor (Order?) -> Void) {
    asked.append("Order")
    guard case .order(let id) = link else { return answer(nil) }
    reply { answer(self.orders[id]) }
  }

  /// Gives the answers held back.
  func release() {
    let answers = held
    held.removeAll()
    for answer in answers { answer() }
  }

  private func reply(_ answer: @escaping @MainActor () -> Void) {
    if answersAtOnce { answer() } else { held.append(answer) }
  }
}

/// What the links opened ended with, in order.
@MainActor
final class LinkOutcomes {
  private(set) var all: [LinkOutcome] = []
  func record(_ outcome: LinkOutcome) { all.append(outcome) }
}

/// Reading the links of `flows/links.flow.yaml` from URLs and writing them back (FLOW-SPEC
/// section 12).
@Suite struct LinkURLParsingTests {
  private func link(_ text: String) -> FlowLink? {
    URL(string: text).flatMap { FlowLink(url: $0) }
  }

  private let id = Example.shoes.id

  @Test func goodURLsReadTypedPercentDecodedParams() {
    #expect(
      link("https://shop.example.com/products/\(id.uuidString)?ref=spring%20mail&utm=x")
        == .product(id: id, source: "spring mail"), "unknown query items are ignored")
    #expect(
      link("https://shop.example.com/products/\(id.uuidString)/") == .product(id: id, source: nil))
    #expect(link("/account/orders/\(Example.order.id.uuidString)") == .order(id: Example.order.id))
    #expect(link("https://shop.example.com/account/orders") == .orders)
  }

  @Test func aCustomSchemesHostIsTheFirstSegment() {
    #expect(link("shop://cart") == .cart)
    #expect(link("shop://account/orders") == .orders)
    #expect(link("shop://products/\(id.uuidString)") == .product(id: id, source: nil))
    #expect(link("https://cart") == nil, "for https the host is not part of the path")
  }

  @Test func badURLsReadNoLink() {
    #expect(link("https://shop.example.com/products/42") == nil, "not a UUID")
    #expect(link("https://shop.example.com/products") == nil, "a missing param")
    #expect(link("/account/orders/\(id.uuidString)/extra") == nil, "a path too long")
    #expect(link("/account") == nil, "a path too short")
    #expect(link("/Cart") == nil, "literal segments match exactly")
    #expect(link("/cart/%2F") == nil)
  }

  @Test func eachLinksURLReadsBackToIt() {
    let links: [FlowLink] = [
      .product(id: id, source: nil), .product(id: id, source: "a&b=c d/é"),
      .order(id: Example.order.id), .orders, .cart, .tour, .category(name: "Red / Blue"),
    ]
    for value in links {
      #expect(FlowLink(url: value.url) == value, "\(value.url)")
    }
    #expect(
      FlowLink.product(id: id, source: "a b").url.relativeString
        == "/products/\(id.uuidString)?ref=a%20b")
  }
}

/// Following the links of `flows/` on recording routers: from a cold start, a warm start, a
/// modal open on another tab, and through a decision answered the other way.
@MainActor
@Suite struct LinkFollowingTests {
  let harness = Harness()
  let values = StubLinkValues()
  let outcomes = LinkOutcomes()

  private func open(_ link: FlowLink) {
    harness.app.open(link, values: values, onEnd: outcomes.record)
  }

  /// The selected tab of the tab container on the root stack.
  private func selectedTab() throws -> Int {
    let container = try #require(harness.router.topScreen)
    return harness.router.selectedTab(of: container)
  }

  @Test func fromAColdStartEachLinkReachesItsScreenWithTheRightStack() throws {
    let cases: [(FlowLink, tab: Int, stack: [String])] = [
      (.orders, 3, ["Profile(ada)", "OrderHistory"]),
      // Through Account's `orderShipped` external event (FLOW-SPEC 13.6): one step shorter.
      (.order(id: Example.order.id), 3, ["Profile(ada)", "OrderDetail(order ABCD)"]),
      (.product(id: Example.shoes.id, source: nil), 1, ["Results", "Details(Shoes)"]),
      (.cart, 2, ["Basket"]),
      (.category(name: "Shoes"), 0, ["Categories", "Products(Shoes)"]),
    ]
    for (link, tab, stack) in cases {
      let harness = Harness()
      let outcomes = LinkOutcomes()
      harness.app.open(link, values: values, onEnd: outcomes.record)
      #expect(outcomes.all.isEmpty, "it waits for the launch decision")
      harness.answer(.signedIn(Example.user))
      #expect(outcomes.all == [.followed], "\(link)")
      let container = try #require(harness.router.topScreen)
      #expect(harness.router.selectedTab(of: container) == tab, "\(link)")
      #expect(names(try harness.tab(tab)) == stack, "\(link)")
    }
  }

  @Test func theRestOfTheRouteIsNotAnimated() throws {
    open(.orders)
    harness.answer(.signedIn(Example.user))
    let account = try harness.tab(3)
    #expect(
      account.operations == [.push(.Account.profile), .notAnimated(.push(.Account.orderHistory))])
    #expect(harness.router.operations.last == .selectTab(3, of: .tabs(of: MainCoordinator.self)))
    #expect(harness.router.animatesTransitions && account.animatesTransitions)
  }

  @Test func aWarmStartKeepsWhatIsShownAndReplacesWhatIsAbove() throws {
    _ = try harness.signedIn()
    let account = try harness.tab(3)
    tap(AccountCoordinator.ProfileEvent.settings, on: account)
    open(.orders)
    #expect(outcomes.all == [.followed])
    #expect(names(account) == ["Profile(ada)", "OrderHistory"])
    #expect(try selectedTab() == 3)
    #expect(harness.asked == ["Launch"], "the launch is not asked again")
  }

  @Test func aWarmStartKeepsTheScreensOfTheRouteAlreadyShown() throws {
    _ = try harness.signedIn()
    let account = try harness.tab(3)
    tap(AccountCoordinator.ProfileEvent.orders, on: account)
    account.clearCalls()
    open(.orders)
    #expect(outcomes.all == [.followed])
    #expect(account.operations == [], "the order history shown is the route's: it stays")
    #expect(names(account) == ["Profile(ada)", "OrderHistory"])
  }

  /// The order link's route sends Account's `orderShipped` external event, with the order the
  /// app makes from the link's id (FLOW-SPEC 13.6): the order history shown is not on the
  /// route, so it goes, and the order is presented over the profile as the event presents it.
  @Test func aRouteThroughAnExternalEventSendsIt() throws {
    _ = try harness.signedIn()
    let account = try harness.tab(3)
    tap(AccountCoordinator.ProfileEvent.orders, on: account)
    account.clearCalls()
    open(.order(id: Example.order.id))
    #expect(outcomes.all == [.followed])
    #expect(values.asked == ["Order"])
    #expect(
      account.operations == [
        .notAnimated(.unwind(to: StackPosition(modals: 0, screens: 1))),
        .notAnimated(.present(.Account.orderDetail)),
      ])
    #expect(names(account) == ["Profile(ada)", "OrderDetail(order ABCD)"])
  }

  @Test func aModalOpenOnAnotherTabIsClosedFirst() throws {
    let main = try harness.signedIn()
    let shop = try harness.tab(0)
    tap(ShopCoordinator.CategoriesEvent.selected("Shoes"), on: shop)
    tap(ShopCoordinator.ProductsEvent.opened(Example.shoes), on: shop)
    tap(ProductDetailsCoordinator.DetailsEvent.showSizeGuide, on: shop)
    let detail = try #require(shop.column(.secondary))
    let cart = try harness.tab(2)
    tap(CartCoordinator.BasketEvent.checkout(Example.items), on: cart)
    #expect(detail.stacks.count == 2 && cart.stacks.count == 2)
    open(.order(id: Example.order.id))
    #expect(outcomes.all == [.followed])
    #expect(detail.stacks.count == 1 && cart.stacks.count == 1, "the modal stacks are closed")
    // The product shown in the shop's detail column stays, as the products beside it do.
    #expect(names(shop) == ["Categories", "Products(Shoes)"])
    #expect(names(detail) == ["Details(Shoes)"])
    let basket = try #require(harness.child(CartCoordinator.self, of: main))
    #expect(basket.children.isEmpty, "the checkout is dropped")
    #expect(try selectedTab() == 3)
    #expect(names(try harness.tab(3)) == ["Profile(ada)", "OrderDetail(order ABCD)"])
  }

  @Test func aDecisionAnsweredTheOtherWayWaitsAndTheLinkGoesOnAfterSignIn() throws {
    open(.orders)
    harness.answer(.signedOut(nil))
    #expect(outcomes.all.isEmpty, "the link waits")
    #expect(names(harness.router) == ["SignIn"])
    tap(AuthCoordinator.SignInEvent.submitted(Example.credentials), on: harness.router)
    harness.answer(AuthCoordinator.CheckCredentialsAnswer.accepted(Example.user))
    #expect(outcomes.all == [.followed])
    #expect(try selectedTab() == 3)
    #expect(names(try harness.tab(3)) == ["Profile(ada)", "OrderHistory"])
  }

  @Test func aSecondLinkReplacesAWaitingOne() throws {
    open(.orders)
    open(.cart)
    #expect(outcomes.all == [.notFollowed(.replaced)])
    harness.answer(.signedIn(Example.user))
    #expect(outcomes.all == [.notFollowed(.replaced), .followed])
    #expect(try selectedTab() == 2)
    #expect(names(try harness.tab(3)) == ["Profile(ada)"])
  }

  @Test func aLinkWithValuesAsksTheAppAndGoesOnWhenItAnswers() throws {
    _ = try harness.signedIn()
    values.answersAtOnce = false
    open(.product(id: Example.shoes.id, source: "mail"))
    #expect(values.asked == ["Product"])
    #expect(outcomes.all.isEmpty)
    #expect(names(try harness.tab(1)) == ["Results"])
    values.release()
    #expect(outcomes.all == [.followed])
    #expect(try selectedTab() == 1)
    #expect(names(try harness.tab(1)) == ["Results", "Details(Shoes)"])
  }

  @Test func noValueMeansTheLinkIsNotFollowed() throws {
    _ = try harness.signedIn()
    open(.order(id: UUID()))
    #expect(outcomes.all == [.notFollowed(.noValue)])
    #expect(try selectedTab() == 0, "nothing moved")
  }

  @Test func aLinkThatDoesNotWaitIsNotFollowedWhenTheDecisionGoesTheOtherWay() {
    open(.tour)
    harness.answer(.signedIn(Example.user))
    #expect(outcomes.all == [.notFollowed(.answeredOtherwise)])
  }

  @Test func theTourLinkOpensTheTourOnAFirstLaunch() {
    open(.tour)
    harness.answer(.firstRun)
    #expect(outcomes.all == [.followed])
    #expect(
      harness.router.stacks.map { $0.map { "\($0)" } } == [[], ["Welcome", "Notifications"]])
  }
}
