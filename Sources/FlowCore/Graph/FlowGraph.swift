/// The module's navigation as a resolved graph: every reference turned into an index, every
/// action into a step from a node. The checks and the drawings read this, not the YAML.
///
/// Nodes of a coordinator are numbered screens first, then decisions, then alerts, in file
/// order: node `i < screens.count` is `screens[i]`, node `screens.count + j` is
/// `decisions[j]`, node `screens.count + decisions.count + k` is `alerts[k]`.
/// Building it is one pass over the module with hash lookups: O(size of the module).
public struct FlowGraph: Sendable {
  /// The module the graph is of.
  public let module: FlowModule
  /// One graph per coordinator, at the same indices as `module.coordinators`.
  package let coordinators: [CoordinatorGraph]
  /// The module's type names, resolved: the one place a type is looked up by its name.
  package let types: ResolvedTypes
  /// Each link's `to:` and `via:`, resolved, at the indices of `module.links`.
  package let links: [LinkReferences]
  /// Why the targets of actions, starts, handlers and `leave` that resolve to nothing do not.
  package let targets: ActionTargets

  public init(module: FlowModule) {
    self.module = module
    types = ResolvedTypes(module: module)
    links = LinkReferences.resolve(module)
    // Result cases first: a handler of a child's result is resolved to the child's case.
    let results = Parallel.map(count: module.coordinators.count, minimumChunk: 64) {
      ResultCases(module.resultCases(of: module.coordinators[$0]) ?? [])
    }
    // And its requests (r3): a handler of a child's request is resolved to the request.
    let requests = module.coordinators.map { ResultCases($0.requests) }
    coordinators = Parallel.map(count: module.coordinators.count, minimumChunk: 64) {
      CoordinatorGraph(module: module, index: $0, results: results, requests: requests)
    }
    targets = ActionTargets(module: module, coordinators: coordinators)
  }

  /// What a finding about the action of `step` of `node` (``CoordinatorAnalysis/tabsNode``
  /// for the external events and the tabs' handlers) of coordinator `coordinator` is about:
  /// the coordinator, the node, the event, case or button (or the external event or tab),
  /// and the handlers it is nested in; after each action that is an element of a sequence
  /// (r3), its position there.
  package func subject(of step: Step, at node: NodeID, in coordinator: Int) -> SymbolRef {
    let owner = module.coordinators[coordinator]
    let graph = coordinators[coordinator]
    var path: [SymbolRef.Component] = [.coordinator(owner.name.text)]
    var names = step.handlerOf.map(\.transition) + [step.transition.name.text]
    // The position of each name's action in its sequence, when it is an element of one.
    var elements = step.handlerOf.map(\.element) + [step.isElement ? step.elementIndex : nil]
    if node < graph.nodeCount {
      let first = names.removeFirst() ?? ""
      switch graph.node(node) {
      case .screen(let index):
        path += [.screen(owner.screens[index].name.text), .event(first)]
      case .decision(let index):
        path += [.decision(owner.decisions[index].name.text), .decisionCase(first)]
      case .alert(let index):
        path += [.alert(owner.alerts[index].name.text), .button(first)]
      }
    } else if let tab = step.handlerOf.first, tab.transition == nil {
      path.append(.tab(tab.start.coordinator.text))
      names.removeFirst()
    } else {
      path.append(.externalEvent(names.removeFirst() ?? ""))
    }
    if let position = elements.removeFirst() { path.append(.element(position)) }
    for (name, position) in zip(names, elements) {
      path.append(.handler(name ?? ""))
      if let position { path.append(.element(position)) }
    }
    return SymbolRef(path)
  }

  /// What a finding about the start `start` of coordinator `coordinator` is about: the
  /// action (``subject(of:at:in:)``), or the tab.
  package func subject(of start: CoordinatorAnalysis.ReachableStart, in coordinator: Int)
    -> SymbolRef
  {
    guard let action = start.action else {
      return module.coordinators[coordinator].subject.appending(
        .tab(start.step.start.coordinator.text))
    }
    return subject(of: action, at: start.node, in: coordinator)
  }

  /// The payload available to the action of `step` (spec section 7): its event's or decision
  /// case's, or for a handler the handled result case's or request's (r3); `nil` when there
  /// is none, or the handled case is unknown.
  package func payload(of step: Step) -> TypeReference? {
    guard let start = step.handlerOf.last else { return step.transition.payload }
    guard let child = start.child else { return nil }
    if let handled = step.handledCase { return coordinators[child].results[handled].payload }
    if let request = step.handledRequest { return coordinators[child].requests[request].payload }
    return nil
  }
}

