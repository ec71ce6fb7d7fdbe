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
}
