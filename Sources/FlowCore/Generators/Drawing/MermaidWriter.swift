/// Writes a ``FlowDiagram`` as a Mermaid flowchart, which GitHub renders in Markdown.
///
/// The same drawing as ``DOTWriter``, in Mermaid's means: one `subgraph` per coordinator
/// and one, teal, for the shared screens (r3);
/// screens `["…"]`, decisions `{"…"}`, alerts `{{"…"}}`, start `((" "))`, tab container
/// `[/"…"\]`, result cases `(["…"])`, requests (r3) `[/"…"/]`, collapsed children `[["…"]]`,
/// the notes of a split coordinator's later columns (r3) `[\"…"\]`, in its columns' lanes,
/// dashed subgraphs nested in its own;
/// edges `-->` (push, present, replace, decide, finish), `--o` (alert), `-.->` (back, stay,
/// handlers, and r3 `request`, cyan and wide, and the handlers of requests, cyan), `-.-o`
/// (popToRoot), `==>` (start child, tabs, and r3 `show`, dark teal) and `==o` (select),
/// coloured by `linkStyle`, one
/// rank longer (`--->`, `-..->`, …) where they run back along an edge drawn before;
/// findings, and what `flowc diff` finds added, removed or changed, by `classDef`.
///
/// Identifiers are made of `[A-Za-z0-9_]` and always contain `_`, so none is a keyword
/// (`end`). Every label is quoted, and every character that Mermaid, its HTML labels or
/// Markdown would read (`"`, `#`, `&`, `<`, `>`, `|`, `` ` ``, `*`, `_`, `\`, `%`) is written as
/// an entity code such as `#34;`.
public enum MermaidWriter {
  /// The most edges Mermaid draws with its default configuration (`maxEdges`); a module of
  /// about 300 screens has more.
  public static let defaultMaxEdges = 500

  /// The Mermaid text of `diagram`, ending with a newline.
  public static func write(_ diagram: FlowDiagram) -> String {
    String(decoding: bytes(diagram), as: UTF8.self)
  }

  /// The drawing as UTF-8 bytes, for writing straight to the output.
  public static func bytes(_ diagram: FlowDiagram) -> [UInt8] {
    var bytes: [UInt8] = []
    write(diagram, inPiecesOf: .max) { piece in
      bytes += piece
      return true
    }
    return bytes
  }

  /// About half a megabyte: the size at which a piece of the text is handed on.
  package static let standardPiece = 1 << 19

  /// Writes the drawing in pieces of about `size` bytes (ending at a line's end), handing
  /// each to `write` as soon as it is full, and stops at the first that `write` refuses
  /// (returns `false`): the text is never held whole, and is the same however it was cut.
  package static func write(
    _ diagram: FlowDiagram, inPiecesOf size: Int = standardPiece, to write: ([UInt8]) -> Bool
  ) {
    Self.write(PartwiseDiagram(diagram), inPiecesOf: size, to: write)
  }

  /// Writes a drawing whose edges are built part by part (``PartwiseDiagram``) as
  /// ``write(_:inPiecesOf:to:)`` writes a whole one: each batch of edges is written as it
  /// is built, and freed before the next is built (issue 35).
  package static func write(
    _ drawing: PartwiseDiagram, inPiecesOf size: Int = standardPiece,
    to write: ([UInt8]) -> Bool
  ) {
    var writer = MermaidText(drawing: drawing, pieceSize: size)
    guard writer.write(handing: write) else { return }
    _ = write(writer.out.bytes)
  }
}

private struct MermaidText {
  /// The drawing, its coordinators' edges still to build.
  let drawing: PartwiseDiagram
  /// The drawing's clusters, nodes and last edges.
  let diagram: FlowDiagram
  var out = TextBuffer()

  /// How many bytes the writer holds before it hands them on.
  let pieceSize: Int

  init(drawing: PartwiseDiagram, pieceSize: Int) {
    self.drawing = drawing
    diagram = drawing.diagram
    self.pieceSize = pieceSize
    out.reserveCapacity(
      min(pieceSize, 256 + diagram.nodes.count * 80 + (drawing.edgeCount ?? 0) * 100))
  }

  /// Hands the text written so far to `write` when it is a full piece; whether it could.
  private mutating func handOn(_ sink: ([UInt8]) -> Bool) -> Bool {
    guard out.count >= pieceSize else { return true }
    let piece = out.bytes
    out = TextBuffer(capacity: min(pieceSize, Int.max - 4096) + 4096)
    return sink(piece)
  }

