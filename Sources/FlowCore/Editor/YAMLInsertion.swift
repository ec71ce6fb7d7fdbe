/// Where new pairs go in a mapping of a file as written, so that a code action adds a key in
/// the file's own style: inside the braces of a flow mapping, on lines of their own at the
/// mapping's indentation in a block one. Reads the file's YAML tree, parsed once, with each
/// key indexed by where it starts, so that finding where to insert costs O(1) however many
/// fixes a file has.
struct YAMLInsertion {
  private let tree: YAMLTree
  private let text: SourceText
  /// Each key of a mapping by where it starts: the mapping and the key's value (the first,
  /// where merged content puts two keys at one place).
  private let keys: [SourcePosition: (mapping: YAMLNode, value: YAMLNode)]
  /// The nodes that an alias stands for.
  private let aliased: Set<Int32>

  /// The file's YAML, or `nil` when it does not parse.
  init?(_ text: SourceText) {
    var problems: [FrontEndProblem] = []
    guard case .document(let tree, _) = YAMLParser.parse(text.file, problems: &problems) else {
      return nil
    }
    self.tree = tree
    self.text = text
    var keys: [SourcePosition: (mapping: YAMLNode, value: YAMLNode)] = [:]
    var aliased: Set<Int32> = []
    for index in tree.records.indices {
      let node = YAMLNode(Int32(truncatingIfNeeded: index))
      if let target = tree.anchored(node) { aliased.insert(target.index) }
      guard tree.records[index].kind == YAMLTree.mappingKind else { continue }
      for (key, value) in tree.pairs(of: node) where keys[tree.start(of: key)] == nil {
        keys[tree.start(of: key)] = (node, value)
      }
    }
    self.keys = keys
    self.aliased = aliased
  }

  /// The mapping one of whose keys starts at `position`, and that key's value.
  func mapping(withKeyAt position: SourcePosition) -> (mapping: YAMLNode, value: YAMLNode)? {
    keys[position]
  }

  /// Whether `node` is shared content: an alias, or the anchored node an alias stands for,
  /// which more than one place reads.
  func isShared(_ node: YAMLNode) -> Bool {
    tree.anchored(node) != nil || aliased.contains(node.index)
  }

  /// The value of key `name` in `mapping`, if it has one.
  func value(of name: String, in mapping: YAMLNode) -> YAMLNode? {
    tree.pairs(of: mapping).first { tree.text(of: $0.key) == name }?.value
  }

  /// Whether `node` is a mapping.
  func isMapping(_ node: YAMLNode) -> Bool { tree.kind(of: node) == .mapping }

  /// Where in a mapping new pairs go.
  enum Place {
    /// After its last pair.
    case end
    /// After the pair of this key, or before the first pair when it has none.
    case after(String)
  }

  /// The edit that adds `pairs` (each `key: value`) to `mapping` at `place`.
  func insert(_ pairs: [String], into mapping: YAMLNode, at place: Place = .end) -> EditorTextEdit?
  {
    let all = tree.pairs(of: mapping)
    let anchor: (key: YAMLNode, value: YAMLNode)?
    switch place {
    case .end: anchor = all.last
    case .after(let name): anchor = all.first { tree.text(of: $0.key) == name }
    }
    if isFlow(mapping) {
      guard let last = anchor else {
        guard let first = all.first else {
          // `{}`: just inside the closing brace.
          var inside = tree.end(of: mapping)
          inside.column -= 1
          return edit(at: text.editor(inside), " " + pairs.joined(separator: ", ") + " ")
        }
        return edit(
          at: text.editor(tree.start(of: first.key)), pairs.joined(separator: ", ") + ", ")
      }
      return edit(at: text.editor(lastEnd(last.value)), ", " + pairs.joined(separator: ", "))
    }
    guard let first = all.first else { return nil }
    let indent = String(repeating: " ", count: max(tree.start(of: first.key).column - 1, 0))
    // Lines end with the file's own line break, so that a `\r\n` file stays one.
    let lines = pairs.map { indent + $0 + text.lineBreak }.joined()
    guard let anchor else {
      return edit(at: EditorPosition(line: tree.start(of: first.key).line - 1, character: 0), lines)
    }
    let end = lastEnd(anchor.value)
    let line = max(end.column == 1 ? end.line - 1 : end.line, tree.start(of: anchor.key).line)
    if line >= text.lineCount {
      let atEnd = text.end
      // The last line break dropped: one `Character`, `\r\n` too.
      let afterLast = text.lineBreak + String(lines.dropLast())
      return edit(at: atEnd, atEnd.character == 0 ? lines : afterLast)
    }
    return edit(at: EditorPosition(line: line, character: 0), lines)
  }

  /// Just past the last character written of `node`: a block collection's own end is where
  /// the next token starts, possibly lines below, so it is found through its last child.
  private func lastEnd(_ node: YAMLNode) -> SourcePosition {
    if tree.anchored(node) != nil || isFlow(node) { return tree.end(of: node) }
    switch tree.kind(of: node) {
    case .scalar:
      return tree.end(of: node)
    case .mapping:
      guard let last = tree.pairs(of: node).last else { return tree.end(of: node) }
      return max(tree.end(of: last.key), lastEnd(last.value))
    case .sequence:
      guard let last = tree.items(of: node).last else { return tree.end(of: node) }
      return lastEnd(last)
    }
  }

  /// Whether a collection is written in flow style (`{ … }`, `[ … ]`).
  private func isFlow(_ node: YAMLNode) -> Bool {
    let start = tree.start(of: node)
    var end = start
    end.column += 1
    let first = text.text(of: SourceRange(file: text.file.path, start: start, end: end))
    return first == "{" || first == "["
  }

  private func edit(at position: EditorPosition, _ newText: String) -> EditorTextEdit {
    EditorTextEdit(path: text.file.path, range: EditorRange(at: position), newText: newText)
  }
}
