import FlowCore
import Testing

@Suite struct SourceFileTests {
  @Test func positionsFromByteOffsetsCountCharactersAndLineBreaks() {
    let file = SourceFile(path: "x", bytes: [0xEF, 0xBB, 0xBF] + Array("ab\r\nc\ré: x\n".utf8))
    #expect(file.position(ofByteOffset: 3) == SourcePosition(line: 1, column: 1))
    #expect(file.position(ofByteOffset: 5) == SourcePosition(line: 1, column: 3))
    #expect(file.position(ofByteOffset: 7) == SourcePosition(line: 2, column: 1))
    #expect(file.position(ofByteOffset: 9) == SourcePosition(line: 3, column: 1))
    #expect(file.position(ofByteOffset: 11) == SourcePosition(line: 3, column: 2))
  }

  @Test func linesAreFoundWithoutTheirBreaks() {
    let file = SourceFile(path: "x", text: "one\r\ntwo\nthree")
    #expect(file.line(1) == "one")
    #expect(file.line(2) == "two")
    #expect(file.line(3) == "three")
    #expect(file.line(4) == nil)
    #expect(file.line(0) == nil)
  }

  @Test func suggestionsFindNearMissesOnly() {
    #expect(Suggestion.closest(to: "screns", in: ["screens", "decisions"]) == "screens")
    #expect(Suggestion.closest(to: "docs", in: ["doc", "on"]) == "doc")
    #expect(Suggestion.closest(to: "Setings", in: ["Settings", "Home"]) == "Settings")
    #expect(Suggestion.closest(to: "settings", in: ["Settings"]) == "Settings")
    #expect(Suggestion.closest(to: "tsop", in: ["stop"]) == "stop")
    #expect(Suggestion.closest(to: "spin", in: ["stop"]) == nil)
    #expect(Suggestion.closest(to: "colour", in: ["doc", "input", "on", "lint"]) == nil)
    #expect(Suggestion.closest(to: "ab", in: ["ba"]) == "ba")
  }
}
