/// Finds the paths of ``testPaths(for:cover:limits:)``.
///
/// **The search.** From an entry's start, a breadth-first search over simulated states
/// (``SimState``) finds the nearest move that covers a goal not covered yet; the path takes
/// the moves that lead there and the search starts again from where it ends. When nothing
/// new is in reach (the entry finished, or the search met its state limit), a new path starts
/// from the entry's start; when a new path finds nothing either, the next entry is searched.
/// Each search stops at the first state with such a move, and looks at no more than
/// ``PathSearchLimits/statesPerSearch`` states (states are told apart by what is visible and
/// what runs, so going back and forth does not count twice): the cost is the goals times the
/// states between neighbouring goals, in practice linear in the module, and never more than
/// goals × the limit. Moves are tried in a fixed order (events, cases and buttons in file
/// order, then the user's back and swipe, then tabs, then external events), so the paths are
/// deterministic.
struct PathGenerator {
  let resolved: ResolvedModule
  let cover: PathCoverage
  let limits: PathSearchLimits

  func run() -> PathSet {
    let graph = resolved.graph
    let module = graph.module
    let tables = SimTables(analysis: resolved.analysis, cover: cover)
    var goals = tables.goals
    var covered = [Bool](repeating: false, count: goals.count)
    var paths: [TestPath] = []
    var stepCount = 0
    var limitsReached: Set<String> = []

    func mark(_ touched: [Int], path: Int, step: Int) -> [Int] {
      var new: [Int] = []
      for goal in touched where !covered[goal] {
        covered[goal] = true
        goals[goal].coveredAt = (path, step)
        new.append(goal)
      }
      return new
    }

    for entry in entries(module) {
      while stepCount < limits.totalSteps {
        var state = SimState(tables: tables, limits: limits)
        state.startEntry(entry)
        let pathIndex = paths.count
        let startTouched = mark(state.touched, path: pathIndex, step: -1)
        var path = TestPath(
          entry: module.coordinators[entry].name.text, entryIndex: entry,
          start: visible(state), startEffects: state.effects)
        state.effects = []
        state.touched = []
        var searchCapped = false
        while stepCount < limits.totalSteps {
          let (plan, capped) = search(from: state, covered: covered)
          if capped { searchCapped = true }
          guard let plan else { break }
          for move in plan {
            let trigger = self.trigger(of: move, in: state)
            apply(move, to: &state)
            let new = mark(state.touched, path: pathIndex, step: path.steps.count)
            path.steps.append(
              PathStep(
                trigger: trigger.trigger, range: trigger.range, effects: state.effects,
                covers: new, after: visible(state)))
            state.effects = []
            state.touched = []
            stepCount += 1
          }
        }
        if searchCapped {
          limitsReached.insert(
            "a search for the next goal looked at \(limits.statesPerSearch) states")
        }
        if path.steps.isEmpty && startTouched.isEmpty { break }
        paths.append(path)
        if path.steps.isEmpty { break }
      }
      if stepCount >= limits.totalSteps {
        limitsReached.insert("the paths took \(limits.totalSteps) steps")
        break
      }
    }
    let lowerBound = goals.indices.filter { covered[$0] && goals[$0].needsOwnStep }.count
    let coveringStartGoals =
      cover == .screens ? goals.filter { $0.coveredAt?.step == -1 }.count : 0
    paths += linkPaths(tables)
    return PathSet(
      cover: cover, paths: paths, goals: goals, stepCount: stepCount,
      lowerBound: lowerBound - coveringStartGoals, limitsReached: limitsReached.sorted())
  }

  /// The entry coordinators in file order; with none, the coordinators nobody starts.
  private func entries(_ module: FlowModule) -> [Int] {
    let firsts = module.coordinators.indices.filter { module.isFirstDefinition(coordinator: $0) }
    let marked = firsts.filter { module.coordinators[$0].isEntry }
    if !marked.isEmpty { return marked }
    var started = [Bool](repeating: false, count: module.coordinators.count)
    for parent in firsts {
      for start in resolved.analysis.coordinators[parent].reachableStarts {
        if let child = start.step.child, child != parent { started[child] = true }
      }
    }
    return firsts.filter { !started[$0] }
  }

  // MARK: Search

