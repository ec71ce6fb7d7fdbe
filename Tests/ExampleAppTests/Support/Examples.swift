import FlowRuntime
import Foundation
import Testing

/// The app's own type, which `flows/app.flow.yaml` declares `external`.
struct User: Hashable, Sendable {
  var name: String
}

/// A short, readable form of a screen's input.
func brief(_ input: Any) -> String {
  switch input {
  case let text as String: return text
  case let user as User: return user.name
  case let product as Product: return product.name
  case let items as [CartItem]: return items.map(\.product.name).joined(separator: ", ")
  case let address as Address: return address.name
  case let order as Order: return "order \(order.id.uuidString.prefix(4))"
  case let url as URL: return url.absoluteString
  case let filters as SearchFilters: return filters.query
  case let credentials as Credentials: return credentials.email
  default: return "\(input)"
  }
}

/// How a test names a screen: `Review(Shoes)`, its flow name and, briefly, its input; a stub
/// that ``RecordingScreens`` did not make, by its description.
@MainActor
func shownName(of screen: any Presentable) -> String {
  guard let stub = screen as? StubScreen else { return "\(screen)" }
  guard let input = stub.input else { return stub.id.name }
  return "\(stub.id.name)(\(brief(input)))"
}

/// The names of the screens of a router's stacks, bottom first.
@MainActor
func names(_ router: RecordingRouter) -> [String] {
  router.screens.map(shownName(of:))
}

/// Sends `event` from the screen on top of `router`, as the user would by tapping it; the
/// test fails if the screen on top is not one that sends such events. (r3) For the router of
/// a split, the user sees the top of each column that shows a screen side by side and can tap
/// any; collapsed, only the top of the one stack, the last column that shows a screen.
@MainActor
func tap<Event>(
  _ event: Event, on router: RecordingRouter, sourceLocation: SourceLocation = #_sourceLocation
) {
  var visible = [router]
  if !router.columns.isEmpty {
    let showing = router.columns.filter { !$0.screens.isEmpty }
    visible = router.layout == .compact ? [showing.last ?? router] : [router] + showing
  }
  guard visible.contains(where: { $0.send(event) }) else {
    let top = router.topScreen.map(shownName(of:)) ?? "nothing"
    Issue.record(
      "the screen on top is \(top), which does not send \(Event.self)",
      sourceLocation: sourceLocation)
    return
  }
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
