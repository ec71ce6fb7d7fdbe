/// Coordinators that start each other without end.
package enum CoordinatorCycleRule: ModuleRule {
  package static let id: RuleID = "coordinator-cycle"
  package static let severity = Severity.warning
  package static let blocksGeneration = false
  package static let drawing = FindingDrawing.problem
  package static let summary =
    "Coordinators that start each other in a cycle, a coordinator starting itself included."
  package static let rationale = """
    Each start of a child nests a new coordinator inside its parent. When coordinators \
    start each other in a cycle, the user can nest them without bound, each copy kept \
    alive by the one below. Going back should finish the child and let the parent \
    navigate instead. One finding is made per group of coordinators that start each \
    other, at the first start inside the group.
    """
  package static let examples: [RuleExample] = [
    .triggering(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { open: { start: Profile, on: { done: stay } } } }
        Profile:
          result: { done: ~ }
          start: Show
          screens:
            Show: { on: { friends: { ↓start: Friends, on: { done: stay } }, close: { finish: done } } }
        Friends:
          result: { done: ~ }
          start: List
          screens:
            List: { on: { open: { start: Profile, on: { done: stay } }, close: { finish: done } } }
      """),
    .passing(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { open: { start: Profile, on: { friends: { start: Friends, on: { done: stay } }, done: stay } } } }
        Profile:
          result: { done: ~, friends: ~ }
          start: Show
          screens:
            Show: { on: { friends: { finish: friends }, close: { finish: done } } }
        Friends:
          result: { done: ~ }
          start: List
          screens:
            List: { on: { close: { finish: done } } }
      """),
  ]

  /// Tarjan's strongly connected components over the start graph: O(coordinators + starts).
  package static func check(_ context: ResolvedModule, into findings: inout Findings) {
    let module = context.module
    let analysis = context.analysis
    for group in analysis.startCycles() {
      let members = Set(group)
      var first: (start: CoordinatorAnalysis.ReachableStart, parent: Int, child: Int)?
      for parent in group {
        for start in analysis.coordinators[parent].reachableStarts {
          guard let child = start.step.child, members.contains(child) else { continue }
          if let current = first, !start.step.range.precedes(current.start.step.range) {
            continue
          }
          first = (start, parent, child)
        }
      }
      guard let first else { continue }
      let path = cycle(from: first.child, to: first.parent, within: members, analysis)
      let names = ([first.parent] + path).map { module.coordinators[$0].name.text }
      let message =
        group.count == 1
        ? Message.startsItself(module.coordinators[group[0]].subject, cycle: names)
        : Message.startEachOther(
          group.map { module.coordinators[$0].name.text }, cycle: names)
      findings.add(
        message, about: context.graph.subject(of: first.start, in: first.parent),
        at: first.start.step.range)
    }
  }

  /// The coordinators along the shortest chain of starts from `start` to `end` inside the
  /// group, both included.
  private static func cycle(
    from start: Int, to end: Int, within members: Set<Int>, _ analysis: ModuleAnalysis
  ) -> [Int] {
    var previous: [Int: Int] = [start: start]
    var queue = [start]
    var head = 0
    while head < queue.count {
      let node = queue[head]
      head += 1
      if node == end { break }
      for reached in analysis.coordinators[node].reachableStarts {
        guard let child = reached.step.child, members.contains(child), previous[child] == nil
        else { continue }
        previous[child] = node
        queue.append(child)
      }
    }
    var path = [end]
    var node = end
    while node != start, let before = previous[node] {
      path.append(before)
      node = before
    }
    return path.reversed()
  }

  /// What the rule says.
  package enum Message: RuleMessage {
    package typealias ReportingRule = CoordinatorCycleRule

    /// The coordinator that starts itself, through the coordinators of `cycle`.
    case startsItself(SymbolRef, cycle: [String])
    /// The coordinators that start each other, in the order of the cycle given.
    case startEachOther([String], cycle: [String])

    package var name: String {
      switch self {
      case .startsItself: "starts-itself"
      case .startEachOther: "cycle"
      }
    }

    package var english: MessageText {
      switch self {
      case .startsItself(let coordinator, let cycle):
        "\(definition: coordinator) starts itself (\(cycle.joined(separator: " → "))), so they "
          + "can nest without bound"
      case .startEachOther(let members, let cycle):
        "coordinators \(MappingReader.list(members, conjunction: "and")) start each other in a "
          + "cycle (\(cycle.joined(separator: " → "))), so they can nest without bound"
      }
    }
  }
}
