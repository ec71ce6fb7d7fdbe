import FlowCore
import Foundation
import Testing

/// The drawing of a whole module built in parts on all cores (issue 35, round 3) is the
/// drawing built in one part: the same identifiers (made unique in the same order), nodes,
/// clusters, lanes and edges, the edges of shared screens' steps kept once; and the DOT and
/// Mermaid written as its edges are built, part by part, are those of the whole drawing.
@Suite struct DiagramPartsTests {
  /// The DOT and JSON texts of `checked`'s drawing, built in parts of `perPart`
  /// coordinators.
  private static func texts(_ checked: CheckResult, perPart: Int) -> (String, String) {
    let diagram = DiagramBuilder.diagram(
      of: FlowGraph(module: checked.module), findings: checked.findings,
      coordinatorsPerPart: perPart)
    return (DOTWriter.write(diagram), DiagramJSON.write(diagram))
  }

  /// The DOT and Mermaid texts of `checked`'s drawing written as its edges are built, in
  /// parts of `perPart` coordinators (issue 35: what `flowc graph` writes), and how many
  /// edges it says it has; and the DOT of the drawing whose edges were not counted, where
  /// only the coordinators that may draw a missing node are built before the edges are
  /// written (what `flowc graph --format dot` writes).
  private static func streamedTexts(_ checked: CheckResult, perPart: Int) -> (
    dot: String, mermaid: String, edges: Int?, uncountedDOT: String
  ) {
    let graph = FlowGraph(module: checked.module)
    let drawing = DiagramBuilder.drawing(
      of: graph, findings: checked.findings, coordinatorsPerPart: perPart)
    func dot(of drawing: PartwiseDiagram) -> String {
      var dot: [UInt8] = []
      DOTWriter.write(drawing, in: DOTWriter.PieceSize(clusters: 2, edges: 5)) {
        dot += $0
        return true
      }
      return String(decoding: dot, as: UTF8.self)
    }
    var mermaid: [UInt8] = []
    MermaidWriter.write(drawing, inPiecesOf: 200) {
      mermaid += $0
      return true
    }
    let uncounted = DiagramBuilder.drawing(
      of: graph, findings: checked.findings, coordinatorsPerPart: perPart, countsEdges: false)
    return (
      dot(of: drawing), String(decoding: mermaid, as: UTF8.self), drawing.edgeCount,
      dot(of: uncounted)
    )
  }

  private static func expectSameInParts(_ checked: CheckResult, _ name: String) {
    let whole = texts(checked, perPart: .max)
    let wholeDiagram = DiagramBuilder.diagram(
      of: FlowGraph(module: checked.module), findings: checked.findings,
      coordinatorsPerPart: .max)
    let wholeMermaid = MermaidWriter.write(wholeDiagram)
    for perPart in [1, 2, 3] {
      let parts = texts(checked, perPart: perPart)
      #expect(parts.0 == whole.0, "\(name): DOT in parts of \(perPart)")
      #expect(parts.1 == whole.1, "\(name): JSON in parts of \(perPart)")
      let streamed = streamedTexts(checked, perPart: perPart)
      #expect(streamed.dot == whole.0, "\(name): DOT written part by part, \(perPart)")
      #expect(streamed.mermaid == wholeMermaid, "\(name): Mermaid written part by part, \(perPart)")
      #expect(streamed.edges == wholeDiagram.edges.count, "\(name): edges, \(perPart)")
      #expect(streamed.uncountedDOT == whole.0, "\(name): DOT, edges not counted, \(perPart)")
    }
  }

  @Test func everyDrawingFixtureIsTheSameInParts() throws {
    let folder = packageRoot.appendingPathComponent("Tests/Fixtures/graph")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".flow.yaml") }.sorted()
    #expect(names.count > 5)
    for name in names {
      Self.expectSameInParts(try loadModule(["Tests/Fixtures/graph/" + name]), name)
    }
  }

  @Test func randomModulesAreTheSameInParts() throws {
    for seed in UInt64(1)...24 {
      let module = RandomModule(seed: seed, leavingShapes: true, sequences: true)
      let checked = try Pipeline.check([
        .source(SourceFile(path: "random.flow.yaml", text: module.yaml()))
      ])
      Self.expectSameInParts(checked, "seed \(seed)")
    }
  }

  /// Identifiers that collide across parts (`A_B`'s `C` and `A`'s `B_C`, a coordinator named
  /// `cluster`), shared screens shown by owners in every part with the same steps (drawn
  /// once) and a name that does not exist (one missing node in the shared box), names that
  /// do not exist in a coordinator, and a split coordinator's lanes.
  @Test func collidingNamesAndSharedStepsAreTheSameInParts() throws {
    var text = """
      version: 1
      screens:
        Profile:
          on:
            next: { push: Thread }
            bad: { push: Nowhere }
            close: pop
        Thread:
          on: { worse: { push: Nowhere }, back: pop }
      coordinators:
        App:
          entry: true
          split: doubleColumn
          start: Home
          screens:
            Home:
              on:
                a: { show: A }
                ab: { show: A_B }
                odd: { push: Missing }

      """
    text += """
        A_B:
          start: C
          screens:
            C: { on: { p: { push: Profile }, odd: { push: Missing } } }
        A:
          start: B_C
          screens:
            B_C: { on: { p: { push: Profile } } }
        cluster:
          start: X
          screens:
            X: { on: { p: { push: Profile } } }
        X:
          start: Y
          screens:
            Y: { on: { p: { push: Profile } } }

      """
    for index in 0..<12 {
      text += """
          C\(index):
            start: S
            screens:
              S: { on: { p: { push: Profile }, t: { push: Thread }, odd: { push: Missing } } }

        """
    }
    let checked = try Pipeline.check([.source(SourceFile(path: "a.flow.yaml", text: text))])
    let diagram = try drawing(checked)
    // The collisions are there to be made unique, and the shared box holds one missing node.
    #expect(diagram.nodes.contains { $0.id == "A_B_C_2" })
    #expect(diagram.nodes.filter { $0.id.hasPrefix("shared__missing_Nowhere") }.count == 1)
    #expect(diagram.clusters.contains { !$0.lanes.isEmpty })
    Self.expectSameInParts(checked, "colliding names")
  }
}
