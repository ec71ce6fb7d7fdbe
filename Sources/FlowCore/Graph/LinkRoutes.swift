/// The route of every link of the module (spec section 12), or why it has none.
///
/// A route is a path in one graph of the whole module: a vertex per node of each coordinator
/// (the node on top, or the decision being asked, or the alert shown) and one per tab
/// container; an edge per step that a route may take: a screen's event, a decision's case or
/// an alert's button whose action pushes, presents or replaces a screen, decides, shows an
/// alert or starts a child (into the child's start), and at a tab container the selection of
/// each tab (into its child's start). Handlers, external events, back actions and `select`
/// are not steps, so a route never comes back out of a child it entered.
///
/// The search is a breadth-first search from the entries' starts in file order, edges in
/// file order, so the route it finds to a vertex is the shortest and, among the shortest, the
/// first in file order. An edge whose event or button carries `payload: T` is taken only when
/// the link can give `T` (a param, or a `values` type). `via` is followed on the product of
/// the graph with how many of its coordinators the route has passed so far.
///
/// Cost: building the graph is O(size of the module). One search serves every link with the
/// same payloads (the same param and `values` types) and the same `via`, and costs
/// O((V + E) · (1 + via length)) for V nodes and E steps; links are grouped first, so a module
/// whose links fall into g such groups costs O(g · (V + E)) plus the length of the routes.
/// A link without a route costs one more structural search in its group, and a backward
/// search from its target, to say where every route stops.
public struct LinkRoutes: Sendable {
  /// What the search found for each link, at the indices of ``FlowModule/links``.
  public let outcomes: [LinkRouteOutcome]

  /// Finds the route of every link of `analysis`'s module.
  public init(analysis: ModuleAnalysis) {
    let module = analysis.graph.module
    guard !module.links.isEmpty else {
      outcomes = []
      return
    }
    let space = RouteSpace(analysis: analysis)
    var outcomes = [LinkRouteOutcome](repeating: .unchecked, count: module.links.count)
    var groups: [GroupKey: [(link: Int, target: Int, via: [Int])]] = [:]
    var order: [GroupKey] = []
    for (index, link) in module.links.enumerated() {
      guard let request = space.request(for: index, link: link) else { continue }
      let key = GroupKey(payloads: Payloads(link).key, via: request.via)
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append((index, request.target, request.via))
    }
    for key in order {
      guard let members = groups[key], let first = members.first else { continue }
      let payloads = Payloads(module.links[first.link])
      let search = space.search(payloads: payloads, via: first.via)
      for member in members {
        if let route = space.route(to: member.target, in: search, payloads: payloads) {
          outcomes[member.link] = .route(route)
        } else {
          outcomes[member.link] = .unreachable(
            space.diagnose(
              target: member.target, payloads: payloads, via: member.via, search: search))
        }
      }
    }
    self.outcomes = outcomes
  }

  /// The route of the link at `index` of ``FlowModule/links``, if it has one.
  public func route(ofLink index: Int) -> LinkRoute? {
    guard outcomes.indices.contains(index), case .route(let route) = outcomes[index] else {
      return nil
    }
    return route
  }

  /// Links grouped for one search: the same payload types and the same `via`.
  private struct GroupKey: Hashable {
    var payloads: [String]
    var via: [Int]
  }
}

/// What the route search found for one link.
public enum LinkRouteOutcome: Sendable {
  /// Its route.
  case route(LinkRoute)
  /// It has none: `unreachable-link`.
  case unreachable(LinkUnreachable)
  /// No claim is made: the link is broken, a later duplicate, its target or a `via`
  /// coordinator names nothing (other findings say so), or the module is incomplete.
  case unchecked
}

