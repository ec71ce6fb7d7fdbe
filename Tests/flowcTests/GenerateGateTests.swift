import Foundation
import Testing

/// `flowc generate` writes nothing from a module that is broken for code generation, whatever
/// `lint: ignore` or the configuration says (issue 13, item 1): each flow here has a defect of
/// a rule that blocks generation, suppressed on the node where it is found, so that
/// `flowc check` sees no problem. Before the gate read the findings as the rules reported
/// them, each of these generated Swift: a file outside the output directory, the user's
/// `.gitignore` overwritten, code written in the flow file, a `case` that does nothing.
@Suite struct GenerateGateTests {
  static let hostile: [(name: String, flow: String)] = [
    (
      "a coordinator name that leaves the output directory",
      """
      version: 1
      coordinators:
        "../escaped":
          lint: { ignore: [invalid-name, orphaned-coordinator] }
          entry: true
          start: Home
          screens:
            Home: {}
      """
    ),
    (
      "a coordinator name with a NUL that names the user's .gitignore",
      """
      version: 1
      coordinators:
        "../gitignore\\0":
          lint: { ignore: [invalid-name] }
          entry: true
          start: Home
          screens:
            Home: {}
      """
    ),
    (
      "an event name and doc that open and close a comment around code",
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home:
              lint: { ignore: [invalid-name] }
              on:
                "a /*": { doc: "*/ case b: print(1) /*", push: Home }
      """
    ),
    (
      "a push of a screen that does not exist",
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home:
              lint: { ignore: [unknown-reference] }
              on: { go: { push: Nope } }
      """
    ),
    (
      "a result case nobody handles",
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home:
              lint: { ignore: [unhandled-result] }
              on: { login: { start: Auth, on: { ok: stay } } }
        Auth:
          result: { ok: ~, cancelled: ~ }
          start: Login
          screens:
            Login: { on: { ok: { finish: ok }, close: { finish: cancelled } } }
      """
    ),
    (
      "a second action, silently dropped",
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home:
              lint: { ignore: [schema] }
              on: { go: { push: Next, present: Next } }
            Next: {}
      """
    ),
  ]

  /// A coordinator defined in two files, the later one suppressing `duplicate-name`: two
  /// writers of one generated file.
  static let duplicate = """
    version: 1
    coordinators:
      App:
        lint: { ignore: [duplicate-name] }
        start: Other
        screens:
          Other: {}
    """

  @Test(arguments: hostile.indices.map { $0 } + [-1])
  func aSuppressedBlockingFindingStillStopsGenerate(index: Int) throws {
    let name = index < 0 ? "a coordinator defined twice" : Self.hostile[index].name
    var files = ["work/.gitignore": "keep\n"]
    if index < 0 {
      files["work/a.flow.yaml"] = Self.hostile[3].flow.replacingOccurrences(
        of: "lint: { ignore: [unknown-reference] }\n        on: { go: { push: Nope } }",
        with: "on: { go: stay }")
      files["work/b.flow.yaml"] = Self.duplicate
    } else {
      files["work/a.flow.yaml"] = Self.hostile[index].flow
    }
    let directory = try TemporaryDirectory(files: files)
    defer { directory.cleanUp() }
    let work = directory.url.appendingPathComponent("work")
    let check = try flowc(["check", "."], in: work)
    #expect(check.status == 0, "\(name): the defect is suppressed: \(check.stdout)")
    let result = try flowc(["generate", ".", "--output", "gen"], in: work)
    #expect(result.status == 1, "\(name): \(result.stdout)\(result.stderr)")
    #expect(result.stderr.contains("nothing generated"), "\(name): \(result.stderr)")
    #expect(
      result.stdout.contains("but code cannot be generated past it"), "\(name): \(result.stdout)")
    let manager = FileManager.default
    #expect(!manager.fileExists(atPath: work.appendingPathComponent("gen").path), "\(name)")
    #expect(try manager.contentsOfDirectory(atPath: directory.url.path) == ["work"], "\(name)")
    #expect(
      try String(contentsOf: work.appendingPathComponent(".gitignore"), encoding: .utf8)
        == "keep\n", "\(name)")
  }

  /// `flowc tests` writes Swift too, so the same gate stops it.
  @Test(arguments: hostile.indices.map { $0 })
  func aSuppressedBlockingFindingStillStopsTests(index: Int) throws {
    let directory = try TemporaryDirectory(files: ["work/a.flow.yaml": Self.hostile[index].flow])
    defer { directory.cleanUp() }
    let work = directory.url.appendingPathComponent("work")
    let result = try flowc(["tests", ".", "--output", "gen"], in: work)
    let name = Self.hostile[index].name
    #expect(result.status == 1, "\(name): \(result.stdout)\(result.stderr)")
    #expect(result.stderr.contains("but code cannot be generated past it"), "\(name)")
    #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("gen").path))
  }

  @Test func aBlockingRuleTurnedOffInTheConfigurationStillStopsGenerate() throws {
    let directory = try TemporaryDirectory(files: [
      "a.flow.yaml": Self.hostile[3].flow.replacingOccurrences(
        of: "lint: { ignore: [unknown-reference] }", with: "doc: the defect is not suppressed"),
      ".flowc.yml": "rules:\n  unknown-reference: off\n",
    ])
    defer { directory.cleanUp() }
    let check = try flowc(["check", "a.flow.yaml"], in: directory.url)
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    let result = try flowc(["generate", "a.flow.yaml", "--output", "gen"], in: directory.url)
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("[unknown-reference]"), "\(result.stdout)")
    #expect(
      !FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("gen").path))
  }

  /// A directory name with a line break and a terminal escape: the header names it on one
  /// line, escaped, so it cannot put code into the file (issue 13, item 2).
  @Test(arguments: [["--output", "gen"], ["--output-file", "gen/All.swift"]])
  func aPathCannotEndTheHeaderComment(output: [String]) throws {
    let folder = "x\nfunc injected() {}\n\u{1B}]0;t\u{7}"
    let directory = try TemporaryDirectory(files: [
      "\(folder)/a.flow.yaml": Self.hostile[3].flow.replacingOccurrences(
        of: "lint: { ignore: [unknown-reference] }\n        on: { go: { push: Nope } }",
        with: "on: { go: stay }")
    ])
    defer { directory.cleanUp() }
    let result = try flowc(["generate", folder] + output, in: directory.url)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    let gen = directory.url.appendingPathComponent("gen")
    let name = output[0] == "--output" ? "AppCoordinator.swift" : "All.swift"
    let contents = try String(contentsOf: gen.appendingPathComponent(name), encoding: .utf8)
    let lines = contents.split(separator: "\n", omittingEmptySubsequences: false)
    let header = String(lines.first ?? "")
    let expected =
      #"// Generated by flowc from x\u{A}func injected() {}\u{A}\u{1B}]0;t\u{7}/a.flow.yaml. Do not edit."#
    #expect(header == expected, "\(Array(header.utf8)) \(Array(expected.utf8))")
    #expect(!lines.contains { $0.hasPrefix("func injected") })
    #expect(!contents.contains("\u{1B}"))
  }
}
