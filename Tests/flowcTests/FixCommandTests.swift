import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `flowc check --fix` end to end: the real binary rewriting real files.
@Suite struct FixCommandTests {
  /// A flow with a misspelt screen (`Detial`), a misspelt key (`inputt`) and a misspelt
  /// action (`pusj`), among comments and uneven layout that must survive.
  static let misspelt = """
    version: 1
    # the app's one coordinator
    coordinators:
      App:
        entry: true
        start: Home      # where it starts
        screens:
          Home: { on: { next: { push: Detial,  payload: String } } }   # keep me
          Detail:
            inputt: String
            on: {   back: pop, home: { pusj: Home } }

    """

  static let fixed = """
    version: 1
    # the app's one coordinator
    coordinators:
      App:
        entry: true
        start: Home      # where it starts
        screens:
          Home: { on: { next: { push: Detail,  payload: String } } }   # keep me
          Detail:
            input: String
            on: {   back: pop, home: { push: Home } }

    """

  static func text(of file: URL) throws -> String {
    try String(contentsOf: file, encoding: .utf8)
  }

  @Test func onlyTheMisspeltBytesAreRewrittenAndTheRestIsReported() throws {
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": Self.misspelt])
    defer { directory.cleanUp() }
    let file = directory.url.appendingPathComponent("flows/app.flow.yaml")
    #expect(chmod(file.path, 0o640) == 0)
    let result = try flowc(["check", "--fix"], in: directory.url)
    #expect(try Self.text(of: file) == Self.fixed)
    #expect(
      result.stdout
        == """
        flows/app.flow.yaml:8:35: fixed: 'Detial' -> 'Detail' [unknown-reference]
        flows/app.flow.yaml:10:9: fixed: 'inputt' -> 'input' [schema]
        flows/app.flow.yaml:11:36: fixed: 'pusj' -> 'push' [schema]
        fixed 3 findings in 1 file

        """)
    #expect(result.status == 0)
    #expect(result.stderr == "no problems in 1 file\n")
    var info = stat()
    #expect(stat(file.path, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o640)
    // Nothing is left next to it.
    let names = try FileManager.default.contentsOfDirectory(
      atPath: directory.url.appendingPathComponent("flows").path)
    #expect(names == ["app.flow.yaml"])
  }

  /// The fix lands on the name's bytes, and is reported at the line and column an editor
  /// shows, whatever comes before it: a byte order mark, `\r\n` or lone `\r` line breaks,
  /// surrogate pairs on its line, or NEL, U+2028 and U+2029 (line breaks to YAML 1.1, not
  /// to an editor) in a doc above.
  @Test(arguments: [
    ("\u{FEFF}", "\n", "", "x", 35), ("", "\r\n", "", "x", 35), ("", "\r", "", "x", 35),
    ("", "\n", "\"😀😀\": stay, ", "x", 47), ("", "\n", "", "a\u{2028}b\u{85}c\u{2029}d", 35),
  ])
  func aFixLandsOnTheNameWhateverComesBefore(
    start: String, lineBreak: String, prefix: String, doc: String, column: Int
  ) throws {
    func flow(_ name: String) -> String {
      start
        + [
          "version: 1", "coordinators:", "  App:", "    doc: \"\(doc)\"", "    entry: true",
          "    start: Home", "    screens:",
          "      Home: { on: { \(prefix)next: { push: \(name) } } }",
          "      Detail: {}", "",
        ].joined(separator: lineBreak)
    }
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": flow("Detial")])
    defer { directory.cleanUp() }
    let result = try flowc(["check", "--fix"], in: directory.url)
    #expect(
      result.stdout.hasPrefix(
        "flows/app.flow.yaml:8:\(column): fixed: 'Detial' -> 'Detail' [unknown-reference]\n"),
      "\(result.stdout)")
    // Bytes, not text: Foundation would drop the byte order mark in reading.
    let fixed = try Data(contentsOf: directory.url.appendingPathComponent("flows/app.flow.yaml"))
    #expect(fixed == Data(flow("Detail").utf8))
  }

  /// The handlers a start lacks are added, each `stay`, in its `on:` (block or flow style)
  /// or a new one, as an editor's quick fix adds them (issue 34, item 10); what leaving a
  /// coordinator means (`leave:`) is the author's choice, offered by the editor only.
  @Test func missingHandlersAreAddedAndLeaveIsLeftToTheAuthor() throws {
    let flow = """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home:
              on:
                login: { start: Auth, on: { done: stay } }
                signUp:
                  start: Auth
                  on:
                    done: stay
                other: { start: Auth }
        Auth:
          result: { done: ~, cancelled: ~ }
          start: Login
          screens:
            Login: { on: { ok: { finish: done }, no: { finish: cancelled }, back: pop } }

      """
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": flow])
    defer { directory.cleanUp() }
    let file = directory.url.appendingPathComponent("flows/app.flow.yaml")
    let result = try flowc(["check", "--fix"], in: directory.url)
    #expect(
      try Self.text(of: file)
        == flow.replacingOccurrences(of: "{ done: stay }", with: "{ done: stay, cancelled: stay }")
        .replacingOccurrences(
          of: "              done: stay\n",
          with: "              done: stay\n              cancelled: stay\n"
        ).replacingOccurrences(
          of: "other: { start: Auth }",
          with: "other: { start: Auth, on: { done: stay, cancelled: stay } }"))
    #expect(
      result.stdout.hasPrefix(
        """
        flows/app.flow.yaml:9:49: fixed: added ', cancelled: stay' [unhandled-result]
        flows/app.flow.yaml:14:1: fixed: added 'cancelled: stay' [unhandled-result]
        flows/app.flow.yaml:14:31: fixed: added ', on: { done: stay, cancelled: stay }' [unhandled-result]
        fixed 3 findings in 1 file

        """), "\(result.stdout)")
    // What is left: the pop at the bottom of a child pushed without `leave`, left as it is.
    #expect(result.stdout.contains("[back-leak]"))
    #expect(result.status == 0)
    #expect(try !Self.text(of: file).contains("leave:"))
  }

  @Test func whatRemainsAfterTheFixesIsReportedAndFails() throws {
    let flow = Self.misspelt.replacingOccurrences(of: "start: Home ", with: "start: Nowhere ")
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": flow])
    defer { directory.cleanUp() }
    let result = try flowc(["check", "--fix"], in: directory.url)
    #expect(result.status == 1)
    #expect(result.stdout.contains("fixed 3 findings in 1 file\n"))
    #expect(
      result.stdout.contains(
        "flows/app.flow.yaml:6:12: error: start 'Nowhere' is not a screen or decision"))
    #expect(!result.stdout.contains("Detial' does not exist"))
  }

  @Test func aSuggestionWithARivalIsNotApplied() throws {
    let flow = """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { a: { push: Hom1 }, b: { push: Hom2 }, c: { push: Homx } } }
            Hom1: {}
            Hom2: {}

      """
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": flow])
    defer { directory.cleanUp() }
    let result = try flowc(["check", "--fix"], in: directory.url)
    #expect(result.stdout.hasPrefix("nothing to fix\n"))
    #expect(result.stdout.contains("'Homx' does not exist"))
    #expect(result.status == 1)
    #expect(try Self.text(of: directory.url.appendingPathComponent("flows/app.flow.yaml")) == flow)
  }

  @Test func aQuotedNameAndAKeyThatWouldBeADuplicateAreLeftAlone() throws {
    let flow = """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { next: { push: "Detial" } } }
            Detail: { input: String, inputt: Int }

      """
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": flow])
    defer { directory.cleanUp() }
    let result = try flowc(["check", "--fix"], in: directory.url)
    #expect(result.stdout.hasPrefix("nothing to fix\n"))
    #expect(try Self.text(of: directory.url.appendingPathComponent("flows/app.flow.yaml")) == flow)
  }

  @Test func aSymbolicLinkIsNotWrittenThrough() throws {
    let directory = try TemporaryDirectory(files: ["outside/real.flow.yaml": Self.misspelt])
    defer { directory.cleanUp() }
    let flows = directory.url.appendingPathComponent("flows")
    try FileManager.default.createDirectory(at: flows, withIntermediateDirectories: true)
    let link = flows.appendingPathComponent("app.flow.yaml").path
    #expect(symlink("../outside/real.flow.yaml", link) == 0)
    let result = try flowc(["check", "--fix", "flows/app.flow.yaml"], in: directory.url)
    #expect(
      result.stdout.contains(
        "flowc: warning: not fixed: 'flows/app.flow.yaml' is a symbolic link, which --fix does "
          + "not follow; fix the file it leads to\nnothing to fix\n"))
    #expect(result.status == 1)
    let real = directory.url.appendingPathComponent("outside/real.flow.yaml")
    #expect(try Self.text(of: real) == Self.misspelt)
    #expect(
      (try? FileManager.default.destinationOfSymbolicLink(atPath: link))
        == "../outside/real.flow.yaml")
  }

  @Test func withJSONStandardOutputStaysJSONAndTheFixesGoToStandardError() throws {
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": Self.misspelt])
    defer { directory.cleanUp() }
    let result = try flowc(["check", "--fix", "--format", "json"], in: directory.url)
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    let diagnostics = (object as? [String: Any])?["diagnostics"] as? [Any]
    #expect(diagnostics?.isEmpty == true)
    #expect(result.stderr.hasPrefix("flows/app.flow.yaml:8:35: fixed: 'Detial' -> 'Detail'"))
    #expect(result.stderr.hasSuffix("fixed 3 findings in 1 file\n"))
    #expect(result.status == 0)
  }

  @Test func withoutFixNothingIsWritten() throws {
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": Self.misspelt])
    defer { directory.cleanUp() }
    let result = try flowc(["check"], in: directory.url)
    #expect(result.status == 1)
    let file = directory.url.appendingPathComponent("flows/app.flow.yaml")
    #expect(try Self.text(of: file) == Self.misspelt)
  }
}
