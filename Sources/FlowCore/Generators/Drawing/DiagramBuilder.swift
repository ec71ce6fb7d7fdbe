/// Builds the ``FlowDiagram`` of a module from its resolved ``FlowGraph`` and marks it with
/// the module's findings.
///
/// One pass over the graph, with hash lookups for ids and findings: linear in the size of
/// the module.
public enum DiagramBuilder {
  /// The whole module: every coordinator in a cluster of its own, and every shared screen,
  /// decision and alert (r3) once, in a cluster of their own.
  public static func diagram(of graph: FlowGraph, findings: [Finding]) -> FlowDiagram {
    diagram(of: graph, findings: findings, coordinatorsPerPart: 8)
  }

  /// The whole module, the edges of its coordinators built in parts of `coordinatorsPerPart`
  /// coordinators on all cores, and joined in module order: the same drawing as one built
  /// in one part, which tests compare. The edges are not counted beforehand: joined, they
  /// are all there.
  package static func diagram(
    of graph: FlowGraph, findings: [Finding], coordinatorsPerPart: Int
  ) -> FlowDiagram {
    drawing(
      of: graph, findings: findings, coordinatorsPerPart: coordinatorsPerPart,
      countsEdges: false
    ).joined()
  }

  /// The whole module as ``diagram(of:findings:)`` draws it, with the edges of its
  /// coordinators left to be built in parts of `coordinatorsPerPart` coordinators, a few
  /// parts at a time on all cores, as they are written (issue 35): a writer that takes them
  /// part by part never holds them all. A small module is built whole at once.
  ///
  /// Before the first edge is handed on, every node must be drawn, and the edges of a
  /// coordinator that names something that does not exist draw a node for it: those
  /// coordinators' edges are built once beforehand to find them. With `countsEdges`, every
  /// coordinator's are, to count the edges (``PartwiseDiagram/edgeCount``, which Mermaid
  /// needs); without, the others are built only as they are handed on, and the count is
  /// `nil`.
  package static func drawing(
    of graph: FlowGraph, findings: [Finding], coordinatorsPerPart: Int = 8,
    countsEdges: Bool = true
  ) -> PartwiseDiagram {
    var builder = Builder(
      graph: graph, drawn: Array(graph.coordinators.indices), drawsAllShared: true,
      findings: findings)
    let count = graph.coordinators.count
    let perPart = max(1, coordinatorsPerPart)
    guard Parallel.ranges(count: count, minimumChunk: perPart).count > 1 else {
      return PartwiseDiagram(builder.build())
    }
    let parts = stride(from: 0, to: count, by: perPart).map { $0..<min($0 + perPart, count) }
    return builder.drawing(inParts: parts, countsEdges: countsEdges)
  }

  /// One coordinator (at `coordinator`, an index of `graph.module.coordinators`) in full,
  /// each coordinator it starts directly as one node, and the shared screens, decisions and
  /// alerts it can show (r3) in a cluster of their own; nothing for an index out of range.
  public static func diagram(
    of graph: FlowGraph, focusingOn coordinator: Int, findings: [Finding]
  ) -> FlowDiagram {
    guard graph.coordinators.indices.contains(coordinator) else { return FlowDiagram() }
    var builder = Builder(
      graph: graph, drawn: [coordinator], drawsAllShared: false, findings: findings)
    return builder.build()
  }
}

/// A drawing of the whole module whose coordinators' edges are built part by part as they
/// are handed on (issue 35): its clusters and every node are drawn, and the edges come a few
/// parts at a time, each batch built on all cores, so that a writer that writes them as
/// they come never holds them all. Put end to end, they are the edges of the drawing
/// ``DiagramBuilder/diagram(of:findings:)`` makes, in its order.
package struct PartwiseDiagram: Sendable {
  /// The clusters, every node, and the edges after the parts' (the links', and the
  /// legend's when one is added): the drawing without its coordinators' edges.
  package var diagram: FlowDiagram
  /// How many edges the parts hand on, in all; `nil` when they were not counted.
  package let partEdgeCount: Int?
  /// Where the parts' edges come from; `nil` when the drawing was built whole.
  private let source: Source?

  /// A drawing built whole: no edge is left to build.
  package init(_ whole: FlowDiagram) {
    diagram = whole
    partEdgeCount = 0
    source = nil
  }

  fileprivate init(_ diagram: FlowDiagram, partEdgeCount: Int?, source: Source) {
    self.diagram = diagram
    self.partEdgeCount = partEdgeCount
    self.source = source
  }

  /// How many edges the drawing has: the parts' and ``diagram``'s; `nil` when the parts'
  /// were not counted (``DiagramBuilder/drawing(of:findings:coordinatorsPerPart:countsEdges:)``).
  package var edgeCount: Int? { partEdgeCount.map { $0 + diagram.edges.count } }

  /// How many parts are built at a time: a few per core, enough to keep every core busy.
  private static let batch = Parallel.cores * 4

  /// Hands the parts' edges to `body` in order, the edges of a few parts at a time, each
  /// batch built on all cores and freed once `body` returns; stops at the first batch that
  /// `body` refuses (returns `false`). Whether every batch was handed on.
  @discardableResult
  package func forEachPart(_ body: ([FlowDiagram.Edge]) -> Bool) -> Bool {
    guard let source else { return true }
    // The edges of shared nodes' steps drawn so far: a later part's copy is left out.
    var drawnShared: Set<SharedEdge> = []
    for first in stride(from: 0, to: source.parts.count, by: Self.batch) {
      let builder = source.builder
      let built = parallelMap(
        Array(source.parts[first..<min(first + Self.batch, source.parts.count)])
      ) {
        builder.edges(of: $0)
      }
      var edges: [FlowDiagram.Edge] = []
      edges.reserveCapacity(built.reduce(0) { $0 + $1.edges.count })
      for part in built {
        // Every node an edge leads to was drawn before: a part that draws one of its own
        // missed a coordinator ``Builder/mayDrawMissingNode(_:)`` should have found, and its
        // edges to it are left out rather than lead nowhere.
        assert(part.nodes.isEmpty, "a part of edges drew a node")
        var shared = part.sharedEdges.makeIterator()
        var nextShared = shared.next()
        for (index, edge) in part.edges.enumerated() {
          if index == nextShared {
            nextShared = shared.next()
            if let location = edge.location {
              let drawnAs = SharedEdge(
                from: edge.from, to: edge.to, kind: edge.kind, label: edge.label,
                place: Place(location))
              guard drawnShared.insert(drawnAs).inserted else { continue }
            }
          }
          guard part.nodes.isEmpty || max(edge.from, edge.to) < source.unreachable.count else {
            continue
          }
          var edge = edge
          // An edge that leaves an unreachable node is greyed, as ``Builder/finish()`` does.
          if edge.emphasis == .normal, source.unreachable[edge.from] {
            edge.emphasis = .unreachable
          }
          edges.append(edge)
        }
      }
      guard body(edges) else { return false }
    }
    return true
  }

  /// The whole drawing: the parts' edges, then ``diagram``'s.
  package func joined() -> FlowDiagram {
    var whole = diagram
    var edges: [FlowDiagram.Edge] = []
    edges.reserveCapacity(edgeCount ?? diagram.edges.count)
    forEachPart { part in
      edges += part
      return true
    }
    edges += diagram.edges
    whole.edges = edges
    return whole
  }

  /// What builds the parts' edges.
  fileprivate struct Source: Sendable {
    /// A builder of parts of edges (``Builder/Part/edges``), every node drawn.
    let builder: Builder
    /// The coordinators of each part, consecutive, in module order.
    let parts: [Range<Int>]
    /// For each node, whether it is unreachable.
    let unreachable: [Bool]
  }
}

