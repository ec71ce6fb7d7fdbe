/// One state of the simulation (see NavigationSimulator.swift): routers, running coordinators,
/// the decision waiting for the app, and what the step being applied did. A value: the search
/// copies it to try a move.
struct SimState {
  let tables: SimTables
  var routers: [SimRouter] = []
  var coordinators: [SimCoordinator] = []
  var root = 0
  var waiting: SimWaiting?
  /// What the step being applied made happen.
  var effects: [PathEffect] = []
  /// The goals the step being applied touched.
  var touched: [Int] = []
  /// Set when a limit was passed: the state is not explored further.
  var overLimit = false
  let limits: PathSearchLimits

  var graph: FlowGraph { tables.graph }
  var module: FlowModule { tables.graph.module }

  init(tables: SimTables, limits: PathSearchLimits) {
    self.tables = tables
    self.limits = limits
  }

  func name(_ coordinator: Int) -> String {
    module.coordinators[coordinators[coordinator].type].name.text
  }

  func node(_ coordinator: Int, _ node: Int) -> PathNode {
    let type = coordinators[coordinator].type
    let model = module.coordinators[type]
    let graph = self.graph.coordinators[type]
    var shared = false
    switch graph.node(node) {
    case .screen(let index): shared = model.screens[index].copyOf != nil
    case .decision(let index): shared = model.decisions[index].copyOf != nil
    case .alert(let index): shared = model.alerts[index].copyOf != nil
    }
    return PathNode(
      coordinator: model.name.text, name: SimTables.name(of: node, in: model, graph: graph),
      isShared: shared)
  }

  // MARK: Starting an entry

  /// Starts entry coordinator `type` on a fresh root router.
  mutating func startEntry(_ type: Int) {
    routers = [SimRouter(id: .root)]
    coordinators = [SimCoordinator(type: type, router: 0)]
    root = 0
    start(0)
  }

  // MARK: Coordinators

  private mutating func start(_ index: Int) {
    let type = coordinators[index].type
    let graph = self.graph.coordinators[type]
    if coordinators.count > limits.runningCoordinators * 8 { overLimit = true }
    switch graph.root {
    case .node(let node):
      if let split = module.coordinators[type].split {
        showSplit(index, split.layout)
      }
      if graph.isScreen(node) {
        push(index, node)
      } else {
        decide(index, node)
      }
    case .tabs(let tabs):
      let router = coordinators[index].router
      var made: [Int] = []
      for _ in tabs {
        let hop = PathRouterID.Hop.tab(routers[router].tabStacksMade)
        routers[router].tabStacksMade += 1
        made.append(routers.count)
        routers.append(SimRouter(id: PathRouterID(routers[router].id.hops + [hop])))
      }
      effects.append(.showedTabs(coordinator: name(index)))
      pushScreen(index, SimScreen(owner: index, node: -1))
      coordinators[index].hasTabContainer = true
      for (offset, tab) in tabs.enumerated() {
        guard let childType = tab.start.child else { continue }
        let child = coordinators.count
        coordinators.append(
          SimCoordinator(
            type: childType, router: made[offset], handlers: tables.tabs[type][offset]))
        adopt(index, child, role: .tab)
        effects.append(
          .started(child: name(child), parent: name(index), style: .push, column: nil))
        start(child)
      }
    case .unresolved:
      break
    }
  }

  private mutating func showSplit(_ index: Int, _ layout: SplitLayout) {
    let router = coordinators[index].router
    var columns: [SplitColumn: Int] = [:]
    for column in layout.columns.dropFirst() {
      columns[column] = routers.count
      routers.append(SimRouter(id: PathRouterID(routers[router].id.hops + [.column(column)])))
    }
    let top = routers[router].levels.count - 1
    let level = routers[router].levels[top].screens.isEmpty ? top : nil
    let split = SimSplit(layout: layout, level: level, columns: columns)
    routers[router].split = split
    coordinators[index].split = split
  }

