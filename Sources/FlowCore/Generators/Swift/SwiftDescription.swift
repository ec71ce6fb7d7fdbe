/// The Swift that flowc writes, as data: declarations, types, statements and expressions.
///
/// A generator *translates* the resolved graph into this description; ``SwiftWriter`` alone
/// turns it into text (spacing, indentation, line breaks). Names in it are already Swift
/// spellings (escaped and qualified by ``SwiftNames``). A second runtime target (SwiftUI
/// beside UIKit) is then a second translation into the same description, and a new
/// construct is a new case here and its rendering in the writer, never string edits spread
/// over a generator.
///
/// Values recur through arrays where they can, and only the cases that must hold one value
/// of their own kind are `indirect`: each `indirect` case costs an allocation, and the
/// generator builds millions of these for a large module.
struct SwiftFile: Sendable {
  /// The first line, a `//` comment without the slashes.
  var header: String
  /// The modules imported, in order.
  var imports: [String]
  /// The top-level declarations, in order.
  var declarations: [SwiftDeclaration]
}

// MARK: Declarations

/// One declaration.
enum SwiftDeclaration: Sendable {
  /// An enum.
  case enumeration(SwiftEnum)
  /// A struct, a class or an extension.
  case type(SwiftTypeDeclaration)
  /// A protocol.
  case protocolType(SwiftProtocol)
  /// A function or an initializer.
  case function(SwiftFunction)
  /// A stored or computed property.
  case property(SwiftProperty)
  /// `// MARK: - text`.
  case mark(String)
}

/// An attribute: `@MainActor`, `@escaping`, a property wrapper.
struct SwiftAttribute: Sendable {
  /// The attribute's name without the `@`, as Swift spells it (perhaps qualified).
  var name: String

  static let escaping = SwiftAttribute(name: "escaping")
}

/// A declaration modifier.
enum SwiftModifier: String, Sendable {
  case `public`, `private`, final, override, nonisolated, `static`
}

/// What every declaration starts with.
struct SwiftPreamble: Sendable {
  /// Lines of the `///` comment.
  var doc: [String] = []
  /// Attributes: on a line of their own before a type or function, before the keyword of a
  /// property.
  var attributes: [SwiftAttribute] = []
  /// Modifiers before the keyword, such as `public final`.
  var modifiers: [SwiftModifier] = []
}

/// An enum.
struct SwiftEnum: Sendable {
  var preamble = SwiftPreamble()
  var isIndirect = false
  var name: String
  var inherits: [SwiftType] = []
  var cases: [SwiftEnumCase] = []
}

/// One case of an enum.
struct SwiftEnumCase: Sendable {
  var doc: [String] = []
  /// The escaped name.
  var name: String
  /// The associated value's type, if any.
  var payload: SwiftType?
  /// Labelled associated values, `case product(id: String, source: String?)`: used instead
  /// of ``payload`` when not empty.
  var labelled: [SwiftParameter] = []
}

/// A struct, a class or an enum of members (without cases), or an extension of a type
/// declared elsewhere.
struct SwiftTypeDeclaration: Sendable {
  /// Which of the four.
  enum Kind: String, Sendable {
    case structure = "struct "
    case classType = "class "
    /// An enum that only holds members: a namespace.
    case namespace = "enum "
    /// `extension Name`: `name` is the type extended.
    case extensionType = "extension "
  }

  var preamble = SwiftPreamble()
  var kind: Kind
  var name: String
  var inherits: [SwiftType] = []
  var members: [SwiftDeclaration] = []
}

/// A protocol, whose requirements are get-only properties (``SwiftProperty/isRequirement``)
/// and functions without bodies.
struct SwiftProtocol: Sendable {
  var preamble = SwiftPreamble()
  var name: String
  var inherits: [SwiftType] = []
  var properties: [SwiftProperty] = []
  var requirements: [SwiftFunction] = []
}

