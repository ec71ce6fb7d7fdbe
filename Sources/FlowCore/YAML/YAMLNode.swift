/// A node of a parsed YAML document: an index into its ``YAMLTree``.
///
/// Nodes are plain indices so that walking a document costs no allocation and no reference
/// counting; the tree answers every question about a node.
package struct YAMLNode: Hashable, Sendable {
  /// The node's index in its tree.
  package let index: Int32

  init(_ index: Int32) { self.index = index }
}

/// What a node holds.
package enum YAMLKind: Sendable {
  /// Text.
  case scalar
  /// An ordered list of nodes.
  case sequence
  /// Key-value pairs in file order. Keys may repeat: the decoder reports that.
  case mapping
}

/// How a scalar was written in the file.
package enum YAMLScalarStyle: UInt8, Sendable {
  /// Without quotes.
  case plain
  /// In `'single quotes'`.
  case singleQuoted
  /// In `"double quotes"`.
  case doubleQuoted
  /// As a `|` block.
  case literal
  /// As a `>` block.
  case folded
}

/// A YAML document read into flat arrays: every node with its kind, its position (1-based)
/// and its children, the scalars' texts built once.
///
/// The YAML layer turns libyaml's events into this tree and nothing else: it knows no flow
/// language. An alias is a node of its own (with the alias's position) whose content is
/// its anchored node's, shared, so later stages see a plain tree and expansion costs
/// nothing.
package final class YAMLTree: Sendable {
  /// One node's record. `data` is the text index of a scalar, the first child's offset in
  /// `children` for a collection, and the anchored node for an alias.
  struct Record: Sendable {
    var kind: UInt8
    var data: UInt32
    var count: UInt32
    var start: SourcePosition
    var end: SourcePosition
  }

  static let sequenceKind: UInt8 = 5
  static let mappingKind: UInt8 = 6
  static let aliasKind: UInt8 = 7

  let records: [Record]
  let children: [YAMLNode]
  let texts: [String]
  let tags: [Int32: String]

  init(records: [Record], children: [YAMLNode], texts: [String], tags: [Int32: String]) {
    self.records = records
    self.children = children
    self.texts = texts
    self.tags = tags
  }

  /// The record holding the node's content: the anchored node's, for an alias.
  private func content(_ node: YAMLNode) -> Record {
    let record = records[Int(node.index)]
    return record.kind == Self.aliasKind ? records[Int(record.data)] : record
  }

  /// What the node holds.
  package func kind(of node: YAMLNode) -> YAMLKind {
    switch content(node).kind {
    case Self.sequenceKind: return .sequence
    case Self.mappingKind: return .mapping
    default: return .scalar
    }
  }

  /// The text of a scalar node, or `nil` for a collection.
  package func text(of node: YAMLNode) -> String? {
    let record = content(node)
    return record.kind < Self.sequenceKind ? texts[Int(record.data)] : nil
  }

  /// How a scalar node was written (`.plain` for collections).
  package func style(of node: YAMLNode) -> YAMLScalarStyle {
    YAMLScalarStyle(rawValue: content(node).kind) ?? .plain
  }

  /// The explicit tag of the node, such as `tag:yaml.org,2002:str`, if it has one.
  package func tag(of node: YAMLNode) -> String? {
    let record = records[Int(node.index)]
    let owner = record.kind == Self.aliasKind ? Int32(record.data) : node.index
    return tags.isEmpty ? nil : tags[owner]
  }

  /// The node an alias stands for, or `nil` when `node` is not an alias.
  package func anchored(_ node: YAMLNode) -> YAMLNode? {
    let record = records[Int(node.index)]
    return record.kind == Self.aliasKind ? YAMLNode(Int32(record.data)) : nil
  }

  /// Where the node starts (1-based); for an alias, where the alias is written.
  package func start(of node: YAMLNode) -> SourcePosition { records[Int(node.index)].start }

  /// Just past where the node ends (1-based).
  package func end(of node: YAMLNode) -> SourcePosition { records[Int(node.index)].end }

  /// The items of a sequence (empty for other nodes).
  package func items(of node: YAMLNode) -> ArraySlice<YAMLNode> {
    let record = content(node)
    guard record.kind == Self.sequenceKind else { return [] }
    return children[Int(record.data)..<Int(record.data + record.count)]
  }

  /// The pairs of a mapping, in file order (empty for other nodes).
  package func pairs(of node: YAMLNode) -> YAMLPairs {
    let record = content(node)
    guard record.kind == Self.mappingKind else { return YAMLPairs(nodes: []) }
    return YAMLPairs(nodes: children[Int(record.data)..<Int(record.data + record.count)])
  }

  /// Whether the node is YAML's null: `~`, `null`, or nothing, unquoted and untagged.
  package func isNull(_ node: YAMLNode) -> Bool {
    let record = content(node)
    guard record.kind == YAMLScalarStyle.plain.rawValue else { return false }
    // Most scalars are longer than four bytes or start with another letter: decide those
    // without comparing strings.
    let text = texts[Int(record.data)]
    let utf8 = text.utf8
    guard utf8.count <= 4 else { return false }
    if let first = utf8.first, first != UInt8(ascii: "~"), first != UInt8(ascii: "n"),
      first != UInt8(ascii: "N")
    {
      return false
    }
    guard tag(of: node) == nil else { return false }
    switch text {
    case "", "~", "null", "Null", "NULL": return true
    default: return false
    }
  }

  /// Whether the node holds nothing at all: YAML's null written as nothing or `~`. Where the
  /// language expects a name, the words `null`, `Null` and `NULL` are names like any other
  /// (spec section 2), so only this is a missing name.
  package func isAbsent(_ node: YAMLNode) -> Bool {
    guard isNull(node) else { return false }
    let text = texts[Int(content(node).data)]
    return text.isEmpty || text == "~"
  }

  /// A word for the kind of node, for messages: `a mapping`, `a list`, `a scalar`, `null`.
  package func kindDescription(of node: YAMLNode) -> String {
    switch kind(of: node) {
    case .scalar: return isNull(node) ? "null" : "a scalar"
    case .sequence: return "a list"
    case .mapping: return "a mapping"
    }
  }
}

/// The pairs of a mapping: a view over its children, two by two.
package struct YAMLPairs: RandomAccessCollection, Sendable {
  let nodes: ArraySlice<YAMLNode>

  package var startIndex: Int { 0 }
  package var endIndex: Int { nodes.count / 2 }

  package subscript(position: Int) -> (key: YAMLNode, value: YAMLNode) {
    let base = nodes.startIndex + 2 * position
    return (nodes[base], nodes[base + 1])
  }
}

/// The bounds the YAML layer enforces while it streams, so that no input can make it
/// hang, exhaust memory or overflow the stack.
public struct YAMLLimits: Sendable {
  /// The deepest nesting of collections accepted.
  public var maxDepth: Int
  /// The most nodes that aliases may add to a document by expansion.
  public var maxAliasExpansion: Int
  /// The largest file accepted, in bytes.
  public var maxFileSize: Int

  public init(maxDepth: Int, maxAliasExpansion: Int, maxFileSize: Int) {
    self.maxDepth = maxDepth
    self.maxAliasExpansion = maxAliasExpansion
    self.maxFileSize = maxFileSize
  }

  /// The documented bounds (`docs/limits.md`).
  public static let standard = YAMLLimits(
    maxDepth: 100, maxAliasExpansion: 100_000, maxFileSize: 64 << 20)
}
