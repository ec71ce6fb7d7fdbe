/// Text written into YAML that flowc makes (a configuration `flowc init` writes, a value a
/// message suggests): plain where YAML reads it back as the same string, double-quoted with
/// escapes otherwise, so that no name or path can end a line, open a collection or start a
/// comment.
package enum YAMLScalar {
  /// `text` as a plain scalar when it is only letters, digits and `_ - . /` (and does not
  /// start with `-` or `.`), else ``doubleQuoted(_:)``.
  package static func written(_ text: String) -> String {
    let plain =
      !text.isEmpty && text.first != "-" && text.first != "."
      && text.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || "_-./".unicodeScalars.contains($0)
      }
    return plain ? text : doubleQuoted(text)
  }

  /// `text` as a double-quoted YAML scalar: `"` and `\` escaped, and every control
  /// character and line or paragraph separator (U+2028, U+2029: line breaks to libyaml's
  /// YAML 1.1) as `\uXXXX`.
  package static func doubleQuoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case _
      where scalar.properties.generalCategory == .control || scalar.value == 0x2028
        || scalar.value == 0x2029:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
