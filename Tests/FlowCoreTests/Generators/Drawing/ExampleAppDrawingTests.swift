import FlowCommandLine
import FlowCore
import Foundation
import Testing

/// The example app in `flows/`, drawn as `flowc graph flows/` draws it.
enum ExampleApp {
  /// The example app's files, named as `flowc graph flows/` names them.
  static func flowFiles() throws -> [String] {
    let root = packageRoot.appendingPathComponent("flows").path
    return try FlowFileSearch.files(under: root).map { "flows" + $0.dropFirst(root.count) }
  }

  /// Its drawing, whole or of one coordinator; it has no finding.
  static func drawn(focus: String? = nil) throws -> FlowDiagram {
    let checked = try loadModule(try flowFiles())
    #expect(checked.findings.isEmpty, "\(described(checked.findings))")
    return try drawing(checked, focus: focus)
  }
}

/// The example app's DOT and Mermaid, pinned by goldens and accepted by Graphviz.
@Suite struct ExampleAppGoldenTests {
  private func drawn(focus: String? = nil) throws -> FlowDiagram {
    try ExampleApp.drawn(focus: focus)
  }

  @Test func goldens() throws {
    #expect(try ExampleApp.flowFiles().count >= 6)
    let diagram = try drawn()
    let dot = DOTWriter.write(diagram)
    try Golden.check(dot, against: "\(GraphFixtures.goldens)/flows.dot")
    try Golden.check(MermaidWriter.write(diagram), against: "\(GraphFixtures.goldens)/flows.mmd")
    try expectGraphvizAccepts(dot)
  }

  @Test(arguments: ["App", "Main", "Checkout"])
  func focused(_ coordinator: String) throws {
    let diagram = try drawn(focus: coordinator)
    let dot = DOTWriter.write(diagram)
    let stem = "\(GraphFixtures.goldens)/flows.\(coordinator)"
    try Golden.check(dot, against: stem + ".dot")
    try Golden.check(MermaidWriter.write(diagram), against: stem + ".mmd")
    try expectGraphvizAccepts(dot)
  }

}

/// The picture of the example app that README shows.
@Suite struct DocsPictureTests {
  /// `docs/flows.dot` is what `flowc graph flows/` draws now, and `docs/flows.svg` was
  /// rendered from it: the same nodes, edges and texts as Graphviz renders from it here
  /// (compared without coordinates, so that another Graphviz version's layout passes).
  /// `make docs` makes both.
  @Test func thePictureInDocsIsCurrent() throws {
    let docs = packageRoot.appendingPathComponent("docs")
    let committedDOT = try String(
      contentsOf: docs.appendingPathComponent("flows.dot"), encoding: .utf8)
    let current = DOTWriter.write(try ExampleApp.drawn())
    if committedDOT != current {
      Issue.record(
        Comment(
          rawValue: "docs/flows.dot is stale (- committed, + now); run 'make docs'\n"
            + lineDiff(committedDOT, current)))
    }
    let committedSVG = try String(
      contentsOf: docs.appendingPathComponent("flows.svg"), encoding: .utf8)
    let rendered = try runGraphviz(committedDOT)
    #expect(rendered.status == 0 && rendered.warnings == "")
    let shown = svgContent(committedSVG).joined(separator: "\n")
    let expected = svgContent(rendered.output).joined(separator: "\n")
    if shown != expected {
      Issue.record(
        Comment(
          rawValue: "docs/flows.svg was not rendered from docs/flows.dot (- committed, "
            + "+ rendered now); run 'make docs'\n" + lineDiff(shown, expected)))
    }
  }

  /// What an SVG from Graphviz shows, without where: its titles (node ids, `a->b` for
  /// edges), tooltips and texts, in order.
  private func svgContent(_ svg: String) -> [String] {
    svgTexts(svg) + svgElements(svg, "title") + svgAttributes(svg, "xlink:title")
  }
}
