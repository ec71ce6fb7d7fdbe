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
  /// The `present` steps of its start decision's place whose modal stack the user can close
  /// from the screen it presents, with how: then it shows nothing (spec 13.7, `empty-window`).
  let closablePresents: [ClosablePresent]
}

/// A `present` on a start decision's place whose modal stack the user can close (``Ending``).
struct ClosablePresent: Hashable, Sendable {
  /// The node the step is on.
  var node: Int
  /// The step's index among the node's steps.
  var step: Int
  /// How the user closes it: ``Exits/selfByAction`` (a `dismiss`), ``Exits/selfByGesture``
  /// (a swipe, or a tap outside a popover), or both.
  var exits: Exits
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
  /// The `present` steps on the start decision's place (not an external event's), each with
  /// its node, its index among the node's steps, its target and, when later elements of its
  /// sequence act on the stack it presents, the node they act from (-1 otherwise): where
  /// ``ClosablePresent``s are looked for.
  var windowPresents: [(node: Int, step: Int, target: Int, after: Int)] = []

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
    if isEntry && context == .entry {
      counted = []
    } else {
      counted = gesturesLeave ? Exits(Exits.each) : [.selfByAction, .stack]
    }
    var sources: [Int32] = []
    var targets: [Int32] = []
    var childEdges: [ChildEdge] = []
    var windowPresents: [(node: Int, step: Int, target: Int, after: Int)] = []
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
    // Helper nodes after the ends, one per `dismiss` in a sequence before other elements
    // (r3): the screen that presented its stack stands for where those act.
    var extraNodes = 0
    func helper() -> Int {
      extraNodes += 1
      return end + 6 + extraNodes
    }
    /// What one action does from `source`, acting on `place`; where the next element of
    /// its sequence acts (`nil` when it does not go on).
    func real(_ node: Int) -> Place {
      Place(
        at: at + node, pop: popAt + node, stack: stackAt + node, swipe: swipeAt + node,
        root: rootAt + node, below: belowAt + node, node: node, belowCoordinator: false)
    }
    /// `index` is the step's among the holder's steps.
    func act(
      _ step: Step, _ index: Int, from source: Int, holder: Int, on place: Place, isLast: Bool
    ) -> Place? {
      switch step.action {
      case .push(let target):
        edge(source, target)
        edge(popAt + target, place.at)
        edge(stackAt + target, place.stack)
        edge(swipeAt + target, place.swipe)
        edge(rootAt + target, place.root)
        edge(belowAt + target, place.at)
        edge(belowAt + target, place.below)
        // Pushed by the start decision, it is the coordinator's first screen there.
        if place.belowCoordinator { edge(rootAt + target, target) }
        if target < screenCount, screens[target].systemBack {
          edge(target, place.at)  // the user's back, one screen
        }
        return real(target)
      case .present(let target):
        edge(source, target)
        edge(stackAt + target, place.at)
        edge(rootAt + target, target)
        let sheet = step.modalStyle == .sheet
        if sheet { edge(swipeAt + target, place.at) }
        if place.belowCoordinator {
          // Nothing of the coordinator is below its start decision's modal stack.
          if source == holder && holder != events {
            windowPresents.append((holder, index, target, -1))
          }
          edge(stackAt + target, selfByAction)
          if sheet { edge(swipeAt + target, selfByGesture) }
        }
        return real(target)
      case .replace(let target):
        edge(source, target)
        edge(stackAt + target, place.stack)
        edge(swipeAt + target, place.swipe)
        edge(rootAt + target, target)
        return real(target)
      case .decide(let target), .alert(let target):
        edge(source, target)
        if !step.isFirstElement {
          // An element acting elsewhere than its node: the decision or alert acts there.
          edge(at + target, place.at)
          edge(popAt + target, place.pop)
          edge(stackAt + target, place.stack)
          edge(swipeAt + target, place.swipe)
          edge(rootAt + target, place.root)
          edge(belowAt + target, place.below)
        }
      case .pop:
        if isLast {
          edge(source, place.pop)
          return nil
        }
        // Onto the screen below: on the same stack, the same bottoms below it.
        return Place(
          at: place.pop, pop: place.below, stack: place.stack, swipe: place.swipe,
          root: place.root, below: place.below, node: -1, belowCoordinator: false)
      case .popToRoot:
        if isLast {
          edge(source, place.root)
          return nil
        }
        return Place(
          at: place.root, pop: place.below, stack: place.stack, swipe: place.swipe,
          root: place.root, below: place.below, node: -1, belowCoordinator: false)
      case .dismiss:
        if isLast {
          edge(source, place.stack)
          return nil
        }
        // Onto the screen that presented the stack: what its own back, swipe and dismiss
        // do is not known here, so its helper leads to that screen and to every way out
        // the coordinator has in this context (more ways, never a false trap).
        let presenter = helper()
        edge(presenter, place.stack)
        if context.onParent {
          edge(presenter, selfByAction)
          edge(presenter, belowEnd)
        }
        if context.outsideModal != nil { edge(presenter, stackEnd) }
        if context.outsideModal == .sheet { edge(presenter, swipeEnd) }
        return Place(
          at: place.stack, pop: presenter, stack: presenter, swipe: presenter, root: presenter,
          below: presenter, node: -1, belowCoordinator: false)
      case .finish:
        edge(source, finish)
      case .start(let start):
        guard let child = start.child, analysis.countsStarts(on: holder) else { break }
        let modal = start.style.modal
        if start.start.isShow {
          // (r3) In a regular width a shown child is at the root of its column's stack, which
          // shares the modal stack the split is in (spec 13.4); a compact width pushes it,
          // below.
          var seen: Set<StartContext> = []
          for shown in onScreen where place.node < 0 || state(place.node, shown) {
            let childContext = StartContext(
              onParent: false, outsideModal: shown.ownModal ?? context.outsideModal)
            guard seen.insert(childContext).inserted else { continue }
            childEdge(source, place.stack, child, childContext, .stack)
            childEdge(source, place.swipe, child, childContext, .swipe)
          }
        } else if place.belowCoordinator {
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
        // Pushed onto a screen: the modal stack they share, and the screens below it. Where
        // the screen is not known (after a back element), every way a screen is shown.
        var seen: Set<StartContext> = []
        for shown in onScreen where place.node < 0 || state(place.node, shown) {
          let childContext = StartContext(
            onParent: true, outsideModal: shown.ownModal ?? context.outsideModal)
          guard seen.insert(childContext).inserted else { continue }
          childEdge(source, place.stack, child, childContext, .stack)
          childEdge(source, place.swipe, child, childContext, .swipe)
          childEdge(source, place.below, child, childContext, .below)
        }
      default:
        break
      }
      return nil
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
      let steps = analysis.steps[node]
      let here = Place(
        at: at + node, pop: popAt + node, stack: stackAt + node, swipe: swipeAt + node,
        root: rootAt + node, below: belowAt + node, node: node,
        belowCoordinator: belowCoordinator)
      for (position, step) in steps.enumerated() where step.isFirstElement {
        var source = position >= firstEvent ? tabEventsSource : node
        // A sequence (r3): every element is taken from the same source, without the user,
        // each acting on the place the one before leads to.
        var place = here
        var index = position
        while index < steps.count {
          let element = steps[index]
          guard
            let next = act(
              element, index, from: source, holder: node, on: place,
              isLast: element.isLastElement)
          else { break }
          guard !element.isLastElement else { break }
          if case .present = element.action, windowPresents.last?.step == index,
            windowPresents.last?.node == node
          {
            // The start decision presented a stack and the elements after it show more on
            // it (r3, 13.1): the user is where they lead, and may close the stack from there.
            let after = helper()
            edge(source, after)
            windowPresents[windowPresents.count - 1].after = after
            source = after
          }
          place = next
          index += 1
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
    nodeCount = end + 7 + extraNodes
    // Room was reserved for the most edges a graph can have; the graph keeps only the room
    // they take, through the solving (a coordinator of 10,000 screens has 120,000 edges).
    self.sources = Self.fitted(sources)
    self.targets = Self.fitted(targets)
    self.childEdges = childEdges
    self.windowPresents = windowPresents
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

extension EndingGraph {
  /// Where an action acts, by the helper nodes of ``EndingGraph``: those of a node, or, for
  /// an element of a sequence after a back element (r3), of the screens it leads back to.
  fileprivate struct Place {
    var at: Int
    var pop: Int
    var stack: Int
    var swipe: Int
    var root: Int
    var below: Int
    /// The node whose helpers these are, or -1 after a back element.
    var node: Int
    /// Whether it is a start decision's place, below the coordinator.
    var belowCoordinator: Bool
  }
}

extension EndingGraph {
  /// `edges` in an array of its own size, when it was reserved a quarter larger or more.
  fileprivate static func fitted(_ edges: [Int32]) -> [Int32] {
    guard edges.capacity - edges.count > edges.count / 4 else { return edges }
    return [Int32](unsafeUninitializedCapacity: edges.count) { buffer, initialized in
      initialized = buffer.initialize(fromContentsOf: edges)
    }
  }
}

/// Solves the ``EndingGraph``s of coordinators that start each other (or of one coordinator)
/// together, backwards: each node gets the set of ends it reaches (its exits and `finish`,
/// six bits), once over the user's own paths and once with external events, a child edge
/// counting as soon as the child is known to have its exit. A start's set is its graph's
/// exits; a screen that reaches no end that counts is trapped. A child outside the group is
/// already solved: `known` gives its exits (for the user, and with events), or `nil` where it
/// was not solved in that context (then it has none).
///
/// A node is queued again only when its set grows, at most six times, so each edge is
/// followed at most six times per pass, and most once: O(nodes + steps) of the group.
enum EndingSolver {
  /// The bit of `finish` in a node's set of ends, after the exits' bits.
  private static let finishBit = UInt8(1) << UInt8(Exits.each.count)

  /// One child edge of a solved graph, with the sets of ends of its source and target: a
  /// later solution in which the child has the exit differs from this one only if the
  /// target reaches an end its source does not (``EndingSolver/changes(_:known:)``).
  struct SolvedEdge: Sendable {
    var child: Int32
    var context: UInt8
    var exit: Exits
    /// The sets of ends of its source and its target, over the user's paths.
    var ends: (source: UInt8, target: UInt8)
    /// The same with external events.
    var endsWithEvents: (source: UInt8, target: UInt8)
  }

  /// A graph's ending, and its child edges as solved.
  struct Solution: Sendable {
    var ending: Ending
    var edges: [SolvedEdge]
  }

  static func solve(
    _ graphs: [EndingGraph], known: (_ child: Int, _ context: Int) -> (Exits, Exits)?
  ) -> [Solution] {
    // Where each graph's nodes begin in the flat array of sets.
    var base: [Int] = []
    var total = 0
    for graph in graphs {
      base.append(total)
      total += graph.nodeCount
    }
    // The graphs of the group by coordinator and context (a coordinator may start itself).
    var member: [Int: Int] = [:]
    for (index, graph) in graphs.enumerated() {
      member[graph.coordinator * StartContext.allCases.count + graph.context.index] = index
    }
    // Every child edge of the group, by its index here: its source and target (at the
    // graphs' bases), exit, and the graph of the group it waits for (-1 for none) or the
    // exits of a child outside the group.
    var childSource: [Int] = []
    var childTarget: [Int] = []
    var childExit: [UInt8] = []
    var childWaitsFor: [Int] = []
    var childExits: [(user: UInt8, events: UInt8)] = []
    var eventsMatter = false
    for (index, graph) in graphs.enumerated() {
      if !graph.eventRoots.isEmpty { eventsMatter = true }
      let at = base[index]
      for edge in graph.childEdges {
        let key = Int(edge.child) * StartContext.allCases.count + Int(edge.context)
        childSource.append(at + Int(edge.source))
        childTarget.append(at + Int(edge.target))
        childExit.append(edge.exit.rawValue)
        if let other = member[key] {
          childWaitsFor.append(other)
          childExits.append((0, 0))
        } else {
          let (user, events) = known(Int(edge.child), Int(edge.context)) ?? ([], [])
          if user != events { eventsMatter = true }
          childWaitsFor.append(-1)
          childExits.append((user.rawValue, events.rawValue))
        }
      }
    }
    // Backwards over the whole group, from each edge's target to its source, at the graphs'
    // bases; a child edge's source is written as -1 - its index among the child edges.
    let reverse = Adjacency(nodes: total) { add in
      var child: Int32 = 0
      for (index, graph) in graphs.enumerated() {
        let at = Int32(truncatingIfNeeded: base[index])
        for (target, source) in zip(graph.targets, graph.sources) { add(at + target, at + source) }
        for edge in graph.childEdges {
          add(at + edge.target, -1 - child)
          child += 1
        }
      }
    }
    func spread(withEvents: Bool) -> (ends: [UInt8], exits: [UInt8]) {
      var ends = [UInt8](repeating: 0, count: total)
      // Each graph's exits so far: the ends its starts reach.
      var exits = [UInt8](repeating: 0, count: graphs.count)
      // The graph each start belongs to, or -1 for a node that is no start.
      var startOf = [Int32](repeating: -1, count: total)
      // Child edges waiting for an exit of a graph of the group: by that graph and exit.
      var waiting: [Int: [Int]] = [:]
      // First in, first out, each node queued once at a time: a node that several ends reach
      // at about the same distance is followed once with all of them.
      var pending: [Int] = []
      var next = 0
      var queued = [Bool](repeating: false, count: total)
      func enqueue(_ node: Int) {
        guard !queued[node] else { return }
        queued[node] = true
        pending.append(node)
      }
      for (index, graph) in graphs.enumerated() {
        let graphIndex = Int32(truncatingIfNeeded: index)
        if let root = graph.root { startOf[base[index] + root] = graphIndex }
        if withEvents { for root in graph.eventRoots { startOf[base[index] + root] = graphIndex } }
        for offset in 0...Exits.each.count {
          ends[base[index] + graph.endBase + offset] = 1 << UInt8(offset)
          enqueue(base[index] + graph.endBase + offset)
        }
      }
      while next < pending.count {
        let node = pending[next]
        next += 1
        queued[node] = false
        let reached = ends[node]
        for source in reverse.neighbours(of: node) {
          var from = source
          if source < 0 {
            let edge = -1 - source
            let other = childWaitsFor[edge]
            let childHas =
              other >= 0
              ? exits[other] : withEvents ? childExits[edge].events : childExits[edge].user
            guard childHas & childExit[edge] != 0 else {
              if other >= 0 {
                waiting[other * 8 + Self.position(of: childExit[edge]), default: []].append(edge)
              }
              continue
            }
            from = childSource[edge]
          }
          guard ends[from] | reached != ends[from] else { continue }
          ends[from] |= reached
          enqueue(from)
          let graph = Int(startOf[from])
          guard graph >= 0 else { continue }
          // A start reaches more: its graph has new exits, and the child edges waiting for
          // them hold now. Their targets are followed again, across them.
          let grown = ends[from] & ~exits[graph] & ~Self.finishBit
          guard grown != 0 else { continue }
          exits[graph] |= grown
          for offset in Exits.each.indices where grown & (1 << UInt8(offset)) != 0 {
            for edge in waiting.removeValue(forKey: graph * 8 + offset) ?? [] {
              enqueue(childTarget[edge])
            }
          }
        }
      }
      return (ends, exits)
    }
    let user = spread(withEvents: false)
    // Without external events anywhere, the app can do nothing the user cannot.
    let withEvents = eventsMatter ? spread(withEvents: true) : user
    return graphs.indices.map { index in
      let graph = graphs[index]
      let at = base[index]
      let counted = graph.counted.rawValue | Self.finishBit
      let fromStart = graph.root.map { user.ends[at + $0] } ?? 0
      var withEventsFromStarts = graph.root.map { withEvents.ends[at + $0] } ?? 0
      for root in graph.eventRoots { withEventsFromStarts |= withEvents.ends[at + root] }
      // From the screen a start decision presents, the user closes its stack when it reaches
      // the exits that stack leads to (the ends of the `dismiss` and swipe helpers there).
      let closing: Exits = [.selfByAction, .selfByGesture]
      let closable = graph.windowPresents.compactMap { present -> ClosablePresent? in
        var ends = user.ends[at + present.target]
        if present.after >= 0 { ends |= user.ends[at + present.after] }
        let exits = Exits(rawValue: ends).intersection(closing)
        return exits.isEmpty
          ? nil : ClosablePresent(node: present.node, step: present.step, exits: exits)
      }
      let ending = Ending(
        context: graph.context, canEnd: fromStart & counted != 0,
        canEndWithEvents: withEventsFromStarts & counted != 0,
        trapped: graph.screens.filter { user.ends[at + $0] & counted == 0 },
        exits: Exits(rawValue: fromStart & ~Self.finishBit),
        exitsWithEvents: Exits(rawValue: withEventsFromStarts & ~Self.finishBit),
        closablePresents: closable)
      let edges = graph.childEdges.map { edge in
        let source = at + Int(edge.source)
        let target = at + Int(edge.target)
        return SolvedEdge(
          child: edge.child, context: edge.context, exit: edge.exit,
          ends: (user.ends[source], user.ends[target]),
          endsWithEvents: (withEvents.ends[source], withEvents.ends[target]))
      }
      return Solution(ending: ending, edges: edges)
    }
  }

  /// Whether solving again, with the children's exits that `known` now gives, could change
  /// a solution whose child edges are `edges`: only if some edge that holds now leads to a
  /// node that reaches an end its source does not (for the user, or with events). Otherwise
  /// the sets of ends are already closed under those edges, and the solution stands.
  /// O(child edges).
  static func changes(_ edges: [SolvedEdge], known: (Int, Int) -> (Exits, Exits)?) -> Bool {
    edges.contains { edge in
      guard let (user, events) = known(Int(edge.child), Int(edge.context)) else { return false }
      if user.contains(edge.exit) && edge.ends.target & ~edge.ends.source != 0 { return true }
      return events.contains(edge.exit)
        && edge.endsWithEvents.target & ~edge.endsWithEvents.source != 0
    }
  }

  /// The position of a single exit's bit.
  private static func position(of exit: UInt8) -> Int {
    exit.trailingZeroBitCount
  }
}