/// A coordinator's result cases, and their indices by name (the first of a name).
struct ResultCases: Sendable {
  var cases: [PayloadCase]
  var index: [String: Int] = [:]

  init(_ cases: [PayloadCase]) {
    self.cases = cases
    for (offset, resultCase) in cases.enumerated() where index[resultCase.name.text] == nil {
      index[resultCase.name.text] = offset
    }
  }
}

/// A node of a coordinator: the index of a screen, of a decision after all screens, or of an
/// alert after all decisions.
package typealias NodeID = Int

/// The graph of one coordinator.
package struct CoordinatorGraph: Sendable {
  /// The coordinator's index in the module.
  package let index: Int
  /// How many of the nodes are screens (the rest are decisions and alerts).
  package let screenCount: Int
  /// The first alert's node: the nodes from here on are alerts.
  package let alertStart: Int
  /// How many nodes there are.
  package let nodeCount: Int
  /// Where the coordinator begins.
  package let root: Root
  /// Each node's steps, in file order, handlers of a `start` right after it.
  package let steps: [[Step]]
  /// The steps of the coordinator's external events (r2), in file order, handlers of a
  /// `start` right after it.
  package let eventSteps: [Step]
  /// The coordinator's result cases by name, and their order.
  package let resultCases: [String: Int]
  /// The coordinator's result cases, inline or those of the enum it names; empty when it has
  /// no result or names something that is not an enum.
  package let results: [PayloadCase]
  /// (r3) The coordinator's requests, in file order (spec section 13.3).
  package let requests: [PayloadCase]
  /// (r3) Its requests' indices in ``requests`` by name (the first of a name).
  package let requestIndex: [String: Int]
  /// The nodes with a `schema` problem inside (``Screen/isBroken``): the decoder kept what
  /// it could of them, so what they lost may have been a path, a `finish` or a start.
  package let brokenNodes: Set<NodeID>

  /// How a coordinator begins, resolved.
  package enum Root: Sendable {
    /// At this node.
    case node(NodeID)
    /// With these tabs; their handlers are steps from no node.
    case tabs([TabStart])
    /// Its start is missing or names nothing: nothing is reachable for sure.
    case unresolved

    /// The steps of every tab's handlers, at every depth; none without tabs.
    package var tabHandlerSteps: [Step] {
      guard case .tabs(let tabs) = self else { return [] }
      return tabs.flatMap(\.handlerSteps)
    }
  }

  /// One tab, resolved.
  package struct TabStart: Sendable {
    /// The tab's child start.
    package var start: ChildStep
    /// The tab as written.
    package var tab: Tab
    /// The steps of its handlers at every depth, in file order.
    package var handlerSteps: [Step]

    /// Its handlers' steps, each with the steps nested in it.
    package var handlers: NestedSteps { NestedSteps(handlerSteps[...], depth: 1) }
  }

  init(module: FlowModule, index: Int, results: [ResultCases], requests: [ResultCases]) {
    self.index = index
    let coordinator = module.coordinators[index]
    screenCount = coordinator.screens.count
    alertStart = screenCount + coordinator.decisions.count
    nodeCount = alertStart + coordinator.alerts.count
    resultCases = results[index].index
    self.results = results[index].cases
    self.requests = requests[index].cases
    requestIndex = requests[index].index

    let resolver = StepResolver(
      module: module, coordinator: index, results: results, requests: requests)
    var steps: [[Step]] = []
    steps.reserveCapacity(nodeCount)
    var broken: Set<NodeID> = []
    for (node, screen) in coordinator.screens.enumerated() {
      if screen.isBroken { broken.insert(node) }
      var list: [Step] = []
      list.reserveCapacity(screen.events.count)
      for event in screen.events { resolver.append(event, depth: [], to: &list) }
      steps.append(list)
    }
    for (offset, decision) in coordinator.decisions.enumerated() {
      if decision.isBroken { broken.insert(screenCount + offset) }
      var list: [Step] = []
      list.reserveCapacity(decision.cases.count)
      for decisionCase in decision.cases { resolver.append(decisionCase, depth: [], to: &list) }
      steps.append(list)
    }
    for (offset, alert) in coordinator.alerts.enumerated() {
      if alert.isBroken { broken.insert(alertStart + offset) }
      var list: [Step] = []
      list.reserveCapacity(alert.buttons.count)
      for button in alert.buttons { resolver.append(button, depth: [], to: &list) }
      steps.append(list)
    }
    self.steps = steps
    brokenNodes = broken
    var events: [Step] = []
    for event in coordinator.events { resolver.append(event, depth: [], to: &events) }
    eventSteps = events

    switch coordinator.root {
    case .start(let name, _):
      root = resolver.startNode(name.text).map { .node($0) } ?? .unresolved
    case .tabs(let tabs):
      root = .tabs(
        tabs.map { tab in
          let start = resolver.child(tab.child, range: tab.range)
          var handlers: [Step] = []
          for handler in tab.child.handlers {
            resolver.append(handler, depth: [start], to: &handlers)
          }
          return TabStart(start: start, tab: tab, handlerSteps: handlers)
        })
    case .missing:
      root = .unresolved
    }
  }

  /// (r3) The request `step` sends, as an index of ``requests``, when its action is a
  /// `request` of this coordinator (resolved as staying, ``ResolvedAction/stay``); `nil`
  /// otherwise.
  package func sentRequest(of step: Step) -> Int? {
    guard case .stay = step.action, case .request(let name) = step.written.kind else {
      return nil
    }
    return requestIndex[name.text]
  }

  /// Whether `node` is a screen (not a decision or an alert).
  package func isScreen(_ node: NodeID) -> Bool { node < screenCount }

  /// Whether `node` is an alert.
  package func isAlert(_ node: NodeID) -> Bool { node >= alertStart }

  /// The model node of `node`.
  package func node(_ node: NodeID) -> Coordinator.Node {
    if node < screenCount { return .screen(node) }
    if node < alertStart { return .decision(node - screenCount) }
    return .alert(node - alertStart)
  }

  /// The steps of `node`'s events, decision cases or buttons, each with the steps nested in
  /// it.
  package func transitions(of node: NodeID) -> NestedSteps {
    NestedSteps(steps[node][...], depth: 0)
  }

  /// The steps of the coordinator's external events, each with the steps nested in it.
  package var events: NestedSteps { NestedSteps(eventSteps[...], depth: 0) }
}