/// Why a link has no route: where every route stops (spec section 12).
public struct LinkUnreachable: Sendable {
  /// The ways routes stop.
  public enum Reason: Sendable {
    /// No route from an entry reaches the target at all, whatever the payloads; `reached`
    /// says whether some route reaches its coordinator.
    case outOfReach(coordinatorReached: Bool)
    /// Every route stops at this step: it must carry a payload of type `type`, and the link
    /// has no param or value that gives it (`fitting` is empty) or several that fit (the
    /// indices of the params in ``LinkDefinition/params``).
    case payload(LinkStep, type: TypeExpression, fitting: [Int])
    /// No route passes through the `via` coordinator at this index of ``LinkDefinition/via``
    /// (after the ones before it).
    case via(Int)
  }

  /// Where routes stop, and why.
  public var reason: Reason
  /// The entry coordinators routes start from (their indices in the module), in file order.
  public var entries: [Int]
}

/// What a link can give as a payload: a param of the type, or a `values` type. Looking a
/// type up costs a hash lookup, however many params the link has.
struct Payloads: Sendable {
  private let params: [TypeExpression]
  private let values: [TypeExpression]
  /// The params of each type, in order.
  private let paramsByType: [TypeExpression: [Int]]
  /// The first `values` entry of each type.
  private let valueByType: [TypeExpression: Int]

  init(_ link: LinkDefinition) {
    params = link.params.map(\.type.type)
    values = link.values.map(\.type.type)
    var byType: [TypeExpression: [Int]] = [:]
    for (index, type) in params.enumerated() { byType[type, default: []].append(index) }
    paramsByType = byType
    var firstValue: [TypeExpression: Int] = [:]
    for (index, type) in values.enumerated() where firstValue[type] == nil {
      firstValue[type] = index
    }
    valueByType = firstValue
  }

  /// What two links with the same key give alike.
  var key: [String] {
    params.map(\.description).sorted() + ["|"] + values.map(\.description).sorted()
  }

  /// Where a payload of `type` comes from: the one param of type `type`, or, when there is
  /// none and `type` is `U?`, the one param of type `U`; else a `values` entry of the type
  /// (or of `U`). `fitting` lists the params that fit when there are two or more.
  func source(of type: TypeExpression) -> (source: LinkPayloadSource?, fitting: [Int]) {
    if type == .invalid { return (nil, []) }
    var exact = paramsByType[type] ?? []
    if exact.isEmpty, case .optional(let wrapped) = type {
      exact = paramsByType[wrapped] ?? []
    }
    if exact.count == 1 { return (.param(exact[0]), exact) }
    if exact.count > 1 { return (nil, exact) }
    if let value = valueByType[type] { return (.value(value), []) }
    if case .optional(let wrapped) = type, let value = valueByType[wrapped] {
      return (.value(value), [])
    }
    return (nil, [])
  }
}

/// The graph routes are paths in, built once for all links (see ``LinkRoutes``).
private struct RouteSpace {
  /// One edge: a step a route can take.
  struct Edge {
    /// The vertex it leads to.
    var target: Int32
    /// The coordinator it enters (a child start or a tab), or -1.
    var enters: Int32
    /// The step, without its payload's source.
    var step: LinkStep
    /// The payload it must carry, if any.
    var payload: TypeExpression?
  }

  let graph: FlowGraph
  /// The first vertex of each coordinator: its nodes, then (for a tab coordinator) its tab
  /// container.
  let offsets: [Int]
  /// Vertex → coordinator.
  let owner: [Int32]
  let vertexCount: Int
  /// Edges of vertex v: `edges[edgeStart[v]..<edgeStart[v + 1]]`, in file order.
  let edgeStart: [Int]
  let edges: [Edge]
  /// The coordinators routes start from, in file order, and their first vertices.
  let entries: [Int]
  let isComplete: Bool