  private mutating func willNavigate(_ index: Int) {
    coordinators[index].navigations += 1
    let coordinator = coordinators[index]
    guard !coordinator.isListening,
      coordinator.parent.map({ coordinators[$0].router }) != coordinator.router
    else { return }
    coordinators[index].isListening = true
    if coordinator.role == .root { coordinators[index].base = routers[coordinator.router].top }
    routers[coordinator.router].listener = index
  }

  private mutating func adopt(_ parent: Int, _ child: Int, role: SimRole) {
    willNavigate(parent)
    coordinators[child].parent = parent
    coordinators[child].role = role
    if role == .tab { coordinators[parent].tabTypes.append(coordinators[child].type) }
    coordinators[child].base = routers[coordinators[child].router].top
    coordinators[parent].children.append(child)
  }

  private func modalStackToOpen(_ index: Int) -> PresentationStyle? {
    let coordinator = coordinators[index]
    guard !coordinator.hasShownScreen else { return nil }
    switch coordinator.role {
    case .modal(let style): return style
    case .push:
      guard let parent = coordinator.parent,
        coordinators[parent].router == coordinator.router
      else { return nil }
      return modalStackToOpen(parent)
    case .root, .tab, .column: return nil
    }
  }

  private func screen(_ index: Int, _ node: Int) -> SimScreen {
    let type = coordinators[index].type
    let model = module.coordinators[type]
    guard node < model.screens.count else { return SimScreen(owner: index, node: node) }
    let screen = model.screens[node]
    return SimScreen(
      owner: index, node: node, systemBack: screen.systemBack, dismissible: screen.dismissible)
  }

  private mutating func shown(_ screen: SimScreen) {
    guard screen.node >= 0 else { return }
    let type = coordinators[screen.owner].type
    if let goal = tables.screenGoals[type][screen.node] { touched.append(goal) }
    let router = coordinators[screen.owner].router
    if routers[router].levels[routers[router].levels.count - 1].screens.count > limits.stackDepth
      || routers[router].levels.count > limits.stackDepth
    {
      overLimit = true
    }
  }

  private mutating func push(_ index: Int, _ node: Int) {
    pushScreen(index, screen(index, node))
  }

  private mutating func pushScreen(_ index: Int, _ screen: SimScreen) {
    endAskingChild(index)
    if let style = modalStackToOpen(index) { return presentScreen(index, screen, style) }
    willNavigate(index)
    coordinators[index].hasShownScreen = true
    let router = coordinators[index].router
    routers[router].levels[routers[router].levels.count - 1].screens.append(screen)
    shown(screen)
  }

  private mutating func presentScreen(
    _ index: Int, _ screen: SimScreen, _ style: PresentationStyle
  ) {
    willNavigate(index)
    coordinators[index].hasShownScreen = true
    let router = coordinators[index].router
    routers[router].levels.append(SimLevel(style: style, screens: [screen]))
    if let split = routers[router].split, split.level == nil {
      let level = routers[router].levels.count - 1
      routers[router].split?.level = level
      syncSplit(router)
    }
    shown(screen)
  }

  /// Keeps the split the coordinator made in step with its router's (the runtime's is one
  /// object).
  private mutating func syncSplit(_ router: Int) {
    for index in coordinators.indices
    where coordinators[index].router == router && coordinators[index].split != nil
      && !coordinators[index].isFinished
    {
      if let split = routers[router].split { coordinators[index].split = split }
    }
  }

  private mutating func replace(_ index: Int, _ node: Int) {
    endAskingChild(index)
    let screen = self.screen(index, node)
    if let style = modalStackToOpen(index) { return presentScreen(index, screen, style) }
    willNavigate(index)
    coordinators[index].hasShownScreen = true
    let router = coordinators[index].router
    let top = routers[router].top
    let base = coordinators[index].base
    let from = top.modals == base.modals ? base.screens : 0
    let last = routers[router].levels.count - 1
    routers[router].levels[last].screens =
      Array(routers[router].levels[last].screens.prefix(max(0, from))) + [screen]
    shown(screen)
  }

