/// A value stored behind a reference, for a field that is large, usually absent and read
/// rarely: an optional of it costs 8 bytes in the value that holds it, not its whole size.
///
/// Immutable, so copies of the holder share it safely; setting the field stores a new one.
package final class Indirect<Value: Sendable>: Sendable {
  package let value: Value

  package init(_ value: Value) {
    self.value = value
  }
}

extension Indirect: Equatable where Value: Equatable {
  package static func == (lhs: Indirect, rhs: Indirect) -> Bool {
    lhs === rhs || lhs.value == rhs.value
  }
}