/// A file, line and column: where a finding is placed, and where a drawn element stands.
/// The file is the interned name, which hashes as one pointer: the drawing looks up a place
/// for every node and edge.
private struct Place: Hashable {
  var file: FileName
  var line: Int
  var column: Int

  init(_ range: SourceRange) {
    file = range.fileName
    line = range.start.line
    column = range.start.column
  }
}

/// (r3) An edge of a shared node's step as an owner draws it: two owners that draw the same
/// one draw it once.
private struct SharedEdge: Hashable {
  var from: Int
  var to: Int
  var kind: FlowDiagram.Edge.Kind
  var label: String
  var place: Place
}

/// The state of one build.
private struct Builder {
  /// What a builder builds: the whole drawing, or one part of it on a core of its own.
  enum Part {
    /// The whole drawing, one step after another.
    case whole
    /// The nodes the edges of some coordinators lead to that are not drawn before (missing
    /// names), and how many edges they are: the edges are counted, not kept. The nodes this
    /// part adds come after those of ``Builder/drawnKinds``, and are placed when the parts
    /// are joined.
    case nodes
    /// The edges of some coordinators, every node they lead to drawn before (their kinds in
    /// ``Builder/drawnKinds``); ``Builder/missing`` and ``Builder/sharedMissing`` hold the
    /// missing names the parts of nodes found.
    case edges
  }

  let graph: FlowGraph
  let module: FlowModule
  /// The coordinators drawn in full, in module order.
  let drawn: [Int]
  /// The findings by the place they are at, in report order.
  let findings: [Place: [Finding]]

  var diagram = FlowDiagram()
  var ids = DiagramIdentifiers()
  /// For each coordinator drawn in full, its cluster; otherwise `nil`.
  var clusterOf: [Int?]
  /// For each coordinator drawn in full, the diagram index of its start marker.
  var startNode: [Int]
  /// For each coordinator drawn in full, the diagram index of each of its graph nodes: its
  /// own, in its cluster, and its copies of shared nodes (r3), at the one node each original
  /// has in the shared cluster.
  var nodeOf: [[Int]]
  /// For each coordinator drawn in full, the diagram index of its first result case.
  var firstResult: [Int]
  /// (r3) For each coordinator drawn in full, the diagram index of its first request, after
  /// its result cases.
  var firstRequest: [Int]
  /// For each coordinator drawn in full that has external events, the diagram index of its
  /// `app` node, where they leave from.
  var appNode: [Int: Int] = [:]
  /// The graph node the last element of a sequence drawn so far led to, where the next
  /// acts (r3); `nil` after a back element, whose next acts where the sequence is.
  var sequencePlace: Int?
  /// Coordinators drawn as one node, by index.
  var collapsed: [Int: Int] = [:]
  /// (r3) The columns of split coordinators each coordinator's screens can be in.
  let lanes: SplitLanes
  /// Nodes for names that do not exist, by coordinator and name.
  var missing: [Int: [String: Int]] = [:]
  /// (r3) Whether every shared node is drawn (the whole module), or only those the drawn
  /// coordinators can show.
  let drawsAllShared: Bool
  /// (r3) The cluster of the shared nodes, when any is drawn.
  var sharedCluster: Int?
  /// (r3) The diagram index of each shared node drawn, by its node in the module's
  /// ``FlowModule/shared``.
  var sharedNode: [Coordinator.Node: Int] = [:]
  /// (r3) The edges drawn so far for the steps of shared nodes: every owner has a copy of
  /// the same steps, and an edge that is the same for two owners is drawn once.
  var sharedEdges: Set<SharedEdge> = []
  /// (r3) Nodes for names that shared nodes name but that do not exist, by name: drawn once,
  /// in the shared cluster.
  var sharedMissing: [String: Int] = [:]
  /// What this builder builds.
  var part = Part.whole
  /// For a part, the kinds of the nodes drawn before it, by index. A property of its own,
  /// not a payload of ``Part``: Swift keeps a multi-payload enum's case in the spare high bits
  /// of the payload's pointer, where LeakSanitizer does not see a reference, and reported the
  /// array as lost when `flowc graph` exited with the drawing still alive.
  var drawnKinds: [FlowDiagram.Node.Kind] = []
  /// In a part of edges: the index of this part's first node in the drawing, for now.
  var firstNode = 0
  /// In a part of edges: the edges of shared nodes' steps, which the join draws once.
  var sharedEdgeIndices: [Int] = []
  /// In a part of nodes: the edges of shared nodes' steps as drawn, which the join counts
  /// once.
  var sharedEdgeKeys: [SharedEdge] = []
  /// In a part of nodes: how many other edges it draws.
  var partEdgeCount = 0

