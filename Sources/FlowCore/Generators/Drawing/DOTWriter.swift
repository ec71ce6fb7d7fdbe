/// Writes a ``FlowDiagram`` as Graphviz DOT (spec section 9), for `dot -Tsvg`.
///
/// One cluster per coordinator, and one teal box for the shared screens, decisions and alerts
/// (r3) that any coordinator shows; screens are boxes, decisions diamonds, alerts pink
/// octagons, the start a dot (a tab container for tabs), the `app` node its external events
/// leave from an arrow-shaped box, result cases double-bordered boxes, requests (r3) cyan
/// house shapes. Edge styles tell the
/// actions apart: push black, present blue with a hollow head, replace purple with a box
/// head, decide grey, alert pink with a dot head, back (pop, dismiss) dashed, popToRoot
/// dashed with a double head, stay
/// dotted, finish orange, start child and tabs bold green, select bold dotted green with a
/// hollow dot head, the child's result handlers
/// dashed green (light when they stay), `request` (r3) dotted cyan with an open diamond head
/// and the parent's handlers of a request dotted cyan (light when they stay), `show` (r3)
/// dashed dark teal with a double head. A split coordinator's columns (r3) are dashed
/// sub-clusters of its cluster, its own nodes in the primary one and a teal note naming the
/// children shown in each later one. Findings turn
/// elements red (unreachable ones grey
/// and dashed) and add their rule ids; tooltips give each element's place in the flow files
/// and the findings' messages. A drawing of `flowc diff` draws added elements green, removed
/// ones red and dashed, changed ones amber.
///
/// Identifiers are quoted and made of `[A-Za-z0-9_]`; every label is an HTML-like label
/// with `&`, `<`, `>` and `"` escaped; tooltips are quoted strings with `\` and `"`
/// escaped. Control characters show as their Unicode control pictures.
public enum DOTWriter {
  /// The DOT text of `diagram`, ending with a newline.
  public static func write(_ diagram: FlowDiagram) -> String {
    String(decoding: chunks(diagram).joined(), as: UTF8.self)
  }

  /// The drawing as UTF-8 bytes in consecutive chunks, for writing straight to the output
  /// one after another: joining them first would hold the whole text twice.
  public static func chunks(_ diagram: FlowDiagram) -> [[UInt8]] {
    var chunks: [[UInt8]] = []
    write(diagram) { piece in
      chunks.append(piece)
      return true
    }
    return chunks
  }

  /// How many clusters, and how many edges, one piece of the text holds at most (the
  /// head, the nodes outside every cluster and the closing brace are pieces of their own).
  package struct PieceSize: Sendable {
    package var clusters: Int
    package var edges: Int

    package init(clusters: Int, edges: Int) {
      self.clusters = max(1, clusters)
      self.edges = max(1, edges)
    }

    /// About half a megabyte of text a piece in a large module.
    package static let standard = PieceSize(clusters: 16, edges: 4096)
    /// The whole text in as few pieces as can be: one for the clusters, one for the edges.
    package static let whole = PieceSize(clusters: .max, edges: .max)
  }

  /// Writes the drawing in pieces (``PieceSize``), handing each to `write` in order as soon
  /// as its turn comes, and stops at the first that `write` refuses (returns `false`): a few
  /// pieces at a time are written on all cores, each into a buffer of its own, so that the
  /// text is never held whole and is the same however it was cut.
  package static func write(
    _ diagram: FlowDiagram, in size: PieceSize = .standard, to write: ([UInt8]) -> Bool
  ) {
    Self.write(PartwiseDiagram(diagram), in: size, to: write)
  }

  /// Writes a drawing whose edges are built part by part (``PartwiseDiagram``) as
  /// ``write(_:in:to:)`` writes a whole one: each batch of edges is written as soon as it
  /// is built, and freed before the next is built (issue 35).
  package static func write(
    _ drawing: PartwiseDiagram, in size: PieceSize = .standard, to write: ([UInt8]) -> Bool
  ) {
    let diagram = drawing.diagram
    var pieces: [Piece] = [.head]
    pieces += stride(from: 0, to: diagram.clusters.count, by: size.clusters).map {
      .clusters($0..<min($0 + size.clusters, diagram.clusters.count))
    }
    pieces.append(.freeNodes)
    guard writePieces(pieces, of: diagram, to: write) else { return }
    let wroteParts = drawing.forEachPart { edges in
      writePieces(Self.pieces(of: edges[...], size), of: diagram, to: write)
    }
    guard wroteParts else { return }
    _ = writePieces(Self.pieces(of: diagram.edges[...], size) + [.tail], of: diagram, to: write)
  }

