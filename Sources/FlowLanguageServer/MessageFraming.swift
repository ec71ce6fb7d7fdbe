#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the bytes of the message stream come from: standard input, or bytes in a test.
package protocol ByteSource: AnyObject {
  /// Up to `count` more bytes; an empty array at the end of the stream.
  func read(upTo count: Int) -> [UInt8]
}

/// Where framed messages go: standard output, or a buffer in a test.
package protocol ByteSink: AnyObject, Sendable {
  /// Writes all of `bytes`; returns `false` when the stream is gone.
  func write(_ bytes: [UInt8]) -> Bool
}

/// One unit of the stream, as ``MessageReader`` splits it.
package enum FramedMessage: Equatable {
  /// The content of one message (its JSON bytes).
  case content([UInt8])
  /// A header block that gives no usable `Content-Length`; it was skipped.
  case malformedHeader(String)
  /// A message longer than the reader keeps; its content was skipped unread.
  case tooLarge(Int)
  /// The stream ended.
  case end
}

/// Splits a byte stream into messages framed as the base protocol of LSP says: a header
/// block of `Name: value` lines ended by `\r\n\r\n`, whose `Content-Length` gives the number
/// of content bytes that follow.
///
/// Memory is bounded: a header block longer than ``maxHeaderLength`` is dropped, and the
/// content of a message longer than ``maxContentLength`` is read and thrown away in pieces.
package final class MessageReader {
  /// The longest header block kept.
  package static let maxHeaderLength = 8 * 1024
  /// The longest content kept: far above the largest flow file flowc reads.
  package let maxContentLength: Int

  private let source: ByteSource
  private var buffer: [UInt8] = []
  private var start = 0
  private var ended = false

  package init(_ source: ByteSource, maxContentLength: Int = 256 * 1024 * 1024) {
    self.source = source
    self.maxContentLength = maxContentLength
  }

  /// The next unit of the stream.
  package func next() -> FramedMessage {
    guard let header = readHeader() else { return .end }
    guard case .ok(let length) = header else {
      if case .malformed(let reason) = header { return .malformedHeader(reason) }
      return .end
    }
    if length > maxContentLength {
      var left = length
      while left > 0 {
        let taken = take(upTo: left)
        if taken.isEmpty { return .end }
        left -= taken.count
      }
      return .tooLarge(length)
    }
    var content: [UInt8] = []
    content.reserveCapacity(length)
    while content.count < length {
      let taken = take(upTo: length - content.count)
      if taken.isEmpty { return .end }
      content.append(contentsOf: taken)
    }
    return .content(content)
  }

  private enum Header {
    case ok(Int)
    case malformed(String)
  }

  /// The next header block's content length, or why it has none; `nil` at the end.
  private func readHeader() -> Header? {
    compact()
    var scanned = start
    while true {
      // Look for the blank line that ends the header block.
      while scanned + 3 < buffer.count {
        if buffer[scanned] == 13, buffer[scanned + 1] == 10, buffer[scanned + 2] == 13,
          buffer[scanned + 3] == 10
        {
          let block = Array(buffer[start..<scanned])
          start = scanned + 4
          return parse(block)
        }
        scanned += 1
      }
      if buffer.count - start > Self.maxHeaderLength {
        // No end in sight: drop what was read but the last bytes, which may begin the end.
        buffer.removeFirst(buffer.count - 3)
        start = 0
        return .malformed("a header block longer than \(Self.maxHeaderLength) bytes")
      }
      guard fill() else {
        // Only white space may be left when the stream ends between messages.
        return nil
      }
      scanned = max(start, scanned - 3)
    }
  }

  private func parse(_ block: [UInt8]) -> Header {
    let text = String(decoding: block, as: UTF8.self)
    var length: Int?
    for line in text.split(separator: "\r\n", omittingEmptySubsequences: true) {
      guard let colon = line.firstIndex(of: ":") else {
        return .malformed("a header line without ':'")
      }
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingSpaces
      if name == "content-length" {
        guard let number = Int(value), number >= 0 else {
          return .malformed("an invalid Content-Length")
        }
        length = number
      }
    }
    guard let length else { return .malformed("no Content-Length header") }
    return .ok(length)
  }

  /// Up to `count` bytes from the buffer, reading more when it is empty; empty at the end.
  private func take(upTo count: Int) -> [UInt8] {
    if start == buffer.count {
      buffer.removeAll(keepingCapacity: true)
      start = 0
      guard fill() else { return [] }
    }
    let end = min(buffer.count, start + count)
    let taken = Array(buffer[start..<end])
    start = end
    return taken
  }

  /// Reads more bytes onto the buffer; `false` at the end of the stream.
  private func fill() -> Bool {
    guard !ended else { return false }
    let more = source.read(upTo: 64 * 1024)
    if more.isEmpty {
      ended = true
      return false
    }
    buffer.append(contentsOf: more)
    return true
  }

  /// Drops the bytes already consumed.
  private func compact() {
    guard start > 0 else { return }
    buffer.removeFirst(start)
    start = 0
  }
}

extension Substring {
  fileprivate var trimmingSpaces: Substring {
    var text = self
    while text.first == " " || text.first == "\t" { text.removeFirst() }
    while text.last == " " || text.last == "\t" { text.removeLast() }
    return text
  }
}

/// Frames `content` for the stream: its `Content-Length` header, then the bytes.
package func framed(_ content: [UInt8]) -> [UInt8] {
  Array("Content-Length: \(content.count)\r\n\r\n".utf8) + content
}

/// Standard input, read with `read(2)`.
package final class StandardInput: ByteSource {
  package init() {}

  package func read(upTo count: Int) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    while true {
      let got = bytes.withUnsafeMutableBytes { systemRead(STDIN_FILENO, $0.baseAddress, count) }
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { return [] }
      return Array(bytes[0..<got])
    }
  }
}

/// Standard output, written with `write(2)`, one message at a time.
package final class StandardOutput: ByteSink {
  package init() {}

  package func write(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let wrote = bytes.withUnsafeBytes {
        systemWrite(STDOUT_FILENO, $0.baseAddress.map { $0 + offset }, bytes.count - offset)
      }
      if wrote < 0 && errno == EINTR { continue }
      guard wrote > 0 else { return false }
      offset += wrote
    }
    return true
  }
}

#if canImport(Glibc)
  private let systemRead = Glibc.read
  private let systemWrite = Glibc.write
#elseif canImport(Darwin)
  private let systemRead = Darwin.read
  private let systemWrite = Darwin.write
#endif