  init(graph: FlowGraph, drawn: [Int], drawsAllShared: Bool, findings: [Finding]) {
    self.graph = graph
    module = graph.module
    self.drawn = drawn
    self.drawsAllShared = drawsAllShared
    var byPlace: [Place: [Finding]] = [:]
    for finding in findings { byPlace[Place(finding.range), default: []].append(finding) }
    self.findings = byPlace
    let count = module.coordinators.count
    clusterOf = Array(repeating: nil, count: count)
    startNode = Array(repeating: 0, count: count)
    nodeOf = Array(repeating: [], count: count)
    firstResult = Array(repeating: 0, count: count)
    firstRequest = Array(repeating: 0, count: count)
    lanes = SplitLanes(graph)
  }

  mutating func build() -> FlowDiagram {
    for coordinator in drawn { addCluster(coordinator) }
    addSharedCluster()
    for coordinator in drawn { addEdges(of: coordinator) }
    return finish()
  }

  /// ``build()`` with the edges left to be built in parts of the coordinators (`parts`,
  /// consecutive ranges of all of them, in order), a few parts at a time on all cores, as
  /// they are handed on (``PartwiseDiagram``). The clusters are built first, one after
  /// another as ``build()`` does: building them in parts costs about as much to join as it
  /// saves. Then every part is built once without keeping its edges, to draw the nodes its
  /// edges add (missing names) and, with `countsEdges`, to count its edges: every node is
  /// drawn before the first edge is written. Without `countsEdges`, only the coordinators
  /// that may draw such a node (``mayDrawMissingNode(_:)``) are built beforehand. The nodes
  /// a part adds get their unique identifiers as they are joined, in the order one build
  /// makes them, and an edge of a shared node's step that two parts draw is kept once, the
  /// first: the drawing is the one ``build()`` makes.
  mutating func drawing(inParts parts: [Range<Int>], countsEdges: Bool) -> PartwiseDiagram {
    for coordinator in drawn { addCluster(coordinator) }
    addSharedCluster()

    let counting = base(of: .nodes)
    var nodeParts = parallelMap(parts) { range in
      var builder = counting
      for coordinator in range where countsEdges || builder.mayDrawMissingNode(coordinator) {
        builder.addEdges(of: coordinator)
      }
      return EdgePart(builder)
    }
    var edgeCount = 0
    for index in nodeParts.indices {
      edgeCount += joinNodes(nodeParts[index])
      nodeParts[index] = EdgePart()
    }
    sharedEdges = []
    let tail = finish()

    // The edges themselves, built part by part as they are handed on (again, for the
    // coordinators built above): each part finds every node drawn.
    return PartwiseDiagram(
      tail, partEdgeCount: countsEdges ? edgeCount : nil,
      source: PartwiseDiagram.Source(
        builder: base(of: .edges), parts: parts,
        unreachable: diagram.nodes.map { $0.emphasis == .unreachable }))
  }

  /// Where every builder of a `part` starts: from what is drawn so far, without the drawing
  /// itself. The nodes it reads are looked up by kind, and it adds its own after them.
  private func base(of part: Part) -> Builder {
    var base = self
    base.ids = DiagramIdentifiers()
    base.diagram = FlowDiagram()
    base.part = part
    base.drawnKinds = diagram.nodes.map(\.kind)
    base.firstNode = diagram.nodes.count
    return base
  }

  /// The edges of the coordinators of `range`, built by a part of edges (``Part/edges``).
  func edges(of range: Range<Int>) -> EdgePart {
    var builder = self
    // About one edge a step (a back action can draw a few), and a few more to begin.
    let steps = range.reduce(0) { count, index in
      let coordinator = graph.coordinators[index]
      return count + coordinator.steps.reduce(coordinator.eventSteps.count + 2) { $0 + $1.count }
    }
    builder.diagram.edges.reserveCapacity(steps + steps / 8)
    for coordinator in range { builder.addEdges(of: coordinator) }
    return EdgePart(builder)
  }

  /// What a part built: its edges (or how many it drew, for ``Part/nodes``), the nodes it
  /// added (numbered from `firstNode`, identifiers not yet unique) and the names they stand
  /// for, and which of its edges are those of shared nodes' steps.
  struct EdgePart: Sendable {
    var firstNode = 0
    var nodes: [FlowDiagram.Node] = []
    var missing: [Int: [String: Int]] = [:]
    var edges: [FlowDiagram.Edge] = []
    var edgeCount = 0
    var sharedEdges: [Int] = []
    var sharedKeys: [SharedEdge] = []

    init() {}

    init(_ builder: Builder) {
      firstNode = builder.firstNode
      nodes = builder.diagram.nodes
      missing = builder.missing
      edges = builder.diagram.edges
      edgeCount = builder.partEdgeCount
      sharedEdges = builder.sharedEdgeIndices
      sharedKeys = builder.sharedEdgeKeys
    }
  }

