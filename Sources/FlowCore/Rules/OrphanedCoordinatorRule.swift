/// Coordinators that no entry coordinator can lead to.
package enum OrphanedCoordinatorRule: ModuleRule {
  package static let id: RuleID = "orphaned-coordinator"
  package static let severity = Severity.warning
  package static let blocksGeneration = false
  package static let drawing = FindingDrawing.problem
  package static let summary =
    "A coordinator that cannot be reached from any entry coordinator through starts on "
    + "reachable nodes."
  package static let rationale = """
    A coordinator is in use when an `entry` coordinator starts it, directly or through \
    other coordinators, from a node the user can reach or from an external event of a \
    coordinator in use. In a module without entries (a \
    library of flows), a coordinator is in use when another coordinator starts it. An \
    orphaned coordinator, and all the code generated for it, is dead.
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
            Home: { on: { next: stay } }
            Lost: { on: { settings: { start: Settings } } }
        ↓Settings:
          start: General
          screens:
            General: { on: { next: stay } }
      """),
    .passing(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { settings: { start: Settings, style: present, on: { done: stay } } } }
        Settings:
          result: { done: ~ }
          start: General
          screens:
            General: { on: { close: { finish: done } } }
      """),
  ]

  /// Reads the module's start graph, worked out once: O(coordinators).
  package static func check(_ context: ResolvedModule, into findings: inout Findings) {
    let module = context.module
    guard module.isComplete, !context.analysis.isAttachmentUncertain else { return }
    let hasEntry = module.coordinators.contains(where: \.isEntry)
    for (index, coordinator) in module.coordinators.enumerated()
    where !context.analysis.isAttached[index] {
      let message =
        hasEntry
        ? Message.notReachedFromEntry(coordinator.subject)
        : Message.notStartedWithoutEntry(coordinator.subject)
      findings.add(message, about: coordinator.subject, at: coordinator.name.range)
    }
  }

  /// What the rule says.
  package enum Message: RuleMessage {
    package typealias ReportingRule = OrphanedCoordinatorRule

    /// The coordinator no entry coordinator leads to.
    case notReachedFromEntry(SymbolRef)
    /// The coordinator no other starts, in a module without entries.
    case notStartedWithoutEntry(SymbolRef)

    package var name: String {
      switch self {
      case .notReachedFromEntry: "not-reached-from-entry"
      case .notStartedWithoutEntry: "not-started"
      }
    }

    package var english: MessageText {
      switch self {
      case .notReachedFromEntry(let coordinator):
        "\(definition: coordinator) is never started: no entry coordinator leads to it through "
          + "'start' actions on reachable screens"
      case .notStartedWithoutEntry(let coordinator):
        "\(definition: coordinator) is never started: no other coordinator starts it, and the "
          + "module has no entry coordinator"
      }
    }
  }
}
