/// A place in an editor's text, as the Language Server Protocol counts it by default: a
/// 0-based line and a 0-based column in UTF-16 code units (`名前: x` has `x` at character 4).
///
/// The model counts 1-based lines and columns in Unicode scalars (``SourcePosition``); the
/// editor API converts at its boundary, with the file's text, so a server passes LSP
/// positions through unchanged.
public struct EditorPosition: Hashable, Comparable, Sendable {
  /// The 0-based line.
  public var line: Int
  /// The 0-based column, in UTF-16 code units.
  public var character: Int

  public init(line: Int, character: Int) {
    self.line = line
    self.character = character
  }

  public static func < (lhs: EditorPosition, rhs: EditorPosition) -> Bool {
    (lhs.line, lhs.character) < (rhs.line, rhs.character)
  }
}

/// A span of an editor's text, from `start` to just before `end` (LSP's `Range`).
public struct EditorRange: Hashable, Sendable {
  /// The first position in the span.
  public var start: EditorPosition
  /// Just past the span.
  public var end: EditorPosition

  public init(start: EditorPosition, end: EditorPosition) {
    self.start = start
    self.end = end
  }

  /// An empty span at `position`, where an edit inserts text.
  public init(at position: EditorPosition) {
    self.init(start: position, end: position)
  }

  /// Whether `position` is in the span, or at its end (where a cursor just after a name
  /// still means that name).
  public func touches(_ position: EditorPosition) -> Bool {
    start <= position && position <= end
  }

  /// Whether the two spans share a position, their ends included.
  public func overlaps(_ other: EditorRange) -> Bool {
    start <= other.end && other.start <= end
  }
}

/// A span of one file (LSP's `Location`).
public struct EditorLocation: Hashable, Sendable {
  /// The file's path, as the module was given it.
  public var path: String
  /// The span.
  public var range: EditorRange

  public init(path: String, range: EditorRange) {
    self.path = path
    self.range = range
  }
}

/// Text to put in place of a span of one file (LSP's `TextEdit`, with its file).
public struct EditorTextEdit: Hashable, Sendable {
  /// The file's path.
  public var path: String
  /// The span replaced; empty to insert.
  public var range: EditorRange
  /// The text put there.
  public var newText: String

  public init(path: String, range: EditorRange, newText: String) {
    self.path = path
    self.range = range
    self.newText = newText
  }
}

/// Converts between the model's positions (1-based, columns in Unicode scalars) and an
/// editor's (0-based, columns in UTF-16 code units) for one file, with its lines indexed
/// once. A conversion costs the length of its line.
struct TextPositions: Sendable {
  /// The file's text.
  let file: SourceFile
  /// Where each line starts and ends.
  private let lines: LineIndex

  init(_ file: SourceFile) {
    self.file = file
    lines = LineIndex(file)
  }

  /// The number of lines.
  var lineCount: Int { lines.count }

  /// The text of 0-based line `line`, without its break; empty past the end.
  func text(ofLine line: Int) -> Substring.UnicodeScalarView {
    guard let bytes = lines.bytes(ofLine: line + 1) else { return Substring("").unicodeScalars }
    return Substring(String(decoding: file.bytes[bytes], as: UTF8.self)).unicodeScalars
  }

  /// The column (0-based) of the first character of 0-based line `line` that is not a
  /// space, read from its bytes without decoding it; `nil` for a blank line or a comment.
  func indentation(ofLine line: Int) -> Int? {
    guard let bytes = lines.bytes(ofLine: line + 1) else { return nil }
    var index = bytes.lowerBound
    while index < bytes.upperBound, file.bytes[index] == UInt8(ascii: " ") { index += 1 }
    guard index < bytes.upperBound, file.bytes[index] != UInt8(ascii: "#") else { return nil }
    return index - bytes.lowerBound
  }

  /// The editor's position of `position`.
  func editor(_ position: SourcePosition) -> EditorPosition {
    let line = position.line - 1
    var character = 0
    var column = 1
    for scalar in text(ofLine: line) {
      guard column < position.column else { break }
      character += scalar.utf16.count
      column += 1
    }
    return EditorPosition(line: max(line, 0), character: character)
  }

  /// The editor's span of `range`.
  func editor(_ range: SourceRange) -> EditorRange {
    EditorRange(start: editor(range.start), end: editor(range.end))
  }

  /// The model's position of `position`: a column inside a character counts as that
  /// character's.
  func source(_ position: EditorPosition) -> SourcePosition {
    var units = 0
    var column = 1
    for scalar in text(ofLine: position.line) {
      let width = scalar.utf16.count
      guard units + width <= position.character else { break }
      units += width
      column += 1
    }
    return SourcePosition(line: position.line + 1, column: column)
  }

  /// The text of a span on one line (empty for a span across lines).
  func text(of range: SourceRange) -> String {
    guard range.start.line == range.end.line else { return "" }
    var result = String.UnicodeScalarView()
    var column = 1
    for scalar in text(ofLine: range.start.line - 1) {
      if column >= range.end.column { break }
      if column >= range.start.column { result.append(scalar) }
      column += 1
    }
    return String(result)
  }

  /// The span of `name` as spelled within `range` on one line: the whole range for a plain
  /// name, the inside of the quotes for a quoted one; `nil` when the range does not spell it.
  func spelling(of name: String, in range: SourceRange) -> SourceRange? {
    let written = Array(text(of: range).unicodeScalars)
    let wanted = Array(name.unicodeScalars)
    guard !wanted.isEmpty, written.count >= wanted.count,
      let offset = (0...(written.count - wanted.count)).first(where: {
        written[$0..<($0 + wanted.count)].elementsEqual(wanted)
      })
    else { return nil }
    let length = wanted.count
    var start = range.start
    start.column += offset
    var end = start
    end.column += length
    return SourceRange(file: range.fileName, start: start, end: end)
  }

  /// The end of the file, where text is appended.
  var end: EditorPosition {
    let last = max(lineCount - 1, 0)
    var character = 0
    for scalar in text(ofLine: last) { character += scalar.utf16.count }
    let endsWithBreak =
      file.bytes.last == UInt8(ascii: "\n") || file.bytes.last == UInt8(ascii: "\r")
    return endsWithBreak
      ? EditorPosition(line: lineCount, character: 0)
      : EditorPosition(line: last, character: character)
  }
}
