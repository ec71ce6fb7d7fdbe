import Foundation

// The generated value types used off the main actor, as an app's model, networking and
// persistence code use them. Nothing calls these: they are here to be compiled, by the
// package build and by scripts/check-ios.sh, which compiles them again with
// `-default-isolation MainActor` (Xcode 26's default), where a generated struct or enum
// that is not `nonisolated` would be main-actor isolated and its conformances with it.

nonisolated func sameOrder(_ first: Order, _ second: Order) -> Bool {
  first == second
}

nonisolated func hashValue(of product: Product) -> Int {
  product.hashValue
}

nonisolated func encoded(_ address: Address) throws -> Data {
  try JSONEncoder().encode(address)
}

nonisolated func decodedOutcome(_ data: Data) throws -> CheckoutOutcome {
  try JSONDecoder().decode(CheckoutOutcome.self, from: data)
}

nonisolated func sameEvent(
  _ first: CheckoutCoordinator.ReviewEvent, _ second: CheckoutCoordinator.ReviewEvent
) -> Bool {
  first == second
}

nonisolated func results(_ results: [AccountResult]) -> Set<AccountResult> {
  Set(results)
}
