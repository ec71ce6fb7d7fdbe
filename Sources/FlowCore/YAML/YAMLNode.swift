/// A node of a YAML document, with where it stands in its file.
///
/// The YAML layer turns libyaml's events into these nodes and nothing else: it knows no
/// flow language. Aliases are already resolved (an alias is a copy of its anchored node,
/// sharing its storage), so later stages see a plain tree.
public struct YAMLNode: Sendable {
  /// What a node holds.
  public enum Value: Sendable {
    /// Text, with how it was written.
    case scalar(YAMLScalar)
    /// An ordered list of nodes.
    case sequence([YAMLNode])
    /// Key-value pairs in file order. Keys may repeat: the model reports that.
    case mapping([YAMLPair])
  }

  /// What the node holds.
  public var value: Value
  /// Where the node starts (1-based).
  public var start: SourcePosition
  /// Just past where the node ends (1-based).
  public var end: SourcePosition
  /// An explicit tag such as `!!str`, if the node has one.
  public var tag: String?

  public init(_ value: Value, start: SourcePosition, end: SourcePosition, tag: String? = nil) {
    self.value = value
    self.start = start
    self.end = end
    self.tag = tag
  }

  /// The scalar this node holds, or `nil` for a collection.
  public var scalar: YAMLScalar? {
    if case .scalar(let scalar) = value { return scalar }
    return nil
  }

  /// Whether the node is YAML's null: `~`, `null`, or nothing, unquoted and untagged.
  public var isNull: Bool {
    guard tag == nil, let scalar, scalar.style == .plain else { return false }
    switch scalar.text {
    case "", "~", "null", "Null", "NULL": return true
    default: return false
    }
  }

  /// A word for the kind of node, for messages: `a mapping`, `a list`, `text`.
  public var kindDescription: String {
    switch value {
    case .scalar: return isNull ? "null" : "a scalar"
    case .sequence: return "a list"
    case .mapping: return "a mapping"
    }
  }
}

/// A scalar's text and how it was written.
public struct YAMLScalar: Sendable {
  /// How a scalar was written in the file.
  public enum Style: Sendable {
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

  /// The text after YAML's unquoting and folding.
  public var text: String
  /// How it was written.
  public var style: Style

  public init(_ text: String, style: Style = .plain) {
    self.text = text
    self.style = style
  }
}

/// A key and its value in a mapping.
public struct YAMLPair: Sendable {
  /// The key: a scalar in the flow language, but YAML allows any node.
  public var key: YAMLNode
  /// The value.
  public var value: YAMLNode

  public init(key: YAMLNode, value: YAMLNode) {
    self.key = key
    self.value = value
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
