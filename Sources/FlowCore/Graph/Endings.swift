/// The ways a coordinator's screens can all be taken from view in one way it is started
/// (spec section 8, "Leaving"), by what shows afterwards: a parent reads its child's to know
/// where leaving through the child takes it. Each is also a way the coordinator itself is
/// left.
struct Exits: OptionSet, Hashable, Sendable {
  let rawValue: UInt8

  /// An action removes them and what was below its start shows again: a `pop` on the bottom
  /// of a push-style child, a `dismiss` of a modal stack its start decision presented.
  static let selfByAction = Exits(rawValue: 1 << 0)
  /// The same by the user's own back or swipe.
  static let selfByGesture = Exits(rawValue: 1 << 1)
  /// A `dismiss` closes the modal stack it was started in, presented from outside it.
  static let stack = Exits(rawValue: 1 << 2)
  /// The user's swipe closes that stack, a sheet.
  static let swipe = Exits(rawValue: 1 << 3)
  /// The back button's long-press menu goes below the place it was started on.
  static let below = Exits(rawValue: 1 << 4)

  /// Each exit, in the order of the end nodes of ``EndingGraph``.
  static let each: [Exits] = [.selfByAction, .selfByGesture, .stack, .swipe, .below]
  /// The exits the user's own gestures take.
  static let gestures: Exits = [.selfByGesture, .swipe, .below]
}

/// Where the user can end a coordinator in one way it is started (spec section 8, r2):
/// reach a `finish`, or leave it, by the paths of section 8 with the user's own back and
/// swipe added, and through the children it starts.
///
/// A coordinator is left when a `pop`, `dismiss`, back or swipe removes its bottom screen
/// with the rest of its screens: a back on the bottom of a push-style child, a dismiss or a
/// sheet's swipe in a modal stack presented from outside it, a dismiss of a modal stack its
/// start decision presented (it shows nothing below); and when a child is left in a way that
/// takes all of its screens too (a sheet swiped away with a push-style child on top, a child
/// its start decision started). An entry started as one is never left.
struct Ending: Sendable {
  /// The way it is started.
  let context: StartContext
  /// Whether the user can end it at all from its start, by their own doing: a `finish` or a
  /// way to leave it, not through external events (for `cannot-finish`).
  let canEnd: Bool
  /// Whether it can end at all from its start, external events counted: the app may send
  /// one whose action finishes it or leads to a way out (for `never-finishes`).
  let canEndWithEvents: Bool
  /// The reachable screens from which it can neither finish nor be left, in file order.
  let trapped: [Int]
  /// How the user can take all its screens from view from its start, whether or not that
  /// counts as leaving it (under `children: removed-on-finish` a gesture does not).
  let exits: Exits
  /// The same with external events, its own and its children's, counted.
  let exitsWithEvents: Exits
}

/// The graph of where the user can go in one coordinator started in one way, solved by
/// ``EndingSolver``: the real nodes and six helper nodes per node, so that a `pop`,
/// `popToRoot` or `dismiss` goes through one helper instead of edges to every screen it may
/// reach: `at(x)` (on the screen `x` acts on), `popAt(x)` (an action's `pop` from it),
/// `stackAt(x)` (the modal stacks it is in), `swipeAt(x)` (the sheets it is in), `rootAt(x)`
/// (the bottom screens of the coordinator below it, where a `popToRoot` goes) and
/// `belowAt(x)` (every screen below it on its stack, where the back button's long-press
/// menu goes, past screens whose own back is off); then one node per exit (``Exits/each``)
/// and one for a `finish`. The external events' node of a coordinator without tabs
/// (``CoordinatorAnalysis/hasEventsNode``) is one more node: what acts on it acts on whichever
/// reachable screen is on top, so its helpers lead to those of every such screen; no screen
/// leads to it, since the user cannot send an event. A tab coordinator's events act on the
/// tab container, but leave from one node more, after the ends, for the same reason.
///
/// A child's exits lead on in its parent: from the screen that started a push-style child,
/// its swipe or `dismiss` of the stack they share is one of the screen's, and its long-press
/// goes below that screen; a child that the start decision started takes the coordinator's
/// screens, which are none, with it. Those edges hold only where the child has the exit: they
/// are ``ChildEdge``s, which the solver follows once it knows.
///
/// O(nodes + steps).
struct EndingGraph {
  /// An edge that holds when a child started in `context` has `exit`.
  struct ChildEdge {
    var source: Int32
    var target: Int32
    var child: Int32
    var context: UInt8
    var exit: Exits
  }