/// A function, or an initializer.
struct SwiftFunction: Sendable {
  var preamble = SwiftPreamble()
  /// `makeLogin`, or ``SwiftFunction/initializer``.
  var name: String
  var parameters: [SwiftParameter] = []
  /// Whether it is `async`.
  var isAsync = false
  /// The return type, if not `Void`.
  var returns: SwiftType?
  /// The statements; `nil` for a protocol requirement.
  var body: [SwiftStatement]?

  /// The name of an initializer.
  static let initializer = "init"
  /// The name of a failable initializer, `init?`.
  static let failableInitializer = "init?"
}

/// A parameter: `label name: Type`, where a label of `nil` means the name is the label.
struct SwiftParameter: Sendable {
  var label: String?
  var name: String
  var type: SwiftType
  /// The default argument, if any.
  var defaultValue: SwiftExpression? = nil
}

/// A property: stored when it has no getter.
struct SwiftProperty: Sendable {
  var preamble = SwiftPreamble()
  var isVariable: Bool
  var name: String
  /// The type; `nil` for a stored property whose ``initialValue`` tells it.
  var type: SwiftType?
  /// The value a stored property starts with: `static let review = ScreenID(…)`.
  var initialValue: SwiftExpression? = nil
  /// The single expression of a computed property.
  var getter: SwiftExpression?
  /// The statements of a computed property's getter, on lines of their own: used instead of
  /// ``getter`` when not `nil`.
  var getterBody: [SwiftStatement]? = nil
  /// Whether it is a protocol's requirement, `var name: Type { get }`.
  var isRequirement = false
}

// MARK: Types

/// A type as written in a declaration.
enum SwiftType: Sendable {
  /// A named type, perhaps qualified, with its generic arguments: `FlowCoordinator<AppResult>`.
  case named(String, arguments: [SwiftType])
  /// `Wrapped?`.
  indirect case optional(SwiftType)
  /// `[Element]`.
  indirect case array(SwiftType)
  /// `[Key: Value]`.
  indirect case dictionary(key: SwiftType, value: SwiftType)
  /// `any Protocol`.
  indirect case existential(SwiftType)
  /// `@escaping @MainActor (Event) -> Void`.
  indirect case function(attributes: [SwiftAttribute], parameters: [SwiftType], returns: SwiftType)

  /// A named type without generic arguments.
  static func named(_ name: String) -> SwiftType { .named(name, arguments: []) }
}

// MARK: Statements

/// A statement of a body.
enum SwiftStatement: Sendable {
  /// An expression on its own: a call.
  case expression(SwiftExpression)
  /// `let name = value`.
  case constant(name: String, value: SwiftExpression)
  /// `var name = value`.
  case variable(name: String, value: SwiftExpression)
  /// `target = value`.
  case assignment(target: SwiftExpression, value: SwiftExpression)
  /// `guard condition else { body }`.
  case guardStatement(SwiftCondition, otherwise: [SwiftStatement])
  /// `return`.
  case returnStatement
  /// `return value`.
  case returnValue(SwiftExpression)
  /// `switch subject { cases }`.
  case switchOver(SwiftExpression, cases: [SwiftSwitchCase])
  /// `if condition, condition { body }`.
  case ifAll([SwiftCondition], then: [SwiftStatement])
  /// A `//` comment.
  case comment(String)
  /// `for name in sequence { body }`.
  case forIn(String, in: SwiftExpression, body: [SwiftStatement])
  /// `#if condition` … `#endif`: `body`, compiled only where `condition` holds (`DEBUG`).
  case conditional(String, [SwiftStatement])
}

/// The condition of a `guard`.
enum SwiftCondition: Sendable {
  /// A Boolean expression.
  case expression(SwiftExpression)
  /// `let name`: the optional `name`, unwrapped under the same name.
  case optionalBinding(String)
  /// `let name = value`: the optional `value`, unwrapped.
  case binding(String, SwiftExpression)
}