  private mutating func pop(_ index: Int) {
    endAskingChild(index)
    coordinators[index].navigations += 1
    let router = coordinators[index].router
    let before = routers[router].top
    routers[router].removeScreens(above: before.screens - 2)
    let owner = routerOwner(index)
    reconcile(owner, from: before)
    leaveIfColumnLeft(owner, from: before)
  }

  private mutating func popToRoot(_ index: Int) {
    endAskingChild(index)
    coordinators[index].navigations += 1
    let router = coordinators[index].router
    let before = routers[router].top
    let base = coordinators[index].base
    let first = before.modals == base.modals ? base.screens : 0
    routers[router].removeScreens(above: first)
    reconcile(routerOwner(index), from: before)
  }

  private mutating func dismiss(_ index: Int) {
    endAskingChild(index)
    coordinators[index].navigations += 1
    let router = coordinators[index].router
    let before = routers[router].top
    routers[router].removeTopStack()
    reconcile(routerOwner(index), from: before)
  }

  private func routerOwner(_ index: Int) -> Int {
    var owner = index
    while let parent = coordinators[owner].parent,
      coordinators[parent].router == coordinators[index].router
    {
      owner = parent
    }
    return owner
  }

  private mutating func reconcile(_ index: Int, from before: SimPosition) {
    for child in coordinators[index].children
    where coordinators[child].router == coordinators[index].router
      && !coordinators[child].isFinished
    {
      if isLeft(child, from: before) { leave(child) } else { reconcile(child, from: before) }
    }
  }

  private func isLeft(_ index: Int, from before: SimPosition) -> Bool {
    let top = routers[coordinators[index].router].top
    let base = coordinators[index].base
    return top < base || (top == base && base < before)
  }

  private mutating func leaveIfColumnLeft(_ index: Int, from before: SimPosition) {
    let coordinator = coordinators[index]
    guard case .column = coordinator.role, !coordinator.isFinished,
      let parent = coordinator.parent, coordinators[parent].router != coordinator.router,
      isLeft(index, from: before)
    else { return }
    leave(index)
  }

  private mutating func leave(_ index: Int) {
    let type = coordinators[index].type
    if case .result(let name)? = module.coordinators[type].leave,
      let result = graph.coordinators[type].resultCases[name.text]
    {
      finish(index, result, left: true)
    } else {
      drop(index)
    }
  }

  private mutating func drop(_ index: Int) {
    effects.append(.dropped(child: name(index)))
    let parent = coordinators[index].parent
    end(index)
    if let parent { remove(parent, index) }
  }

  private mutating func end(_ index: Int) {
    coordinators[index].isFinished = true
    if waiting?.coordinator == index { waiting = nil }
    let running = coordinators[index].children
    coordinators[index].children = []
    for child in running {
      end(child)
      let shown = coordinators[child]
      if shown.shownFrom != nil, shown.router != coordinators[index].router,
        shown.base < routers[shown.router].top
      {
        routers[shown.router].unwind(to: shown.base)
      }
    }
  }

  private mutating func remove(_ parent: Int, _ child: Int) {
    coordinators[parent].children.removeAll { $0 == child }
    let removed = coordinators[child]
    let router = removed.router
    if removed.role == .tab {
      let count = max(removed.base.modals, routers[router].top.modals) - removed.base.modals
      for _ in 0..<count { routers[router].removeTopStack() }
    } else if removed.base < routers[router].top {
      routers[router].unwind(to: removed.base)
    }
  }

  private func isStartingScreenShown(_ index: Int) -> Bool {
    let coordinator = coordinators[index]
    guard let parent = coordinator.parent, coordinator.role != .tab else { return true }
    if let shownFrom = coordinator.shownFrom, coordinators[parent].router != coordinator.router {
      return shownFrom <= routers[coordinators[parent].router].top
    }
    return coordinator.base <= routers[coordinator.router].top
  }

