/// `lint: ignore` entries that suppress nothing.
public enum UnusedSuppressionRule: Rule {
  public static let id: RuleID = "unused-suppression"
  public static let severity = Severity.warning
  public static let blocksGeneration = false
  public static let drawing = FindingDrawing.problem
  public static let summary = "A `lint: ignore` entry that suppresses nothing."
  public static let rationale = """
    A suppression that no longer matches a finding hides nothing today but would hide a \
    real problem tomorrow. Remove it. (Entries naming an unknown rule are reported as \
    `unknown-reference` instead, and entries for a rule turned `off` in the configuration \
    are not reported.)
    """
  public static let examples: [RuleExample] = [
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
}
