import FlowCore
import Testing

/// Findings on the drawing: each graph rule's finding, placed where spec section 8 puts it,
/// marks the element drawn for that place, in every format. The findings here are made by
/// hand at those places, so that the drawing is tested apart from the rules;
/// `RuleFindingsOnTheDrawingTests` runs the real rules.
@Suite struct FindingMarksTests {
  /// A module with one place for each graph rule's finding.
  private let yaml = flow(
    """
    App:
      entry: true
      start: Home
      screens:
        Home:
          on:
            go: { start: Child, on: { done: stay } }
        Lost: { on: { next: { push: Home } } }
    Child:
      result: { done: ~, failed: ~ }
      start: First
      screens:
        First: { on: { back: pop, ok: { finish: done } } }
        Trap: { on: { close: dismiss } }
    Orphan:
      start: Alone
      screens: { Alone: {} }
    Tabs:
      tabs:
        - start: Child
          on: { done: stay }
    """)

  /// The drawing of the module with `findings` made from its model by `make`.
  private func marked(
    _ make: (FlowModule) -> [Finding]
  ) throws -> (FlowDiagram, [Finding]) {
    let checked = try Pipeline.check([.source(SourceFile(path: "a.flow.yaml", text: yaml))])
    let findings = make(checked.module)
    let diagram = DiagramBuilder.diagram(
      of: FlowGraph(module: checked.module), findings: findings)
    return (diagram, findings)
  }

  private func finding(_ rule: RuleID, _ severity: Severity, at range: SourceRange) -> Finding {
    Finding(rule, severity, "\(rule) here", at: range)
  }

