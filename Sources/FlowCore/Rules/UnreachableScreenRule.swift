/// Screens, decisions and alerts that no path from their coordinator's start reaches.
package enum UnreachableScreenRule: ModuleRule {
  package static let id: RuleID = "unreachable-screen"
  package static let severity = Severity.warning
  package static let blocksGeneration = false
  package static let drawing = FindingDrawing.unreachable
  package static let summary =
    "A screen, decision or alert that cannot be reached from its coordinator's start."
  package static let rationale = """
    Reachability is true reachability from the coordinator's `start` (for a tab \
    coordinator, from its tabs' handlers), following push, present, replace, decide, \
    alert (with the alert's buttons) and the handlers of started children: screens that \
    only point at each other are still unreachable. Such a screen is dead code in the flow and in the generated Swift.
    """
  package static let examples: [RuleExample] = [
    .triggering(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { next: { push: Detail } } }
            Detail: { on: { back: pop } }
            ↓Island: { on: { next: { push: Shore } } }
            ↓Shore: { on: { back: pop, again: { push: Island } } }
          decisions:
            ↓Unused: { cases: { yes: { push: Home } } }
          alerts:
            ↓Forgotten: { on: { ok: stay } }
      """),
    .passing(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { next: { decide: Route } } }
            Detail: { on: { back: pop } }
          decisions:
            Route: { cases: { detail: { push: Detail }, stay: stay, ask: { alert: Sure } } }
          alerts:
            Sure: { on: { yes: { push: Detail }, no: stay } }
      """),
  ]

  /// One pass over each coordinator's reachability: O(nodes).
  package static func check(_ context: ResolvedModule, into findings: inout Findings) {
    let module = context.module
    for (index, analysis) in context.analysis.coordinators.enumerated() {
      guard !analysis.hasUnresolvedStep else { continue }
      let coordinator = module.coordinators[index]
      let origin: String
      switch coordinator.root {
      case .start(let start, _): origin = "its start '\(start)'"
      case .tabs: origin = "its tabs"
      case .missing: continue
      }
      for node in 0..<analysis.graph.nodeCount where !analysis.reachable[node] {
        let name: Identifier
        let kind: String
        switch analysis.graph.node(node) {
        case .screen(let screen): (name, kind) = (coordinator.screens[screen].name, "screen")
        case .decision(let decision):
          (name, kind) = (coordinator.decisions[decision].name, "decision")
        case .alert(let alert): (name, kind) = (coordinator.alerts[alert].name, "alert")
        }
        findings.add(
          self,
          "\(kind) '\(name)' cannot be reached from \(origin) in coordinator '\(coordinator.name)'",
          at: name.range)
      }
    }
  }
}
