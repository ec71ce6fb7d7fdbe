import FlowCore
import Testing

/// Labels and tooltips survive any name, in both formats.
@Suite struct EscapingTests {
  /// A diagram of one screen named `name`, in a file named `file`, with an edge to itself.
  private func oneScreen(_ name: String, file: String = "a.flow.yaml") -> FlowDiagram {
    var diagram = FlowDiagram()
    let place = SourceRange(
      file: file, start: SourcePosition(line: 1, column: 1),
      end: SourcePosition(line: 1, column: 2))
    diagram.nodes.append(
      FlowDiagram.Node(id: "A_B", kind: .screen, label: name, detail: name, location: place))
    diagram.edges.append(
      FlowDiagram.Edge(
        from: 0, to: 0, kind: .stay, action: "stay", event: name, label: name, payload: name,
        location: place))
    return diagram
  }

  private let nasty = "a\"b\\c<d>&e\u{7}f#g|h`i*j_k%l\nm"

  @Test func dotWritesHTMLLabelsAndQuotedTooltips() {
    let dot = DOTWriter.write(oneScreen(nasty, file: "x\"y\\z&.flow.yaml"))
    let label = "a&quot;b\\\\c&lt;d&gt;&amp;e\u{2407}f#g|h`i*j_k%l\u{240A}m"
    #expect(dot.contains("label=<\(label)<br/><font point-size=\"9\" color=\"#78909c\">\(label)"))
    #expect(dot.contains("tooltip=\"x\\\"y\\\\z&amp;.flow.yaml:1:1\""))
    #expect(dot.contains("label=<\(label)<font color=\"#78909c\">(\(label))</font>>"))
    #expect(!dot.contains("\n\n"))
  }

  @Test func mermaidWritesEntityCodesForEverythingItWouldRead() {
    let mermaid = MermaidWriter.write(oneScreen(nasty))
    let label = "a#34;b#92;c#60;d#62;#38;e\u{2407}f#35;g#124;h#96;i#42;j#95;k#37;l\u{240A}m"
    #expect(mermaid.contains("  A_B[\"\(label)<br/>\(label)\"]\n"))
    #expect(mermaid.contains("  A_B -.->|\"\(label)(\(label))\"| A_B\n"))
  }

  @Test func graphvizShowsEveryNameAsWritten() throws {
    let checked = try loadModule(["\(GraphFixtures.directory)/names.flow.yaml"])
    let run = try runGraphviz(DOTWriter.write(try drawing(checked)))
    #expect(run.status == 0 && run.warnings == "")
    let texts = Set(svgTexts(run.output))
    for name in [
      "Quote\"Back\\slash", "<b>Bold</b> & \"Co\"", "Écran — 日本語 🚀", "Ä", "Ö", "end", "%%",
      "}{", "\\l\\N\\G", "tab\u{2409}here", "new\u{240A}line", "[x](y)",
      "#35;|pipe|*star*_under_`tick`", "(<invalid>)",
    ] {
      #expect(texts.contains(name), "\(name) is not shown as written")
    }
  }
}