  /// Draws the nodes a part of nodes (``Part/nodes``) added after those drawn so far: each
  /// is drawn, or is the one an earlier part drew for the same missing name in the shared
  /// cluster. Returns how many edges the part adds to the drawing: an edge of a shared
  /// node's step that an earlier part drew is not counted.
  private mutating func joinNodes(_ part: EdgePart) -> Int {
    var placed: [Int] = []
    placed.reserveCapacity(part.nodes.count)
    for node in part.nodes {
      let isShared = node.cluster != nil && node.cluster == sharedCluster
      if isShared, let drawnAt = sharedMissing[node.label] {
        placed.append(drawnAt)
        continue
      }
      let index = diagram.nodes.count
      var node = node
      node.id = ids.make(node.id)
      diagram.nodes.append(node)
      if let cluster = node.cluster { diagram.clusters[cluster].nodes.append(index) }
      if isShared { sharedMissing[node.label] = index }
      placed.append(index)
    }
    func place(_ node: Int) -> Int {
      node >= part.firstNode ? placed[node - part.firstNode] : node
    }
    // Each coordinator is in one part: the parts of edges find its missing names here.
    for (owner, names) in part.missing {
      for (name, node) in names { missing[owner, default: [:]][name] = place(node) }
    }
    var count = part.edgeCount
    for key in part.sharedKeys {
      var drawnAs = key
      drawnAs.from = place(key.from)
      drawnAs.to = place(key.to)
      if sharedEdges.insert(drawnAs).inserted { count += 1 }
    }
    return count
  }

  /// The links, and the edges that leave an unreachable node greyed.
  private mutating func finish() -> FlowDiagram {
    addLinks()
    for index in diagram.edges.indices {
      let edge = diagram.edges[index]
      if edge.emphasis == .normal, diagram.nodes[edge.from].emphasis == .unreachable {
        diagram.edges[index].emphasis = .unreachable
      }
    }
    return diagram
  }

  // MARK: Nodes

  private mutating func addCluster(_ index: Int) {
    let coordinator = module.coordinators[index]
    let name = coordinator.name.text
    let base = DiagramIdentifiers.sanitized(name)
    let cases = graph.coordinators[index].results
    let marks = findings(at: [coordinator.name.range])
    let cluster = diagram.clusters.count
    let input = coordinator.input.map { $0.type.description }
    let caseLabels = cases.map { Self.caseLabel($0.name.text, $0.payload) }
    let requests = graph.coordinators[index].requests
    let requestLabels = requests.map { Self.caseLabel($0.name.text, $0.payload) }
    var signature = input.map { ["(\($0))"] } ?? []
    if !caseLabels.isEmpty { signature.append("→ " + caseLabels.joined(separator: " · ")) }
    if let asks = Self.asks(requestLabels) { signature.append(asks) }
    switch coordinator.leave {
    case .result(let leave): signature.append("(left: \(leave.text))")
    case .dropped: signature.append("(left: dropped)")
    case nil: break
    }
    clusterOf[index] = cluster
    diagram.clusters.append(
      FlowDiagram.Cluster(
        id: ids.make("cluster_" + base), name: name, isEntry: coordinator.isEntry, input: input,
        resultCases: caseLabels, requests: requestLabels,
        detail: signature.isEmpty ? nil : signature.joined(separator: " "),
        location: coordinator.name.range, findings: marks, emphasis: FlowDiagram.Emphasis(marks)))

    let isTabs = if case .tabs = coordinator.root { true } else { false }
    startNode[index] = addNode(
      id: base + "__start", kind: isTabs ? .tabs : .start, label: isTabs ? "tabs" : "",
      in: cluster, at: nil)
    // A copy of a shared node (r3) is drawn once, in the shared cluster: its place is
    // filled in by `addSharedCluster`.
    var nodes: [Int] = []
    nodes.reserveCapacity(graph.coordinators[index].nodeCount)
    for screen in coordinator.screens {
      nodes.append(
        screen.copyOf != nil ? Self.notYetDrawn : addScreen(screen, id: base, in: cluster))
    }
    for decision in coordinator.decisions {
      nodes.append(
        decision.copyOf != nil ? Self.notYetDrawn : addDecision(decision, id: base, in: cluster))
    }
    for alert in coordinator.alerts {
      nodes.append(alert.copyOf != nil ? Self.notYetDrawn : addAlert(alert, id: base, in: cluster))
    }
    nodeOf[index] = nodes
    if !coordinator.events.isEmpty {
      appNode[index] = addNode(id: base + "__app", kind: .app, label: "app", in: cluster, at: nil)
    }
    firstResult[index] = diagram.nodes.count
    for resultCase in cases {
      addNode(
        id: base + "__result_" + DiagramIdentifiers.sanitized(resultCase.name.text),
        kind: .result, label: resultCase.name.text,
        detail: resultCase.payload.map { $0.type.description }, in: cluster,
        at: resultCase.name.range)
    }
    firstRequest[index] = diagram.nodes.count
    for request in requests {
      addNode(
        id: base + "__request_" + DiagramIdentifiers.sanitized(request.name.text),
        kind: .request, label: request.name.text,
        detail: request.payload.map { $0.type.description }, in: cluster,
        at: request.name.range)
    }
    if let split = coordinator.split { addLanes(of: index, split.layout, id: base, in: cluster) }
  }

  /// (r3) The lanes of a split coordinator's cluster (spec section 13.4): its own screens,
  /// decisions and alerts in the primary lane, and in each later one a node naming the
  /// children shown in that column.
  private mutating func addLanes(
    of index: Int, _ layout: SplitLayout, id base: String, in cluster: Int
  ) {
    diagram.clusters[cluster].split = layout
    var lanes: [FlowDiagram.Lane] = []
    for column in layout.columns {
      let id = ids.make("cluster_" + base + "__" + column.word)
      guard column != .primary else {
        let own = nodeOf[index].filter { $0 != Self.notYetDrawn }
        lanes.append(FlowDiagram.Lane(id: id, column: column, nodes: own))
        continue
      }
      let shows = (self.lanes.shown[SplitLanes.Place(split: index, column: column)] ?? []).map {
        module.coordinators[$0].name.text
      }
      let node = addNode(
        id: base + "__column_" + column.word, kind: .column,
        label: shows.isEmpty ? "nothing shown" : shows.joined(separator: " · "), in: cluster,
        at: nil)
      lanes.append(FlowDiagram.Lane(id: id, column: column, nodes: [node], shows: shows))
    }
    diagram.clusters[cluster].lanes = lanes
  }

