/// The route of every link of the module (spec section 12), or why it has none.
///
/// A route is a path in one graph of the whole module: a vertex per node of each coordinator
/// (the node on top, or the decision being asked, or the alert shown) and one per tab
/// container; an edge per step that a route may take: a screen's event, a decision's case or
/// an alert's button whose action pushes, presents or replaces a screen, decides, shows an
/// alert or starts a child (into the child's start), and at a tab container the selection of
/// each tab (into its child's start). A coordinator's external events (r3, spec 13.6) are
/// steps too, from each of its *places*: its screens (for a tab coordinator, its tab
/// container only), never a decision being asked or an alert shown, nor a screen of a child or
/// a parent. Handlers, back actions, `select` and requests are not steps, so a route never
/// comes back out of a child it entered.
///
/// An external event is one edge, from whichever place of its coordinator a search stands
/// at: at a place, the screen's own steps come first, then its coordinator's external events,
/// each in file order (a route takes what the user does before what the app sends). A
/// breadth-first search takes them at the first place of the coordinator it reaches, and
/// not again (what they lead to is reached by then), so a coordinator of S screens and E
/// events costs O(S + E), not O(S · E); the tree keeps that place (``SearchTree/eventsFrom``),
/// the step's `from`.
///
/// The searches are breadth-first, from the entries' starts in file order, edges in file
/// order, so the route found to a vertex is the shortest and, among the shortest, the first
/// in file order (its edges, compared one by one in file order, come first). An edge whose
/// event or button carries `payload: T` is taken only when the link can give `T` (a param,
/// or a `values` type).
///
/// **Routes share search trees.** Every edge into a coordinator leads to its start, so a
/// route with `via: [A, B]` reaches the start of `A` when it first enters `A`, then the start
/// of `B`: it is the route from the entries to the start of `A` (through an edge that enters
/// `A`), then the route from there to the start of `B`, then the route from there to the
/// target. Each part is itself the shortest and first in file order (a part of such a route is
/// such a route between its ends). So every route is made of paths in a few breadth-first
/// search trees: one from the entries, and one from the start of each coordinator a `via`
/// names, for each set of payload types the links can give (among those the module's events
/// carry). Links share the trees, and routes with a common start share their common steps:
/// the check keeps each tree (the edge that first reached each vertex, and its depth) and
/// each link's parts (``RouteNode``), and a route is built step by step only when
/// ``route(ofLink:)`` asks for it (`flowc links`, `flowc generate`).
///
/// Cost: building the graph is O(V + E) for V nodes and E steps. A tree from the entries is
/// O(V + E), one from a `via` coordinator's start O(what it reaches); there is one of each
/// per set of payload types that the links give, so links that fall into g such sets cost
/// O(g · (V + E)), plus the parts of the module reached from `via` coordinators' starts. A
/// link's parts are found in O(1 + its `via`), and kept in as much. Saying where every route
/// of a link without one stops costs O(1 + its `via`) more, after work done once: a search
/// from the entries that ignores payloads, O(V + E); per set of payload types, the first
/// blocked edge before each node, O(V + E); per `via` coordinator, a search from its start
/// that ignores payloads, O(what it reaches).
public struct LinkRoutes: Sendable {
  /// What the search found for each link, at the indices of ``FlowModule/links``.
  package let outcomes: [LinkRouteOutcome]
  /// The search-tree entries and route parts the routes keep once found: O(V) per tree
  /// from the entries, what a tree from a `via` coordinator reaches, and a part per link and
  /// `via` coordinator (a test holds it to the module's size).
  package let retainedEntries: Int
  /// The search states the route searches made room for or reached.
  package let searchedStates: Int
  /// The edges the check's searches looked at: linear in the module, external events
  /// included (a test holds it to the module's size).
  package let examinedEdges: Int
  /// The graph the trees are searches of; `nil` for a module without links.
  private let space: RouteSpace?
  private let trees: [SearchTree]
  /// The parts of each link's route, at the indices of ``FlowModule/links``; `nil` for a link
  /// without one.
  private let parts: [[RouteNode]?]

  /// Finds the route of every link of `analysis`'s module.
  package init(analysis: ModuleAnalysis) {
    let module = analysis.graph.module
    guard !module.links.isEmpty else {
      outcomes = []
      retainedEntries = 0
      searchedStates = 0
      examinedEdges = 0
      space = nil
      trees = []
      parts = []
      return
    }
    let space = RouteSpace(analysis: analysis)
    var finder = RouteFinder(space: space)
    var outcomes = [LinkRouteOutcome](repeating: .unchecked, count: module.links.count)
    var parts = [[RouteNode]?](repeating: nil, count: module.links.count)
    var kept = 0
    for (index, link) in module.links.enumerated() {
      guard let request = space.request(for: index, link: link) else { continue }
      let payloads = Payloads(link)
      let group = finder.group(of: payloads)
      switch finder.route(to: request.target, via: request.via, group: group) {
      case .success(let found):
        outcomes[index] = .routed(entry: found.entry, length: found.length)
        parts[index] = found.parts
        kept += found.parts.count
      case .failure(let none):
        outcomes[index] = .unreachable(
          finder.diagnose(
            target: request.target, payloads: payloads, group: group, via: request.via,
            entered: none.entered))
      }
    }
    self.outcomes = outcomes
    self.space = space
    self.parts = parts
    trees = finder.trees
    retainedEntries = kept + finder.trees.reduce(0) { $0 + $1.retainedEntries }
    searchedStates = finder.searchedStates
    examinedEdges = finder.examinedEdges
  }

