import FlowCore
import Foundation
import Testing

/// SARIF and GitHub output, checked by their consumers' rules.
@Suite struct OutputFormatTests {
  /// The official SARIF 2.1.0 schema, which the project's environment provides beside it.
  private static func sarifSchema() -> URL? {
    let candidates = [
      packageRoot.deletingLastPathComponent().appendingPathComponent(
        "shared/schemas/sarif-schema-2.1.0.json"),
      URL(fileURLWithPath: "/work/shared/schemas/sarif-schema-2.1.0.json"),
    ]
    return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
  }

  private static let defects = """
    version: 1
    coordinators:
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { next: { push: Detial }, back: pop } }
          Detail: { on: { back: pop } }
          "Odd, name": {}
      App2:
        start: X
        screens: { X: {} }

    """

  @Test func sarifValidatesAgainstTheOfficialSchema() throws {
    let schema = try #require(
      Self.sarifSchema(), "the SARIF 2.1.0 schema is not beside the project")
    let directory = try TemporaryDirectory(files: [
      "flows/a b.flow.yaml": Self.defects,
      "flows/second.flow.yaml": "version: 1\ncoordinators: [\n",
      // A second `App`: a finding with a related location, in a file whose name needs
      // percent-encoding.
      "flows/z #2 100% \u{E9}.flow.yaml":
        "version: 1\ncoordinators:\n  App:\n    start: A\n    screens: { A: {} }\n",
    ])
    defer { directory.cleanUp() }
    let result = try flowc(["check", "--format", "sarif"], in: directory.url)
    #expect(result.status == 1)
    let log = directory.url.appendingPathComponent("out.sarif")
    try Data(result.stdout.utf8).write(to: log)
    let validation = try CheckJSONSchema.run(["--schemafile", schema.path, log.path])
    #expect(validation.status == 0, "\(validation.stdout)\(validation.stderr)")

    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let run = try #require((object?["runs"] as? [[String: Any]])?.first)
    let rules =
      ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]]
    #expect(rules?.count == RuleRegistry.all.count)
    #expect(rules?.compactMap { $0["id"] as? String } == RuleRegistry.ids.map(\.rawValue))
    // Each rule links its section of docs/rules.md at this release ("learn more" in code
    // scanning), and that section exists.
    let rulesDoc = try String(
      contentsOf: packageRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
    for rule in rules ?? [] {
      let id = try #require(rule["id"] as? String)
      #expect(
        rule["helpUri"] as? String
          == "https://github.com/flowc-dev/flowc/blob/v\(FlowcVersion.current)/docs/rules.md#\(id)")
      #expect(rulesDoc.contains("\n## \(id)\n"), "docs/rules.md has no section '\(id)'")
    }
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(results.count >= 4)
    let first = try #require(results.first)
    let location =
      ((first["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
    let artifact = location?["artifactLocation"] as? [String: Any]
    #expect(artifact?["uri"] as? String == "flows/a%20b.flow.yaml")
    #expect(artifact?["uriBaseId"] as? String == "%SRCROOT%")

    // Relative URIs on %SRCROOT%, the working directory (SARIF 2.1.0 section 3.14.14), which
    // the log describes without naming where the machine keeps it, and the related location
    // linked from the message, which GitHub shows only so.
    let sarif = try SARIFLog(result.stdout)
    #expect(sarif.sourceRoot == nil)
    #expect(sarif.sourceRootDescription?.isEmpty == false)
    #expect(!result.stdout.contains(directory.url.path), "the machine's path is in the log")
    let duplicate = try #require(
      sarif.results.first { $0.object["ruleId"] as? String == "duplicate-name" })
    #expect(
      duplicate.artifactLocation?["uri"] as? String == "flows/z%20%232%20100%25%20%C3%A9.flow.yaml")
    #expect(duplicate.artifactLocation?["uriBaseId"] as? String == "%SRCROOT%")
    #expect(
      duplicate.message
        == "coordinator 'App' is defined twice in the module; [first defined here](1)")
    let related = try #require(duplicate.relatedLocations.first)
    #expect(related["id"] as? Int == 1)
    let place =
      (related["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any]
    #expect(place?["uri"] as? String == "flows/a%20b.flow.yaml")
    #expect(place?["uriBaseId"] as? String == "%SRCROOT%")
  }

  /// A file name with a line break, brackets or non-ASCII letters is one URI path (RFC 3986:
  /// everything but unreserved characters and `/` percent-encoded), and brackets and
  /// backslashes in a message cannot make an embedded link (SARIF 2.1.0 section 3.11.6).
  @Test func sarifEncodesNamesAndEscapesLinkSyntax() throws {
    let finding = Finding(
      "type-mismatch", .error, #"payload '[Item](1)' is not 'a\b'"#,
      at: SourceRange(
        file: "odd/a\nb [x]?\u{E9}.flow.yaml", start: SourcePosition(line: 2, column: 3),
        end: SourcePosition(line: 2, column: 5)),
      notes: [
        Note("type '[Item]' defined here", at: .startOfFile("types.flow.yaml")),
        Note("used here", at: .startOfFile("/elsewhere/a b.flow.yaml")),
      ])
    let log = try SARIFLog(SARIFReporter.render([finding], workingDirectory: "/work/my app"))
    #expect(log.sourceRoot == nil)
    let result = try #require(log.results.first)
    #expect(result.artifactLocation?["uri"] as? String == "odd/a%0Ab%20%5Bx%5D%3F%C3%A9.flow.yaml")
    #expect(
      result.message
        == #"payload '\[Item\](1)' is not 'a\\b'; [type '\[Item\]' defined here](1); [used here](2)"#
    )
    #expect(result.relatedLocations.map { $0["id"] as? Int } == [1, 2])
    let outside =
      (result.relatedLocations.last?["physicalLocation"] as? [String: Any])?["artifactLocation"]
      as? [String: Any]
    #expect(outside?["uri"] as? String == "file:///elsewhere/a%20b.flow.yaml")
    #expect(outside?["uriBaseId"] == nil)
  }

  @Test func sarifFingerprintsSurviveMovedLines() throws {
    let before = try Pipeline.check([.source(SourceFile(path: "a.flow.yaml", text: Self.defects))])
      .findings
    let moved = try Pipeline.check([
      .source(SourceFile(path: "a.flow.yaml", text: "# a new comment\n\n" + Self.defects))
    ]).findings
    #expect(before.map(\.line) != moved.map(\.line))
    func fingerprints(_ findings: [Finding]) throws -> [String] {
      let text = SARIFReporter.render(findings, workingDirectory: "/x")
      let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
      let results =
        ((object?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
      return results.compactMap { ($0["partialFingerprints"] as? [String: String])?["flowc/v2"] }
    }
    let original = try fingerprints(before)
    #expect(original.count == before.count)
    #expect(Set(original).count == original.count, "fingerprints are distinct")
    #expect(try fingerprints(moved) == original)
  }

  @Test func githubCommandsAreEscaped() {
    let finding = Finding(
      "unknown-reference", .error, "100% wrong: a, b\nnext line",
      at: SourceRange(
        file: "dir,x/a:b.flow.yaml", start: SourcePosition(line: 3, column: 5),
        end: SourcePosition(line: 3, column: 9)),
      notes: [Note("first defined here", at: .startOfFile("c.flow.yaml"))])
    var warning = finding
    warning.severity = .warning
    #expect(
      GitHubReporter.render([finding, warning]) == """
        ::error file=dir%2Cx/a%3Ab.flow.yaml,line=3,col=5,endLine=3,endColumn=9,title=unknown-reference::100%25 wrong: a, b%0Anext line%0Ac.flow.yaml:1:1: note: first defined here
        ::warning file=dir%2Cx/a%3Ab.flow.yaml,line=3,col=5,endLine=3,endColumn=9,title=unknown-reference::100%25 wrong: a, b%0Anext line%0Ac.flow.yaml:1:1: note: first defined here

        """)
  }
}

