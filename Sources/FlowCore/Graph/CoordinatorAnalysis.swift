/// What the paths of one coordinator allow (spec section 8, "Paths"): which nodes are
/// reachable from its start, which can still reach a `finish`, and which children its
/// reachable nodes start.
///
/// Node indices are those of ``CoordinatorGraph``, plus one more, ``tabsNode``, for the tab
/// container of a tab coordinator: the steps of its tabs' handlers belong to it.
///
/// Complexity: O(nodes + steps) for every pass; the `pop` and `dismiss` paths go through
/// one helper node per node and per step instead of edges to every screen they may reach.
public struct CoordinatorAnalysis: Sendable {
  /// The graph analysed.
  public let graph: CoordinatorGraph
  /// The index of the tab container's node (one past the last screen or decision).
  public let tabsNode: Int
  /// Whether each node (and the tab container) is reachable from the start.
  public let reachable: [Bool]
  /// Whether each node (and the tab container) can still reach a `finish`.
  public let canFinish: [Bool]
  /// Whether a reachable step could not be resolved, or a reachable node is broken
  /// (``CoordinatorGraph/brokenNodes``): then nothing is said that it could make false (it
  /// might have been the missing `finish` or the path to a screen).
  public let hasUnresolvedStep: Bool
  /// Whether a broken node (``CoordinatorGraph/brokenNodes``) is reachable: what it lost may
  /// have started any coordinator.
  public let reachesBrokenNode: Bool
  /// The result cases produced by reachable `finish` actions, by index.
  public let finishedCases: Set<Int>
  /// The `start` steps on reachable nodes (tabs included), in file order; not those of a
  /// broken node, whose child does not count as started (spec section 8).
  public let reachableStarts: [ReachableStart]
  /// The `start` steps on every node, reachable or not (tabs included), in file order.
  public let allStarts: [ReachableStart]
  /// For each node, the nodes that decide it (reachable ones only).
  let deciders: [[Int]]
  /// Each node's steps (the tab container's are those of its tabs' handlers).
  let steps: [[Step]]
  /// For each node, the index its first step has among all steps of the coordinator.
  let stepOffsets: [Int]
  /// How many steps the coordinator has, its tab container's included.
  let stepCount: Int

  /// A child start on a reachable node.
  public struct ReachableStart: Sendable {
    /// The start.
    public var step: ChildStep
    /// Whether it is a tab of a tab coordinator.
    public var isTab: Bool
    /// The node it is on (``tabsNode`` for tabs and their handlers).
    public var node: Int
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
    case .node(let node): pending = [node]
    case .tabs: pending = [tabsNode]
    case .unresolved: break
    }
    for node in pending { reachable[node] = true }
    var unresolved = false
    var reachesBroken = false
    var finished: Set<Int> = []
    var deciders = [[Int]](repeating: [], count: count)
    while let node = pending.popLast() {
      if !graph.brokenNodes.isEmpty, graph.brokenNodes.contains(node) { reachesBroken = true }
      for step in steps[node] {
        switch step.action {
        case .unresolved: unresolved = true
        case .finish(let index): finished.insert(index)
        case .decide(let target): deciders[target].append(node)
        default: break
        }
        if let target = step.action.target, !reachable[target] {
          reachable[target] = true
          pending.append(target)
        }
      }
    }
    if case .unresolved = graph.root { unresolved = true }
    self.reachable = reachable
    self.hasUnresolvedStep = unresolved || reachesBroken
    self.reachesBrokenNode = reachesBroken
    self.finishedCases = finished
    self.deciders = deciders

