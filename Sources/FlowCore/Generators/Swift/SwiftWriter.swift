/// Turns a ``SwiftFile`` into text: the one place that knows how Swift is spelled and laid
/// out (indentation, blank lines, line breaks, punctuation).
///
/// Layout follows the project's own style: two spaces, lines of at most 100 columns where
/// a signature can be broken (parameters and inherited types then go one per line),
/// a blank line between members that are not enum cases. Text is appended piece by piece;
/// a line that may be too long is written first and written again, broken, only if it is.
struct SwiftWriter {
  /// The column a signature may reach before its parameters go on lines of their own.
  static let lineLength = 100

  private var text = TextBuffer()
  private var depth = 0
  /// Where the text of the current line starts, after its indentation.
  private var lineStart = 0

  /// The text of `file`, ending with a newline.
  static func render(_ file: SwiftFile) -> String {
    var writer = SwiftWriter()
    writer.text.reserveCapacity(1 << 14)
    writer.line("// \(Self.commentText(file.header))")
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
    text.append("\n")
  }

  /// The current indentation, at the start of a line.
  private mutating func indent() {
    text.appendSpaces(indentWidth)
    lineStart = text.count
  }

  /// Ends the current line.
  private mutating func newline() {
    text.append("\n")
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

  /// Whether the text written since byte `offset` fits in what is left of the line.
  private func writtenFits(since offset: Int) -> Bool {
    let columns = Self.lineLength - indentWidth
    return text.count - offset <= columns || text.width(from: offset) <= columns
  }

  private mutating func blank() {
    line("")
  }

  private var indentWidth: Int { depth * 2 }

  /// Writes `items` separated by `separator`.
  private mutating func list<Item>(
    _ items: [Item], separator: String = ", ", _ write: (inout SwiftWriter, Item) -> Void
  ) {
    for (index, item) in items.enumerated() {
      if index > 0 { text += separator }
      write(&self, item)
    }
  }

  // MARK: Declarations

  private mutating func write(_ declaration: SwiftDeclaration) {
    switch declaration {
    case .enumeration(let value): write(value)
    case .type(let value): write(value)
    case .protocolType(let value): write(value)
    case .function(let value): write(value)
    case .property(let value): write(value)
    case .mark(let text): line("// MARK: - \(Self.commentText(text))")
    }
  }

  private mutating func preamble(_ preamble: SwiftPreamble) {
    documentation(preamble.doc)
    for attribute in preamble.attributes {
      indent()
      write(attribute)
      newline()
    }
  }

  private mutating func write(_ attribute: SwiftAttribute) {
    text.append("@")
    text += attribute.name
  }

  /// `text` safe inside a `//` or `///` comment, which only a line break ends: every line
  /// break and other control character (C0 but tab, DEL, C1, U+2028, U+2029) is written as
  /// `\u{…}`, so no flow text or path, however hostile, can end the comment and put code
  /// into the file. Text without such a character, all of real flows', is returned as it is.
  static func commentText(_ text: String) -> String {
    guard !text.utf8.allSatisfy(isPlainCommentByte) else { return text }
    func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
      let value = scalar.value
      return (value < 0x20 && value != 0x09) || (0x7F...0x9F).contains(value)
        || value == 0x2028 || value == 0x2029
    }
    guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
    var escaped = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if isUnsafe(scalar) {
        escaped.append(
          contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
      } else {
        escaped.append(scalar)
      }
    }
    return String(escaped)
  }

  /// Whether `byte` stands in a comment as it is, with no look at the scalars around it:
  /// printable ASCII or a tab.
  private static func isPlainCommentByte(_ byte: UInt8) -> Bool {
    (byte >= 0x20 && byte < 0x7F) || byte == 0x09
  }

  /// `///` lines, each wrapped at spaces to fit the line length.
  private mutating func documentation(_ lines: [String]) {
    for text in lines { comment(text, marker: "///") }
  }

