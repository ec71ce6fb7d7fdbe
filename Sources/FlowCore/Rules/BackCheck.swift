/// The shared walk of ``InvalidBackRule`` and ``BackLeakRule`` over the back verdicts that
/// the module analysis worked out: O(back actions).
enum BackCheck {
  static func report(_ wanted: BackOutcome, _ context: CheckContext, into findings: inout Findings)
  {
    let module = context.module
    let presentation = context.analysis.presentation
    for (index, analysis) in context.analysis.coordinators.enumerated() {
      let coordinator = module.coordinators[index]
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
          let message = describe(
            step, wanted, on: node, of: coordinator, analysis: analysis,
            states: presentation.states(of: node, in: index))
          let rule: any Rule.Type = wanted == .leak ? BackLeakRule.self : InvalidBackRule.self
          findings.add(rule, message, at: step.written.range)
        }
      }
    }
  }

  private static func describe(
    _ step: Step, _ verdict: BackOutcome, on node: Int, of coordinator: Coordinator,
    analysis: CoordinatorAnalysis, states: Set<ShowState>
  ) -> String {
    let word = step.written.keyword
    let place: String
    switch analysis.graph.node(node) {
    case .screen(let screen): place = "on screen '\(coordinator.screens[screen].name)'"
    case .decision(let decision): place = "in decision '\(coordinator.decisions[decision].name)'"
    }
    let name = coordinator.name
    switch (step.action, verdict) {
    case (.pop, .impossible):
      let how =
        states.allSatisfy { $0 == .bottom(ownModal: true) }
        ? "it is only shown by 'present', at the root of a modal stack"
        : "it is the bottom of a navigation stack there, with nothing of '\(name)' below"
      return "'pop' \(place) can never happen: \(how)"
    case (_, .impossible):
      return "'\(word)' \(place) can never happen: the screen is never in a modal stack"
    case (.pop, _):
      return "'pop' \(place) goes back into the parent of push-style child '\(name)' "
        + "without finishing it, so '\(name)' is never removed; finish with a result instead"
    default:
      return "'dismiss' \(place) closes a modal stack presented from outside '\(name)' "
        + "without finishing it, so '\(name)' is never removed; finish with a result instead"
    }
  }
}