/// `.flowc.yml`, `--config` and `--severity`.
@Suite struct ConfigurationTests {
  private let unreachable = """
    version: 1
    coordinators:
      App:
        entry: true
        start: Home
        screens:
          Home: {}
          Old: {}

    """

  @Test func theConfigurationInTheWorkingDirectoryIsRead() throws {
    let directory = try TemporaryDirectory(files: [
      "flows/a.flow.yaml": unreachable, ".flowc.yml": "rules:\n  unreachable-screen: error\n",
    ])
    defer { directory.cleanUp() }
    let result = try flowc(["check"], in: directory.url)
    #expect(result.status == 1)
    #expect(result.stdout.hasPrefix("flows/a.flow.yaml:8:7: error: screen 'Old'"))
    let overridden = try flowc(
      ["check", "--severity", "unreachable-screen=off"], in: directory.url)
    #expect(overridden.status == 0)
    #expect(overridden.stdout == "")
  }

  @Test func warningsPassUnlessStrict() throws {
    let directory = try TemporaryDirectory(files: ["flows/a.flow.yaml": unreachable])
    defer { directory.cleanUp() }
    let result = try flowc(["check"], in: directory.url)
    #expect(result.status == 0)
    #expect(result.stdout.contains("warning: screen 'Old'"))
    #expect(result.stderr == "1 warning in 1 file\n")
    #expect(try flowc(["check", "--strict"], in: directory.url).status == 1)
  }

