/// Turns a ``SwiftFile`` into text: the one place that knows about indentation, blank
/// lines and line breaks.
///
/// Layout follows the project's own style: two spaces, lines of at most 100 columns where
/// a signature can be broken (parameters and inherited types then go one per line),
/// a blank line between members that are not enum cases.
struct SwiftWriter {
  /// The column a signature may reach before its parameters go on lines of their own.
  static let lineLength = 100

  private var text = TextBuffer()
  private var depth = 0

  /// The text of `file`, ending with a newline.
  static func render(_ file: SwiftFile) -> String {
    var writer = SwiftWriter()
    writer.text.reserveCapacity(1 << 14)
    writer.line("// \(file.header)")
    if !file.imports.isEmpty {
      writer.blank()
      for module in file.imports { writer.line("import \(module)") }
    }
    for declaration in file.declarations {
      writer.blank()
      writer.write(declaration)
    }
    return writer.text.text
  }

  // MARK: Lines

  private mutating func line(_ content: String) {
    if !content.isEmpty {
      indent()
      text += content
    }
    text += "\n"
  }

  /// The current indentation, at the start of a line.
  private mutating func indent() {
    text.appendSpaces(indentWidth)
  }

  /// The width of `text` in columns, counting Unicode scalars (cheaper than characters,
  /// and the same for the ASCII that generated code is made of).
  private static func width(_ text: String) -> Int {
    text.unicodeScalars.count
  }

  /// Whether `text` fits in `columns`: its UTF-8 length, known at once, settles it for
  /// the usual ASCII line.
  private static func fits(_ text: String, in columns: Int) -> Bool {
    text.utf8.count <= columns || width(text) <= columns
  }

  private mutating func blank() {
    line("")
  }

  private var indentWidth: Int { depth * 2 }

  // MARK: Declarations

  private mutating func write(_ declaration: SwiftDeclaration) {
    switch declaration {
    case .enumeration(let value): write(value)
    case .structure(let value): write(value)
    case .protocolType(let value): write(value)
    case .classType(let value): write(value)
    case .function(let value): write(value)
    case .property(let value): write(value)
    case .mark(let text): line("// MARK: - \(text)")
    }
  }

  private mutating func preamble(_ preamble: SwiftPreamble) {
    documentation(preamble.doc)
    for attribute in preamble.attributes { line(attribute) }
  }

  /// `///` lines, each wrapped at spaces to fit the line length.
  private mutating func documentation(_ lines: [String]) {
    let width = Self.lineLength - indentWidth - 4
    for text in lines {
      guard !Self.fits(text, in: width) else {
        line(text.isEmpty ? "///" : "/// \(text)")
        continue
      }
      var current = ""
      for word in text.split(separator: " ", omittingEmptySubsequences: false) {
        if !current.isEmpty
          && Self.width(current) + 1 + word.unicodeScalars.count > width
        {
          line("/// \(current)")
          current = ""
        }
        current += current.isEmpty ? String(word) : " " + word
      }
      if !current.isEmpty { line("/// \(current)") }
    }
  }

  private func prefix(_ preamble: SwiftPreamble, _ keyword: String) -> String {
    (preamble.modifiers + [keyword]).joined(separator: " ")
  }

  private mutating func write(_ value: SwiftEnum) {
    preamble(value.preamble)
    let keyword = value.isIndirect ? "indirect enum" : "enum"
    let head = "\(prefix(value.preamble, keyword)) \(value.name)"
    guard !value.cases.isEmpty else {
      openType(head, inherits: value.inherits, empty: true)
      return
    }
    openType(head, inherits: value.inherits, empty: false)
    depth += 1
    for item in value.cases {
      documentation(item.doc)
      line("case \(item.name)" + (item.payload.map { "(\($0))" } ?? ""))
    }
    depth -= 1
    line("}")
  }

  private mutating func write(_ value: SwiftStruct) {
    preamble(value.preamble)
    let head = "\(prefix(value.preamble, "struct")) \(value.name)"
    members(value.members, head: head, inherits: value.inherits)
  }

  private mutating func write(_ value: SwiftClass) {
    preamble(value.preamble)
    let head = "\(prefix(value.preamble, "class")) \(value.name)"
    members(value.members, head: head, inherits: value.inherits)
  }

