import Observation

/// `DynamicProperty`.
public protocol DynamicProperty {}

/// `Transaction`: the context of a change of state, such as whether it animates.
public struct Transaction {
  public nonisolated init() {}
  public var disablesAnimations = false
}

/// `Binding`: a read and write reference to a value that something else owns.
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
  public var transaction = Transaction()
  let get: () -> Value
  let set: (Value, Transaction) -> Void

  public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
    self.get = get
    self.set = { value, _ in set(value) }
  }

  public init(get: @escaping () -> Value, set: @escaping (Value, Transaction) -> Void) {
    self.get = get
    self.set = set
  }

  public static func constant(_ value: Value) -> Binding<Value> {
    Binding(get: { value }, set: { _ in })
  }

  public var wrappedValue: Value {
    get { get() }
    nonmutating set { set(newValue, transaction) }
  }

  public var projectedValue: Binding<Value> { self }

  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>)
    -> Binding<Subject>
  {
    Binding<Subject>(
      get: { self.wrappedValue[keyPath: keyPath] },
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
    Binding(get: { self.box.value }, set: { self.box.value = $0 })
  }
}

extension State: Sendable where Value: Sendable {}

final class StateBox<Value>: @unchecked Sendable {
  var value: Value
  init(_ value: Value) { self.value = value }
}

/// `Bindable`: bindings to the properties of an observable object.
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
    return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
  }
}

extension Bindable: DynamicProperty {}