  /// The moves from `state` to the nearest move that covers a goal not `covered`, that move
  /// last; `nil` when none is in reach. `capped` says whether the state limit stopped it.
  private func search(from state: SimState, covered: [Bool]) -> (plan: [SimMove]?, capped: Bool) {
    struct Node {
      var state: SimState
      var parent: Int
      var move: SimMove?
    }
    guard covered.contains(false) else { return (nil, false) }
    var nodes = [Node(state: state, parent: -1, move: nil)]
    var seen: Set<[Int]> = [signature(state)]
    var head = 0
    while head < nodes.count {
      if nodes.count > limits.statesPerSearch { return (nil, true) }
      let current = nodes[head].state
      let currentIndex = head
      head += 1
      for move in moves(current) {
        var next = current
        next.effects = []
        next.touched = []
        apply(move, to: &next)
        if next.overLimit { continue }
        if next.touched.contains(where: { !covered[$0] }) {
          var plan = [move]
          var index = currentIndex
          while index > 0, let move = nodes[index].move {
            plan.append(move)
            index = nodes[index].parent
          }
          return (plan.reversed(), false)
        }
        let key = signature(next)
        guard seen.insert(key).inserted else { continue }
        nodes.append(Node(state: next, parent: currentIndex, move: move))
      }
    }
    return (nil, false)
  }

  /// What is visible and what runs, with coordinator instances numbered in the order a walk
  /// from the root meets them: two states with the same signature behave the same.
  private func signature(_ state: SimState) -> [Int] {
    var number: [Int: Int] = [:]
    var order: [Int] = []
    var work = [state.root]
    while let index = work.popLast() {
      guard number[index] == nil else { continue }
      number[index] = order.count
      order.append(index)
      work += state.coordinators[index].children.reversed()
    }
    var key: [Int] = []
    for index in order {
      let coordinator = state.coordinators[index]
      key += [
        -1, coordinator.type, coordinator.router, coordinator.base.modals,
        coordinator.base.screens, coordinator.hasShownScreen ? 1 : 0,
        coordinator.isFinished ? 1 : 0, coordinator.children.count,
        coordinator.askingChild.flatMap { number[$0] } ?? -1,
      ]
      for column in SplitColumn.allCases {
        key.append(coordinator.shownInColumn[column].flatMap { number[$0] } ?? -1)
      }
    }
    for router in state.routers {
      key.append(-2)
      for level in router.levels {
        key.append(-3 - (level.style.map { PresentationStyle.allCases.firstIndex(of: $0) ?? 0 } ?? -1))
        for screen in level.screens {
          key += [number[screen.owner] ?? -9, screen.node, screen.selectedTab]
        }
      }
      for alert in router.alerts { key += [-7, number[alert.owner] ?? -9, alert.node] }
      key.append(router.split?.level ?? -8)
    }
    if let waiting = state.waiting {
      key += [-6, number[waiting.coordinator] ?? -9, waiting.node]
    }
    return key
  }

  /// The moves possible in `state`, in a fixed order.
  func moves(_ state: SimState) -> [SimMove] {
    if let waiting = state.waiting {
      let type = state.coordinators[waiting.coordinator].type
      return state.tables.nodes[type][waiting.node].map { .answer($0) }
    }
    if let router = state.routers.indices.first(where: { !state.routers[$0].alerts.isEmpty }),
      let alert = state.routers[router].alerts.last
    {
      let type = state.coordinators[alert.owner].type
      // A button with a payload has no stub button to tap (RecordingScreens), so it is no move.
      return state.tables.nodes[type][alert.node]
        .filter { $0.transition.payload == nil }
        .map { .tap(router: router, transition: $0) }
    }
    var moves: [SimMove] = []
    var tabMoves: [SimMove] = []
    func visit(_ router: Int) {
      let current = state.routers[router]
      guard let top = current.topScreen else { return }
      if top.node < 0 {
        let tabs = state.coordinators[top.owner].children.filter {
          state.coordinators[$0].role == .tab
        }
        let count = state.coordinators[top.owner].tabTypes.count
        for index in 0..<count where index != top.selectedTab {
          tabMoves.append(.selectTab(router: router, index: index))
        }
        if tabs.indices.contains(top.selectedTab) {
          visit(state.coordinators[tabs[top.selectedTab]].router)
        } else if let tab = state.coordinators.indices.first(where: {
          state.coordinators[$0].role == .tab && state.coordinators[$0].parent == top.owner
            && state.coordinators[top.owner].tabTypes.firstIndex(of: state.coordinators[$0].type)
              == top.selectedTab
        }) {
          visit(state.coordinators[tab].router)
        }
        return
      }
      if state.handles(top.owner) {
        let type = state.coordinators[top.owner].type
        for transition in state.tables.nodes[type][top.node] {
          moves.append(.event(router: router, transition: transition))
        }
      }
      let level = current.levels[current.levels.count - 1]
      if level.screens.count >= 2, top.systemBack { moves.append(.back(router: router)) }
      if let style = level.style, style != .fullScreen, top.dismissible {
        moves.append(.swipe(router: router))
      }
      if let split = current.split, split.level == current.levels.count - 1 {
        for column in split.layout.columns.dropFirst() {
          if let columnRouter = split.columns[column] { visit(columnRouter) }
        }
      }
    }
    visit(0)
    moves += tabMoves
    var types: Set<Int> = []
    for index in state.coordinators.indices where !state.coordinators[index].isFinished {
      let type = state.coordinators[index].type
      guard !state.tables.events[type].isEmpty, types.insert(type).inserted,
        let target = state.outermost(type)
      else { continue }
      for transition in state.tables.events[type] {
        moves.append(.external(coordinator: target, transition: transition))
      }
    }
    return moves
  }

