/// A JSON value, written with sorted keys so that output is stable byte for byte.
public enum JSON: Sendable, Equatable {
  /// An object; keys are written in sorted order.
  case object([String: JSON])
  /// An array, in order.
  case array([JSON])
  /// A string.
  case string(String)
  /// An integer.
  case integer(Int)
  /// A boolean.
  case bool(Bool)
  /// `null`.
  case null

  /// The value as compact JSON text (no spaces, no newline).
  public var compact: String {
    var output = ""
    write(to: &output, indent: nil, level: 0)
    return output
  }

  /// The value as JSON text indented by two spaces, ending with a newline.
  public var pretty: String {
    var output = ""
    write(to: &output, indent: "  ", level: 0)
    output += "\n"
    return output
  }

  private func write(to output: inout String, indent: String?, level: Int) {
    switch self {
    case .object(let members):
      guard !members.isEmpty else {
        output += "{}"
        return
      }
      output += "{"
      for (offset, key) in members.keys.sorted().enumerated() {
        if offset > 0 { output += "," }
        newline(&output, indent, level + 1)
        JSON.writeString(key, to: &output)
        output += indent == nil ? ":" : ": "
        members[key]?.write(to: &output, indent: indent, level: level + 1)
      }
      newline(&output, indent, level)
      output += "}"
    case .array(let items):
      guard !items.isEmpty else {
        output += "[]"
        return
      }
      output += "["
      for (offset, item) in items.enumerated() {
        if offset > 0 { output += "," }
        newline(&output, indent, level + 1)
        item.write(to: &output, indent: indent, level: level + 1)
      }
      newline(&output, indent, level)
      output += "]"
    case .string(let text):
      JSON.writeString(text, to: &output)
    case .integer(let value):
      output += String(value)
    case .bool(let value):
      output += value ? "true" : "false"
    case .null:
      output += "null"
    }
  }

  private func newline(_ output: inout String, _ indent: String?, _ level: Int) {
    guard let indent else { return }
    output += "\n"
    for _ in 0..<level { output += indent }
  }

  /// Writes `text` as a JSON string, escaping quotes, backslashes and control characters.
  static func writeString(_ text: String, to output: inout String) {
    output += "\""
    // Most strings need no escape: append them whole rather than scalar by scalar.
    guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
      output += text
      output += "\""
      return
    }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default:
        output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}
