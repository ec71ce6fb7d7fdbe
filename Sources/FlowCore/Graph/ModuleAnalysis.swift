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
  /// Who removes a child that the user leaves (`children` in the configuration).
  public let children: ChildRemoval
  /// For each coordinator, where the user can end it in each way it is started (every way
  /// when nobody starts it), in the order of ``StartContext/allCases``.
  let endings: [[Ending]]

  public init(graph: FlowGraph, children: ChildRemoval = .generated) {
    self.graph = graph
    self.children = children
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
    let presentation = Presentation(analyses: analyses, module: graph.module)
    self.presentation = presentation
    let module = graph.module
    let gesturesLeave = module.coordinators.map { children == .generated || $0.leave != nil }
    let first = Parallel.map(count: count, minimumChunk: 64) { index in
      var wanted = UInt8(0)
      for context in presentation.startContexts(of: index) {
        wanted |= 1 << UInt8(context.index)
      }
      for start in presentation.ordinaryStarts(of: index) {
        wanted |= 1 << UInt8(start.context.index)
      }
      return StartContext.allCases.filter { wanted & (1 << UInt8($0.index)) != 0 }.map {
        Ending(
          analyses[index], screens: module.coordinators[index].screens, context: $0,
          gesturesLeave: gesturesLeave[index]
        ) { node, state in presentation.was(node, in: index, state) }
      }
    }
    // A coordinator whose start decision starts a child the user can leave shows nothing
    // below it: it is left with the child (spec section 8, "Leaving"), and so is a tab
    // coordinator whose tab child can be left (its sheet swiped away, say). Solved again
    // with those decisions (or the tab container) as ends; one level deep, from the first
    // solution.
    endings = Parallel.map(count: count, minimumChunk: 64) { index in
      let analysis = analyses[index]
      let below = (analysis.graph.screenCount..<analysis.graph.nodeCount).filter {
        analysis.reachable[$0] && presentation.was($0, in: index, .belowCoordinator)
      }
      var tabChildren: [Int] = []
      if case .tabs(let tabs) = analysis.graph.root { tabChildren = tabs.compactMap(\.start.child) }
      guard !below.isEmpty || !tabChildren.isEmpty else { return first[index] }
      return first[index].map { ending in
        // A tab coordinator in a sheet is left with a tab child swiped away with it.
        let tabContext = StartContext(onParent: false, outsideModal: ending.context.outsideModal)
        let tabLeft = tabChildren.contains { child in
          first[child].contains { $0.context == tabContext && $0.canLeave }
        }
        var left = below.filter { node in
          analysis.steps[node].contains { step in
            guard case .start(let start) = step.action, let child = start.child else {
              return false
            }
            let context =
              start.style.modal.map { StartContext(onParent: false, outsideModal: $0) }
              ?? ending.context
            return first[child].contains { $0.context == context && $0.canLeave }
          }
        }
        if tabLeft { left.append(analysis.tabsNode) }
        guard !left.isEmpty else { return ending }
        return Ending(
          analysis, screens: module.coordinators[index].screens, context: ending.context,
          gesturesLeave: gesturesLeave[index], leftWithChild: left
        ) { node, state in presentation.was(node, in: index, state) }
      }
    }
  }

  /// Where the user can end `coordinator` when it is started in `context`; `nil` for a
  /// context it is not analysed in.
  func ending(of coordinator: Int, in context: StartContext) -> Ending? {
    endings[coordinator].first { $0.context == context }
  }

  /// The ways `coordinator` is started (every way when nobody starts it), with where the
  /// user can end it in each.
  func startEndings(of coordinator: Int) -> [Ending] {
    let contexts = presentation.startContexts(of: coordinator)
    return endings[coordinator].filter { contexts.contains($0.context) }
  }

  /// The ways `coordinator` is started other than as a tab or as a permanent child
  /// (spec section 8, `never-finishes`), each with its first parent and where the user can
  /// end it.
  func ordinaryStarts(of coordinator: Int) -> [(ending: Ending, parent: Int)] {
    presentation.ordinaryStarts(of: coordinator).compactMap { start in
      ending(of: coordinator, in: start.context).map { ($0, start.parent) }
    }
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
      return analysis.allStarts.filter { analysis.countsStarts(on: $0.node) }
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
