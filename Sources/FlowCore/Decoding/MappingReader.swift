/// The pairs of one YAML mapping, checked: keys are text, none repeats, none is a merge
/// key, and (for constructs with fixed keys) every key is one the construct allows.
///
/// Problems are reported as ``FrontEndProblem``s and the offending pairs dropped, so that
/// decoding goes on with what is left. Small mappings (the common case) are searched
/// linearly; a hash table is built only for large ones.
struct MappingReader: Sendable {
  /// One pair whose key is text.
  struct Entry: Sendable {
    /// The key's text.
    var key: String
    /// The key as a located name.
    var name: Identifier
    /// The key node.
    var keyNode: YAMLNode
    /// The value node.
    var value: YAMLNode
  }

  /// The pairs kept, in file order.
  private(set) var entries: [Entry] = []
  /// Whether the mapping has a merge key (`<<`), which is refused: the keys it would have
  /// merged are missing for a reason already reported, so a missing key is not reported
  /// again.
  private(set) var hasMergeKey = false
  /// Key → entry, for mappings too large to search linearly.
  private var index: [String: Int]?

  private static let linearLimit = 12

  /// Reads `node` as a mapping of `what` (a phrase such as `screen 'Login'`, built only
  /// for messages), allowing only `allowedKeys` when given. Returns `nil`, after a
  /// problem, for other nodes.
  init?(
    _ node: YAMLNode, of what: @autoclosure () -> String, allowedKeys: [String]? = nil,
    decoder: inout FileDecoder
  ) {
    let tree = decoder.tree
    guard tree.kind(of: node) == .mapping else {
      decoder.report("\(what()) must be a mapping, not \(tree.kindDescription(of: node))", at: node)
      return nil
    }
    let pairs = tree.pairs(of: node)
    entries.reserveCapacity(pairs.count)
    if pairs.count > Self.linearLimit { index = Dictionary(minimumCapacity: pairs.count) }
    for (keyNode, value) in pairs {
      // Keys are raw text (spec section 2): `null`, `Null` and `NULL` are names like any
      // other; only a key of nothing or `~` is not.
      guard let key = tree.text(of: keyNode), !tree.isAbsent(keyNode) else {
        decoder.report(
          "a key in \(what()) must be text, not \(tree.kindDescription(of: keyNode))", at: keyNode)
        continue
      }
      if key == "<<" && tree.style(of: keyNode) == .plain {
        decoder.report(
          "merge keys ('<<') are not part of the flow language; write the keys out", at: keyNode)
        hasMergeKey = true
        continue
      }
      if let first = position(of: key) {
        decoder.report(
          "duplicate key '\(key)' in \(what())", at: keyNode,
          notes: [Note("first defined here", at: entries[first].name.range)])
        continue
      }
      if let allowedKeys, !Self.contains(allowedKeys, key) {
        let hint =
          Suggestion.closest(to: key, in: allowedKeys).map { "; did you mean '\($0)'?" }
          ?? "; expected \(Self.list(allowedKeys))"
        decoder.report("unknown key '\(key)' in \(what())\(hint)", at: keyNode)
        continue
      }
      index?[key] = entries.count
      entries.append(
        Entry(key: key, name: decoder.identifier(key, at: keyNode), keyNode: keyNode, value: value))
    }
  }

  private func position(of key: String) -> Int? {
    if let index { return index[key] }
    let length = key.utf8.count
    return entries.firstIndex { $0.key.utf8.count == length && $0.key == key }
  }

  /// Whether `words` contains `word`, comparing lengths first: most keys differ in length,
  /// and that is decided without a call into the string library.
  static func contains(_ words: [String], _ word: String) -> Bool {
    let length = word.utf8.count
    return words.contains { $0.utf8.count == length && $0 == word }
  }

  /// The entry with this key.
  subscript(key: String) -> Entry? {
    position(of: key).map { entries[$0] }
  }

  /// `'a', 'b' or 'c'`.
  static func list(_ words: [String], conjunction: String = "or") -> String {
    let quoted = words.map { "'\($0)'" }
    guard quoted.count > 1 else { return quoted.first ?? "" }
    return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + (quoted.last ?? "")
  }
}
