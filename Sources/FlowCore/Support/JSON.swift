/// A JSON value: what every JSON output of flowc is built as (the reports, the drawings,
/// the diff, the rules, the language server's messages), and what the language server
/// reads its messages into. Written by this file alone, object members in key order, so
/// that the same value is always the same bytes whatever the platform's serializer does;
/// parsed by this file alone, bounded in depth and strict about UTF-8.
package enum JSON: Sendable, Hashable {
  /// An object; its members are written in key order.
  case object([String: JSON])
  /// An array, in order.
  case array([JSON])
  /// A string.
  case string(String)
  /// A number: a whole number in `Int`'s range below 10^15 is written without a fraction.
  case number(Double)
  /// A boolean.
  case bool(Bool)
  /// `null`.
  case null

  /// A whole number.
  package static func integer(_ value: Int) -> JSON { .number(Double(value)) }

  /// The member `key` of an object, or `nil` (also when this is not an object).
  package subscript(key: String) -> JSON? {
    guard case .object(let members) = self else { return nil }
    return members[key]
  }

  /// The text of a string, or `nil`.
  package var string: String? {
    guard case .string(let text) = self else { return nil }
    return text
  }

  /// The value of a number that is a whole number in `Int`'s range, or `nil`.
  package var integer: Int? {
    guard case .number(let value) = self, value.rounded() == value,
      value >= -9.0e15, value <= 9.0e15
    else { return nil }
    return Int(value)
  }

  /// The elements of an array, or `nil`.
  package var array: [JSON]? {
    guard case .array(let elements) = self else { return nil }
    return elements
  }

  /// The value of a boolean, or `nil`.
  package var bool: Bool? {
    guard case .bool(let value) = self else { return nil }
    return value
  }
}

// MARK: Writing

extension JSON {
  /// The value as compact JSON text (no spaces, no newline).
  package var compact: String { String(decoding: serialized, as: UTF8.self) }

  /// The value as JSON text indented by two spaces, ending with a newline.
  package var pretty: String {
    var out: [UInt8] = []
    write(into: &out, indent: Array("  ".utf8), level: 0)
    out.append(UInt8(ascii: "\n"))
    return String(decoding: out, as: UTF8.self)
  }

  /// The value as compact JSON text in UTF-8, as a message carries it.
  package var serialized: [UInt8] {
    var out: [UInt8] = []
    write(into: &out, indent: nil, level: 0)
    return out
  }

