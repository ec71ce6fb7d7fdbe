/// Reads type expressions (spec section 3), written as text (`"[String: User]?"`) or as
/// the YAML flow collections that unquoted `[T]` and `[K: V]` are.
struct TypeParser {
  /// Reads the type expression `node`, or reports what is wrong and gives an
  /// ``TypeExpression/invalid`` type.
  static func read(_ node: YAMLNode, decoder: inout FileDecoder) -> TypeReference {
    var names: [Identifier] = []
    let type = expression(node, names: &names, decoder: &decoder)
    return TypeReference(type, at: decoder.range(of: node), names: names)
  }

  private static func expression(
    _ node: YAMLNode, names: inout [Identifier], decoder: inout FileDecoder
  ) -> TypeExpression {
    switch node.value {
    case .scalar(let scalar) where !node.isNull:
      var parser = TypeParser(scalar: scalar, node: node, path: decoder.path)
      guard let type = parser.parseWhole() else {
        decoder.report(
          "'\(scalar.text)' is not a type: \(parser.problem); expected a name, 'T?', '[T]' "
            + "or '[K: V]'", at: node)
        return .invalid
      }
      names.append(contentsOf: parser.names)
      return type
    case .sequence(let items) where items.count == 1:
      let item = items[0]
      if case .mapping(let pairs) = item.value {
        guard pairs.count == 1 else {
          decoder.report("a dictionary type is written '[K: V]', with one key type", at: item)
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
      decoder.report("an array type is written '[T]', with one element type", at: node)
      return .invalid
    default:
      decoder.report("expected a type, not \(node.kindDescription)", at: node)
      return .invalid
    }
  }

  // MARK: Text form

  private let characters: [Character]
  private let node: YAMLNode
  private let path: String
  /// Where the text starts, when each character of it is one column of the file.
  private let firstColumn: Int?
  private var position = 0
  private(set) var names: [Identifier] = []
  private(set) var problem = ""

  private init(scalar: YAMLScalar, node: YAMLNode, path: String) {
    self.characters = Array(scalar.text)
    self.node = node
    self.path = path
    let quote = scalar.style == .plain ? 0 : 1
    let oneLine =
      node.start.line == node.end.line && scalar.style != .literal
      && scalar.style != .folded
    self.firstColumn = oneLine ? node.start.column + quote : nil
  }

  private mutating func parseWhole() -> TypeExpression? {
    guard let type = parseType() else { return nil }
    skipSpaces()
    guard position == characters.count else {
      problem = "unexpected '\(characters[position])'"
      return nil
    }
    return type
  }

  private mutating func parseType() -> TypeExpression? {
    skipSpaces()
    guard position < characters.count else {
      problem = characters.isEmpty ? "it is empty" : "it ends too early"
      return nil
    }
    var type: TypeExpression
    if characters[position] == "[" {
      position += 1
      guard let first = parseType() else { return nil }
      skipSpaces()
      if position < characters.count, characters[position] == ":" {
        position += 1
        guard let value = parseType() else { return nil }
        type = .dictionary(key: first, value: value)
      } else {
        type = .array(first)
      }
      skipSpaces()
      guard position < characters.count, characters[position] == "]" else {
        problem = "expected ']'"
        return nil
      }
      position += 1
    } else if characters[position].isLetter || characters[position] == "_" {
      let start = position
      while position < characters.count,
        characters[position].isLetter || characters[position].isNumber
          || characters[position] == "_"
      {
        position += 1
      }
      let name = String(characters[start..<position])
      names.append(Identifier(name, at: nameRange(from: start, to: position)))
      type = .named(name)
    } else {
      problem = "unexpected '\(characters[position])'"
      return nil
    }
    skipSpaces()
    if position < characters.count, characters[position] == "?" {
      position += 1
      type = .optional(type)
      skipSpaces()
      if position < characters.count, characters[position] == "?" {
        problem = "a type is optional once ('T?'), not twice"
        return nil
      }
    }
    return type
  }

  private mutating func skipSpaces() {
    while position < characters.count, characters[position] == " " { position += 1 }
  }

  /// The range of the name at `start..<end` of the text: exact on a one-line scalar, the
  /// whole scalar otherwise.
  private func nameRange(from start: Int, to end: Int) -> SourceRange {
    guard let firstColumn else {
      return SourceRange(file: path, start: node.start, end: node.end)
    }
    return SourceRange(
      file: path,
      start: SourcePosition(line: node.start.line, column: firstColumn + start),
      end: SourcePosition(line: node.start.line, column: firstColumn + end))
  }
}
