/// Reads type expressions (spec section 3), written as text (`"[String: User]?"`) or as
/// the YAML flow collections that unquoted `[T]` and `[K: V]` are.
struct TypeParser {
  /// Reads the type expression `node`, or reports what is wrong and gives an
  /// ``TypeExpression/invalid`` type.
  static func read(_ node: YAMLNode, decoder: inout FileDecoder) -> TypeReference {
    decoder.noteShared(ifAlias: node)
    let range = decoder.range(of: node)
    // One name written plain, by far the most common reference, is the whole reference: no
    // list of its names is made.
    if let text = plainName(node, decoder), nameRange(node, 0, text.utf8.count, decoder) == range {
      return TypeReference(named: text, at: range)
    }
    var names: [Identifier] = []
    let type = expression(node, names: &names, decoder: &decoder)
    return TypeReference(type, at: range, names: names)
  }

  /// The text of `node` when it is a plain scalar that is one name.
  private static func plainName(_ node: YAMLNode, _ decoder: FileDecoder) -> String? {
    let tree = decoder.tree
    guard tree.kind(of: node) == .scalar, tree.style(of: node) == .plain, !tree.isNull(node),
      let text = tree.text(of: node), let first = text.utf8.first, isNameStart(first),
      text.utf8.allSatisfy(isNameByte)
    else { return nil }
    return text
  }

  private static func expression(
    _ node: YAMLNode, names: inout [Identifier], decoder: inout FileDecoder
  ) -> TypeExpression {
    let tree = decoder.tree
    switch tree.kind(of: node) {
    case .scalar where !tree.isNull(node):
      let text = tree.text(of: node) ?? ""
      // Most types are one name: no need to tokenise those.
      if let first = text.utf8.first, isNameStart(first), text.utf8.allSatisfy(isNameByte) {
        names.append(Identifier(text, at: nameRange(node, 0, text.utf8.count, decoder)))
        return .named(text)
      }
      var parser = TypeParser(bytes: Array(text.utf8))
      guard let type = parser.parseWhole() else {
        decoder.report(
          "bad-type",
          "'\(Self.shortened(text))' is not a type: \(parser.problem); expected a name, 'T?', '[T]' "
            + "or '[K: V]'", at: node)
        return .invalid
      }
      for (name, start, end) in parser.names {
        names.append(Identifier(name, at: nameRange(node, start, end, decoder)))
      }
      return type
    case .sequence where tree.items(of: node).count == 1:
      let item = tree.items(of: node)[tree.items(of: node).startIndex]
      if tree.kind(of: item) == .mapping {
        let pairs = tree.pairs(of: item)
        guard pairs.count == 1 else {
          decoder.report(
            "bad-dictionary-type", "a dictionary type is written '[K: V]', with one key type",
            at: item)
          return .invalid
        }
        let key = expression(pairs[0].key, names: &names, decoder: &decoder)
        let value = expression(pairs[0].value, names: &names, decoder: &decoder)
        if key == .invalid || value == .invalid { return .invalid }
        return .dictionary(key: key, value: value)
      }
      let element = expression(item, names: &names, decoder: &decoder)
      return element == .invalid ? .invalid : .array(element)
    case .sequence:
      decoder.report(
        "bad-array-type", "an array type is written '[T]', with one element type", at: node)
      return .invalid
    default:
      decoder.report(
        "not-a-type", "expected a type, not \(tree.kindDescription(of: node))", at: node)
      return .invalid
    }
  }

  /// The range of the name at bytes `start..<end` of the scalar's text: exact on a
  /// one-line scalar (types are ASCII), the whole scalar otherwise.
  /// `text` for a message: whole up to 80 characters, else its start and `…`.
  private static func shortened(_ text: String) -> String {
    text.unicodeScalars.count <= 80 ? text : String(text.unicodeScalars.prefix(79)) + "…"
  }

  static func nameRange(
    _ node: YAMLNode, _ start: Int, _ end: Int, _ decoder: FileDecoder
  ) -> SourceRange {
    let tree = decoder.tree
    let from = tree.start(of: node)
    let to = tree.end(of: node)
    let style = tree.style(of: node)
    guard from.line == to.line, style != .literal, style != .folded else {
      return decoder.range(of: node)
    }
    let first = from.column + (style == .plain ? 0 : 1)
    return SourceRange(
      file: decoder.fileName, start: SourcePosition(line: from.line, column: first + start),
      end: SourcePosition(line: from.line, column: first + end))
  }

  private static func isNameStart(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || byte == UInt8(ascii: "_")
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    isNameStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  // MARK: Text form

  private let bytes: [UInt8]
  private var position = 0
  /// Each name read, with its byte offsets in the text.
  private(set) var names: [(String, Int, Int)] = []
  private(set) var problem = ""
  /// How many `[` the parser is inside.
  private var depth = 0

  /// The deepest nesting of `[` accepted in a type, as for YAML collections
  /// (`docs/limits.md`): it keeps this parser and every walk over a type off the end of the
  /// call stack, whatever the text.
  static let maxDepth = 100

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private mutating func parseWhole() -> TypeExpression? {
    guard let type = parseType() else { return nil }
    skipSpaces()
    guard position == bytes.count else {
      problem = "unexpected '\(character(at: position))'"
      return nil
    }
    return type
  }

  private func character(at offset: Int) -> String {
    // The offending character, whole even when it is not ASCII.
    var end = offset + 1
    while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
    return String(decoding: bytes[offset..<end], as: UTF8.self)
  }

  private mutating func parseType() -> TypeExpression? {
    skipSpaces()
    guard position < bytes.count else {
      problem = bytes.isEmpty ? "it is empty" : "it ends too early"
      return nil
    }
    var type: TypeExpression
    if bytes[position] == UInt8(ascii: "[") {
      guard depth < Self.maxDepth else {
        problem = "it nests '[' more than \(Self.maxDepth) deep"
        return nil
      }
      depth += 1
      defer { depth -= 1 }
      position += 1
      guard let first = parseType() else { return nil }
      skipSpaces()
      if position < bytes.count, bytes[position] == UInt8(ascii: ":") {
        position += 1
        guard let value = parseType() else { return nil }
        type = .dictionary(key: first, value: value)
      } else {
        type = .array(first)
      }
      skipSpaces()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "]") else {
        problem = "expected ']'"
        return nil
      }
      position += 1
    } else if Self.isNameStart(bytes[position]) {
      let start = position
      while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
      let name = String(decoding: bytes[start..<position], as: UTF8.self)
      names.append((name, start, position))
      type = .named(name)
    } else {
      problem = "unexpected '\(character(at: position))'"
      return nil
    }
    skipSpaces()
    if position < bytes.count, bytes[position] == UInt8(ascii: "?") {
      position += 1
      type = .optional(type)
      skipSpaces()
      if position < bytes.count, bytes[position] == UInt8(ascii: "?") {
        problem = "a type is optional once ('T?'), not twice"
        return nil
      }
    }
    return type
  }

  private mutating func skipSpaces() {
    while position < bytes.count, bytes[position] == UInt8(ascii: " ") { position += 1 }
  }
}
