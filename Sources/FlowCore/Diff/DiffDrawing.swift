/// The drawing of a ``ModuleDiff``: the new module as `flowc graph` draws it, with what was
/// added green and what changed amber, and what was removed drawn from the old module, red
/// and dashed, in the cluster of its coordinator (or in a cluster of its own when the
/// coordinator is gone; a shared node, r3, in the shared cluster). `DOTWriter` and
/// `MermaidWriter` write it as any drawing.
///
/// Findings are not drawn: the picture is about what a change does to the navigation.
/// Elements are matched to the diff by their places, and removed ones to the new drawing by
/// their identifiers (made from names, as the diff matches them): linear in the drawings.
public enum DiffDrawing {
  /// Draws `diff`, which compares `old` with `new`.
  public static func diagram(of diff: ModuleDiff, old: FlowGraph, new: FlowGraph) -> FlowDiagram {
    var diagram = DiagramBuilder.diagram(of: new, findings: [])
    markNew(&diagram, diff)
    let before = DiagramBuilder.diagram(of: old, findings: [])
    addRemoved(from: before, to: &diagram, diff)
    return diagram
  }

  /// Marks the new drawing's elements as the diff found them.
  private static func markNew(_ diagram: inout FlowDiagram, _ diff: ModuleDiff) {
    func mark(_ location: SourceRange?) -> FlowDiagram.Emphasis? {
      location.flatMap { diff.newMarks[DiffPlace($0)] }
    }
    for index in diagram.clusters.indices {
      if let emphasis = mark(diagram.clusters[index].location) {
        diagram.clusters[index].emphasis = emphasis
      }
    }
    for index in diagram.nodes.indices {
      let node = diagram.nodes[index]
      if let emphasis = mark(node.location) {
        diagram.nodes[index].emphasis = emphasis
      } else if node.location == nil, let cluster = node.cluster,
        diagram.clusters[cluster].emphasis == .added
      {
        // A start marker, a tab container, the `app` node: part of their coordinator.
        diagram.nodes[index].emphasis = .added
      }
    }
    for index in diagram.edges.indices {
      if let emphasis = mark(diagram.edges[index].location) {
        diagram.edges[index].emphasis = emphasis
      }
    }
  }

  /// Copies into `diagram` what `old` draws of the removed elements, marked removed.
  private static func addRemoved(
    from old: FlowDiagram, to diagram: inout FlowDiagram, _ diff: ModuleDiff
  ) {
    func isRemoved(_ location: SourceRange?) -> Bool {
      location.map { diff.removedPlaces.contains(DiffPlace($0)) } ?? false
    }
    var ids = DiagramIdentifiers()
    var nodeByID: [String: Int] = [:]
    var clusterByName: [String: Int] = [:]
    var sharedCluster: Int?
    for (index, node) in diagram.nodes.enumerated() {
      _ = ids.make(node.id)
      nodeByID[node.id] = index
    }
    for (index, cluster) in diagram.clusters.enumerated() {
      _ = ids.make(cluster.id)
      if cluster.isShared {
        sharedCluster = index
      } else if clusterByName[cluster.name] == nil {
        clusterByName[cluster.name] = index
      }
    }

    // Clusters of removed coordinators come over whole; removed shared nodes (r3) go to the
    // new shared cluster, or to the old one, removed, when none is left.
    var clusterOf: [Int: Int] = [:]
    for (index, cluster) in old.clusters.enumerated() {
      if cluster.isShared, let sharedCluster {
        clusterOf[index] = sharedCluster
      } else if cluster.isShared || isRemoved(cluster.location) {
        var copy = cluster
        copy.id = ids.make(cluster.id)
        copy.nodes = []
        copy.lanes = cluster.lanes.map { lane in
          var lane = lane
          lane.id = ids.make(lane.id)
          lane.nodes = []
          return lane
        }
        copy.emphasis = .removed
        clusterOf[index] = diagram.clusters.count
        diagram.clusters.append(copy)
      } else if let kept = clusterByName[cluster.name] {
        clusterOf[index] = kept
      }
    }

    // Each old node's index in the new drawing, copied when it is gone.
    var nodeOf: [Int?] = Array(repeating: nil, count: old.nodes.count)
    func copy(_ index: Int) -> Int {
      if let copied = nodeOf[index] { return copied }
      var node = old.nodes[index]
      node.id = ids.make(node.id)
      node.emphasis = .removed
      node.cluster = node.cluster.flatMap { clusterOf[$0] }
      let at = diagram.nodes.count
      diagram.nodes.append(node)
      if let cluster = node.cluster { diagram.clusters[cluster].nodes.append(at) }
      nodeOf[index] = at
      return at
    }
    for (index, node) in old.nodes.enumerated() {
      let inRemovedCluster = node.cluster.map { isRemoved(old.clusters[$0].location) } ?? false
      if inRemovedCluster || isRemoved(node.location) { _ = copy(index) }
    }
    // (r3) A copied node of a split coordinator's lane goes to the lane of its column in the
    // cluster it went to, when that cluster has one.
    for (index, cluster) in old.clusters.enumerated() {
      guard let target = clusterOf[index] else { continue }
      for lane in cluster.lanes {
        guard
          let into = diagram.clusters[target].lanes.firstIndex(where: { $0.column == lane.column })
        else { continue }
        for node in lane.nodes {
          if let copied = nodeOf[node] { diagram.clusters[target].lanes[into].nodes.append(copied) }
        }
      }
    }
    for edge in old.edges where isRemoved(edge.location) {
      var copied = edge
      copied.from = nodeOf[edge.from] ?? nodeByID[old.nodes[edge.from].id] ?? copy(edge.from)
      copied.to = nodeOf[edge.to] ?? nodeByID[old.nodes[edge.to].id] ?? copy(edge.to)
      copied.emphasis = .removed
      diagram.edges.append(copied)
    }
  }
}
