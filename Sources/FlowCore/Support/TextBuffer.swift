/// Text being written, kept as UTF-8 bytes until it is done.
///
/// The generators append millions of short pieces, most a few bytes long. Appending to a
/// `String` pays for capacity checks and bookkeeping on every call, and appending to an
/// array (`append(contentsOf:)`) goes through the generic copy of a sequence, about a
/// hundred instructions for a short name (issue 35). The buffer instead keeps room past
/// the text, made as the text grows (at least doubling, so at most twice the text), and
/// copies each piece into it with one `memcpy`.
struct TextBuffer {
  /// The bytes written, then room for more: ``count`` says where the text ends.
  private var storage: [UInt8] = []
  /// How many bytes are written so far.
  private(set) var count = 0

  init(capacity: Int = 0) {
    reserveCapacity(capacity)
  }

  /// The bytes written.
  var bytes: [UInt8] { Array(storage[..<count]) }

  /// The text written.
  var text: String { String(decoding: storage[..<count], as: UTF8.self) }

  /// The text written from byte `offset` on.
  func text(from offset: Int) -> String {
    String(decoding: storage[offset..<count], as: UTF8.self)
  }

  static func += (buffer: inout TextBuffer, text: String) {
    var text = text
    text.withUTF8 { buffer.append($0) }
  }

  static func += (buffer: inout TextBuffer, text: Substring) {
    var text = text
    text.withUTF8 { buffer.append($0) }
  }

  /// Appends one character.
  mutating func append(_ scalar: Unicode.Scalar) {
    if scalar.isASCII {
      append(byte: UInt8(truncatingIfNeeded: scalar.value))
    } else {
      UTF8.encode(scalar) { append(byte: $0) }
    }
  }

  /// Appends one byte.
  mutating func append(byte: UInt8) {
    if count == storage.count { grow(toHold: count + 1) }
    storage[count] = byte
    count += 1
  }

  /// Appends `bytes`.
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
    let end = count + bytes.count
    if end > storage.count { grow(toHold: end) }
    let start = count
    storage.withUnsafeMutableBufferPointer { room in
      guard let base = room.baseAddress else { return }
      (base + start).update(from: source, count: bytes.count)
    }
    count = end
  }

  /// Makes room for at least `needed` bytes in all, at least doubling the room, so that
  /// appending is linear.
  private mutating func grow(toHold needed: Int) {
    let room = Swift.max(needed, storage.count * 2, 64)
    storage.append(contentsOf: repeatElement(0, count: room - storage.count))
  }

  /// Appends `value` in decimal digits.
  mutating func append(decimal value: Int) {
    guard value >= 0 else {
      self += String(value)
      return
    }
    var unit = 1
    while unit <= value / 10 { unit *= 10 }
    repeat {
      append(byte: UInt8(truncatingIfNeeded: 0x30 + value / unit % 10))
      unit /= 10
    } while unit > 0
  }

  /// Appends `count` spaces.
  mutating func appendSpaces(_ count: Int) {
    for _ in 0..<Swift.max(0, count) { append(byte: UInt8(ascii: " ")) }
  }

  /// The width in columns of the text written from byte `offset` on, counting Unicode
  /// scalars (the bytes that do not continue a scalar).
  func width(from offset: Int) -> Int {
    var width = 0
    for byte in storage[offset..<count] where byte & 0xC0 != 0x80 { width += 1 }
    return width
  }

  /// Whether every byte written from `offset` on satisfies `predicate`: how a writer checks
  /// text it has just appended, in one pass over contiguous bytes, for a fast path.
  func bytes(from offset: Int, allSatisfy predicate: (UInt8) -> Bool) -> Bool {
    storage[offset..<count].allSatisfy(predicate)
  }

  /// Forgets the text written from byte `offset` on, to write it another way.
  mutating func removeText(from offset: Int) {
    count = Swift.min(count, Swift.max(0, offset))
  }

  /// Makes room for `capacity` bytes in all: allocated, not yet made (a writer that reserves
  /// more than it writes fills only what it writes).
  mutating func reserveCapacity(_ capacity: Int) {
    storage.reserveCapacity(capacity)
  }
}
