/// Everything the graph rules need, worked out once for the whole module: each
/// coordinator's paths, who starts whom, and how every screen can be shown.
///
/// Complexity: O(size of the module) in all (see each part).
package struct ModuleAnalysis: Sendable {
  /// The graph analysed.
  package let graph: FlowGraph
  /// Each coordinator's paths, at the module's indices.
  package let coordinators: [CoordinatorAnalysis]
  /// For each coordinator, the reachable starts (not tabs) of other coordinators that start
  /// it: the parent's index and the start.
  package let startedBy: [[(parent: Int, start: ChildStep)]]
  /// Whether each coordinator can be reached from an entry through reachable starts (or,
  /// in a module without entries, is started by another coordinator).
  package let isAttached: [Bool]
  /// Whether each coordinator is attached only through broken definitions: starts on broken
  /// nodes or in later duplicates. Such a coordinator gets no findings (spec section 8).
  package let isReachedOnlyThroughBroken: [Bool]
  /// Whether an attached coordinator reaches a broken node, whose lost actions may have
  /// started any coordinator: then none is said to be never started.
  package let isAttachmentUncertain: Bool
  /// How each `pop` and `dismiss` can happen.
  let presentation: Presentation
  /// Who removes a child that the user leaves (`children` in the configuration).
  package let children: ChildRemoval
  /// For each coordinator, where the user can end it in each way it is started (every way
  /// when nobody starts it), in the order of ``StartContext/allCases``.
  let endings: [[Ending]]

  package init(graph: FlowGraph, children: ChildRemoval = .generated) {
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
    endings = Self.endings(
      analyses: analyses, module: graph.module, presentation: presentation, children: children)
  }

  /// Where the user can end each coordinator in each context it is solved in
  /// (``Presentation/solvedContexts(of:)``), children before their parents, since leaving a
  /// child may leave its parent too (spec section 8, "Leaving").
  ///
  /// First every coordinator alone, on all cores, as if its children had no exits; then,
  /// group by group of coordinators that start each other, each group after the groups it
  /// starts: a group that starts itself is solved again as a whole (``EndingSolver``), and a
  /// coordinator alone only where its children's exits change its first solution
  /// (``EndingSolver/changes(_:known:)``), which most do not. O(size of the module).
  private static func endings(
    analyses: [CoordinatorAnalysis], module: FlowModule, presentation: Presentation,
    children: ChildRemoval
  ) -> [[Ending]] {
    let count = analyses.count
    let components = Components(count: count) {
      analyses[$0].reachableStarts.compactMap(\.step.child)
    }
    let gesturesLeave = module.coordinators.map { children == .generated || $0.leave != nil }
    let graphOf = { @Sendable (member: Int, context: StartContext) -> EndingGraph in
      EndingGraph(
        analyses[member], screens: module.coordinators[member].screens, context: context,
        gesturesLeave: gesturesLeave[member], isEntry: module.coordinators[member].isEntry
      ) { node, state in presentation.was(node, in: member, state) }
    }
    let first = Parallel.map(count: count, minimumChunk: 64) { member in
      guard !components.isCyclic[member] else { return [EndingSolver.Solution]() }
      return presentation.solvedContexts(of: member).flatMap { context in
        EndingSolver.solve([graphOf(member, context)]) { _, _ in nil }
      }
    }
    // Tarjan's algorithm numbers a group after every group it starts.
    var groups: [[Int]] = []
    for coordinator in 0..<count {
      let group = components.component[coordinator]
      while groups.count <= group { groups.append([]) }
      groups[group].append(coordinator)
    }
    var levelOfGroup = [Int](repeating: 0, count: groups.count)
    var levels: [[Int]] = []
    for (group, members) in groups.enumerated() {
      var level = 0
      for member in members {
        for start in analyses[member].reachableStarts {
          guard let child = start.step.child else { continue }
          let other = components.component[child]
          if other != group { level = max(level, levelOfGroup[other] + 1) }
        }
      }
      levelOfGroup[group] = level
      while levels.count <= level { levels.append([]) }
      levels[level].append(group)
    }
    // The exits of each coordinator and context solved so far: the user's in the low byte,
    // with events in the high one, and `solved`.
    let solved: UInt16 = 1 << 15
    var table = [UInt16](repeating: 0, count: count * StartContext.allCases.count)
    var endings = [[Ending]](repeating: [], count: count)
    for level in levels {
      let again = Self.solveAgain(
        level.map { groups[$0] }, first: first, isCyclic: components.isCyclic, table: table,
        solved: solved, presentation: presentation, graphOf: graphOf)
      for (group, solutions) in zip(level, again) {
        for (member, solution) in zip(groups[group], solutions) {
          let solution = solution ?? first[member].map(\.ending)
          for ending in solution {
            table[member * StartContext.allCases.count + ending.context.index] =
              solved | UInt16(ending.exits.rawValue) | UInt16(ending.exitsWithEvents.rawValue) << 8
          }
          endings[member] = solution
        }
      }
    }
    return endings
  }

  /// For each member of each of `groups`, all of whose children outside the group are solved
  /// in `table`, its endings solved again, or `nil` where its first solution stands.
  private static func solveAgain(
    _ groups: [[Int]], first: [[EndingSolver.Solution]], isCyclic: [Bool], table: [UInt16],
    solved: UInt16, presentation: Presentation,
    graphOf: @Sendable (Int, StartContext) -> EndingGraph
  ) -> [[[Ending]?]] {
    let known: @Sendable (Int, Int) -> (Exits, Exits)? = { child, context in
      let entry = table[child * StartContext.allCases.count + context]
      guard entry & solved != 0 else { return nil }
      return (Exits(rawValue: UInt8(entry & 0xFF)), Exits(rawValue: UInt8((entry >> 8) & 0x7F)))
    }
    return Parallel.map(count: groups.count, minimumChunk: 64) { index in
      let members = groups[index]
      if members.count == 1 && !isCyclic[members[0]] {
        let member = members[0]
        guard first[member].contains(where: { EndingSolver.changes($0.edges, known: known) })
        else { return [nil] }
        // Its contexts do not depend on each other: one graph at a time.
        return [
          presentation.solvedContexts(of: member).flatMap { context in
            EndingSolver.solve([graphOf(member, context)], known: known).map(\.ending)
          }
        ]
      }
      let graphs = members.flatMap { member in
        presentation.solvedContexts(of: member).map { graphOf(member, $0) }
      }
      let solutions = EndingSolver.solve(graphs, known: known)
      var position = 0
      return members.map { member in
        let contexts = presentation.solvedContexts(of: member).count
        defer { position += contexts }
        return solutions[position..<(position + contexts)].map(\.ending)
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

  /// The ways `coordinator` is started with nothing below it in the window (spec 13.7): as an
  /// entry, and each context of ``Presentation/windowContexts(of:)``, with where the user can
  /// end it in each.
  func windowEndings(of coordinator: Int) -> [Ending] {
    var contexts = presentation.windowContexts(of: coordinator)
    if graph.module.coordinators[coordinator].isEntry && !contexts.contains(.entry) {
      contexts.insert(.entry, at: 0)
    }
    return contexts.compactMap { ending(of: coordinator, in: $0) }
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
  package func startCycles() -> [[Int]] {
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