  /// The place of a copy of a shared node until the shared cluster is drawn.
  private static let notYetDrawn = -1

  private mutating func addScreen(_ screen: Screen, id base: String, in cluster: Int) -> Int {
    addNode(
      id: base + "_" + DiagramIdentifiers.sanitized(screen.name.text), kind: .screen,
      label: screen.name.text, detail: screen.input.map { $0.type.description },
      controls: (screen.systemBack ? [] : ["no back"]) + (screen.dismissible ? [] : ["no swipe"]),
      in: cluster, at: screen.name.range)
  }

  private mutating func addDecision(_ decision: Decision, id base: String, in cluster: Int) -> Int {
    addNode(
      id: base + "_" + DiagramIdentifiers.sanitized(decision.name.text), kind: .decision,
      label: decision.name.text, in: cluster, at: decision.name.range)
  }

  private mutating func addAlert(_ alert: Alert, id base: String, in cluster: Int) -> Int {
    addNode(
      id: base + "_" + DiagramIdentifiers.sanitized(alert.name.text), kind: .alert,
      label: alert.name.text, in: cluster, at: alert.name.range)
  }

  /// (r3) The cluster of the shared screens, decisions and alerts, after the coordinators':
  /// each drawn once (every one for the whole module, those the drawn coordinators can show
  /// otherwise), in file order, screens first; then each drawn coordinator's copies are
  /// pointed at them, so that the owners' edges lead into the shared cluster.
  private mutating func addSharedCluster() {
    let shared = module.shared
    guard !shared.isEmpty else { return }
    var wanted: Set<Coordinator.Node> = drawsAllShared ? Set(shared.allNodes) : []
    if !drawsAllShared {
      for index in drawn {
        for node in 0..<nodeOf[index].count {
          if let original = original(of: node, in: index) { wanted.insert(original) }
        }
      }
    }
    guard !wanted.isEmpty else { return }
    let cluster = diagram.clusters.count
    sharedCluster = cluster
    diagram.clusters.append(
      FlowDiagram.Cluster(
        id: ids.make("cluster_shared"), name: "shared", isShared: true,
        detail: "screens any coordinator shows"))
    for node in shared.allNodes where wanted.contains(node) {
      switch node {
      case .screen(let at):
        sharedNode[node] = addScreen(shared.screens[at], id: "shared", in: cluster)
      case .decision(let at):
        sharedNode[node] = addDecision(shared.decisions[at], id: "shared", in: cluster)
      case .alert(let at):
        sharedNode[node] = addAlert(shared.alerts[at], id: "shared", in: cluster)
      }
    }
    for index in drawn {
      for node in 0..<nodeOf[index].count {
        if let original = original(of: node, in: index), let drawnAt = sharedNode[original] {
          nodeOf[index][node] = drawnAt
        }
      }
    }
  }

  /// (r3) The shared node of which graph node `node` of coordinator `index` is a copy, if it
  /// is one.
  private func original(of node: Int, in index: Int) -> Coordinator.Node? {
    let coordinator = module.coordinators[index]
    switch graph.coordinators[index].node(node) {
    case .screen(let at): return coordinator.screens[at].copyOf.map { .screen($0) }
    case .decision(let at): return coordinator.decisions[at].copyOf.map { .decision($0) }
    case .alert(let at): return coordinator.alerts[at].copyOf.map { .alert($0) }
    }
  }

  /// Each link whose screen is drawn: a node of its own, outside the clusters, marked by the
  /// findings at its name (`unreachable-link`), and an entry arrow into the screen labelled
  /// with its URL pattern (spec section 12).
  private mutating func addLinks() {
    for (index, link) in module.links.enumerated()
    where !link.isBroken && module.isFirstDefinition(link: index) {
      guard let url = link.url, let target = linkTarget(index), target >= 0 else { continue }
      let node = addNode(
        id: "link_" + DiagramIdentifiers.sanitized(link.name.text), kind: .link,
        label: link.name.text, in: nil, at: link.name.range)
      diagram.edges.append(
        FlowDiagram.Edge(
          from: node, to: target, kind: .link, label: url.text,
          location: url.range, findings: findings(at: [url.range]),
          emphasis: diagram.nodes[node].emphasis))
    }
  }

  /// The node a link's entry arrow leads to, when it is drawn: the screen of its `to:`, or
  /// the shared screen of a relative link (r3, spec section 13.6).
  private func linkTarget(_ index: Int) -> Int? {
    let references = graph.links[index]
    if let (coordinator, screen) = references.target {
      return clusterOf[coordinator] != nil ? nodeOf[coordinator][screen] : nil
    }
    return references.shared?.target.flatMap { sharedNode[.screen($0)] }
  }

  /// Adds a node with a unique id made from `id`, marked by the findings at `location`.
  @discardableResult
  private mutating func addNode(
    id: String, kind: FlowDiagram.Node.Kind, label: String, detail: String? = nil,
    controls: [String] = [], in cluster: Int?, at location: SourceRange?
  ) -> Int {
    let marks = findings(at: location.map { [$0] } ?? [])
    let index = firstNode + diagram.nodes.count
    diagram.nodes.append(
      FlowDiagram.Node(
        id: isPart ? id : ids.make(id), kind: kind, label: label, detail: detail,
        cluster: cluster, controls: controls, location: location, findings: marks,
        emphasis: kind == .missing ? .problem : FlowDiagram.Emphasis(marks)))
    // A part of edges makes the identifier unique, and adds the node to its cluster, when
    // it is joined.
    if let cluster, !isPart { diagram.clusters[cluster].nodes.append(index) }
    return index
  }

  /// Whether this builder builds a part of the edges.
  private var isPart: Bool {
    if case .whole = part { return false }
    return true
  }

  /// The kind of the node at `index`, drawn by this builder or (in a part of edges) before.
  private func nodeKind(at index: Int) -> FlowDiagram.Node.Kind {
    if index >= firstNode { return diagram.nodes[index - firstNode].kind }
    switch part {
    case .whole: return diagram.nodes[index].kind
    case .nodes, .edges: return drawnKinds[index]
    }
  }

