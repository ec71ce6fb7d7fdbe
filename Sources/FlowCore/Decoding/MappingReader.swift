/// The pairs of one YAML mapping, checked: keys are text, none repeats, none is a merge
/// key, and (for constructs with fixed keys) every key is one the construct allows.
///
/// Problems are reported as `schema` findings and the offending pairs dropped, so that
/// decoding goes on with what is left.
struct MappingReader {
  /// One pair whose key is text.
  struct Entry {
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
  private var index: [String: Int] = [:]

  /// Reads `node` as a mapping of `what` (a phrase such as `screen 'Login'`), allowing
  /// only `allowedKeys` when given. Returns `nil`, after a finding, for other nodes.
  init?(
    _ node: YAMLNode, of what: String, allowedKeys: [String]? = nil,
    decoder: inout FileDecoder
  ) {
    guard case .mapping(let pairs) = node.value else {
      decoder.report(
        "\(what) must be a mapping, not \(node.kindDescription)", at: node)
      return nil
    }
    entries.reserveCapacity(pairs.count)
    for pair in pairs {
      guard let scalar = pair.key.scalar, !pair.key.isNull else {
        decoder.report(
          "a key in \(what) must be text, not \(pair.key.kindDescription)", at: pair.key)
        continue
      }
      let key = scalar.text
      if key == "<<" && scalar.style == .plain {
        decoder.report(
          "merge keys ('<<') are not part of the flow language; write the keys out",
          at: pair.key)
        continue
      }
      if let first = index[key] {
        decoder.report(
          "duplicate key '\(key)' in \(what)", at: pair.key,
          notes: [Note("first defined here", at: entries[first].name.range)])
        continue
      }
      if let allowedKeys, !allowedKeys.contains(key) {
        let hint =
          Suggestion.closest(to: key, in: allowedKeys).map { "; did you mean '\($0)'?" }
          ?? "; expected \(Self.list(allowedKeys))"
        decoder.report("unknown key '\(key)' in \(what)\(hint)", at: pair.key)
        continue
      }
      index[key] = entries.count
      entries.append(
        Entry(
          key: key, name: decoder.identifier(key, at: pair.key), keyNode: pair.key,
          value: pair.value))
    }
  }

  /// The entry with this key.
  subscript(key: String) -> Entry? {
    index[key].map { entries[$0] }
  }

  /// `'a', 'b' or 'c'`.
  static func list(_ words: [String], conjunction: String = "or") -> String {
    let quoted = words.map { "'\($0)'" }
    guard quoted.count > 1 else { return quoted.first ?? "" }
    return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + (quoted.last ?? "")
  }
}
