/// `lint: ignore` entries that suppress nothing.
package enum UnusedSuppressionRule: Rule {
  package static let id: RuleID = "unused-suppression"
  package static let severity = Severity.warning
  package static let blocksGeneration = false
  package static let drawing = FindingDrawing.problem
  package static let summary = "A `lint: ignore` entry that suppresses nothing."
  package static let rationale = """
    A suppression that no longer matches a finding hides nothing today but would hide a \
    real problem tomorrow. Remove it. (Entries naming an unknown rule are reported as \
    `unknown-reference` instead, and entries for a rule turned `off` in the configuration \
    are not reported.)
    """
  package static let examples: [RuleExample] = [
    .triggering(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          lint: { ignore: [↓unreachable-screen] }
          screens:
            Home: { on: { next: { push: Next } } }
            Next: { on: { back: pop } }
      """),
    .passing(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { next: { push: Next } } }
            Next: { on: { back: pop } }
            Draft:
              lint: { ignore: [unreachable-screen] }
              on: { back: pop }
      """),
  ]

  /// What the rule says.
  package enum Message: RuleMessage {
    package typealias ReportingRule = UnusedSuppressionRule

    /// A `lint: ignore` entry of the rule that covers no finding.
    case suppressesNothing(RuleID)

    package var name: String { "suppresses-nothing" }

    package var english: MessageText {
      switch self {
      case .suppressesNothing(let rule):
        "'lint: ignore' of '\(rule)' suppresses nothing here; remove it"
      }
    }
  }
}