  /// A comment line of `content` after `marker` (`//` or `///`), wrapped at spaces to fit the
  /// line length.
  ///
  /// Nearly every comment is one line of printable ASCII: it is written straight into the
  /// text and its bytes checked there, in one pass. Any other (too long, or with a byte that
  /// is not printable ASCII or a tab) is taken back and written as ``commentLines(_:width:)``
  /// lays it out, which the fast path must match
  /// (`commentsOnTheBytePathAreWrittenAsTheLinesOfTheGeneralPath`).
  private mutating func comment(_ content: String, marker: String) {
    let width = Self.lineLength - indentWidth - marker.count - 1
    guard !content.isEmpty else { return line(marker) }
    let lineBegin = text.count
    indent()
    text += marker
    text.append(" ")
    let start = text.count
    text += content
    if text.count - start <= width
      && text.bytes(from: start, allSatisfy: Self.isPlainCommentByte)
    {
      return newline()
    }
    text.removeText(from: lineBegin)
    for content in Self.commentLines(content, width: width) {
      if content.isEmpty {
        line(marker)
      } else {
        indent()
        text += marker
        text.append(" ")
        text += content
        newline()
      }
    }
  }

  /// The lines of a comment of `content` (safe for a comment: ``commentText(_:)``) wrapped at
  /// spaces to fit `width` columns, without their marker: the general way, for any text.
  static func commentLines(_ content: String, width: Int) -> [String] {
    let text = Self.commentText(content)
    guard !Self.fits(text, in: width) else { return [text] }
    // The line so far and its width, kept as words are added: measuring the whole line
    // again for every word made a long comment cost its words times its length.
    // Words are cut at spaces that are characters of their own (a space and a combining
    // mark after it are one character, and stay one word); ASCII text is cut at its bytes,
    // which gives the same words without breaking it into graphemes.
    var lines: [String] = []
    var current = ""
    var currentWidth = 0
    let words: [Substring] =
      text.utf8.allSatisfy { $0 < 0x80 }
      ? text.utf8.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false).map {
        Substring($0)
      }
      : text.split(separator: " ", omittingEmptySubsequences: false)
    for word in words {
      let wordWidth = word.unicodeScalars.count
      if !current.isEmpty && currentWidth + 1 + wordWidth > width {
        lines.append(current)
        current = ""
        currentWidth = 0
      }
      if !current.isEmpty {
        current.append(" ")
        currentWidth += 1
      }
      current.append(contentsOf: word)
      currentWidth += wordWidth
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }

  /// The modifiers, then `keyword`.
  private mutating func head(_ preamble: SwiftPreamble, _ keyword: String) {
    for modifier in preamble.modifiers {
      text += modifier.rawValue
      text.append(" ")
    }
    text += keyword
  }

  private mutating func write(_ value: SwiftEnum) {
    preamble(value.preamble)
    let keyword = value.isIndirect ? "indirect enum " : "enum "
    openType(
      value.preamble, keyword, value.name, inherits: value.inherits, empty: value.cases.isEmpty)
    guard !value.cases.isEmpty else { return }
    depth += 1
    for item in value.cases {
      documentation(item.doc)
      indent()
      text += "case "
      text += item.name
      if !item.labelled.isEmpty {
        text.append("(")
        list(item.labelled) { $0.write($1) }
        text.append(")")
      } else if let payload = item.payload {
        text.append("(")
        write(payload)
        text.append(")")
      }
      newline()
    }
    depth -= 1
    line("}")
  }

  private mutating func write(_ value: SwiftTypeDeclaration) {
    preamble(value.preamble)
    members(
      value.members, value.preamble, value.kind.rawValue, value.name, inherits: value.inherits)
  }

  private mutating func write(_ value: SwiftProtocol) {
    preamble(value.preamble)
    members(
      value.properties.map { .property($0) } + value.requirements.map { .function($0) },
      value.preamble, "protocol ", value.name, inherits: value.inherits)
  }