  /// The route of the link at `index` of ``FlowModule/links``, if it has one, built from the
  /// shared trees: O(its length).
  package func route(ofLink index: Int) -> LinkRoute? {
    guard let space, parts.indices.contains(index), let ends = parts[index],
      case .routed(let entry, let length) = outcomes[index]
    else { return nil }
    let payloads = Payloads(space.graph.module.links[index])
    var steps: [LinkStep] = []
    steps.reserveCapacity(length)
    for end in ends {
      let first = steps.count
      var node = end
      while let (edge, parent) = parent(of: node) {
        steps.append(space.step(edge, from: Int(parent.vertex), payloads: payloads))
        node = parent
      }
      steps[first...].reverse()
    }
    return LinkRoute(entry: entry, steps: steps)
  }

  /// The route of the link at `index` found the direct way, by a search of the graph's
  /// product with its `via` (a state per vertex and number of `via` coordinators passed):
  /// O((V + E) · (1 + via length)) for this link alone. The shared trees must give the same
  /// route step for step; a property test compares them.
  package func referenceRoute(ofLink index: Int) -> LinkRoute? {
    guard let space, space.graph.module.links.indices.contains(index) else { return nil }
    let link = space.graph.module.links[index]
    guard let request = space.request(for: index, link: link) else { return nil }
    var finder = RouteFinder(space: space)
    let payloads = Payloads(link)
    let search = finder.layeredSearch(group: finder.group(of: payloads), via: request.via)
    var state = (search.layers - 1) * space.vertexCount + request.target
    guard search.parentEdge[state] != -1 else { return nil }
    var steps: [LinkStep] = []
    while search.parentEdge[state] >= 0 {
      let from = Int(search.parentState[state])
      steps.append(
        space.step(
          Int(search.parentEdge[state]), from: from % space.vertexCount, payloads: payloads))
      state = from
    }
    return LinkRoute(
      entry: Int(space.owner[state % space.vertexCount]), steps: steps.reversed())
  }

  /// For a link without a route, where every route stops, found the direct way: from a
  /// backward search from its target, the first edge in search order that the link's
  /// payloads block and that leads to the target, and a search of the graph's product with
  /// its `via`. The check finds the same from the trees instead; a property test compares
  /// them.
  package func referenceUnreachable(ofLink index: Int) -> LinkUnreachable.Reason? {
    guard let space, space.graph.module.links.indices.contains(index),
      case .unreachable = outcomes[index]
    else { return nil }
    let link = space.graph.module.links[index]
    guard let request = space.request(for: index, link: link) else { return nil }
    var finder = RouteFinder(space: space)
    return finder.referenceReason(
      target: request.target, payloads: Payloads(link), via: request.via)
  }

  /// Where the route of the link at `index` ends each of its parts (one per tree it runs
  /// in), in order; `nil` for a link without a route. Following ``parent(of:)`` from each
  /// gives its steps, last first.
  func ends(ofLink index: Int) -> [RouteNode]? {
    parts.indices.contains(index) ? parts[index] : nil
  }

  /// The edge that leads to `node` and the node it leads from; `nil` at a tree's start.
  func parent(of node: RouteNode) -> (edge: Int, node: RouteNode)? {
    guard let space else { return nil }
    let tree = trees[Int(node.tree)]
    let edge: Int
    if node.vertex < 0 {
      edge = Int(-node.vertex - 1)
    } else {
      guard let rank = tree.rank(of: Int(node.vertex)), tree.parentEdge[rank] >= 0 else {
        return nil
      }
      edge = Int(tree.parentEdge[rank])
    }
    guard let source = space.source(of: edge, in: tree) else { return nil }
    return (edge, RouteNode(tree: node.tree, vertex: Int32(source)))
  }

  /// The step edge `edge` takes, without where its payload comes from (nor, for an external
  /// event, the place it is sent at), and the type of the payload it carries (`nil` for
  /// none).
  func step(ofEdge edge: Int) -> (step: LinkStep, payload: TypeExpression?)? {
    guard let space, space.edges.indices.contains(edge) else { return nil }
    return (space.edges[edge].step, space.edges[edge].payload)
  }
}

/// A vertex of one of the search trees that ``LinkRoutes`` keeps: the route from the tree's
/// start to it, which links that pass there share.
struct RouteNode: Hashable, Sendable {
  /// The tree.
  var tree: Int32
  /// The vertex; or, when negative, the edge `-vertex - 1` taken from where the tree
  /// reaches its source (a route that enters again the coordinator whose start the tree
  /// starts at).
  var vertex: Int32
}

/// What the search found for one link.
package enum LinkRouteOutcome: Sendable {
  /// It has a route of `length` steps that starts at the entry coordinator at index `entry`
  /// of the module; ``LinkRoutes/route(ofLink:)`` builds it.
  case routed(entry: Int, length: Int)
  /// It has none: `unreachable-link`.
  case unreachable(LinkUnreachable)
  /// No claim is made: the link is broken, a later duplicate, its target or a `via`
  /// coordinator names nothing (other findings say so), or the module is incomplete.
  case unchecked
}

