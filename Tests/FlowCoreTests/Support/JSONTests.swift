import FlowCore
import Testing

/// The one JSON value type: what the reports, drawings, diff and rules are written as, and
/// what the language server reads and writes its messages as.
@Suite struct JSONTests {
  @Test func parsesAndWritesBackTheSameValue() throws {
    let text = #"{"a":[1,-2.5,true,false,null],"b":"x\"\\\n\u00e9\ud83d\ude00","c":{}}"#
    let value = try JSON.parse(Array(text.utf8))
    #expect(value["b"]?.string == "x\"\\\né😀")
    #expect(value["a"]?.array?.first?.integer == 1)
    #expect(try JSON.parse(value.serialized) == value)
  }

  @Test(arguments: [
    "", "{", "[1,]", "{\"a\" 1}", "01x", "\"\\x\"", "\"\\ud800\"", "tru", "[1] 2", "\"a\nb\"",
  ])
  func refusesWhatIsNotJSON(_ text: String) {
    #expect(throws: JSONParseError.self) { try JSON.parse(Array(text.utf8)) }
  }

  @Test func refusesNestingDeeperThanTheBound() {
    let deep =
      String(repeating: "[", count: JSON.maxDepth + 1)
      + String(repeating: "]", count: JSON.maxDepth + 1)
    #expect(throws: JSONParseError.self) { try JSON.parse(Array(deep.utf8)) }
    let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
    #expect((try? JSON.parse(Array(fine.utf8))) != nil)
  }

  @Test func controlCharactersAreEscaped() {
    #expect(
      String(decoding: JSON.string("\u{1}\t").serialized, as: UTF8.self) == #""\u0001\t""#)
    #expect(JSON.string("\u{1B}\u{7F}\u{2028}\r").compact == "\"\\u001b\u{7F}\u{2028}\\r\"")
  }

  /// Whole numbers are written as integers and others as Swift writes a `Double`; the
  /// same value is always the same bytes, members in key order, compact or indented.
  @Test func valuesAreWrittenTheSameWayEveryTime() {
    let value = JSON.object([
      "b": .array([.integer(1), .integer(-20), .number(2.5), .number(1e300), .bool(true), .null]),
      "a": .object([:]), "c": .array([]), "d": .string("é"),
    ])
    #expect(value.compact == #"{"a":{},"b":[1,-20,2.5,1e+300,true,null],"c":[],"d":"é"}"#)
    #expect(
      value.pretty == """
        {
          "a": {},
          "b": [
            1,
            -20,
            2.5,
            1e+300,
            true,
            null
          ],
          "c": [],
          "d": "é"
        }

        """)
    #expect(value.serialized == Array(value.compact.utf8))
    #expect(JSON.integer(7) == .number(7) && JSON.number(7).integer == 7)
    #expect(JSON.number(7.5).integer == nil && JSON.string("7").integer == nil)
  }
}
