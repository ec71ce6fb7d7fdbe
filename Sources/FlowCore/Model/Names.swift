/// A name as written in a flow file, with where it was written.
public struct Identifier: Hashable, Sendable, CustomStringConvertible {
  /// The name's text.
  public var text: String
  /// Where the name stands (the YAML key or scalar that spells it).
  public var range: SourceRange

  public init(_ text: String, at range: SourceRange) {
    self.text = text
    self.range = range
  }

  public var description: String { text }
}

/// The two forms of name in the language (spec section 2).
package enum NameCase: Sendable {
  /// `[A-Z][A-Za-z0-9]*`: coordinators, screens, decisions, types.
  case upperCamel
  /// `[a-z][A-Za-z0-9]*`: events, result cases, decision cases, struct fields, enum cases.
  case lowerCamel

  /// Whether `text` has this form.
  package func matches(_ text: String) -> Bool {
    guard let first = text.utf8.first else { return false }
    let firstOK =
      self == .upperCamel
      ? (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first)
      : (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first)
    return firstOK
      && text.utf8.allSatisfy { byte in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
          || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      }
  }

  /// How the form is described in messages.
  package var description: String {
    switch self {
    case .upperCamel: return "UpperCamelCase ([A-Z][A-Za-z0-9]*)"
    case .lowerCamel: return "lowerCamelCase ([a-z][A-Za-z0-9]*)"
    }
  }
}