  init(analysis: ModuleAnalysis) {
    let graph = analysis.graph
    self.graph = graph
    let module = graph.module
    isComplete = module.isComplete
    var offsets: [Int] = []
    var owner: [Int32] = []
    var count = 0
    for (index, coordinator) in graph.coordinators.enumerated() {
      offsets.append(count)
      let size = coordinator.nodeCount + 1
      owner.append(contentsOf: repeatElement(Int32(index), count: size))
      count += size
    }
    self.offsets = offsets
    self.owner = owner
    vertexCount = count
    var edgeStart: [Int] = []
    edgeStart.reserveCapacity(count + 1)
    var edges: [Edge] = []
    func start(of child: Int?) -> Int? {
      guard let child else { return nil }
      switch graph.coordinators[child].root {
      case .node(let node): return offsets[child] + node
      case .tabs: return offsets[child] + graph.coordinators[child].nodeCount
      case .unresolved: return nil
      }
    }
    for (index, coordinator) in graph.coordinators.enumerated() {
      let isFirst = module.isFirstDefinition(coordinator: index)
      for node in 0..<coordinator.nodeCount {
        edgeStart.append(edges.count)
        guard isFirst else { continue }
        let isDecision = !coordinator.isScreen(node) && !coordinator.isAlert(node)
        for step in coordinator.steps[node] where step.handlerOf.isEmpty {
          let kind: LinkStep.Kind =
            coordinator.isScreen(node)
            ? .event(step) : isDecision ? .decisionCase(step) : .button(step)
          let target: Int?
          var enters: Int?
          switch step.action {
          case .push(let screen), .present(let screen), .replace(let screen):
            target = offsets[index] + screen
          case .decide(let other), .alert(let other): target = offsets[index] + other
          case .start(let child):
            target = start(of: child.child)
            enters = child.child
          default: target = nil
          }
          guard let target else { continue }
          let payload = isDecision ? nil : step.transition.payload?.type
          edges.append(
            Edge(
              target: Int32(target), enters: Int32(enters ?? -1),
              step: LinkStep(coordinator: index, from: node, kind: kind), payload: payload))
        }
      }
      edgeStart.append(edges.count)
      guard isFirst, case .tabs(let tabs) = coordinator.root else { continue }
      for (offset, tab) in tabs.enumerated() {
        guard let child = tab.start.child, let target = start(of: child) else { continue }
        edges.append(
          Edge(
            target: Int32(target), enters: Int32(child),
            step: LinkStep(
              coordinator: index, from: nil, kind: .selectTab(offset, child: child)),
            payload: nil))
      }
    }
    edgeStart.append(edges.count)
    self.edgeStart = edgeStart
    self.edges = edges
    let firsts = module.coordinators.indices.filter { module.isFirstDefinition(coordinator: $0) }
    let entryList = firsts.filter { module.coordinators[$0].isEntry }
    if !entryList.isEmpty {
      entries = entryList
    } else {
      var started = [Bool](repeating: false, count: module.coordinators.count)
      for parent in firsts {
        for start in analysis.coordinators[parent].reachableStarts {
          if let child = start.step.child, child != parent { started[child] = true }
        }
      }
      entries = firsts.filter { !started[$0] }
    }
  }

  /// The first vertex of coordinator `index`: its start node or its tab container.
  func entryVertex(_ index: Int) -> Int? {
    switch graph.coordinators[index].root {
    case .node(let node): return offsets[index] + node
    case .tabs: return offsets[index] + graph.coordinators[index].nodeCount
    case .unresolved: return nil
    }
  }

  /// The target vertex and the `via` coordinators of a link that can be searched for;
  /// `nil` when no claim can be made about it.
  func request(for index: Int, link: LinkDefinition) -> (target: Int, via: [Int])? {
    let module = graph.module
    guard isComplete, !link.isBroken, module.isFirstDefinition(link: index),
      let target = link.target,
      let coordinator = module.coordinatorIndex(named: target.coordinator.text),
      case .screen(let screen) = module.node(named: target.screen.text, in: coordinator)
    else { return nil }
    var via: [Int] = []
    for name in link.via {
      guard let index = module.coordinatorIndex(named: name.text) else { return nil }
      via.append(index)
    }
    return (offsets[coordinator] + screen, via)
  }

