import Foundation
import Testing

/// What flow text and paths can reach in flowc's human-readable output, through the real
/// binary: no control character, no forged finding line, no CI workflow command; and the
/// text output stays linear however many findings a file has.
@Suite struct OutputSafetyTests {
  /// Whether `text` holds a control a terminal would act on (a line break aside).
  private func hasControls(_ text: String) -> Bool {
    text.unicodeScalars.contains {
      ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
    }
  }

  /// The lines of `text` that the GitHub Actions runner would read as workflow commands.
  private func commandLines(_ text: String) -> [Substring] {
    text.split(separator: "\n").filter {
      let trimmed = $0.drop(while: \.isWhitespace)
      return trimmed.hasPrefix("::") || trimmed.hasPrefix("##[")
    }
  }

  /// Two flows: one whose comment carries raw escape sequences (a `yaml-syntax` finding,
  /// whose excerpt quotes that line), one whose names carry line breaks and commands.
  static let hostileFiles = [
    "a.flow.yaml": "version: 1\n# \u{1B}]0;retitled\u{07}\u{1B}[2J\n",
    "b.flow.yaml": """
    version: 1
    coordinators:
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { "a\\nb.flow.yaml:1:1: error: forged [x]\\n::error::forged": stay } }
          ::warning file=x::forged: { on: { next: stay } }

    """,
  ]

