/// The legend of a drawing (`flowc graph --legend`): a cluster of its own, after the others,
/// with one sample of each kind of edge (a short arrow between two points, labelled with
/// what it does) and of each kind of node. The samples are nodes and edges of the drawing
/// like any other, so `DOTWriter` and `MermaidWriter` draw them with the very styles the
/// module's own elements get: the legend cannot drift from the picture it explains.
package enum DiagramLegend {
  /// `diagram` with its legend added, in a cluster after every other.
  package static func add(to diagram: inout FlowDiagram) {
    var ids = DiagramIdentifiers()
    for node in diagram.nodes { _ = ids.make(node.id) }
    for cluster in diagram.clusters { _ = ids.make(cluster.id) }
    let cluster = diagram.clusters.count
    diagram.clusters.append(
      FlowDiagram.Cluster(
        id: ids.make("cluster_legend"), name: "legend", isLegend: true,
        detail: "what each line, shape and box means"))

    func node(
      _ kind: FlowDiagram.Node.Kind, _ label: String, detail: String? = nil,
      emphasis: FlowDiagram.Emphasis = .normal
    ) -> Int {
      let index = diagram.nodes.count
      diagram.nodes.append(
        FlowDiagram.Node(
          id: ids.make("legend_" + DiagramIdentifiers.sanitized(label)), kind: kind,
          label: label, detail: detail, cluster: cluster, emphasis: emphasis))
      diagram.clusters[cluster].nodes.append(index)
      return index
    }
    for sample in edgeSamples {
      let from = sample.from.map { node($0, $0 == .app ? "app" : "") } ?? node(.point, "")
      let to = node(.point, "")
      diagram.edges.append(
        FlowDiagram.Edge(
          from: from, to: to, kind: sample.kind, action: sample.action, label: sample.label,
          style: sample.style, modal: sample.modal, column: sample.column))
    }
    _ = node(.screen, "screen", detail: "input type")
    _ = node(.decision, "decision")
    _ = node(.alert, "alert")
    _ = node(.result, "result case")
    _ = node(.request, "request")
    _ = node(.tabs, "tabs")
    _ = node(.coordinator, "child coordinator", detail: "drawn as one node")
    _ = node(.link, "deep link")
    _ = node(.missing, "missing name")
    _ = node(.screen, "unreachable", emphasis: .unreachable)
    _ = node(.screen, "has a finding", detail: "rule id", emphasis: .problem)
    _ = node(.screen, "shared screen", detail: "in the teal 'shared' box")
    // (r3) A lane of a split coordinator, as its later columns are drawn (spec section 13.4).
    let column = node(.column, "children shown there")
    diagram.clusters[cluster].lanes = [
      FlowDiagram.Lane(id: ids.make("cluster_legend_column"), column: .secondary, nodes: [column])
    ]
  }

  /// One sample edge: its kind, label, and what draws it apart from others of its kind.
  private struct EdgeSample {
    var kind: FlowDiagram.Edge.Kind
    var label: String
    var action = ""
    var style: StartStyle? = nil
    var modal: PresentationStyle? = nil
    /// (r3) The column a `show` names.
    var column: SplitColumn? = nil
    /// The kind of node it leaves, when not a plain point: external events leave `app`.
    var from: FlowDiagram.Node.Kind? = nil
  }

  /// Every kind of edge the drawing has, in the order the spec lists the actions.
  private static let edgeSamples: [EdgeSample] = [
    EdgeSample(kind: .begin, label: "first node"),
    EdgeSample(kind: .push, label: "push"),
    EdgeSample(kind: .present, label: "present", modal: .sheet),
    EdgeSample(kind: .present, label: "present", modal: .fullScreen),
    EdgeSample(kind: .replace, label: "replace"),
    EdgeSample(kind: .decide, label: "decide"),
    EdgeSample(kind: .alert, label: "alert"),
    EdgeSample(kind: .pop, label: "pop"),
    EdgeSample(kind: .dismiss, label: "dismiss"),
    EdgeSample(kind: .popToRoot, label: "popToRoot"),
    EdgeSample(kind: .stay, label: "stay"),
    EdgeSample(kind: .finish, label: "finish"),
    EdgeSample(kind: .start, label: "start child", style: .push),
    EdgeSample(kind: .start, label: "start child (modal)", style: .sheet, modal: .sheet),
    EdgeSample(kind: .tab, label: "tab"),
    EdgeSample(kind: .select, label: "select tab"),
    EdgeSample(kind: .show, label: "show → secondary", action: "show", column: .secondary),
    EdgeSample(kind: .handler, label: "result handler", action: "pop"),
    EdgeSample(kind: .handler, label: "handler: stay", action: "stay"),
    EdgeSample(kind: .request, label: "request"),
    EdgeSample(kind: .requestHandler, label: "request handler", action: "present"),
    EdgeSample(kind: .push, label: "external event", from: .app),
    EdgeSample(kind: .link, label: "deep link"),
  ]
}
