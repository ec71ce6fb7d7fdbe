import FlowCore
import Testing

/// The one place where the front end's problems become findings of rules.
@Suite struct FrontEndFindingsTests {
  @Test func eachKindOfProblemIsReportedByItsRule() {
    let rules = FrontEndProblem.Kind.allCases.map { $0.rule.id }
    #expect(rules == ["yaml-syntax", "yaml-syntax", "schema", "schema", "schema"])
    for kind in FrontEndProblem.Kind.allCases {
      #expect(RuleRegistry.rule(kind.rule.id) != nil, "\(kind)")
    }
  }

  @Test func problemsBecomeFindingsInOrderWithTheirNotesIdsAndSubjects() {
    let range = SourceRange(
      file: "a.flow.yaml", start: SourcePosition(line: 2, column: 3),
      end: SourcePosition(line: 2, column: 7))
    let note = Note("first defined here", at: .startOfFile("a.flow.yaml"))
    let subject = SymbolRef([.coordinator("App"), .key("a")])
    var findings = Findings()
    findings.add([
      FrontEndProblem(
        .structure, "duplicate-key", "duplicate key 'a' in the file", about: subject, at: range,
        notes: [note], suggestion: "b"),
      FrontEndProblem(.syntax, "invalid", "invalid YAML: oops", at: .startOfFile("b.flow.yaml")),
    ])
    #expect(findings.all.map(\.rule) == ["schema", "yaml-syntax"])
    #expect(findings.all.map(\.severity) == [.error, .error])
    #expect(
      findings.all.map(\.message) == ["duplicate key 'a' in the file", "invalid YAML: oops"])
    #expect(
      findings.all.map(\.messageID.description) == ["schema/duplicate-key", "yaml-syntax/invalid"])
    #expect(findings.all.map(\.subject) == [subject, .file])
    #expect(findings.all.map(\.range) == [range, .startOfFile("b.flow.yaml")])
    #expect(findings.all.map(\.notes) == [[note], []])
    #expect(findings.all.map(\.suggestion) == ["b", nil])
  }

  @Test func aFileTooLargeIsALimitAtItsStart() {
    let problem = FrontEndProblem.fileTooLarge("a.flow.yaml", size: 9, limit: 8)
    #expect(problem.kind == .limit)
    #expect(problem.message == "file is 9 bytes, more than the limit of 8 bytes")
    #expect(problem.range == .startOfFile("a.flow.yaml"))
  }
}
