/// The pairs of one YAML mapping, checked, with the mappings its merge keys name merged in:
/// keys are text, none repeats within one mapping as written, and (for constructs with
/// fixed keys) every key is one the construct allows.
///
/// A merge key (a plain `<<`; a quoted `"<<"` or `!!str <<` is an ordinary key) merges the mapping it
/// names (`<<: *anchor`, or a mapping written in place) or each mapping of a list
/// (`<<: [*a, *b]`), as YAML 1.1 says: the mapping's own keys win over merged ones, and an
/// earlier mapping of the list over a later one (spec section 1). Merged entries are the
/// anchored nodes themselves, so everything said about them is placed at the anchor. The
/// own entries come first, in file order, then the merged ones, in the order they win.
///
/// Problems are reported as ``FrontEndProblem``s and the offending pairs dropped, so that
/// decoding goes on with what is left. Small mappings (the common case) are searched
/// linearly; a hash table is built only for large ones.
///
/// Merging costs what the merged mappings hold, each time one is merged: no more than the
/// alias expansion the YAML layer bounds, so merges make no alias bomb.
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

  /// The pairs kept: the mapping's own in file order, then the merged ones.
  private(set) var entries: [Entry] = []
  /// Whether a merge key named something that is not a mapping (a problem says so): the
  /// keys it would have merged are missing for a reason already reported, so a missing key
  /// is not reported again.
  private(set) var hasBrokenMerge = false
  /// Key → entry, for mappings too large to search linearly.
  private var index: [String: Int]?

  private static let linearLimit = 12

  /// A mapping a merge key names, still to be read.
  private struct Merge {
    /// The mapping, or an alias of it.
    var node: YAMLNode
    /// Whether its content is written elsewhere (it is, or is inside, an alias).
    var isShared: Bool
  }

  /// Reads `node` as a mapping of `what` (a phrase such as `screen 'Login'`, built only
  /// for messages), allowing only `allowedKeys` when given. Returns `nil`, after a
  /// problem, for other nodes.
  init?(
    _ node: YAMLNode, of what: @autoclosure () -> MessageText, allowedKeys: [String]? = nil,
    decoder: inout FileDecoder
  ) {
    let tree = decoder.tree
    guard tree.kind(of: node) == .mapping else {
      decoder.report(
        "not-a-mapping", "\(what()) must be a mapping, not \(tree.kindDescription(of: node))",
        at: node)
      return nil
    }
    decoder.noteShared(ifAlias: node)
    let pairs = tree.pairs(of: node)
    entries.reserveCapacity(pairs.count)
    if pairs.count > Self.linearLimit { index = Dictionary(minimumCapacity: pairs.count) }
    var merges: [Merge] = []
    var mergeKey: YAMLNode?
    // Content read through an alias is shared: its keys are not fixed from here.
    var written: WrittenKeys? = tree.anchored(node) == nil ? WrittenKeys(node) : nil
    for (keyNode, value) in pairs {
      guard let key = Self.key(keyNode, of: what, decoder: &decoder) else { continue }
      if Self.isMergeKey(key, keyNode, tree) {
        if let first = mergeKey {
          Self.reportDuplicate(key, at: keyNode, first: first, of: what, decoder: &decoder)
          continue
        }
        mergeKey = keyNode
        add(merges: value, into: &merges, isShared: false, decoder: &decoder)
        continue
      }
      if let first = position(of: key) {
        Self.reportDuplicate(
          key, at: keyNode, first: entries[first].keyNode, of: what, decoder: &decoder)
        continue
      }
      guard
        Self.isAllowed(
          key, allowedKeys, at: keyNode, of: what, written: &written, decoder: &decoder)
      else { continue }
      append(
        Entry(key: key, name: decoder.identifier(key, at: keyNode), keyNode: keyNode, value: value))
    }
    guard !merges.isEmpty else { return }
    // Depth first, each mapping's own keys before those it merges in turn: that is the
    // order in which keys win.
    var pending = Array(merges.reversed())
    while let merge = pending.popLast() {
      var nested: [Merge] = []
      self.merge(merge, of: what, allowedKeys: allowedKeys, nested: &nested, decoder: &decoder)
      pending.append(contentsOf: nested.reversed())
    }
  }

  /// Adds the pairs of one merged mapping that no entry has yet, and collects the merges it
  /// holds into `nested`.
  private mutating func merge(
    _ merge: Merge, of what: () -> MessageText, allowedKeys: [String]?, nested: inout [Merge],
    decoder: inout FileDecoder
  ) {
    let tree = decoder.tree
    var written: [String: YAMLNode] = [:]
    var mergeKey: YAMLNode?
    var taken: [SourceRange] = []
    var isWhole = true
    for (keyNode, value) in tree.pairs(of: merge.node) {
      guard let key = Self.key(keyNode, of: what, decoder: &decoder) else { continue }
      if Self.isMergeKey(key, keyNode, tree) {
        if let first = mergeKey {
          Self.reportDuplicate(key, at: keyNode, first: first, of: what, decoder: &decoder)
          continue
        }
        mergeKey = keyNode
        add(merges: value, into: &nested, isShared: merge.isShared, decoder: &decoder)
        continue
      }
      if let first = written[key] {
        Self.reportDuplicate(key, at: keyNode, first: first, of: what, decoder: &decoder)
        continue
      }
      written[key] = keyNode
      // Merged content is not fixed: a key written there may be shared by other mappings.
      var unfixable: WrittenKeys?
      guard
        Self.isAllowed(
          key, allowedKeys, at: keyNode, of: what, written: &unfixable, decoder: &decoder)
      else { continue }
      guard position(of: key) == nil else {
        isWhole = false
        continue
      }
      if merge.isShared {
        taken.append(
          SourceRange(
            file: decoder.fileName, start: tree.start(of: keyNode),
            end: max(tree.end(of: keyNode), tree.end(of: value))))
      }
      append(
        Entry(key: key, name: decoder.identifier(key, at: keyNode), keyNode: keyNode, value: value))
    }
    guard merge.isShared else { return }
    if isWhole, let anchored = tree.anchored(merge.node) {
      decoder.noteShared(decoder.range(of: anchored))
    } else {
      for range in taken { decoder.noteShared(range) }
    }
  }

  /// Collects the mappings a merge key's `value` names, reporting what is not a mapping.
  private mutating func add(
    merges value: YAMLNode, into merges: inout [Merge], isShared: Bool,
    decoder: inout FileDecoder
  ) {
    let tree = decoder.tree
    let items: [YAMLNode] =
      tree.kind(of: value) == .sequence ? Array(tree.items(of: value)) : [value]
    for item in items {
      guard tree.kind(of: item) == .mapping else {
        decoder.report(
          "bad-merge",
          "a merge key ('<<') takes a mapping, such as '<<: *shared', or a list of them, not "
            + "\(tree.kindDescription(of: item))", at: item)
        hasBrokenMerge = true
        continue
      }
      merges.append(Merge(node: item, isShared: isShared || tree.anchored(item) != nil))
    }
  }

  private mutating func append(_ entry: Entry) {
    if index == nil && entries.count >= Self.linearLimit {
      index = Dictionary(
        entries.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
    }
    index?[entry.key] = entries.count
    entries.append(entry)
  }

  /// The text of a key, or `nil` after a problem. Keys are raw text (spec section 2):
  /// `null`, `Null` and `NULL` are names like any other; only a key of nothing or `~` is not.
  private static func key(
    _ keyNode: YAMLNode, of what: () -> MessageText, decoder: inout FileDecoder
  ) -> String? {
    let tree = decoder.tree
    guard let key = tree.text(of: keyNode), !tree.isAbsent(keyNode) else {
      decoder.report(
        "key-not-text", "a key in \(what()) must be text, not \(tree.kindDescription(of: keyNode))",
        at: keyNode)
      return nil
    }
    return key
  }

  /// Whether the key is a merge key: `<<` unquoted and untagged (`!!str <<` is text).
  private static func isMergeKey(_ key: String, _ keyNode: YAMLNode, _ tree: YAMLTree) -> Bool {
    key == "<<" && tree.style(of: keyNode) == .plain
      && (tree.tag(of: keyNode) == nil || tree.tag(of: keyNode) == "tag:yaml.org,2002:merge")
  }

  /// Whether `key` is one of `allowedKeys` (any key, when `nil`), reporting it otherwise.
  private static func isAllowed(
    _ key: String, _ allowedKeys: [String]?, at keyNode: YAMLNode, of what: () -> MessageText,
    written: inout WrittenKeys?, decoder: inout FileDecoder
  ) -> Bool {
    guard let allowedKeys, !contains(allowedKeys, key) else { return true }
    let best = Suggestion.best(to: key, in: allowedKeys)
    let hint = best.map { "; did you mean '\($0.name)'?" } ?? "; expected \(list(allowedKeys))"
    // A key whose closest allowed key has no rival is fixed by writing that key, unless the
    // mapping already has it (then the misspelt one is a second value, not a typo to fix).
    var fixIts: [FixIt] = []
    if let best, best.isUnique, written != nil,
      written?.blocksFix(best.name, tree: decoder.tree) == false
    {
      fixIts = [.replace(key, at: decoder.range(of: keyNode), with: best.name)]
    }
    decoder.report(
      "unknown-key", "unknown key '\(key)' in \(what())\(hint)", at: keyNode, about: .key(key),
      suggestion: best?.name, fixIts: fixIts)
    return false
  }

  private static func reportDuplicate(
    _ key: String, at keyNode: YAMLNode, first: YAMLNode, of what: () -> MessageText,
    decoder: inout FileDecoder
  ) {
    decoder.report(
      "duplicate-key", "duplicate key '\(key)' in \(what())", at: keyNode,
      notes: [Note("first defined here", at: decoder.range(of: first))], about: .key(key))
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
    words.map { "'\($0)'" }.listed(conjunction: conjunction)
  }
}

/// The keys written in one mapping, for deciding whether a misspelt key may be fixed: not
/// when the mapping already has the key it would become (that would make a duplicate), nor
/// when it merges others in (the key could come from there). Read from the mapping once,
/// when a fix first asks, so a mapping with many unknown keys costs one pass.
struct WrittenKeys {
  private let node: YAMLNode
  private var keys: Set<String>?

  init(_ node: YAMLNode) {
    self.node = node
  }

  /// Whether writing `key` in the mapping would be wrong or would change a merged value.
  mutating func blocksFix(_ key: String, tree: YAMLTree) -> Bool {
    if keys == nil {
      keys = Set(tree.pairs(of: node).compactMap { tree.text(of: $0.key) })
    }
    guard let keys else { return true }
    return keys.contains(key) || keys.contains("<<")
  }
}
