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
  /// Bytes that are not UTF-8 are shown as U+FFFD.
  public func line(_ number: Int) -> String? {
    guard number >= 1 else { return nil }
    var line = 1
    var index = byteOrderMarkLength
    while line < number {
      guard let lineBreak = bytes[index...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D })
      else { return nil }
      index = lineBreak + 1
      if bytes[lineBreak] == 0x0D, index < bytes.count, bytes[index] == 0x0A { index += 1 }
      line += 1
    }
    guard index <= bytes.count else { return nil }
    let lineEnd = bytes[index...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) ?? bytes.count
    if index == bytes.count && line > 1 && lineEnd == index { return nil }
    return String(decoding: bytes[index..<lineEnd], as: UTF8.self)
  }
}
