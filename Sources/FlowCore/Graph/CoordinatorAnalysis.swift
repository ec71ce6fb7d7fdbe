/// What the paths of one coordinator allow (spec section 8, "Paths"): which nodes are
/// reachable from its start and which children its reachable nodes start. Where the user
/// can still finish or leave it depends on how it is started: ``Ending``.
///
/// Node indices are those of ``CoordinatorGraph``, plus one more, ``tabsNode``: the tab
/// container of a tab coordinator, where the steps of its tabs' handlers and of its external
/// events belong; in any other coordinator, the place its external events act on (spec
/// section 7b): one node reached from every reachable screen and from the start decision's
/// place, so that an event costs one node, not an edge per screen.
///
/// Complexity: O(nodes + steps).
package struct CoordinatorAnalysis: Sendable {
  /// The graph analysed.
  package let graph: CoordinatorGraph
  /// The index of the tab container's node, or of the external events' node in a coordinator
  /// without tabs (one past the last screen, decision or alert).
  package let tabsNode: Int
  /// Whether the coordinator has external events and no tabs: then ``tabsNode`` is where
  /// they act, on whichever of its screens is on top.
  package var hasEventsNode: Bool {
    if case .tabs = graph.root { return false }
    return !graph.eventSteps.isEmpty
  }
  /// Whether each node (and the tab container) is reachable from the start.
  package let reachable: [Bool]
  /// Whether a reachable step could not be resolved, or a reachable node is broken
  /// (``CoordinatorGraph/brokenNodes``): then nothing is said that it could make false (it
  /// might have been the missing `finish` or the path to a screen).
  package let hasUnresolvedStep: Bool
  /// Whether a broken node (``CoordinatorGraph/brokenNodes``) is reachable: what it lost may
  /// have started any coordinator.
  package let reachesBrokenNode: Bool
  /// The reachable nodes that only paths through a broken node reach: like the broken node,
  /// they get no findings and the children they start do not count as started (spec
  /// section 8, "Where findings go").
  package let reachedOnlyThroughBroken: Set<NodeID>
  /// The result cases produced by reachable `finish` actions, by index.
  package let finishedCases: Set<Int>
  /// (r3) The requests sent by reachable `request` actions, by index in
  /// ``CoordinatorGraph/requests`` (spec section 13.3).
  package let sentRequests: Set<Int>
  /// The `start` steps on reachable nodes (tabs included), in file order; not those of a
  /// broken node or of a node reached only through one, whose child does not count as
  /// started (spec section 8).
  package let reachableStarts: [ReachableStart]
  /// The `start` steps on every node, reachable or not (tabs included), in file order.
  package let allStarts: [ReachableStart]
  /// For each node, the nodes that decide it (reachable ones only).
  let deciders: [[Int]]
  /// Each node's steps (the tab container's are those of its tabs' handlers).
  let steps: [[Step]]
  /// For each node, the index its first step has among all steps of the coordinator.
  let stepOffsets: [Int]
  /// How many steps the coordinator has, its tab container's included.
  let stepCount: Int

  /// A child start on a reachable node.
  package struct ReachableStart: Sendable {
    /// The start.
    package var step: ChildStep
    /// Whether it is a tab of a tab coordinator.
    package var isTab: Bool
    /// The node it is on (``tabsNode`` for tabs and their handlers).
    package var node: Int
    /// The step whose action it is; `nil` for a tab.
    package var action: Step?
  }

  init(graph: CoordinatorGraph) {
    self.graph = graph
    let count = graph.nodeCount + 1
    tabsNode = graph.nodeCount
    let steps = (0..<count).map { node in Self.steps(of: node, in: graph) }
    self.steps = steps
    var offsets: [Int] = []
    offsets.reserveCapacity(count)
    var total = 0
    for list in steps {
      offsets.append(total)
      total += list.count
    }
    stepOffsets = offsets
    stepCount = total

    // Forward reachability from the start.
    var reachable = [Bool](repeating: false, count: count)
    var pending: [Int] = []
    switch graph.root {
    case .node(let node):
      // External events act on whatever the coordinator shows, from its start on.
      pending = graph.eventSteps.isEmpty ? [node] : [node, tabsNode]
    case .tabs: pending = [tabsNode]
    case .unresolved: break
    }
    for node in pending { reachable[node] = true }
    var unresolved = false
    var finished: Set<Int> = []
    var sent: Set<Int> = []
    let hasRequests = !graph.requests.isEmpty
    var deciders = [[Int]](repeating: [], count: count)
    // The broken nodes reached, followed only once every other path is: what is reached
    // after that is reached only through them.
    var brokenReached: [Int] = []
    var followingBroken = false
    var onlyThroughBroken: Set<NodeID> = []
    while true {
      guard let node = pending.popLast() else {
        guard !followingBroken, !brokenReached.isEmpty else { break }
        followingBroken = true
        pending = brokenReached
        continue
      }
      if !followingBroken, !graph.brokenNodes.isEmpty, graph.brokenNodes.contains(node) {
        brokenReached.append(node)
        continue
      }
      for step in steps[node] {
        switch step.action {
        case .unresolved: unresolved = true
        case .finish(let index): finished.insert(index)
        case .stay where hasRequests:
          // A known request resolves to staying (r3).
          if let index = graph.sentRequest(of: step) { sent.insert(index) }
        case .decide(let target), .alert(let target): deciders[target].append(node)
        default: break
        }
        if let target = step.action.target, !reachable[target] {
          reachable[target] = true
          pending.append(target)
          if followingBroken, !graph.brokenNodes.contains(target) {
            onlyThroughBroken.insert(target)
          }
        }
      }
    }
    if case .unresolved = graph.root { unresolved = true }
    self.reachable = reachable
    self.hasUnresolvedStep = unresolved || !brokenReached.isEmpty
    self.reachesBrokenNode = !brokenReached.isEmpty
    self.reachedOnlyThroughBroken = onlyThroughBroken
    self.finishedCases = finished
    self.sentRequests = sent
    self.deciders = deciders

    var starts: [ReachableStart] = []
    if case .tabs(let tabs) = graph.root {
      starts += tabs.map {
        ReachableStart(step: $0.start, isTab: true, node: count - 1, action: nil)
      }
    }
    for node in 0..<count {
      for step in steps[node] {
        if case .start(let child) = step.action {
          starts.append(ReachableStart(step: child, isTab: false, node: node, action: step))
        }
      }
    }
    allStarts = starts
    // Usually every start is reachable: share the list rather than hold a second copy of it
    // per coordinator.
    let broken = graph.brokenNodes
    let counts = { (start: ReachableStart) in
      reachable[start.node]
        && (broken.isEmpty
          || !broken.contains(start.node) && !onlyThroughBroken.contains(start.node))
    }
    reachableStarts = starts.allSatisfy(counts) ? starts : starts.filter(counts)
  }

  /// Whether a child that `node` starts counts as started: not when `node` is broken or
  /// reached only through a broken node (spec section 8).
  func countsStarts(on node: NodeID) -> Bool {
    graph.brokenNodes.isEmpty
      || !graph.brokenNodes.contains(node) && !reachedOnlyThroughBroken.contains(node)
  }

  /// The steps of `node`; for the tab container, those of every tab's handlers, then those
  /// of the external events; for the events' node, those of the external events.
  static func steps(of node: Int, in graph: CoordinatorGraph) -> [Step] {
    if node < graph.nodeCount { return graph.steps[node] }
    guard case .tabs(let tabs) = graph.root else { return graph.eventSteps }
    return tabs.flatMap(\.handlerSteps) + graph.eventSteps
  }
}