  @Test func textOutputQuotesFlowTextEscapedAndForgesNoLine() throws {
    let directory = try TemporaryDirectory(files: Self.hostileFiles)
    defer { directory.cleanUp() }
    let result = try flowc(["check", "a.flow.yaml", "b.flow.yaml"], in: directory.url)
    #expect(result.status == 1)
    #expect(!hasControls(result.stdout))
    #expect(commandLines(result.stdout).isEmpty)
    #expect(result.stdout.contains("    # \\u{1B}]0;retitled\\u{07}\\u{1B}[2J\n"))
    #expect(result.stdout.contains("event name 'a\\u{0A}b.flow.yaml:1:1: error: forged [x]"))
    #expect(result.stdout.contains("    \\u{3A}:warning file=x::forged: { on: { next: stay } }\n"))
    // Every line is a finding of a real file, or indented under one.
    for line in result.stdout.split(separator: "\n") {
      #expect(
        line.hasPrefix("a.flow.yaml:") || line.hasPrefix("b.flow.yaml:")
          || line.hasPrefix("    "), "\(line)")
    }
  }

  @Test func githubOutputIsOneCommandPerFindingWithoutControls() throws {
    let directory = try TemporaryDirectory(files: Self.hostileFiles)
    defer { directory.cleanUp() }
    let arguments = ["check", "a.flow.yaml", "b.flow.yaml"]
    let json = try flowc(arguments + ["--format", "json"], in: directory.url)
    let findings = json.stdout.components(separatedBy: "\"rule\":").count - 1
    let result = try flowc(arguments + ["--format", "github"], in: directory.url)
    #expect(result.status == 1)
    #expect(!hasControls(result.stdout))
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == findings && findings >= 4)
    for line in lines {
      #expect(line.hasPrefix("::error file=") || line.hasPrefix("::warning file="))
      #expect(line.contains(" file=a.flow.yaml,") || line.contains(" file=b.flow.yaml,"))
    }
  }

  @Test func jsonAndSARIFCarryControlsOnlyAsJSONEscapes() throws {
    let directory = try TemporaryDirectory(files: Self.hostileFiles)
    defer { directory.cleanUp() }
    for format in ["json", "sarif"] {
      let result = try flowc(
        ["check", "--format", format, "a.flow.yaml", "b.flow.yaml"], in: directory.url)
      #expect(!hasControls(result.stdout))
      #expect(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) is [String: Any])
      // SARIF escapes link syntax in messages: `[x]` is `\[x\]`, as JSON `\\[x\\]`.
      let brackets = format == "sarif" ? "\\\\[x\\\\]" : "[x]"
      #expect(
        result.stdout.contains("'a\\nb.flow.yaml:1:1: error: forged \(brackets)\\n::error::forged'")
      )
    }
  }

  @Test func pathsWithControlsAreEscapedInFindingsErrorsAndGenerateLines() throws {
    let folder = "d\n::error::forged\u{1B}[2J"
    let directory = try TemporaryDirectory(files: ["\(folder)/a.flow.yaml": brokenFlow])
    defer { directory.cleanUp() }
    for format in ["text", "github"] {
      let result = try flowc(["check", "--format", format, "."], in: directory.url)
      #expect(result.status == 1)
      #expect(!hasControls(result.stdout + result.stderr))
      #expect(commandLines(result.stdout).count == (format == "github" ? 1 : 0))
      let escaped = format == "github" ? "d%0A%3A%3Aerror%3A%3Aforged\\u{1B}" : "d\\u{0A}"
      #expect(result.stdout.contains(escaped))
    }
    let missing = try flowc(["check", "gone\u{1B}]0;x\u{07}.flow.yaml"], in: directory.url)
    #expect(missing.status == 2)
    #expect(!hasControls(missing.stderr))
    #expect(missing.stderr.contains("gone\\u{1B}]0;x\\u{07}.flow.yaml"))

    let clean = try TemporaryDirectory(files: ["a.flow.yaml": cleanFlow])
    defer { clean.cleanUp() }
    let output = "out\n::error::x\u{1B}"
    let check = try flowc(
      ["generate", "--check", "--output", output, "a.flow.yaml"], in: clean.url)
    #expect(check.status == 1)
    #expect(check.stdout == "would create out\\u{0A}::error::x\\u{1B}/AppCoordinator.swift\n")
    #expect(!hasControls(check.stdout + check.stderr))
    let written = try flowc(["generate", "--output", output, "a.flow.yaml"], in: clean.url)
    #expect(written.status == 0)
    #expect(written.stdout == "created out\\u{0A}::error::x\\u{1B}/AppCoordinator.swift\n")
    #expect(commandLines(written.stdout + written.stderr).isEmpty)
    #expect(!hasControls(written.stderr))
  }

  /// Outside text is escaped once, where it is printed, by one escaper: a path's control
  /// characters read the same (`\u{1B}`, `\u{09}`) in every message, whether the file
  /// system, the output policy or the command line names it; a path that spells `\x1B`
  /// reads differently from one that holds ESC; and a name quoted in a message that another
  /// message quotes is not escaped twice.
  @Test func pathsAndNamesAreEscapedOnceAndAlikeInEveryMessage() throws {
    let hostile = "e\u{1B}[2J\t.flow.yaml"
    let directory = try TemporaryDirectory(files: [
      "a.flow.yaml": cleanFlow, hostile: cleanFlow,
      "k.json": "{\"version\": 1, \"findings\": [], \"k\\u001b]0;x\": 1}\n",
    ])
    defer { directory.cleanUp() }
    var messages: [String] = []
    // The file system names it: a baseline that is not there.
    let missing = try flowc(
      ["check", "--baseline", "gone\u{1B}[2J\t.json", "a.flow.yaml"], in: directory.url)
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("gone\\u{1B}[2J\\u{09}.json"), "\(missing.stderr)")
    messages.append(missing.stderr)
    // A path that spells the escape is not one that holds the character.
    let spelt = try flowc(
      ["check", "--baseline", "gone\\x1B.json", "a.flow.yaml"], in: directory.url)
    #expect(spelt.stderr.contains("gone\\x1B.json"), "\(spelt.stderr)")
    #expect(!missing.stderr.contains("\\x1B"), "\(missing.stderr)")
    // The output policy names it: graph -o over the flow file it reads.
    let policy = try flowc(["graph", "-o", hostile, hostile], in: directory.url)
    #expect(policy.status == 2)
    #expect(policy.stderr.contains("'e\\u{1B}[2J\\u{09}.flow.yaml'"), "\(policy.stderr)")
    messages.append(policy.stderr)
    // The command line names it: a flow file that is not there.
    let gone = try flowc(["check", "gone\u{1B}[2J\t.flow.yaml"], in: directory.url)
    #expect(gone.stderr.contains("'gone\\u{1B}[2J\\u{09}.flow.yaml'"), "\(gone.stderr)")
    messages.append(gone.stderr)
    // A key quoted in the baseline's own error, which the command line quotes in turn.
    let key = try flowc(["check", "--baseline", "k.json", "a.flow.yaml"], in: directory.url)
    #expect(key.status == 2)
    #expect(key.stderr.contains("unknown key 'k\\u{1B}]0;x'"), "\(key.stderr)")
    messages.append(key.stderr)
    for message in messages {
      #expect(!hasControls(message) && !message.contains("\t"), "\(message)")
    }
  }

  /// Runs `check` on `text` in text and JSON format and returns the two durations.
  private func durations(of text: String) throws -> (text: Duration, json: Duration, lines: Int) {
    let directory = try TemporaryDirectory(files: ["a.flow.yaml": text])
    defer { directory.cleanUp() }
    let clock = ContinuousClock()
    var lines = 0
    let textTime = try clock.measure {
      lines = try flowc(["check", "a.flow.yaml"], in: directory.url).stdout
        .split(separator: "\n").count
    }
    let jsonTime = try clock.measure {
      _ = try flowc(["check", "--format", "json", "a.flow.yaml"], in: directory.url)
    }
    return (textTime, jsonTime, lines)
  }

  @Test func textOutputOfManyFindingsIsLinear() throws {
    // 100,000 findings with excerpts: the old text output rescanned the file for each and
    // took over a minute, 15 times as long as JSON. Compared with JSON on the same
    // machine, so that a loaded machine slows both and the bound stays meaningful.
    var text =
      "version: 1\ncoordinators:\n  App:\n    entry: true\n    start: Home\n"
      + "    screens:\n      Home: { on: { next: stay } }\n"
    text += String(repeating: "    docs: x\n", count: 100_000)
    let measured = try durations(of: text)
    #expect(measured.lines == 300_000)
    #expect(measured.text < measured.json * 3 + .seconds(5), "\(measured)")
  }

  @Test func textOutputOfManyFindingsOnOneHugeLineIsLinear() throws {
    // 30,000 coordinators on one 1.8 MB line: the old text output counted the whole line
    // for each finding's excerpt and took minutes.
    let coordinators = (0..<30_000).map {
      "C\($0): { start: S, screens: { S: { on: { next: stay } } } }"
    }
    let text =
      "version: 1\ncoordinators: { App: { entry: true, start: Home, screens: "
      + "{ Home: { on: { next: stay } } } }, \(coordinators.joined(separator: ", ")) }\n"
    let measured = try durations(of: text)
    #expect(measured.lines == 30_000)
    #expect(measured.text < measured.json * 3 + .seconds(5), "\(measured)")
  }

  @Test func aNameTooLongForAFileIsAFindingAndNothingIsGenerated() throws {
    let name = "A" + String(repeating: "b", count: 299)
    let flow = cleanFlow.replacingOccurrences(of: "App:", with: "\(name):")
    let directory = try TemporaryDirectory(files: ["a.flow.yaml": flow])
    defer { directory.cleanUp() }
    let check = try flowc(["check", "a.flow.yaml"], in: directory.url)
    #expect(check.status == 1)
    #expect(
      check.stdout.contains("is 300 characters long; a name may have at most 128 [invalid-name]"))
    let generate = try flowc(
      ["generate", "--output", "Generated", "a.flow.yaml"], in: directory.url)
    #expect(generate.status == 1)
    #expect(generate.stderr.hasSuffix("nothing generated\n"))
    #expect(
      !FileManager.default.fileExists(
        atPath: directory.url.appendingPathComponent("Generated").path))
  }

  @Test func aTypeNamedAfterAModuleIsAFindingAndNothingIsGenerated() throws {
    for module in ["Swift", "FlowRuntime", "Foundation"] {
      let flow = """
        version: 1
        types:
          \(module): { struct: { name: String } }
        coordinators:
          App:
            entry: true
            start: Home
            screens:
              Home: { input: \(module), on: { next: stay } }

        """
      let directory = try TemporaryDirectory(files: ["a.flow.yaml": flow])
      defer { directory.cleanUp() }
      let check = try flowc(["check", "a.flow.yaml"], in: directory.url)
      #expect(check.status == 1)
      #expect(
        check.stdout.hasPrefix(
          "a.flow.yaml:3:3: error: type name '\(module)' is the name of a module generated "
            + "code uses; choose another name [invalid-name]\n"))
      let generate = try flowc(
        ["generate", "--output", "Generated", "a.flow.yaml"], in: directory.url)
      #expect(generate.status == 1)
      #expect(generate.stderr.hasSuffix("nothing generated\n"))
    }
  }
}
