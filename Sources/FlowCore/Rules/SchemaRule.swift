/// Flow files whose structure is not the language's: the front end's `limit`, `version` and
/// `structure` problems (see `FrontEndFindings.swift`).
package enum SchemaRule: Rule {
  package static let id: RuleID = "schema"
  package static let severity = Severity.error
  package static let blocksGeneration = true
  package static let drawing = FindingDrawing.problem
  package static let summary =
    "Wrong structure: an unknown or missing key, a wrong kind of value, a duplicate key, a bad "
    + "version, more than one action."
  package static let rationale = """
    A misspelt key would otherwise be silently ignored and the flow would not do what it \
    says. Every structural problem is reported at the node it is about, with a did-you-mean \
    where a known key or action is close, and decoding goes on so that one run reports them \
    all. A file whose `version` is missing or wrong gets only that finding.
    """
  package static let examples: [RuleExample] = [
    .triggering(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          ↓screns:
            Home: { on: { next: stay } }
      """),
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
                next: ↓popp
                other: { push: Home, ↓present: Home }
      """),
    .triggering(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { next: stay } }
            ↓Home: { on: { next: stay } }
      """),
    .triggering("version: ↓2\ncoordinators: {}\n"),
    .passing(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { doc: The first screen., on: { next: { push: Next } } }
            Next: { on: { back: pop } }
      """),
  ]
}
