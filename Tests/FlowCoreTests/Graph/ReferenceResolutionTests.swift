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

  // MARK: Action targets

  private let actions = """
    version: 1
    coordinators:
      App:
        entry: true
        start: Home
        screens:
          Home:
            on:
              settings: { push: Setings }
              gate: { push: Gate }
              oops: { decide: Oops }
              shop: { push: Shop }
              cart: { present: Cart }
              open: { start: Shpo }
              home: { start: Home }
              pick: { select: Settings }
              buy: { start: Shop, on: { don: stay, done: { push: Cart } } }
          Settings: { on: { back: pop, ok: { push: Home } } }
        decisions:
          Gate: { cases: { yes: { finish: dne } } }
        alerts:
          Oops: { on: { ok: stay } }
      Shop:
        result: { done: ~ }
        start: Settings
        leave: dne
        screens:
          Cart: { on: { pay: { finish: don } } }
      Basket:
        start: Crat
        screens:
          Cart: { on: { ok: stay } }
      Main:
        tabs:
          - start: Shp
          - start: Cart
          - start: Shop
    """

  /// `reason` in words, for comparing: the kind and the suggestion, or the coordinator's name.
  private func describe(_ reason: UnresolvedReason?, in graph: FlowGraph) -> String {
    func suggested(_ suggestion: NameSuggestion?) -> String {
      suggestion.map { " '\($0.name)'\($0.isUnique ? "" : " (not unique)")" } ?? ""
    }
    switch reason {
    case nil: return "resolved"
    case .missing(let suggestion)?: return "missing" + suggested(suggestion)
    case .wrongKind(let kind, let suggestion)?: return "\(kind.rawValue)" + suggested(suggestion)
    case .otherCoordinator(let index)?:
      return "of coordinator '\(graph.module.coordinators[index].name.text)'"
    }
  }

  /// The step of the transition `name` (an event, case or handled case) of `coordinator`.
  private func step(_ name: String, in coordinator: Int, of graph: FlowGraph) throws -> Step {
    let all = graph.coordinators[coordinator].steps.joined()
    return try #require(all.first { $0.transition.name.text == name }, "no step '\(name)'")
  }

  /// Every target an action names is resolved once, by the graph, with why it names
  /// nothing: missing (with the closest name of the kind wanted), the wrong kind (another
  /// node's, a coordinator's), or a node of another coordinator.
  @Test func actionTargetsResolveWithTheirReason() throws {
    let graph = try graph(actions)
    let targets = graph.targets
    func reason(_ name: String, in coordinator: Int = 0) throws -> String {
      describe(targets.reason(of: try step(name, in: coordinator, of: graph)), in: graph)
    }
    #expect(try reason("settings") == "missing 'Settings'")
    #expect(try reason("gate") == "decision")
    #expect(try reason("oops") == "alert")
    #expect(try reason("shop") == "coordinator")
    #expect(try reason("cart") == "of coordinator 'Shop'")
    #expect(try reason("open") == "missing 'Shop'")
    #expect(try reason("home") == "screen")
    #expect(try reason("pick") == "screen")
    #expect(try reason("buy") == "resolved")
    #expect(try reason("back") == "resolved")
    #expect(try reason("ok") == "resolved")
    // A pushed screen of another coordinator, in a handler of a child's result.
    #expect(try reason("done") == "of coordinator 'Shop'")
    // A `finish` in a coordinator without a result names no case it could have.
    #expect(try reason("yes") == "missing")
    #expect(try reason("pay", in: 1) == "missing 'done'")
  }

  /// A handler's case is resolved to one of its child's result cases, or why not; so are a
  /// coordinator's `start`, its tabs' children and its `leave`.
  @Test func handledCasesStartsTabsAndLeaveResolveWithTheirReason() throws {
    let graph = try graph(actions)
    let targets = graph.targets
    let handler = try step("don", in: 0, of: graph)
    #expect(describe(targets.reasonOfHandledCase(handler), in: graph) == "missing 'done'")
    let handled = try step("done", in: 0, of: graph)
    #expect(handled.handledCase == 0)
    #expect(targets.reasonOfHandledCase(handled) == nil)
    #expect(describe(targets.reasonOfStart(in: 0), in: graph) == "resolved")
    #expect(describe(targets.reasonOfStart(in: 1), in: graph) == "of coordinator 'App'")
    #expect(describe(targets.reasonOfStart(in: 2), in: graph) == "missing 'Cart'")
    #expect(describe(targets.reasonOfLeave(in: 1), in: graph) == "missing 'done'")
    #expect(describe(targets.reasonOfLeave(in: 0), in: graph) == "resolved")
    #expect(describe(targets.reasonOfTab(0, in: 3), in: graph) == "missing 'Shop'")
    // `Cart` is no screen of `Main`, which has none: not a coordinator, and nothing closer.
    #expect(describe(targets.reasonOfTab(1, in: 3), in: graph) == "missing")
    #expect(describe(targets.reasonOfTab(2, in: 3), in: graph) == "resolved")
  }

  /// `unknown-reference` says each stored reason, word for word as it said them when it
  /// looked the names up itself.
  @Test func unknownReferenceReportsTheActionTargetsReasons() throws {
    let checked = try Pipeline.check([.source(SourceFile(path: "a.flow.yaml", text: actions))])
    let messages = checked.findings.filter { $0.rule == "unknown-reference" }
      .map { "\($0.range.start.line):\($0.range.start.column) \($0.message)" }
    #expect(
      messages == [
        "9:29 screen 'Setings' does not exist in coordinator 'App'; did you mean 'Settings'?",
        "10:25 'Gate' is a decision of coordinator 'App', not a screen; use 'decide: Gate'",
        "11:27 'Oops' is an alert of coordinator 'App', not a decision; use 'alert: Oops'",
        "12:25 'Shop' is a coordinator, not a screen; use 'start: Shop'",
        "13:28 screen 'Cart' belongs to coordinator 'Shop', not 'App'; reach it by starting "
          + "'Shop'",
        "14:26 coordinator 'Shpo' does not exist; did you mean 'Shop'?",
        "15:26 'Home' is a screen, not a coordinator; use 'push: Home'",
        "16:27 'Settings' is a screen, not a coordinator; use 'push: Settings'",
        "17:37 coordinator 'Shop' has no result case 'don'; did you mean 'done'?",
        "17:62 screen 'Cart' belongs to coordinator 'Shop', not 'App'; reach it by starting "
          + "'Shop'",
        "20:31 coordinator 'App' has no result to finish with; declare it, such as "
          + "'result: { dne: ~ }'",
        "25:12 'Settings' belongs to coordinator 'App'; a coordinator starts at one of its own "
          + "screens or decisions",
        "26:12 result case 'dne' does not exist in coordinator 'Shop'; did you mean 'done'?",
        "28:36 result case 'don' does not exist in coordinator 'Shop'; did you mean 'done'?",
        "30:12 start 'Crat' is not a screen or decision of coordinator 'Basket'; did you mean "
          + "'Cart'?",
        "35:16 coordinator 'Shp' does not exist; did you mean 'Shop'?",
        "36:16 coordinator 'Cart' does not exist",
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

  /// The names actions, starts, handlers and `leave` write are resolved by the graph
  /// (`FlowGraph.targets`, the steps); the rules, the checker's passes, the
  /// generators and the diff read that. The exceptions compare definitions' names with one
  /// another, which are no references: `duplicate-name` and the broken definitions (a
  /// later node of a taken name), and the owner of a generated name.
  @Test func onlyTheGraphLooksActionTargetsUpByName() throws {
    let lookup = /(?:\bnode|\bcoordinator|coordinatorIndex)\(named:|nodeNames\(in:|resultCases\[/
    let exceptions: Set<String> = [
      "FlowCore/Rules/DuplicateNameRule.swift", "FlowCore/Check/BrokenDefinitions.swift",
      "FlowCore/Generators/Swift/GeneratedNames.swift",
    ]
    let lines = try Self.codeLines()
    #expect(
      lines.contains {
        $0.path == "FlowCore/Graph/References.swift" && $0.line.firstMatch(of: lookup) != nil
      })
    let readers = [
      "FlowCore/Rules/", "FlowCore/Check/", "FlowCore/Driver/", "FlowCore/Generators/",
      "FlowCore/Diff/",
    ]
    for (path, line) in lines
    where readers.contains(where: path.hasPrefix) && !exceptions.contains(path) {
      #expect(line.firstMatch(of: lookup) == nil, "\(path): \(line)")
    }
  }
}
