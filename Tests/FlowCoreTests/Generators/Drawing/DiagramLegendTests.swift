import FlowCore
import Testing

/// `flowc graph --legend` (issue 34, item 8): a sample of every kind of edge and node, in a
/// cluster of its own, drawn by the writers' own styles; and nothing of it without the option.
@Suite struct DiagramLegendTests {
  private func tabs() throws -> FlowDiagram {
    try drawing(loadModule(["\(GraphFixtures.directory)/tabs.flow.yaml"]))
  }

  @Test func theLegendHasASampleOfEveryKindOfEdgeAndNode() throws {
    var diagram = try tabs()
    let before = (diagram.clusters.count, diagram.nodes.count, diagram.edges.count)
    DiagramLegend.add(to: &diagram)
    let legend = try #require(diagram.clusters.last)
    #expect(legend.isLegend && legend.name == "legend")
    #expect(diagram.clusters.count == before.0 + 1)
    // Nothing of the module changed: the samples come after it, all inside the legend.
    #expect(
      diagram.edges[before.2...].allSatisfy { edge in
        legend.nodes.contains(edge.from) && legend.nodes.contains(edge.to)
      })
    #expect(legend.nodes == Array(before.1..<diagram.nodes.count))
    let edgeKinds = Set(diagram.edges[before.2...].map(\.kind.rawValue))
    #expect(
      edgeKinds == [
        "begin", "push", "present", "replace", "decide", "alert", "pop", "popToRoot", "dismiss",
        "stay", "finish", "start", "tab", "select", "show", "handler", "request",
        "requestHandler", "link",
      ])
    // (r3) A show names its column.
    #expect(diagram.edges[before.2...].contains { $0.kind == .show && $0.column == .secondary })
    // A full-screen modal and a modal child are drawn apart from a sheet.
    #expect(diagram.edges[before.2...].contains { $0.modal == .fullScreen })
    #expect(diagram.edges[before.2...].contains { $0.kind == .start && $0.style == .sheet })
    let nodeKinds = Set(legend.nodes.map { diagram.nodes[$0].kind.rawValue })
    #expect(
      nodeKinds == [
        "point", "app", "screen", "decision", "alert", "result", "request", "tabs",
        "coordinator", "link", "missing", "column",
      ])
    // (r3) A split coordinator's lane: a box of its own in the legend, around its column node.
    #expect(
      legend.lanes.map { $0.nodes.map { diagram.nodes[$0].kind } } == [[.column]])
    #expect(legend.nodes.contains { diagram.nodes[$0].emphasis == .unreachable })
    #expect(legend.nodes.contains { diagram.nodes[$0].emphasis == .problem })
    // Identifiers stay unique with the module's.
    #expect(Set(diagram.nodes.map(\.id)).count == diagram.nodes.count)
    #expect(Set(diagram.clusters.map(\.id)).count == diagram.clusters.count)
  }

  /// Golden DOT and Mermaid of a drawing with its legend; Graphviz draws it without a warning.
  @Test func goldenLegend() throws {
    var diagram = try tabs()
    DiagramLegend.add(to: &diagram)
    let dot = DOTWriter.write(diagram)
    try Golden.check(dot, against: "\(GraphFixtures.goldens)/tabs.legend.dot")
    try Golden.check(
      MermaidWriter.write(diagram), against: "\(GraphFixtures.goldens)/tabs.legend.mmd")
    try expectGraphvizAccepts(dot)
  }

  /// A legend's identifiers never clash with a module's, whatever its names.
  @Test func theLegendsIdentifiersDoNotClashWithTheModules() throws {
    var diagram = try drawing(
      flow(
        """
        legend:
          entry: true
          start: legend
          screens: { legend: {}, app: {} }
        """))
    DiagramLegend.add(to: &diagram)
    #expect(Set(diagram.nodes.map(\.id)).count == diagram.nodes.count)
    #expect(Set(diagram.clusters.map(\.id)).count == diagram.clusters.count)
    try expectGraphvizAccepts(DOTWriter.write(diagram))
  }
}

/// Mermaid labels that covered each other (issue 34, item 8): an edge that runs back along
/// one drawn before between the same two nodes is one rank longer; nothing else is.
@Suite struct MermaidReverseEdgeTests {
  @Test func anEdgeBackAlongAnotherIsOneRankLonger() throws {
    let mermaid = MermaidWriter.write(
      try drawing(
        flow(
          """
          App:
            entry: true
            start: Home
            screens:
              Home: { on: { help: { present: Help }, again: { present: Help }, wait: stay } }
              Help: { on: { close: dismiss, next: { push: More } } }
              More: { on: { back: pop } }
          """)))
    let edges = mermaid.split(separator: "\n").filter { $0.contains("|\"") }
    #expect(
      edges == [
        "  App_Home -->|\"help\"| App_Help",
        "  App_Home -->|\"again\"| App_Help",
        "  App_Home -.->|\"wait\"| App_Home",
        "  App_Help -..->|\"close\"| App_Home",
        "  App_Help -->|\"next\"| App_More",
        "  App_More -..->|\"back\"| App_Help",
      ], "\(edges)")
  }
}
