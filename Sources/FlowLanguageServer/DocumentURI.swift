/// `file:` URIs, as LSP names documents, and the paths they stand for.
package enum DocumentURI {
  /// The absolute path a `file:` URI names, percent-escapes decoded; `nil` for any other
  /// scheme (an editor's `untitled:` buffer) or a malformed URI.
  package static func path(of uri: String) -> String? {
    guard uri.hasPrefix("file://") else { return nil }
    var rest = Substring(uri.dropFirst("file://".count))
    // `file://host/path`: only the local host is a path here.
    if !rest.hasPrefix("/") {
      guard let slash = rest.firstIndex(of: "/"), rest[..<slash] == "localhost" else {
        return nil
      }
      rest = rest[slash...]
    }
    var bytes: [UInt8] = []
    var iterator = Array(rest.utf8)[...]
    while let byte = iterator.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard iterator.count >= 2, let high = hexValue(iterator.removeFirst()),
        let low = hexValue(iterator.removeFirst())
      else { return nil }
      bytes.append(high << 4 | low)
    }
    guard let path = String(validating: bytes, as: UTF8.self), !path.contains("\0") else {
      return nil
    }
    return path
  }

  /// The `file:` URI of an absolute path: every byte but the unreserved ones and `/`
  /// percent-escaped, as VS Code writes them.
  package static func uri(of path: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var out = Array("file://".utf8)
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        out.append(byte)
      default:
        out.append(UInt8(ascii: "%"))
        out.append(hex[Int(byte >> 4)])
        out.append(hex[Int(byte & 0xF)])
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
