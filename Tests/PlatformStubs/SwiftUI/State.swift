import Observation

/// `DynamicProperty`.
public protocol DynamicProperty {}

/// `Transaction`: the context of a change of state, such as whether it animates.
public struct Transaction {
  public nonisolated init() {}
  /// `var disablesAnimations: Bool { get set }` (iOS 13).
  public var disablesAnimations = false
}

/// `withTransaction(_:_:)` (iOS 13): runs `body` with `transaction` as the transaction of the
/// state changes it makes. The double keeps it where a test reads it
/// (`SwiftUIDouble.transaction`) while `body` runs.
public func withTransaction<Result>(
  _ transaction: Transaction, _ body: () throws -> Result
) rethrows -> Result {
  let outer = currentTransaction
  currentTransaction = transaction
  defer { currentTransaction = outer }
  return try body()
}

/// The transaction of the `withTransaction` that runs now, if any. The double runs on the
/// main thread only.
nonisolated(unsafe) var currentTransaction: Transaction?

/// `Binding`: a read and write reference to a value that something else owns.
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
  /// How the binding reaches its value: through closures of its own (`State`, `Bindable`),
  /// or through the `@isolated(any) @Sendable` closures of `init(get:set:)`, which only an
  /// `await` can call.
  enum Access {
    case direct(get: () -> Value, set: (Value, Transaction) -> Void)
    case isolated(
      get: @isolated(any) @Sendable () -> Value,
      set: @isolated(any) @Sendable (Value, Transaction) -> Void)
    case isolatedWithoutTransaction(
      get: @isolated(any) @Sendable () -> Value,
      set: @isolated(any) @Sendable (Value) -> Void)
  }

  public var transaction = Transaction()
  let access: Access

  /// `@preconcurrency init(get: @escaping @isolated(any) @Sendable () -> Value,
  /// set: @escaping @isolated(any) @Sendable (Value) -> Void)`, as the iOS 18 SDK declares it.
  @preconcurrency
  public init(
    get: @escaping @isolated(any) @Sendable () -> Value,
    set: @escaping @isolated(any) @Sendable (Value) -> Void
  ) {
    access = .isolatedWithoutTransaction(get: get, set: set)
  }

  /// `@preconcurrency init(get: @escaping @isolated(any) @Sendable () -> Value,
  /// set: @escaping @isolated(any) @Sendable (Value, Transaction) -> Void)`.
  @preconcurrency
  public init(
    get: @escaping @isolated(any) @Sendable () -> Value,
    set: @escaping @isolated(any) @Sendable (Value, Transaction) -> Void
  ) {
    access = .isolated(get: get, set: set)
  }

  init(direct get: @escaping () -> Value, set: @escaping (Value) -> Void) {
    access = .direct(get: get, set: { value, _ in set(value) })
  }

  public static func constant(_ value: Value) -> Binding<Value> {
    Binding(direct: { value }, set: { _ in })
  }

  public var wrappedValue: Value {
    get {
      guard case .direct(let get, _) = access else {
        preconditionFailure("a stub: SwiftUI reads a binding of init(get:set:) on its actor")
      }
      return get()
    }
    nonmutating set {
      guard case .direct(_, let set) = access else {
        preconditionFailure("a stub: SwiftUI writes a binding of init(get:set:) on its actor")
      }
      set(newValue, transaction)
    }
  }

  public var projectedValue: Binding<Value> { self }

  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>)
    -> Binding<Subject>
  {
    Binding<Subject>(
      direct: { self.wrappedValue[keyPath: keyPath] },
      set: { self.wrappedValue[keyPath: keyPath] = $0 })
  }
}

extension Binding: @unchecked Sendable where Value: Sendable {}
extension Binding: DynamicProperty {}

/// `State`: a value a view owns.
@propertyWrapper
public struct State<Value>: DynamicProperty {
  let box: StateBox<Value>

  public init(wrappedValue value: Value) { box = StateBox(value) }
  public init(initialValue value: Value) { box = StateBox(value) }

  public var wrappedValue: Value {
    get { box.value }
    nonmutating set { box.value = newValue }
  }

  public var projectedValue: Binding<Value> {
    Binding(direct: { self.box.value }, set: { self.box.value = $0 })
  }
}

extension State: Sendable where Value: Sendable {}

final class StateBox<Value>: @unchecked Sendable {
  var value: Value
  init(_ value: Value) { self.value = value }
}

/// `Bindable` (iOS 17, macOS 14): bindings to the properties of an observable object.
@available(iOS 17, macOS 14, *)
@dynamicMemberLookup @propertyWrapper
public struct Bindable<Value> {
  public var wrappedValue: Value
  public var projectedValue: Bindable<Value> { self }

  public init(wrappedValue: Value) where Value: AnyObject & Observable {
    self.wrappedValue = wrappedValue
  }

  public init(_ wrappedValue: Value) where Value: AnyObject & Observable {
    self.wrappedValue = wrappedValue
  }

  public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>)
    -> Binding<Subject> where Value: AnyObject
  {
    let object = wrappedValue
    return Binding(
      direct: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
  }
}

@available(iOS 17, macOS 14, *)
extension Bindable: DynamicProperty {}
