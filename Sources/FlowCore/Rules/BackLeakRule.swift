/// `pop` and `dismiss` that leave a child without finishing it.
package enum BackLeakRule: ModuleRule {
  package static let id: RuleID = "back-leak"
  package static let severity = Severity.warning
  package static let blocksGeneration = false
  package static let drawing = FindingDrawing.problem
  package static let summary =
    "A `pop` or `dismiss` that leaves a child's screens without finishing it: `pop` on the "
    + "bottom of a push-style child, `dismiss` in a modal stack presented from outside."
  package static let rationale = """
    `pop` on the first screen of a push-style child goes back into its parent's screens, \
    and `dismiss` in a modal stack that the parent presented closes the child's screens. \
    Either way the child is never finished, so the parent never removes it: it leaks. \
    Finish with a result instead and let the parent's handler navigate. It is reported \
    only when the action is wrong in every way the screen can be shown.
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

  /// Reads the verdicts on back actions that the module analysis worked out once (a
  /// fixpoint over at most four start contexts per coordinator): O(back actions).
  package static func check(_ context: ResolvedModule, into findings: inout Findings) {
    BackCheck.forEach(.leak, in: context) { site in
      let name = site.coordinator.name
      let what =
        site.isPop
        ? "'pop' \(site.place) goes back into the parent of push-style child '\(name)'"
        : "'dismiss' \(site.place) closes a modal stack presented from outside '\(name)'"
      findings.add(
        self,
        what + " without finishing it, so '\(name)' is never removed; finish with a result "
          + "instead", at: site.step.written.range)
    }
  }
}
