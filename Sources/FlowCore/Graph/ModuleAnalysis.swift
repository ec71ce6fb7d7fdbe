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
  /// Whether each coordinator can be reached from an entry through reachable starts (or,
  /// in a module without entries, is started by another coordinator).
  public let isAttached: [Bool]
  /// Whether each coordinator is attached only through broken definitions: starts on broken
  /// nodes or in later duplicates. Such a coordinator gets no findings (spec section 8).
  public let isReachedOnlyThroughBroken: [Bool]
  /// Whether an attached coordinator reaches a broken node, whose lost actions may have
  /// started any coordinator: then none is said to be never started.
  public let isAttachmentUncertain: Bool
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
    for (parent, analysis) in analyses.enumerated()
    where graph.module.isFirstDefinition(coordinator: parent) {
      for start in analysis.reachableStarts where !start.isTab {
        guard let child = start.step.child else { continue }
        startedBy[child].append((parent, start.step))
      }
    }
    self.startedBy = startedBy
    let attached = Self.attachment(analyses: analyses, module: graph.module, broken: true)
    let attachedForSure = Self.attachment(analyses: analyses, module: graph.module, broken: false)
    isAttached = attached
    isAttachmentUncertain = analyses.indices.contains {
      attached[$0] && analyses[$0].reachesBrokenNode
    }
    isReachedOnlyThroughBroken = attached.indices.map { attached[$0] && !attachedForSure[$0] }
    presentation = Presentation(analyses: analyses, module: graph.module)
  }

  /// Reachability over "starts" from the entries: O(coordinators + starts). In a
  /// coordinator with an unresolved step every start counts, reachable or not, since the
  /// broken step may have been the path to it. With `broken`, so do the starts on broken
  /// nodes and in later duplicates, and a duplicate entry is an entry: a coordinator reached
  /// only through them is attached then and not otherwise, and gets no finding (spec
  /// section 8).
  private static func attachment(
    analyses: [CoordinatorAnalysis], module: FlowModule, broken: Bool
  ) -> [Bool] {
    let starts = analyses.indices.map { index in
      let analysis = analyses[index]
      let isFirst = module.isFirstDefinition(coordinator: index)
      if broken {
        return analysis.hasUnresolvedStep || !isFirst
          ? analysis.allStarts : analysis.reachableStarts
      }
      guard isFirst else { return [] }
      guard analysis.hasUnresolvedStep else { return analysis.reachableStarts }
      let brokenNodes = analysis.graph.brokenNodes
      return analysis.allStarts.filter { !brokenNodes.contains($0.node) }
    }
    var attached = module.coordinators.indices.map {
      module.coordinators[$0].isEntry && (broken || module.isFirstDefinition(coordinator: $0))
    }
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
    presentation.isStarted(coordinator)
  }

  /// The groups of coordinators that start each other (strongly connected, with a start
  /// inside), each with its members in file order, the groups in the order of their first
  /// members: O(coordinators + starts).
  public func startCycles() -> [[Int]] {
    let successors = coordinators.map { analysis in
      analysis.reachableStarts.compactMap(\.step.child)
    }
    let components = Components(count: coordinators.count) { successors[$0] }
    var groups: [[Int]] = []
    var groupOfComponent: [Int: Int] = [:]
    for node in successors.indices where components.isCyclic[node] {
      let component = components.component[node]
      if let group = groupOfComponent[component] {
        groups[group].append(node)
      } else {
        groupOfComponent[component] = groups.count
        groups.append([node])
      }
    }
    return groups
  }
}
