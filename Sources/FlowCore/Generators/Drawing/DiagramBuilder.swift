/// Builds the ``FlowDiagram`` of a module from its resolved ``FlowGraph`` and marks it with
/// the module's findings.
///
/// One pass over the graph, with hash lookups for ids and findings: linear in the size of
/// the module.
public enum DiagramBuilder {
  /// The whole module: every coordinator in a cluster of its own.
  public static func diagram(of graph: FlowGraph, findings: [Finding]) -> FlowDiagram {
    var builder = Builder(
      graph: graph, drawn: Array(graph.coordinators.indices), findings: findings)
    return builder.build()
  }

  /// One coordinator (at `coordinator`, an index of `graph.module.coordinators`) in full,
  /// and each coordinator it starts directly as one node; nothing for an index out of range.
  public static func diagram(
    of graph: FlowGraph, focusingOn coordinator: Int, findings: [Finding]
  ) -> FlowDiagram {
    guard graph.coordinators.indices.contains(coordinator) else { return FlowDiagram() }
    var builder = Builder(graph: graph, drawn: [coordinator], findings: findings)
    return builder.build()
  }
}

/// A file, line and column: where a finding is placed, and where a drawn element stands.
private struct Place: Hashable {
  var file: String
  var line: Int
  var column: Int

  init(_ range: SourceRange) {
    file = range.file
    line = range.start.line
    column = range.start.column
  }
}

/// The state of one build.
private struct Builder {
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
  /// For each coordinator drawn in full, the diagram index of its node 0.
  var firstNode: [Int]
  /// For each coordinator drawn in full, the diagram index of its first result case.
  var firstResult: [Int]
  /// For each coordinator drawn in full that has external events, the diagram index of its
  /// `app` node, where they leave from.
  var appNode: [Int: Int] = [:]
  /// The graph node the last element of a sequence drawn so far led to, where the next
  /// acts (r3); `nil` after a back element, whose next acts where the sequence is.
  var sequencePlace: Int?
  /// Coordinators drawn as one node, by index.
  var collapsed: [Int: Int] = [:]
  /// Nodes for names that do not exist, by coordinator and name.
  var missing: [Int: [String: Int]] = [:]

  init(graph: FlowGraph, drawn: [Int], findings: [Finding]) {
    self.graph = graph
    module = graph.module
    self.drawn = drawn
    var byPlace: [Place: [Finding]] = [:]
    for finding in findings { byPlace[Place(finding.range), default: []].append(finding) }
    self.findings = byPlace
    let count = module.coordinators.count
    clusterOf = Array(repeating: nil, count: count)
    startNode = Array(repeating: 0, count: count)
    firstNode = Array(repeating: 0, count: count)
    firstResult = Array(repeating: 0, count: count)
  }

  mutating func build() -> FlowDiagram {
    for coordinator in drawn { addCluster(coordinator) }
    for coordinator in drawn { addEdges(of: coordinator) }
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
    var signature = input.map { ["(\($0))"] } ?? []
    if !caseLabels.isEmpty { signature.append("→ " + caseLabels.joined(separator: " · ")) }
    switch coordinator.leave {
    case .result(let leave): signature.append("(left: \(leave.text))")
    case .dropped: signature.append("(left: dropped)")
    case nil: break
    }
    clusterOf[index] = cluster
    diagram.clusters.append(
      FlowDiagram.Cluster(
        id: ids.make("cluster_" + base), name: name, isEntry: coordinator.isEntry, input: input,
        resultCases: caseLabels,
        detail: signature.isEmpty ? nil : signature.joined(separator: " "),
        location: coordinator.name.range, findings: marks, emphasis: FlowDiagram.Emphasis(marks)))

    let isTabs = if case .tabs = coordinator.root { true } else { false }
    startNode[index] = addNode(
      id: base + "__start", kind: isTabs ? .tabs : .start, label: isTabs ? "tabs" : "",
      in: cluster, at: nil)
    firstNode[index] = diagram.nodes.count
    for screen in coordinator.screens {
      addNode(
        id: base + "_" + DiagramIdentifiers.sanitized(screen.name.text), kind: .screen,
        label: screen.name.text, detail: screen.input.map { $0.type.description },
        controls: (screen.systemBack ? [] : ["no back"]) + (screen.dismissible ? [] : ["no swipe"]),
        in: cluster, at: screen.name.range)
    }
    for decision in coordinator.decisions {
      addNode(
        id: base + "_" + DiagramIdentifiers.sanitized(decision.name.text), kind: .decision,
        label: decision.name.text, in: cluster, at: decision.name.range)
    }
    for alert in coordinator.alerts {
      addNode(
        id: base + "_" + DiagramIdentifiers.sanitized(alert.name.text), kind: .alert,
        label: alert.name.text, in: cluster, at: alert.name.range)
    }
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
  }