    var starts: [ReachableStart] = []
    if case .tabs(let tabs) = graph.root {
      starts += tabs.map { ReachableStart(step: $0.start, isTab: true, node: count - 1) }
    }
    for node in 0..<count {
      for step in steps[node] {
        if case .start(let child) = step.action {
          starts.append(ReachableStart(step: child, isTab: false, node: node))
        }
      }
    }
    allStarts = starts
    // Usually every start is reachable: share the list rather than hold a second copy of it
    // per coordinator.
    let broken = graph.brokenNodes
    let counts = { (start: ReachableStart) in
      reachable[start.node] && (broken.isEmpty || !broken.contains(start.node))
    }
    reachableStarts = starts.allSatisfy(counts) ? starts : starts.filter(counts)
    canFinish = Self.finishability(
      steps: steps, reachable: reachable, deciders: deciders, count: count,
      screenCount: graph.screenCount)
  }

  /// The steps of `node`; for the tab container, those of every tab's handlers.
  static func steps(of node: Int, in graph: CoordinatorGraph) -> [Step] {
    if node < graph.nodeCount { return graph.steps[node] }
    guard case .tabs(let tabs) = graph.root else { return [] }
    return tabs.flatMap(\.handlerSteps)
  }

  /// Whether each node can reach a `finish` on the paths of section 8: forward through
  /// push, present, replace and decide; back through `pop` to every reachable node that
  /// pushes the screen, and through `dismiss` to every reachable node that presents its
  /// modal stack; a decision acts on the screens it is decided from.
  ///
  /// Solved backwards from the nodes that finish, over the real nodes and four helper
  /// nodes per node: `at(x)` (on the screen `x` acts on), `popAt(x)`, `stackAt(x)` (the
  /// modal stacks the screen `x` acts on is in) and `pop(s)` / `stack(s)` folded into them.
  private static func finishability(
    steps: [[Step]], reachable: [Bool], deciders: [[Int]], count: Int, screenCount: Int
  ) -> [Bool] {
    // Layout of the node space: real nodes, then at(x), popAt(x), stackAt(x).
    let at = count
    let popAt = 2 * count
    let stackAt = 3 * count
    // The edges, reversed, as flat arrays: an array per node would be 4 × count
    // allocations for a handful of edges each.
    var sources: [Int32] = []
    var targets: [Int32] = []
    func edge(_ from: Int, _ to: Int) {
      sources.append(Int32(truncatingIfNeeded: from))
      targets.append(Int32(truncatingIfNeeded: to))
    }

    for node in 0..<count where reachable[node] {
      let decidedFrom = deciders[node]
      if node < screenCount || node == count - 1 {
        edge(at + node, node)  // a screen, or the tab container, is where it acts
      }
      for decider in decidedFrom {
        edge(at + node, at + decider)
        edge(popAt + node, popAt + decider)
        edge(stackAt + node, stackAt + decider)
      }
      for step in steps[node] {
        switch step.action {
        case .push(let target), .present(let target), .replace(let target), .decide(let target):
          edge(node, target)
          if case .push = step.action {
            // Popping the pushed screen lands where this node acts; it shares its stack.
            edge(popAt + target, at + node)
            edge(stackAt + target, stackAt + node)
          } else if case .present = step.action {
            edge(stackAt + target, at + node)
          } else if case .replace = step.action {
            edge(stackAt + target, stackAt + node)
          }
        case .pop:
          edge(node, popAt + node)
        case .dismiss:
          edge(node, stackAt + node)
        default:
          break
        }
      }
    }
    let reverse = Adjacency(nodes: 4 * count, from: targets, to: sources)
    var canFinish = [Bool](repeating: false, count: 4 * count)
    var pending: [Int] = []
    for node in 0..<count where reachable[node] {
      if steps[node].contains(where: { if case .finish = $0.action { true } else { false } }) {
        canFinish[node] = true
        pending.append(node)
      }
    }
    while let node = pending.popLast() {
      for source in reverse.neighbours(of: node) where !canFinish[source] {
        canFinish[source] = true
        pending.append(source)
      }
    }
    return Array(canFinish[0..<count])
  }
}

/// A directed graph's edges grouped by the node they leave, in two flat arrays (compressed
/// sparse rows): building it is two passes over the edges and three allocations, however
/// many nodes there are. O(nodes + edges).
struct Adjacency {
  /// Where each node's neighbours begin in `targets`; one more entry than nodes.
  private let starts: [Int32]
  private let targets: [Int32]

  /// The graph of the edges `from[i] → to[i]` over `nodes` nodes.
  init(nodes: Int, from: [Int32], to: [Int32]) {
    var starts = [Int32](repeating: 0, count: nodes + 1)
    for node in from { starts[Int(node) + 1] += 1 }
    for node in 0..<nodes { starts[node + 1] += starts[node] }
    var next = starts
    var targets = [Int32](repeating: 0, count: from.count)
    for (node, target) in zip(from, to) {
      targets[Int(next[Int(node)])] = target
      next[Int(node)] += 1
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
  /// The node this action leads to, for push, present, replace and decide.
  public var target: NodeID? {
    switch self {
    case .push(let node), .present(let node), .replace(let node), .decide(let node): return node
    default: return nil
    }
  }
}
