/// Writes a ``FlowDiagram`` as JSON for other tools: every cluster, node and edge with its
/// kind, label, place in the flow files and findings; keys sorted, indented by two spaces.
///
/// ```json
/// {"clusters":[…],"edges":[{"from":"Auth_SignIn","kind":"push","to":"Auth_Reset",…}],
///  "nodes":[{"id":"Auth_SignIn","kind":"screen","location":{"file":…},…}],"version":1}
/// ```
///
/// Nodes and edges refer to each other by `id`; `location` is `null` for what has no place
/// of its own (a start marker, a missing name). The cluster of the shared screens (r3) has
/// `"shared": true` and no `coordinator` (`null`); no other cluster has a `shared` key. A
/// coordinator's cluster lists its requests (r3) under `requests`, when it has any. A split
/// coordinator's cluster (r3) has `split` and its `lanes` (`id`, `column`, `nodes`, `shows`);
/// a `show`'s edge has a `column` (`null` when the drawing cannot tell). No other cluster or
/// edge has these keys.
public enum DiagramJSON {
  /// The JSON text of `diagram`, ending with a newline.
  public static func write(_ diagram: FlowDiagram) -> String {
    let clusters = diagram.clusters.map { cluster in
      var fields: [String: JSON] = [
        "id": .string(cluster.id),
        "coordinator": cluster.isShared || cluster.isLegend ? .null : .string(cluster.name),
        "entry": .bool(cluster.isEntry),
        "input": cluster.input.map(JSON.string) ?? .null,
        "result": .array(cluster.resultCases.map(JSON.string)),
        "nodes": .array(cluster.nodes.map { .string(diagram.nodes[$0].id) }),
        "location": location(cluster.location),
        "findings": findings(cluster.findings),
        "emphasis": .string(cluster.emphasis.rawValue),
      ]
      // (r3) Only the shared box says so: the drawings of revision-2 modules are unchanged.
      if cluster.isShared { fields["shared"] = .bool(true) }
      if !cluster.requests.isEmpty {
        fields["requests"] = .array(cluster.requests.map(JSON.string))
      }
      if cluster.isLegend { fields["legend"] = .bool(true) }
      // (r3) A split coordinator says so, with its lanes; no other cluster has these keys.
      if let split = cluster.split {
        fields["split"] = .string(split.rawValue)
        fields["lanes"] = .array(
          cluster.lanes.map { lane in
            .object([
              "id": .string(lane.id),
              "column": .string(lane.column.word),
              "nodes": .array(lane.nodes.map { .string(diagram.nodes[$0].id) }),
              "shows": .array(lane.shows.map(JSON.string)),
            ])
          })
      }
      return JSON.object(fields)
    }
    let nodes = diagram.nodes.map { node in
      JSON.object([
        "id": .string(node.id),
        "kind": .string(node.kind.rawValue),
        "label": .string(node.label),
        "detail": node.detail.map(JSON.string) ?? .null,
        "controls": .array(node.controls.map(JSON.string)),
        "cluster": node.cluster.map { .string(diagram.clusters[$0].id) } ?? .null,
        "location": location(node.location),
        "findings": findings(node.findings),
        "emphasis": .string(node.emphasis.rawValue),
      ])
    }
    let edges = diagram.edges.map { edge in
      var fields: [String: JSON] = [
        "from": .string(diagram.nodes[edge.from].id),
        "to": .string(diagram.nodes[edge.to].id),
        "kind": .string(edge.kind.rawValue),
        "action": .string(edge.action),
        "event": .string(edge.event),
        "label": .string(edge.label),
        "payload": edge.payload.map(JSON.string) ?? .null,
        "style": edge.style.map { .string($0.rawValue) } ?? .null,
        "modal": edge.modal.map { .string($0.rawValue) } ?? .null,
        "location": location(edge.location),
        "findings": findings(edge.findings),
        "emphasis": .string(edge.emphasis.rawValue),
      ]
      // (r3) Only a show's edge names a column: the drawings of other modules are unchanged.
      if edge.kind == .show { fields["column"] = edge.column.map { .string($0.word) } ?? .null }
      return JSON.object(fields)
    }
    return JSON.object([
      "version": .integer(1),
      "clusters": .array(clusters),
      "nodes": .array(nodes),
      "edges": .array(edges),
    ]).pretty
  }

  private static func location(_ range: SourceRange?) -> JSON {
    guard let range else { return .null }
    return .object([
      "file": .string(range.file),
      "line": .integer(range.start.line),
      "column": .integer(range.start.column),
    ])
  }

  private static func findings(_ findings: [Finding]) -> JSON {
    .array(
      findings.map { finding in
        .object([
          "rule": .string(finding.rule.rawValue),
          "severity": .string(finding.severity.rawValue),
          "message": .string(finding.message),
        ])
      })
  }
}
