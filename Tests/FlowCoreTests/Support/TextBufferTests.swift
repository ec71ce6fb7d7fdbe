import Testing

@testable import FlowCore

/// The text buffer the drawing and Swift writers append to (issue 35): it keeps room past
/// the text it holds and copies each piece in with one `memcpy`, so what it holds must be
/// exactly what was appended, whatever the pieces, however often it grew, and after text is
/// forgotten.
@Suite struct TextBufferTests {
  @Test func holdsExactlyWhatWasAppendedInRandomPieces() {
    let pieces = [
      "", "a", "->", " \"", "名前", "Screen12345", "🙂", String(repeating: "x", count: 300),
    ]
    for seed in UInt64(1)...40 {
      var generator = SeededGenerator(seed: seed)
      var buffer = TextBuffer(capacity: Int(seed % 3) * 5)
      var expected: [UInt8] = []
      for _ in 0..<200 {
        switch Int.random(in: 0..<7, using: &generator) {
        case 0:
          let piece = pieces.randomElement(using: &generator) ?? ""
          buffer += piece
          expected += piece.utf8
        case 1:
          let piece = pieces.randomElement(using: &generator) ?? ""
          buffer += piece.dropFirst()
          expected += piece.dropFirst().utf8
        case 2:
          let scalar = ["a", "é", "名", "🙂"].randomElement(using: &generator) ?? "a"
          buffer.append(Unicode.Scalar(scalar) ?? "a")
          expected += scalar.utf8
        case 3:
          let value =
            [0, 7, 10, 99, 100, 12_345, -3, Int.max].randomElement(using: &generator) ?? 0
          buffer.append(decimal: value)
          expected += String(value).utf8
        case 4:
          let spaces = Int.random(in: 0..<5, using: &generator)
          buffer.appendSpaces(spaces)
          expected += Array(repeating: UInt8(ascii: " "), count: spaces)
        case 5:
          let keep = Int.random(in: 0...expected.count, using: &generator)
          buffer.removeText(from: keep)
          expected.removeSubrange(keep...)
        default:
          buffer.reserveCapacity(Int.random(in: 0..<1_000, using: &generator))
        }
        #expect(buffer.count == expected.count, "seed \(seed)")
      }
      #expect(buffer.bytes == expected, "seed \(seed)")
      #expect(buffer.text == String(decoding: expected, as: UTF8.self), "seed \(seed)")
      let from = expected.count / 2
      #expect(buffer.text(from: from) == String(decoding: expected[from...], as: UTF8.self))
      #expect(
        buffer.width(from: 0) == String(decoding: expected, as: UTF8.self).unicodeScalars.count)
    }
  }

  @Test func writesNumbersInDecimal() {
    for value in [0, 1, 9, 10, 11, 99, 100, 101, 1_000_000, 4_294_967_295, Int.max, -1, Int.min] {
      var buffer = TextBuffer()
      buffer.append(decimal: value)
      #expect(buffer.text == String(value))
    }
  }

  @Test func afterForgettingTextTheRoomIsWrittenAgain() {
    var buffer = TextBuffer()
    buffer += "abcdef"
    buffer.removeText(from: 2)
    buffer += "XY"
    #expect(buffer.text == "abXY")
    #expect(buffer.bytes(from: 2) { $0 <= UInt8(ascii: "Z") })
    #expect(!buffer.bytes(from: 0) { $0 <= UInt8(ascii: "Z") })
  }
}