  /// `children: removed-on-finish` (spec section 8, "Hand-written coordinators"): the user's
  /// back out of a child without `leave` is a `back-leak` at the screen; by default, none.
  @Test func childrenRemovedOnFinishChecksTheUsersBack() throws {
    let flow = """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { edit: { start: Editor, on: { saved: stay } } } }
        Editor:
          result: { saved: ~ }
          start: Form
          screens:
            Form: { on: { save: { finish: saved } } }

      """
    let plain = try TemporaryDirectory(files: ["flows/a.flow.yaml": flow])
    defer { plain.cleanUp() }
    #expect(try flowc(["check", "--strict"], in: plain.url).stdout == "")
    let configured = try TemporaryDirectory(files: [
      "flows/a.flow.yaml": flow, ".flowc.yml": "children: removed-on-finish\n",
    ])
    defer { configured.cleanUp() }
    let result = try flowc(["check"], in: configured.url)
    #expect(
      result.stdout.hasPrefix(
        "flows/a.flow.yaml:12:7: warning: the user's back on screen 'Form' goes back into the "
          + "parent of push-style child 'Editor'"), "\(result.stdout)")
    let wrong = try TemporaryDirectory(files: [
      "flows/a.flow.yaml": flow, ".flowc.yml": "children: removed-on-finsh\n",
    ])
    defer { wrong.cleanUp() }
    let refused = try flowc(["check"], in: wrong.url)
    #expect(refused.status == 2)
    #expect(
      refused.stderr.hasPrefix(
        "flowc: error: .flowc.yml:1:11: 'children' is 'generated' or 'removed-on-finish'; "
          + "did you mean 'removed-on-finish'?"), "\(refused.stderr)")
  }

  @Test func includeAndExcludeChooseTheFiles() throws {
    let directory = try TemporaryDirectory(files: [
      "app/flows/a.flow.yaml": unreachable.replacingOccurrences(of: "Old: {}", with: ""),
      "app/flows/drafts/b.flow.yaml": "not: [valid",
      "app/flows/c.draft.flow.yaml": "not: [valid",
      "settings.yml": "include: [app/flows]\nexclude: [app/flows/drafts, '**/*.draft.flow.yaml']\n",
    ])
    defer { directory.cleanUp() }
    let result = try flowc(["check", "--config", "settings.yml"], in: directory.url)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stderr == "no problems in 1 file\n")
  }

  @Test func theConfigurationIsFoundAboveTheWorkingDirectory() throws {
    // As swift-format finds `.swift-format`: the nearest directory up that has one. Its
    // `include` and `exclude` are relative to that directory.
    let directory = try TemporaryDirectory(files: [
      "flows/a.flow.yaml": unreachable,
      "flows/drafts/b.flow.yaml": "not: [valid",
      ".flowc.yml":
        "rules:\n  unreachable-screen: error\ninclude: [flows]\nexclude: [flows/drafts]\n",
      "Sources/App/keep.txt": "",
    ])
    defer { directory.cleanUp() }
    let below = directory.url.appendingPathComponent("Sources/App")
    let result = try flowc(["check"], in: below)
    #expect(result.status == 1, "\(result.stderr)")
    // The file is outside the working directory: it keeps its absolute path (spec section 9).
    #expect(
      result.stdout.hasPrefix(
        directory.url.standardizedFileURL.path + "/flows/a.flow.yaml:8:7: error: screen 'Old'"),
      "\(result.stdout)")
    #expect(result.stderr == "1 error in 1 file\n")
    // A nearer configuration wins over the one above.
    try "rules:\n  unreachable-screen: off\n".write(
      to: below.appendingPathComponent(".flowc.yml"), atomically: true, encoding: .utf8)
    let nearer = try flowc(["check", "../../flows/a.flow.yaml"], in: below)
    #expect(nearer.status == 0)
    #expect(nearer.stdout == "")
  }

  @Test func theYamlSpellingIsReadAndBothSpellingsAreAnError() throws {
    let directory = try TemporaryDirectory(files: [
      "flows/a.flow.yaml": unreachable, ".flowc.yaml": "rules:\n  unreachable-screen: error\n",
    ])
    defer { directory.cleanUp() }
    let result = try flowc(["check"], in: directory.url)
    #expect(result.status == 1)
    #expect(result.stdout.hasPrefix("flows/a.flow.yaml:8:7: error: screen 'Old'"))
    try "rules: {}\n".write(
      to: directory.url.appendingPathComponent(".flowc.yml"), atomically: true, encoding: .utf8)
    let both = try flowc(["check"], in: directory.url)
    #expect(both.status == 2)
    #expect(
      both.stderr
        == "flowc: error: '.flowc.yml' and '.flowc.yaml' are both configuration files of this "
        + "directory; keep one\n")
  }

  @Test func aMissingIncludeNamesTheConfigurationFile() throws {
    let directory = try TemporaryDirectory(files: [
      "flows/a.flow.yaml": unreachable, ".flowc.yml": "include: [flows, Sources/Flows]\n",
      "sub/keep.txt": "",
    ])
    defer { directory.cleanUp() }
    let result = try flowc(["check"], in: directory.url.appendingPathComponent("sub"))
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "flowc: error: ../.flowc.yml: include 'Sources/Flows' does not exist (no such file "
        + "or directory: '../Sources/Flows')\n")
  }

  @Test func theUsageHintFollowsOnlyUsageErrors() throws {
    let directory = try TemporaryDirectory(files: ["flows/a.flow.yaml": unreachable])
    defer { directory.cleanUp() }
    let missing = try flowc(["check", "nope"], in: directory.url)
    #expect(missing.status == 2)
    #expect(missing.stderr == "flowc: error: no such file or directory: 'nope'\n")
    let config = try flowc(["check", "--config", "nope.yml"], in: directory.url)
    #expect(config.status == 2)
    #expect(!config.stderr.contains("for usage"), "\(config.stderr)")
    let usage = try flowc(["check", "--severity"], in: directory.url)
    #expect(usage.status == 2)
    #expect(usage.stderr.hasSuffix("\nrun 'flowc help check' for usage\n"))
  }

  @Test func graphTakesTheConfigurationAndSeverities() throws {
    let directory = try TemporaryDirectory(files: [
      "flows/a.flow.yaml": unreachable, "quiet.yml": "rules:\n  unreachable-screen: off\n",
    ])
    defer { directory.cleanUp() }
    let marked = try flowc(["graph"], in: directory.url)
    #expect(marked.status == 0)
    #expect(marked.stdout.contains(">unreachable-screen</font>"))
    for options in [["--severity", "unreachable-screen=off"], ["--config", "quiet.yml"]] {
      let quiet = try flowc(["graph"] + options, in: directory.url)
      #expect(quiet.status == 0, "\(options): \(quiet.stderr)")
      #expect(!quiet.stdout.contains("unreachable-screen"), "\(options)")
      #expect(quiet.stderr == "", "\(options)")
    }
  }

  @Test func aBadConfigurationIsAnErrorThatNamesIt() throws {
    let cases: [(String, String)] = [
      (
        "rules:\n  cannot-finsh: off\n",
        ".flowc.yml:2:3: unknown rule 'cannot-finsh'; did you mean 'cannot-finish'?"
      ),
      (
        "rules:\n  cannot-finish: fatal\n",
        ".flowc.yml:2:18: 'fatal' is not a severity; expected error, warning or off"
      ),
      (
        "rule:\n  cannot-finish: off\n",
        ".flowc.yml:1:1: unknown key 'rule'; expected 'rules', 'include', 'exclude' or 'children'; did you mean 'rules'?\n"
      ),
      ("rules: [\n", ".flowc.yml:2:1: invalid YAML"),
    ]
    for (text, message) in cases {
      let directory = try TemporaryDirectory(files: [
        "flows/a.flow.yaml": unreachable, ".flowc.yml": text,
      ])
      defer { directory.cleanUp() }
      let result = try flowc(["check"], in: directory.url)
      #expect(result.status == 2)
      #expect(result.stderr.hasPrefix("flowc: error: \(message)"), "\(result.stderr)")
    }
    let directory = try TemporaryDirectory(files: ["flows/a.flow.yaml": unreachable])
    defer { directory.cleanUp() }
    let missing = try flowc(["check", "--config", "nope.yml"], in: directory.url)
    #expect(missing.status == 2)
    #expect(
      missing.stderr.hasPrefix("flowc: error: cannot read configuration nope.yml: No such file"))
    let badFlag = try flowc(["check", "--severity", "unused-typ=off"], in: directory.url)
    #expect(badFlag.status == 2)
    #expect(
      badFlag.stderr.hasPrefix(
        "flowc: error: unknown rule 'unused-typ'; did you mean 'unused-type'?"))
  }
}
