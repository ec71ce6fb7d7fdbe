/// Everything the graph rules need, worked out once for the whole module: each
/// coordinator's paths, who starts whom, and how every screen can be shown.
///
/// Complexity: O(size of the module) in all (see each part).
public struct ModuleAnalysis: Sendable {
  /// The graph analysed.
  public let graph: FlowGraph
  /// Each coordinator's paths, at the module's indices.
  public let coordinators: [CoordinatorAnalysis]
  /// For each coordinator, the reachable starts (not tabs) of other coordinators that start
  /// it: the parent's index and the start.
  public let startedBy: [[(parent: Int, start: ChildStep)]]
  /// For each coordinator, whether a tab of a reachable tab coordinator starts it.
  public let isTabChild: [Bool]
  /// Whether each coordinator can be reached from an entry through reachable starts (or,
  /// in a module without entries, is started by another coordinator).
  public let isAttached: [Bool]
  /// How each `pop` and `dismiss` can happen.
  let presentation: Presentation

  public init(graph: FlowGraph) {
    self.graph = graph
    let analyses = Parallel.map(count: graph.coordinators.count, minimumChunk: 64) {
      CoordinatorAnalysis(graph: graph.coordinators[$0])
    }
    coordinators = analyses
    let count = analyses.count
    var startedBy = [[(parent: Int, start: ChildStep)]](repeating: [], count: count)
    var isTabChild = [Bool](repeating: false, count: count)
    for (parent, analysis) in analyses.enumerated() {
      for start in analysis.reachableStarts {
        guard let child = start.step.child else { continue }
        if start.isTab {
          isTabChild[child] = true
        } else {
          startedBy[child].append((parent, start.step))
        }
      }
    }
    self.startedBy = startedBy
    self.isTabChild = isTabChild
    isAttached = Self.attachment(analyses: analyses, module: graph.module)
    presentation = Presentation(analyses: analyses, module: graph.module)
  }

  /// Reachability over "starts" from the entries: O(coordinators + starts). In a
  /// coordinator with an unresolved step every start counts, reachable or not, since the
  /// broken step may have been the path to it.
  private static func attachment(analyses: [CoordinatorAnalysis], module: FlowModule) -> [Bool] {
    let starts = analyses.map { analysis in
      analysis.hasUnresolvedStep ? analysis.allStarts : analysis.reachableStarts
    }
    var attached = module.coordinators.map(\.isEntry)
    if !attached.contains(true) {
      // No entry: a coordinator is attached when another one starts it.
      for (parent, list) in starts.enumerated() {
        for start in list {
          if let child = start.step.child, child != parent { attached[child] = true }
        }
      }
      return attached
    }
    var pending = attached.indices.filter { attached[$0] }
    while let parent = pending.popLast() {
      for start in starts[parent] {
        guard let child = start.step.child, !attached[child] else { continue }
        attached[child] = true
        pending.append(child)
      }
    }
    return attached
  }

  /// Whether any coordinator starts `coordinator` (or it is an entry): then back actions are
  /// judged in the contexts it is really started in.
  func isStarted(_ coordinator: Int) -> Bool {
    !presentation.contexts[coordinator].isEmpty
  }

  /// The groups of coordinators that start each other (strongly connected, with a start
  /// inside), each with its members in file order. Tarjan's algorithm with an explicit
  /// stack: O(coordinators + starts), and no recursion however long the chains.
  public func startCycles() -> [[Int]] {
    let count = coordinators.count
    var successors = [[Int]](repeating: [], count: count)
    var selfStart = [Bool](repeating: false, count: count)
    for (parent, analysis) in coordinators.enumerated() {
      for start in analysis.reachableStarts {
        guard let child = start.step.child else { continue }
        successors[parent].append(child)
        if child == parent { selfStart[parent] = true }
      }
    }
    var index = [Int](repeating: -1, count: count)
    var lowLink = [Int](repeating: 0, count: count)
    var onStack = [Bool](repeating: false, count: count)
    var stack: [Int] = []
    var next = 0
    var groups: [[Int]] = []
    for root in 0..<count where index[root] < 0 {
      var frames: [(node: Int, edge: Int)] = [(root, 0)]
      index[root] = next
      lowLink[root] = next
      next += 1
      stack.append(root)
      onStack[root] = true
      while let (node, edge) = frames.last {
        if edge < successors[node].count {
          frames[frames.count - 1].edge += 1
          let successor = successors[node][edge]
          if index[successor] < 0 {
            index[successor] = next
            lowLink[successor] = next
            next += 1
            stack.append(successor)
            onStack[successor] = true
            frames.append((successor, 0))
          } else if onStack[successor] {
            lowLink[node] = min(lowLink[node], index[successor])
          }
          continue
        }
        frames.removeLast()
        if let parent = frames.last?.node { lowLink[parent] = min(lowLink[parent], lowLink[node]) }
        guard lowLink[node] == index[node] else { continue }
        var group: [Int] = []
        while let member = stack.popLast() {
          onStack[member] = false
          group.append(member)
          if member == node { break }
        }
        if group.count > 1 || selfStart[node] { groups.append(group.sorted()) }
      }
    }
    return groups.sorted { ($0.first ?? 0) < ($1.first ?? 0) }
  }
}