/// Steps at one depth of nesting, each with the steps of the handlers nested in it: the
/// transitions of a node, or the handlers of one `start`. Walking it visits each step once
/// per level it is nested in, and allocates nothing.
package struct NestedSteps: Sequence, IteratorProtocol, Sendable {
  private var rest: ArraySlice<Step>
  private let depth: Int

  /// The steps of `steps` that are nested in `depth` starts, where the steps nested deeper
  /// follow the step they are nested in (as ``CoordinatorGraph/steps`` keeps them).
  init(_ steps: ArraySlice<Step>, depth: Int) {
    rest = steps
    self.depth = depth
  }

  /// The steps split in two, each with the steps nested in it: those for which `isFirst` is
  /// true, and the others, each in order (r3: a start's result handlers and its request
  /// handlers).
  package func partitioned(
    _ isFirst: (Step) -> Bool
  ) -> (first: NestedSteps, second: NestedSteps) {
    var first: [Step] = []
    var second: [Step] = []
    var inFirst = true
    for step in rest {
      if step.handlerOf.count <= depth { inFirst = isFirst(step) }
      if inFirst { first.append(step) } else { second.append(step) }
    }
    return (NestedSteps(first[...], depth: depth), NestedSteps(second[...], depth: depth))
  }

  /// The next step, and the steps of its handlers when it starts a child.
  package mutating func next() -> (step: Step, handlers: NestedSteps)? {
    guard let step = rest.first else { return nil }
    let first = rest.startIndex + 1
    var end = first
    while end < rest.endIndex, rest[end].handlerOf.count > depth { end += 1 }
    let handlers = NestedSteps(rest[first..<end], depth: depth + 1)
    rest = rest[end...]
    return (step, handlers)
  }
}

