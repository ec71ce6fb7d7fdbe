import FlowCore
import Testing

/// The drawing written in pieces (issue 35, round 3): `flowc graph` hands each piece to its
/// destination as soon as it is made. However the text is cut, the pieces put end to end
/// are the text made in one piece.
@Suite struct StreamedDrawingTests {
  /// A module of `count` coordinators, each starting the next and handling its results,
  /// with a deep link (a node outside every cluster) and a name that does not exist (a
  /// missing node): every part of the text.
  static func module(coordinators count: Int) -> String {
    var text = "version: 1\ntypes:\n  Item: { struct: { id: Int } }\n"
    text += "links:\n  item: { url: \"/item\", to: C0.S1 }\ncoordinators:\n"
    for index in 0..<count {
      text += "  C\(index):\n"
      text += index == 0 ? "    entry: true\n" : "    result: { done: ~, cancelled: ~ }\n"
      text += "    start: S0\n    screens:\n      S0:\n"
      var events = ["next: { push: S1 }", "odd: { push: Nowhere }"]
      if index + 1 < count {
        events.append(
          "child: { start: C\(index + 1), on: { done: { push: S1 }, cancelled: stay } }")
      }
      if index > 0 { events.append("cancel: { finish: cancelled }") }
      text += "        on: { " + events.joined(separator: ", ") + " }\n"
      text += "      S1:\n        on: { back: pop" + (index > 0 ? ", done: { finish: done }" : "")
      text += " }\n"
    }
    return text
  }

  /// The pieces `write` hands over, in order.
  private static func pieces(_ write: (([UInt8]) -> Bool) -> Void) -> [[UInt8]] {
    var pieces: [[UInt8]] = []
    write { piece in
      pieces.append(piece)
      return true
    }
    return pieces
  }

  @Test func dotCutIntoManyPiecesIsTheTextInOnePiece() throws {
    let diagram = try drawing(Self.module(coordinators: 40))
    #expect(diagram.nodes.contains { $0.kind == .link })
    #expect(diagram.nodes.contains { $0.kind == .missing })
    let whole = Self.pieces { DOTWriter.write(diagram, in: .whole, to: $0) }
    // The head, the clusters, the nodes outside them, the edges, the closing brace.
    #expect(whole.count == 5)
    for size in [
      DOTWriter.PieceSize(clusters: 1, edges: 1), DOTWriter.PieceSize(clusters: 7, edges: 13),
      .standard,
    ] {
      let cut = Self.pieces { DOTWriter.write(diagram, in: size, to: $0) }
      #expect(Array(cut.joined()) == Array(whole.joined()))
      if size.clusters == 1 {
        #expect(cut.count == 3 + diagram.clusters.count + diagram.edges.count)
      }
    }
    #expect(String(decoding: whole.joined(), as: UTF8.self) == DOTWriter.write(diagram))
    #expect(Array(DOTWriter.chunks(diagram).joined()) == Array(whole.joined()))
  }

  @Test func dotStopsAtTheFirstPieceRefused() throws {
    let diagram = try drawing(Self.module(coordinators: 40))
    var handed = 0
    DOTWriter.write(diagram, in: DOTWriter.PieceSize(clusters: 1, edges: 1)) { _ in
      handed += 1
      return handed < 3
    }
    #expect(handed == 3)
  }

  @Test func mermaidCutIntoPiecesIsTheTextInOnePiece() throws {
    let diagram = try drawing(Self.module(coordinators: 40))
    let whole = Self.pieces { MermaidWriter.write(diagram, inPiecesOf: .max, to: $0) }
    #expect(whole.count == 1)
    for size in [1, 1_000, MermaidWriter.standardPiece] {
      let cut = Self.pieces { MermaidWriter.write(diagram, inPiecesOf: size, to: $0) }
      #expect(Array(cut.joined()) == whole[0])
      // Every piece but the last is full; each ends at a line's end.
      #expect(cut.dropLast().allSatisfy { $0.count >= size && $0.last == UInt8(ascii: "\n") })
      if size == 1_000 { #expect(cut.count > 5) }
    }
    #expect(String(decoding: whole[0], as: UTF8.self) == MermaidWriter.write(diagram))
    var handed = 0
    MermaidWriter.write(diagram, inPiecesOf: 1) { _ in
      handed += 1
      return handed < 3
    }
    #expect(handed == 3)
  }

  /// (Issue 35) The drawing written as its coordinators' edges are built, a few parts at a
  /// time, each batch freed once written: the text is the one of the drawing built whole,
  /// with or without a legend (whose edges come after the parts'), however it is cut.
  @Test func drawingWrittenAsItsEdgesAreBuiltIsTheWholeDrawing() throws {
    let checked = try Pipeline.check([
      .source(SourceFile(path: "a.flow.yaml", text: Self.module(coordinators: 40)))
    ])
    let graph = FlowGraph(module: checked.module)
    for legend in [false, true] {
      var whole = DiagramBuilder.diagram(
        of: graph, findings: checked.findings, coordinatorsPerPart: .max)
      if legend { DiagramLegend.add(to: &whole) }
      let dot = Array(DOTWriter.write(whole).utf8)
      let mermaid = Array(MermaidWriter.write(whole).utf8)
      for perPart in [1, 3, 8] {
        var drawing = DiagramBuilder.drawing(
          of: graph, findings: checked.findings, coordinatorsPerPart: perPart)
        if legend { DiagramLegend.add(to: &drawing.diagram) }
        // The coordinators' edges are left to the parts; the links (and the legend) are not.
        #expect(drawing.diagram.edges.count < 40)
        #expect(drawing.edgeCount == whole.edges.count)
        #expect(drawing.diagram.nodes.count == whole.nodes.count)
        for size in [DOTWriter.PieceSize(clusters: 1, edges: 1), .standard] {
          let cut = Self.pieces { DOTWriter.write(drawing, in: size, to: $0) }
          #expect(Array(cut.joined()) == dot, "legend \(legend), parts of \(perPart)")
          if size.edges == 1 {
            #expect(cut.count == 3 + whole.clusters.count + whole.edges.count)
          }
        }
        for size in [1, 1_000] {
          let cut = Self.pieces { MermaidWriter.write(drawing, inPiecesOf: size, to: $0) }
          #expect(Array(cut.joined()) == mermaid, "legend \(legend), parts of \(perPart)")
        }
        #expect(Array(drawing.joined().edges.map(\.label)) == whole.edges.map(\.label))
      }
    }
  }

  /// (Issue 35) Written part by part, the text stops at the first piece refused, among the
  /// edges too: no more parts are built.
  @Test func drawingWrittenAsItsEdgesAreBuiltStopsAtTheFirstPieceRefused() throws {
    let checked = try Pipeline.check([
      .source(SourceFile(path: "a.flow.yaml", text: Self.module(coordinators: 40)))
    ])
    let drawing = DiagramBuilder.drawing(
      of: FlowGraph(module: checked.module), findings: checked.findings, coordinatorsPerPart: 2)
    // The head, each cluster, the nodes outside them, then ten edges.
    let refused = 2 + drawing.diagram.clusters.count + 10
    var handed = 0
    DOTWriter.write(drawing, in: DOTWriter.PieceSize(clusters: 1, edges: 1)) { _ in
      handed += 1
      return handed < refused
    }
    #expect(handed == refused)
    var batches = 0
    #expect(
      !drawing.forEachPart { _ in
        batches += 1
        return false
      })
    #expect(batches == 1)
  }
}