  private mutating func members(
    _ members: [SwiftDeclaration], _ preamble: SwiftPreamble, _ keyword: String, _ name: String,
    inherits: [SwiftType]
  ) {
    openType(preamble, keyword, name, inherits: inherits, empty: members.isEmpty)
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
  private mutating func openType(
    _ preamble: SwiftPreamble, _ keyword: String, _ name: String, inherits: [SwiftType],
    empty: Bool
  ) {
    indent()
    let start = text.count
    head(preamble, keyword)
    text += name
    let headEnd = text.count
    if !inherits.isEmpty {
      text += ": "
      list(inherits) { $0.write($1) }
    }
    text += empty ? " {}" : " {"
    if inherits.isEmpty || writtenFits(since: start) { return newline() }
    text.removeText(from: headEnd)
    text.append(":")
    newline()
    depth += 1
    for (index, type) in inherits.enumerated() {
      indent()
      write(type)
      if index < inherits.count - 1 { text.append(",") }
      newline()
    }
    depth -= 1
    line(empty ? "{}" : "{")
  }

  private mutating func write(_ value: SwiftFunction) {
    preamble(value.preamble)
    let isInitializer =
      value.name == SwiftFunction.initializer || value.name == SwiftFunction.failableInitializer
    indent()
    let start = text.count
    head(value.preamble, isInitializer ? value.name : "func ")
    if !isInitializer { text += value.name }
    let headEnd = text.count
    text.append("(")
    list(value.parameters) { $0.write($1) }
    text.append(")")
    signatureEnd(value)
    if !value.parameters.isEmpty && !writtenFits(since: start) {
      // Too long for one line: one parameter per line.
      text.removeText(from: headEnd)
      text.append("(")
      newline()
      depth += 1
      for (index, parameter) in value.parameters.enumerated() {
        indent()
        write(parameter)
        if index < value.parameters.count - 1 { text.append(",") }
        newline()
      }
      depth -= 1
      indent()
      text.append(")")
      signatureEnd(value)
    }
    newline()
    guard let body = value.body, !body.isEmpty else { return }
    depth += 1
    statements(body)
    depth -= 1
    line("}")
  }

  /// What follows a function's parameters: the return type and the body's opening.
  private mutating func signatureEnd(_ value: SwiftFunction) {
    if value.isAsync { text += " async" }
    if let returns = value.returns {
      text += " -> "
      write(returns)
    }
    if let body = value.body { text += body.isEmpty ? " {}" : " {" }
  }

  private mutating func write(_ parameter: SwiftParameter) {
    if let label = parameter.label, label != parameter.name {
      text += label
      text.append(" ")
    }
    text += parameter.name
    text += ": "
    write(parameter.type)
    if let value = parameter.defaultValue {
      text += " = "
      write(value)
    }
  }

  /// A property's attributes (a property wrapper) stand on its line.
  private mutating func write(_ value: SwiftProperty) {
    documentation(value.preamble.doc)
    indent()
    for attribute in value.preamble.attributes {
      write(attribute)
      text.append(" ")
    }
    head(value.preamble, value.isVariable ? "var " : "let ")
    text += value.name
    if let type = value.type {
      text += ": "
      write(type)
    }
    if let initial = value.initialValue {
      let before = text.count
      text += " = "
      write(initial)
      // A call too long for the line puts its arguments on the next one, as in a statement.
      if !writtenFits(since: lineStart), case .call(let call) = initial, call.trailing == nil,
        !call.arguments.isEmpty
      {
        text.removeText(from: before)
        text += " = "
        write(call.function)
        text.append("(")
        writeArguments(call.arguments)
        text.append(")")
      }
    }
    if value.isRequirement {
      text += " { get }"
      return newline()
    }
    if let body = value.getterBody {
      text += " {"
      newline()
      depth += 1
      statements(body)
      depth -= 1
      return line("}")
    }
    if let getter = value.getter {
      text += " { "
      write(getter)
      text += " }"
    }
    newline()
  }

  // MARK: Types

  private mutating func write(_ type: SwiftType) {
    switch type {
    case .named(let name, let arguments):
      text += name
      guard !arguments.isEmpty else { return }
      text.append("<")
      list(arguments) { $0.write($1) }
      text.append(">")
    case .optional(let wrapped):
      // `(@MainActor (Request) -> Void)?`, `(any Router)?`: the `?` would bind to the result
      // or the constraint without the parentheses.
      switch wrapped {
      case .function, .existential:
        text.append("(")
        write(wrapped)
        text += ")?"
      case .named, .optional, .array, .dictionary:
        write(wrapped)
        text.append("?")
      }
    case .array(let element):
      text.append("[")
      write(element)
      text.append("]")
    case .dictionary(let key, let value):
      text.append("[")
      write(key)
      text += ": "
      write(value)
      text.append("]")
    case .existential(let constraint):
      text += "any "
      write(constraint)
    case .function(let attributes, let parameters, let returns):
      for attribute in attributes {
        write(attribute)
        text.append(" ")
      }
      text.append("(")
      list(parameters) { $0.write($1) }
      text += ") -> "
      write(returns)
    }
  }

  // MARK: Statements

  private mutating func statements(_ statements: [SwiftStatement]) {
    for statement in statements { write(statement) }
  }

  private mutating func write(_ statement: SwiftStatement) {
    switch statement {
    case .expression(let expression):
      indent()
      writeBreakingCalls(expression)
      newline()
    case .constant(let name, let value):
      indent()
      text += "let "
      text += name
      text += " = "
      writeBreakingCalls(value)
      newline()
    case .variable(let name, let value):
      indent()
      text += "var "
      text += name
      text += " = "
      write(value)
      newline()
    case .assignment(let target, let value):
      indent()
      write(target)
      text += " = "
      write(value)
      newline()
    case .guardStatement(let condition, let otherwise):
      indent()
      text += "guard "
      write(condition)
      if otherwise.count == 1, case .returnStatement = otherwise[0] {
        text += " else { return }"
        return newline()
      }
      if otherwise.count == 1, case .returnValue(.nilLiteral) = otherwise[0] {
        text += " else { return nil }"
        return newline()
      }
      text += " else {"
      newline()
      depth += 1
      statements(otherwise)
      depth -= 1
      line("}")
    case .returnStatement:
      line("return")
    case .returnValue(let value):
      indent()
      text += "return "
      writeBreakingCalls(value)
      newline()
    case .switchOver(let subject, let cases):
      indent()
      text += "switch "
      write(subject)
      guard !cases.isEmpty else {
        text += " {}"
        return newline()
      }
      text += " {"
      newline()
      for item in cases {
        indent()
        write(item.pattern)
        text.append(":")
        newline()
        depth += 1
        // A case must do something.
        if item.body.isEmpty { line("break") } else { statements(item.body) }
        depth -= 1
      }
      line("}")
    case .comment(let content):
      comment(content, marker: "//")
    case .forIn(let name, let sequence, let body):
      indent()
      text += "for "
      text += name
      text += " in "
      write(sequence)
      text += " {"
      newline()
      depth += 1
      statements(body)
      depth -= 1
      line("}")
    case .conditional(let condition, let body):
      // As swift-format writes it: the directives at the statement's indentation, the body
      // one level deeper.
      line("#if \(condition)")
      depth += 1
      statements(body)
      depth -= 1
      line("#endif")
    case .ifAll(let conditions, let body):
      indent()
      let start = text.count
      text += "if "
      list(conditions) { $0.write($1) }
      text += " {"
      if conditions.count > 1 && !writtenFits(since: start) {
        // Too long for one line: one condition per line, the brace on a line of its own.
        text.removeText(from: start)
        text += "if "
        for (index, condition) in conditions.enumerated() {
          if index > 0 {
            text.append(",")
            newline()
            depth += 1
            indent()
            depth -= 1
          }
          write(condition)
        }
        newline()
        line("{")
      } else {
        newline()
      }
      depth += 1
      statements(body)
      depth -= 1
      line("}")
    }
  }

  /// `expression`, after what its line holds so far (its indentation, perhaps `return ` or
  /// `let name = `). A call without a trailing closure that does not fit on the line puts its
  /// arguments on the next one, or one per line if they do not fit there. One with a trailing
  /// closure whose first line (up to the brace) does not fit does the same, and closes its
  /// parenthesis on a line of its own, before the closure.
  private mutating func writeBreakingCalls(_ expression: SwiftExpression) {
    // Where the line starts, before an argument that spans lines moves it.
    let lineBegin = lineStart
    let start = text.count
    guard case .call(let call) = expression, !call.arguments.isEmpty else {
      return write(expression)
    }
    if let closure = call.trailing {
      write(call.function)
      text.append("(")
      list(call.arguments) { $0.write($1) }
      text += ") {"
      if writtenFits(since: lineBegin) {
        // What was measured is what the call writes before its closure, which opens with
        // the same brace.
        text.removeText(from: text.count - 1)
        return write(closure)
      }
      text.removeText(from: start)
      write(call.function)
      text.append("(")
      writeArguments(call.arguments)
      newline()
      indent()
      text += ") "
      write(closure)
      return
    }
    write(expression)
    guard !writtenFits(since: lineBegin) else { return }
    text.removeText(from: start)
    write(call.function)
    text.append("(")
    writeArguments(call.arguments)
    text.append(")")
  }

  /// `arguments` on the next line, or one per line if they do not fit there, without the
  /// closing parenthesis.
  private mutating func writeArguments(_ arguments: [SwiftArgument]) {
    newline()
    depth += 1
    indent()
    let start = text.count
    list(arguments) { $0.write($1) }
    if arguments.count > 1 && !writtenFits(since: start) {
      text.removeText(from: start)
      for (index, argument) in arguments.enumerated() {
        if index > 0 {
          text.append(",")
          newline()
          indent()
        }
        write(argument)
      }
    }
    depth -= 1
  }

  private mutating func write(_ condition: SwiftCondition) {
    switch condition {
    case .expression(let expression):
      write(expression)
    case .optionalBinding(let name):
      text += "let "
      text += name
    case .binding(let name, let value):
      text += "let "
      text += name
      text += " = "
      write(value)
    }
  }

  private mutating func write(_ pattern: SwiftPattern) {
    switch pattern {
    case .enumCase(let name, let bindings):
      text += "case ."
      text += name
      guard !bindings.isEmpty else { return }
      text.append("(")
      list(bindings) { writer, name in
        if name != "_" { writer.text += "let " }
        writer.text += name
      }
      text.append(")")
    case .otherwise:
      text += "default"
    case .integer(let value):
      text += "case "
      text += String(value)
    case .string(let value):
      text += "case "
      writeStringLiteral(value)
    }
  }

  // MARK: Expressions

  private mutating func write(_ expression: SwiftExpression) {
    switch expression {
    case .identifier(let name):
      text += name
    case .type(let type):
      write(type)
    case .implicitMember(let name):
      text.append(".")
      text += name
    case .member(let base, let name):
      write(base)
      text.append(".")
      text += name
    case .optionalChain(let base):
      write(base)
      text.append("?")
    case .not(let operand):
      text.append("!")
      write(operand)
    case .isNotNil(let operand):
      write(operand)
      text += " != nil"
    case .await(let operand):
      text += "await "
      write(operand)
    case .conditionalCast(let operand, let type):
      write(operand)
      text += " as? "
      write(type)
    case .call(let call):
      write(call.function)
      if !call.arguments.isEmpty || call.trailing == nil {
        text.append("(")
        list(call.arguments) { $0.write($1) }
        text.append(")")
      }
      if let closure = call.trailing {
        text.append(" ")
        write(closure)
      }
    case .array(let elements):
      text.append("[")
      guard elements.contains(where: Self.spansLines) else {
        list(elements) { $0.write($1) }
        text.append("]")
        return
      }
      // Closures with bodies (a sequence's elements, r3): one element a line, each with its
      // comma, as swift-format writes a multiline collection.
      newline()
      depth += 1
      for element in elements {
        indent()
        write(element)
        text.append(",")
        newline()
      }
      depth -= 1
      indent()
      text.append("]")
    case .boolean(let value):
      text += value ? "true" : "false"
    case .integer(let value):
      text += String(value)
    case .closedRange(let lower, let upper):
      text += String(lower)
      text += "..."
      text += String(upper)
    case .nilLiteral:
      text += "nil"
    case .closure(let closure):
      write(closure)
    case .string(let value):
      writeStringLiteral(value)
    }
  }

  /// `value` as a Swift string literal: in quotes, with `"` and `\\` escaped and every
  /// control character written as `\\u{…}`, so that no text of a flow file ends the literal
  /// or the line. What every generator that writes Swift (the UI tests too) quotes text with.
  package static func stringLiteral(_ value: String) -> String {
    // Printable ASCII without a quote or a backslash (nearly every literal) is written as is.
    value.utf8.allSatisfy(isPlainLiteralByte) ? "\"" + value + "\"" : scalarStringLiteral(value)
  }

  /// Whether `byte` stands in a string literal as it is: printable ASCII, not a quote or a
  /// backslash.
  private static func isPlainLiteralByte(_ byte: UInt8) -> Bool {
    byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
  }

  /// ``stringLiteral(_:)`` of `value`, written into the text: printable ASCII without a quote
  /// or a backslash is written as it is and checked where it was written, in one pass; other
  /// text is taken back and quoted scalar by scalar
  /// (`stringLiteralsOnTheBytePathAreQuotedAsTheScalarPathQuotesThem`).
  private mutating func writeStringLiteral(_ value: String) {
    let start = text.count
    text.append("\"")
    text += value
    if text.bytes(from: start + 1, allSatisfy: Self.isPlainLiteralByte) {
      return text.append("\"")
    }
    text.removeText(from: start)
    text += Self.scalarStringLiteral(value)
  }

  /// ``stringLiteral(_:)`` of any text, scalar by scalar.
  static func scalarStringLiteral(_ value: String) -> String {
    var literal = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": literal += "\\\""
      case "\\": literal += "\\\\"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        literal += "\\u{\(String(scalar.value, radix: 16))}"
      default: literal.unicodeScalars.append(scalar)
      }
    }
    return literal + "\""
  }

  /// Whether `expression` is written on several lines: a closure with a body.
  private static func spansLines(_ expression: SwiftExpression) -> Bool {
    if case .closure(let closure) = expression { return !closure.body.isEmpty }
    return false
  }

  private mutating func write(_ argument: SwiftArgument) {
    if let label = argument.label {
      text += label
      text += ": "
    }
    write(argument.value)
  }

  /// A closure; its body, if any, on lines of its own, and the closing brace on the line
  /// after it. A capture list and parameters that do not fit after the brace go on the next
  /// line, with the body.
  private mutating func write(_ closure: SwiftClosure) {
    text.append("{")
    let headerStart = text.count
    text.append(" ")
    closureHeader(closure)
    if text.count == headerStart + 1 {
      text.removeText(from: headerStart)
    } else if !writtenFits(since: lineStart) && !closure.body.isEmpty {
      text.removeText(from: headerStart)
      newline()
      depth += 1
      indent()
      closureHeader(closure)
      depth -= 1
    }
    guard !closure.body.isEmpty else {
      text += " }"
      return
    }
    newline()
    depth += 1
    statements(closure.body)
    depth -= 1
    indent()
    text.append("}")
  }

  /// `[weak self] (event: Event) in`, or nothing for a closure without captures and
  /// parameters.
  private mutating func closureHeader(_ closure: SwiftClosure) {
    if !closure.captures.isEmpty {
      text += "["
      list(closure.captures) { writer, capture in
        switch capture {
        case .weak(let name):
          writer.text += "weak "
          writer.text += name
        case .strong(let name):
          writer.text += name
        }
      }
      text.append("]")
    }
    if !closure.parameters.isEmpty {
      let typed = closure.parameters.contains { $0.type != nil }
      if !closure.captures.isEmpty { text.append(" ") }
      if typed { text.append("(") }
      list(closure.parameters) { writer, parameter in
        writer.text += parameter.name
        if let type = parameter.type {
          writer.text += ": "
          writer.write(type)
        }
      }
      if typed { text.append(")") }
    }
    if !closure.captures.isEmpty || !closure.parameters.isEmpty { text += " in" }
  }
}