  /// `edges` cut into pieces of at most `size.edges`.
  private static func pieces(of edges: ArraySlice<FlowDiagram.Edge>, _ size: PieceSize)
    -> [Piece]
  {
    stride(from: edges.startIndex, to: edges.endIndex, by: size.edges).map {
      .edges(edges[$0..<min($0 + size.edges, edges.endIndex)])
    }
  }

  /// Writes `pieces` in order, a few at a time on all cores; whether `write` took them all.
  private static func writePieces(
    _ pieces: [Piece], of diagram: FlowDiagram, to write: ([UInt8]) -> Bool
  ) -> Bool {
    // A few pieces per core at a time: enough to keep every core busy, few enough that
    // what waits to be written stays small.
    let batch = Parallel.cores * 4
    for first in stride(from: 0, to: pieces.count, by: batch) {
      let texts = parallelMap(Array(pieces[first..<min(first + batch, pieces.count)])) {
        $0.text(of: diagram)
      }
      for text in texts {
        guard write(text) else { return false }
      }
    }
    return true
  }

  /// One piece of the text.
  private enum Piece: Sendable {
    /// The graph's opening line and defaults.
    case head
    /// These clusters, in order.
    case clusters(Range<Int>)
    /// The nodes outside every cluster.
    case freeNodes
    /// These edges, in order.
    case edges(ArraySlice<FlowDiagram.Edge>)
    /// The closing brace.
    case tail

    func text(of diagram: FlowDiagram) -> [UInt8] {
      switch self {
      case .head:
        var writer = Writer(diagram: diagram)
        writer.writeHead()
        return writer.out.bytes
      case .clusters(let range):
        var writer = Writer(diagram: diagram, capacity: min(range.count, 64) * 4096)
        for index in range { writer.write(diagram.clusters[index]) }
        return writer.out.bytes
      case .freeNodes:
        var writer = Writer(diagram: diagram, capacity: 1024)
        writer.writeFreeNodes()
        return writer.out.bytes
      case .edges(let edges):
        var writer = Writer(diagram: diagram, capacity: min(edges.count, 8192) * 240)
        for edge in edges { writer.write(edge) }
        return writer.out.bytes
      case .tail:
        return Array("}\n".utf8)
      }
    }
  }
}

private typealias Palette = DiagramPalette

private struct Writer {
  let diagram: FlowDiagram
  var out = TextBuffer()
  /// The last file name written in a tooltip, escaped: nearly every tooltip of a drawing
  /// names the same few files.
  private var lastFile: (name: FileName, escaped: String)?
  /// The attributes of each kind of edge and of node, made once: a drawing has thousands of
  /// edges of a dozen kinds.
  private var edgeStyles: [EdgeLook: String] = [:]
  private var nodeStyles: [NodeLook: String] = [:]

  /// What the attributes of a node depend on.
  private struct NodeLook: Hashable {
    var kind: FlowDiagram.Node.Kind
    var emphasis: FlowDiagram.Emphasis
  }

  /// What the attributes of an edge depend on: a handler's action too (one that stays is
  /// drawn light).
  private struct EdgeLook: Hashable {
    var kind: FlowDiagram.Edge.Kind
    var emphasis: FlowDiagram.Emphasis
    var style: StartStyle?
    var modal: PresentationStyle?
    var action: String
  }

  init(diagram: FlowDiagram, capacity: Int = 1024) {
    self.diagram = diagram
    out.reserveCapacity(capacity)
  }

  /// The graph's opening line and defaults.
  mutating func writeHead() {
    out += "digraph flowc {\n"
    out += "  graph [rankdir=TB, newrank=true, nodesep=0.25, ranksep=0.45, pad=0.25, "
    out += "fontname=\"Helvetica\", fontsize=12, labeljust=l];\n"
    out += "  node [shape=box, style=\"rounded,filled\", fillcolor=\"\(Palette.paper)\", "
    out += "color=\"\(Palette.ink)\", fontname=\"Helvetica\", fontsize=11, height=0.3, "
    out += "margin=\"0.1,0.04\"];\n"
    out += "  edge [color=\"\(Palette.ink)\", fontcolor=\"\(Palette.ink)\", "
    out += "fontname=\"Helvetica\", fontsize=9, arrowsize=0.7];\n"
  }