/// A directed graph's edges grouped by the node they leave, in two flat arrays (compressed
/// sparse rows): building it is two passes over the edges and three allocations, however
/// many nodes there are. O(nodes + edges).
struct Adjacency {
  /// Where each node's neighbours begin in `targets`; one more entry than nodes.
  private let starts: [Int32]
  private let targets: [Int32]

  /// The graph of the edges `edges` gives to the function it is handed, each as `(from,
  /// to)`, over `nodes` nodes. `edges` is called twice (to count, then to place) and must give
  /// the same edges in the same order both times: no list of the edges is built, which for
  /// a large graph was a third copy of every edge beside its source's and the adjacency.
  init(nodes: Int, edges: ((_ add: (_ from: Int32, _ to: Int32) -> Void) -> Void)) {
    var starts = [Int32](repeating: 0, count: nodes + 1)
    var count = 0
    edges { from, _ in
      starts[Int(from) + 1] += 1
      count += 1
    }
    for node in 0..<nodes { starts[node + 1] += starts[node] }
    var next = starts
    var targets = [Int32](repeating: 0, count: count)
    edges { from, to in
      targets[Int(next[Int(from)])] = to
      next[Int(from)] += 1
    }
    self.starts = starts
    self.targets = targets
  }

  /// The nodes that edges from `node` lead to, in the order the edges were given.
  func neighbours(of node: Int) -> LazyMapSequence<ArraySlice<Int32>, Int> {
    targets[Int(starts[node])..<Int(starts[node + 1])].lazy.map { Int($0) }
  }
}

extension ResolvedAction {
  /// The node this action leads to, for push, present, replace, decide and alert.
  package var target: NodeID? {
    switch self {
    case .push(let node), .present(let node), .replace(let node), .decide(let node),
      .alert(let node):
      return node
    default: return nil
    }
  }
}
