/// Stores a value out of line, so that a struct can contain itself: generated for a field
/// through which a struct would contain itself directly (`parent: Comment?`). It keeps
/// value semantics: setting the field stores a new box.
@propertyWrapper
public struct Indirect<Value> {
  private final class Box {
    let value: Value

    init(_ value: Value) {
      self.value = value
    }
  }

  private var box: Box

  public init(wrappedValue: Value) {
    box = Box(wrappedValue)
  }

  public var wrappedValue: Value {
    get { box.value }
    set { box = Box(newValue) }
  }
}

extension Indirect: Equatable where Value: Equatable {
  public static func == (lhs: Indirect, rhs: Indirect) -> Bool {
    lhs.wrappedValue == rhs.wrappedValue
  }
}

extension Indirect: Hashable where Value: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

// The box is immutable, so sharing it is as safe as sharing the value.
extension Indirect: @unchecked Sendable where Value: Sendable {}

extension Indirect: Encodable where Value: Encodable {
  public func encode(to encoder: any Encoder) throws {
    try wrappedValue.encode(to: encoder)
  }
}

extension Indirect: Decodable where Value: Decodable {
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try Value(from: decoder))
  }
}
