/// Reads a link's `url:` text into a ``URLPattern`` (spec section 12), or says what is wrong
/// with it: the problem becomes a `schema` finding at the `url` value.
///
/// One pass over the text: O(its length). Literal segments and query keys are kept
/// percent-decoded (``URLPattern/Segment/literal(_:)``).
enum URLPatternParser {
  /// The pattern `text` spells, at `range`, or the reason it is not one.
  static func parse(_ text: String, at range: SourceRange) -> Result<URLPattern, Problem> {
    guard text.first == "/" else {
      if text.contains("://") {
        return .failure(
          Problem("a link's 'url' is a path that starts with '/', without a scheme or host"))
      }
      return .failure(Problem("a link's 'url' is a path that starts with '/'"))
    }
    if text.contains("#") {
      return .failure(Problem("a link's 'url' has no fragment ('#')"))
    }
    let parts = text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    var path = parts[0].dropFirst()
    var hasTrailingSlash = false
    if path.last == "/" {
      path = path.dropLast()
      hasTrailingSlash = !path.isEmpty
    }
    var segments: [URLPattern.Segment] = []
    var seen: Set<String> = []
    if !path.isEmpty {
      for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
        if segment.isEmpty {
          return .failure(Problem("a link's 'url' has no empty segments ('//')"))
        }
        switch part(segment) {
        case .failure(let problem): return .failure(problem)
        case .success(.param(let name)):
          guard seen.insert(name).inserted else { return .failure(twice(name)) }
          segments.append(.param(name))
        case .success(.literal(let text)):
          segments.append(.literal(text))
        }
      }
    }
    var query: [URLPattern.QueryItem] = []
    if parts.count == 2 {
      var keys: Set<String> = []
      for item in parts[1].split(separator: "&", omittingEmptySubsequences: false) {
        let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard pair.count == 2, !pair[0].isEmpty else {
          return .failure(
            Problem(
              "each query item of a link's 'url' is 'key={param}', not '\(item)'"))
        }
        guard case .success(.param(let name)) = part(pair[1]) else {
          return .failure(
            Problem(
              "the query item '\(item)' needs a param as its value, such as "
                + "'\(pair[0])={\(pair[0])}': a link's 'url' has no literal query values"))
        }
        let key: String
        switch part(pair[0]) {
        case .failure(let problem): return .failure(problem)
        case .success(.param):
          return .failure(Problem("the key of the query item '\(item)' must be literal text"))
        case .success(.literal(let text)): key = text
        }
        guard keys.insert(key).inserted else {
          return .failure(Problem("the query key '\(pair[0])' appears twice in the 'url'"))
        }
        guard seen.insert(name).inserted else { return .failure(twice(name)) }
        query.append(URLPattern.QueryItem(key: key, param: name))
      }
    }
    return .success(
      URLPattern(
        text: text, range: range, segments: segments, query: query,
        hasTrailingSlash: hasTrailingSlash))
  }

  /// What is wrong with a `url`.
  struct Problem: Error, Equatable {
    /// The message, as the `schema` finding says it.
    var message: String

    init(_ message: String) {
      self.message = message
    }
  }

  private static func twice(_ name: String) -> Problem {
    Problem("the param '\(name)' appears more than once in the 'url'; each appears once")
  }

  /// What a path segment, a query key or a query value is.
  private enum Part {
    /// A whole `{name}`.
    case param(String)
    /// Literal text, percent-decoded.
    case literal(String)
  }

  /// The param a whole segment (or query key or value) names, or its literal text decoded;
  /// or the problem of a segment that is partly a param, holds characters a URL cannot, or
  /// does not percent-decode.
  private static func part(_ segment: Substring) -> Result<Part, Problem> {
    if segment.first == "{", segment.last == "}", segment.count >= 2,
      !segment.dropFirst().dropLast().contains(where: { $0 == "{" || $0 == "}" })
    {
      let name = segment.dropFirst().dropLast()
      guard let first = name.unicodeScalars.first, !("0"..."9").contains(first),
        name.unicodeScalars.allSatisfy({ isNameScalar($0) })
      else {
        return .failure(
          Problem("'\(segment)' is not a param: write '{name}' with a lowerCamelCase name"))
      }
      return .success(.param(String(name)))
    }
    if segment.contains("{") || segment.contains("}") {
      return .failure(
        Problem(
          "'\(segment)' has a param as part of a segment; a param is a whole segment, such as "
            + "'/{id}'"))
    }
    if let bad = segment.unicodeScalars.first(where: { !isURLScalar($0) }) {
      return .failure(
        Problem(
          "'\(segment)' has a character a URL path cannot hold as written "
            + "(U+\(String(bad.value, radix: 16, uppercase: true))); percent-encode it"))
    }
    return decoded(segment).map { .literal($0) }
  }

  /// `segment` percent-decoded once, as a URL's segments and query keys are before a link
  /// compares them, so that the literal is compared decoded and encoded once when a URL is
  /// built. A `%` without two hex digits, bytes that are not UTF-8, and a control character
  /// (which no URL a link reads can hold: `%00`, `%0A`) are problems.
  private static func decoded(_ segment: Substring) -> Result<String, Problem> {
    guard segment.utf8.contains(UInt8(ascii: "%")) else { return .success(String(segment)) }
    var bytes: [UInt8] = []
    var rest = segment.utf8[...]
    while let byte = rest.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = rest.popFirst().flatMap(hexValue),
        let low = rest.popFirst().flatMap(hexValue)
      else {
        return .failure(
          Problem(
            "'\(segment)' has a '%' that begins no percent-encoded byte (a '%' and two hex "
              + "digits); write '%' itself as '%25'"))
      }
      bytes.append(high << 4 | low)
    }
    // Decoding repairs bytes that are not UTF-8, so the text differs from them.
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.utf8.elementsEqual(bytes) else {
      return .failure(
        Problem("'\(segment)' percent-decodes to bytes that are not UTF-8 text"))
    }
    if let control = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control })
    {
      let code = String(control.value, radix: 16, uppercase: true)
      return .failure(
        Problem(
          "'\(segment)' percent-decodes to a control character "
            + "(U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code)), which no URL "
            + "a link reads can hold"))
    }
    return .success(text)
  }

  /// The value of an ASCII hex digit.
  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
  }

  /// The characters RFC 3986 allows in a path segment as written (`pchar`), `%` included
  /// for percent-encoding.
  private static func isURLScalar(_ scalar: Unicode.Scalar) -> Bool {
    if isNameScalar(scalar) { return true }
    return "-._~!$&'()*+,;=:@%".unicodeScalars.contains(scalar)
  }
}
