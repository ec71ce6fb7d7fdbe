import FlowCore
import Foundation
import Testing

/// The text and JSON formats of `flowc check`.
@Suite struct ReporterTests {
  private let source = SourceFile(
    path: "flows/app.flow.yaml",
    text: "version: 1\ncoordinators:\n  App:\n\tstart: Hom\n")

  private func finding(line: Int, column: Int, endColumn: Int, notes: [Note] = []) -> Finding {
    Finding(
      "unknown-reference", .error, "start 'Hom' is not a screen",
      at: range(line, column, endColumn),
      notes: notes)
  }

  private func range(_ line: Int, _ column: Int, _ endColumn: Int) -> SourceRange {
    SourceRange(
      file: "flows/app.flow.yaml", start: SourcePosition(line: line, column: column),
      end: SourcePosition(line: line, column: endColumn))
  }

  /// Every format is one ``Reporter``, chosen by name, and writes from one ``Report`` what
  /// its own function writes from the same facts: the fingerprints and working directory
  /// reach SARIF and Code Climate, the files JUnit and the text, the count the JSON
  /// summary, the colour the text.
  @Test func everyFormatIsAReporterWritingFromOneReport() {
    let findings = [finding(line: 3, column: 3, endColumn: 6)]
    let fingerprints = ["0123456789abcdef"]
    let report = Report(
      findings: findings, sources: [source.path: source, "b.flow.yaml": source], fileCount: 7,
      fingerprints: fingerprints, workingDirectory: "/w", colored: true)
    let expected: [String: String] = [
      "text": TextReporter(colored: true, sources: report.sources).render(findings),
      "json": JSONReporter.render(findings, files: 7),
      "sarif": SARIFReporter.render(findings, fingerprints: fingerprints, workingDirectory: "/w"),
      "github": GitHubReporter.render(findings),
      "codeclimate": CodeClimateReporter.render(findings, fingerprints: fingerprints),
      "junit": JUnitReporter.render(findings, files: ["b.flow.yaml", source.path]),
    ]
    #expect(
      ReportFormat.allCases.map(\.rawValue) == [
        "text", "json", "sarif", "github", "codeclimate", "junit",
      ])
    for format in ReportFormat.allCases {
      let written = format.reporter.render(report)
      #expect(written == expected[format.rawValue], "\(format.rawValue)")
      #expect(!written.isEmpty)
    }
    #expect(ReportFormat.text.reporter.render(report).contains("\u{1B}["))
    #expect(
      ReportFormat(rawValue: "sarif")?.reporter.render(report).contains("0123456789abcdef") == true)
  }

  @Test func textIsOneClangStyleLineThenAnIndentedExcerptAndNotes() {
    let reporter = TextReporter(colored: false, sources: [source.path: source])
    let text = reporter.render([
      finding(
        line: 3, column: 3, endColumn: 6, notes: [Note("first defined here", at: range(2, 1, 2))])
    ])
    #expect(
      text == """
        flows/app.flow.yaml:3:3: error: start 'Hom' is not a screen [unknown-reference]
              App:
              ^~~
            flows/app.flow.yaml:2:1: note: first defined here

        """)
  }

  @Test func caretsFollowTabs() {
    let reporter = TextReporter(colored: false, sources: [source.path: source])
    let text = reporter.render([finding(line: 4, column: 9, endColumn: 12)])
    #expect(text.hasSuffix("    \tstart: Hom\n    \t       ^~~\n"))
  }

  @Test func colourIsOnlyAddedWhenAsked() {
    let plain = TextReporter(colored: false, sources: [:]).render([
      finding(line: 1, column: 1, endColumn: 2)
    ])
    let colored = TextReporter(colored: true, sources: [:]).render([
      finding(line: 1, column: 1, endColumn: 2)
    ])
    #expect(!plain.contains("\u{1B}["))
    #expect(colored.contains("\u{1B}[1;31merror:\u{1B}[0m"))
  }

  @Test func noExcerptPastTheEndOrWithoutTheSource() {
    let reporter = TextReporter(colored: false, sources: [source.path: source])
    #expect(
      reporter.render([finding(line: 9, column: 1, endColumn: 1)]).split(separator: "\n").count == 1
    )
    let unknown = TextReporter(colored: false, sources: [:])
    #expect(
      unknown.render([finding(line: 1, column: 1, endColumn: 1)]).split(separator: "\n").count == 1)
  }

  @Test func jsonHasSortedKeysAndASummary() {
    let json = JSONReporter.render(
      [
        finding(line: 3, column: 3, endColumn: 6, notes: [Note("here", at: range(2, 1, 2))]),
        Finding("unused-type", .warning, "a \"quoted\"\tword", at: range(1, 1, 2)),
      ], files: 2)
    #expect(
      json == """
        {"diagnostics":[{"column":3,"endColumn":6,"endLine":3,"file":"flows/app.flow.yaml",\
        "line":3,"message":"start 'Hom' is not a screen","messageId":"unknown-reference/text",\
        "notes":[{"column":1,"file":"flows/app.flow.yaml","line":2,"message":"here"}],\
        "rule":"unknown-reference","severity":"error"},{"column":1,"endColumn":2,"endLine":1,\
        "file":"flows/app.flow.yaml","line":1,"message":"a \\"quoted\\"\\tword",\
        "messageId":"unused-type/text","notes":[],"rule":"unused-type","severity":"warning"}],"summary":{"errors":1,"files":2,"warnings":1},"version":1}

        """)
  }

  @Test func summariesCountAndPluralise() {
    let one = finding(line: 1, column: 1, endColumn: 1)
    var warning = one
    warning.severity = .warning
    #expect(FindingSummary(findings: [], files: 1).sentence == "no problems in 1 file")
    #expect(FindingSummary(findings: [one], files: 3).sentence == "1 error in 3 files")
    #expect(
      FindingSummary(findings: [one, one, warning], files: 2).sentence
        == "2 errors and 1 warning in 2 files")
  }

  @Test func jsonEscapesControlCharacters() {
    #expect(JSON.string("a\u{01}b\\").compact == "\"a\\u0001b\\\\\"")
    #expect(
      JSON.object(["b": .integer(1), "a": .array([.bool(true), .null])]).compact
        == "{\"a\":[true,null],\"b\":1}")
  }

  /// SARIF's rule metadata is the registry's: every rule, in order, with its summary,
  /// rationale and default level, and each result points at its rule's entry.
  @Test func sarifListsExactlyTheRegisteredRules() throws {
    let finding = Finding("schema", .warning, "x", at: range(1, 1, 2))
    let text = SARIFReporter.render([finding], workingDirectory: "/x")
    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let driver = (run["tool"] as? [String: Any])?["driver"] as? [String: Any]
    let rules = try #require(driver?["rules"] as? [[String: Any]])
    #expect(rules.compactMap { $0["id"] as? String } == RuleRegistry.ids.map(\.rawValue))
    for (rule, descriptor) in zip(RuleRegistry.all, rules) {
      let short = (descriptor["shortDescription"] as? [String: Any])?["text"] as? String
      let full = (descriptor["fullDescription"] as? [String: Any])?["text"] as? String
      let level = (descriptor["defaultConfiguration"] as? [String: Any])?["level"] as? String
      #expect(short == rule.summary, "\(rule.id)")
      #expect(full == rule.rationale, "\(rule.id)")
      #expect(level == rule.severity.rawValue, "\(rule.id)")
    }
    let result = try #require((run["results"] as? [[String: Any]])?.first)
    #expect(result["ruleIndex"] as? Int == RuleRegistry.ids.firstIndex(of: "schema"))
    #expect(result["level"] as? String == "warning")
  }
}