/// One action a node can take, resolved: what it does, and what led to it.
///
/// A class, immutable: the analyses pass steps around by the hundred thousand, and a
/// reference is cheaper to copy than the transition it holds.
package final class Step: Sendable {
  /// The event, decision case or handler that leads to the action.
  package let transition: Transition
  /// The `start` steps whose handlers this step is nested in, outermost first; empty for an
  /// event or decision case.
  package let handlerOf: [ChildStep]
  /// What the action does, resolved.
  package let action: ResolvedAction
  /// For a handler, the index of the result case it handles among the child's
  /// ``CoordinatorGraph/results``; `nil` for an event or decision case, a handler of a
  /// request, or when the case or the child is unknown.
  package var handledCase: Int? {
    guard let stored = storedCase, stored >= 0 else { return nil }
    return Int(stored)
  }
  /// (r3) For a handler of a child's request, the index of the request among the child's
  /// ``CoordinatorGraph/requests``; `nil` otherwise (spec section 13.3).
  package var handledRequest: Int? {
    guard let stored = storedCase, stored < 0 else { return nil }
    return Int(-1 - stored)
  }
  /// Whether it is a handler of a known result case or request (r3) of its child.
  package var handlesKnownName: Bool { storedCase != nil }
  /// ``handledCase``, in 32 bits, or for a request ``handledRequest`` as `-1 - index`: with
  /// them a step stays in the allocation size it had without it (a module has far fewer than
  /// 2³¹ result cases or requests).
  private let storedCase: Int32?
  /// For an element of a sequence (r3), its index and the sequence's length, 16 bits each;
  /// 0 for a lone action.
  private let storedElement: UInt32

  init(
    transition: Transition, handlerOf: [ChildStep], action: ResolvedAction, handled: Handled?,
    element: (index: Int, count: Int)? = nil
  ) {
    self.transition = transition
    self.handlerOf = handlerOf
    self.action = action
    storedCase = handled.map {
      switch $0 {
      case .resultCase(let index): Int32(truncatingIfNeeded: index)
      case .request(let index): -1 - Int32(truncatingIfNeeded: index)
      }
    }
    storedElement =
      element.map {
        UInt32(truncatingIfNeeded: $0.index) << 16 | UInt32(truncatingIfNeeded: $0.count)
      } ?? 0
  }

  /// The action as written: for an element of a sequence, that element.
  package var written: Action {
    let action = transition.action
    guard storedElement != 0, case .sequence(let elements) = action.kind else { return action }
    let index = elementIndex
    return index < elements.count ? elements[index] : action
  }

  /// What a handler handles: a result case or (r3) a request of its child, by index.
  enum Handled {
    /// The result case at this index of the child's ``CoordinatorGraph/results``.
    case resultCase(Int)
    /// The request at this index of the child's ``CoordinatorGraph/requests``.
    case request(Int)
  }

  /// Whether it is an element of a sequence (r3, spec section 13.1).
  package var isElement: Bool { storedElement != 0 }
  /// Its index in its sequence; 0 for a lone action.
  package var elementIndex: Int { Int(storedElement >> 16) }
  /// How many elements its sequence has; 1 for a lone action.
  package var elementCount: Int { storedElement == 0 ? 1 : Int(storedElement & 0xFFFF) }
  /// Whether it is the first element of its sequence, or a lone action: the one that acts
  /// where the step is.
  package var isFirstElement: Bool { elementIndex == 0 }
  /// Whether it is the last element of its sequence, or a lone action: the one the step
  /// ends with.
  package var isLastElement: Bool { elementIndex == elementCount - 1 }
}

/// What an action does, with its targets resolved to indices.
package enum ResolvedAction: Sendable {
  /// Pushes this screen.
  case push(NodeID)
  /// Presents this screen in a new modal stack.
  case present(NodeID)
  /// Replaces the coordinator's part of the stack with this screen.
  case replace(NodeID)
  /// Runs this decision.
  case decide(NodeID)
  /// Shows this alert over what is on top (r2); its buttons act on the screen below it.
  case alert(NodeID)
  /// Shows the tab that starts the coordinator at this index of the module, in the nearest
  /// tab coordinator around this one (r2).
  case select(Int)
  /// Goes back one screen.
  case pop
  /// Goes back to the coordinator's bottom screen on the current stack (r2).
  case popToRoot
  /// Closes the modal stack.
  case dismiss
  /// Does not navigate.
  case stay
  /// Finishes the coordinator with the result case at this index.
  case finish(Int)
  /// Starts a child coordinator. Indirect: a child's start is six times the size of any
  /// other action, and every step holds one.
  indirect case start(ChildStep)
  /// Could not be read or names nothing: rules make no claim that depends on it.
  case unresolved
}

/// A `start` of a child, resolved.
package struct ChildStep: Sendable {
  /// The child's index in the module, or `nil` if it names no coordinator.
  package var child: Int?
  /// How the child is shown.
  package var style: StartStyle
  /// (r3) ``element`` plus one, 0 for a lone action: 16 bits beside ``style``, in what was
  /// padding, so a step's handlers take no more memory than before.
  var storedElement: UInt16 = 0
  /// The start as written.
  package var start: ChildStart
  /// The `start` key (or the tab's), where findings about the start go.
  package var range: SourceRange
  /// The event, decision case, button, external event or handler whose action the start is;
  /// `nil` for a tab's start.
  package var transition: String?

  /// (r3) Its position in the sequence it is the last element of; `nil` for a lone action.
  package var element: Int? {
    get { storedElement == 0 ? nil : Int(storedElement) - 1 }
    set { storedElement = newValue.map { UInt16(truncatingIfNeeded: $0 + 1) } ?? 0 }
  }
}