  /// A finished search: for each state (`layer · vertexCount + vertex`, the layer being how
  /// many `via` coordinators were passed), the edge that first reached it and the state it
  /// came from; -1 where unreached, -2 at a start.
  struct Search {
    var parentEdge: [Int32]
    var parentState: [Int32]
    var layers: Int
    /// The states in the order the search reached them.
    var order: [Int32]
  }

  /// The breadth-first search of the type's comment, for one group of links.
  func search(payloads: Payloads?, via: [Int]) -> Search {
    let layers = via.count + 1
    var parentEdge = [Int32](repeating: -1, count: vertexCount * layers)
    var parentState = [Int32](repeating: -1, count: vertexCount * layers)
    var queue: [Int32] = []
    var allowed: [TypeExpression: Bool] = [:]
    for entry in entries {
      guard let vertex = entryVertex(entry) else { continue }
      let layer = !via.isEmpty && via[0] == entry ? 1 : 0
      let state = layer * vertexCount + vertex
      guard parentEdge[state] == -1 else { continue }
      parentEdge[state] = -2
      queue.append(Int32(state))
    }
    var head = 0
    while head < queue.count {
      let state = Int(queue[head])
      head += 1
      let layer = state / vertexCount
      let vertex = state % vertexCount
      for edgeIndex in edgeStart[vertex]..<edgeStart[vertex + 1] {
        let edge = edges[edgeIndex]
        if let type = edge.payload, let payloads {
          let fits: Bool
          if let known = allowed[type] {
            fits = known
          } else {
            fits = payloads.source(of: type).source != nil || type == .invalid
            allowed[type] = fits
          }
          guard fits else { continue }
        }
        var next = layer
        if next < via.count, edge.enters >= 0, via[next] == Int(edge.enters) { next += 1 }
        let target = next * vertexCount + Int(edge.target)
        guard parentEdge[target] == -1 else { continue }
        parentEdge[target] = Int32(edgeIndex)
        parentState[target] = Int32(state)
        queue.append(Int32(target))
      }
    }
    return Search(
      parentEdge: parentEdge, parentState: parentState, layers: layers, order: queue)
  }

  /// The route the search found to `target` with every `via` passed, if any.
  func route(to target: Int, in search: Search, payloads: Payloads) -> LinkRoute? {
    var state = (search.layers - 1) * vertexCount + target
    guard search.parentEdge[state] != -1 else { return nil }
    var steps: [LinkStep] = []
    while search.parentEdge[state] >= 0 {
      let edge = edges[Int(search.parentEdge[state])]
      var step = edge.step
      if let type = edge.payload { step.payload = payloads.source(of: type).source }
      steps.append(step)
      state = Int(search.parentState[state])
    }
    steps.reverse()
    return LinkRoute(entry: Int(owner[state % vertexCount]), steps: steps)
  }

  /// Where every route to `target` stops, for a link the search found no route for.
  func diagnose(target: Int, payloads: Payloads, via: [Int], search: Search) -> LinkUnreachable {
    let free = self.search(payloads: nil, via: [])
    guard free.parentEdge[target] != -1 else {
      let coordinator = Int(owner[target])
      let range =
        offsets[
          coordinator]..<(offsets[coordinator] + graph.coordinators[coordinator].nodeCount + 1)
      return LinkUnreachable(
        reason: .outOfReach(coordinatorReached: range.contains { free.parentEdge[$0] != -1 }),
        entries: entries)
    }
    let leads = leadsTo(target)
    let constrained = via.isEmpty ? search : self.search(payloads: payloads, via: [])
    if constrained.parentEdge[target] == -1 {
      // Some edge a route needs is blocked by its payload: the first, in search order, from
      // a vertex the link reaches to one from which the target can be reached.
      var blocked: Int?
      search: for state in constrained.order {
        let vertex = Int(state)
        for edgeIndex in edgeStart[vertex]..<edgeStart[vertex + 1] {
          let edge = edges[edgeIndex]
          guard let type = edge.payload, leads[Int(edge.target)],
            payloads.source(of: type).source == nil
          else { continue }
          blocked = edgeIndex
          break search
        }
      }
      if let blocked {
        let edge = edges[blocked]
        let type = edge.payload ?? .invalid
        return LinkUnreachable(
          reason: .payload(edge.step, type: type, fitting: payloads.source(of: type).fitting),
          entries: entries)
      }
    }
    var passed = 0
    for layer in 0..<search.layers {
      for vertex in 0..<vertexCount
      where leads[vertex] && search.parentEdge[layer * vertexCount + vertex] != -1 {
        passed = max(passed, layer)
      }
    }
    return LinkUnreachable(reason: .via(min(passed, max(via.count - 1, 0))), entries: entries)
  }

