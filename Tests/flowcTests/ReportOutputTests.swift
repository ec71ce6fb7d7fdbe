import FlowCore
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `--format codeclimate`, `--format junit`, `--output FILE` and `--quiet` of `flowc check`
/// (issue 20, item 7), through the real binary and read by the formats' own consumers' rules.
@Suite struct ReportOutputTests {
  /// Two errors, a warning, and a name with every character XML must escape.
  static let flows = [
    "flows/app.flow.yaml": """
    version: 1
    coordinators:
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { next: { push: Detial }, odd: { push: "a<b&c>\\"d'" } } }
          Detail: { on: { back: pop } }
      Lonely:
        start: Alone
        screens: { Alone: {} }

    """,
    "flows/clean.flow.yaml": "version: 1\ncoordinators: {}\n",
  ]

  // MARK: Code Climate

  @Test func codeClimateIsGitLabsCodeQualityReport() throws {
    let directory = try TemporaryDirectory(files: Self.flows)
    defer { directory.cleanUp() }
    let result = try flowc(["check", "--format", "codeclimate"], in: directory.url)
    #expect(result.status == 1)
    #expect(result.stderr == "")
    let report = directory.url.appendingPathComponent("gl-code-quality-report.json")
    try Data(result.stdout.utf8).write(to: report)
    let schema = packageRoot.appendingPathComponent(
      "Tests/Fixtures/reports/code-quality.schema.json")
    let validation = try CheckJSONSchema.run(["--schemafile", schema.path, report.path])
    #expect(validation.status == 0, "\(validation.output)")

    let issues = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    #expect(issues.count == 3)
    let first = try #require(issues.first)
    #expect(first["check_name"] as? String == "unknown-reference")
    #expect(first["severity"] as? String == "critical")
    #expect((first["description"] as? String)?.hasPrefix("screen 'Detial' does not exist") == true)
    let location = first["location"] as? [String: Any]
    #expect(location?["path"] as? String == "flows/app.flow.yaml")
    #expect((location?["lines"] as? [String: Any])?["begin"] as? Int == 7)
    #expect(
      issues.compactMap { $0["severity"] as? String }.sorted() == ["critical", "critical", "minor"])
  }

  /// The Code Climate fingerprints are SARIF's `flowc/v2` ones, and the baseline's: one
  /// identity, so GitLab and code scanning follow a finding as the baseline does.
  @Test func everyReportCarriesTheSameFingerprints() throws {
    let directory = try TemporaryDirectory(files: Self.flows)
    defer { directory.cleanUp() }
    let climate = try flowc(["check", "--format", "codeclimate"], in: directory.url)
    let issues =
      try JSONSerialization.jsonObject(with: Data(climate.stdout.utf8)) as? [[String: Any]]
    let fromClimate = (issues ?? []).compactMap { $0["fingerprint"] as? String }
    let sarif = try SARIFLog(try flowc(["check", "--format", "sarif"], in: directory.url).stdout)
    let fromSARIF = sarif.results.compactMap {
      ($0.object["partialFingerprints"] as? [String: String])?["flowc/v2"]
    }
    _ = try flowc(["check", "--write-baseline", "b.json"], in: directory.url)
    let baseline =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: directory.url.appendingPathComponent("b.json"))) as? [String: Any]
    let fromBaseline = (baseline?["findings"] as? [[String: String]] ?? []).compactMap {
      $0["fingerprint"]
    }
    #expect(fromClimate.count == 3 && Set(fromClimate).count == 3)
    #expect(fromClimate == fromSARIF)
    #expect(Set(fromBaseline) == Set(fromClimate))

    // Lines moved above every finding: the same fingerprints.
    let path = directory.url.appendingPathComponent("flows/app.flow.yaml")
    let text = try String(contentsOf: path, encoding: .utf8)
    try Data(("# moved\n\n" + text).utf8).write(to: path)
    let moved = try flowc(["check", "--format", "codeclimate"], in: directory.url)
    let movedIssues =
      try JSONSerialization.jsonObject(with: Data(moved.stdout.utf8)) as? [[String: Any]]
    #expect((movedIssues ?? []).compactMap { $0["fingerprint"] as? String } == fromClimate)
  }

  /// With a baseline, a reported finding carries the fingerprint it has in the whole run,
  /// not the one it would have if the findings in the baseline did not exist: of two alike
  /// findings, the second stays the second.
  @Test func aBaselineDoesNotChangeTheFingerprintsReported() throws {
    let one =
      "version: 1\ncoordinators:\n  App:\n    entry: true\n    start: A\n    screens:\n"
      + "      A: { on: { a: { push: Nope } } }\n"
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": one])
    defer { directory.cleanUp() }
    _ = try flowc(["check", "--write-baseline", "b.json"], in: directory.url)
    try Data((one + "      B: { on: { b: { push: Nope } } }\n").utf8).write(
      to: directory.url.appendingPathComponent("flows/app.flow.yaml"))
    func fingerprints(_ arguments: [String]) throws -> [String] {
      let result = try flowc(["check", "--format", "codeclimate"] + arguments, in: directory.url)
      let issues =
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
      return (issues ?? []).filter { $0["check_name"] as? String == "unknown-reference" }
        .compactMap { $0["fingerprint"] as? String }
    }
    let whole = try fingerprints([])
    let outside = try fingerprints(["--baseline", "b.json"])
    #expect(whole.count == 2 && Set(whole).count == 2)
    #expect(outside == [whole[1]])
    let sarif = try SARIFLog(
      try flowc(["check", "--format", "sarif", "--baseline", "b.json"], in: directory.url).stdout)
    let fromSARIF = sarif.results.filter { $0.object["ruleId"] as? String == "unknown-reference" }
      .compactMap { ($0.object["partialFingerprints"] as? [String: String])?["flowc/v2"] }
    #expect(fromSARIF == [whole[1]])
  }

  // MARK: JUnit

  @Test func junitIsWellFormedXMLWithATestSuitePerFile() throws {
    let directory = try TemporaryDirectory(files: Self.flows)
    defer { directory.cleanUp() }
    let result = try flowc(["check", "--format", "junit"], in: directory.url)
    #expect(result.status == 1)
    let document = try JUnitDocument(result.stdout)
    #expect(document.root?["name"] == "flowc")
    #expect(document.root?["tests"] == "4")
    #expect(document.root?["failures"] == "3")
    #expect(
      document.suites.map { $0["name"] ?? "" } == ["flows/app.flow.yaml", "flows/clean.flow.yaml"])
    #expect(document.suites.map { $0["failures"] ?? "" } == ["3", "0"])
    #expect(document.cases.count == 4)
    #expect(document.cases.last?["name"] == "no findings")
    #expect(document.failures.map { $0.attributes["type"] ?? "" } == ["error", "error", "warning"])
    // The escaped name comes back as written.
    let odd = try #require(
      document.failures.first { $0.attributes["message"]?.contains("a<b") == true })
    #expect(odd.attributes["message"]?.contains("'a<b&c>\"d''") == true, "\(odd.attributes)")
    #expect(odd.text.hasPrefix("flows/app.flow.yaml:7:"))
    #expect(odd.text.hasSuffix("[unknown-reference]"))
  }

  @Test func junitWritesCharactersXMLCannotHoldAsEscapes() throws {
    let finding = Finding(
      "unknown-reference", .error, "screen 'a\u{1}b\u{1B}' & <more>\nline",
      at: .startOfFile("flows/x\u{7}.flow.yaml"))
    let text = JUnitReporter.render([finding], files: [])
    let document = try JUnitDocument(text)
    #expect(document.suites.first?["name"] == "flows/x\\u{7}.flow.yaml")
    #expect(
      document.failures.first?.attributes["message"] == "screen 'a\\u{1}b\\u{1B}' & <more>\nline")
  }

  // MARK: --output

  @Test func outputWritesTheReportToAFileAndKeepsTheExitStatus() throws {
    let directory = try TemporaryDirectory(
      files: Self.flows.merging(["report.json": "old\n"]) { $1 })
    defer { directory.cleanUp() }
    let file = directory.url.appendingPathComponent("report.json")
    try #require(chmod(file.path, 0o640) == 0)
    let result = try flowc(
      ["check", "--format", "json", "--output", "report.json"], in: directory.url)
    #expect(result.status == 1)
    #expect(result.stdout == "")
    let expected = try flowc(["check", "--format", "json"], in: directory.url).stdout
    #expect(try String(contentsOf: file, encoding: .utf8) == expected)
    // The file it replaced keeps its permissions; no temporary file is left beside it.
    var info = stat()
    #expect(stat(file.path, &info) == 0 && info.st_mode & 0o777 == 0o640)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
    #expect(names == ["flows", "report.json"])

    // Text to a file has no colour, even when asked for 'auto' with a terminal nowhere.
    let text = try flowc(["check", "--output", "reports/new/flowc.txt"], in: directory.url)
    #expect(text.status == 1)
    #expect(text.stderr == "2 errors and 1 warning in 2 files\n")
    let written = try String(
      contentsOf: directory.url.appendingPathComponent("reports/new/flowc.txt"), encoding: .utf8)
    #expect(written.hasPrefix("flows/app.flow.yaml:7:"))
    #expect(!written.contains("\u{1B}["))
  }

  @Test func onAnErrorTheOutputFileIsLeftAsItWas() throws {
    let directory = try TemporaryDirectory(
      files: Self.flows.merging(["report.json": "old\n", ".flowc.yml": "rules: { nope: off }\n"]) {
        $1
      })
    defer { directory.cleanUp() }
    let result = try flowc(["check", "--output", "report.json"], in: directory.url)
    #expect(result.status == 2)
    #expect(
      try String(contentsOf: directory.url.appendingPathComponent("report.json"), encoding: .utf8)
        == "old\n")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
    #expect(names == [".flowc.yml", "flows", "report.json"])
  }

  @Test func outputIsNeverWrittenThroughAFIFOADeviceOrALink() throws {
    let directory = try TemporaryDirectory(files: Self.flows.merging(["target": "mine\n"]) { $1 })
    defer { directory.cleanUp() }
    try #require(mkfifo(directory.url.appendingPathComponent("fifo").path, 0o600) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: directory.url.appendingPathComponent("link").path, withDestinationPath: "target")
    // Inside the test's directory only: a device is made there by OutputPolicyTests, never
    // aimed at in /dev (NOTES.md).
    for (path, what) in [
      ("fifo", "is a FIFO (named pipe), not a regular file"), ("link", "is a symbolic link"),
      ("flows", "is a directory, not a regular file"),
    ] {
      // A FIFO opened for writing would block this test for ever: it returns.
      let result = try flowc(["check", "--output", path], in: directory.url)
      #expect(result.status == 2, "\(path)")
      #expect(
        result.stderr
          == "flowc: error: --output: '\(path)' \(what); flowc writes only a regular file or a "
          + "new one, never through a link, FIFO or device; nothing was written\n")
      #expect(result.stdout == "")
    }
    #expect(
      try String(contentsOf: directory.url.appendingPathComponent("target"), encoding: .utf8)
        == "mine\n")
    let overFlow = try flowc(["check", "--output", "flows/app.flow.yaml"], in: directory.url)
    #expect(overFlow.status == 2)
    #expect(overFlow.stderr.contains("which this run reads"))
    _ = try flowc(["check", "--write-baseline", "b.json"], in: directory.url)
    let overBaseline = try flowc(
      ["check", "--baseline", "b.json", "--output", "b.json"], in: directory.url)
    #expect(overBaseline.status == 2)
    #expect(
      overBaseline.stderr
        == "flowc: error: --output: 'b.json' is the baseline 'b.json', which this run reads; "
        + "name another file; nothing was written\n")
  }

  // MARK: --quiet

  @Test func quietPrintsTheFindingsAndNoSummary() throws {
    let directory = try TemporaryDirectory(files: Self.flows)
    defer { directory.cleanUp() }
    let loud = try flowc(["check"], in: directory.url)
    let quiet = try flowc(["check", "--quiet"], in: directory.url)
    #expect(quiet.status == loud.status && quiet.status == 1)
    #expect(quiet.stdout == loud.stdout)
    #expect(!loud.stderr.isEmpty)
    #expect(quiet.stderr == "")
    let clean = try flowc(["check", "--quiet", "flows/clean.flow.yaml"], in: directory.url)
    #expect(clean.status == 0 && clean.stdout == "" && clean.stderr == "")
  }
}

