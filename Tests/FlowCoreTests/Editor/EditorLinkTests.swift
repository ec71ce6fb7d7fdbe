import FlowCore
import Testing

/// Deep links (spec section 12) in the editor: a link's name is a symbol of its own, and the
/// coordinator and screen of its `to:` and the coordinators of its `via:` are uses of theirs,
/// across the files of a module.
@Suite struct EditorLinkTests {
  /// The coordinators: `App` starts `Shop`, whose `Products` pushes `Product`.
  static let app = """
    version: 1
    types:
      ProductID: external
    coordinators:
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { shop: { start: Shop, on: { done: stay } } } }
      Shop:
        result: { done: ~ }
        start: Products
        screens:
          Products: { on: { open: { payload: String, push: Product }, close: { finish: done } } }
          Product: { doc: "A product, « en français »", input: String, on: { back: pop } }
    """
  /// The links, in a file of their own.
  static let links = """
    version: 1
    links:
      product:
        doc: A product page, from a shared URL.
        url: /products/{id}?ref={source}
        params: { id: String, source: String? }
        to: Shop.Product
        via: [App, Shop]
      catalogue:
        url: /products
        to: Shop.Products
    """

  private func module() -> EditorModule {
    EditorModule(files: [
      SourceFile(path: "app.flow.yaml", text: Self.app),
      SourceFile(path: "links.flow.yaml", text: Self.links),
    ])
  }

  private func at(_ needle: String, in text: String, _ occurrence: Int = 0) throws -> EditorPosition
  {
    try #require(position(of: needle, in: text, occurrence: occurrence))
  }

  private func range(of needle: String, in text: String, _ occurrence: Int = 0) throws
    -> EditorRange
  {
    let start = try at(needle, in: text, occurrence)
    return EditorRange(
      start: start,
      end: EditorPosition(line: start.line, character: start.character + needle.utf16.count))
  }

  @Test func theModuleChecksCleanly() {
    let findings = module().check.findings.filter { $0.severity == .error }
    #expect(findings.isEmpty, "\(findings)")
  }