  /// Where a start of `child` leads: its start marker if it is drawn in full, its single
  /// node otherwise, or a missing node in `owner` if it names no coordinator.
  private mutating func entry(of child: ChildStep, owner: Int, shared: Bool = false) -> Int {
    guard let index = child.child else {
      return missingNode(child.start.coordinator, in: owner, shared: shared)
    }
    return entry(of: index)
  }

  /// Where coordinator `index` begins in the drawing: its start marker if it is drawn in
  /// full, its single node otherwise.
  private mutating func entry(of index: Int) -> Int {
    clusterOf[index] != nil ? startNode[index] : collapsedNode(index)
  }

  /// Where the handler `step` of a started `child` leaves from: the child's result node of
  /// the case it handles, or (r3) its request node of the request it handles (both resolved
  /// by the graph), or the child's single node; `nil` if the child has no such case or
  /// request.
  private mutating func resultNode(
    of child: ChildStep, _ step: Step, owner: Int, shared: Bool
  ) -> Int? {
    guard let index = child.child else {
      return missingNode(child.start.coordinator, in: owner, shared: shared)
    }
    guard clusterOf[index] != nil else { return collapsedNode(index) }
    if let request = step.handledRequest { return firstRequest[index] + request }
    return step.handledCase.map { firstResult[index] + $0 }
  }

  private mutating func collapsedNode(_ index: Int) -> Int {
    if let node = collapsed[index] { return node }
    let coordinator = module.coordinators[index]
    let cases = graph.coordinators[index].results.map {
      Self.caseLabel($0.name.text, $0.payload)
    }
    let requests = graph.coordinators[index].requests.map {
      Self.caseLabel($0.name.text, $0.payload)
    }
    var detail = cases.isEmpty ? [] : [cases.joined(separator: " · ")]
    if let asks = Self.asks(requests) { detail.append(asks) }
    let node = addNode(
      id: DiagramIdentifiers.sanitized(coordinator.name.text) + "__coordinator",
      kind: .coordinator, label: coordinator.name.text,
      detail: detail.isEmpty ? nil : detail.joined(separator: " "), in: nil,
      at: coordinator.name.range)
    collapsed[index] = node
    return node
  }

  /// Whether drawing the edges of coordinator `index` may draw a node for a name that does
  /// not exist (``missingNode(_:in:shared:)``): its start names no node, a tab or a start
  /// names no coordinator, a handler handles a child that is none, an action is unresolved,
  /// or a request is none of its own. It errs towards yes; a part of nodes that skips a
  /// coordinator for which it is wrongly no leaves that node undrawn.
  func mayDrawMissingNode(_ index: Int) -> Bool {
    let coordinatorGraph = graph.coordinators[index]
    switch coordinatorGraph.root {
    case .unresolved: return true
    case .tabs(let tabs) where tabs.contains(where: { $0.start.child == nil }): return true
    case .tabs, .node: break
    }
    func namesNothing(_ step: Step) -> Bool {
      if step.handlerOf.contains(where: { $0.child == nil }) { return true }
      switch step.action {
      case .unresolved: return true
      case .start(let child): return child.child == nil
      case .stay:
        guard case .request = step.written.kind else { return false }
        return coordinatorGraph.sentRequest(of: step) == nil
      default: return false
      }
    }
    return coordinatorGraph.steps.contains { $0.contains(where: namesNothing) }
      || coordinatorGraph.eventSteps.contains(where: namesNothing)
      || coordinatorGraph.root.tabHandlerSteps.contains(where: namesNothing)
  }

  /// The node standing for `name`, which an action of coordinator `owner` targets but
  /// which does not exist; one per name. One that an action of a shared node (r3) names is
  /// drawn once, in the shared cluster.
  private mutating func missingNode(_ name: Identifier, in owner: Int, shared: Bool = false) -> Int
  {
    if shared, let cluster = sharedCluster {
      if let node = sharedMissing[name.text] { return node }
      let node = addNode(
        id: "shared__missing_" + DiagramIdentifiers.sanitized(name.text), kind: .missing,
        label: name.text, in: cluster, at: nil)
      sharedMissing[name.text] = node
      return node
    }
    if let node = missing[owner]?[name.text] { return node }
    let base = DiagramIdentifiers.sanitized(module.coordinators[owner].name.text)
    let node = addNode(
      id: base + "__missing_" + DiagramIdentifiers.sanitized(name.text), kind: .missing,
      label: name.text, in: clusterOf[owner], at: nil)
    missing[owner, default: [:]][name.text] = node
    return node
  }

  // MARK: Edges

  private mutating func addEdges(of index: Int) {
    let coordinator = module.coordinators[index]
    let coordinatorGraph = graph.coordinators[index]
    let start = startNode[index]
    let back = BackTargets(coordinatorGraph)
    switch (coordinator.root, coordinatorGraph.root) {
    case (.start(let name, let key), .node(let node)):
      addEdge(
        from: start, to: nodeOf[index][node], kind: .begin, at: key,
        anchors: [key, name.range])
    case (.start(let name, let key), _):
      addEdge(
        from: start, to: missingNode(name, in: index), kind: .begin, at: key,
        anchors: [key, name.range])
    case (_, .tabs(let tabs)):
      for (position, tab) in tabs.enumerated() {
        addEdge(
          from: start, to: entry(of: tab.start, owner: index), kind: .tab,
          label: "tab \(position + 1)",
          style: tab.start.style, at: tab.tab.range,
          anchors: [tab.tab.range, tab.tab.child.coordinator.range])
        for step in tab.handlerSteps {
          addStep(step, of: index, owner: start, acting: nil, back: back)
        }
      }
    default:
      break
    }
    for node in 0..<coordinatorGraph.nodeCount {
      let isCopy = original(of: node, in: index) != nil
      for step in coordinatorGraph.steps[node] {
        addStep(
          step, of: index, owner: nodeOf[index][node], acting: node, back: back, shared: isCopy)
      }
    }
    if let app = appNode[index] {
      for step in coordinatorGraph.eventSteps {
        addStep(step, of: index, owner: app, acting: nil, back: back, fromApp: true)
      }
    }
  }

