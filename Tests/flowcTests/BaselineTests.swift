import Foundation
import Testing

/// `flowc check --write-baseline FILE` and `--baseline FILE` (issue 20, item 1), through the
/// real binary: a finding in the baseline is not reported however lines move, an entry that
/// matches no finding any more is named, and a baseline that cannot be read is exit status 2.
@Suite struct BaselineTests {
  /// Two files with four findings: two in `a`, on two lines, and two in `b` (a misspelt
  /// screen, and the coordinator that nothing starts).
  static let flows = [
    "flows/b.flow.yaml": """
    version: 1
    coordinators:
      Second:
        start: One
        screens:
          One: { on: { next: { push: Tow } } }
          Two: {}

    """,
    "flows/a.flow.yaml": """
    version: 1
    coordinators:
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { next: { push: Detial } } }
          Detail: { on: { back: pop, more: { push: Nowhere } } }

    """,
  ]

  /// `text` with 20 comment lines inserted at its top and above each of its lines that holds a
  /// finding (`push:`), so that every finding moves down, each by a different amount.
  static func moved(_ text: String) -> String {
    var lines = (1...20).map { "# inserted at the top \($0)" }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.contains("push:") {
        let indent = line.prefix { $0 == " " }
        for index in 1...20 { lines.append("\(indent)# inserted line \(index)") }
      }
      lines.append(String(line))
    }
    return lines.joined(separator: "\n")
  }

  @Test func aBaselineKeepsMatchingWhenTwentyLinesAreInsertedAboveEveryFinding() throws {
    let directory = try TemporaryDirectory(files: Self.flows)
    defer { directory.cleanUp() }
    let written = try flowc(["check", "--write-baseline", "baseline.json"], in: directory.url)
    // The run reports as it would without the option.
    #expect(written.status == 1, "\(written.output)")
    #expect(written.stdout.components(separatedBy: "[unknown-reference]").count == 4)
    let before = try flowc(["check", "--format", "json"], in: directory.url)

    for (path, text) in Self.flows {
      try Data(Self.moved(text).utf8).write(to: directory.url.appendingPathComponent(path))
    }
    let after = try flowc(["check", "--format", "json"], in: directory.url)
    let (old, new) = (Self.lines(before.stdout), Self.lines(after.stdout))
    #expect(old.count == 4 && new.count == 4)
    #expect(zip(old, new).allSatisfy { $1 >= $0 + 20 }, "\(old) became \(new)")

    let checked = try flowc(["check", "--baseline", "baseline.json"], in: directory.url)
    #expect(checked.status == 0, "\(checked.output)")
    #expect(checked.stdout == "")
    #expect(checked.stderr == "no problems in 2 files (4 more in the baseline)\n")
  }

  @Test func aFixedFindingsEntryIsReportedUnusedAndANewFindingIsReported() throws {
    let directory = try TemporaryDirectory(files: Self.flows)
    defer { directory.cleanUp() }
    _ = try flowc(["check", "--write-baseline", "baseline.json"], in: directory.url)
    let baseline = try String(
      contentsOf: directory.url.appendingPathComponent("baseline.json"), encoding: .utf8)
    let fixed = try #require(Self.flows["flows/a.flow.yaml"])
      .replacingOccurrences(of: "Detial", with: "Detail")
      .replacingOccurrences(of: "Nowhere", with: "Elsewhere")
    try Data(fixed.utf8).write(to: directory.url.appendingPathComponent("flows/a.flow.yaml"))

    let result = try flowc(["check", "--baseline", "baseline.json"], in: directory.url)
    // 'Elsewhere' is new: reported, and it fails the run; 'Tow' is still in the baseline.
    #expect(result.status == 1, "\(result.output)")
    #expect(result.stdout.hasPrefix("flows/a.flow.yaml:8:48: error: screen 'Elsewhere'"))
    #expect(!result.stdout.contains("Tow"))
    // The fixed finding's entry is named at its place in the baseline; the one of 'Nowhere'
    // too, since its message changed.
    let notes = result.stderr.split(separator: "\n").filter { $0.contains(": note: ") }
    #expect(notes.count == 2, "\(result.stderr)")
    let line = try #require(Self.line(of: "Detial", in: baseline))
    #expect(
      notes.first?.hasPrefix(
        "baseline.json:\(line - 3):5: note: baseline entry matches no finding any more "
          + "(unknown-reference in flows/a.flow.yaml: screen 'Detial' does not exist") == true,
      "\(result.stderr)")
    #expect(result.stderr.contains("1 error in 2 files (2 more in the baseline)"))

    // Written again by a run that does not read it, the baseline loses the fixed entries
    // and takes the new one.
    let rewritten = try flowc(["check", "--write-baseline", "baseline.json"], in: directory.url)
    #expect(!rewritten.stderr.contains(": note: "), "\(rewritten.stderr)")
    let again = try flowc(["check", "--baseline", "baseline.json"], in: directory.url)
    #expect(again.status == 0 && again.stdout == "" && !again.stderr.contains("note"))
    let text = try String(
      contentsOf: directory.url.appendingPathComponent("baseline.json"), encoding: .utf8)
    #expect(text.contains("Elsewhere") && text.contains("Tow") && !text.contains("Detial"))
  }

  /// A warning stays a warning and an error an error: the baseline only hides findings, so
  /// `--strict` counts only those outside it.
  @Test func strictCountsOnlyFindingsOutsideTheBaseline() throws {
    let directory = try TemporaryDirectory(files: [
      "flows/a.flow.yaml": "version: 1\ntypes: { Unused: { fields: { a: Int } } }\n"
    ])
    defer { directory.cleanUp() }
    let plain = try flowc(["check", "--strict"], in: directory.url)
    #expect(plain.status == 1, "\(plain.output)")
    _ = try flowc(["check", "--write-baseline", "b.json"], in: directory.url)
    let strict = try flowc(["check", "--strict", "--baseline", "b.json"], in: directory.url)
    #expect(strict.status == 0, "\(strict.output)")
  }

  @Test func theFileIsSortedStableVersionedJSON() throws {
    let directory = try TemporaryDirectory(files: Self.flows)
    defer { directory.cleanUp() }
    _ = try flowc(["check", "--write-baseline", "one.json"], in: directory.url)
    _ = try flowc(
      ["check", "--write-baseline", "two.json", "flows/b.flow.yaml", "flows/a.flow.yaml"],
      in: directory.url)
    let one = try Data(contentsOf: directory.url.appendingPathComponent("one.json"))
    let two = try Data(contentsOf: directory.url.appendingPathComponent("two.json"))
    #expect(one == two, "the same findings give the same bytes")
    let object = try #require(try JSONSerialization.jsonObject(with: one) as? [String: Any])
    #expect(object["version"] as? Int == 2)
    let entries = try #require(object["findings"] as? [[String: String]])
    #expect(
      entries.map { $0["file"] ?? "" } == [
        "flows/a.flow.yaml", "flows/a.flow.yaml", "flows/b.flow.yaml", "flows/b.flow.yaml",
      ])
    #expect(entries.allSatisfy { Set($0.keys) == ["file", "fingerprint", "message", "rule"] })
    // One key per line, so that a diff shows one entry's change alone.
    let text = String(decoding: one, as: UTF8.self)
    #expect(text.contains("\n      \"fingerprint\": \""))
    // Written through an exclusively created temporary file: none is left behind.
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
    #expect(names.sorted() == ["flows", "one.json", "two.json"])
  }

  @Test(arguments: [
    ("{\n  \"findings\": [\n", "b.json:3:1: not a baseline (not valid JSON): "),
    (
      "{\"version\": 3, \"findings\": []}\n",
      "b.json:1:13: this flowc reads baselines of version 1 or 2; write it again with --write-baseline"
    ),
    ("[]\n", "b.json:1:1: the baseline must be an object"),
    ("{\"version\": 1}\n", "b.json:1:1: the baseline has no 'findings'"),
    (
      "{\"version\": 1, \"findings\": [{\"fingerprint\": \"xyz\", \"rule\": \"r\", \"file\": \"f\", \"message\": \"m\"}]}\n",
      "b.json:1:45: a fingerprint is 16 hexadecimal digits"
    ),
    ("{\"version\": 1, \"runs\": []}\n", "b.json:1:16: unknown key 'runs' in the baseline"),
    ("", "b.json:1:1: the baseline is empty"),
  ])
  func aMalformedBaselineIsAClearErrorWithExitStatusTwo(text: String, message: String) throws {
    let directory = try TemporaryDirectory(files: Self.flows.merging(["b.json": text]) { $1 })
    defer { directory.cleanUp() }
    let result = try flowc(["check", "--baseline", "b.json"], in: directory.url)
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("flowc: error: " + message), "\(result.stderr)")
  }

  /// A baseline of version 1, written by flowc before message ids (fingerprints made from
  /// the English of the messages), of 22 findings of 14 rules in three files: it still
  /// matches every finding, and writing the baseline again makes it version 2. (It had 23
  /// until `unused-result-case` left a case that a start does not handle to that start's
  /// `unhandled-result`.)
  @Test func aBaselineOfVersionOneKeepsMatchingAndIsWrittenAgainAsVersionTwo() throws {
    let fixture = packageRoot.appendingPathComponent("Tests/Fixtures/baseline-v1")
    var files: [String: String] = [:]
    for path in [
      "baseline.json", "flows/app.flow.yaml", "flows/graph.flow.yaml", "flows/second.flow.yaml",
    ] {
      files[path] = try String(
        contentsOf: fixture.appendingPathComponent(path), encoding: .utf8)
    }
    let directory = try TemporaryDirectory(files: files)
    defer { directory.cleanUp() }
    let old = try #require(
      try JSONSerialization.jsonObject(with: Data((files["baseline.json"] ?? "").utf8))
        as? [String: Any])
    #expect(old["version"] as? Int == 1)
    let oldEntries = try #require(old["findings"] as? [[String: String]])
    #expect(oldEntries.count == 22)

    let checked = try flowc(["check", "--baseline", "baseline.json"], in: directory.url)
    #expect(checked.status == 0, "\(checked.output)")
    #expect(checked.stdout == "")
    #expect(!checked.stderr.contains("matches no finding"), "\(checked.stderr)")
    #expect(checked.stderr.contains("(22 more in the baseline)"), "\(checked.stderr)")

    let written = try flowc(["check", "--write-baseline", "new.json"], in: directory.url)
    #expect(written.status == 1)
    let text = try Data(contentsOf: directory.url.appendingPathComponent("new.json"))
    let new = try #require(try JSONSerialization.jsonObject(with: text) as? [String: Any])
    #expect(new["version"] as? Int == 2)
    let newEntries = try #require(new["findings"] as? [[String: String]])
    // The same findings, by new fingerprints.
    func described(_ entries: [[String: String]]) -> [String] {
      entries.map { "\($0["file"] ?? "") \($0["rule"] ?? "") \($0["message"] ?? "")" }.sorted()
    }
    #expect(described(newEntries) == described(oldEntries))
    #expect(
      Set(newEntries.map { $0["fingerprint"] }).isDisjoint(
        with: oldEntries.map { $0["fingerprint"] }))
    let again = try flowc(["check", "--baseline", "new.json"], in: directory.url)
    #expect(again.status == 0, "\(again.output)")
    #expect(again.stderr.contains("(22 more in the baseline)"), "\(again.stderr)")
  }

  @Test func aMissingBaselineIsAnErrorAndNothingIsChecked() throws {
    let directory = try TemporaryDirectory(files: Self.flows)
    defer { directory.cleanUp() }
    let result = try flowc(["check", "--baseline", "missing.json"], in: directory.url)
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "flowc: error: cannot read baseline missing.json: No such file or directory\n")
  }

  @Test func theBaselineIsNotWrittenThroughAFIFOOrOverAFlowFile() throws {
    let directory = try TemporaryDirectory(files: Self.flows)
    defer { directory.cleanUp() }
    let fifo = directory.url.appendingPathComponent("fifo").path
    try #require(mkfifo(fifo, 0o600) == 0)
    let throughFIFO = try flowc(["check", "--write-baseline", "fifo"], in: directory.url)
    #expect(throughFIFO.status == 2)
    #expect(
      throughFIFO.stderr.contains("'fifo' is a FIFO (named pipe), not a regular file"),
      "\(throughFIFO.stderr)")
    let overFlow = try flowc(
      ["check", "--write-baseline", "./flows/a.flow.yaml"], in: directory.url)
    #expect(overFlow.status == 2)
    #expect(overFlow.stderr.contains("which this run reads"), "\(overFlow.stderr)")
    let flow = try String(
      contentsOf: directory.url.appendingPathComponent("flows/a.flow.yaml"), encoding: .utf8)
    #expect(flow == Self.flows["flows/a.flow.yaml"])
  }

  /// The line of each finding of a JSON report.
  static func lines(_ json: String) -> [Int] {
    let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let diagnostics = object?["diagnostics"] as? [[String: Any]] ?? []
    return diagnostics.compactMap { $0["line"] as? Int }
  }

  /// The 1-based line of `text`'s first line that contains `word`.
  static func line(of word: String, in text: String) -> Int? {
    text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
      $0.contains(word)
    }.map { $0 + 1 }
  }
}