  private mutating func finish(_ index: Int, _ result: Int, left: Bool = false) {
    guard !coordinators[index].isFinished else { return }
    guard isStartingScreenShown(index) else { return drop(index) }
    let handlers = coordinators[index].handlers
    let parent = coordinators[index].parent
    let type = coordinators[index].type
    let resultName = graph.coordinators[type].results[result].name.text
    end(index)
    guard let parent else {
      effects.append(.entryFinished(coordinator: name(index), result: resultName))
      return
    }
    effects.append(
      left
        ? .left(child: name(index), result: resultName, parent: name(parent))
        : .finished(child: name(index), result: resultName, parent: name(parent)))
    remove(parent, index)
    guard
      let handler = handlers?.first(where: {
        $0.steps.first?.handledCase == result
      })
    else { return }
    run(handler, in: parent)
  }

  private func canAct(_ index: Int) -> Bool {
    let coordinator = coordinators[index]
    guard !coordinator.isFinished else { return false }
    let router = routers[coordinator.router]
    let top: SimPosition? = router.topScreen?.owner == index ? router.top : nil
    return !coordinator.children.contains { child in
      coordinators[child].router == coordinator.router && child != coordinator.askingChild
        && (top.map { $0 <= coordinators[child].base } ?? true)
    }
  }

  /// Whether coordinator `index` handles events now (``canAct``).
  func handles(_ index: Int) -> Bool { canAct(index) }

  private mutating func endAskingChild(_ index: Int) {
    guard let child = coordinators[index].askingChild else { return }
    coordinators[index].askingChild = nil
    guard coordinators[child].role != .tab, !coordinators[child].isFinished,
      coordinators[index].children.contains(child)
    else { return }
    drop(child)
  }

  private mutating func endChildren(_ index: Int) {
    for child in coordinators[index].children.reversed() where coordinators[child].role != .tab {
      if !coordinators[child].isFinished { drop(child) }
    }
  }

  private mutating func decide(_ index: Int, _ node: Int) {
    let router = coordinators[index].router
    waiting = SimWaiting(
      coordinator: index, node: node, navigations: coordinators[index].navigations,
      top: routers[router].top, asking: coordinators[index].askingChild)
    effects.append(.asked(decision: self.node(index, node)))
  }

  private mutating func showAlert(_ index: Int, _ node: Int) {
    let router = coordinators[index].router
    routers[router].alerts.append(
      SimAlert(
        owner: index, node: node, level: routers[router].levels.count - 1,
        navigations: coordinators[index].navigations, top: routers[router].top,
        asking: coordinators[index].askingChild))
    effects.append(.alertShown(alert: self.node(index, node)))
  }

  private mutating func select(_ index: Int, _ type: Int) {
    var around: Int? = index
    while let candidate = around, !coordinators[candidate].hasTabContainer {
      around = coordinators[candidate].parent
    }
    guard let tabs = around, let tab = coordinators[tabs].tabTypes.firstIndex(of: type) else {
      return
    }
    let router = coordinators[tabs].router
    for level in routers[router].levels.indices {
      for position in routers[router].levels[level].screens.indices {
        let screen = routers[router].levels[level].screens[position]
        if screen.owner == tabs && screen.node == -1 {
          routers[router].levels[level].screens[position].selectedTab = tab
        }
      }
    }
    effects.append(
      .selectedTab(coordinator: name(tabs), child: module.coordinators[type].name.text))
  }

  // MARK: Children

  private mutating func startChild(_ index: Int, _ start: ChildStep, handlers: [SimTransition]) {
    guard let type = start.child else { return }
    if start.start.isShow { return show(index, type, start, handlers: handlers) }
    let role: SimRole = start.style.presentation.map { .modal($0) } ?? .push
    if start.style.presentation == nil { endAskingChild(index) }
    let child = coordinators.count
    coordinators.append(
      SimCoordinator(type: type, router: coordinators[index].router, handlers: handlers))
    adopt(index, child, role: role)
    effects.append(
      .started(child: name(child), parent: name(index), style: start.style, column: nil))
    self.start(child)
  }

  private func splitAround(_ index: Int) -> (owner: Int, column: SplitColumn)? {
    var current: Int? = index
    var column: SplitColumn?
    while let coordinator = current {
      if coordinators[coordinator].split != nil { return (coordinator, column ?? .primary) }
      switch coordinators[coordinator].role {
      case .push: break
      case .column(let shown): column = column ?? shown
      case .root, .tab, .modal: return nil
      }
      current = coordinators[coordinator].parent
    }
    return nil
  }