  private func write(into out: inout [UInt8], indent: [UInt8]?, level: Int) {
    switch self {
    case .null: out.append(contentsOf: "null".utf8)
    case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
    case .number(let value):
      if value.rounded() == value, abs(value) < 1e15 {
        out.append(contentsOf: String(Int(value)).utf8)
      } else if value.isFinite {
        out.append(contentsOf: String(value).utf8)
      } else {
        out.append(contentsOf: "null".utf8)
      }
    case .string(let text): Self.writeString(text, into: &out)
    case .array(let elements):
      guard !elements.isEmpty else { return out.append(contentsOf: "[]".utf8) }
      out.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        Self.newline(&out, indent, level + 1)
        element.write(into: &out, indent: indent, level: level + 1)
      }
      Self.newline(&out, indent, level)
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      guard !members.isEmpty else { return out.append(contentsOf: "{}".utf8) }
      out.append(UInt8(ascii: "{"))
      for (index, key) in members.keys.sorted().enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        Self.newline(&out, indent, level + 1)
        Self.writeString(key, into: &out)
        out.append(UInt8(ascii: ":"))
        if indent != nil { out.append(UInt8(ascii: " ")) }
        members[key]?.write(into: &out, indent: indent, level: level + 1)
      }
      Self.newline(&out, indent, level)
      out.append(UInt8(ascii: "}"))
    }
  }

  /// A line break and `level` indents, when writing indented.
  private static func newline(_ out: inout [UInt8], _ indent: [UInt8]?, _ level: Int) {
    guard let indent else { return }
    out.append(UInt8(ascii: "\n"))
    for _ in 0..<level { out.append(contentsOf: indent) }
  }

  /// `text` as a JSON string: quotes, backslashes and C0 control characters escaped, the
  /// rest as UTF-8.
  private static func writeString(_ text: String, into out: inout [UInt8]) {
    let hex = Array("0123456789abcdef".utf8)
    out.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
      case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      case UInt8(ascii: "\n"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case UInt8(ascii: "\r"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case UInt8(ascii: "\t"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case 0..<0x20:
        out.append(contentsOf: "\\u00".utf8)
        out.append(hex[Int(byte >> 4)])
        out.append(hex[Int(byte & 0xF)])
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}

// MARK: Parsing

/// Why bytes are not one JSON value.
package struct JSONParseError: Error, Equatable {
  /// What is wrong, for the error answer's message.
  package var reason: String
  /// The byte offset where it was found.
  package var offset: Int
}

extension JSON {
  /// The deepest nesting of arrays and objects parsed: deeper input is an error rather than
  /// a deep recursion.
  package static let maxDepth = 512

  /// Parses `bytes` as exactly one JSON value (RFC 8259), with surrounding white space.
  package static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSON {
    var parser = JSONParser(bytes: bytes)
    return try parser.parseDocument()
  }
}

/// A recursive-descent JSON parser over UTF-8 bytes, bounded in depth.
private struct JSONParser {
  let bytes: [UInt8]
  var index = 0
  var depth = 0

  init(bytes: [UInt8]) { self.bytes = bytes }

  mutating func parseDocument() throws(JSONParseError) -> JSON {
    let value = try parseValue()
    skipSpace()
    guard index == bytes.count else { throw fail("unexpected text after the value") }
    return value
  }

  func fail(_ reason: String) -> JSONParseError { JSONParseError(reason: reason, offset: index) }

  mutating func skipSpace() {
    while index < bytes.count,
      bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
    {
      index += 1
    }
  }

  mutating func parseValue() throws(JSONParseError) -> JSON {
    skipSpace()
    guard index < bytes.count else { throw fail("unexpected end of input") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw fail("unexpected character")
    }
  }

  mutating func parseLiteral(_ word: String, _ value: JSON) throws(JSONParseError)
    -> JSON
  {
    let expected = Array(word.utf8)
    guard bytes.count - index >= expected.count,
      Array(bytes[index..<index + expected.count]) == expected
    else { throw fail("invalid literal") }
    index += expected.count
    return value
  }

  mutating func enter() throws(JSONParseError) {
    depth += 1
    guard depth <= JSON.maxDepth else { throw fail("nested too deeply") }
  }

  mutating func parseArray() throws(JSONParseError) -> JSON {
    try enter()
    index += 1
    var elements: [JSON] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      elements.append(try parseValue())
      skipSpace()
      guard index < bytes.count else { throw fail("unterminated array") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "]") {
        index += 1
        depth -= 1
        return .array(elements)
      } else {
        throw fail("expected ',' or ']'")
      }
    }
  }

  mutating func parseObject() throws(JSONParseError) -> JSON {
    try enter()
    index += 1
    var members: [String: JSON] = [:]
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return .object(members)
    }
    while true {
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw fail("expected a member name")
      }
      let key = try parseString()
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw fail("expected ':'")
      }
      index += 1
      members[key] = try parseValue()
      skipSpace()
      guard index < bytes.count else { throw fail("unterminated object") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "}") {
        index += 1
        depth -= 1
        return .object(members)
      } else {
        throw fail("expected ',' or '}'")
      }
    }
  }

  mutating func parseNumber() throws(JSONParseError) -> JSON {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    let digits = { (parser: inout JSONParser) -> Int in
      let from = parser.index
      while parser.index < parser.bytes.count,
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.index])
      {
        parser.index += 1
      }
      return parser.index - from
    }
    guard digits(&self) > 0 else { throw fail("invalid number") }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits(&self) > 0 else { throw fail("invalid number") }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard digits(&self) > 0 else { throw fail("invalid number") }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text) else { throw fail("invalid number") }
    return .number(value)
  }

  /// A string, from its opening quote; escapes decoded, surrogate pairs joined, invalid
  /// UTF-8 an error.
  mutating func parseString() throws(JSONParseError) -> String {
    index += 1
    var out: [UInt8] = []
    while true {
      guard index < bytes.count else { throw fail("unterminated string") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        break
      }
      if byte < 0x20 { throw fail("control character in a string") }
      if byte != UInt8(ascii: "\\") {
        out.append(byte)
        index += 1
        continue
      }
      index += 1
      guard index < bytes.count else { throw fail("unterminated string") }
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
      case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
      case UInt8(ascii: "/"): out.append(UInt8(ascii: "/"))
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = try parseHex4()
        if (0xD800..<0xDC00).contains(scalar) {
          guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
          else { throw fail("lone surrogate") }
          index += 2
          let low = try parseHex4()
          guard (0xDC00..<0xE000).contains(low) else { throw fail("lone surrogate") }
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw fail("lone surrogate") }
        out.append(contentsOf: Array(String(Character(unicode)).utf8))
      default: throw fail("invalid escape")
      }
    }
    guard let text = String(validating: out, as: UTF8.self) else {
      throw fail("invalid UTF-8 in a string")
    }
    return text
  }

  mutating func parseHex4() throws(JSONParseError) -> UInt32 {
    guard bytes.count - index >= 4 else { throw fail("invalid \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw fail("invalid \\u escape")
      }
      value = value * 16 + digit
      index += 1
    }
    return value
  }
}