  /// Each link whose screen is drawn: a node of its own, outside the clusters, marked by the
  /// findings at its name (`unreachable-link`), and an entry arrow into the screen labelled
  /// with its URL pattern (spec section 12).
  private mutating func addLinks() {
    for (index, link) in module.links.enumerated()
    where !link.isBroken && module.isFirstDefinition(link: index) {
      guard let url = link.url, case let (coordinator, screen)? = graph.links[index].target,
        clusterOf[coordinator] != nil
      else { continue }
      let node = addNode(
        id: "link_" + DiagramIdentifiers.sanitized(link.name.text), kind: .link,
        label: link.name.text, in: nil, at: link.name.range)
      diagram.edges.append(
        FlowDiagram.Edge(
          from: node, to: firstNode[coordinator] + screen, kind: .link, label: url.text,
          location: url.range, findings: findings(at: [url.range]),
          emphasis: diagram.nodes[node].emphasis))
    }
  }

  /// Adds a node with a unique id made from `id`, marked by the findings at `location`.
  @discardableResult
  private mutating func addNode(
    id: String, kind: FlowDiagram.Node.Kind, label: String, detail: String? = nil,
    controls: [String] = [], in cluster: Int?, at location: SourceRange?
  ) -> Int {
    let marks = findings(at: location.map { [$0] } ?? [])
    let index = diagram.nodes.count
    diagram.nodes.append(
      FlowDiagram.Node(
        id: ids.make(id), kind: kind, label: label, detail: detail, cluster: cluster,
        controls: controls, location: location, findings: marks,
        emphasis: kind == .missing ? .problem : FlowDiagram.Emphasis(marks)))
    if let cluster { diagram.clusters[cluster].nodes.append(index) }
    return index
  }

  /// Where a start of `child` leads: its start marker if it is drawn in full, its single
  /// node otherwise, or a missing node in `owner` if it names no coordinator.
  private mutating func entry(of child: ChildStep, owner: Int) -> Int {
    guard let index = child.child else { return missingNode(child.start.coordinator, in: owner) }
    return entry(of: index)
  }

  /// Where coordinator `index` begins in the drawing: its start marker if it is drawn in
  /// full, its single node otherwise.
  private mutating func entry(of index: Int) -> Int {
    clusterOf[index] != nil ? startNode[index] : collapsedNode(index)
  }

  /// Where a handler of a started `child` leaves from: the child's result node of the case
  /// it handles (`handledCase`, resolved by the graph), or the child's single node; `nil` if
  /// the child has no such case.
  private mutating func resultNode(of child: ChildStep, _ handledCase: Int?, owner: Int) -> Int? {
    guard let index = child.child else { return missingNode(child.start.coordinator, in: owner) }
    guard clusterOf[index] != nil else { return collapsedNode(index) }
    return handledCase.map { firstResult[index] + $0 }
  }

  private mutating func collapsedNode(_ index: Int) -> Int {
    if let node = collapsed[index] { return node }
    let coordinator = module.coordinators[index]
    let cases = graph.coordinators[index].results.map {
      Self.caseLabel($0.name.text, $0.payload)
    }
    let node = addNode(
      id: DiagramIdentifiers.sanitized(coordinator.name.text) + "__coordinator",
      kind: .coordinator, label: coordinator.name.text,
      detail: cases.isEmpty ? nil : cases.joined(separator: " · "), in: nil,
      at: coordinator.name.range)
    collapsed[index] = node
    return node
  }