  /// Writes the text, handing each full piece to `sink`, and leaves the last, not full, in
  /// `out`; `false` when `sink` refused a piece.
  mutating func write(handing sink: ([UInt8]) -> Bool) -> Bool {
    out += "flowchart TB\n"
    for cluster in diagram.clusters {
      guard handOn(sink) else { return false }
      out += "  subgraph "
      out += cluster.id
      out += " [\"<b>"
      appendEscaped(cluster.name)
      out += "</b>"
      if cluster.isEntry { out += " entry" }
      if let detail = cluster.detail {
        out += "<br/>"
        appendEscaped(detail)
      }
      appendRules(cluster.findings)
      out += "\"]\n"
      // The legend's samples, left to right, one under the other.
      if cluster.isLegend { out += "    direction LR\n" }
      // (r3) A split coordinator's nodes in lanes are written in their lanes, after the others.
      let inLanes = Set(cluster.lanes.flatMap(\.nodes))
      for index in cluster.nodes where !inLanes.contains(index) {
        out += "    "
        write(diagram.nodes[index])
      }
      for lane in cluster.lanes where !lane.nodes.isEmpty {
        out += "    subgraph "
        out += lane.id
        out += " [\""
        out += lane.column.word
        out += " column\"]\n"
        for index in lane.nodes {
          out += "      "
          write(diagram.nodes[index])
        }
        out += "    end\n"
      }
      out += "  end\n"
    }
    for node in diagram.nodes where node.cluster == nil {
      guard handOn(sink) else { return false }
      out += "  "
      write(node)
    }
    var styles = LinkStyles()
    var drawn: Set<NodePair> = []
    var index = 0
    func writeEdges(_ edges: [FlowDiagram.Edge]) -> Bool {
      for edge in edges {
        guard handOn(sink) else { return false }
        // Mermaid puts a label at the middle of its line, and the lines of an edge and its
        // reverse between the same two nodes (a present and its dismiss, a start and its
        // handler) run side by side: their labels would cover each other. The second is
        // drawn one rank longer, so that its line, and its label, run apart.
        let pair = NodePair(from: edge.from, to: edge.to)
        let isReverse =
          edge.from != edge.to && drawn.contains(NodePair(from: edge.to, to: edge.from))
        drawn.insert(pair)
        write(edge, longer: isReverse)
        styles.add(index, Self.linkStyle(of: edge))
        index += 1
      }
      return true
    }
    // The coordinators' edges as they are built, then the last ones (links, the legend).
    guard drawing.forEachPart(writeEdges), writeEdges(diagram.edges) else { return false }
    guard handOn(sink) else { return false }
    writeClasses()
    for (style, indices) in styles.groups {
      guard handOn(sink) else { return false }
      out += "  linkStyle "
      out += indices.map(String.init).joined(separator: ",")
      out += " "
      out += style
      out += "\n"
    }
    return true
  }

  private mutating func write(_ node: FlowDiagram.Node) {
    out += node.id
    let (open, close): (String, String)
    switch node.kind {
    case .start, .point: (open, close) = ("((", "))")
    case .tabs: (open, close) = ("[/", "\\]")
    case .screen, .missing: (open, close) = ("[", "]")
    case .decision: (open, close) = ("{", "}")
    case .app: (open, close) = (">", "]")
    case .alert: (open, close) = ("{{", "}}")
    case .result: (open, close) = ("([", "])")
    case .request: (open, close) = ("[/", "/]")
    case .coordinator: (open, close) = ("[[", "]]")
    case .link: (open, close) = (">", "]")
    case .column: (open, close) = ("[\\", "\\]")
    }
    out += open
    out += "\""
    if node.kind == .start || node.kind == .point {
      out += " "
    } else {
      appendEscaped(node.kind == .missing ? node.label + "?" : node.label)
    }
    if let detail = node.detail {
      out += "<br/>"
      appendEscaped(detail)
    }
    if !node.controls.isEmpty {
      out += "<br/>"
      appendEscaped(node.controls.joined(separator: " · "))
    }
    appendRules(node.findings)
    out += "\""
    out += close
    out += "\n"
  }

