/// The walk that ``InvalidBackRule`` and ``BackLeakRule`` share: every reachable `pop` and
/// `dismiss` whose verdict, worked out once by the module analysis, is the one a rule
/// reports. Each rule words its own findings. O(back actions).
enum BackCheck {
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

    /// `on screen 'X'` or `in decision 'D'`, for messages.
    var place: String {
      switch analysis.graph.node(node) {
      case .screen(let screen): return "on screen '\(coordinator.screens[screen].name)'"
      case .decision(let decision):
        return "in decision '\(coordinator.decisions[decision].name)'"
      }
    }

    /// Whether the action is a `pop` (else it is a `dismiss`).
    var isPop: Bool {
      if case .pop = step.action { return true }
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
          case .pop, .dismiss: break
          default: continue
          }
          let key = Presentation.BackStep(coordinator: index, node: node, step: position)
          let offset = analysis.stepOffsets[node]
          guard presentation.verdict(key, started: started, offset: offset) == wanted else {
            continue
          }
          body(
            Site(
              step: step, node: node, coordinator: module.coordinators[index],
              analysis: analysis, states: presentation.states(of: node, in: index)))
        }
      }
    }
  }
}