  /// For each vertex, whether some path of edges (payloads ignored) leads from it to
  /// `target`: a backward search, O(V + E).
  private func leadsTo(_ target: Int) -> [Bool] {
    var incoming = [[Int32]](repeating: [], count: vertexCount)
    for vertex in 0..<vertexCount {
      for edgeIndex in edgeStart[vertex]..<edgeStart[vertex + 1] {
        incoming[Int(edges[edgeIndex].target)].append(Int32(vertex))
      }
    }
    var leads = [Bool](repeating: false, count: vertexCount)
    leads[target] = true
    var pending = [target]
    while let vertex = pending.popLast() {
      for source in incoming[vertex] where !leads[Int(source)] {
        leads[Int(source)] = true
        pending.append(Int(source))
      }
    }
    return leads
  }
}

extension LinkStep {
  /// The step in words, for `flowc links` and messages: `screen 'Home' of 'App': event
  /// 'openShop' starts 'Shop' (sheet)`, with the param or value that gives its payload.
  /// Names are the flow's own; callers escape them for their medium.
  public func summary(in graph: FlowGraph, link: LinkDefinition) -> String {
    let module = graph.module
    let owner = module.coordinators[coordinator]
    let ownerName = owner.name.text
    let nodes = graph.coordinators[coordinator]
    func name(_ node: NodeID) -> String {
      switch nodes.node(node) {
      case .screen(let index): return owner.screens[index].name.text
      case .decision(let index): return owner.decisions[index].name.text
      case .alert(let index): return owner.alerts[index].name.text
      }
    }
    let place: String
    let what: String
    switch kind {
    case .event(let step):
      place = "screen '\(from.map(name) ?? "")' of '\(ownerName)'"
      what = "event '\(step.transition.name.text)'"
    case .decisionCase(let step):
      place = "decision '\(from.map(name) ?? "")' of '\(ownerName)'"
      what = "case '\(step.transition.name.text)'"
    case .button(let step):
      place = "alert '\(from.map(name) ?? "")' of '\(ownerName)'"
      what = "button '\(step.transition.name.text)'"
    case .selectTab(_, let child):
      return "tabs of '\(ownerName)': select the tab of '\(module.coordinators[child].name.text)'"
    }
    var text = "\(place): \(what) "
    switch (step?.action, step?.written.kind) {
    case (.push(let screen)?, _): text += "pushes '\(name(screen))'"
    case (.present(let screen)?, .present(_, let style)?):
      text += "presents '\(name(screen))' (\(style.rawValue))"
    case (.replace(let screen)?, _): text += "replaces with '\(name(screen))'"
    case (.decide(let decision)?, _): text += "decides '\(name(decision))'"
    case (.alert(let alert)?, _): text += "shows '\(name(alert))'"
    case (.start(let child)?, _):
      text += "starts '\(child.start.coordinator.text)' (\(child.style.rawValue))"
    default: text += "acts"
    }
    switch payload {
    case .param(let index)? where link.params.indices.contains(index):
      text += ", payload from param '\(link.params[index].name.text)'"
    case .value(let index)? where link.values.indices.contains(index):
      text += ", payload '\(link.values[index].type.type)' from the app"
    default: break
    }
    return text
  }
}
