/// Text being written, kept as UTF-8 bytes until it is done.
///
/// The generators append millions of short pieces; appending to a `String` pays for
/// capacity checks and bookkeeping on every call, appending bytes to an array only for
/// the copy.
struct TextBuffer {
  private(set) var bytes: [UInt8] = []

  init(capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  /// How many bytes are written so far.
  var count: Int { bytes.count }

  /// The text written.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// The text written from byte `offset` on.
  func text(from offset: Int) -> String {
    String(decoding: bytes[offset...], as: UTF8.self)
  }

  static func += (buffer: inout TextBuffer, text: String) {
    // Native and small strings lend their bytes without a copy of the string.
    let appended: Void? = text.utf8.withContiguousStorageIfAvailable {
      buffer.bytes.append(contentsOf: $0)
    }
    if appended == nil { buffer.bytes.append(contentsOf: text.utf8) }
  }

  static func += (buffer: inout TextBuffer, text: Substring) {
    var text = text
    text.withUTF8 { buffer.bytes.append(contentsOf: $0) }
  }

  /// Appends one character.
  mutating func append(_ scalar: Unicode.Scalar) {
    if scalar.isASCII {
      bytes.append(UInt8(truncatingIfNeeded: scalar.value))
    } else {
      UTF8.encode(scalar) { bytes.append($0) }
    }
  }

  /// Appends `count` spaces.
  mutating func appendSpaces(_ count: Int) {
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
  }

  /// The width in columns of the text written from byte `offset` on, counting Unicode
  /// scalars (the bytes that do not continue a scalar).
  func width(from offset: Int) -> Int {
    var width = 0
    for byte in bytes[offset...] where byte & 0xC0 != 0x80 { width += 1 }
    return width
  }

  /// Whether every byte written from `offset` on satisfies `predicate`: how a writer checks
  /// text it has just appended, in one pass over contiguous bytes, for a fast path.
  func bytes(from offset: Int, allSatisfy predicate: (UInt8) -> Bool) -> Bool {
    bytes[offset...].allSatisfy(predicate)
  }

  /// Forgets the text written from byte `offset` on, to write it another way.
  mutating func removeText(from offset: Int) {
    bytes.removeSubrange(offset...)
  }

  /// Makes room for `capacity` bytes in all.
  mutating func reserveCapacity(_ capacity: Int) {
    bytes.reserveCapacity(capacity)
  }
}
