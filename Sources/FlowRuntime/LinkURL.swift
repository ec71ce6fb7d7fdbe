import Foundation

/// A type a deep link's param can have (FLOW-SPEC section 12): it reads itself from one
/// percent-decoded path segment or query value, and writes itself back.
///
/// Generated `FlowLink` code uses it for `String`, `Int`, `Double`, `Bool`, `UUID` and `URL`;
/// an optional param is the same type, absent from the URL.
nonisolated public protocol LinkValue {
  /// Reads the value from `text`, already percent-decoded; `nil` when it is not one.
  init?(linkText text: String)
  /// The value as a link writes it, before percent-encoding: ``init(linkText:)`` reads it back.
  var linkText: String { get }
}

nonisolated extension String: LinkValue {
  public init?(linkText text: String) { self = text }
  public var linkText: String { self }
}

nonisolated extension Int: LinkValue {
  /// Decimal digits with an optional sign: `42`, `-7`; not `4.0`, `0x2a` or `42abc`.
  public init?(linkText text: String) {
    guard let value = Int(text) else { return nil }
    self = value
  }

  public var linkText: String { String(self) }
}

nonisolated extension Double: LinkValue {
  /// A finite decimal number: `2.5`, `-1`, `1e3`; not `nan`, `inf` or `2,5`.
  public init?(linkText text: String) {
    guard let value = Double(text), value.isFinite else { return nil }
    self = value
  }

  public var linkText: String { String(self) }
}

nonisolated extension Bool: LinkValue {
  /// `true` or `false`, nothing else.
  public init?(linkText text: String) {
    switch text {
    case "true": self = true
    case "false": self = false
    default: return nil
    }
  }

  public var linkText: String { self ? "true" : "false" }
}

nonisolated extension UUID: LinkValue {
  public init?(linkText text: String) {
    guard let value = UUID(uuidString: text) else { return nil }
    self = value
  }

  public var linkText: String { uuidString }
}

nonisolated extension URL: LinkValue {
  /// A URL with a scheme (`https://example.com/a`); a bare path is not one.
  public init?(linkText text: String) {
    guard let value = URL(string: text), value.scheme != nil else { return nil }
    self = value
  }

  public var linkText: String { absoluteString }
}

/// A URL as deep links read it (FLOW-SPEC section 12): its path segments and its query
/// items, percent-decoded. The scheme is not matched: for `http` and `https` the host is
/// ignored, for any other scheme the host is the first segment (`myapp://todo/42` has the
/// segments `todo` and `42`).
nonisolated public struct LinkURL: Hashable, Sendable {
  /// The path's segments, percent-decoded; a `/` inside a segment was `%2F`. A trailing `/`
  /// adds no segment; `/` alone has none.
  public let segments: [String]
  /// The value of each query item, percent-decoded; the first of two with one name wins.
  public let query: [String: String]

  /// Reads `url`; `nil` when its path or host does not percent-decode.
  public init?(_ url: URL) {
    guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
      return nil
    }
    var encoded = components.percentEncodedPath.split(
      separator: "/", omittingEmptySubsequences: false
    )
    .map(String.init)
    if encoded.first == "" { encoded.removeFirst() }
    if encoded.last == "" { encoded.removeLast() }
    let scheme = components.scheme?.lowercased()
    if let scheme, scheme != "http", scheme != "https",
      let host = components.percentEncodedHost, !host.isEmpty
    {
      encoded.insert(host, at: 0)
    }
    var segments: [String] = []
    segments.reserveCapacity(encoded.count)
    for segment in encoded {
      guard let decoded = segment.removingPercentEncoding else { return nil }
      segments.append(decoded)
    }
    self.segments = segments
    var query: [String: String] = [:]
    for item in components.queryItems ?? [] where query[item.name] == nil {
      query[item.name] = item.value ?? ""
    }
    self.query = query
  }

  /// The params of `pattern` if the path matches it, segment by segment: a string is a
  /// literal segment, `nil` a `{param}` (a whole, non-empty segment). The values are those
  /// of the `nil` segments, in order, then those of the `query` keys (`nil` where absent).
  public func match(_ pattern: [String?], query keys: [String] = []) -> LinkMatch? {
    guard segments.count == pattern.count else { return nil }
    var values: [String?] = []
    for (segment, expected) in zip(segments, pattern) {
      if let expected {
        guard segment == expected else { return nil }
      } else {
        guard !segment.isEmpty else { return nil }
        values.append(segment)
      }
    }
    for key in keys { values.append(query[key]) }
    return LinkMatch(values: values)
  }

  /// The URL of a link: `path`'s segments, then the query item of each of the `query` keys
  /// whose value (at the same place in `values`) is not `nil`, in order, each
  /// percent-encoded; no scheme or host (resolve it against the app's own).
  public static func url(path: [String], query: [String] = [], values: [String?] = []) -> URL {
    var text = "/" + path.map(encode).joined(separator: "/")
    let items = zip(query, values).compactMap { key, value in
      value.map { encode(key) + "=" + encode($0) }
    }
    if !items.isEmpty { text += "?" + items.joined(separator: "&") }
    // Every character outside the unreserved set is percent-encoded, so this always parses;
    // the fallback keeps the function total.
    return URL(string: text) ?? URL(fileURLWithPath: "/")
  }

  /// Percent-encodes everything but the unreserved characters of RFC 3986.
  private static func encode(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
  }

  private static let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}

/// The params a URL gave a link pattern (``LinkURL/match(_:query:)``), as text, in the
/// order the pattern names them; `nil` for a query param the URL lacks.
nonisolated public struct LinkMatch: Hashable, Sendable {
  /// Each param's text.
  public let values: [String?]

  /// Param `index` as a `Value`: `nil` when it is absent or does not parse.
  public func value<Value: LinkValue>(_ type: Value.Type, _ index: Int) -> Value? {
    guard values.indices.contains(index), let text = values[index] else { return nil }
    return Value(linkText: text)
  }

  /// Optional param `index`: `.some(nil)` when it is absent, `nil` when it is there but does
  /// not parse (the URL is malformed, and the link does not match).
  public func optionalValue<Value: LinkValue>(_ type: Value.Type, _ index: Int) -> Value?? {
    guard values.indices.contains(index), let text = values[index] else { return .some(nil) }
    return Value(linkText: text).map { .some($0) } ?? nil
  }
}