  /// The nodes outside every cluster.
  mutating func writeFreeNodes() {
    for node in diagram.nodes where node.cluster == nil {
      out += "  "
      write(node)
    }
  }

  // MARK: Clusters and nodes

  mutating func write(_ cluster: FlowDiagram.Cluster) {
    out += "  subgraph \""
    out += cluster.id
    out += "\" {\n    label=<<b>"
    appendHTML(cluster.name)
    out += "</b>"
    if cluster.isEntry { out += "<font point-size=\"9\" color=\"\(Palette.muted)\">  entry</font>" }
    appendDetail(cluster.detail)
    appendRules(cluster.findings)
    out += ">;\n    "
    switch cluster.emphasis {
    case .problem:
      out += "style=\"rounded,filled\"; fillcolor=\"\(Palette.clusterFill)\"; "
      out += "color=\"\(Palette.problem)\"; fontcolor=\"\(Palette.problem)\"; penwidth=2;\n"
    case .normal where cluster.isShared, .unreachable where cluster.isShared:
      out += "style=\"rounded,filled\"; fillcolor=\"\(Palette.sharedFill)\"; "
      out += "color=\"\(Palette.sharedBorder)\"; penwidth=1.5;\n"
    case .normal, .unreachable:
      out += "style=\"rounded,filled\"; fillcolor=\"\(Palette.clusterFill)\"; "
      out += "color=\"\(Palette.clusterBorder)\";\n"
    case .added, .changed:
      let color = cluster.emphasis == .added ? Palette.added : Palette.changed
      out += "style=\"rounded,filled\"; fillcolor=\"\(Palette.clusterFill)\"; "
      out += "color=\"\(color)\"; fontcolor=\"\(color)\"; penwidth=2;\n"
    case .removed:
      out += "style=\"rounded,filled,dashed\"; fillcolor=\"\(Palette.removedFill)\"; "
      out += "color=\"\(Palette.removed)\"; fontcolor=\"\(Palette.removed)\"; penwidth=2;\n"
    }
    if cluster.location != nil || !cluster.findings.isEmpty {
      out += "    tooltip="
      appendTooltip(cluster.location, cluster.findings)
      out += ";\n"
    }
    var row: [String] = []
    // (r3) A split coordinator's nodes in lanes are written in their lanes, after the others.
    let inLanes = Set(cluster.lanes.flatMap(\.nodes))
    for index in cluster.nodes where !inLanes.contains(index) {
      let node = diagram.nodes[index]
      out += "    "
      write(node)
      if [.start, .tabs, .app, .result, .request].contains(node.kind) { row.append(node.id) }
    }
    for lane in cluster.lanes where !lane.nodes.isEmpty { write(lane) }
    // The start, the result cases and the requests (r3) share the top row: the
    // coordinator's way in and what it hands its parent side by side, so that the parent's
    // handlers leave close to where the child was started instead of looping around the
    // whole drawing.
    if cluster.isLegend {
      writeLegendRows(cluster)
    } else if row.count > 1 {
      out += "    { rank=same; \""
      out += row.joined(separator: "\"; \"")
      out += "\"; }\n"
    }
    out += "  }\n"
  }

  /// (r3) One lane of a split coordinator's cluster: a dashed box inside it, labelled with
  /// its column.
  private mutating func write(_ lane: FlowDiagram.Lane) {
    out += "    subgraph \""
    out += lane.id
    out += "\" {\n      label=<<font point-size=\"9\" color=\"\(Palette.muted)\">"
    out += lane.column.word
    out += " column</font>>;\n"
    out += "      style=\"rounded,dashed,filled\"; fillcolor=\"\(Palette.paper)\"; "
    out += "color=\"\(Palette.lane)\";\n"
    for index in lane.nodes {
      out += "      "
      write(diagram.nodes[index])
    }
    out += "    }\n"
  }