  private mutating func write(_ value: SwiftProtocol) {
    preamble(value.preamble)
    let head = "\(prefix(value.preamble, "protocol")) \(value.name)"
    members(value.requirements.map { .function($0) }, head: head, inherits: value.inherits)
  }

  private mutating func members(_ members: [SwiftDeclaration], head: String, inherits: [String]) {
    openType(head, inherits: inherits, empty: members.isEmpty)
    guard !members.isEmpty else { return }
    depth += 1
    for (index, member) in members.enumerated() {
      if index > 0 && !isStoredProperty(member, after: members[index - 1]) { blank() }
      write(member)
    }
    depth -= 1
    line("}")
  }

  /// Stored properties without docs follow each other without blank lines.
  private func isStoredProperty(_ member: SwiftDeclaration, after previous: SwiftDeclaration)
    -> Bool
  {
    guard case .property(let current) = member, case .property(let before) = previous else {
      return false
    }
    return current.getter == nil && before.getter == nil && current.preamble.doc.isEmpty
  }

  /// `head: A, B {`, or with the inherited types one per line when that is too long.
  private mutating func openType(_ head: String, inherits: [String], empty: Bool) {
    let close = empty ? " {}" : " {"
    guard !inherits.isEmpty else { return line(head + close) }
    let single = "\(head): \(inherits.joined(separator: ", "))\(close)"
    if Self.fits(single, in: Self.lineLength - indentWidth) { return line(single) }
    line(head + ":")
    depth += 1
    for (index, name) in inherits.enumerated() {
      line(name + (index < inherits.count - 1 ? "," : ""))
    }
    depth -= 1
    line(empty ? "{}" : "{")
  }

  private mutating func write(_ value: SwiftFunction) {
    preamble(value.preamble)
    let keyword = value.name == "init" ? "init" : "func \(value.name)"
    let head = prefix(value.preamble, keyword)
    let returns = value.returns.map { " -> \($0)" } ?? ""
    let open = value.body.map { $0.isEmpty ? " {}" : " {" } ?? ""
    // Most signatures stand on one line: measure that line, then write it piece by piece
    // without building it first.
    func width(_ length: (String) -> Int) -> Int {
      var width = length(head) + 2 + length(returns) + length(open)
      for (index, parameter) in value.parameters.enumerated() {
        width += parameter.width(length) + (index > 0 ? 2 : 0)
      }
      return width
    }
    let limit = Self.lineLength - indentWidth
    // Columns count Unicode scalars; the UTF-8 length, known at once, is never less.
    if value.parameters.isEmpty || width({ $0.utf8.count }) <= limit
      || width({ $0.unicodeScalars.count }) <= limit
    {
      indent()
      text += head
      text += "("
      for (index, parameter) in value.parameters.enumerated() {
        if index > 0 { text += ", " }
        parameter.write(to: &text)
      }
      text += ")"
      text += returns
      text += open
      text += "\n"
    } else {
      line("\(head)(")
      depth += 1
      for (index, parameter) in value.parameters.enumerated() {
        line(parameter.text + (index < value.parameters.count - 1 ? "," : ""))
      }
      depth -= 1
      line(")\(returns)\(open)")
    }
    guard let body = value.body, !body.isEmpty else { return }
    depth += 1
    statements(body)
    depth -= 1
    line("}")
  }

  /// A property's attributes (a property wrapper) stand on its line.
  private mutating func write(_ value: SwiftProperty) {
    documentation(value.preamble.doc)
    let words = value.preamble.attributes + value.preamble.modifiers + [value.keyword]
    let head = "\(words.joined(separator: " ")) \(value.name): \(value.type)"
    line(value.getter.map { "\(head) { \($0) }" } ?? head)
  }

  // MARK: Statements

  private mutating func statements(_ statements: [SwiftStatement]) {
    for statement in statements {
      switch statement {
      case .line(let content):
        line(content)
      case .comment(let content):
        line(content.isEmpty ? "//" : "// \(content)")
      case .block(let opening, let body, let closing):
        line(opening)
        depth += 1
        self.statements(body)
        depth -= 1
        line(closing)
      case .switchOver(let subject, let cases):
        guard !cases.isEmpty else {
          line("switch \(subject) {}")
          continue
        }
        line("switch \(subject) {")
        for item in cases {
          line(item.pattern + ":")
          depth += 1
          self.statements(item.body.isEmpty ? [.line("break")] : item.body)
          depth -= 1
        }
        line("}")
      }
    }
  }
}