  /// The node standing for `name`, which an action of coordinator `owner` targets but
  /// which does not exist; one per name.
  private mutating func missingNode(_ name: Identifier, in owner: Int) -> Int {
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
        from: start, to: firstNode[index] + node, kind: .begin, at: key,
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
      for step in coordinatorGraph.steps[node] {
        addStep(step, of: index, owner: firstNode[index] + node, acting: node, back: back)
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
  private mutating func addStep(
    _ step: Step, of index: Int, owner: Int, acting: Int?, back: BackTargets,
    fromApp: Bool = false
  ) {
    let written = step.written
    let event = step.transition.name
    // A finding about the step is placed at its action, its event, or (when the name is
    // what is wrong) the action's target.
    var anchors = [written.range, event.range]
    if let target = Self.target(of: written) { anchors.append(target.range) }
    var source = owner
    var label = event.text
    var payload = step.transition.payload.map { $0.type.description }
    if let parent = step.handlerOf.last {
      // A handler leaves from the child's result node, which names the case; from a
      // collapsed child or from the starting node, the label names it.
      payload = nil
      let from = resultNode(of: parent, step.handledCase, owner: index)
      source = from ?? owner
      let fromCase = from.map { diagram.nodes[$0].kind == .result } ?? false
      label = fromCase ? written.keyword : event.text + ": " + written.keyword
    }
    var acting = acting
    var owner = owner
    if step.isElement {
      // One edge per element, numbered, from the place the one before leads to (r3).
      label = "(\(step.elementIndex + 1)) " + label
      if !step.isFirstElement, let place = sequencePlace {
        acting = place
        owner = firstNode[index] + place
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
    func kind(_ plain: FlowDiagram.Edge.Kind) -> FlowDiagram.Edge.Kind {
      isHandler ? .handler : plain
    }
    func node(_ target: Int) -> Int {
      if target == back.app, let app = appNode[index] { return app }
      return target == back.outside ? startNode[index] : firstNode[index] + target
    }
    func edge(_ target: Int, _ kind: FlowDiagram.Edge.Kind, style: StartStyle? = nil) {
      var modal = style?.presentation
      if case .present(_, let presented) = written.kind { modal = presented }
      addEdge(
        from: source, to: target, kind: kind, action: written.keyword, event: event.text,
        label: label, payload: payload, style: style, modal: modal, at: written.range,
        anchors: anchors)
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
    case .stay: edge(owner, kind(.stay))
    case .finish(let resultCase): edge(firstResult[index] + resultCase, kind(.finish))
    case .start(let child): edge(entry(of: child, owner: index), .start, style: child.style)
    case .unresolved:
      guard let name = Self.target(of: written) else { return }
      edge(missingNode(name, in: index), kind(Self.kind(of: written)))
    }
  }

  private mutating func addEdge(
    from: Int, to: Int, kind: FlowDiagram.Edge.Kind, action: String = "", event: String = "",
    label: String = "", payload: String? = nil, style: StartStyle? = nil,
    modal: PresentationStyle? = nil, at location: SourceRange, anchors: [SourceRange]? = nil
  ) {
    let marks = findings(at: anchors ?? [location])
    diagram.edges.append(
      FlowDiagram.Edge(
        from: from, to: to, kind: kind, action: action, event: event, label: label,
        payload: payload, style: style, modal: modal, location: location, findings: marks,
        emphasis: FlowDiagram.Emphasis(marks)))
  }

  // MARK: Helpers

  /// The findings placed at any of `ranges`, in report order.
  private func findings(at ranges: [SourceRange]) -> [Finding] {
    var found: [Finding] = []
    for range in ranges {
      if let here = findings[Place(range)] { found.append(contentsOf: here) }
    }
    return found
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
      .finish(let name), .alert(let name), .select(let name):
      return name
    case .start(let child): return child.coordinator
    case .pop, .popToRoot, .dismiss, .stay, .request, .invalid, .sequence: return nil
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
    // A request (r3) does not navigate: drawn as staying until it has an edge of its own.
    case .stay, .request, .invalid, .sequence: return .stay
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
