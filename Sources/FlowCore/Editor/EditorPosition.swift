/// A place in an editor's text, as the Language Server Protocol counts it by default: a
/// 0-based line and a 0-based column in UTF-16 code units (`名前: x` has `x` at character 4).
///
/// The model counts 1-based lines and columns in Unicode scalars (``SourcePosition``); the
/// editor API converts at its boundary, with the file's text, so a server passes LSP
/// positions through unchanged.
package struct EditorPosition: Hashable, Comparable, Sendable {
  /// The 0-based line.
  package var line: Int
  /// The 0-based column, in UTF-16 code units.
  package var character: Int

  package init(line: Int, character: Int) {
    self.line = line
    self.character = character
  }

  package static func < (lhs: EditorPosition, rhs: EditorPosition) -> Bool {
    (lhs.line, lhs.character) < (rhs.line, rhs.character)
  }
}

/// A span of an editor's text, from `start` to just before `end` (LSP's `Range`).
package struct EditorRange: Hashable, Sendable {
  /// The first position in the span.
  package var start: EditorPosition
  /// Just past the span.
  package var end: EditorPosition

  package init(start: EditorPosition, end: EditorPosition) {
    self.start = start
    self.end = end
  }

  /// An empty span at `position`, where an edit inserts text.
  package init(at position: EditorPosition) {
    self.init(start: position, end: position)
  }

  /// Whether `position` is in the span, or at its end (where a cursor just after a name
  /// still means that name).
  package func touches(_ position: EditorPosition) -> Bool {
    start <= position && position <= end
  }

  /// Whether the two spans share a position, their ends included.
  package func overlaps(_ other: EditorRange) -> Bool {
    start <= other.end && other.start <= end
  }
}

/// A span of one file (LSP's `Location`).
package struct EditorLocation: Hashable, Sendable {
  /// The file's path, as the module was given it.
  package var path: String
  /// The span.
  package var range: EditorRange

  package init(path: String, range: EditorRange) {
    self.path = path
    self.range = range
  }
}

/// Text to put in place of a span of one file (LSP's `TextEdit`, with its file).
package struct EditorTextEdit: Hashable, Sendable {
  /// The file's path.
  package var path: String
  /// The span replaced; empty to insert.
  package var range: EditorRange
  /// The text put there.
  package var newText: String

  package init(path: String, range: EditorRange, newText: String) {
    self.path = path
    self.range = range
    self.newText = newText
  }
}

/// What the editor features read of a file's text besides positions, which ``SourceText``
/// converts. Lines here are an editor's: 0-based.
extension SourceText {
  /// The text of 0-based line `line`, without its break; empty past the end.
  func text(ofEditorLine line: Int) -> Substring.UnicodeScalarView {
    guard let bytes = bytes(ofLine: line + 1) else { return Substring("").unicodeScalars }
    return Substring(String(decoding: file.bytes[bytes], as: UTF8.self)).unicodeScalars
  }

  /// The column (0-based) of the first character of 0-based line `line` that is not a
  /// space, read from its bytes without decoding it; `nil` for a blank line or a comment.
  func indentation(ofEditorLine line: Int) -> Int? {
    guard let bytes = bytes(ofLine: line + 1) else { return nil }
    var index = bytes.lowerBound
    while index < bytes.upperBound, file.bytes[index] == UInt8(ascii: " ") { index += 1 }
    guard index < bytes.upperBound, file.bytes[index] != UInt8(ascii: "#") else { return nil }
    return index - bytes.lowerBound
  }

  /// The text of a span on one line (empty for a span across lines).
  func text(of range: SourceRange) -> String {
    guard range.start.line == range.end.line else { return "" }
    var result = String.UnicodeScalarView()
    var column = 1
    for scalar in text(ofEditorLine: range.start.line - 1) {
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
}
