/// A file's text with its lines indexed once: the one place that knows where a line starts
/// and ends, and that converts between the three ways flowc counts a place in it.
///
/// - **Bytes**: offsets into ``SourceFile/bytes``, the byte order mark included.
/// - **The model's positions** (``SourcePosition``): 1-based lines, 1-based columns in
///   Unicode scalars, as findings, `--fix` and every output report them.
/// - **An editor's** (``EditorPosition``): 0-based lines, columns in UTF-16 code units, as
///   the Language Server Protocol counts them.
///
/// Every reader of positions (the text output's excerpts, `--fix`, the editor features, the
/// language server) converts here, so they agree on every text. The cases where counting
/// could differ, each pinned by `SourceTextTests`:
///
/// - A line ends at `\n`, `\r\n` or a lone `\r` (YAML's line breaks, and LSP's). NEL,
///   U+2028 and U+2029, which YAML 1.1 also counts as line breaks but editors do not, are
///   characters within a line; the YAML layer moves libyaml's positions onto these lines.
/// - A UTF-8 byte order mark at the start of the file belongs to no line and takes no
///   column, for the model as for an editor (which does not show it).
/// - A character outside the Basic Multilingual Plane (`😀`) is one column and two UTF-16
///   units; an editor's column that falls between its two units means that character.
/// - A sequence of bytes that is not UTF-8 counts as one character and one UTF-16 unit, as
///   the U+FFFD it is shown as.
/// - A column past the end of its line means the line's end; a line past the last line
///   means the end of the file.
///
/// Building it reads the file once; a conversion costs the length of its own line, however
/// long the file (the text output excerpts a line per finding, and a file can have 100,000).
package struct SourceText: Sendable {
  /// The file's bytes and path.
  package let file: SourceFile
  /// The byte offset of each line's first byte, in file order.
  private var starts: [Int] = []
  /// The byte offset of the end of each line's text, before its line break.
  private var ends: [Int] = []
  /// The file's own line break, for text inserted into it: the first one it has (`\r\n`,
  /// `\r` or `\n`), or `\n` when it has none.
  package private(set) var lineBreak = "\n"

  package init(_ file: SourceFile) {
    self.file = file
    let bytes = file.bytes
    var start = file.byteOrderMarkLength
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == 0x0A || byte == 0x0D else {
        index += 1
        continue
      }
      let width = byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
      if starts.isEmpty { lineBreak = width == 2 ? "\r\n" : byte == 0x0D ? "\r" : "\n" }
      starts.append(start)
      ends.append(index)
      index += width
      start = index
    }
    // The text after the last line break is a line unless it is empty and follows one.
    if start < bytes.count || starts.isEmpty {
      starts.append(start)
      ends.append(bytes.count)
    }
  }

  /// The number of lines: an empty file has one, and a line break at the end of the file
  /// starts none.
  package var lineCount: Int { starts.count }

  /// Whether the file's last line ends with a line break.
  package var endsWithLineBreak: Bool {
    (ends.last ?? 0) < file.bytes.count
  }

  /// The byte range of 1-based line `number`, without its line break, or `nil` past the
  /// end. O(1).
  package func bytes(ofLine number: Int) -> Range<Int>? {
    guard number >= 1, number <= starts.count else { return nil }
    return starts[number - 1]..<ends[number - 1]
  }

  /// The text of 1-based line `number` without its line break, or `nil` past the end. Bytes
  /// that are not UTF-8 are shown as U+FFFD.
  package func line(_ number: Int) -> String? {
    bytes(ofLine: number).map { String(decoding: file.bytes[$0], as: UTF8.self) }
  }

  // MARK: Bytes and the model's positions

  /// The position of the byte at `offset`: the line it is on, and one more than the number
  /// of characters before it on that line. An offset in a line break is the end of that
  /// line; one in the byte order mark the start of the file.
  package func position(ofByteOffset offset: Int) -> SourcePosition {
    let offset = min(max(offset, 0), file.bytes.count)
    // The last line that starts at or before the offset.
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    let end = max(min(offset, ends[low]), starts[low])
    var column = 1
    walk(starts[low]..<end) { _, _ in
      column += 1
      return true
    }
    return SourcePosition(line: low + 1, column: column)
  }

  /// The byte offset of `position`, or `nil` when it is not in the file: a line past the
  /// end, or a column past the end of its line (the column just after the last character
  /// is the line's end, where text can be appended).
  package func byteOffset(of position: SourcePosition) -> Int? {
    guard let line = bytes(ofLine: position.line), position.column >= 1 else { return nil }
    var offset = line.lowerBound
    var column = 1
    walk(line) { end, _ in
      guard column < position.column else { return false }
      column += 1
      offset = end
      return true
    }
    return column == position.column ? offset : nil
  }

  // MARK: The model's positions and an editor's

  /// The editor's position of `position`: a column past the end of its line is the line's
  /// end, a line past the last line the end of the file.
  package func editor(_ position: SourcePosition) -> EditorPosition {
    let line = max(position.line, 1)
    guard let bytes = bytes(ofLine: line) else { return end }
    var character = 0
    var column = 1
    walk(bytes) { _, units in
      guard column < position.column else { return false }
      character += units
      column += 1
      return true
    }
    return EditorPosition(line: line - 1, character: character)
  }

  /// The editor's span of `range`.
  package func editor(_ range: SourceRange) -> EditorRange {
    EditorRange(start: editor(range.start), end: editor(range.end))
  }

  /// The model's position of an editor's `position`: a column between the two UTF-16 units
  /// of a character is that character's, one past the end of its line the line's end, a line
  /// past the last line the end of the file.
  package func source(_ position: EditorPosition) -> SourcePosition {
    let line = max(position.line, 0) + 1
    guard let bytes = bytes(ofLine: line) else { return endPosition }
    var units = 0
    var column = 1
    walk(bytes) { _, width in
      guard units + width <= position.character else { return false }
      units += width
      column += 1
      return true
    }
    return SourcePosition(line: line, column: column)
  }

  /// The end of the file, where text is appended, as an editor counts: the start of the
  /// line after a final line break, or the end of the last line.
  package var end: EditorPosition {
    let last = lineCount - 1
    guard !endsWithLineBreak else { return EditorPosition(line: lineCount, character: 0) }
    var character = 0
    walk(starts[last]..<ends[last]) { _, units in
      character += units
      return true
    }
    return EditorPosition(line: last, character: character)
  }

  /// The end of the file as the model counts (where libyaml ends the stream).
  private var endPosition: SourcePosition {
    guard !endsWithLineBreak else { return SourcePosition(line: lineCount + 1, column: 1) }
    return position(ofByteOffset: file.bytes.count)
  }

  // MARK: Characters

  /// Calls `body` for each character of `bytes` in order, with the offset just past it and
  /// its width in UTF-16 code units, while `body` returns `true`. A sequence that is not
  /// UTF-8 is one character of one unit, as the U+FFFD it decodes to.
  private func walk(_ bytes: Range<Int>, _ body: (_ end: Int, _ units: Int) -> Bool) {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = file.bytes[bytes].makeIterator()
    var offset = bytes.lowerBound
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        offset += encoded.count
        let units = Unicode.UTF8.decode(encoded).utf16.count
        guard body(offset, units) else { return }
      case .error(let length):
        offset += length
        guard body(offset, 1) else { return }
      case .emptyInput:
        return
      }
    }
  }
}