  @Test func goToDefinitionFromAScreenInToReachesTheScreen() throws {
    let editor = module()
    var cursor = try at("Shop.Product", in: Self.links)
    cursor.character += "Shop.Pro".utf16.count
    let symbol = try #require(editor.symbol(at: cursor, in: "links.flow.yaml"))
    #expect(symbol.symbol == .node(coordinator: "Shop", name: "Product"))
    #expect(symbol.range == (try range(of: "Product", in: Self.links, 0)))
    #expect(
      editor.definition(at: cursor, in: "links.flow.yaml") == [
        EditorLocation(path: "app.flow.yaml", range: try range(of: "Product:", in: Self.app, 0))
          .trimmed(to: "Product")
      ])
  }

  @Test func goToDefinitionFromTheCoordinatorOfToAndOfViaReachesTheCoordinator() throws {
    let editor = module()
    let shop = EditorLocation(
      path: "app.flow.yaml", range: try range(of: "Shop:", in: Self.app).trimmed(by: 1))
    let inTo = try at("Shop.Product", in: Self.links)
    #expect(editor.definition(at: inTo, in: "links.flow.yaml") == [shop])
    let inVia = try at("Shop]", in: Self.links)
    #expect(editor.symbol(at: inVia, in: "links.flow.yaml")?.symbol == .coordinator("Shop"))
    #expect(editor.definition(at: inVia, in: "links.flow.yaml") == [shop])
    let app = try at("App,", in: Self.links)
    #expect(editor.symbol(at: app, in: "links.flow.yaml")?.symbol == .coordinator("App"))
  }

  @Test func theReferencesOfAScreenListTheLinksIntoIt() throws {
    let editor = module()
    let cursor = try at("Product:", in: Self.app)
    let found = editor.references(at: cursor, in: "app.flow.yaml")
    #expect(
      found == [
        EditorLocation(path: "app.flow.yaml", range: try range(of: "Product", in: Self.app, 3)),
        EditorLocation(path: "app.flow.yaml", range: try range(of: "Product", in: Self.app, 4)),
        EditorLocation(path: "links.flow.yaml", range: try range(of: "Product", in: Self.links, 0)),
      ])
    // `Shop.Products` is another screen: its references do not include `product`'s `to:`.
    let products = try at("Products:", in: Self.app)
    let uses = editor.references(at: products, in: "app.flow.yaml", includeDefinitions: false)
    #expect(uses.map(\.path) == ["app.flow.yaml", "links.flow.yaml"])
  }

  @Test func aLinkIsDefinedAtItsNameAndCanBeRenamed() throws {
    let editor = module()
    let cursor = try at("product:", in: Self.links)
    #expect(editor.symbol(at: cursor, in: "links.flow.yaml")?.symbol == .link("product"))
    #expect(
      editor.definition(at: cursor, in: "links.flow.yaml") == [
        EditorLocation(path: "links.flow.yaml", range: try range(of: "product", in: Self.links))
      ])
    let edits = try editor.rename(at: cursor, in: "links.flow.yaml", to: "item").get()
    #expect(edits.count == 1)
    #expect(applying(edits, to: Self.links).contains("\n  item:\n    doc: A product page"))
    #expect(throws: RenameRefusal.self) {
      try editor.rename(at: cursor, in: "links.flow.yaml", to: "catalogue").get()
    }
    #expect(throws: RenameRefusal.self) {
      try editor.rename(at: cursor, in: "links.flow.yaml", to: "Item").get()
    }
  }

  @Test func renamingAScreenRewritesToKeepingTheDottedForm() throws {
    let editor = module()
    let cursor = try at("Product:", in: Self.app)
    let edits = try editor.rename(at: cursor, in: "app.flow.yaml", to: "Item").get()
    let links = applying(edits.filter { $0.path == "links.flow.yaml" }, to: Self.links)
    #expect(links.contains("to: Shop.Item\n"))
    #expect(links.hasSuffix("to: Shop.Products"))
    let app = applying(edits.filter { $0.path == "app.flow.yaml" }, to: Self.app)
    let renamed = EditorModule(files: [
      SourceFile(path: "app.flow.yaml", text: app),
      SourceFile(path: "links.flow.yaml", text: links),
    ])
    #expect(renamed.check.findings.filter { $0.severity == .error }.isEmpty)
  }

  @Test func renamingACoordinatorRewritesToAndVia() throws {
    let editor = module()
    let cursor = try at("Shop:", in: Self.app)
    let edits = try editor.rename(at: cursor, in: "app.flow.yaml", to: "Store").get()
    let links = applying(edits.filter { $0.path == "links.flow.yaml" }, to: Self.links)
    #expect(links.contains("to: Store.Product\n"))
    #expect(links.contains("via: [App, Store]"))
    #expect(links.contains("to: Store.Products"))
  }

  @Test func aLinkShowsItsDocPatternAndParams() throws {
    let editor = module()
    let cursor = try at("product:", in: Self.links)
    let hover = try #require(editor.hover(at: cursor, in: "links.flow.yaml"))
    #expect(
      hover.markdown == """
        **link** `product`

        A product page, from a shared URL.

        - url: `/products/{id}?ref={source}`
        - params: `id`: `String`, `source`: `String?`
        - opens `Shop.Product`
        - via `App`, `Shop`
        """)
    #expect(hover.range == (try range(of: "product", in: Self.links)))
  }

  @Test func theOutlineListsTheLinksOfTheFile() throws {
    let editor = module()
    let outline = editor.documentSymbols(in: "links.flow.yaml")
    #expect(outline.map(\.name) == ["product", "catalogue"])
    #expect(outline.map(\.kind) == [.link, .link])
    #expect(outline.map(\.detail) == ["/products/{id}?ref={source}", "/products"])
    #expect(!editor.documentSymbols(in: "app.flow.yaml").contains { $0.kind == .link })
  }

  /// The labels offered at the cursor of `marked`, with `app` beside it in the module.
  private func labels(_ marked: String) throws -> [String] {
    let file = MarkedFile("links.flow.yaml", marked)
    let cursor = try #require(file.cursor)
    let editor = EditorModule(files: [
      SourceFile(path: "app.flow.yaml", text: Self.app), file.file,
    ])
    return editor.completions(at: cursor, in: file.path).map(\.label)
  }

  @Test func insideALinkItsKeysAreOffered() throws {
    let offered = try labels(
      """
      version: 1
      links:
        product:
          url: /products
          ‸
      """)
    #expect(offered == ["doc", "params", "values", "to", "via", "waits", "lint"])
  }

  @Test func afterToACoordinatorAndADotTheScreensOfThatCoordinatorAreOffered() throws {
    #expect(
      try labels(
        """
        version: 1
        links:
          product:
            url: /products
            to: Shop.‸
        """) == ["Products", "Product"])
    #expect(
      try labels(
        """
        version: 1
        links:
          product: { url: /products, to: App.H‸ }
        """) == ["Home"])
    #expect(
      try labels(
        """
        version: 1
        links:
          product:
            to: ‸
        """) == ["App", "Shop"])
  }
}

extension EditorLocation {
  /// The location with its range cut to the length of `name`.
  fileprivate func trimmed(to name: String) -> EditorLocation {
    EditorLocation(
      path: path,
      range: EditorRange(
        start: range.start,
        end: EditorPosition(
          line: range.start.line, character: range.start.character + name.utf16.count)))
  }
}

extension EditorRange {
  /// The range without its last `count` characters.
  fileprivate func trimmed(by count: Int) -> EditorRange {
    EditorRange(start: start, end: EditorPosition(line: end.line, character: end.character - count))
  }
}
