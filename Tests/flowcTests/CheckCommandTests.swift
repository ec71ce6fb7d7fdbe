import FlowCore
import Foundation
import Testing

/// `flowc check` end to end: the real binary, real files, exit codes.
@Suite struct CheckCommandTests {
  @Test func aCleanModuleExitsZeroAndSaysSoOnStandardError() throws {
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": cleanFlow])
    defer { directory.cleanUp() }
    let result = try flowc(["check"], in: directory.url)
    #expect(result.status == 0)
    #expect(result.stdout == "")
    #expect(result.stderr == "no problems in 1 file\n")
  }

  @Test func findingsExitOneWithClangStyleLines() throws {
    let directory = try TemporaryDirectory(files: [
      "flows/a/app.flow.yaml": brokenFlow,
      "flows/b.flow.yml": cleanFlow.replacingOccurrences(of: "App", with: "Other"),
      "flows/notes.yaml": "not: [a flow file",
    ])
    defer { directory.cleanUp() }
    let result = try flowc(["check", "flows/"], in: directory.url)
    #expect(result.status == 1)
    let sourceLine = "      Home: { on: { next: { push: Detial } } }"
    #expect(
      result.stdout
        == "flows/a/app.flow.yaml:7:35: error: screen 'Detial' does not exist in coordinator "
        + "'App'; did you mean 'Detail'? [unknown-reference]\n"
        + "    \(sourceLine)\n"
        + "    " + String(repeating: " ", count: 34) + "^~~~~~\n")
    #expect(result.stderr == "1 error in 2 files\n")
  }

  @Test func standardInputIsReadForADash() throws {
    let result = try flowc(["check", "-"], input: brokenFlow)
    #expect(result.status == 1)
    #expect(result.stdout.hasPrefix("<stdin>:7:35: error: "))
  }

  @Test func jsonGoesToStandardOutputAlone() throws {
    let result = try flowc(["check", "--format=json", "-"], input: brokenFlow)
    #expect(result.status == 1)
    #expect(result.stderr == "")
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    #expect(object?["version"] as? Int == 1)
    let diagnostics = object?["diagnostics"] as? [[String: Any]]
    #expect(diagnostics?.first?["rule"] as? String == "unknown-reference")
    #expect(diagnostics?.first?["line"] as? Int == 7)
  }

  @Test func malformedYAMLIsAFindingNotAnError() throws {
    let result = try flowc(["check", "-"], input: "version: 1\ncoordinators: [\n")
    #expect(result.status == 1)
    #expect(result.stdout.contains("[yaml-syntax]"))
  }

  @Test func usageAndIOErrorsExitTwo() throws {
    let directory = try TemporaryDirectory(files: ["empty/readme.txt": "hi"])
    defer { directory.cleanUp() }
    let missing = try flowc(["check", "nowhere.flow.yaml"], in: directory.url)
    #expect(missing.status == 2)
    #expect(
      missing.stderr.hasPrefix("flowc: error: no such file or directory: 'nowhere.flow.yaml'\n"))
    let noDefault = try flowc(["check"], in: directory.url)
    #expect(noDefault.status == 2)
    #expect(noDefault.stderr.contains("no paths given and no 'flows/' directory here"))
    let noFlows = try flowc(["check", "empty"], in: directory.url)
    #expect(noFlows.status == 2)
    #expect(noFlows.stderr.contains("no flow files (*.flow.yaml, *.flow.yml) under 'empty'"))
  }

  @Test func colourOnlyOnATerminalAndNeverWithNoColor() throws {
    let script = URL(fileURLWithPath: "/usr/bin/script")
    guard FileManager.default.isExecutableFile(atPath: script.path) else {
      Issue.record("util-linux 'script' is needed to give flowc a terminal")
      return
    }
    let command = "'\(flowcBinary.path)' check - <<'EOF'\n\(brokenFlow)EOF\n"
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = nil
    let terminal = try run(script, ["-qec", command, "/dev/null"], environment: environment)
    #expect(terminal.stdout.contains("\u{1B}[1;31merror:"))
    environment["NO_COLOR"] = "1"
    let noColor = try run(script, ["-qec", command, "/dev/null"], environment: environment)
    #expect(noColor.stdout.contains("error:"))
    #expect(!noColor.stdout.contains("\u{1B}["))
    let piped = try flowc(["check", "-"], input: brokenFlow)
    #expect(!piped.stdout.contains("\u{1B}["))
    // An empty NO_COLOR is not set (the convention, spec section 9): colour stays on.
    environment["NO_COLOR"] = ""
    let empty = try run(script, ["-qec", command, "/dev/null"], environment: environment)
    #expect(empty.stdout.contains("\u{1B}[1;31merror:"), "\(empty.stdout)")
    // --color overrides the terminal and NO_COLOR both ways.
    environment["NO_COLOR"] = "1"
    let never = try run(
      script,
      [
        "-qec", "'\(flowcBinary.path)' check --color never - <<'EOF'\n\(brokenFlow)EOF\n",
        "/dev/null",
      ],
      environment: environment)
    #expect(never.stdout.contains("error:"))
    #expect(!never.stdout.contains("\u{1B}["))
    let always = try flowc(["check", "--color", "always", "-"], input: brokenFlow)
    #expect(always.stdout.contains("\u{1B}[1;31merror:"), "\(always.stdout)")
  }
}

