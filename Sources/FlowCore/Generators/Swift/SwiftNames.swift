/// How flow names and types are spelled in Swift: escaped where they are keywords,
/// qualified where the module's own names would hide a name the generated code needs.
struct SwiftNames: Sendable {
  /// The names the generated code declares at the top level of the app's module: declared
  /// types, and each coordinator's `<C>Coordinator`, `<C>Screens` and `<C>Result`. A name
  /// of the runtime or the standard library that is among them must be qualified.
  private let moduleNames: Set<String>
  /// The coordinators' names, which are also types nested in `ScreenID` (their screens'
  /// identifiers, `ScreenID.Checkout.review`).
  private let coordinatorNames: Set<String>
  /// For each coordinator, in module order, the lowerCamelCase form of its name that names
  /// its factory in the protocols of the coordinators that start it (`addressBook` in
  /// `addressBookScreens`): distinct across the module.
  let lowerCamelCoordinators: [String]

  init(module: FlowModule) {
    var names = Set(module.types.map(\.name.text))
    for coordinator in module.coordinators {
      let name = coordinator.name.text
      names.formUnion([name + "Coordinator", name + "Screens", name + "Result"])
    }
    moduleNames = names
    coordinatorNames = Set(module.coordinators.map(\.name.text))
    lowerCamelCoordinators = Self.lowerCamel(module.coordinators.map(\.name.text))
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

  /// UpperCamelCase names (of one namespace, so distinct) in lowerCamelCase, as Swift's API
  /// guidelines write them: a leading acronym is lowered whole (`URLPicker` is `urlPicker`,
  /// `Review` is `review`); a form may be a reserved word (``identifier(_:)``). Names whose forms
  /// would then be equal (`URLPicker` and `UrlPicker`) have only their first letter lowered
  /// (`uRLPicker`, `urlPicker`), and if even that left two equal, every name has: a name's
  /// first letter alone tells it apart, so the forms stay distinct.
  static func lowerCamel(_ names: [String]) -> [String] {
    var forms = names.map(lowerCamel)
    var counts: [String: Int] = [:]
    for form in forms { counts[form, default: 0] += 1 }
    for index in forms.indices where counts[forms[index], default: 0] > 1 {
      forms[index] = lowerFirst(names[index])
    }
    if Set(forms).count < forms.count { forms = names.map(lowerFirst) }
    return forms
  }

  /// `name` with its leading acronym lowered: the run of capitals and digits it starts with,
  /// but for the capital that begins the next word (`URLPicker`: `urlPicker`), or all of it
  /// when it is the whole name (`URL`: `url`).
  private static func lowerCamel(_ name: String) -> String {
    let scalars = Array(name.unicodeScalars)
    var run = 0
    while run < scalars.count, isCapitalOrDigit(scalars[run]) { run += 1 }
    // One capital starts the only word of the run; a longer run keeps its last capital for
    // the next word, unless it is the whole name.
    let lowered = run == scalars.count ? run : max(1, run - 1)
    var result = String.UnicodeScalarView()
    for (index, scalar) in scalars.enumerated() {
      if index < lowered {
        result.append(contentsOf: String(scalar).lowercased().unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// `name` with its first letter lowered.
  private static func lowerFirst(_ name: String) -> String {
    guard let first = name.unicodeScalars.first else { return name }
    return String(first).lowercased() + String(name.unicodeScalars.dropFirst())
  }

  private static func isCapitalOrDigit(_ scalar: Unicode.Scalar) -> Bool {
    ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
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