/// One case of a `switch`; a case without statements does nothing.
struct SwiftSwitchCase: Sendable {
  var pattern: SwiftPattern
  var body: [SwiftStatement]
}

/// What a `switch` case matches.
enum SwiftPattern: Sendable {
  /// `.name`, or `.name(let a, let b)` binding the associated values (`_` ignores one).
  case enumCase(String, bindings: [String])
  /// `default`.
  case otherwise
  /// `case 3`: a decimal integer.
  case integer(Int)
  /// `case "text"`: a string, escaped as a string literal is.
  case string(String)
}

// MARK: Expressions

/// An expression.
enum SwiftExpression: Sendable {
  /// A name in scope: `input`, `self`, `push`.
  case identifier(String)
  /// A type used as a value: `AppResult` in `AppResult.done`.
  case type(SwiftType)
  /// A member of a value the context implies: `.push`.
  case implicitMember(String)
  /// `base.name`.
  indirect case member(SwiftExpression, String)
  /// `base?`, before a member.
  indirect case optionalChain(SwiftExpression)
  /// A call.
  indirect case call(SwiftCall)
  /// `[a, b]`.
  case array([SwiftExpression])
  /// `true` or `false`.
  case boolean(Bool)
  /// A decimal integer literal.
  case integer(Int)
  /// `nil`.
  case nilLiteral
  /// A closure, written where it stands.
  case closure(SwiftClosure)
  /// A string literal, escaped as Swift needs: `"Review"`.
  case string(String)
  /// `!operand`.
  indirect case not(SwiftExpression)
  /// `operand != nil`.
  indirect case isNotNil(SwiftExpression)
  /// `await operand`.
  indirect case await(SwiftExpression)
  /// `operand as? type`: a conditional cast.
  indirect case conditionalCast(SwiftExpression, SwiftType)
  /// `lower...upper`, a closed range of integers.
  case closedRange(Int, Int)

  /// `base.name`, for a member of a name in scope.
  static func member(of base: String, _ name: String) -> SwiftExpression {
    .member(.identifier(base), name)
  }

  /// A call of `function` with `arguments` and perhaps a trailing closure.
  static func call(
    _ function: SwiftExpression, _ arguments: [SwiftArgument] = [], trailing: SwiftClosure? = nil
  ) -> SwiftExpression {
    .call(SwiftCall(function: function, arguments: arguments, trailing: trailing))
  }

  /// A call of the function named `function`.
  static func call(
    _ function: String, _ arguments: [SwiftArgument] = [], trailing: SwiftClosure? = nil
  ) -> SwiftExpression {
    .call(.identifier(function), arguments, trailing: trailing)
  }
}

/// A call: the function, its arguments, and a trailing closure. Without arguments and with a
/// trailing closure, the parentheses are left out.
struct SwiftCall: Sendable {
  var function: SwiftExpression
  var arguments: [SwiftArgument]
  var trailing: SwiftClosure?
}

/// An argument of a call: `label: value`, or just the value.
struct SwiftArgument: Sendable {
  var label: String?
  var value: SwiftExpression

  /// An unlabelled argument.
  static func value(_ value: SwiftExpression) -> SwiftArgument {
    SwiftArgument(label: nil, value: value)
  }
}

/// A closure: `{ [weak self] (event: Event) in body }`, or `{ body }` without captures and
/// parameters.
struct SwiftClosure: Sendable {
  /// What it captures, as written in its capture list: `weak self`.
  var captures: [SwiftCapture] = []
  var parameters: [SwiftClosureParameter]
  var body: [SwiftStatement] = []
}

/// One entry of a capture list.
enum SwiftCapture: Sendable {
  /// `weak name`.
  case weak(String)
  /// `name`, held strongly.
  case strong(String)
}

/// A closure's parameter; with a type, all of them are written in parentheses.
struct SwiftClosureParameter: Sendable {
  /// The name, or `_`.
  var name: String
  var type: SwiftType?
}
