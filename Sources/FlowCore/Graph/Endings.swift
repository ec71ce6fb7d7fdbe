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
  /// Whether the user can end it at all from its start, by their own doing: a `finish` or a
  /// way to leave it, not through external events (for `cannot-finish`).
  let canEnd: Bool
  /// Whether it can end at all from its start, external events counted: the app may send
  /// one whose action finishes it or leads to a way out (for `never-finishes`).
  let canEndWithEvents: Bool
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
  /// screens whose own back is off), then one node for the end. The external events' node
  /// of a coordinator without tabs (``CoordinatorAnalysis/hasEventsNode``) is one more
  /// node: what acts on it acts on whichever reachable screen is on top, so its helpers lead
  /// to those of every such
  /// screen; no screen leads to it, since the user cannot send an event. A tab coordinator's
  /// events act on the tab container, but leave from one node more, after the end, for the
  /// same reason.
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
    /// What a back action in `node` does is what it does in `other`: a decision or an alert
    /// acts on the node it was decided or shown from, an event on the screen on top.
    func backs(of node: Int, asOf other: Int) {
      edge(popAt + node, popAt + other)
      edge(stackAt + node, stackAt + other)
      edge(swipeAt + node, swipeAt + other)
      edge(rootAt + node, rootAt + other)
      edge(belowAt + node, belowAt + other)
    }
    let reachable = analysis.reachable
    // The nodes that finish: seeds of the second pass, after the one that finds who can
    // leave.
    var finishing: [Int] = []
    for node in leftWithChild where reachable[node] { edge(node, end) }
    let events = analysis.hasEventsNode ? count - 1 : nil
    // The tab container's steps end with the external events' (CoordinatorAnalysis).
    let tabEventsSource = end + 1
    var tabEvents = (node: -1, first: Int.max)
    if case .tabs = analysis.graph.root, !analysis.graph.eventSteps.isEmpty {
      let container = count - 1
      tabEvents = (container, analysis.steps[container].count - analysis.graph.eventSteps.count)
    }
    for node in 0..<count where reachable[node] {
      let isScreen = node < screenCount
      if let events, isScreen, reachable[events] {
        // An event acts on this screen when it is on top.
        edge(at + events, node)
        backs(of: events, asOf: node)
      }
      if isScreen || (node == count - 1 && events == nil) { edge(at + node, node) }
      for decider in analysis.deciders[node] {
        edge(at + node, at + decider)
        backs(of: node, asOf: decider)
      }
      let belowCoordinator = !isScreen && state(node, .belowCoordinator)
      // A tab coordinator's external events follow its tabs' handlers on the tab container:
      // they leave from a node of their own, which the user cannot take.
      let firstEvent = node == tabEvents.node ? tabEvents.first : Int.max
      for (position, step) in analysis.steps[node].enumerated() {
        let source = position >= firstEvent ? tabEventsSource : node
        switch step.action {
        case .push(let target):
          edge(source, target)
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
          edge(source, target)
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
          edge(source, target)
          edge(stackAt + target, stackAt + node)
          edge(swipeAt + target, swipeAt + node)
          edge(rootAt + target, target)
        case .decide(let target), .alert(let target):
          edge(source, target)
        case .pop:
          edge(source, popAt + node)
        case .popToRoot:
          edge(source, rootAt + node)
        case .dismiss:
          edge(source, stackAt + node)
        case .finish:
          finishing.append(source)
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
    let reverse = Adjacency(nodes: end + 2, from: targets, to: sources)
    var ends = [Bool](repeating: false, count: end + 2)
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
    // Every reachable screen, and the start decision's place, can receive an event.
    canEndWithEvents =
      canEnd || (events.map { reachable[$0] && ends[$0] } ?? false)
      || (tabEvents.node >= 0 && reachable[tabEvents.node] && ends[tabEventsSource])
    trapped = (0..<screenCount).filter { reachable[$0] && !ends[$0] }
  }
}