  private func target(_ index: Int, column: SplitColumn?)
    -> (owner: Int, column: SplitColumn, router: Int)?
  {
    guard let (owner, own) = splitAround(index), let split = coordinators[owner].split else {
      return nil
    }
    let later = split.layout.columns.filter { $0 > own }
    guard let chosen = column ?? later.first, later.contains(chosen),
      let router = split.columns[chosen]
    else { return nil }
    return (owner, chosen, router)
  }

  private mutating func show(
    _ index: Int, _ type: Int, _ start: ChildStep, handlers: [SimTransition]
  ) {
    let column = start.start.show?.column
    guard let target = target(index, column: column) else {
      // Outside a split: a push-style start, without ending an asking child.
      let asking = coordinators[index].askingChild
      coordinators[index].askingChild = nil
      let child = coordinators.count
      coordinators.append(
        SimCoordinator(type: type, router: coordinators[index].router, handlers: handlers))
      adopt(index, child, role: .push)
      effects.append(.started(child: name(child), parent: name(index), style: .push, column: nil))
      self.start(child)
      coordinators[index].askingChild = asking
      return
    }
    for later in SplitColumn.allCases.reversed() where later >= target.column {
      guard let shown = coordinators[target.owner].shownInColumn.removeValue(forKey: later),
        !coordinators[shown].isFinished
      else { continue }
      drop(shown)
    }
    let child = coordinators.count
    coordinators.append(SimCoordinator(type: type, router: target.router, handlers: handlers))
    coordinators[child].shownFrom = routers[coordinators[index].router].top
    adopt(index, child, role: .column(target.column))
    coordinators[target.owner].shownInColumn[target.column] = child
    effects.append(
      .started(child: name(child), parent: name(index), style: .push, column: target.column))
    self.start(child)
  }

  // MARK: Running transitions

  /// Runs a transition's action (every element of a sequence, in order) in coordinator
  /// `index`, as generated code does.
  mutating func run(_ transition: SimTransition, in index: Int, external: Bool = false) {
    if let goal = transition.goal { touched.append(goal) }
    if let goal = transition.actionGoal { touched.append(goal) }
    if external, let first = transition.steps.first, Self.endsChildren(first) {
      endChildren(index)
    }
    for (offset, step) in transition.steps.enumerated() {
      if offset > 0, coordinators[index].isFinished || !canAct(index) { break }
      perform(step, in: index, handlers: transition.handlers)
      if overLimit { return }
    }
  }

  /// Whether an external event's action ends the coordinator's children first (spec 7b).
  private static func endsChildren(_ step: Step) -> Bool {
    switch step.action {
    case .push, .replace, .pop, .popToRoot, .dismiss, .decide, .finish: return true
    case .start(let start): return start.style.presentation == nil && !start.start.isShow
    default: return false
    }
  }

  private mutating func perform(_ step: Step, in index: Int, handlers: [SimTransition]) {
    switch step.action {
    case .push(let node): push(index, node)
    case .present(let node):
      var style = PresentationStyle.sheet
      if case .present(_, let written) = step.written.kind { style = written }
      presentScreen(index, screen(index, node), style)
    case .replace(let node): replace(index, node)
    case .decide(let node): decide(index, node)
    case .alert(let node): showAlert(index, node)
    case .select(let type): select(index, type)
    case .pop: pop(index)
    case .popToRoot: popToRoot(index)
    case .dismiss: dismiss(index)
    case .finish(let result): finish(index, result)
    case .start(let start): startChild(index, start, handlers: handlers)
    case .stay:
      let type = coordinators[index].type
      if let request = graph.coordinators[type].sentRequest(of: step) {
        sendRequest(index, request)
      }
    case .unresolved: break
    }
  }

