/// How flow names and types are spelled in Swift: escaped where they are keywords,
/// qualified where the module's own names would hide a name the generated code needs.
struct SwiftNames: Sendable {
  /// The names of the types generated code declares.
  let generated: GeneratedNames
  /// The names the generated code declares at the top level of the app's module (declared
  /// types, each coordinator's `<C>Coordinator`, `<C>Screens`, …): a name of the runtime or
  /// the standard library that is among them must be qualified.
  private let moduleNames: Set<String>
  /// The coordinators' names, which are also types nested in `ScreenID` (their screens'
  /// identifiers, `ScreenID.Checkout.review`).
  private let coordinatorNames: Set<String>

  init(module: FlowModule) {
    generated = GeneratedNames(module: module)
    moduleNames = Set(GeneratedNames.topLevelNames(of: module).map(\.name))
    coordinatorNames = Set(module.coordinators.map(\.name.text))
  }

  /// The Swift spelling of a name from `FlowRuntime`.
  func runtime(_ name: String) -> String {
    moduleNames.contains(name) ? "FlowRuntime.\(name)" : name
  }

  /// The Swift spelling of `ScreenID` inside the types nested in it, where a coordinator of
  /// that name would hide it too.
  var screenID: String {
    coordinatorNames.contains("ScreenID") ? "FlowRuntime.ScreenID" : runtime("ScreenID")
  }

  /// The Swift spelling of a name from the standard library.
  func swift(_ name: String) -> String {
    moduleNames.contains(name) ? "Swift.\(name)" : name
  }

  /// The Swift type of a type expression.
  func type(_ type: TypeExpression) -> SwiftType {
    switch type {
    case .named(let name): return .named(name)
    case .optional(let wrapped): return .optional(self.type(wrapped))
    case .array(let element): return .array(self.type(element))
    case .dictionary(let key, let value):
      return .dictionary(key: self.type(key), value: self.type(value))
    case .invalid: return .named(swift("Never"))
    }
  }

  /// A lowerCamelCase name (case, event, field) as a Swift identifier: in backticks when it
  /// is a reserved word.
  static func identifier(_ name: String) -> String {
    reserved.contains(name) ? "`\(name)`" : name
  }

  /// The builtin types that come from Foundation.
  static let foundationTypes: Set<String> = ["Date", "URL", "UUID", "Data"]

  /// Swift's reserved words (The Swift Programming Language, "Lexical Structure"), which
  /// need backticks wherever they name something. Contextual keywords (`open`, `some`,
  /// `borrowing`, `willSet`, …) are left out: each was checked to compile unescaped as an
  /// enum case, a property, a parameter and a member pattern.
  static let reserved: Set<String> = [
    // Declarations.
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
    "init", "inout", "internal", "let", "operator", "private", "precedencegroup", "protocol",
    "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
    // Statements.
    "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
    "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
    // Expressions and types.
    "as", "await", "false", "is", "nil", "self", "super", "throws", "true", "try",
  ]

  /// The text of a `doc:` as comment lines: split at every line break, without control
  /// characters (a carriage return would end the comment and start code), without
  /// trailing blanks or blank lines at either end.
  static func docLines(_ doc: String?) -> [String] {
    guard let doc else { return [] }
    var lines: [String] = []
    var current = ""
    var previous: Unicode.Scalar?
    for scalar in doc.unicodeScalars {
      defer { previous = scalar }
      switch scalar {
      case "\n" where previous == "\r":
        continue
      case "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}":
        lines.append(current)
        current = ""
      case "\t":
        current.unicodeScalars.append(" ")
      default:
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { continue }
        current.unicodeScalars.append(scalar)
      }
    }
    lines.append(current)
    let trimmed = lines.map { line in
      var line = line
      while line.last == " " { line.removeLast() }
      return line
    }
    let first = trimmed.firstIndex { !$0.isEmpty } ?? trimmed.endIndex
    let last = trimmed.lastIndex { !$0.isEmpty } ?? first
    return first < trimmed.endIndex ? Array(trimmed[first...last]) : []
  }
}

extension TypeExpression {
  /// Every name the expression mentions, in order.
  var names: [String] {
    switch self {
    case .named(let name): return [name]
    case .optional(let wrapped), .array(let wrapped): return wrapped.names
    case .dictionary(let key, let value): return key.names + value.names
    case .invalid: return []
    }
  }

  /// The names stored inline by a value of this type: the name itself, or inside
  /// optionals, but not inside arrays or dictionaries (they store out of line).
  var inlineNames: [String] {
    switch self {
    case .named(let name): return [name]
    case .optional(let wrapped): return wrapped.inlineNames
    case .array, .dictionary, .invalid: return []
    }
  }

  /// The types used as dictionary keys anywhere in the expression.
  var dictionaryKeys: [TypeExpression] {
    switch self {
    case .named, .invalid: return []
    case .optional(let wrapped), .array(let wrapped): return wrapped.dictionaryKeys
    case .dictionary(let key, let value): return [key] + key.dictionaryKeys + value.dictionaryKeys
    }
  }
}
