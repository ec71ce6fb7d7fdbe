/// Where the user can end a coordinator in one way it is started (spec section 8, r2):
/// reach a `finish`, or leave it, by the paths of section 8 with the user's own back and
/// swipe added.
///
/// A coordinator is left when a `pop`, `dismiss`, back or swipe removes its bottom screen
/// with the rest of its screens: a back on the bottom of a push-style child, a dismiss or
/// a sheet's swipe in a modal stack presented from outside it, and a dismiss of a modal
/// stack its start decision presented (it shows nothing below).
struct Ending: Sendable {
  /// The way it is started.
  let context: StartContext
  /// Whether the user can end it at all from its start: a `finish` or a way to leave it.
  let canEnd: Bool
  /// Whether the user can leave it from its start (not only finish it): then a parent
  /// whose start decision starts it, showing nothing below it, is left with it.
  let canLeave: Bool
  /// The reachable screens from which it can neither finish nor be left, in file order.
  let trapped: [Int]

  /// Solves one coordinator in one context, backwards from the ends, over the real nodes
  /// and six helper nodes per node, so that a `pop`, `popToRoot` or `dismiss` goes through
  /// one helper instead of edges to every screen it may reach: `at(x)`
  /// (on the screen `x` acts on), `popAt(x)` (a back from it), `stackAt(x)` (the modal
  /// stacks it is in), `swipeAt(x)` (the sheets it is in), `rootAt(x)` (the bottom
  /// screens of the coordinator below it, where a `popToRoot` goes) and `belowAt(x)` (every
  /// screen below it on its stack, where the back button's long-press menu goes, past
  /// screens whose own back is off), then one node for the end.
  /// O(nodes + steps).
  ///
  /// `gesturesLeave` is false for a coordinator without `leave` under
  /// `children: removed-on-finish`: there the user's own back and swipe go back within it
  /// but do not count as leaving it. `leftWithChild` are start decisions (and decisions
  /// decided there) that start a child the user can leave: the coordinator, which shows
  /// nothing below it, is left with it.
  init(
    _ analysis: CoordinatorAnalysis, screens: [Screen], context: StartContext,
    gesturesLeave: Bool, leftWithChild: [Int] = [], state: (Int, ShowState) -> Bool
  ) {
    self.context = context
    let count = analysis.tabsNode + 1
    let screenCount = min(analysis.graph.screenCount, screens.count)
    let at = count
    let popAt = 2 * count
    let stackAt = 3 * count
    let swipeAt = 4 * count
    let rootAt = 5 * count
    let belowAt = 6 * count
    let end = 7 * count
    var sources: [Int32] = []
    var targets: [Int32] = []
    sources.reserveCapacity(5 * count + 7 * analysis.stepCount)
    targets.reserveCapacity(5 * count + 7 * analysis.stepCount)
    func edge(_ from: Int, _ to: Int) {
      sources.append(Int32(truncatingIfNeeded: from))
      targets.append(Int32(truncatingIfNeeded: to))
    }
    let reachable = analysis.reachable
    // The nodes that finish: seeds of the second pass, after the one that finds who can
    // leave.
    var finishing: [Int] = []
    for node in leftWithChild where reachable[node] { edge(node, end) }
    for node in 0..<count where reachable[node] {
      let isScreen = node < screenCount
      if isScreen || node == count - 1 { edge(at + node, node) }
      for decider in analysis.deciders[node] {
        edge(at + node, at + decider)
        edge(popAt + node, popAt + decider)
        edge(stackAt + node, stackAt + decider)
        edge(swipeAt + node, swipeAt + decider)
        edge(rootAt + node, rootAt + decider)
        edge(belowAt + node, belowAt + decider)
      }
      let belowCoordinator = !isScreen && state(node, .belowCoordinator)
      for step in analysis.steps[node] {
        switch step.action {
        case .push(let target):
          edge(node, target)
          edge(popAt + target, at + node)
          edge(stackAt + target, stackAt + node)
          edge(swipeAt + target, swipeAt + node)
          edge(rootAt + target, rootAt + node)
          edge(belowAt + target, at + node)
          edge(belowAt + target, belowAt + node)
          // Pushed by the start decision, it is the coordinator's first screen there.
          if belowCoordinator { edge(rootAt + target, target) }
          if !gesturesLeave, target < screenCount, screens[target].systemBack {
            edge(target, at + node)  // the user's back within the coordinator only
          }
        case .present(let target):
          edge(node, target)
          edge(stackAt + target, at + node)
          edge(rootAt + target, target)
          let sheet = step.modalStyle == .sheet
          if sheet { edge(swipeAt + target, at + node) }
          if belowCoordinator {
            // Nothing of the coordinator is below its start decision's modal stack.
            edge(stackAt + target, end)
            if sheet && gesturesLeave { edge(swipeAt + target, end) }
          }
        case .replace(let target):
          edge(node, target)
          edge(stackAt + target, stackAt + node)
          edge(swipeAt + target, swipeAt + node)
          edge(rootAt + target, target)
        case .decide(let target), .alert(let target):
          edge(node, target)
        case .pop:
          edge(node, popAt + node)
        case .popToRoot:
          edge(node, rootAt + node)
        case .dismiss:
          edge(node, stackAt + node)
        case .finish:
          finishing.append(node)
        default:
          break
        }
      }
      guard isScreen else { continue }
      if gesturesLeave && screens[node].systemBack {
        edge(node, popAt + node)
        edge(node, belowAt + node)  // the long-press menu, to any screen below at once
      }
      if screens[node].dismissible { edge(node, swipeAt + node) }
      if state(node, .bottom(ownModal: nil)) {
        if context.onParent {
          edge(popAt + node, end)
          edge(belowAt + node, end)
        }
        if context.outsideModal != nil { edge(stackAt + node, end) }
        if context.outsideModal == .sheet && gesturesLeave { edge(swipeAt + node, end) }
      }
    }
    if case .node(let first) = analysis.graph.root, first < screenCount {
      edge(rootAt + first, first)  // the first screen is a bottom of the coordinator
    }
    let reverse = Adjacency(nodes: end + 1, from: targets, to: sources)
    var ends = [Bool](repeating: false, count: end + 1)
    func spread(from seeds: [Int]) {
      var pending: [Int] = []
      for seed in seeds where !ends[seed] {
        ends[seed] = true
        pending.append(seed)
      }
      while let node = pending.popLast() {
        for source in reverse.neighbours(of: node) where !ends[source] {
          ends[source] = true
          pending.append(source)
        }
      }
    }
    let root: Int? =
      switch analysis.graph.root {
      case .node(let node): node
      case .tabs: count - 1
      case .unresolved: nil
      }
    spread(from: [end])
    canLeave = root.map { ends[$0] } ?? false
    spread(from: finishing)
    canEnd = root.map { ends[$0] } ?? false
    trapped = (0..<screenCount).filter { reachable[$0] && !ends[$0] }
  }
}