/// A JUnit report read with Foundation's XML parser, which fails on XML that is not
/// well-formed.
struct JUnitDocument {
  struct Element {
    var name: String
    var attributes: [String: String]
    var text = ""
  }

  var elements: [Element] = []

  init(_ text: String) throws {
    let parser = XMLParser(data: Data(text.utf8))
    let collector = Collector()
    parser.delegate = collector
    guard parser.parse() else {
      throw ParseError(description: "\(parser.parserError.map(String.init(describing:)) ?? "?")")
    }
    elements = collector.elements
  }

  var root: [String: String]? { elements.first { $0.name == "testsuites" }?.attributes }
  var suites: [[String: String]] { elements.filter { $0.name == "testsuite" }.map(\.attributes) }
  var cases: [[String: String]] { elements.filter { $0.name == "testcase" }.map(\.attributes) }
  var failures: [Element] { elements.filter { $0.name == "failure" } }

  struct ParseError: Error, CustomStringConvertible {
    var description: String
  }

  private final class Collector: NSObject, XMLParserDelegate {
    var elements: [Element] = []
    private var open: [Int] = []

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      open.append(elements.count)
      elements.append(Element(name: name, attributes: attributes))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      if let last = open.last { elements[last].text += string }
    }

    func parser(
      _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
      qualifiedName: String?
    ) {
      open.removeLast()
    }
  }
}
