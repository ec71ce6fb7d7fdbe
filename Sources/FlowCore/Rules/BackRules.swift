/// `pop` and `dismiss` that can never happen.
public enum InvalidBackRule: ModuleRule {
  public static let id: RuleID = "invalid-back"
  public static let severity = Severity.error
  public static let summary =
    "`pop` on a screen that is always the bottom of a stack root; `dismiss` on a screen that "
    + "can never be in a modal stack."
  public static let rationale = """
    A screen is the bottom of a stack root when it is the first screen of an entry, tab or \
    present-style coordinator, is shown only by `replace` there, or only by `present`. \
    There is nothing to pop back to, and a `dismiss` outside any modal stack does nothing: \
    the button is dead. It is reported only when it holds in every way the screen can be \
    shown (every path, every way its coordinator is started).
    """
  public static let examples: [RuleExample] = [
    .triggering(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { back: ↓pop, close: ↓dismiss, info: { present: Info } } }
            Info: { on: { back: ↓pop, close: dismiss } }
      """),
    .passing(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { next: { push: Detail }, info: { present: Info } } }
            Detail: { on: { back: pop, more: { push: Detail } } }
            Info: { on: { close: dismiss, next: { push: More } } }
            More: { on: { back: pop, close: dismiss } }
      """),
  ]

  public static func check(_ context: CheckContext, into findings: inout Findings) {
    BackCheck.report(.impossible, context, into: &findings)
  }
}

/// `pop` and `dismiss` that leave a child without finishing it.
public enum BackLeakRule: ModuleRule {
  public static let id: RuleID = "back-leak"
  public static let severity = Severity.warning
  public static let summary =
    "A `pop` or `dismiss` that leaves a child's screens without finishing it: `pop` on the "
    + "bottom of a push-style child, `dismiss` in a modal stack presented from outside."
  public static let rationale = """
    `pop` on the first screen of a push-style child goes back into its parent's screens, \
    and `dismiss` in a modal stack that the parent presented closes the child's screens. \
    Either way the child is never finished, so the parent never removes it: it leaks. \
    Finish with a result instead and let the parent's handler navigate. It is reported \
    only when the action is wrong in every way the screen can be shown.
    """
  public static let examples: [RuleExample] = [
    .triggering(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home:
              on:
                edit: { start: Editor, on: { saved: stay } }
                share: { start: Share, style: present, on: { sent: stay } }
        Editor:
          result: { saved: ~ }
          start: Form
          screens:
            Form: { on: { save: { finish: saved }, back: ↓pop } }
        Share:
          result: { sent: ~ }
          start: Compose
          screens:
            Compose: { on: { send: { finish: sent }, close: ↓dismiss } }
      """),
    .passing(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { edit: { start: Editor, on: { saved: stay, cancelled: stay } } } }
        Editor:
          result: { saved: ~, cancelled: ~ }
          start: Form
          screens:
            Form: { on: { save: { finish: saved }, back: { finish: cancelled }, more: { push: More } } }
            More: { on: { back: pop } }
      """),
  ]

  public static func check(_ context: CheckContext, into findings: inout Findings) {
    BackCheck.report(.leak, context, into: &findings)
  }
}

/// The shared walk of ``InvalidBackRule`` and ``BackLeakRule`` over the back verdicts that
/// the module analysis worked out: O(back actions).
private enum BackCheck {
  static func report(_ wanted: BackOutcome, _ context: CheckContext, into findings: inout Findings) {
    let module = context.module
    let presentation = context.analysis.presentation
    for (index, analysis) in context.analysis.coordinators.enumerated() {
      let coordinator = module.coordinators[index]
      let started = context.analysis.isStarted(index)
      for node in 0...analysis.tabsNode where analysis.reachable[node] {
        let steps = CoordinatorAnalysis.steps(of: node, in: analysis.graph)
        for (position, step) in steps.enumerated() {
          let key = Presentation.BackStep(coordinator: index, node: node, step: position)
          guard presentation.verdict(key, started: started) == wanted else { continue }
          let message = describe(
            step, wanted, on: node, of: coordinator, analysis: analysis,
            states: presentation.states[index]?[node] ?? [])
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
