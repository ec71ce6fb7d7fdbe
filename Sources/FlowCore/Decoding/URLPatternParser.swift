/// Reads a link's `url:` text into a ``URLPattern`` (spec section 12), or says what is wrong
/// with it: the problem becomes a `schema` finding at the `url` value.
///
/// One pass over the text: O(its length).
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
        switch param(in: segment) {
        case .failure(let problem): return .failure(problem)
        case .success(let name?):
          guard seen.insert(name).inserted else { return .failure(twice(name)) }
          segments.append(.param(name))
        case .success(nil):
          segments.append(.literal(String(segment)))
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
        guard case .success(let name?) = param(in: pair[1]) else {
          return .failure(
            Problem(
              "the query item '\(item)' needs a param as its value, such as "
                + "'\(pair[0])={\(pair[0])}': a link's 'url' has no literal query values"))
        }
        if case .failure(let problem) = param(in: pair[0]) { return .failure(problem) }
        guard !pair[0].contains("{") else {
          return .failure(Problem("the key of the query item '\(item)' must be literal text"))
        }
        guard keys.insert(String(pair[0])).inserted else {
          return .failure(Problem("the query key '\(pair[0])' appears twice in the 'url'"))
        }
        guard seen.insert(name).inserted else { return .failure(twice(name)) }
        query.append(URLPattern.QueryItem(key: String(pair[0]), param: name))
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

  /// The param a whole segment (or query value) names, `nil` for literal text, or the
  /// problem of a segment that is partly a param or holds characters a URL cannot.
  private static func param(in segment: Substring) -> Result<String?, Problem> {
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
      return .success(String(name))
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
    return .success(nil)
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
