/// The walk that ``InvalidBackRule`` and ``BackLeakRule`` share: every reachable `pop`,
/// `popToRoot` and `dismiss` whose verdict, worked out once by the module analysis, is the one a rule
/// reports. Each rule words its own findings. O(back actions).
package enum BackCheck {
  /// One back action with the verdict asked for.
  struct Site {
    /// The action.
    let step: Step
    /// The node it is on.
    let node: Int
    /// Its coordinator.
    let coordinator: Coordinator
    /// What the analysis worked out about the coordinator.
    let analysis: CoordinatorAnalysis
    /// How the node can be shown.
    let states: Set<ShowState>
    /// For a back action that leaves its coordinator, which has `leave`, and with it one
    /// without (a parent showing nothing else on that stack): that one.
    let droppedAlong: Coordinator?

    /// What the action is about: the action, by its node, event and handlers.
    let subject: SymbolRef

    /// Where the action is, for messages: in a sequence (r3), that sequence where it is
    /// written.
    var place: Place {
      guard step.isElement else { return holder }
      return .sequenceElement(of: step.transition.name.text, holder)
    }

    /// Where the action is written.
    private var holder: Place {
      if node == analysis.tabsNode {
        // Only external events have back actions there: a tab's handlers may not.
        guard step.handlerOf.isEmpty else {
          return .externalEventHandler(coordinator: coordinator.name.text)
        }
        return .externalEvent(step.transition.name.text)
      }
      return .node(coordinator.subject(of: analysis.graph.node(node)))
    }

    /// Whether the action is a `pop`.
    var isPop: Bool {
      if case .pop = step.action { return true }
      return false
    }

    /// Whether the action is a `popToRoot` (r2).
    var isPopToRoot: Bool {
      if case .popToRoot = step.action { return true }
      return false
    }
  }

  /// Calls `body` with each reachable back action whose verdict is `wanted`, in module
  /// order.
  static func forEach(
    _ wanted: BackOutcome, in context: ResolvedModule, _ body: (Site) -> Void
  ) {
    let module = context.module
    let presentation = context.analysis.presentation
    for (index, analysis) in context.analysis.coordinators.enumerated() {
      let started = context.analysis.isStarted(index)
      for node in 0...analysis.tabsNode where analysis.reachable[node] {
        for (position, step) in analysis.steps[node].enumerated() {
          switch step.action {
          case .pop, .popToRoot, .dismiss: break
          default: continue
          }
          let key = Presentation.BackStep(coordinator: index, node: node, step: position)
          let offset = analysis.stepOffsets[node]
          guard presentation.verdict(key, started: started, offset: offset) == wanted else {
            continue
          }
          let isPop: Bool
          if case .pop = step.action { isPop = true } else { isPop = false }
          let dropped =
            wanted == .leak && module.coordinators[index].leave != nil
            ? presentation.droppedAlong(key, offset: offset, isPop: isPop) : nil
          body(
            Site(
              step: step, node: node, coordinator: module.coordinators[index],
              analysis: analysis, states: presentation.states(of: node, in: index),
              droppedAlong: dropped.map { module.coordinators[$0] },
              subject: context.graph.subject(of: step, at: node, in: index)))
        }
      }
    }
  }

  /// The elements of sequences (r3) that come after a back element that `invalid-back`
  /// reports: they are not checked (spec section 13.1). O(back actions).
  static func cutOff(in context: ResolvedModule) -> Set<ObjectIdentifier> {
    var cut: Set<ObjectIdentifier> = []
    let presentation = context.analysis.presentation
    for (index, analysis) in context.analysis.coordinators.enumerated() {
      let started = context.analysis.isStarted(index)
      for node in 0...analysis.tabsNode where analysis.reachable[node] {
        let steps = analysis.steps[node]
        for (position, step) in steps.enumerated() where step.isElement && !step.isLastElement {
          switch step.action {
          case .pop, .popToRoot, .dismiss: break
          default: continue
          }
          let key = Presentation.BackStep(coordinator: index, node: node, step: position)
          let offset = analysis.stepOffsets[node]
          guard presentation.verdict(key, started: started, offset: offset) == .impossible
          else { continue }
          var next = position + 1
          while next < steps.count,
            steps[next].handlerOf.count > step.handlerOf.count
              || steps[next].transition == step.transition
          {
            cut.insert(ObjectIdentifier(steps[next]))
            next += 1
          }
        }
      }
    }
    return cut
  }

  /// Calls `body` with each screen where the user's own back or swipe leaves its
  /// coordinator in every way the screen can be shown in which it can happen at all, and in
  /// some way drops a coordinator without `leave` (its own, or one left with it, which is
  /// then given), in module order.
  static func forEachGesture(
    leaking context: ResolvedModule,
    _ body: (Coordinator, Screen, Gesture, _ droppedAlong: Coordinator?) -> Void
  ) {
    let module = context.module
    let presentation = context.analysis.presentation
    for (index, analysis) in context.analysis.coordinators.enumerated() {
      let coordinator = module.coordinators[index]
      let started = context.analysis.isStarted(index)
      let screens = min(analysis.graph.screenCount, coordinator.screens.count)
      for node in 0..<screens where analysis.reachable[node] {
        for gesture in Gesture.allCases
        where presentation.verdict(gesture, node: node, in: index, started: started) == .leak {
          let dropped =
            coordinator.leave == nil
            ? nil : presentation.droppedAlong(gesture, node: node, in: index)
          body(
            coordinator, coordinator.screens[node], gesture,
            dropped.map { module.coordinators[$0] })
        }
      }
    }
  }

  /// Where a back action is, as its messages say it.
  package enum Place: Hashable, Sendable {
    /// On this screen, or in this decision or alert.
    case node(SymbolRef)
    /// In this external event of the coordinator.
    case externalEvent(String)
    /// In a handler of an external event of this coordinator.
    case externalEventHandler(coordinator: String)
    /// (r3) An element of the sequence of this event, button, case or handler, written
    /// there.
    indirect case sequenceElement(of: String, Place)

    /// `on screen 'X'`, `in decision 'D'`, `in external event 'e'`.
    var text: MessageText {
      switch self {
      case .node(let node):
        if case .screen? = node.path.last { return "on \(definition: node)" }
        return "in \(definition: node)"
      case .externalEvent(let event): return "in external event '\(event)'"
      case .externalEventHandler(let coordinator):
        return "in a handler of an external event of '\(coordinator)'"
      case .sequenceElement(let transition, .externalEvent(let event)) where transition == event:
        // The event is the sequence's own name: said once.
        return "in the sequence of external event '\(event)'"
      case .sequenceElement(let transition, let holder):
        return "in the sequence of '\(transition)' \(holder.text)"
      }
    }
  }
}
