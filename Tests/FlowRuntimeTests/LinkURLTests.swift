import FlowRuntime
import Foundation
import Testing

/// Reading deep-link URLs (FLOW-SPEC section 12): segments, query items, percent-decoding,
/// the scheme and host rule, and each param type on good and bad text.
@Suite struct LinkURLTests {
  private func link(_ text: String) throws -> LinkURL {
    let url = try #require(URL(string: text))
    return try #require(LinkURL(url))
  }

  @Test func httpAndHttpsIgnoreTheHostOtherSchemesMakeItTheFirstSegment() throws {
    #expect(try link("https://shop.example.com/products/42").segments == ["products", "42"])
    #expect(try link("HTTP://shop.example.com/products/42/").segments == ["products", "42"])
    #expect(try link("myapp://todo/42").segments == ["todo", "42"])
    #expect(try link("myapp:/todo/42").segments == ["todo", "42"])
    #expect(try link("/").segments == [])
    #expect(try link("https://example.com").segments == [])
  }

  @Test func segmentsAndQueryValuesArePercentDecoded() throws {
    let url = try link("/search/caf%C3%A9%20au%20lait/a%2Fb?ref=mail%26news&ref=second")
    #expect(url.segments == ["search", "café au lait", "a/b"])
    #expect(url.query == ["ref": "mail&news"], "the first of two items wins")
  }

  @Test func aPatternMatchesWholeSegmentsAndCollectsParamsThenQueryValues() throws {
    let url = try link("/products/42?ref=mail&utm=x")
    let match = try #require(url.match(["products", nil], query: ["ref", "page"]))
    #expect(match.values == ["42", "mail", nil])
    #expect(url.match(["products"]) == nil, "a path of the wrong length")
    #expect(url.match(["products", nil, nil]) == nil)
    #expect(url.match(["product", nil]) == nil)
    #expect(try link("/products//").match(["products", nil]) == nil, "an empty segment")
    #expect(try link("/products/%2").segments == ["products", "%2"], "a stray % is itself")
  }

  @Test func typedValuesParseOnlyWhatTheyAre() {
    #expect(Int(linkText: "42") == 42)
    #expect(Int(linkText: "-7") == -7)
    for bad in ["4.0", "0x2a", "42abc", "", " 42", "99999999999999999999"] {
      #expect(Int(linkText: bad) == nil, "\(bad)")
    }
    #expect(Double(linkText: "2.5") == 2.5)
    #expect(Double(linkText: "1e3") == 1000)
    for bad in ["nan", "inf", "2,5", ""] { #expect(Double(linkText: bad) == nil, "\(bad)") }
    #expect(Bool(linkText: "true") == true)
    #expect(Bool(linkText: "false") == false)
    for bad in ["yes", "1", "TRUE", ""] { #expect(Bool(linkText: bad) == nil, "\(bad)") }
    let id = UUID()
    #expect(UUID(linkText: id.uuidString) == id)
    #expect(UUID(linkText: "not-a-uuid") == nil)
    #expect(URL(linkText: "https://example.com/a?b=c")?.host == "example.com")
    #expect(URL(linkText: "just/a/path") == nil)
  }

  @Test func requiredAndOptionalValuesTellAbsentFromMalformed() throws {
    let url = try link("/items/7?page=x&n=3")
    let match = try #require(url.match(["items", nil], query: ["page", "n", "gone"]))
    #expect(match.value(Int.self, 0) == 7)
    #expect(match.value(Int.self, 1) == nil, "a non-integer for an Int")
    #expect(match.value(Int.self, 3) == nil, "a missing param")
    #expect(match.value(Int.self, 9) == nil)
    #expect(match.optionalValue(Int.self, 2) == .some(3))
    #expect(match.optionalValue(Int.self, 3) == .some(nil), "absent: no value")
    #expect(match.optionalValue(Int.self, 1) == nil, "present but malformed: no match")
  }

  @Test func builtURLsPercentEncodeAndReadBack() throws {
    let url = LinkURL.url(
      path: ["search", "café au lait/2", "?#"], query: ["ref", "page"], values: ["a&b=c", nil])
    #expect(url.relativeString == "/search/caf%C3%A9%20au%20lait%2F2/%3F%23?ref=a%26b%3Dc")
    let read = try #require(LinkURL(url))
    #expect(read.segments == ["search", "café au lait/2", "?#"])
    #expect(read.query == ["ref": "a&b=c"])
    #expect(LinkURL.url(path: []).relativeString == "/")
  }

  /// One URL can match two links' patterns that are not the same pattern: which link it
  /// opens is then the first that generated `FlowLink(url:)` tries, in file order
  /// (`LinksGeneratorTests` shows the order).
  @Test func oneURLCanMatchTwoPatterns() throws {
    let offers = try link("https://shop.example.com/catalog/offers")
    #expect(offers.match(["catalog", "offers"]) != nil)
    #expect(offers.match(["catalog", nil])?.values == ["offers"])
    let receipt = try link("/orders/latest/receipt")
    #expect(receipt.match(["orders", nil, "receipt"])?.values == ["latest"])
    #expect(receipt.match(["orders", "latest", nil])?.values == ["receipt"])
  }
}
