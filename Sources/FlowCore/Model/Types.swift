/// A type expression: a builtin or declared name, `T?`, `[T]` or `[K: V]` (spec section 3).
///
/// Only the cases that nest are `indirect`: a plain name, by far the most common type,
/// costs no allocation.
public enum TypeExpression: Hashable, Sendable, CustomStringConvertible {
  /// A builtin such as `String`, or a name from `types`.
  case named(String)
  /// `T?`.
  indirect case optional(TypeExpression)
  /// `[T]`.
  indirect case array(TypeExpression)
  /// `[K: V]`.
  indirect case dictionary(key: TypeExpression, value: TypeExpression)
  /// Could not be read; a `schema` finding says why, and no other rule looks at it.
  case invalid

  /// The expression in Swift's spelling, as users write it: `[String: User]?`.
  public var description: String {
    switch self {
    case .named(let name): return name
    case .optional(let wrapped): return "\(wrapped)?"
    case .array(let element): return "[\(element)]"
    case .dictionary(let key, let value): return "[\(key): \(value)]"
    case .invalid: return "<invalid>"
    }
  }

  /// Whether a payload of this type may be given where `target` is needed: the same
  /// type, or `T` where `T?` is needed (spec section 7).
  public func flows(into target: TypeExpression) -> Bool {
    if self == target { return true }
    if case .optional(let wrapped) = target { return self == wrapped }
    return false
  }

  /// The builtin type names.
  public static let builtins: Set<String> = [
    "String", "Int", "Double", "Bool", "Date", "URL", "UUID", "Data",
  ]
}

/// A type expression as written, with the names it mentions and where.
public struct TypeReference: Hashable, Sendable {
  /// The type.
  public var type: TypeExpression {
    didSet {
      writtenNames = Self.stored(names(type: oldValue, range: range), type: type, range: range)
    }
  }
  /// Where the whole expression stands.
  public var range: SourceRange {
    didSet {
      writtenNames = Self.stored(names(type: type, range: oldValue), type: type, range: range)
    }
  }
  /// Every name the expression mentions, where it is written, in order.
  public var names: [Identifier] {
    get { names(type: type, range: range) }
    set { writtenNames = Self.stored(newValue, type: type, range: range) }
  }

  /// The names, unless they are just the one name the whole expression is (`Item`, by far
  /// the most common), which ``names`` works out instead: most references would otherwise
  /// hold an array of one name each, an allocation per reference in a module of many.
  private var writtenNames: [Identifier]?

  public init(_ type: TypeExpression, at range: SourceRange, names: [Identifier]) {
    self.type = type
    self.range = range
    self.writtenNames = Self.stored(names, type: type, range: range)
  }

  /// The reference that is one name, `name`, written at `range`: its ``names`` are that name
  /// alone, at `range`.
  package init(named name: String, at range: SourceRange) {
    type = .named(name)
    self.range = range
    writtenNames = nil
  }

  /// The names, had the reference been of `type` at `range`.
  private func names(type: TypeExpression, range: SourceRange) -> [Identifier] {
    if let writtenNames { return writtenNames }
    guard case .named(let name) = type else { return [] }
    return [Identifier(name, at: range)]
  }

  /// `names` as stored: `nil` when ``names`` gives them back from the type and range.
  private static func stored(
    _ names: [Identifier], type: TypeExpression, range: SourceRange
  ) -> [Identifier]? {
    guard case .named(let name) = type, names.count == 1, names[0].text == name,
      names[0].range == range
    else { return names }
    return nil
  }
}

/// A type declared under `types:`.
public struct TypeDeclaration: Equatable, Sendable {
  /// What a declared type is.
  public enum Kind: Equatable, Sendable {
    /// Defined by the app; not generated.
    case external
    /// A struct with these fields, in order.
    case structure([Field])
    /// An enum with these cases, in order.
    case enumeration([PayloadCase])
    /// Could not be read; a `schema` finding says why, and no other rule looks at it.
    case invalid
  }

  /// The type's name.
  public var name: Identifier
  /// What it is.
  public var kind: Kind
  /// Rules suppressed from the name to the end of the definition (a struct or enum only:
  /// an `external` type has no body to hold them).
  public var lint: Lint?
  /// From the name to the end of the definition.
  public var range: SourceRange
  /// Whether the decoder reported a `schema` problem inside it: then no other rule reports
  /// on it (spec section 8, "Where findings go").
  public var isBroken = false

  public init(name: Identifier, kind: Kind, range: SourceRange) {
    self.name = name
    self.kind = kind
    self.range = range
  }
}

/// A field of a struct type.
public struct Field: Equatable, Sendable {
  /// The field's name.
  public var name: Identifier
  /// The field's type.
  public var type: TypeReference

  public init(name: Identifier, type: TypeReference) {
    self.name = name
    self.type = type
  }
}

/// A case with an optional payload: of an enum type, a result, or a decision.
public struct PayloadCase: Equatable, Sendable {
  /// The case's name.
  public var name: Identifier
  /// The payload the case carries, if any.
  public var payload: TypeReference?

  public init(name: Identifier, payload: TypeReference?) {
    self.name = name
    self.payload = payload
  }
}