/// Resolves the actions of one coordinator.
private struct StepResolver {
  let module: FlowModule
  let coordinator: Int
  /// Every coordinator's result cases.
  let results: [ResultCases]
  /// Every coordinator's requests (r3).
  let requests: [ResultCases]

  /// The screen or decision a coordinator's `start` names; an alert cannot be one.
  func startNode(_ name: String) -> NodeID? {
    switch module.node(named: name, in: coordinator) {
    case .screen(let index): return index
    case .decision(let index): return module.coordinators[coordinator].screens.count + index
    case .alert, nil: return nil
    }
  }

  private func alertNode(_ index: Int) -> NodeID {
    let owner = module.coordinators[coordinator]
    return owner.screens.count + owner.decisions.count + index
  }

  private func alert(_ name: String) -> NodeID? {
    guard case .alert(let index) = module.node(named: name, in: coordinator) else { return nil }
    return alertNode(index)
  }

  private func screen(_ name: String) -> NodeID? {
    guard case .screen(let index) = module.node(named: name, in: coordinator) else { return nil }
    return index
  }

  private func decision(_ name: String) -> NodeID? {
    guard case .decision(let index) = module.node(named: name, in: coordinator) else {
      return nil
    }
    return module.coordinators[coordinator].screens.count + index
  }

  func child(
    _ start: ChildStart, range: SourceRange? = nil, transition: String? = nil
  ) -> ChildStep {
    ChildStep(
      child: module.coordinatorIndex(named: start.coordinator.text), style: start.style,
      start: start, range: range ?? start.coordinator.range, transition: transition)
  }

  /// Appends the step of `transition`, then those of its handlers if it starts a child. A
  /// sequence (r3) is one step per element, in order, sharing the transition; the handlers
  /// of a `start` that ends it follow its last.
  func append(_ transition: Transition, depth: [ChildStep], to steps: inout [Step]) {
    let handled: Step.Handled? = depth.last.flatMap { $0.child }.flatMap { child in
      let name = transition.name.text
      if let index = results[child].index[name] { return .resultCase(index) }
      return requests[child].index[name].map { .request($0) }
    }
    guard case .sequence(let elements) = transition.action.kind else {
      append(transition.action, of: transition, depth: depth, handled: handled, to: &steps)
      return
    }
    for (index, element) in elements.enumerated() {
      append(
        element, of: transition, depth: depth, handled: handled, to: &steps,
        element: (index, elements.count))
    }
  }

  /// Appends the step of `written`, the action of `transition` or one element of its
  /// sequence, then those of its handlers if it starts a child.
  private func append(
    _ written: Action, of transition: Transition, depth: [ChildStep], handled: Step.Handled?,
    to steps: inout [Step], element: (index: Int, count: Int)? = nil
  ) {
    let action: ResolvedAction
    switch written.kind {
    case .push(let name): action = screen(name.text).map { .push($0) } ?? .unresolved
    case .present(let name, _): action = screen(name.text).map { .present($0) } ?? .unresolved
    case .replace(let name): action = screen(name.text).map { .replace($0) } ?? .unresolved
    case .decide(let name): action = decision(name.text).map { .decide($0) } ?? .unresolved
    case .alert(let name): action = alert(name.text).map { .alert($0) } ?? .unresolved
    case .select(let name):
      action = module.coordinatorIndex(named: name.text).map { .select($0) } ?? .unresolved
    case .finish(let name):
      action = results[coordinator].index[name.text].map { .finish($0) } ?? .unresolved
    case .request(let name):
      // A request does not navigate: for the checks the coordinator stays where it is
      // (r3, spec section 13.3); its parent's handler acts where the parent started it.
      action = requests[coordinator].index[name.text] != nil ? .stay : .unresolved
    case .pop: action = .pop
    case .popToRoot: action = .popToRoot
    case .dismiss: action = .dismiss
    case .stay: action = .stay
    case .invalid, .sequence: action = .unresolved
    case .start(let start):
      var step = child(start, range: written.range, transition: transition.name.text)
      step.element = element?.index
      steps.append(
        Step(
          transition: transition, handlerOf: depth, action: .start(step), handled: handled,
          element: element))
      for handler in start.handlers {
        append(handler, depth: depth + [step], to: &steps)
      }
      return
    }
    steps.append(
      Step(
        transition: transition, handlerOf: depth, action: action, handled: handled,
        element: element))
  }
}