  @Test func eachGraphRuleMarksTheElementAtItsPlace() throws {
    let (diagram, findings) = try marked { module in
      let app = module.coordinators[0]
      let child = module.coordinators[1]
      let orphan = module.coordinators[2]
      let tabs = module.coordinators[3]
      return [
        finding("unreachable-screen", .warning, at: app.screens[1].name.range),
        finding("unhandled-result", .error, at: app.screens[0].events[0].action.range),
        finding("back-leak", .warning, at: child.screens[0].events[0].action.range),
        finding("invalid-back", .error, at: child.screens[1].events[0].action.range),
        finding("cannot-finish", .warning, at: child.screens[1].name.range),
        finding("orphaned-coordinator", .warning, at: orphan.name.range),
        finding("never-finishes", .error, at: orphan.name.range),
        finding("unhandled-result", .error, at: tabs.tabs[0].range),
        finding(
          "unused-result-case", .warning,
          at: SourceRange(
            file: child.name.range.fileName, start: child.name.range.start, end: child.range.end)),
      ]
    }
    func rules(_ element: [Finding]) -> [String] { element.map(\.rule.rawValue) }

    let lost = try #require(diagram.node("App_Lost"))
    #expect(lost.emphasis == .unreachable && rules(lost.findings) == ["unreachable-screen"])
    let trap = try #require(diagram.node("Child_Trap"))
    #expect(trap.emphasis == .problem && rules(trap.findings) == ["cannot-finish"])
    let orphan = try #require(diagram.clusters.first { $0.name == "Orphan" })
    #expect(orphan.emphasis == .problem)
    #expect(rules(orphan.findings) == ["orphaned-coordinator", "never-finishes"])

    let marks = diagram.edges.enumerated().filter { $0.element.emphasis != .normal }.map {
      "\(diagram.edgeLines[$0.offset]) \($0.element.emphasis) \(rules($0.element.findings))"
    }
    #expect(
      marks == [
        "App_Home -start-> Child__start \"go\" [push] problem [\"unhandled-result\"]",
        // Edges that leave an unreachable node are greyed with it.
        "App_Lost -push-> App_Home \"next\" unreachable []",
        // A back action drawn to several places is red on each.
        "Child_First -pop-> Child__start \"back\" problem [\"back-leak\"]",
        "Child_Trap -dismiss-> Child__start \"close\" problem [\"invalid-back\"]",
        "Tabs__start -tab-> Child__start \"tab 1\" [push] problem [\"unhandled-result\"]",
      ])
    // The coordinator's name and the `unused-result-case` finding share a start: both
    // mark the cluster; no other element is marked.
    let marked =
      diagram.nodes.filter { !$0.findings.isEmpty }.count
      + diagram.edges.filter { !$0.findings.isEmpty }.count
      + diagram.clusters.filter { !$0.findings.isEmpty }.count
    #expect(marked == 2 + 4 + 2)
    #expect(findings.count == 9)
  }

  @Test func aResultCaseFindingMarksItsResultNode() throws {
    let (diagram, _) = try marked { module in
      let cases = module.resultCases(of: module.coordinators[1]) ?? []
      return [finding("unused-result-case", .warning, at: cases[1].name.range)]
    }
    #expect(diagram.node("Child__result_failed")?.emphasis == .problem)
    #expect(diagram.node("Child__result_done")?.emphasis == .normal)
  }

  @Test func anotherFindingOnAnUnreachableScreenMakesItRed() throws {
    let (diagram, _) = try marked { module in
      let lost = module.coordinators[0].screens[1].name.range
      return [
        finding("unreachable-screen", .warning, at: lost),
        finding("duplicate-name", .error, at: lost),
      ]
    }
    #expect(diagram.node("App_Lost")?.emphasis == .problem)
  }

  @Test func everyFormatShowsTheMarks() throws {
    let (diagram, _) = try marked { module in
      let app = module.coordinators[0]
      let child = module.coordinators[1]
      return [
        finding("unreachable-screen", .warning, at: app.screens[1].name.range),
        finding("back-leak", .warning, at: child.screens[0].events[0].action.range),
        finding("orphaned-coordinator", .warning, at: module.coordinators[2].name.range),
      ]
    }
    let dot = DOTWriter.write(diagram).split(separator: "\n")
    let lost = try #require(dot.first { $0.contains("\"App_Lost\" [") })
    #expect(lost.contains("style=\"rounded,filled,dashed\""))
    #expect(lost.contains("color=\"#9e9e9e\""))
    #expect(lost.contains(">unreachable-screen</font>"))
    let leak = try #require(dot.first { $0.contains("\"Child_First\" -> \"Child__start\"") })
    #expect(leak.contains("color=\"#d32f2f\"") && leak.contains(">back-leak</font>"))
    #expect(leak.contains("warning: back-leak here [back-leak]"))
    let orphan = try #require(dot.firstIndex { $0.contains("subgraph \"cluster_Orphan\"") })
    #expect(dot[orphan + 2].contains("color=\"#d32f2f\""))
    #expect(dot[orphan + 1].contains(">orphaned-coordinator</font>"))

    let mermaid = MermaidWriter.write(diagram).split(separator: "\n")
    #expect(mermaid.contains("  class App_Lost unreachable"))
    #expect(mermaid.contains { $0.hasPrefix("  style cluster_Orphan stroke:#d32f2f") })
    let leakIndex = try #require(
      diagram.edges.firstIndex { $0.findings.contains { $0.rule == "back-leak" } })
    #expect(mermaid.contains { $0.hasPrefix("  linkStyle \(leakIndex) stroke:#d32f2f") })
    // One rank longer (`-..->`): it runs back along the start's edge into Child_First.
    #expect(mermaid.contains { $0.contains("Child_First -..->|\"back<br/>back-leak\"|") })

    let json = DiagramJSON.write(diagram)
    #expect(json.contains("\"rule\": \"back-leak\""))
    #expect(json.contains("\"emphasis\": \"unreachable\""))
  }

  @Test func findingsElsewhereMarkNothing() throws {
    let (diagram, _) = try marked { module in
      let name = module.coordinators[0].screens[0].name.range
      let home = SourceRange(file: "b.flow.yaml", start: name.start, end: name.end)
      return [
        finding("unreachable-screen", .warning, at: home),
        finding("type-mismatch", .error, at: .startOfFile("a.flow.yaml")),
      ]
    }
    #expect(diagram.nodes.allSatisfy { $0.emphasis == .normal && $0.findings.isEmpty })
    #expect(diagram.edges.allSatisfy { $0.emphasis == .normal && $0.findings.isEmpty })
    #expect(diagram.clusters.allSatisfy { $0.emphasis == .normal && $0.findings.isEmpty })
  }
}

