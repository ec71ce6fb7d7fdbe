/// For each coordinator, the tab coordinators that can be the nearest one around it while it
/// runs (spec section 7, `select: C`): a tab coordinator is its own; another coordinator runs
/// in the nearest tab coordinator of whichever coordinator started it, so its set is the union
/// of its starters' sets, over every reachable start and tab.
///
/// Worked out by propagation along the starts from the tab coordinators. A set holds at
/// most ``bound`` coordinators; one that would hold more is *unbounded* and judged by no
/// check, so each coordinator changes at most `bound + 1` times and the whole is
/// O(bound² × (coordinators + starts)): linear in the module.
struct NearestTabCoordinators: Sendable {
  /// The most tab coordinators a set holds.
  static let bound = 8

  /// The possible nearest tab coordinators of each coordinator, as module indices in module
  /// order; empty for one that runs in no tab coordinator.
  let sets: [[Int]]
  /// Whether a coordinator can run in more than ``bound`` nearest tab coordinators.
  let isUnbounded: [Bool]
  /// Whether a coordinator is started at all: it is an entry, or a reachable start or a tab
  /// starts it.
  let isStarted: [Bool]

  init(_ analysis: ModuleAnalysis) {
    let module = analysis.graph.module
    let count = module.coordinators.count
    var children = [[Int]](repeating: [], count: count)
    var isStarted = module.coordinators.map(\.isEntry)
    let isTabs = analysis.graph.coordinators.map { graph in
      if case .tabs = graph.root { true } else { false }
    }
    for (parent, coordinator) in analysis.coordinators.enumerated()
    where module.isFirstDefinition(coordinator: parent) {
      // A broken step may have been the path to any start: every start counts then, so that
      // no way a coordinator may be started is missed.
      let starts =
        coordinator.hasUnresolvedStep ? coordinator.allStarts : coordinator.reachableStarts
      for start in starts {
        guard let child = start.step.child else { continue }
        children[parent].append(child)
        isStarted[child] = true
      }
    }
    var sets = [[Int]](repeating: [], count: count)
    var isUnbounded = [Bool](repeating: false, count: count)
    var pending: [Int] = []
    for index in 0..<count where isTabs[index] {
      sets[index] = [index]
      pending.append(index)
    }
    while let parent = pending.popLast() {
      for child in children[parent] where !isTabs[child] && !isUnbounded[child] {
        var changed = isUnbounded[parent]
        if changed {
          isUnbounded[child] = true
        } else {
          for tabs in sets[parent] where !sets[child].contains(tabs) {
            changed = true
            guard sets[child].count < Self.bound else {
              isUnbounded[child] = true
              break
            }
            sets[child].append(tabs)
          }
        }
        if changed { pending.append(child) }
      }
    }
    self.sets = sets.map { $0.sorted() }
    self.isUnbounded = isUnbounded
    self.isStarted = isStarted
  }
}