  let coordinator: Int
  let context: StartContext
  /// How many nodes the graph has.
  let nodeCount: Int
  /// The first end node: one per exit of ``Exits/each``, then the `finish` node.
  let endBase: Int
  var finish: Int { endBase + Exits.each.count }
  /// The exits that count as leaving the coordinator itself (none for an entry, which is never
  /// left; without the gestures', under `children: removed-on-finish` without `leave`).
  let counted: Exits
  /// Where the user starts: the start node, or the tab container.
  let root: Int?
  /// Where the app's external events start, besides the root.
  let eventRoots: [Int]
  /// The reachable screens, whose trapped ones are reported.
  let screens: [Int]
  /// The plain edges, as two parallel arrays.
  var sources: [Int32] = []
  var targets: [Int32] = []
  /// The child edges, in the order of their sources.
  var childEdges: [ChildEdge] = []

  /// The graph of the coordinator of `analysis` started in `context`. `gesturesLeave` is
  /// false for a coordinator without `leave` under `children: removed-on-finish`: there the
  /// user's own back and swipe go back within it but do not count as leaving it, and the
  /// long-press is not followed. `state` tells how a node can be shown.
  init(
    _ analysis: CoordinatorAnalysis, screens: [Screen], context: StartContext,
    gesturesLeave: Bool, isEntry: Bool, state: (Int, ShowState) -> Bool
  ) {
    coordinator = analysis.graph.index
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
    let selfByAction = end
    let selfByGesture = end + 1
    let stackEnd = end + 2
    let swipeEnd = end + 3
    let belowEnd = end + 4
    let finish = end + 5
    endBase = end
    // The tab container's steps end with the external events' (CoordinatorAnalysis).
    let tabEventsSource = end + 6
    nodeCount = end + 7
    if isEntry && context == .entry {
      counted = []
    } else {
      counted = gesturesLeave ? Exits(Exits.each) : [.selfByAction, .stack]
    }
    var sources: [Int32] = []
    var targets: [Int32] = []
    var childEdges: [ChildEdge] = []
    sources.reserveCapacity(5 * count + 7 * analysis.stepCount)
    targets.reserveCapacity(5 * count + 7 * analysis.stepCount)
    func edge(_ from: Int, _ to: Int) {
      sources.append(Int32(truncatingIfNeeded: from))
      targets.append(Int32(truncatingIfNeeded: to))
    }
    func childEdge(_ from: Int, _ to: Int, _ child: Int, _ context: StartContext, _ exit: Exits) {
      childEdges.append(
        ChildEdge(
          source: Int32(truncatingIfNeeded: from), target: Int32(truncatingIfNeeded: to),
          child: Int32(truncatingIfNeeded: child), context: UInt8(context.index), exit: exit))
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
    let events = analysis.hasEventsNode ? count - 1 : nil
    var tabEvents = (node: -1, first: Int.max)
    if case .tabs = analysis.graph.root, !analysis.graph.eventSteps.isEmpty {
      let container = count - 1
      tabEvents = (container, analysis.steps[container].count - analysis.graph.eventSteps.count)
    }
    // The ways a screen can be shown that have a stack below (not a start decision's place,
    // not the tab container).
    let onScreen = ShowState.allCases.filter { $0 != .belowCoordinator && $0 != .tabContainer }
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
          if target < screenCount, screens[target].systemBack {
            edge(target, at + node)  // the user's back, one screen
          }
        case .present(let target):
          edge(source, target)
          edge(stackAt + target, at + node)
          edge(rootAt + target, target)
          let sheet = step.modalStyle == .sheet
          if sheet { edge(swipeAt + target, at + node) }
          if belowCoordinator {
            // Nothing of the coordinator is below its start decision's modal stack.
            edge(stackAt + target, selfByAction)
            if sheet { edge(swipeAt + target, selfByGesture) }
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
          edge(source, finish)
        case .start(let start):
          guard let child = start.child, analysis.countsStarts(on: node) else { break }
          let modal = start.style.modal
          if belowCoordinator {
            // The start decision shows nothing below the child: its exits are this
            // coordinator's, a dismiss or swipe of a modal stack it presented for it
            // included.
            let childContext = modal.map { StartContext(onParent: false, outsideModal: $0) }
            let ends: [(Exits, Int)] =
              modal == nil
              ? [
                (.selfByAction, selfByAction), (.selfByGesture, selfByGesture), (.stack, stackEnd),
                (.swipe, swipeEnd), (.below, belowEnd),
              ]
              : [
                (.selfByAction, selfByAction), (.selfByGesture, selfByGesture),
                (.stack, selfByAction), (.swipe, selfByGesture),
              ]
            for (exit, target) in ends {
              childEdge(source, target, child, childContext ?? context, exit)
            }
          }
          guard modal == nil else { break }
          // Pushed onto a screen: the modal stack they share, and the screens below it.
          var seen: Set<StartContext> = []
          for shown in onScreen where state(node, shown) {
            let childContext = StartContext(
              onParent: true, outsideModal: shown.ownModal ?? context.outsideModal)
            guard seen.insert(childContext).inserted else { continue }
            childEdge(source, stackAt + node, child, childContext, .stack)
            childEdge(source, swipeAt + node, child, childContext, .swipe)
            childEdge(source, belowAt + node, child, childContext, .below)
          }
        default:
          break
        }
      }
      guard isScreen else { continue }
      if gesturesLeave && screens[node].systemBack {
        edge(node, belowAt + node)  // the long-press menu, to any screen below at once
      }
      if screens[node].dismissible { edge(node, swipeAt + node) }
      if state(node, .bottom(ownModal: nil)) {
        if context.onParent {
          edge(popAt + node, selfByAction)
          edge(belowAt + node, belowEnd)
          if screens[node].systemBack { edge(node, selfByGesture) }
        }
        if context.outsideModal != nil { edge(stackAt + node, stackEnd) }
        if context.outsideModal == .sheet { edge(swipeAt + node, swipeEnd) }
      }
    }
    if case .tabs(let tabs) = analysis.graph.root, reachable[count - 1] {
      // A tab shares the modal stack the tab coordinator is in: closing it closes them all.
      let tabContext = StartContext(onParent: false, outsideModal: context.outsideModal)
      for tab in tabs {
        guard let child = tab.start.child else { continue }
        childEdge(count - 1, stackEnd, child, tabContext, .stack)
        childEdge(count - 1, swipeEnd, child, tabContext, .swipe)
      }
    }
    if case .node(let first) = analysis.graph.root, first < screenCount {
      edge(rootAt + first, first)  // the first screen is a bottom of the coordinator
    }
    self.sources = sources
    self.targets = targets
    self.childEdges = childEdges
    root =
      switch analysis.graph.root {
      case .node(let node): node
      case .tabs: count - 1
      case .unresolved: nil
      }
    var eventRoots: [Int] = []
    if let events, reachable[events] { eventRoots.append(events) }
    if tabEvents.node >= 0, reachable[tabEvents.node] { eventRoots.append(tabEventsSource) }
    self.eventRoots = eventRoots
    self.screens = (0..<screenCount).filter { reachable[$0] }
  }
}

