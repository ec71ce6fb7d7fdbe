import FlowCore
import Testing

/// A flow file for editor tests, written with a cursor `‸` where a query is made.
struct MarkedFile {
  /// The file as the editor has it, without the cursor.
  var file: SourceFile
  /// Where the cursor was, in LSP's terms (0-based, UTF-16 columns).
  var cursor: EditorPosition?

  init(_ path: String, _ marked: String) {
    var text = ""
    var cursor: EditorPosition?
    var line = 0
    var character = 0
    for scalar in marked.unicodeScalars {
      if scalar == "‸" {
        cursor = EditorPosition(line: line, character: character)
        continue
      }
      text.unicodeScalars.append(scalar)
      if scalar == "\n" {
        line += 1
        character = 0
      } else {
        character += scalar.utf16.count
      }
    }
    file = SourceFile(path: path, text: text)
    self.cursor = cursor
  }

  var path: String { file.path }
  var text: String { String(decoding: file.bytes, as: UTF8.self) }
}

/// The position of the `occurrence`-th (0-based) `needle` in `text`, in LSP's terms.
func position(of needle: String, in text: String, occurrence: Int = 0) -> EditorPosition? {
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
  var seen = 0
  for (number, line) in lines.enumerated() {
    var rest = Substring(line)
    var offset = 0
    while let found = rest.firstRange(of: needle) {
      if seen == occurrence {
        let prefix = rest[..<found.lowerBound]
        return EditorPosition(line: number, character: offset + prefix.utf16.count)
      }
      seen += 1
      offset += rest[..<found.upperBound].utf16.count
      rest = rest[found.upperBound...]
    }
  }
  return nil
}

/// `text` with `edits` applied (LSP positions, UTF-16 columns), the later first so that
/// earlier positions still hold.
func applying(_ edits: [EditorTextEdit], to text: String) -> String {
  var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
    Array(String($0).utf16)
  }
  let sorted = edits.sorted { $0.range.start > $1.range.start }
  for edit in sorted {
    let start = edit.range.start
    let end = edit.range.end
    guard start.line < lines.count, end.line < lines.count else { continue }
    let head = Array(lines[start.line][..<start.character])
    let tail = Array(lines[end.line][end.character...])
    let replaced = head + Array(edit.newText.utf16) + tail
    let newLines = String(decoding: replaced, as: UTF16.self)
      .split(separator: "\n", omittingEmptySubsequences: false).map { Array(String($0).utf16) }
    lines.replaceSubrange(start.line...end.line, with: newLines)
  }
  return lines.map { String(decoding: $0, as: UTF16.self) }.joined(separator: "\n")
}

/// A module of one flow file, `a.flow.yaml`, that a suite asks the editor about: positions
/// and spans in its text, and the completions in another file beside it.
struct OneFileModule {
  static let path = "a.flow.yaml"
  let text: String
  let editor: EditorModule

  init(_ text: String) {
    self.text = text
    editor = EditorModule(files: [SourceFile(path: Self.path, text: text)])
  }

  /// The position of the `occurrence`-th `needle` in the file.
  func at(_ needle: String, _ occurrence: Int = 0) throws -> EditorPosition {
    try #require(position(of: needle, in: text, occurrence: occurrence))
  }

  /// Where the `occurrence`-th `needle` stands in the file.
  func span(_ needle: String, _ occurrence: Int) throws -> EditorLocation {
    let start = try at(needle, occurrence)
    return EditorLocation(
      path: Self.path,
      range: EditorRange(
        start: start,
        end: EditorPosition(line: start.line, character: start.character + needle.utf16.count)))
  }

  /// The completions at the cursor of `marked`, a file of its own beside this one.
  func offers(_ marked: String) throws -> [EditorCompletion] {
    let file = MarkedFile("main.flow.yaml", marked)
    let cursor = try #require(file.cursor)
    let module = EditorModule(files: [file.file, SourceFile(path: Self.path, text: text)])
    return module.completions(at: cursor, in: file.path)
  }
}