  /// Writes `edge`; `longer` draws it one rank longer than the shortest (`--->`, `-..->`).
  private mutating func write(_ edge: FlowDiagram.Edge, longer: Bool) {
    out += "  "
    out += diagram.nodes[edge.from].id
    switch edge.kind {
    case .begin, .push, .present, .replace, .decide, .finish: out += longer ? " --->" : " -->"
    case .pop, .dismiss, .stay, .handler, .request, .requestHandler:
      out += longer ? " -..->" : " -.->"
    case .popToRoot: out += longer ? " -..-o" : " -.-o"
    case .alert: out += longer ? " ---o" : " --o"
    case .select: out += longer ? " ===o" : " ==o"
    case .start, .tab, .link, .show: out += longer ? " ===>" : " ==>"
    }
    if !edge.label.isEmpty || edge.payload != nil || !edge.findings.isEmpty {
      out += "|\""
      let label = edge.labelAroundPayload
      appendEscaped(String(label.before))
      if let payload = edge.payload {
        appendEscaped("(" + payload + ")")
      }
      appendEscaped(String(label.after))
      if let modal = edge.modal, modal != .sheet { out += "<br/>" + modal.phrase }
      appendRules(edge.findings)
      out += "\"|"
    }
    out += " "
    out += diagram.nodes[edge.to].id
    out += "\n"
  }

  /// `classDef`s for the kinds of node and the findings, and which nodes have each class.
  private mutating func writeClasses() {
    typealias Palette = DiagramPalette
    let ink = Palette.ink
    let definitions: [(name: String, style: String, members: (FlowDiagram.Node) -> Bool)] = [
      (
        "start", "fill:\(Palette.fill(of: .start)),stroke:\(ink),color:\(Palette.paper)",
        { $0.kind == .start }
      ),
      ("point", "fill:\(ink),stroke:\(ink)", { $0.kind == .point }),
      ("tabs", "fill:\(Palette.fill(of: .tabs)),stroke:\(ink)", { $0.kind == .tabs }),
      ("decision", "fill:\(Palette.fill(of: .decision)),stroke:\(ink)", { $0.kind == .decision }),
      ("app", "fill:\(Palette.fill(of: .app)),stroke:\(ink)", { $0.kind == .app }),
      ("link", "fill:\(Palette.fill(of: .link)),stroke:\(Palette.link)", { $0.kind == .link }),
      ("alert", "fill:\(Palette.fill(of: .alert)),stroke:\(Palette.alert)", { $0.kind == .alert }),
      (
        "result", "fill:\(Palette.fill(of: .result)),stroke:\(Palette.finish),stroke-width:2px",
        { $0.kind == .result }
      ),
      (
        "request", "fill:\(Palette.fill(of: .request)),stroke:\(Palette.request)",
        { $0.kind == .request }
      ),
      (
        "coordinator", "fill:\(Palette.fill(of: .coordinator)),stroke:\(Palette.child)",
        { $0.kind == .coordinator }
      ),
      (
        "column", "fill:\(Palette.fill(of: .column)),stroke:\(Palette.show),color:\(Palette.muted)",
        { $0.kind == .column }
      ),
      (
        "unreachable",
        "fill:\(Palette.unreachableFill),stroke:\(Palette.unreachable),"
          + "color:\(Palette.unreachable),stroke-dasharray:4 3",
        { $0.emphasis == .unreachable }
      ),
      (
        "problem",
        "fill:\(Palette.problemFill),stroke:\(Palette.problem),color:\(Palette.problem),"
          + "stroke-width:2px",
        { $0.emphasis == .problem }
      ),
      (
        "added",
        "fill:\(Palette.addedFill),stroke:\(Palette.added),color:\(Palette.added),"
          + "stroke-width:2px",
        { $0.emphasis == .added }
      ),
      (
        "removed",
        "fill:\(Palette.removedFill),stroke:\(Palette.removed),color:\(Palette.removed),"
          + "stroke-width:2px,stroke-dasharray:4 3",
        { $0.emphasis == .removed }
      ),
      (
        "changed",
        "fill:\(Palette.changedFill),stroke:\(Palette.changed),stroke-width:2px",
        { $0.emphasis == .changed }
      ),
    ]
    for definition in definitions {
      let members = diagram.nodes.filter(definition.members).map(\.id)
      guard !members.isEmpty else { continue }
      out += "  classDef \(definition.name) \(definition.style)\n"
      out += "  class "
      out += members.joined(separator: ",")
      out += " \(definition.name)\n"
    }
    for cluster in diagram.clusters {
      let style: String
      switch cluster.emphasis {
      case .normal where cluster.isShared, .unreachable where cluster.isShared:
        style = "fill:\(Palette.sharedFill),stroke:\(Palette.sharedBorder),stroke-width:1.5px"
      case .normal, .unreachable: continue
      case .problem: style = Self.problemStroke
      case .added: style = Self.wideStroke(Palette.added)
      case .removed: style = Self.wideStroke(Palette.removed) + ",stroke-dasharray:4 3"
      case .changed: style = Self.wideStroke(Palette.changed)
      }
      out += "  style \(cluster.id) \(style)\n"
    }
    // (r3) The lanes of split coordinators: dashed boxes inside their coordinator's.
    for cluster in diagram.clusters {
      for lane in cluster.lanes where !lane.nodes.isEmpty {
        out += "  style \(lane.id) fill:\(Palette.paper),stroke:\(Palette.lane),"
        out += "stroke-dasharray:4 3\n"
      }
    }
  }