  /// The legend's layout: each sample edge on a row of its own, left to right, the rows one
  /// under the other, and the sample nodes in a column beside them (invisible edges hold
  /// the rows and the column in order).
  private mutating func writeLegendRows(_ cluster: FlowDiagram.Cluster) {
    let members = Set(cluster.nodes)
    let samples = diagram.edges.filter { members.contains($0.from) && members.contains($0.to) }
    var ends: Set<Int> = []
    for sample in samples {
      ends.insert(sample.from)
      ends.insert(sample.to)
      out += "    { rank=same; \""
      out += diagram.nodes[sample.from].id
      out += "\"; \""
      out += diagram.nodes[sample.to].id
      out += "\"; }\n"
    }
    let column = cluster.nodes.filter { !ends.contains($0) }
    for chain in [samples.map(\.from), column] {
      for (above, below) in zip(chain, chain.dropFirst()) {
        out += "    \""
        out += diagram.nodes[above].id
        out += "\" -> \""
        out += diagram.nodes[below].id
        out += "\" [style=invis];\n"
      }
    }
  }

  private mutating func write(_ node: FlowDiagram.Node) {
    out += "\""
    out += node.id
    out += "\" ["
    let key = NodeLook(kind: node.kind, emphasis: node.emphasis)
    if let attributes = nodeStyles[key] {
      out += attributes
    } else {
      let attributes = Self.attributes(of: node)
      nodeStyles[key] = attributes
      out += attributes
    }
    if node.kind != .start && node.kind != .point {
      out += ", label="
      appendLabel(node, suffix: node.kind == .missing ? "?" : "")
    }
    if node.location != nil || !node.findings.isEmpty {
      out += ", tooltip="
      appendTooltip(node.location, node.findings)
    }
    out += "];\n"
  }

  /// The attributes that draw a node of its kind and emphasis, up to its label.
  private static func attributes(of node: FlowDiagram.Node) -> String {
    var out = ""
    var shape: String?
    var style = ["filled"]
    var fill = Palette.fill(of: node.kind)
    var color: String?
    var fontColor: String?
    var width: String?
    switch node.kind {
    case .start:
      out += "width=0.16, height=0.16, fixedsize=true, label=\"\", "
      shape = "circle"
    case .tabs: shape = "tab"
    case .screen: style = ["rounded", "filled"]
    case .decision:
      out += "margin=\"0.02,0.02\", "
      shape = "diamond"
    case .app: shape = "cds"
    case .alert:
      (shape, color) = ("octagon", Palette.alert)
    case .result:
      out += "peripheries=2, "
      (style, color) = (["rounded", "filled"], Palette.finish)
    case .request: (shape, color) = ("house", Palette.request)
    case .coordinator: (shape, color) = ("box3d", Palette.child)
    case .missing: style = ["rounded", "filled", "dashed"]
    case .link: (shape, color) = ("cds", Palette.link)
    case .point:
      out += "width=0.05, height=0.05, fixedsize=true, label=\"\", "
      shape = "point"
    case .column: (shape, color, fontColor) = ("note", Palette.show, Palette.muted)
    }
    switch node.emphasis {
    case .problem: (color, fontColor, width) = (Palette.problem, Palette.problem, "2")
    case .unreachable:
      (color, fontColor, fill) = (Palette.unreachable, Palette.unreachable, Palette.unreachableFill)
      if !style.contains("dashed") { style.append("dashed") }
    case .added:
      (color, fontColor, fill, width) = (Palette.added, Palette.added, Palette.addedFill, "2")
    case .removed:
      (color, fontColor, fill, width) = (Palette.removed, Palette.removed, Palette.removedFill, "2")
      if !style.contains("dashed") { style.append("dashed") }
    case .changed: (color, fill, width) = (Palette.changed, Palette.changedFill, "2")
    case .normal: break
    }
    if let shape { out += "shape=\(shape), " }
    out += "style=\"\(style.joined(separator: ","))\", fillcolor=\"\(fill)\""
    if let color { out += ", color=\"\(color)\"" }
    if let fontColor { out += ", fontcolor=\"\(fontColor)\"" }
    if let width { out += ", penwidth=\(width)" }
    return out
  }

  /// `<NAME<br/>detail<br/>rule ids>`.
  private mutating func appendLabel(_ node: FlowDiagram.Node, suffix: String = "") {
    out += "<"
    appendHTML(node.label + suffix)
    appendDetail(node.detail)
    if !node.controls.isEmpty {
      out += "<br/><font point-size=\"8\" color=\"\(Palette.muted)\">"
      appendHTML(node.controls.joined(separator: " · "))
      out += "</font>"
    }
    appendRules(node.findings)
    out += ">"
  }

