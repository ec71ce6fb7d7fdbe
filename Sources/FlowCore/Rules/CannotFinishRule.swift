/// Screens the user can reach but never leave with a result.
package enum CannotFinishRule: ModuleRule {
  package static let id: RuleID = "cannot-finish"
  package static let severity = Severity.warning
  package static let blocksGeneration = false
  package static let drawing = FindingDrawing.problem
  package static let summary =
    "In a coordinator with a result that can finish at all, a reachable screen from which no "
    + "`finish` can be reached."
  package static let rationale = """
    The paths of section 8 are followed from the screen: forward through push, present, \
    replace, decide and child handlers, and back through `pop` to every screen that pushes \
    it and through `dismiss` to every screen that presents its stack. A screen with no way \
    to a `finish` traps the user, and the coordinator is never removed from its parent.
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
            Home: { on: { pick: { start: Picker, on: { picked: stay } } } }
        Picker:
          result: { picked: ~ }
          start: List
          screens:
            List: { on: { choose: { finish: picked }, help: { replace: Help } } }
            ↓Help: { on: { more: { push: More } } }
            ↓More: { on: { back: pop } }
      """),
    .passing(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { pick: { start: Picker, on: { picked: stay } } } }
        Picker:
          result: { picked: ~ }
          start: List
          screens:
            List: { on: { choose: { finish: picked }, info: { push: Info }, help: { present: Help } } }
            Info: { on: { back: pop, deeper: { push: Info } } }
            Help: { on: { close: dismiss } }
      """),
  ]

  /// Reads each coordinator's finishability, worked out once: O(nodes).
  package static func check(_ context: ResolvedModule, into findings: inout Findings) {
    let module = context.module
    for (index, analysis) in context.analysis.coordinators.enumerated() {
      let coordinator = module.coordinators[index]
      guard coordinator.result != nil, !analysis.finishedCases.isEmpty,
        !analysis.hasUnresolvedStep
      else { continue }
      for screen in 0..<analysis.graph.screenCount
      where analysis.reachable[screen] && !analysis.canFinish[screen] {
        let name = coordinator.screens[screen].name
        findings.add(
          self,
          "screen '\(name)' of coordinator '\(coordinator.name)' has no path to a 'finish': "
            + "the user is trapped there and '\(coordinator.name)' is never removed",
          at: name.range)
      }
    }
  }
}
