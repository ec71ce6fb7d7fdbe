/// A file that libyaml cannot read as YAML: the front end's `encoding` and `syntax` problems
/// (see `FrontEndFindings.swift`).
package enum YAMLSyntaxRule: Rule {
  package static let id: RuleID = "yaml-syntax"
  package static let severity = Severity.error
  package static let blocksGeneration = true
  package static let drawing = FindingDrawing.problem
  package static let summary = "A file that is not well-formed YAML."
  package static let rationale = """
    flowc reads flow files with libyaml. The common mistakes are said in words that tell \
    what to do, at the mistake: a tab that indents a line (YAML indents with spaces only), \
    a `{` or `[` left open (reported where it opens, with a note where YAML gave up), a \
    `: ` inside a plain value (quote it), a key that lines up with no key above it (the \
    indentations it could take are named). Other errors are reported at the position \
    libyaml gives, with libyaml's own words. Such a file adds nothing to the module; the \
    other files are still checked, and no finding is made that the broken file could make \
    false.
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
                next: stay
               ↓back: pop
      """),
    .triggering(
      """
      version: 1
      coordinators: ↓*missing
      """),
    .passing(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { next: stay } }
      """),
  ]
}