  /// Adds the edges of one step of coordinator `index`, taken on the diagram node `owner`
  /// (the graph node `acting`, or the tab container when it is `nil`).
  /// An external event's step (`fromApp`) acts on whichever screen is on top: its back
  /// actions are drawn as a loop on the `app` node, labelled, rather than to every screen.
  /// A step of a copy of a shared node (`shared`, r3) is drawn once for all its owners where
  /// it leads to the same place for each, and to each owner's place where it does not (a
  /// back action).
  private mutating func addStep(
    _ step: Step, of index: Int, owner: Int, acting: Int?, back: BackTargets,
    fromApp: Bool = false, shared: Bool = false
  ) {
    let written = step.written
    let event = step.transition.name
    // A finding about the step is placed at its action, its event, or (when the name is
    // what is wrong) the action's target. Made only for an edge that is kept, as its payload
    // is: a part that counts edges draws none.
    func anchors() -> [SourceRange] {
      var anchors = [written.range, event.range]
      if let target = Self.target(of: written) { anchors.append(target.range) }
      return anchors
    }
    var source = owner
    var label = event.text
    var payload = step.transition.payload
    if let parent = step.handlerOf.last {
      // A handler leaves from the child's result node, which names the case; from a
      // collapsed child or from the starting node, the label names it.
      payload = nil
      let from = resultNode(of: parent, step, owner: index, shared: shared)
      source = from ?? owner
      let fromCase = from.map { [.result, .request].contains(nodeKind(at: $0)) } ?? false
      label = fromCase ? written.keyword : event.text + ": " + written.keyword
    }
    var acting = acting
    var owner = owner
    if step.isElement {
      // One edge per element, numbered, from the place the one before leads to (r3).
      label = "(\(step.elementIndex + 1)) " + label
      if !step.isFirstElement, let place = sequencePlace {
        acting = place
        owner = nodeOf[index][place]
        if step.handlerOf.isEmpty { source = owner }
      }
      switch step.action {
      case .push(let target), .present(let target), .replace(let target):
        sequencePlace = target
      // A back element leads the next to where it goes back to, when that is one node of
      // the coordinator (not what lies below it, nor the app).
      case .pop: sequencePlace = Self.only(back.pop(actingOn: acting), below: back.outside)
      case .popToRoot:
        sequencePlace = Self.only(back.popToRoot(actingOn: acting), below: back.outside)
      case .dismiss:
        sequencePlace = Self.only(back.dismiss(actingOn: acting), below: back.outside)
      default:
        sequencePlace = nil
      }
    }
    let isHandler = !step.handlerOf.isEmpty
    // A handler of a child's request (r3) is drawn apart from a result's.
    let handlerKind: FlowDiagram.Edge.Kind = step.handledRequest != nil ? .requestHandler : .handler
    func kind(_ plain: FlowDiagram.Edge.Kind) -> FlowDiagram.Edge.Kind {
      isHandler ? handlerKind : plain
    }
    func node(_ target: Int) -> Int {
      if target == back.app, let app = appNode[index] { return app }
      return target == back.outside ? startNode[index] : nodeOf[index][target]
    }
    func edge(
      _ target: Int, _ kind: FlowDiagram.Edge.Kind, style: StartStyle? = nil,
      column: SplitColumn? = nil
    ) {
      var modal = style?.presentation
      if case .present(_, let presented) = written.kind { modal = presented }
      if shared {
        let drawnAs = SharedEdge(
          from: source, to: target, kind: kind, label: label, place: Place(written.range))
        guard sharedEdges.insert(drawnAs).inserted else { return }
        // Another part may have drawn it before: the join keeps the first.
        switch part {
        case .whole: break
        case .nodes:
          sharedEdgeKeys.append(drawnAs)
          return
        case .edges: sharedEdgeIndices.append(diagram.edges.count)
        }
      }
      addEdge(
        from: source, to: target, kind: kind, action: written.keyword, event: event.text,
        label: label, payload: payload?.type.description, style: style, modal: modal,
        column: column, at: written.range, anchors: anchors())
    }

    switch step.action {
    case .push(let target): edge(node(target), kind(.push))
    case .present(let target): edge(node(target), kind(.present))
    case .replace(let target): edge(node(target), kind(.replace))
    case .decide(let target): edge(node(target), kind(.decide))
    case .alert(let target): edge(node(target), kind(.alert))
    case .select(let tabChild): edge(entry(of: tabChild), .select)
    case .pop where fromApp && !isHandler: edge(owner, .pop)
    case .popToRoot where fromApp && !isHandler: edge(owner, .popToRoot)
    case .dismiss where fromApp && !isHandler: edge(owner, .dismiss)
    case .pop:
      for target in back.pop(actingOn: acting) { edge(node(target), kind(.pop)) }
    case .popToRoot:
      for target in back.popToRoot(actingOn: acting) { edge(node(target), kind(.popToRoot)) }
    case .dismiss:
      for target in back.dismiss(actingOn: acting) { edge(node(target), kind(.dismiss)) }
    case .stay:
      if case .request(let name) = written.kind {
        // A request (r3) leads to its node in the coordinator's box; one of no request of
        // the coordinator, to a missing node.
        let sent = graph.coordinators[index].sentRequest(of: step)
        edge(
          sent.map { firstRequest[index] + $0 } ?? missingNode(name, in: index, shared: shared),
          kind(.request))
      } else {
        edge(owner, kind(.stay))
      }
    case .finish(let resultCase): edge(firstResult[index] + resultCase, kind(.finish))
    case .start(let child):
      guard let show = child.start.show else {
        edge(entry(of: child, owner: index, shared: shared), .start, style: child.style)
        return
      }
      // (r3) A show says which column it shows its child in, when the drawing can tell.
      let column = lanes.column(of: show, heldBy: index, in: module)
      label = Self.showLabel(label, isHandler: isHandler, column: column)
      edge(
        entry(of: child, owner: index, shared: shared), .show, style: child.style, column: column)
    case .unresolved:
      guard let name = Self.target(of: written) else { return }
      if case .start(let child) = written.kind, let show = child.show {
        label = Self.showLabel(label, isHandler: isHandler, column: show.column)
        edge(missingNode(name, in: index, shared: shared), .show, column: show.column)
        return
      }
      edge(missingNode(name, in: index, shared: shared), kind(Self.kind(of: written)))
    }
  }