/// Solves the ``EndingGraph``s of coordinators that start each other (or of one coordinator)
/// together: forward from each start, once for the user's own doing and once with external
/// events, following a child edge as soon as the child is known to have its exit; then
/// backwards from the ends, for the screens that reach none. A child outside the group is
/// already solved: `known` gives its exits (for the user, and with events), or `nil` where
/// it was not solved in that context.
///
/// Each node and child edge is followed once per pass: O(nodes + steps) of the group.
enum EndingSolver {
  static func solve(
    _ graphs: [EndingGraph], known: (_ child: Int, _ context: Int) -> (Exits, Exits)?
  ) -> [Ending] {
    // The graphs of the group by coordinator and context, for children inside it.
    var member: [Int: Int] = [:]
    for (index, graph) in graphs.enumerated() {
      member[graph.coordinator * StartContext.allCases.count + graph.context.index] = index
    }
    let forward = graphs.map { Adjacency(nodes: $0.nodeCount, from: $0.sources, to: $0.targets) }
    let childSources = graphs.map { graph in
      Adjacency(
        nodes: graph.nodeCount, from: graph.childEdges.map(\.source),
        to: graph.childEdges.indices.map { Int32(truncatingIfNeeded: $0) })
    }
    func reach(withEvents: Bool) -> (marks: [[Bool]], exits: [Exits]) {
      var marks = graphs.map { [Bool](repeating: false, count: $0.nodeCount) }
      var exits = [Exits](repeating: [], count: graphs.count)
      // Child edges waiting for an exit of a graph of the group: by graph and exit.
      var waiting: [Int: [(graph: Int, target: Int)]] = [:]
      var pending: [(graph: Int, node: Int)] = []
      func mark(_ graph: Int, _ node: Int) {
        guard !marks[graph][node] else { return }
        marks[graph][node] = true
        pending.append((graph, node))
      }
      for (index, graph) in graphs.enumerated() {
        if let root = graph.root { mark(index, root) }
        if withEvents { for root in graph.eventRoots { mark(index, root) } }
      }
      while let (index, node) = pending.popLast() {
        let graph = graphs[index]
        for target in forward[index].neighbours(of: node) { mark(index, target) }
        for position in childSources[index].neighbours(of: node) {
          let edge = graph.childEdges[position]
          let key = Int(edge.child) * StartContext.allCases.count + Int(edge.context)
          if let other = member[key] {
            if exits[other].contains(edge.exit) {
              mark(index, Int(edge.target))
            } else {
              waiting[other * 8 + Self.position(of: edge.exit), default: []].append(
                (index, Int(edge.target)))
            }
          } else if let (user, events) = known(Int(edge.child), Int(edge.context)),
            (withEvents ? events : user).contains(edge.exit)
          {
            mark(index, Int(edge.target))
          }
        }
        let exitIndex = node - graph.endBase
        if exitIndex >= 0 && exitIndex < Exits.each.count {
          exits[index].insert(Exits.each[exitIndex])
          for (other, target) in waiting.removeValue(forKey: index * 8 + exitIndex) ?? [] {
            mark(other, target)
          }
        }
      }
      return (marks, exits)
    }
    let user = reach(withEvents: false)
    let withEvents = reach(withEvents: true)
    return graphs.indices.map { index in
      let graph = graphs[index]
      // Backwards from the ends that count, over the edges that hold, for the trapped
      // screens.
      var from = graph.targets
      var to = graph.sources
      for edge in graph.childEdges {
        let key = Int(edge.child) * StartContext.allCases.count + Int(edge.context)
        let holds: Bool
        if let other = member[key] {
          holds = user.exits[other].contains(edge.exit)
        } else {
          holds = known(Int(edge.child), Int(edge.context))?.0.contains(edge.exit) ?? false
        }
        if holds {
          from.append(edge.target)
          to.append(edge.source)
        }
      }
      let reverse = Adjacency(nodes: graph.nodeCount, from: from, to: to)
      var ends = [Bool](repeating: false, count: graph.nodeCount)
      var pending: [Int] = [graph.finish]
      ends[graph.finish] = true
      for (offset, exit) in Exits.each.enumerated() where graph.counted.contains(exit) {
        ends[graph.endBase + offset] = true
        pending.append(graph.endBase + offset)
      }
      while let node = pending.popLast() {
        for source in reverse.neighbours(of: node) where !ends[source] {
          ends[source] = true
          pending.append(source)
        }
      }
      let canLeave = !user.exits[index].isDisjoint(with: graph.counted)
      let canEnd = canLeave || user.marks[index][graph.finish]
      return Ending(
        context: graph.context, canEnd: canEnd,
        canEndWithEvents: canEnd || !withEvents.exits[index].isDisjoint(with: graph.counted)
          || withEvents.marks[index][graph.finish],
        trapped: graph.screens.filter { !ends[$0] }, exits: user.exits[index],
        exitsWithEvents: withEvents.exits[index])
    }
  }

  /// The position of a single exit in ``Exits/each``.
  private static func position(of exit: Exits) -> Int {
    Exits.each.firstIndex(of: exit) ?? 0
  }
}
