import FlowCore
import Foundation
import Testing

/// The graph fixtures: each file of `Tests/Fixtures/graph/` is a module of its own.
enum GraphFixtures {
  static let directory = "Tests/Fixtures/graph"
  static let goldens = "Tests/Goldens/graph"

  /// The fixture file names, sorted.
  static let names: [String] =
    ((try? FileManager.default.contentsOfDirectory(
      atPath: packageRoot.appendingPathComponent(directory).path)) ?? [])
    .filter { $0.hasSuffix(".flow.yaml") }.sorted()

  /// `actions.flow.yaml` → `actions`.
  static func stem(_ name: String) -> String {
    String(name.dropLast(".flow.yaml".count))
  }
}

/// Golden DOT and Mermaid of every graph fixture, and Graphviz's verdict on the DOT.
@Suite struct GraphGoldenTests {
  @Test func theFixturesAreThere() {
    #expect(GraphFixtures.names.count >= 4, "\(GraphFixtures.names)")
  }

  @Test(arguments: GraphFixtures.names)
  func fixture(_ name: String) throws {
    let checked = try loadModule(["\(GraphFixtures.directory)/\(name)"])
    let diagram = try drawing(checked)
    let stem = GraphFixtures.stem(name)
    let dot = DOTWriter.write(diagram)
    try Golden.check(dot, against: "\(GraphFixtures.goldens)/\(stem).dot")
    try Golden.check(
      MermaidWriter.write(diagram), against: "\(GraphFixtures.goldens)/\(stem).mmd")
    try expectGraphvizAccepts(dot)
  }

  /// One coordinator with its direct children collapsed, in both formats.
  @Test(arguments: [
    ("actions", "Root"), ("actions", "Account"), ("tabs", "Home"), ("shared", "Feed"),
    ("requests", "App"), ("split", "Mail"),
  ])
  func focused(_ fixture: String, _ coordinator: String) throws {
    let checked = try loadModule(["\(GraphFixtures.directory)/\(fixture).flow.yaml"])
    let diagram = try drawing(checked, focus: coordinator)
    let dot = DOTWriter.write(diagram)
    let stem = "\(GraphFixtures.goldens)/\(fixture).\(coordinator)"
    try Golden.check(dot, against: stem + ".dot")
    try Golden.check(MermaidWriter.write(diagram), against: stem + ".mmd")
    try expectGraphvizAccepts(dot)
  }

  @Test func json() throws {
    let checked = try loadModule(["\(GraphFixtures.directory)/tabs.flow.yaml"])
    try Golden.check(
      DiagramJSON.write(try drawing(checked)), against: "\(GraphFixtures.goldens)/tabs.json")
  }

  /// Revision 3's shared box in the JSON drawing: `"shared": true`, no coordinator.
  @Test func sharedInJSON() throws {
    let checked = try loadModule(["\(GraphFixtures.directory)/shared.flow.yaml"])
    try Golden.check(
      DiagramJSON.write(try drawing(checked)), against: "\(GraphFixtures.goldens)/shared.json")
  }

  /// Revision 3's requests in the JSON drawing: the child's cluster lists them, its nodes and
  /// edges have the kinds `request` and `requestHandler`.
  @Test func requestsInJSON() throws {
    let checked = try loadModule(["\(GraphFixtures.directory)/requests.flow.yaml"])
    try Golden.check(
      DiagramJSON.write(try drawing(checked)), against: "\(GraphFixtures.goldens)/requests.json")
  }

  /// Revision 3's split coordinators in the JSON drawing: a split's cluster says `split` and
  /// lists its lanes; a show's edge has the kind `show` and its `column`.
  @Test func splitInJSON() throws {
    let checked = try loadModule(["\(GraphFixtures.directory)/split.flow.yaml"])
    try Golden.check(
      DiagramJSON.write(try drawing(checked)), against: "\(GraphFixtures.goldens)/split.json")
  }

  /// Revision 3's styles in the JSON drawing: each edge's `modal` names its style.
  @Test func stylesInJSON() throws {
    let checked = try loadModule(["\(GraphFixtures.directory)/styles.flow.yaml"])
    try Golden.check(
      DiagramJSON.write(try drawing(checked)), against: "\(GraphFixtures.goldens)/styles.json")
  }
}

/// Requires Graphviz `dot` to render `source` to SVG with exit status 0 and no warning.
func expectGraphvizAccepts(
  _ source: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let run = try runGraphviz(source)
  #expect(run.status == 0, "dot failed: \(run.warnings)", sourceLocation: sourceLocation)
  #expect(run.warnings == "", "dot warned", sourceLocation: sourceLocation)
  #expect(run.output.contains("<svg"), sourceLocation: sourceLocation)
}