/// One file named several ways is one file.
@Suite struct InputIdentityTests {
  /// A second definition of `App`, so that findings carry a note naming the first file.
  private static let duplicate =
    "version: 1\ncoordinators:\n  App:\n    start: Home\n    screens:\n      Home: {}\n"

  /// Paths in every output are relative to the working directory, without `./`, `.` or
  /// `..` components or repeated slashes, however they were typed, an absolute path under
  /// the working directory included (spec section 9; issue 14, item 5): one spelling, one
  /// SARIF fingerprint, in findings and in their notes.
  @Test(arguments: ["text", "json", "sarif", "github"])
  func aPathIsSpelledOneWayHoweverItWasTyped(format: String) throws {
    let directory = try TemporaryDirectory(files: [
      "defects/app.flow.yaml": brokenFlow, "defects/later.flow.yaml": Self.duplicate,
      "sub/README": "",
    ])
    defer { directory.cleanUp() }
    let absolute = directory.url.appendingPathComponent("defects").path
    let spellings = [
      "defects", "./defects", "defects/", "./././defects", absolute, absolute + "/",
      "sub/../defects", "../\(directory.url.lastPathComponent)/defects",
    ]
    var outputs: [String] = []
    for typed in spellings {
      let result = try flowc(["check", "--format", format, typed], in: directory.url)
      #expect(result.status == 1, "\(typed): \(result.stderr)")
      outputs.append(result.stdout)
    }
    #expect(outputs[0].contains("defects/app.flow.yaml"), "\(outputs[0])")
    #expect(outputs[0].contains("defects/later.flow.yaml"), "\(outputs[0])")
    #expect(!outputs[0].contains("./defects"))
    // No format names the working directory: SARIF's %SRCROOT% describes it.
    #expect(!outputs[0].contains(directory.url.path), "\(outputs[0])")
    #expect(!outputs[0].contains(".."))
    for (index, output) in outputs.enumerated() {
      #expect(output == outputs[0], "spelled \(spellings[index])")
    }
  }

  /// A file outside the working directory keeps its absolute path, whether it was typed
  /// absolute or with `..`; in SARIF, as an absolute `file` URI without a base.
  @Test func aFileOutsideTheWorkingDirectoryKeepsItsAbsolutePath() throws {
    let directory = try TemporaryDirectory(files: [
      "defects/app.flow.yaml": brokenFlow, "inside/README": "",
    ])
    defer { directory.cleanUp() }
    let inside = directory.url.appendingPathComponent("inside")
    let file = directory.url.appendingPathComponent("defects/app.flow.yaml").path
    for typed in ["../defects", directory.url.appendingPathComponent("defects").path] {
      let text = try flowc(["check", typed], in: inside)
      #expect(text.stdout.hasPrefix(file + ":7:"), "\(typed): \(text.stdout)")
      let sarif = try flowc(["check", "--format", "sarif", typed], in: inside)
      let artifact = try #require(
        try SARIFLog(sarif.stdout).results.first?.artifactLocation, "\(sarif.stdout)")
      #expect(artifact["uri"] as? String == "file://" + file)
      #expect(artifact["uriBaseId"] == nil)
    }
  }
  /// `link/..` is where the link leads, not the working directory: such a path is named by
  /// where it leads, not by its text with the `..` applied.
  @Test func aDotDotAfterALinkIsNotAppliedToTheText() throws {
    let directory = try TemporaryDirectory(files: [
      "defects/app.flow.yaml": cleanFlow, "elsewhere/defects/app.flow.yaml": brokenFlow,
      "elsewhere/deep/README": "",
    ])
    defer { directory.cleanUp() }
    try FileManager.default.createSymbolicLink(
      atPath: directory.url.appendingPathComponent("link").path,
      withDestinationPath: "elsewhere/deep")
    let result = try flowc(["check", "link/../defects"], in: directory.url)
    #expect(result.status == 1, "\(result.stdout)")
    #expect(result.stdout.hasPrefix("elsewhere/defects/app.flow.yaml:7:"), "\(result.stdout)")
  }

  @Test func aFileGivenUnderTwoSpellingsIsReadOnce() throws {
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": cleanFlow])
    defer { directory.cleanUp() }
    try FileManager.default.createSymbolicLink(
      atPath: directory.url.appendingPathComponent("link.flow.yaml").path,
      withDestinationPath: "flows/app.flow.yaml")
    let result = try flowc(
      ["check", "flows", "flows//app.flow.yaml", "./flows/app.flow.yaml", "link.flow.yaml"],
      in: directory.url)
    #expect(result.status == 0, "\(result.stdout)")
    #expect(result.stderr == "no problems in 1 file\n")
  }
}