  func apply(_ move: SimMove, to state: inout SimState) {
    switch move {
    case .event(let router, let transition): state.event(transition, router: router)
    case .answer(let transition): state.answer(transition)
    case .tap(let router, let transition): state.tap(transition, router: router)
    case .external(let coordinator, let transition):
      state.external(transition, to: coordinator)
    case .back(let router): state.userBack(router: router)
    case .swipe(let router): state.userSwipe(router: router)
    case .selectTab(let router, let index): state.selectTab(router: router, tab: index)
    }
  }

  /// The trigger of `move` in `state` (before it is applied), and where it is written.
  func trigger(of move: SimMove, in state: SimState) -> (trigger: PathTrigger, range: SourceRange?)
  {
    let module = state.module
    switch move {
    case .event(let router, let transition):
      let screen = state.routers[router].topScreen ?? SimScreen(owner: 0, node: 0)
      return (
        .event(
          screen: state.node(screen.owner, screen.node), event: transition.transition.name.text,
          payload: transition.transition.payload, router: state.routers[router].id),
        transition.transition.name.range
      )
    case .answer(let transition):
      let waiting = state.waiting ?? SimWaiting(
        coordinator: 0, node: 0, navigations: 0, top: SimPosition(modals: 0, screens: 0))
      return (
        .answer(
          decision: state.node(waiting.coordinator, waiting.node),
          case: transition.transition.name.text, payload: transition.transition.payload),
        transition.transition.name.range
      )
    case .tap(let router, let transition):
      let alert = state.routers[router].alerts.last
      return (
        .tap(
          alert: state.node(alert?.owner ?? 0, alert?.node ?? 0),
          button: transition.transition.name.text, payload: transition.transition.payload,
          router: state.routers[router].id),
        transition.transition.name.range
      )
    case .external(let coordinator, let transition):
      return (
        .externalEvent(
          coordinator: state.name(coordinator), event: transition.transition.name.text,
          payload: transition.transition.payload),
        transition.transition.name.range
      )
    case .back(let router), .swipe(let router):
      let screen = state.routers[router].topScreen ?? SimScreen(owner: 0, node: 0)
      let node = state.node(screen.owner, screen.node)
      let type = state.coordinators[screen.owner].type
      let range =
        screen.node < module.coordinators[type].screens.count
        ? module.coordinators[type].screens[screen.node].name.range : nil
      if case .back = move {
        return (.back(screen: node, router: state.routers[router].id), range)
      }
      return (.swipeDown(screen: node, router: state.routers[router].id), range)
    case .selectTab(let router, let index):
      let screen = state.routers[router].topScreen ?? SimScreen(owner: 0, node: -1)
      let type = state.coordinators[screen.owner].type
      let tabs = module.coordinators[type].tabs
      let child = tabs.indices.contains(index) ? tabs[index].child.coordinator.text : ""
      return (
        .selectTab(
          coordinator: module.coordinators[type].name.text, index: index, child: child,
          router: state.routers[router].id),
        tabs.indices.contains(index) ? tabs[index].range : nil
      )
    }
  }

