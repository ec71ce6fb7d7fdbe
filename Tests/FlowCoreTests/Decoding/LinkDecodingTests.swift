import Testing

@testable import FlowCore

/// `links:` (spec section 12) is read into the model, with a `schema` finding at its place for
/// each misuse of a link's own structure.
@Suite struct LinkDecodingTests {
  private func decode(_ text: String) -> (FlowFile?, [Finding]) {
    var findings = Findings()
    let source = SourceFile(path: "a.flow.yaml", text: text)
    let document = YAMLParser.parse(source, findings: &findings)
    let file = FileDecoder.decode(document, path: "a.flow.yaml", findings: &findings)
    return (file, findings.all)
  }

  private func links(_ body: String) -> String {
    "version: 1\nlinks:\n"
      + body.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n") + "\n"
  }

  @Test func aLinkIsReadWhole() throws {
    let (file, findings) = decode(
      links(
        """
        product:
          doc: A product page.
          url: /products/{id}?ref={source}
          params: { id: String, source: String? }
          values: { Attachment: [id] }
          to: Shop.Detail
          via: [Main, Shop]
          waits: false
          lint: { ignore: [unreachable-link] }
        """))
    #expect(findings.isEmpty, "\(described(findings))")
    let link = try #require(file?.links.first)
    #expect(link.name.text == "product")
    #expect(link.doc == "A product page.")
    let url = try #require(link.url)
    #expect(url.segments == [.literal("products"), .param("id")])
    #expect(url.query == [URLPattern.QueryItem(key: "ref", param: "source")])
    #expect(url.paramNames == ["id", "source"])
    #expect(link.params.map(\.name.text) == ["id", "source"])
    #expect(link.params.map(\.type.type.description) == ["String", "String?"])
    #expect(link.values.map(\.type.type.description) == ["Attachment"])
    #expect(link.values.first?.params.map(\.text) == ["id"])
    #expect(link.target?.text == "Shop.Detail")
    #expect(link.target?.screen.range.start.column == 14)
    #expect(link.via.map(\.text) == ["Main", "Shop"])
    #expect(link.waits == false)
    #expect(link.lint?.ignore.map(\.text) == ["unreachable-link"])
    #expect(!link.isBroken)
  }

  @Test func theEmptyPathAndATrailingSlashAreAllowed() throws {
    let (file, findings) = decode(
      links("home: { url: /, to: App.Home }\nlist: { url: /items/, to: App.List }"))
    #expect(findings.isEmpty, "\(described(findings))")
    #expect(file?.links.first?.url?.segments == [])
    #expect(file?.links.last?.url?.segments == [.literal("items")])
    #expect(file?.links.last?.url?.hasTrailingSlash == true)
  }

  @Test(arguments: [
    ("https://shop.example/products", "without a scheme or host"),
    ("products/{id}", "starts with '/'"),
    ("/products//{id}", "no empty segments"),
    ("/settings?tab=settings", "no literal query values"),
    ("/groups/{group}_{key}", "part of a segment"),
    ("/items/{id}/{id}", "more than once"),
    ("/items/{1x}", "is not a param"),
    ("/a b", "percent-encode it"),
    ("/items#top", "no fragment"),
    ("/items?{k}={id}", "must be literal text"),
    ("/items?&", "'key={param}'"),
    ("/my%zz", "write '%' itself as '%25'"),
    ("/my%2", "write '%' itself as '%25'"),
    ("/items?a%g1={id}", "write '%' itself as '%25'"),
    ("/a%00b", "a control character (U+0000)"),
    ("/a%0A", "a control character (U+000A)"),
    ("/a%FF", "not UTF-8"),
    ("/a%C3", "not UTF-8"),
  ])
  func aBadURLIsASchemaFindingAtTheURL(url: String, message: String) throws {
    let (file, findings) = decode(
      links("x:\n  url: '\(url)'\n  params: { id: String, group: String, key: String }\n  to: A.B"))
    let finding = try #require(findings.first)
    #expect(finding.rule == "schema")
    #expect(finding.message.contains(message), "\(finding.message)")
    #expect((finding.line, finding.column) == (4, 10))
    #expect(file?.links.first?.isBroken == true)
    #expect(file?.links.first?.url == nil)
  }

  /// A literal segment or query key is compared with a URL's decoded segments and keys, and
  /// written back encoded once: it is read decoded.
  @Test func percentEncodedLiteralsAreReadDecoded() throws {
    let (file, findings) = decode(
      links(
        "x:\n  url: '/my%20items/caf%C3%A9/a%2Fb/{id}?sort%20by={id2}'\n  params: { id: String, id2: String? }\n  to: A.B"
      ))
    #expect(findings.isEmpty, "\(described(findings))")
    let url = try #require(file?.links.first?.url)
    #expect(
      url.segments == [.literal("my items"), .literal("café"), .literal("a/b"), .param("id")])
    #expect(url.query == [URLPattern.QueryItem(key: "sort by", param: "id2")])
    #expect(url.text == "/my%20items/caf%C3%A9/a%2Fb/{id}?sort%20by={id2}", "as written")
  }

  @Test func paramsAndURLMustAgree() throws {
    let (_, findings) = decode(
      links(
        """
        x:
          url: /items/{itemId}
          params: { itemID: String }
          to: A.B
        """))
    #expect(
      described(findings) == [
        "4:10 '{itemId}' in the 'url' of link 'x' has no type in 'params'; did you mean "
          + "'itemID'?; add 'itemId: String' (or another param type) [schema]",
        "5:15 param 'itemID' of link 'x' is not in its 'url'; write it as a segment '{itemID}' "
          + "or a query item '?itemID={itemID}' [schema]",
      ])
  }

  @Test func missingAndWrongKeysAreSchemaFindings() throws {
    let (_, findings) = decode(
      links(
        """
        x:
          params: { id: String }
          via: Main
          waits: sometimes
          target: A.B
        y: { url: /y, to: Nowhere }
        """))
    #expect(
      described(findings) == [
        "7:5 unknown key 'target' in link 'x'; expected 'doc', 'url', 'params', 'values', 'to', "
          + "'via', 'waits' or 'lint' [schema]",
        "6:12 'waits' must be true or false, not 'sometimes' [schema]",
        "5:10 'via' must be a list of coordinators, such as '[Main, Shop]', not a scalar [schema]",
        "3:3 link 'x' needs 'to: Coordinator.Screen', the screen it opens [schema]",
        "3:3 link 'x' needs 'url', a path pattern such as '/products/{id}' [schema]",
      ])
  }

  /// (r3) A `to` without `Coordinator.` names a shared screen: a relative link (FLOW-SPEC
  /// 13.6), which the decoder reads and the checks judge; a `to` with more than one dot is
  /// still malformed.
  @Test func aToWithoutACoordinatorIsRelativeAndOneWithTwoDotsIsMalformed() throws {
    let (file, findings) = decode(
      links(
        """
        y: { url: /y, to: Nowhere }
        z: { url: /z, to: A.B.C }
        """))
    #expect(file?.links.first?.relative?.text == "Nowhere")
    #expect(file?.links.first?.target == nil)
    #expect(
      described(findings) == [
        "4:21 'to' names a screen as 'Coordinator.Screen', such as 'Shop.Product', not "
          + "'A.B.C' [schema]"
      ])
  }
}