  // MARK: Edges

  mutating func write(_ edge: FlowDiagram.Edge) {
    out += "  \""
    out += diagram.nodes[edge.from].id
    out += "\" -> \""
    out += diagram.nodes[edge.to].id
    out += "\" [tooltip="
    appendTooltip(edge.location, edge.findings)
    let key = EdgeLook(
      kind: edge.kind, emphasis: edge.emphasis, style: edge.style, modal: edge.modal,
      action: edge.kind == .handler || edge.kind == .requestHandler ? edge.action : "")
    if let style = edgeStyles[key] {
      out += style
    } else {
      let style = Self.style(of: edge)
      edgeStyles[key] = style
      out += style
    }
    if !edge.label.isEmpty || edge.payload != nil || !edge.findings.isEmpty {
      out += ", label=<"
      let label = edge.labelAroundPayload
      appendEscaped(label.before, html: true)
      if let payload = edge.payload {
        out += "<font color=\"\(Palette.muted)\">("
        appendHTML(payload)
        out += ")</font>"
      }
      appendEscaped(label.after, html: true)
      if let modal = edge.modal, modal != .sheet {
        // Every style but the plain sheet is named under the label: full screen (r2), form
        // sheet and popover (r3).
        out += "<br/><font point-size=\"8\" color=\"\(Palette.muted)\">\(modal.phrase)</font>"
      }
      appendRules(edge.findings)
      out += ">"
    }
    out += "];\n"
  }

  /// The attributes that draw an edge of its kind and emphasis, each after `, `.
  private static func style(of edge: FlowDiagram.Edge) -> String {
    var pattern: String?
    var color = Palette.color(of: edge)
    var head: String?
    var width: String?
    var constrains = true
    switch edge.kind {
    case .begin: width = "1.2"
    case .push, .decide: break
    case .present: (head, pattern) = ("empty", edge.modal == .fullScreen ? "bold" : nil)
    case .replace: head = "box"
    case .alert: head = "dot"
    case .pop, .dismiss: (pattern, head, constrains) = ("dashed", "vee", false)
    case .popToRoot: (pattern, head, constrains) = ("dashed", "veevee", false)
    case .stay: (pattern, head) = ("dotted", "vee")
    case .select: (pattern, head, width, constrains) = ("dotted", "odot", "2", false)
    case .finish: constrains = false
    case .link: (pattern, head, width) = ("bold", "normal", "1.5")
    case .start, .tab:
      width = "2"
      if edge.style?.isModal == true { head = "empty" }
      if edge.modal == .fullScreen { pattern = "bold" }
    case .show:
      // (r3) Beside the holder, into another column: wide and dashed, with a double head.
      (pattern, head, width) = ("dashed", "normalnormal", "2")
    case .handler:
      // A handler that shows a new screen leads forward; the others lead back up. One that
      // stays, the most common and least surprising, is drawn light.
      let forward = ["push", "present", "replace"].contains(edge.action)
      (pattern, head, constrains) = ("dashed", "vee", forward)
      if edge.action == "stay" { width = "0.8" }
    case .request:
      // Up to the request's node beside the start: it does not navigate.
      (pattern, head, width, constrains) = ("dotted", "odiamond", "1.5", false)
    case .requestHandler:
      let forward = ["push", "present", "replace"].contains(edge.action)
      (pattern, head, width, constrains) = ("dotted", "vee", "1.5", forward)
      if edge.action == "stay" { width = "0.8" }
    }
    var fontColor: String?
    switch edge.emphasis {
    case .problem: (color, fontColor, width) = (Palette.problem, Palette.problem, "2")
    case .unreachable:
      (color, fontColor) = (Palette.unreachable, Palette.unreachable)
      pattern = pattern ?? "dashed"
    case .added: (color, fontColor, width) = (Palette.added, Palette.added, "2")
    case .removed:
      (color, fontColor, width) = (Palette.removed, Palette.removed, "2")
      pattern = "dashed"
    case .changed: (color, fontColor, width) = (Palette.changed, Palette.changed, "2")
    case .normal: break
    }
    var attributes = ""
    if let pattern { attributes += ", style=\(pattern)" }
    if let color { attributes += ", color=\"\(color)\"" }
    if let fontColor { attributes += ", fontcolor=\"\(fontColor)\"" }
    if let head { attributes += ", arrowhead=\(head)" }
    if let width { attributes += ", penwidth=\(width)" }
    if !constrains { attributes += ", constraint=false" }
    return attributes
  }