  private mutating func addEdge(
    from: Int, to: Int, kind: FlowDiagram.Edge.Kind, action: String = "", event: String = "",
    label: String = "", payload: @autoclosure () -> String? = nil, style: StartStyle? = nil,
    modal: PresentationStyle? = nil, column: SplitColumn? = nil, at location: SourceRange,
    anchors: @autoclosure () -> [SourceRange]? = nil
  ) {
    if case .nodes = part {
      partEdgeCount += 1
      return
    }
    let marks = findings(at: anchors() ?? [location])
    diagram.edges.append(
      FlowDiagram.Edge(
        from: from, to: to, kind: kind, action: action, event: event, label: label,
        payload: payload(), style: style, modal: modal, location: location, findings: marks,
        emphasis: FlowDiagram.Emphasis(marks), column: column))
  }

  /// (r3) The label of a `show`'s edge: `selected: show → secondary`; a handler's, from the
  /// child's result node, `show → secondary`; without the arrow when the column is unknown.
  private static func showLabel(_ label: String, isHandler: Bool, column: SplitColumn?) -> String {
    // A handler's label already ends with its action.
    let base = isHandler ? label : label + ": show"
    return base + (column.map { " → " + $0.word } ?? "")
  }

  // MARK: Helpers

  /// The findings placed at any of `ranges`, in report order.
  private func findings(at ranges: @autoclosure () -> [SourceRange]) -> [Finding] {
    // A module without findings, the most common, needs no lookup (nor the ranges).
    guard !findings.isEmpty else { return [] }
    let ranges = ranges()
    var found: [Finding] = []
    for range in ranges {
      if let here = findings[Place(range)] { found.append(contentsOf: here) }
    }
    return found
  }

  /// (r3) A coordinator's requests as its label's signature shows them:
  /// `(asks: showSettings · openExternal(URL))`; `nil` when it has none.
  static func asks(_ requests: [String]) -> String? {
    requests.isEmpty ? nil : "(asks: " + requests.joined(separator: " · ") + ")"
  }

  /// A result or decision case as shown: `signedIn(User)`, or just `cancelled`.
  static func caseLabel(_ name: String, _ payload: TypeReference?) -> String {
    payload.map { "\(name)(\($0.type.description))" } ?? name
  }

  /// The one node of `targets`, when it has exactly one and it is a node of the coordinator
  /// (below `outside`).
  private static func only(_ targets: [Int], below outside: Int) -> Int? {
    guard targets.count == 1, let target = targets.first, target < outside else { return nil }
    return target
  }

  /// The name an action targets, as written, if it has one.
  private static func target(of action: Action) -> Identifier? {
    switch action.kind {
    case .push(let name), .present(let name, _), .replace(let name), .decide(let name),
      .finish(let name), .alert(let name), .select(let name), .request(let name):
      return name
    case .start(let child): return child.coordinator
    case .pop, .popToRoot, .dismiss, .stay, .invalid, .sequence: return nil
    }
  }

  /// The edge kind of an action, by what it was written to do.
  private static func kind(of action: Action) -> FlowDiagram.Edge.Kind {
    switch action.kind {
    case .push: return .push
    case .present: return .present
    case .replace: return .replace
    case .decide: return .decide
    case .alert: return .alert
    case .select: return .select
    case .finish: return .finish
    case .start: return .start
    case .pop: return .pop
    case .popToRoot: return .popToRoot
    case .dismiss: return .dismiss
    case .request: return .request
    case .stay, .invalid, .sequence: return .stay
    }
  }
}

/// Hands out node and cluster identifiers that are unique in one drawing and safe in every
/// format: only `[A-Za-z0-9_]`.
struct DiagramIdentifiers {
  private var used: Set<String> = []
  private var nextSuffix: [String: Int] = [:]

  /// `name` with every character outside `[A-Za-z0-9]` replaced by `_`.
  static func sanitized(_ name: String) -> String {
    // Most names are already safe: they are kept as they are.
    let isSafe = name.utf8.allSatisfy { byte in
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
    if isSafe { return name }
    var result = ""
    result.unicodeScalars.reserveCapacity(name.unicodeScalars.count)
    for scalar in name.unicodeScalars {
      let isSafe =
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        || ("0"..."9").contains(scalar)
      result.unicodeScalars.append(isSafe ? scalar : "_")
    }
    return result
  }

  /// `base`, or `base_2`, `base_3`, … if it is taken.
  mutating func make(_ base: String) -> String {
    if used.insert(base).inserted { return base }
    var suffix = nextSuffix[base, default: 2]
    while !used.insert("\(base)_\(suffix)").inserted { suffix += 1 }
    nextSuffix[base] = suffix + 1
    return "\(base)_\(suffix)"
  }
}

extension FlowDiagram.Emphasis {
  /// How findings mark an element, as their rules declare: red when any rule's drawing is
  /// ``FindingDrawing/problem``, grey when all are ``FindingDrawing/unreachable``.
  init(_ findings: [Finding]) {
    guard !findings.isEmpty else {
      self = .normal
      return
    }
    let isProblem = findings.contains {
      (RuleRegistry.rule($0.rule)?.drawing ?? .problem) == .problem
    }
    self = isProblem ? .problem : .unreachable
  }
}
