/// A Swift source file as a description: what the generators build, and what
/// ``SwiftWriter`` turns into text. Names and types in it are already Swift spellings
/// (escaped, qualified); the writer owns layout, indentation and line breaks.
struct SwiftFile: Sendable {
  /// The first line, a `//` comment without the slashes.
  var header: String
  /// The modules imported, in order.
  var imports: [String]
  /// The top-level declarations, in order.
  var declarations: [SwiftDeclaration]
}

/// One declaration.
indirect enum SwiftDeclaration: Sendable {
  /// An enum.
  case enumeration(SwiftEnum)
  /// A struct.
  case structure(SwiftStruct)
  /// A protocol.
  case protocolType(SwiftProtocol)
  /// A class.
  case classType(SwiftClass)
  /// A function or an initializer.
  case function(SwiftFunction)
  /// A stored or computed property.
  case property(SwiftProperty)
  /// `// MARK: - text`.
  case mark(String)
}

/// What every declaration starts with.
struct SwiftPreamble: Sendable {
  /// Lines of the `///` comment.
  var doc: [String] = []
  /// Attributes on a line of their own, such as `@MainActor`.
  var attributes: [String] = []
  /// Modifiers before the keyword, such as `public final`.
  var modifiers: [String] = []
}

/// An enum.
struct SwiftEnum: Sendable {
  var preamble = SwiftPreamble()
  var isIndirect = false
  var name: String
  var inherits: [String] = []
  var cases: [SwiftEnumCase] = []
}

/// One case of an enum.
struct SwiftEnumCase: Sendable {
  var doc: [String] = []
  /// The escaped name.
  var name: String
  /// The associated value's type, if any.
  var payload: String?
}

/// A struct.
struct SwiftStruct: Sendable {
  var preamble = SwiftPreamble()
  var name: String
  var inherits: [String] = []
  var members: [SwiftDeclaration] = []
}

/// A protocol, whose requirements are functions without bodies.
struct SwiftProtocol: Sendable {
  var preamble = SwiftPreamble()
  var name: String
  var inherits: [String] = []
  var requirements: [SwiftFunction] = []
}

/// A class.
struct SwiftClass: Sendable {
  var preamble = SwiftPreamble()
  var name: String
  var inherits: [String] = []
  var members: [SwiftDeclaration] = []
}

/// A function, or an initializer when its name is `init`.
struct SwiftFunction: Sendable {
  var preamble = SwiftPreamble()
  /// `makeLogin`, or `init`.
  var name: String
  var parameters: [SwiftParameter] = []
  /// The return type, if not `Void`.
  var returns: String?
  /// The statements; `nil` for a protocol requirement.
  var body: [SwiftStatement]?
}

/// A parameter: `label name: Type`, where a label of `nil` means the name is the label.
struct SwiftParameter: Sendable {
  var label: String?
  var name: String
  var type: String

  /// The parameter as it stands in a signature.
  var text: String {
    guard let label, label != name else { return "\(name): \(type)" }
    return "\(label) \(name): \(type)"
  }

  /// The width of ``text``, given the width of a string.
  func width(_ length: (String) -> Int) -> Int {
    let labelWidth = label.map { $0 == name ? 0 : length($0) + 1 } ?? 0
    return labelWidth + length(name) + 2 + length(type)
  }

  /// Writes ``text``.
  func write(to buffer: inout TextBuffer) {
    if let label, label != name {
      buffer += label
      buffer += " "
    }
    buffer += name
    buffer += ": "
    buffer += type
  }
}

/// A property: stored when it has no getter.
struct SwiftProperty: Sendable {
  var preamble = SwiftPreamble()
  /// `let` or `var`.
  var keyword: String
  var name: String
  var type: String
  /// The single expression of a computed property.
  var getter: String?
}

/// A statement of a function body, or a part of one.
enum SwiftStatement: Sendable {
  /// One line of code.
  case line(String)
  /// A `//` comment.
  case comment(String)
  /// `opening` (which ends with `{`, perhaps followed by closure parameters), the body
  /// indented, then `closing`.
  case block(opening: String, body: [SwiftStatement], closing: String)
  /// `switch subject {`, its cases, `}`; a switch without cases stays on one line.
  case switchOver(String, cases: [SwiftSwitchCase])
}

/// One case of a `switch`.
struct SwiftSwitchCase: Sendable {
  /// `case .done(let payload)`, or `default`.
  var pattern: String
  var body: [SwiftStatement]
}