  /// The `linkStyle` of an edge, by its kind and emphasis; `nil` for the default.
  private static func linkStyle(of edge: FlowDiagram.Edge) -> String? {
    switch edge.emphasis {
    case .problem: return problemStroke
    case .unreachable: return stroke(DiagramPalette.unreachable)
    // A request (r3) is wide: it is dotted like the back actions, in a colour of its own.
    case .normal where edge.kind == .request: return wideStroke(DiagramPalette.request)
    case .normal: return DiagramPalette.color(of: edge).map(stroke)
    case .added: return wideStroke(DiagramPalette.added)
    case .removed: return wideStroke(DiagramPalette.removed) + ",stroke-dasharray:4 3"
    case .changed: return wideStroke(DiagramPalette.changed)
    }
  }

  /// A wide line and its text in `color`: how `flowc diff` marks what changed.
  private static func wideStroke(_ color: String) -> String {
    "stroke:\(color),stroke-width:2px,color:\(color)"
  }

  /// A line and its text in `color`.
  private static func stroke(_ color: String) -> String { "stroke:\(color),color:\(color)" }

  /// How an element a finding marks is drawn.
  private static let problemStroke =
    "stroke:\(DiagramPalette.problem),stroke-width:2px,color:\(DiagramPalette.problem)"

  /// `<br/>` and the rule ids of `findings`.
  private mutating func appendRules(_ findings: [Finding]) {
    guard !findings.isEmpty else { return }
    var rules: [String] = []
    for finding in findings where !rules.contains(finding.rule.rawValue) {
      rules.append(finding.rule.rawValue)
    }
    out += "<br/>"
    appendEscaped(rules.joined(separator: ", "))
  }

  /// Appends `text` for the inside of a quoted label.
  private mutating func appendEscaped(_ text: String) {
    guard text.utf8.contains(where: Self.isSpecial) else {
      out += text
      return
    }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"", "#", "&", "<", ">", "|", "`", "*", "_", "\\", "%":
        out += "#"
        out += String(scalar.value)
        out += ";"
      default:
        out.append(Self.visible(scalar))
      }
    }
  }

  /// Whether a UTF-8 byte is one that `appendEscaped` rewrites.
  private static func isSpecial(_ byte: UInt8) -> Bool {
    switch byte {
    case 0..<0x20, 0x7F, UInt8(ascii: "\""), UInt8(ascii: "#"), UInt8(ascii: "&"),
      UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "|"), UInt8(ascii: "`"),
      UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "\\"), UInt8(ascii: "%"):
      return true
    default:
      return false
    }
  }

  /// Control characters as their Unicode control pictures (U+2400…).
  private static func visible(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    switch scalar.value {
    case 0..<0x20: return Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}"
    case 0x7F: return "\u{2421}"
    default: return scalar
    }
  }
}

/// Two nodes an edge joins, by their indices, in its direction.
private struct NodePair: Hashable {
  var from: Int
  var to: Int
}

/// Edge indices grouped by style, in the order each style first appears.
private struct LinkStyles {
  private(set) var groups: [(style: String, indices: [Int])] = []
  private var position: [String: Int] = [:]

  mutating func add(_ index: Int, _ style: String?) {
    guard let style else { return }
    if let at = position[style] {
      groups[at].indices.append(index)
    } else {
      position[style] = groups.count
      groups.append((style, [index]))
    }
  }
}
