/// The text of one flow file, as read, with the path it is reported under.
public struct SourceFile: Sendable {
  /// The path findings name: as given on the command line, or found under a directory
  /// given there; `<stdin>` for standard input.
  public var path: String
  /// The file's bytes, exactly as read.
  public var bytes: [UInt8]

  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
  }

  public init(path: String, text: String) {
    self.init(path: path, bytes: Array(text.utf8))
  }

  /// The length of a UTF-8 byte order mark at the start of the file: 3 or 0.
  var byteOrderMarkLength: Int {
    bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
  }

  /// The line and column of the byte at `offset`, counting lines as YAML does (`\n`,
  /// `\r\n` or `\r` end a line) and columns in characters; a byte order mark takes none.
  public func position(ofByteOffset offset: Int) -> SourcePosition {
    let end = min(max(offset, 0), bytes.count)
    var line = 1
    var column = 1
    var index = byteOrderMarkLength
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte == UInt8(ascii: "\r") {
        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      index += 1
    }
    return SourcePosition(line: line, column: column)
  }

  /// The text of 1-based line `number` without its line break, or `nil` past the end.
  /// Bytes that are not UTF-8 are shown as U+FFFD. Reads the whole file: to take many
  /// lines, build a ``LineIndex`` once.
  public func line(_ number: Int) -> String? {
    LineIndex(self).bytes(ofLine: number).map { String(decoding: bytes[$0], as: UTF8.self) }
  }
}

/// Where each line of a source file starts and ends, found in one pass over its bytes, so
/// that taking a line costs no more than its own length however many lines are taken
/// (the text output excerpts a line per finding, and a file can have 100,000 findings).
package struct LineIndex: Sendable {
  /// The byte offset of each line's first byte, and of the end of its text (before its
  /// line break), in file order.
  private var starts: [Int] = []
  private var ends: [Int] = []

  /// The index of `file`'s lines, counted as YAML does: `\n`, `\r\n` or `\r` end a line;
  /// a byte order mark belongs to none.
  package init(_ file: SourceFile) {
    let bytes = file.bytes
    var start = file.byteOrderMarkLength
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == 0x0A || byte == 0x0D else {
        index += 1
        continue
      }
      starts.append(start)
      ends.append(index)
      index += byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
      start = index
    }
    // The text after the last line break is a line unless it is empty and follows one.
    if start < bytes.count || starts.isEmpty {
      starts.append(start)
      ends.append(bytes.count)
    }
  }

  /// The number of lines.
  package var count: Int { starts.count }

  /// The byte range of 1-based line `number`, without its line break, or `nil` past the
  /// end. O(1).
  package func bytes(ofLine number: Int) -> Range<Int>? {
    guard number >= 1, number <= starts.count else { return nil }
    return starts[number - 1]..<ends[number - 1]
  }
}