  private mutating func sendRequest(_ index: Int, _ request: Int) {
    let type = coordinators[index].type
    let requestName = graph.coordinators[type].requests[request].name.text
    guard !coordinators[index].isFinished else { return }
    guard let parent = coordinators[index].parent else {
      effects.append(.requested(child: name(index), request: requestName, parent: ""))
      return
    }
    guard
      let handler = coordinators[index].handlers?.first(where: {
        $0.steps.first?.handledRequest == request
      })
    else { return }
    guard !coordinators[parent].isFinished, coordinators[parent].children.contains(index) else {
      return
    }
    effects.append(.requested(child: name(index), request: requestName, parent: name(parent)))
    let outer = coordinators[parent].askingChild
    coordinators[parent].askingChild = index
    run(handler, in: parent)
    coordinators[parent].askingChild = outer
  }

  // MARK: Moves

  /// Answers the waiting decision with `transition`'s case.
  mutating func answer(_ transition: SimTransition) {
    guard let waiting else { return }
    self.waiting = nil
    let index = waiting.coordinator
    guard !coordinators[index].isFinished,
      coordinators[index].navigations == waiting.navigations,
      routers[coordinators[index].router].top == waiting.top, canAct(index)
    else { return }
    withAsking(index, waiting.asking) { $0.run(transition, in: index) }
  }

  private mutating func withAsking(
    _ index: Int, _ asking: Int?, _ body: (inout SimState) -> Void
  ) {
    guard let asking else { return body(&self) }
    let outer = coordinators[index].askingChild
    coordinators[index].askingChild = asking
    body(&self)
    coordinators[index].askingChild = outer
  }

  /// The user taps `transition`'s button on the alert on top of `router`.
  mutating func tap(_ transition: SimTransition, router: Int) {
    guard let alert = routers[router].alerts.popLast() else { return }
    let index = alert.owner
    guard !coordinators[index].isFinished,
      coordinators[index].navigations == alert.navigations,
      routers[coordinators[index].router].top == alert.top, canAct(index)
    else { return }
    withAsking(index, alert.asking) { $0.run(transition, in: index) }
  }

  /// The screen on top of `router` sends `transition`'s event.
  mutating func event(_ transition: SimTransition, router: Int) {
    guard let screen = routers[router].topScreen, canAct(screen.owner) else { return }
    run(transition, in: screen.owner)
  }

  /// The app sends the external event to coordinator instance `index`.
  mutating func external(_ transition: SimTransition, to index: Int) {
    guard !coordinators[index].isFinished else { return }
    run(transition, in: index, external: true)
  }

  /// The user's back on `router`.
  mutating func userBack(router: Int) {
    guard routers[router].topScreen?.systemBack ?? true else { return }
    let before = routers[router].top
    if routers[router].removeScreens(above: before.screens - 2) {
      userChanged(router: router, from: before)
    }
  }

  /// The user swipes the sheet on top of `router` away.
  mutating func userSwipe(router: Int) {
    let stack = routers[router].levels[routers[router].levels.count - 1]
    guard let style = stack.style, style != .fullScreen,
      stack.screens.last?.dismissible ?? true
    else { return }
    let before = routers[router].top
    if routers[router].removeTopStack() { userChanged(router: router, from: before) }
  }

  private mutating func userChanged(router: Int, from before: SimPosition) {
    guard let listener = routers[router].listener else { return }
    reconcile(listener, from: before)
    leaveIfColumnLeft(listener, from: before)
  }

  /// The user selects tab `tab` of the container on top of `router`.
  mutating func selectTab(router: Int, tab: Int) {
    let last = routers[router].levels.count - 1
    guard let top = routers[router].levels[last].screens.indices.last else { return }
    routers[router].levels[last].screens[top].selectedTab = tab
  }

  /// The outermost running coordinator of type `type`, breadth first from the root.
  func outermost(_ type: Int) -> Int? {
    var level = [root]
    while !level.isEmpty {
      var next: [Int] = []
      for index in level where !coordinators[index].isFinished {
        if coordinators[index].type == type { return index }
        next += coordinators[index].children
      }
      level = next
    }
    return nil
  }
}
