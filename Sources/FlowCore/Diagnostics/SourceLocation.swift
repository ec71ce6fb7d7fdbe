/// A place in a source file: a 1-based line and a 1-based column.
///
/// Columns count Unicode characters (scalars), as libyaml does, not bytes: a line of
/// `名前: x` has `x` at column 5.
public struct SourcePosition: Hashable, Comparable, Sendable {
  /// The 1-based line.
  public var line: Int
  /// The 1-based column, in Unicode characters.
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}

/// A span of one source file, from the first character of a node to just past its last.
public struct SourceRange: Hashable, Sendable {
  /// The file's path as the user gave it (or found under a directory they gave).
  public var file: String
  /// Where the span starts (1-based).
  public var start: SourcePosition
  /// Just past where the span ends (1-based).
  public var end: SourcePosition

  public init(file: String, start: SourcePosition, end: SourcePosition) {
    self.file = file
    self.start = start
    self.end = end
  }

  /// An empty range at the start of `file`, for findings about a file as a whole.
  public static func startOfFile(_ file: String) -> SourceRange {
    let origin = SourcePosition(line: 1, column: 1)
    return SourceRange(file: file, start: origin, end: origin)
  }

  /// Whether `other` starts within this range (its end excluded), in the same file.
  public func contains(_ other: SourceRange) -> Bool {
    other.file == file && start <= other.start && other.start < end
  }

  /// The range from the start of `self` to the end of `other`.
  public func extended(to other: SourceRange) -> SourceRange {
    SourceRange(file: file, start: start, end: max(end, other.end))
  }
}