/// The real checker's findings on the drawing: every finding of a graph rule that `flowc
/// check` reports on a module with planted defects marks an element of the drawing.
@Suite struct RuleFindingsOnTheDrawingTests {
  /// The rules whose findings are about something drawn (spec section 8).
  static let graphRules: Set<RuleID> = [
    "unreachable-screen", "orphaned-coordinator", "unhandled-result", "back-leak",
    "invalid-back", "never-finishes", "cannot-finish", "coordinator-cycle",
    "unused-result-case",
  ]

  /// Every finding that marks some cluster, node or edge of `diagram`.
  static func drawn(_ diagram: FlowDiagram) -> [Finding] {
    diagram.clusters.flatMap(\.findings) + diagram.nodes.flatMap(\.findings)
      + diagram.edges.flatMap(\.findings)
  }

  @Test func everyPlantedDefectIsDrawnWhereItIs() throws {
    let checked = try loadModule(["\(GraphFixtures.directory)/defects.flow.yaml"])
    let planted = checked.findings.filter { Self.graphRules.contains($0.rule) }
    #expect(Set(planted.map(\.rule)) == Self.graphRules, "one defect per graph rule")
    let diagram = try drawing(checked)
    let drawn = Set(Self.drawn(diagram))
    for finding in planted {
      #expect(drawn.contains(finding), "not drawn: \(described([finding]))")
    }
    func marks(_ rule: RuleID) -> [String] {
      var found: [String] = []
      for cluster in diagram.clusters where cluster.findings.contains(where: { $0.rule == rule }) {
        found.append("\(cluster.id) \(cluster.emphasis)")
      }
      for node in diagram.nodes where node.findings.contains(where: { $0.rule == rule }) {
        found.append("\(node.id) \(node.emphasis)")
      }
      for (index, edge) in diagram.edges.enumerated()
      where edge.findings.contains(where: { $0.rule == rule }) {
        found.append("\(diagram.edgeLines[index]) \(edge.emphasis)")
      }
      return found
    }
    #expect(marks("unreachable-screen") == ["Wizard_Skipped unreachable"])
    #expect(marks("orphaned-coordinator") == ["cluster_Lonely problem"])
    #expect(marks("never-finishes") == ["cluster_Forever problem"])
    #expect(marks("cannot-finish") == ["Wizard_Stuck problem"])
    #expect(marks("unused-result-case") == ["Login__result_failed problem"])
    #expect(
      marks("unhandled-result") == [
        "Main_Home -start-> Wizard__start \"wizard\" [push] problem"
      ])
    #expect(
      marks("back-leak") == [
        "Login_Form -pop-> Login__start \"back\" problem"
      ])
    #expect(marks("invalid-back") == ["Main_Plain -dismiss-> Main__start \"close\" problem"])
    #expect(
      marks("coordinator-cycle") == ["Echo_Again -start-> Echo__start \"again\" [push] problem"])
    // The unreachable screen's own edges are greyed with it.
    let skipped = try #require(diagram.nodes.firstIndex { $0.id == "Wizard_Skipped" })
    #expect(
      diagram.edges.filter { $0.from == skipped }.allSatisfy { $0.emphasis == .unreachable })
  }

  /// In every fixture, each finding of a graph rule marks something drawn.
  @Test(arguments: GraphFixtures.names)
  func everyGraphFindingOfAFixtureIsDrawn(_ name: String) throws {
    let checked = try loadModule(["\(GraphFixtures.directory)/\(name)"])
    let drawn = Set(Self.drawn(try drawing(checked)))
    for finding in checked.findings where Self.graphRules.contains(finding.rule) {
      #expect(drawn.contains(finding), "not drawn: \(described([finding]))")
    }
  }
}
