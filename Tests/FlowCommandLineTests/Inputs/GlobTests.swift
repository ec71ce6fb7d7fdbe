import FlowCommandLine
import Testing

/// The glob patterns of a configuration's `exclude`.
@Suite struct GlobTests {
  @Test(arguments: [
    ("flows/drafts", "flows/drafts/a.flow.yaml", true),
    ("flows/drafts/**", "flows/drafts/x/a.flow.yaml", true),
    ("**/*.draft.flow.yaml", "flows/x/a.draft.flow.yaml", true),
    ("**/*.draft.flow.yaml", "a.draft.flow.yaml", true),
    ("*.flow.yaml", "flows/a.flow.yaml", false),
    ("flows/*.flow.yaml", "flows/a.flow.yaml", true),
    ("flows/*.flow.yaml", "flows/x/a.flow.yaml", false),
    ("./flows/a?.flow.yaml", "flows/ab.flow.yaml", true),
    ("**/x", "ax", false),
    ("flows/**/b.flow.yaml", "flows/b.flow.yaml", true),
  ])
  func globs(pattern: String, path: String, matches: Bool) {
    #expect(Glob.matches(pattern, path) == matches)
  }
}