/// Why a link has no route: where every route stops (spec section 12).
package struct LinkUnreachable: Sendable {
  /// The ways routes stop.
  package enum Reason: Sendable {
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
  package var reason: Reason
  /// The entry coordinators routes start from (their indices in the module), in file order.
  package var entries: [Int]
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

  /// Which of `types` (the payload types of a module's events and buttons, each with its
  /// number) the link can give, by number, in order: two links that give the same ones take
  /// the same steps. O(the link's params and values).
  func fitting(among types: [TypeExpression: Int32]) -> [Int32] {
    var found = Set<Int32>()
    for type in params + values {
      for candidate in [type, .optional(type)] {
        if let number = types[candidate], source(of: candidate).source != nil {
          found.insert(number)
        }
      }
    }
    return found.sorted()
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
private struct RouteSpace: Sendable {
  /// One edge: a step a route can take.
  struct Edge: Sendable {
    /// The vertex it leads from; -1 for an external event, which leads from every place of
    /// its coordinator (``places(of:)``).
    var source: Int32
    /// The vertex it leads to.
    var target: Int32
    /// The coordinator it enters (a child start or a tab), or -1.
    var enters: Int32
    /// The step, without its payload's source.
    var step: LinkStep
    /// The payload it must carry, if any.
    var payload: TypeExpression?
    /// The number of that payload's type in ``RouteSpace/payloadTypes``; -1 when the edge
    /// can always be taken (no payload, or one whose type is invalid and reported).
    var payloadType: Int32
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
  /// The external events of coordinator c: `edges[eventStart[c]..<eventStart[c + 1]]`, in file
  /// order, after every vertex's edges.
  let eventStart: [Int]
  /// Whether each vertex is a place of its coordinator that external events are sent at: a
  /// screen (of a coordinator without tabs) or a tab container, of a coordinator with events.
  let isPlace: [Bool]
  /// The edges that enter each coordinator, in file order.
  let entering: [[Int32]]
  /// The payload types the edges carry, each with its number.
  let payloadTypes: [TypeExpression: Int32]
  /// The coordinators routes start from, in file order.
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
    var entering = [[Int32]](repeating: [], count: graph.coordinators.count)
    var payloadTypes: [TypeExpression: Int32] = [:]
    func start(of child: Int?) -> Int? {
      guard let child else { return nil }
      switch graph.coordinators[child].root {
      case .node(let node): return offsets[child] + node
      case .tabs: return offsets[child] + graph.coordinators[child].nodeCount
      case .unresolved: return nil
      }
    }
    func add(_ edge: Edge) {
      if edge.enters >= 0 { entering[Int(edge.enters)].append(Int32(edges.count)) }
      edges.append(edge)
    }
    /// Adds the edge of `step` of the coordinator at `index` from `source` (-1: an external
    /// event, from any place), when its action leads to a vertex: a node of the coordinator,
    /// or a child's start. `carriesPayload`: whether the step's payload is the link's to give.
    func addEdge(
      of step: Step, in index: Int, from source: Int, as kind: LinkStep.Kind, node: NodeID?,
      carriesPayload: Bool
    ) {
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
      guard let target else { return }
      let payload = carriesPayload ? step.transition.payload?.type : nil
      var type: Int32 = -1
      if let payload, payload != .invalid {
        type = payloadTypes[payload] ?? Int32(payloadTypes.count)
        payloadTypes[payload] = type
      }
      add(
        Edge(
          source: Int32(source), target: Int32(target), enters: Int32(enters ?? -1),
          step: LinkStep(coordinator: index, from: node, kind: kind), payload: payload,
          payloadType: type))
    }
    for (index, coordinator) in graph.coordinators.enumerated() {
      let isFirst = module.isFirstDefinition(coordinator: index)
      for node in 0..<coordinator.nodeCount {
        edgeStart.append(edges.count)
        guard isFirst else { continue }
        let isDecision = !coordinator.isScreen(node) && !coordinator.isAlert(node)
        for step in coordinator.steps[node] where step.handlerOf.isEmpty && Self.isRouteStep(step) {
          let kind: LinkStep.Kind =
            coordinator.isScreen(node)
            ? .event(step) : isDecision ? .decisionCase(step) : .button(step)
          addEdge(
            of: step, in: index, from: offsets[index] + node, as: kind, node: node,
            carriesPayload: !isDecision)
        }
      }
      edgeStart.append(edges.count)
      guard isFirst, case .tabs(let tabs) = coordinator.root else { continue }
      // A tab coordinator's external events are sent at its tab container only (spec 7b).
      for (offset, tab) in tabs.enumerated() {
        guard let child = tab.start.child, let target = start(of: child) else { continue }
        add(
          Edge(
            source: Int32(offsets[index] + coordinator.nodeCount), target: Int32(target),
            enters: Int32(child),
            step: LinkStep(
              coordinator: index, from: nil, kind: .selectTab(offset, child: child)),
            payload: nil, payloadType: -1))
      }
    }
    edgeStart.append(edges.count)
    // External events, after every vertex's edges: one edge each, from any place.
    var eventStart: [Int] = []
    var isPlace = [Bool](repeating: false, count: count)
    for (index, coordinator) in graph.coordinators.enumerated() {
      eventStart.append(edges.count)
      guard module.isFirstDefinition(coordinator: index) else { continue }
      for step in coordinator.eventSteps where step.handlerOf.isEmpty && Self.isRouteStep(step) {
        addEdge(
          of: step, in: index, from: -1, as: .externalEvent(step), node: nil, carriesPayload: true)
      }
      guard edges.count > eventStart[index] else { continue }
      if case .tabs = coordinator.root {
        isPlace[offsets[index] + coordinator.nodeCount] = true
      } else {
        for screen in 0..<coordinator.screenCount { isPlace[offsets[index] + screen] = true }
      }
    }
    eventStart.append(edges.count)
    self.edgeStart = edgeStart
    self.edges = edges
    self.eventStart = eventStart
    self.isPlace = isPlace
    self.entering = entering
    self.payloadTypes = payloadTypes
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

  /// Whether `step` is a step of a route. A lone action is. Sending the event of a sequence
  /// (FLOW-SPEC 13.1) runs all its elements, so the sequence is one step, from where it is
  /// written to where its last element leads, and only when every element before the last
  /// goes forward (`push`, `present`, `replace`): the screens they show are then below the
  /// last one's. A sequence with a back element is no step (where it goes back to depends
  /// on the stack), nor is any element but the last.
  static func isRouteStep(_ step: Step) -> Bool {
    guard step.isElement else { return true }
    guard step.isLastElement, case .sequence(let elements) = step.transition.action.kind else {
      return false
    }
    return elements.dropLast().allSatisfy { element in
      switch element.kind {
      case .push, .present, .replace: return true
      default: return false
      }
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
    let references = graph.links[index]
    guard isComplete, !link.isBroken, graph.module.isFirstDefinition(link: index),
      let target = references.target, let via = references.viaCoordinators
    else { return nil }
    return (offsets[target.coordinator] + target.screen, via)
  }

  /// The step `edge` takes from vertex `source` (for an external event, the place it is sent
  /// at), with its payload from `payloads`.
  func step(_ edge: Int, from source: Int, payloads: Payloads?) -> LinkStep {
    var step = edges[edge].step
    if edges[edge].source < 0 {
      let node = source - offsets[step.coordinator]
      step.from = node < graph.coordinators[step.coordinator].nodeCount ? node : nil
    }
    if let payloads, let type = edges[edge].payload {
      step.payload = payloads.source(of: type).source
    }
    return step
  }

  /// The edges of vertex `vertex` itself, in file order.
  func ownEdges(of vertex: Int) -> Range<Int> {
    edgeStart[vertex]..<edgeStart[vertex + 1]
  }

  /// Every edge from vertex `vertex`: its own, then the external events it sends.
  func outEdges(of vertex: Int) -> OutEdges {
    OutEdges(own: ownEdges(of: vertex), events: events(at: vertex))
  }

  /// The external events that vertex `vertex` can send: its coordinator's, at a place; none
  /// elsewhere.
  func events(at vertex: Int) -> Range<Int> {
    guard isPlace[vertex] else { return 0..<0 }
    let coordinator = Int(owner[vertex])
    return eventStart[coordinator]..<eventStart[coordinator + 1]
  }

  /// The places of coordinator `coordinator`, where its external events are sent: its
  /// screens, or its tab container.
  func places(of coordinator: Int) -> [Int] {
    let first = offsets[coordinator]
    let count = graph.coordinators[coordinator].nodeCount
    return (first...(first + count)).filter { isPlace[$0] }
  }

  /// The vertex `edge` leads from in `tree`: its source, or for an external event the place of
  /// its coordinator where the tree takes it; `nil` when the tree does not.
  func source(of edge: Int, in tree: SearchTree) -> Int? {
    let source = edges[edge].source
    if source >= 0 { return Int(source) }
    return tree.eventsFrom[Int32(edges[edge].step.coordinator)].map(Int.init)
  }

  /// Whether links that give the payload types `fits` (by number; all, when `nil`) can take
  /// `edge`.
  func allows(_ edge: Edge, _ fits: Set<Int32>?) -> Bool {
    guard edge.payloadType >= 0, let fits else { return true }
    return fits.contains(edge.payloadType)
  }
}

/// The edges a vertex leads by, in the order searches take them: its own, then the external
/// events it sends (none, or its coordinator's). Allocates nothing.
private struct OutEdges: Sequence, IteratorProtocol {
  var own: Range<Int>
  var events: Range<Int>

  mutating func next() -> Int? {
    own.popFirst() ?? events.popFirst()
  }
}

/// A breadth-first search tree over a ``RouteSpace``, from one start or several (the
/// entries): the vertices it reaches in the order it reaches them, each with the edge that
/// first reached it, its depth and the start it came from.
private struct SearchTree: Sendable {
  /// Vertex → its place in `order`: an array for a search of the whole module (from the
  /// entries), a dictionary of what it reaches for one from a coordinator's start.
  enum Places: Sendable {
    case all([Int32])
    case reached([Int32: Int32])
  }

  /// The vertices reached, in the order reached: by depth, then in file order.
  let order: [Int32]
  /// At the same index as `order`: the edge that first reached the vertex, -1 at a start.
  let parentEdge: [Int32]
  /// At the same index: how many edges from a start.
  let depth: [Int32]
  /// At the same index: the start it came from (its index in the search's starts); empty
  /// for a search from one start.
  let origin: [Int32]
  let places: Places
  /// For each coordinator whose external events the search took, the place it took them at:
  /// the first of its places it reached.
  let eventsFrom: [Int32: Int32]

  func rank(of vertex: Int) -> Int? {
    switch places {
    case .all(let ranks):
      guard ranks.indices.contains(vertex), ranks[vertex] >= 0 else { return nil }
      return Int(ranks[vertex])
    case .reached(let ranks):
      return ranks[Int32(vertex)].map(Int.init)
    }
  }

  /// The start that the vertex at `rank` of `order` came from.
  func origin(at rank: Int) -> Int {
    origin.isEmpty ? 0 : Int(origin[rank])
  }

  /// What the tree keeps: a record per vertex reached, and the array of places of a search
  /// of the whole module.
  var retainedEntries: Int {
    if case .all(let ranks) = places { return order.count + ranks.count + eventsFrom.count }
    return order.count + eventsFrom.count
  }
}

/// A link's route found in the trees: the entry it starts at, its length, and where each of
/// its parts ends.
private struct FoundRoute {
  var entry: Int
  var length: Int
  var parts: [RouteNode]
}

/// The searches of one ``LinkRoutes``: each tree made once, when a link first needs it, and
/// kept for every link that passes there.
private struct RouteFinder {
  let space: RouteSpace
  /// The searches made, in the order made.
  private(set) var trees: [SearchTree] = []
  /// The search states made room for or reached, for ``LinkRoutes/searchedStates``.
  private(set) var searchedStates = 0
  /// The edges looked at by the searches and ``firstBlocked(group:)``, for
  /// ``LinkRoutes/examinedEdges``.
  private(set) var examinedEdges = 0
  /// Each set of payload types that some link gives (by number), and its number.
  private var groups: [[Int32]: Int] = [:]
  /// The payload types of each group.
  private var fits: [Set<Int32>] = []
  /// The tree of each group from each start: the entries (-1) or a coordinator's start.
  private var treeOf: [TreeKey: Int] = [:]
  /// The entries that have a first vertex, the starts of a search from the entries.
  private let entryStarts: [(coordinator: Int, vertex: Int)]
  private var isEntry: [Bool]
  /// A vertex → place array of the search in progress, -1 everywhere between searches, so
  /// that a search from a coordinator's start costs what it reaches.
  private var scratch: [Int32]
  /// For a tree from a coordinator's start, the edge by which a route enters that coordinator
  /// again (-1: none), by tree.
  private var reentries: [Int: Int32] = [:]
  /// What explaining unreachable links needs, made once.
  private var free: SearchTree?
  private var reachedCoordinators: [Bool] = []
  /// For each group, the first blocked edge before each vertex (``firstBlocked(group:)``).
  private var blockedBefore: [Int: [Int32]] = [:]
  /// The searches that ignore payloads from the start of each coordinator a `via` names.
  private var freeFrom: [Int: SearchTree] = [:]

  private struct TreeKey: Hashable {
    var group: Int
    var start: Int
  }

  init(space: RouteSpace) {
    self.space = space
    entryStarts = space.entries.compactMap { entry in
      space.entryVertex(entry).map { (entry, $0) }
    }
    var isEntry = [Bool](repeating: false, count: space.graph.coordinators.count)
    for entry in space.entries { isEntry[entry] = true }
    self.isEntry = isEntry
    scratch = [Int32](repeating: -1, count: space.vertexCount)
  }

  /// The number of the set of payload types `payloads` gives.
  mutating func group(of payloads: Payloads) -> Int {
    let key = payloads.fitting(among: space.payloadTypes)
    if let known = groups[key] { return known }
    groups[key] = fits.count
    fits.append(Set(key))
    return fits.count - 1
  }

  /// The route to vertex `target` through the coordinators `via`, in order, for links of
  /// `group`; or, when there is none, how many of the `via` coordinators routes enter in
  /// order (their starts are where routes can go on from).
  mutating func route(to target: Int, via: [Int], group: Int) -> Result<FoundRoute, NoRoute> {
    var parts: [RouteNode] = []
    var length = 0
    var entry: Int?
    var from: Int
    var next = 0
    if let first = via.first, isEntry[first], space.entryVertex(first) != nil {
      // Routes start in it: the other entries' routes only enter it later. The only entry's
      // tree is the tree from the entries.
      entry = first
      from = tree(group, from: entryStarts.count == 1 ? -1 : first)
      next = 1
    } else {
      from = tree(group, from: -1)
    }
    while next < via.count {
      let coordinator = via[next]
      guard let (part, partLength, origin) = arrival(into: coordinator, in: from, group: group)
      else { return .failure(NoRoute(entered: next)) }
      parts.append(part)
      length += partLength
      if entry == nil { entry = entryStarts[origin].coordinator }
      from = tree(group, from: coordinator)
      next += 1
    }
    let tree = trees[from]
    guard let rank = tree.rank(of: target) else { return .failure(NoRoute(entered: via.count)) }
    parts.append(RouteNode(tree: Int32(from), vertex: Int32(target)))
    length += Int(tree.depth[rank])
    let start = entry ?? entryStarts[tree.origin(at: rank)].coordinator
    return .success(FoundRoute(entry: start, length: length, parts: parts))
  }

  /// Why ``route(to:via:group:)`` found no route: routes enter the first `entered`
  /// coordinators of the `via` in order, and no further (all of them: the target is out of
  /// reach after the last).
  struct NoRoute: Error {
    var entered: Int
  }

  /// Where tree `index` first enters `coordinator`: the part that ends at its start, its
  /// length, and the start of the tree it came from; `nil` when it never does.
  private mutating func arrival(into coordinator: Int, in index: Int, group: Int)
    -> (RouteNode, Int, Int)?
  {
    guard let start = space.entryVertex(coordinator) else { return nil }
    let tree = trees[index]
    guard let rank = tree.rank(of: start) else { return nil }
    if tree.parentEdge[rank] >= 0 {
      return (
        RouteNode(tree: Int32(index), vertex: Int32(start)), Int(tree.depth[rank]),
        tree.origin(at: rank)
      )
    }
    // The tree starts at the coordinator's start (a `via` that names it twice in a row): the
    // first edge into it from a vertex the tree reaches, first by where the tree reaches its
    // source, then in file order, is how the shortest route enters it again.
    let edge: Int32
    if let known = reentries[index] {
      edge = known
    } else {
      var best: (rank: Int, edge: Int32)?
      for candidate in space.entering[coordinator] {
        let taken = space.edges[Int(candidate)]
        guard space.allows(taken, fits[group]),
          let source = space.source(of: Int(candidate), in: tree),
          let from = tree.rank(of: source)
        else { continue }
        if best.map({ from < $0.rank }) ?? true { best = (from, candidate) }
      }
      edge = best?.edge ?? -1
      reentries[index] = edge
    }
    guard edge >= 0, let source = space.source(of: Int(edge), in: tree),
      let from = tree.rank(of: source)
    else {
      return nil
    }
    return (
      RouteNode(tree: Int32(index), vertex: -edge - 1), Int(tree.depth[from]) + 1,
      tree.origin(at: from)
    )
  }

  /// The tree of `group` from `start`: the entries (-1) or a coordinator's start, made the
  /// first time it is asked for.
  private mutating func tree(_ group: Int, from start: Int) -> Int {
    let key = TreeKey(group: group, start: start)
    if let known = treeOf[key] { return known }
    let starts =
      start < 0 ? entryStarts.map(\.vertex) : space.entryVertex(start).map { [$0] } ?? []
    trees.append(search(from: starts, fits: fits[group], wholeModule: start < 0))
    treeOf[key] = trees.count - 1
    return trees.count - 1
  }

  /// A breadth-first search from `starts`, in order, taking an edge that carries a payload
  /// only when its type is in `fits` (any, when `nil`). `wholeModule` keeps an array of
  /// places as large as the graph; otherwise a dictionary of what it reaches.
  private mutating func search(from starts: [Int], fits: Set<Int32>?, wholeModule: Bool)
    -> SearchTree
  {
    var ranks: [Int32]
    if wholeModule {
      ranks = [Int32](repeating: -1, count: space.vertexCount)
    } else {
      ranks = scratch
      scratch = []
    }
    var order: [Int32] = []
    var parentEdge: [Int32] = []
    var depth: [Int32] = []
    var origin: [Int32] = []
    let several = starts.count > 1
    for (index, start) in starts.enumerated() where ranks[start] == -1 {
      ranks[start] = Int32(order.count)
      order.append(Int32(start))
      parentEdge.append(-1)
      depth.append(0)
      if several { origin.append(Int32(index)) }
    }
    var eventsFrom: [Int32: Int32] = [:]
    var head = 0
    while head < order.count {
      let vertex = Int(order[head])
      let nextDepth = depth[head] + 1
      let from = several ? origin[head] : 0
      head += 1
      // The screen's own steps, then (at the first place of its coordinator reached) its
      // coordinator's external events.
      var events = space.events(at: vertex)
      if !events.isEmpty {
        let coordinator = space.owner[vertex]
        if eventsFrom[coordinator] == nil {
          eventsFrom[coordinator] = Int32(vertex)
        } else {
          events = 0..<0
        }
      }
      for edgeIndex in OutEdges(own: space.ownEdges(of: vertex), events: events) {
        examinedEdges += 1
        let edge = space.edges[edgeIndex]
        guard space.allows(edge, fits), ranks[Int(edge.target)] == -1 else { continue }
        ranks[Int(edge.target)] = Int32(order.count)
        order.append(edge.target)
        parentEdge.append(Int32(edgeIndex))
        depth.append(nextDepth)
        if several { origin.append(from) }
      }
    }
    let places: SearchTree.Places
    if wholeModule {
      places = .all(ranks)
      searchedStates += ranks.count
    } else {
      var reached: [Int32: Int32] = [:]
      reached.reserveCapacity(order.count)
      for (rank, vertex) in order.enumerated() {
        reached[vertex] = Int32(rank)
        ranks[Int(vertex)] = -1
      }
      scratch = ranks
      places = .reached(reached)
      searchedStates += order.count
    }
    return SearchTree(
      order: order, parentEdge: parentEdge, depth: depth, origin: origin, places: places,
      eventsFrom: eventsFrom)
  }

  // MARK: Explaining a link without a route

  /// Where every route to `target` stops, for a link the search found no route for, whose
  /// routes enter the first `entered` coordinators of its `via`: out of every entry's reach
  /// (payloads ignored); else at the first edge, in the order the link's search from the
  /// entries reaches it, that the link's payloads block and from which the target can be
  /// reached; else at a `via` coordinator. O(1 + `entered`) after searches made once: the
  /// search from the entries that ignores payloads, the first blocked edge before each vertex
  /// for the link's payload types, and a search from the start of each `via` coordinator
  /// that ignores payloads.
  mutating func diagnose(
    target: Int, payloads: Payloads, group: Int, via: [Int], entered: Int
  ) -> LinkUnreachable {
    let entries = space.entries
    let free = freeSearch()
    guard free.rank(of: target) != nil else {
      return LinkUnreachable(
        reason: .outOfReach(coordinatorReached: reachedCoordinators[Int(space.owner[target])]),
        entries: entries)
    }
    let entriesTree = trees[tree(group, from: -1)]
    if entriesTree.rank(of: target) == nil {
      let blocked = Int(firstBlocked(group: group)[target])
      if blocked >= 0, let source = space.source(of: blocked, in: entriesTree) {
        let type = space.edges[blocked].payload ?? .invalid
        return LinkUnreachable(
          reason: .payload(
            space.step(blocked, from: source, payloads: nil), type: type,
            fitting: payloads.source(of: type).fitting),
          entries: entries)
      }
    }
    // Routes that entered `via[i]` and not `via[i + 1]` all go on from `via[i]`'s start:
    // they stop at the last such start from which the target can still be reached.
    var passed = 0
    for count in stride(from: entered, to: 0, by: -1) {
      if let start = space.entryVertex(via[count - 1]),
        freeSearch(from: via[count - 1], start: start).rank(of: target) != nil
      {
        passed = count
        break
      }
    }
    return LinkUnreachable(reason: .via(min(passed, max(via.count - 1, 0))), entries: entries)
  }

  /// For each vertex out of the reach of the links of `group`, the first edge they cannot
  /// take for its payload on a route to it that crosses the fewest such edges: among those
  /// routes, the first such edge in the order their search from the entries reaches it (its
  /// source, then file order); -1 where none. Where every route stops is then the step the
  /// link lacks a payload for on its most direct way, not a blocked step of a longer one.
  /// Made once per group, O(V + E), level by level (how many blocked edges crossed): each
  /// blocked edge of a level in turn marks what it leads to through edges that are not
  /// blocked and nothing marked already; the blocked edges met on the way make the next level,
  /// in that order, with the same first edge. A coordinator's external events are looked at
  /// once, at the first of its places met: at another, what they lead to is marked already.
  private mutating func firstBlocked(group: Int) -> [Int32] {
    if let known = blockedBefore[group] { return known }
    let tree = trees[tree(group, from: -1)]
    var first = [Int32](repeating: -1, count: space.vertexCount)
    var scanned = [Bool](repeating: false, count: space.graph.coordinators.count)
    let fitting = fits[group]
    func isBlocked(_ edge: Int) -> Bool {
      let edge = space.edges[edge]
      return edge.payload != nil && (edge.payloadType < 0 || !fitting.contains(edge.payloadType))
    }
    /// The edges of `vertex`: its own, then its coordinator's external events the first time
    /// one of its places is met.
    func edges(of vertex: Int) -> OutEdges {
      var events = space.events(at: vertex)
      let coordinator = Int(space.owner[vertex])
      if !events.isEmpty {
        if scanned[coordinator] { events = 0..<0 } else { scanned[coordinator] = true }
      }
      return OutEdges(own: space.ownEdges(of: vertex), events: events)
    }
    // The blocked edges out of the search's reach, each the first of its routes.
    var level: [(edge: Int, first: Int32)] = []
    for vertex in tree.order {
      for edge in edges(of: Int(vertex)) where isBlocked(edge) {
        examinedEdges += 1
        level.append((edge, Int32(edge)))
      }
    }
    var pending: [Int32] = []
    while !level.isEmpty {
      var next: [(edge: Int, first: Int32)] = []
      for (edge, blame) in level {
        let target = space.edges[edge].target
        guard first[Int(target)] == -1, tree.rank(of: Int(target)) == nil else { continue }
        first[Int(target)] = blame
        pending.append(target)
        while let vertex = pending.popLast() {
          for index in edges(of: Int(vertex)) {
            examinedEdges += 1
            if isBlocked(index) {
              next.append((index, blame))
              continue
            }
            let target = space.edges[index].target
            guard first[Int(target)] == -1, tree.rank(of: Int(target)) == nil else { continue }
            first[Int(target)] = blame
            pending.append(target)
          }
        }
      }
      level = next
    }
    blockedBefore[group] = first
    searchedStates += first.count
    return first
  }

  /// The search from coordinator `coordinator`'s start vertex `start` that takes every edge,
  /// whatever its payload; made once.
  private mutating func freeSearch(from coordinator: Int, start: Int) -> SearchTree {
    if let known = freeFrom[coordinator] { return known }
    let made = search(from: [start], fits: nil, wholeModule: false)
    freeFrom[coordinator] = made
    return made
  }

  /// ``diagnose(target:payloads:group:via:entered:)`` found the direct way, for
  /// ``LinkRoutes/referenceUnreachable(ofLink:)``: a backward search from the target, a scan
  /// of the search from the entries for the first blocked edge that leads there, and the
  /// most `via` coordinators passed, in a search of the graph's product with the `via`, by a
  /// route that can still reach the target. O((V + E) · (1 + via length)).
  mutating func referenceReason(target: Int, payloads: Payloads, via: [Int])
    -> LinkUnreachable.Reason
  {
    let group = group(of: payloads)
    let free = freeSearch()
    guard free.rank(of: target) != nil else {
      return .outOfReach(coordinatorReached: reachedCoordinators[Int(space.owner[target])])
    }
    // Whether a vertex leads to the target at all, and through how few blocked edges.
    let crossings = blockedCrossings(to: target, payloads: payloads)
    let leads = crossings.map { $0 != nil }
    let constrained = trees[tree(group, from: -1)]
    if constrained.rank(of: target) == nil {
      // The first blocked edge out of the search, in its order, among those on a route to the
      // target that crosses the fewest blocked edges. Every place sends its coordinator's
      // external events: the direct reading.
      var best: (edge: Int, from: Int, crossings: Int)?
      for vertex in constrained.order {
        let vertex = Int(vertex)
        for edgeIndex in space.outEdges(of: vertex) {
          let edge = space.edges[edgeIndex]
          guard let type = edge.payload, payloads.source(of: type).source == nil,
            let after = crossings[Int(edge.target)], after + 1 < best?.crossings ?? .max
          else { continue }
          best = (edgeIndex, vertex, after + 1)
        }
      }
      if let best, let type = space.edges[best.edge].payload {
        return .payload(
          space.step(best.edge, from: best.from, payloads: nil), type: type,
          fitting: payloads.source(of: type).fitting)
      }
    }
    guard !via.isEmpty else { return .via(0) }
    let search = layeredSearch(group: group, via: via)
    var passed = 0
    for layer in 0..<search.layers {
      for vertex in 0..<space.vertexCount
      where leads[vertex] && search.parentEdge[layer * space.vertexCount + vertex] != -1 {
        passed = max(passed, layer)
      }
    }
    return .via(min(passed, via.count - 1))
  }

  /// The search from the entries that takes every edge, whatever its payload, and which
  /// coordinators it reaches; made once.
  private mutating func freeSearch() -> SearchTree {
    if let free { return free }
    let made = search(from: entryStarts.map(\.vertex), fits: nil, wholeModule: true)
    var reached = [Bool](repeating: false, count: space.graph.coordinators.count)
    for vertex in made.order { reached[Int(space.owner[Int(vertex)])] = true }
    free = made
    reachedCoordinators = reached
    return made
  }

  /// For each vertex, the fewest edges a link with `payloads` cannot take for their payload
  /// on a path (payloads otherwise ignored) from it to `target`; `nil` where no path leads
  /// there. A backward search that takes the edges it can take first, O(V + E). An external
  /// event leads from every place of its coordinator.
  private func blockedCrossings(to target: Int, payloads: Payloads) -> [Int?] {
    var incoming = [[(source: Int32, edge: Int32)]](repeating: [], count: space.vertexCount)
    var sentInto = [[Int32]](repeating: [], count: space.vertexCount)
    for (index, edge) in space.edges.enumerated() {
      if edge.source >= 0 {
        incoming[Int(edge.target)].append((edge.source, Int32(index)))
      } else {
        sentInto[Int(edge.target)].append(Int32(index))
      }
    }
    func blocked(_ edge: Int) -> Bool {
      space.edges[edge].payload.map { payloads.source(of: $0).source == nil } ?? false
    }
    var crossings = [Int?](repeating: nil, count: space.vertexCount)
    crossings[target] = 0
    var current = [target]
    var cost = 0
    while !current.isEmpty {
      var later: [Int] = []
      var index = 0
      while index < current.count {
        let vertex = current[index]
        index += 1
        guard crossings[vertex] == cost else { continue }
        var sources = incoming[vertex].map { (Int($0.source), Int($0.edge)) }
        for edge in sentInto[vertex] {
          let coordinator = space.edges[Int(edge)].step.coordinator
          sources += space.places(of: coordinator).map { ($0, Int(edge)) }
        }
        for (source, edge) in sources {
          let through = cost + (blocked(edge) ? 1 : 0)
          guard through < crossings[source] ?? .max else { continue }
          crossings[source] = through
          if through == cost { current.append(source) } else { later.append(source) }
        }
      }
      current = later
      cost += 1
    }
    return crossings
  }

  /// A search of the graph's product with `via`: a state per vertex and number of `via`
  /// coordinators passed (`layer · V + vertex`), for each state the edge that first reached
  /// it (-1 where unreached, -2 at a start) and the state it came from. Explaining a `via`
  /// that no route follows needs it, and it is the direct definition of a route that the
  /// shared trees must agree with (``LinkRoutes/referenceRoute(ofLink:)``).
  struct LayeredSearch {
    var parentEdge: [Int32]
    var parentState: [Int32]
    var layers: Int
  }

  mutating func layeredSearch(group: Int, via: [Int]) -> LayeredSearch {
    let vertexCount = space.vertexCount
    let layers = via.count + 1
    var parentEdge = [Int32](repeating: -1, count: vertexCount * layers)
    var parentState = [Int32](repeating: -1, count: vertexCount * layers)
    var queue: [Int32] = []
    for entry in space.entries {
      guard let vertex = space.entryVertex(entry) else { continue }
      let layer = via.first == entry ? 1 : 0
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
      // Every place sends its coordinator's external events: the direct reading.
      for edgeIndex in space.outEdges(of: vertex) {
        let edge = space.edges[edgeIndex]
        guard space.allows(edge, fits[group]) else { continue }
        var next = layer
        if next < via.count, edge.enters >= 0, via[next] == Int(edge.enters) { next += 1 }
        let target = next * vertexCount + Int(edge.target)
        guard parentEdge[target] == -1 else { continue }
        parentEdge[target] = Int32(edgeIndex)
        parentState[target] = Int32(state)
        queue.append(Int32(target))
      }
    }
    searchedStates += parentEdge.count
    return LayeredSearch(parentEdge: parentEdge, parentState: parentState, layers: layers)
  }
}

extension LinkStep {
  /// The step in words, for `flowc links` and messages: `screen 'Home' of 'App': event
  /// 'openShop' starts 'Shop' (sheet)`, or `screen 'Home' of 'App': external event 'promo'
  /// presents 'Promo' (sheet)`, with the param or value that gives its payload.
  /// Names are the flow's own; callers escape them for their medium.
  package func summary(in graph: FlowGraph, link: LinkDefinition) -> String {
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
    case .externalEvent(let step):
      place = from.map { "screen '\(name($0))' of '\(ownerName)'" } ?? "tabs of '\(ownerName)'"
      what = "external event '\(step.transition.name.text)'"
    }
    var text = "\(place): \(what) "
    switch (step?.action, step?.written.kind) {
    case (.push(let screen)?, _): text += "pushes '\(name(screen))'"
    case (.present(let screen)?, .present(_, let style)?):
      text += "presents '\(name(screen))' (\(style.rawValue))"
    case (.replace(let screen)?, _): text += "replaces with '\(name(screen))'"
    case (.decide(let decision)?, _): text += "decides '\(name(decision))'"
    case (.alert(let alert)?, _): text += "shows '\(name(alert))'"
    case (.start(let child)?, _) where child.start.isShow:
      // (r3) A show is a step as a start is, found in a regular width (spec 13.6).
      text += "shows '\(child.start.coordinator.text)' in a column"
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