  // MARK: Text

  /// The second, smaller line of a label: a cluster's input and result cases, a node's
  /// input type, payload or collapsed result cases.
  private mutating func appendDetail(_ detail: String?) {
    guard let detail else { return }
    out += "<br/><font point-size=\"9\" color=\"\(Palette.muted)\">"
    appendHTML(detail)
    out += "</font>"
  }

  /// A line of the rule ids of `findings`, in red, or grey when their rules draw them so.
  private mutating func appendRules(_ findings: [Finding]) {
    guard !findings.isEmpty else { return }
    var rules: [String] = []
    for finding in findings where !rules.contains(finding.rule.rawValue) {
      rules.append(finding.rule.rawValue)
    }
    let isProblem = FlowDiagram.Emphasis(findings) == .problem
    out += "<br/><font point-size=\"8\" color=\""
    out += isProblem ? Palette.problem : Palette.unreachable
    out += "\">"
    appendHTML(rules.joined(separator: ", "))
    out += "</font>"
  }

  /// `"FILE:LINE:COLUMN"` and the findings' messages, one per line, as a quoted string.
  private mutating func appendTooltip(_ location: SourceRange?, _ findings: [Finding]) {
    out += "\""
    if let location {
      if let lastFile, lastFile.name == location.fileName {
        out += lastFile.escaped
      } else {
        let start = out.count
        appendQuoted(location.file)
        lastFile = (location.fileName, out.text(from: start))
      }
      out += ":"
      out.append(decimal: location.start.line)
      out += ":"
      out.append(decimal: location.start.column)
    }
    for (offset, finding) in findings.enumerated() {
      if offset > 0 || location != nil { out += "\\n" }
      out += finding.severity.rawValue
      out += ": "
      appendQuoted(finding.message)
      out += " ["
      out += finding.rule.rawValue
      out += "]"
    }
    out += "\""
  }

  /// Appends `text` for the inside of an HTML-like label. Graphviz expands `\G`, `\N`, …
  /// even there (after reading entities), and reads `\\` as one backslash.
  private mutating func appendHTML(_ text: String) { appendEscaped(text[...], html: true) }

  /// Appends `text` for the inside of a quoted string that Graphviz reads as an escString
  /// and copies into XML: `\` and `"` are escaped, and `&` is written as an entity so that
  /// the SVG shows it as written.
  private mutating func appendQuoted(_ text: String) { appendEscaped(text[...], html: false) }

  /// Appends `text` escaped for an HTML-like label (`html`) or a quoted escString: the two
  /// differ only in `"`, `<` and `>`.
  private mutating func appendEscaped(_ text: Substring, html: Bool) {
    let needsEscaping = text.utf8.contains { byte in
      Self.isSpecial(byte) || (html && (byte == 0x3C || byte == 0x3E))
    }
    guard needsEscaping else {
      out += text
      return
    }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\\\"
      case "&": out += "&amp;"
      case "\"": out += html ? "&quot;" : "\\\""
      case "<" where html: out += "&lt;"
      case ">" where html: out += "&gt;"
      default: out.append(Self.visible(scalar))
      }
    }
  }

  /// Whether a UTF-8 byte may need escaping in any text: `\`, `"`, `&`, a control
  /// character, or the lead byte of U+F000…U+FFFF (where the non-characters are). Text
  /// without such a byte is written as it is, at once.
  private static func isSpecial(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x7F || byte == 0x5C || byte == 0x22 || byte == 0x26 || byte == 0xEF
  }

  /// A character that can stand in any label: control characters become their Unicode
  /// control pictures (U+2400…), and the two non-characters XML forbids become U+FFFD.
  static func visible(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    switch scalar.value {
    case 0..<0x20: return Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}"
    case 0x7F: return "\u{2421}"
    case 0xFFFE, 0xFFFF: return "\u{FFFD}"
    default: return scalar
    }
  }
}
