import Testing

@testable import FlowLanguageServer

/// Bytes handed out a few at a time, as a pipe may.
final class ChunkedBytes: ByteSource {
  private var bytes: [UInt8]
  private let chunk: Int

  init(_ bytes: [UInt8], chunk: Int = 7) {
    self.bytes = bytes
    self.chunk = chunk
  }

  func read(upTo count: Int) -> [UInt8] {
    let taken = Array(bytes.prefix(min(count, chunk)))
    bytes.removeFirst(taken.count)
    return taken
  }
}

@Suite struct MessageFramingTests {
  func frames(_ text: String, maxContentLength: Int = 1 << 20) -> [FramedMessage] {
    let reader = MessageReader(
      ChunkedBytes(Array(text.utf8)), maxContentLength: maxContentLength)
    var found: [FramedMessage] = []
    while true {
      let next = reader.next()
      found.append(next)
      if next == .end { return found }
    }
  }

  @Test func splitsMessagesByTheirContentLengthAcrossReads() {
    let text = "Content-Length: 2\r\n\r\n{}Content-Type: x\r\ncontent-length:  5 \r\n\r\n[1,2]"
    #expect(frames(text) == [.content(Array("{}".utf8)), .content(Array("[1,2]".utf8)), .end])
  }

  @Test func aHeaderWithoutALengthIsSkippedAndReadingGoesOn() {
    let text = "Content-Type: x\r\n\r\nContent-Length: x\r\n\r\nContent-Length: 1\r\n\r\n1"
    let found = frames(text)
    #expect(found.count == 4)
    guard case .malformedHeader = found[0], case .malformedHeader = found[1] else {
      Issue.record("expected two malformed headers, got \(found)")
      return
    }
    #expect(found[2] == .content(Array("1".utf8)))
  }

  @Test func contentLongerThanTheLimitIsSkippedUnkept() {
    let text = "Content-Length: 10\r\n\r\n0123456789Content-Length: 2\r\n\r\nok"
    #expect(frames(text, maxContentLength: 5) == [.tooLarge(10), .content(Array("ok".utf8)), .end])
  }

  @Test func anEndlessHeaderIsBounded() {
    let text = String(repeating: "x", count: MessageReader.maxHeaderLength * 3)
    let found = frames(text)
    #expect(found.last == .end)
    #expect(found.dropLast().allSatisfy { if case .malformedHeader = $0 { true } else { false } })
  }

  @Test func aStreamThatEndsInsideAMessageEnds() {
    #expect(frames("Content-Length: 10\r\n\r\n{}") == [.end])
    #expect(frames("") == [.end])
  }

  @Test func framedWritesTheLengthInBytes() {
    #expect(framed(Array("é".utf8)) == Array("Content-Length: 2\r\n\r\né".utf8))
  }
}
