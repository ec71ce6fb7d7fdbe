import FlowCore
import Foundation
import Testing

/// Type names and links' `to:` and `via:` are resolved once, in the graph, with the reason
/// when they do not resolve; every other reader (rules, generator, drawing, editor) reads
/// that, and none looks the name up again.
@Suite struct ReferenceResolutionTests {
  private func graph(_ yaml: String) throws -> FlowGraph {
    try Pipeline.check([.source(SourceFile(path: "a.flow.yaml", text: yaml))]).resolved.graph
  }

  private let module = """
    version: 1
    types:
      Profile: external
      Item: { struct: { id: Int, owner: Usr, maker: Shop, price: Pric } }
      Price: external
    coordinators:
      Shop:
        entry: true
        start: Home
        screens:
          Home: { on: { pick: { payload: Item, push: Detail } } }
          Detail: { input: Item, on: { ask: { decide: Gate } } }
        decisions:
          Gate: { cases: { yes: { push: Home } } }
        alerts:
          Oops: { on: { ok: stay } }
    links:
      detail: { url: /detail, to: Shop.Detail, via: [Shop] }
      gate: { url: /gate, to: Shop.Gate }
      oops: { url: /oops, to: Shop.Oops }
      missing: { url: /missing, to: Shop.Detial }
      typed: { url: /typed, to: Profile.Home, via: [Shpo, Profile] }
    """

  @Test func typeNamesResolveWithTheirReason() throws {
    let types = try graph(module).types
    guard case .builtin = types.resolution(of: "Int") else {
      Issue.record("Int is builtin")
      return
    }
    #expect(types.resolution(of: "Price").declaration?.name.text == "Price")
    guard case .unresolved(.wrongKind(.coordinator, nil)) = types.resolution(of: "Shop") else {
      Issue.record("'Shop' is a coordinator: \(types.resolution(of: "Shop"))")
      return
    }
    guard case .unresolved(.missing(let suggestion)) = types.resolution(of: "Pric") else {
      Issue.record("'Pric' is missing: \(types.resolution(of: "Pric"))")
      return
    }
    #expect(suggestion?.name == "Price")
    #expect(suggestion?.isUnique == true)
    guard case .unresolved(.missing(nil)) = types.resolution(of: "Usr") else {
      Issue.record("'Usr' is missing, nothing close: \(types.resolution(of: "Usr"))")
      return
    }
  }

  @Test func linkTargetsAndViaResolveWithTheirReason() throws {
    let links = try graph(module).links
    try #require(links.count == 5)
    #expect(links[0].target?.coordinator == 0)
    #expect(links[0].target?.screen == 1)
    #expect(links[0].viaCoordinators == [0])
    guard case .unresolved(.wrongKind(.decision, nil))? = links[1].screen,
      case .unresolved(.wrongKind(.alert, nil))? = links[2].screen,
      case .unresolved(.missing(let screen))? = links[3].screen
    else {
      Issue.record("gate, oops, missing: \(links[1].screen!), \(links[2].screen!)")
      return
    }
    #expect(screen?.name == "Detail")
    #expect(links[4].target == nil)
    #expect(links[4].screen == nil)
    #expect(links[4].viaCoordinators == nil)
    guard case .unresolved(.wrongKind(.type, nil))? = links[4].coordinator,
      case .unresolved(.missing(let via))? = links[4].via.first
    else {
      Issue.record("typed: \(links[4].coordinator!), \(links[4].via)")
      return
    }
    #expect(via?.name == "Shop")
  }

  /// The reasons are what `unknown-reference` reports, word for word as before.
  @Test func unknownReferenceReportsTheStoredReasons() throws {
    let checked = try Pipeline.check([.source(SourceFile(path: "a.flow.yaml", text: module))])
    let messages = checked.findings.filter { $0.rule == "unknown-reference" }.map(\.message)
    #expect(
      messages.sorted() == [
        "'Gate' is a decision of coordinator 'Shop', not a screen; a link opens a screen",
        "'Oops' is an alert of coordinator 'Shop', not a screen; a link opens a screen",
        "'Shop' is a coordinator, not a type",
        "coordinator 'Profile' does not exist; 'Profile' is a type",
        "coordinator 'Profile' does not exist; 'Profile' is a type",
        "coordinator 'Shpo' does not exist; did you mean 'Shop'?",
        "screen 'Detial' does not exist in coordinator 'Shop'; did you mean 'Detail'?",
        "unknown type 'Pric'; did you mean 'Price'?",
        "unknown type 'Usr'",
      ])
  }

  // MARK: Nobody looks a name up again

  private static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources")

  /// Every Swift file under `Sources/`, as its path below it and its code lines (comments
  /// left out).
  private static func codeLines() throws -> [(path: String, line: String)] {
    let root = sources.standardizedFileURL.path + "/"
    let walker = try #require(FileManager.default.enumerator(atPath: root))
    var lines: [(String, String)] = []
    while let path = walker.nextObject() as? String {
      guard path.hasSuffix(".swift") else { continue }
      let text = try String(contentsOfFile: root + path, encoding: .utf8)
      for line in text.split(separator: "\n")
      where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
        lines.append((path, String(line)))
      }
    }
    return lines
  }

  /// `type(named:)` is the module's own lookup, which only the resolver (`Graph/`) calls:
  /// everything else asks `FlowGraph.types`, which resolved the name once, with its reason.
  @Test func onlyTheResolverLooksTypesUpByName() throws {
    let lines = try Self.codeLines()
    #expect(
      lines.contains { $0.path.hasPrefix("FlowCore/Graph/") && $0.line.contains("type(named:") })
    for (path, line) in lines
    where !path.hasPrefix("FlowCore/Graph/") && !path.hasPrefix("FlowCore/Model/") {
      #expect(!line.contains(".type(named:") && !line.contains(" type(named:"), "\(path): \(line)")
    }
  }

  /// A link's `to:` and `via:` are resolved by `Graph/References.swift`; the route search,
  /// the drawing and `unknown-reference` read `FlowGraph.links`.
  @Test func onlyTheResolverLooksLinkTargetsUpByName() throws {
    let lookup = /(?:coordinatorIndex|coordinator|node)\(named:[^)]*\b(?:target|via|link)\b/
    let lines = try Self.codeLines()
    #expect(
      lines.contains {
        $0.path == "FlowCore/Graph/References.swift" && $0.line.contains("link.via")
      })
    for (path, line) in lines where path != "FlowCore/Graph/References.swift" {
      #expect(line.firstMatch(of: lookup) == nil, "\(path): \(line)")
    }
  }
}