  /// What is visible in `state`: the root router, every tab stack made, and the later
  /// columns of the splits the routers show now.
  func visible(_ state: SimState) -> PathState {
    var routers: [PathRouter] = []
    var columnRouters: Set<Int> = []
    for router in state.routers {
      if let split = router.split { columnRouters.formUnion(split.columns.values) }
    }
    for (index, router) in state.routers.enumerated() {
      let isColumn: Bool
      if case .column? = router.id.hops.last { isColumn = true } else { isColumn = false }
      if isColumn && !columnRouters.contains(index) { continue }
      routers.append(
        PathRouter(
          id: router.id,
          stacks: router.levels.map { level in
            PathStack(
              style: level.style,
              screens: level.screens.map { screen in
                screen.node < 0
                  ? PathScreen(
                    node: PathNode(coordinator: state.name(screen.owner), name: "tabs"),
                    isTabContainer: true, selectedTab: screen.selectedTab)
                  : PathScreen(
                    node: state.node(screen.owner, screen.node), systemBack: screen.systemBack,
                    dismissible: screen.dismissible)
              })
          },
          alerts: router.alerts.map { state.node($0.owner, $0.node) }))
    }
    var running: [PathRunning] = []
    func walk(_ index: Int, depth: Int) {
      guard !state.coordinators[index].isFinished else { return }
      running.append(PathRunning(coordinator: state.name(index), depth: depth))
      for child in state.coordinators[index].children { walk(child, depth: depth + 1) }
    }
    walk(state.root, depth: 0)
    return PathState(
      routers: routers,
      waitingDecision: state.waiting.map { state.node($0.coordinator, $0.node) },
      running: running)
  }

  // MARK: Deep links

  /// One path per link with a route: the route's steps, taken one by one.
  private func linkPaths(_ tables: SimTables) -> [TestPath] {
    let module = tables.graph.module
    var paths: [TestPath] = []
    for (index, link) in module.links.enumerated() {
      guard let route = resolved.links.route(ofLink: index) else { continue }
      var state = SimState(tables: tables, limits: limits)
      state.startEntry(route.entry)
      var path = TestPath(
        entry: module.coordinators[route.entry].name.text, entryIndex: route.entry,
        link: PathLink(
          name: link.name.text, url: link.url?.text ?? "", index: index, range: link.name.range),
        start: visible(state), startEffects: state.effects)
      state.effects = []
      state.touched = []
      var complete = true
      for step in route.steps {
        guard let move = linkMove(step, in: state) else {
          complete = false
          break
        }
        let trigger = self.trigger(of: move, in: state)
        apply(move, to: &state)
        path.steps.append(
          PathStep(
            trigger: trigger.trigger, range: trigger.range, effects: state.effects,
            after: visible(state)))
        state.effects = []
        state.touched = []
      }
      if complete { paths.append(path) }
    }
    return paths
  }

  /// The move that takes route step `step` in `state`.
  private func linkMove(_ step: LinkStep, in state: SimState) -> SimMove? {
    func transition(_ found: Step) -> SimTransition? {
      guard let from = step.from else { return nil }
      return state.tables.nodes[step.coordinator][from].first { transition in
        transition.steps.contains { $0 === found }
      }
    }
    func router(showing node: Int?) -> Int? {
      state.routers.indices.first { index in
        guard let top = state.routers[index].topScreen,
          !state.coordinators[top.owner].isFinished,
          state.coordinators[top.owner].type == step.coordinator
        else { return false }
        return node.map { top.node == $0 } ?? (top.node < 0)
      }
    }
    switch step.kind {
    case .event(let found):
      guard let transition = transition(found), let router = router(showing: step.from) else {
        return nil
      }
      return .event(router: router, transition: transition)
    case .decisionCase(let found):
      guard let transition = transition(found) else { return nil }
      return .answer(transition)
    case .button(let found):
      guard let transition = transition(found),
        let router = state.routers.indices.first(where: { !state.routers[$0].alerts.isEmpty })
      else { return nil }
      return .tap(router: router, transition: transition)
    case .selectTab(let index, _):
      guard let router = router(showing: nil) else { return nil }
      return .selectTab(router: router, index: index)
    case .externalEvent(let found):
      guard let target = state.outermost(step.coordinator),
        let transition = state.tables.events[step.coordinator].first(where: { transition in
          transition.steps.contains { $0 === found }
        })
      else { return nil }
      return .external(coordinator: target, transition: transition)
    }
  }
}
