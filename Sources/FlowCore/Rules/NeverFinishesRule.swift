/// Children that can never finish, so their parent never removes them.
package enum NeverFinishesRule: ModuleRule {
  package static let id: RuleID = "never-finishes"
  package static let severity = Severity.error
  package static let blocksGeneration = false
  package static let drawing = FindingDrawing.problem
  package static let summary =
    "A coordinator that some parent starts (not as a tab) but that has no result, or none of "
    + "whose `finish` actions is reachable from its start."
  package static let rationale = """
    Finishing is the only way a child is removed from its parent. A child started by a \
    parent that has no result, or whose every `finish` is unreachable, stays in its \
    parent's children for as long as the parent lives: a leak, and a stack that only grows.
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
            Home:
              on:
                profile: { start: Profile }
                help: { start: Help, on: { done: stay } }
        ↓Profile:
          start: Show
          screens:
            Show: { on: { edit: stay } }
        ↓Help:
          result: { done: ~ }
          start: Topics
          screens:
            Topics: { on: { next: stay } }
            Bye: { on: { close: { finish: done } } }
      """),
    .passing(
      """
      version: 1
      coordinators:
        App:
          entry: true
          tabs:
            - start: Feed
        Feed:
          start: List
          screens:
            List: { on: { refresh: stay } }
      """),
  ]

  /// Reads each coordinator's reachable finishes and its parents once: O(coordinators).
  package static func check(_ context: ResolvedModule, into findings: inout Findings) {
    let module = context.module
    for (index, coordinator) in module.coordinators.enumerated() {
      guard let first = context.analysis.startedBy[index].first else { continue }
      let parent = module.coordinators[first.parent].name
      let analysis = context.analysis.coordinators[index]
      if coordinator.result == nil {
        findings.add(
          self,
          "coordinator '\(coordinator.name)' is started by '\(parent)' but has no result, so "
            + "it can never finish and '\(parent)' never removes it", at: coordinator.name.range)
      } else if analysis.finishedCases.isEmpty && !analysis.hasUnresolvedStep {
        findings.add(
          self,
          "coordinator '\(coordinator.name)' is started by '\(parent)' but no 'finish' is "
            + "reachable from its start, so '\(parent)' never removes it",
          at: coordinator.name.range)
      }
    }
  }
}
