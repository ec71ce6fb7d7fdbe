import FlowCore
import Testing

/// Every misuse of a link (spec section 12) is a finding of its rule at its place (section 8):
/// `unknown-reference`, `type-mismatch`, `duplicate-name`, `invalid-name`, `unreachable-link`.
@Suite struct LinkRulesTests {
  private let app = """
    version: 1
    types:
      Product: { struct: { id: String } }
    coordinators:
      Shop:
        entry: true
        start: List
        screens:
          List: { on: { open: { payload: String, push: Detail }, buy: { payload: Product, push: Pay } } }
          Detail: { input: String }
          Pay: { input: Product }
        decisions:
          Gate: { cases: { ok: stay } }

    """

  /// The findings of `rule` on `links` after `app`, against the marks.
  private func expectFindings(
    _ rule: RuleID, _ links: String, files extra: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [Finding] {
    let module = MarkedModule([app + "links:\n" + links] + extra)
    let findings = try Pipeline.check(module.files.map { .source($0) }).findings.of(rule)
    #expect(
      findings.map(Place.init).sorted() == module.marks.sorted(), "\(described(findings))",
      sourceLocation: sourceLocation)
    return findings
  }

  @Test func aTargetOrViaThatDoesNotResolveIsFoundAtTheName() throws {
    let findings = try expectFindings(
      "unknown-reference",
      """
        a: { url: /a, to: ↓Shp.Detail }
        b: { url: /b, to: Shop.↓Detial }
        c: { url: /c, to: Shop.↓Gate }
        d: { url: /d, to: Shop.Detail, via: [↓Mian] }
        e:
          url: '/e/{id}'
          params: { id: ↓Strin }
          values: { ↓Prodct: [id], Product: [↓ids] }
          to: Shop.Detail
          lint: { ignore: [↓unreachable-lnk] }
      """)
    #expect(
      findings.map(\.message).prefix(3) == [
        "coordinator 'Shp' does not exist; did you mean 'Shop'?",
        "screen 'Detial' does not exist in coordinator 'Shop'; did you mean 'Detail'?",
        "'Gate' is a decision of coordinator 'Shop', not a screen; a link opens a screen",
      ])
  }

  @Test func paramTypesAURLCannotGiveAreTypeMismatches() throws {
    let findings = try expectFindings(
      "type-mismatch",
      """
        a: { url: '/a/{id}', params: { id: ↓Product }, to: Shop.Detail }
        b: { url: '/b/{id}', params: { id: ↓String? }, to: Shop.Detail }
        c: { url: '/c?id={id}', params: { id: String? }, to: Shop.Detail }
        d: { url: '/d/{id}', params: { id: ↓"[Int]" }, to: Shop.Detail }
        e: { url: '/e/{id}', params: { id: String }, values: { ↓String: [id] }, to: Shop.Detail }
      """)
    #expect(findings.first?.message.contains("build other types from params with 'values'") == true)
  }

  /// A param reported as not a URL scalar (or as optional in the path) does not count for
  /// `values`: one mistake, one finding (spec section 12, `values`). A well-typed param of
  /// the same type still does, and is the one named.
  @Test func aReportedParamDoesNotMakeItsValuesEntryASecondMismatch() throws {
    let findings = try expectFindings(
      "type-mismatch",
      """
        a: { url: '/a/{id}', params: { id: ↓Product }, values: { Product: [id] }, to: Shop.Pay }
        b: { url: '/b/{id}', params: { id: ↓String? }, values: { String?: [id] }, to: Shop.Detail }
        c: { url: '/c/{id}', params: { id: ↓"[Int]" }, values: { "[Int]": [id] }, to: Shop.Detail }
        d:
          url: '/d/{id}?q={q}'
          params: { id: ↓String?, q: String? }
          values: { ↓String?: [q] }
          to: Shop.Detail
      """)
    #expect(
      findings.last?.message
        == "'values' of link 'd' builds 'String?', which param 'q' already gives; 'values' is "
        + "for a type no param has", "\(described(findings))")
  }

  @Test func twoLinksOfOneNameOrPatternAreDuplicates() throws {
    let findings = try expectFindings(
      "duplicate-name",
      """
        product: { url: '/products/{id}', params: { id: String }, to: Shop.Detail }
        ↓same: { url: '/products/{key}?ref={ref}', params: { key: String, ref: String? }, to: Shop.Detail }
        other: { url: '/products/{id}/reviews', params: { id: String }, to: Shop.Detail }
      """,
      files: ["version: 1\nlinks:\n  ↓product: { url: /p, to: Shop.Detail }\n"])
    #expect(findings.first?.message.contains("the URL pattern of link 'product'") == true)
  }

  /// Literals are compared as a URL's segments are, percent-decoded: `%2D` is `-`.
  @Test func percentEncodingDoesNotTellPatternsApart() throws {
    _ = try expectFindings(
      "duplicate-name",
      """
        plain: { url: '/my-items/{id}', params: { id: String }, to: Shop.Detail }
        ↓encoded: { url: '/my%2Ditems/{key}', params: { key: String }, to: Shop.Detail }
        other: { url: '/my%2Fitems/{id}', params: { id: String }, to: Shop.Detail }
      """)
  }

  @Test func aTypeNamedFlowLinkCollidesWithTheGeneratedEnum() throws {
    let module = MarkedModule([
      "version: 1\ntypes:\n  ↓FlowLink: external\nlinks:\n  a: { url: /a, to: A.B }\n"
    ])
    let findings = try Pipeline.check(module.files.map { .source($0) }).findings.of(
      "duplicate-name")
    #expect(findings.map(Place.init) == module.marks, "\(described(findings))")
  }

  /// The protocol through which the app makes links' `values` is generated only when a link
  /// has `values`; a type of its name would not compile beside it.
  @Test func aTypeNamedFlowLinkValuesCollidesWhenALinkHasValues() throws {
    let types = "version: 1\ntypes:\n  ↓FlowLinkValues: external\n  Item: external\n"
    let withValues = MarkedModule([
      types
        + "links:\n  a: { url: '/a/{id}', params: { id: String }, values: { Item: [id] }, to: A.B }\n"
    ])
    let findings = try Pipeline.check(withValues.files.map { .source($0) }).findings.of(
      "duplicate-name")
    #expect(findings.map(Place.init) == withValues.marks, "\(described(findings))")
    #expect(findings.first?.message.contains("protocol 'FlowLinkValues'") == true)
    let without = MarkedModule([types + "links:\n  a: { url: /a, to: A.B }\n"])
    #expect(
      try Pipeline.check(without.files.map { .source($0) }).findings.of("duplicate-name").isEmpty)
  }

  @Test func linkAndParamNamesAreLowerCamelCase() throws {
    _ = try expectFindings(
      "invalid-name",
      """
        ↓Product: { url: '/a/{Id}', params: { ↓Id: String }, to: Shop.Detail }
      """)
  }

  @Test func anUnreachableLinkNamesWhereEveryRouteStops() throws {
    let findings = try expectFindings(
      "unreachable-link",
      """
        ↓pay: { url: /pay, to: Shop.Pay }
        ↓detail: { url: '/d/{id}', params: { id: String }, to: Shop.Detail, via: [Shop, Shop] }
        ok: { url: '/ok/{id}', params: { id: String }, to: Shop.Detail }
        ignored: { url: /i, to: Shop.Pay, lint: { ignore: [unreachable-link] } }
        broken: { url: /b, to: Shop.Pay, waits: maybe }
      """)
    #expect(
      findings.map(\.message) == [
        "link 'pay' cannot be followed: every route to 'Shop.Pay' stops at the step (screen "
          + "'List' of 'Shop': event 'buy' pushes 'Pay'), which needs a payload 'Product'; no "
          + "param of the link has that type: add one, or build it with 'values'",
        "link 'detail' cannot be followed: no route to 'Shop.Detail' passes through 'Shop' after "
          + "'Shop', as 'via' asks",
      ])
    #expect(findings.first?.notes.first?.range.start.line == 9)
  }

  /// Sending a sequence's event runs all its elements, so a route takes a sequence whole, to
  /// where its last element leads, when every element before it goes forward: a screen an
  /// earlier element shows, or one a sequence with a back element shows, is out of reach,
  /// with a note at the element that shows it.
  @Test func aRouteTakesASequenceWholeToWhereItsLastElementLeads() throws {
    let module = """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home:
              on:
                go: [{ push: A }, { push: B }]
                sheet: [{ present: C }, { push: D }]
            A: { on: { back: pop, again: [pop, { push: E }] } }
            B: { on: { back: pop } }
            C: { on: { back: dismiss } }
            D: { on: { back: pop } }
            E: { on: { back: pop } }
      links:
        a: { url: /a, to: App.A }
        b: { url: /b, to: App.B }
        d: { url: /d, to: App.D }
        e: { url: /e, to: App.E }

      """
    let result = try Pipeline.check([.source(SourceFile(path: "a.flow.yaml", text: module))])
    let findings = result.findings.of("unreachable-link")
    #expect(findings.map(\.subject.description) == ["link 'a'", "link 'e'"])
    let note =
      "a sequence shows the screen here, but a route takes a sequence whole, to where its last element leads"
    #expect(
      findings.map {
        $0.notes.map { "\($0.range.start.line):\($0.range.start.column) \($0.message)" }
      }
        == [["9:18 \(note)"], ["11:44 \(note)"]])
    let files = SwiftGenerator.generate(result.resolved.graph, options: .init())
    let links = try #require(files.first { $0.name == "FlowLink.swift" }?.contents)
    #expect(links.contains("route.event(AppCoordinator.HomeEvent.go, to: .screen(\"B\"))"))
    #expect(links.contains("route.event(AppCoordinator.HomeEvent.sheet, to: .screen(\"D\"))"))
  }

  @Test func aValueTheAppBuildsGivesThePayload() throws {
    _ = try expectFindings(
      "unreachable-link",
      """
        pay: { url: '/pay/{id}', params: { id: String }, values: { Product: [id] }, to: Shop.Pay }
      """)
  }
}
