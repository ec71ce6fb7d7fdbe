import Foundation
import Testing

/// Every YAML example and every command of the README and of `docs/` runs here, with the
/// outcome its page claims, so that no example can rot. What a block must give is written
/// right before it, in an HTML comment that the rendered page does not show,
/// `<!-- flowc: VERDICT -->`; a YAML or command block without one fails, named by its file
/// and line. `DocsVerdict` lists the verdicts.
@Suite("Docs examples")
struct DocsExampleTests {
  /// The README and every page of `docs/`, as paths relative to the package root.
  static let pages: [String] = {
    let docs = packageRoot.appendingPathComponent("docs").path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: docs)) ?? []
    return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
  }()

  @Test("the README and the docs pages are found")
  func pagesAreFound() {
    #expect(Self.pages.count >= 10, "\(Self.pages)")
  }

  @Test("every YAML and command block says what it must give", arguments: pages)
  func everyBlockHasAVerdict(_ path: String) throws {
    let page = try DocsPage(path: path)
    for block in page.blocks where DocsVerdict.checkedLanguages.contains(block.language) {
      do {
        _ = try DocsVerdict(block)
      } catch {
        Issue.record("\(path):\(block.line): \(error)")
      }
    }
  }

  @Test("every YAML block gives what its page says", arguments: pages)
  func yamlBlocksGiveWhatThePageSays(_ path: String) throws {
    let page = try DocsPage(path: path)
    var module: [(block: DocsPage.Block, only: String?)] = []
    for block in page.blocks where block.language == "yaml" {
      guard let verdict = try? DocsVerdict(block) else { continue }  // reported by the test above
      let place = "\(path):\(block.line)"
      switch verdict {
      case .check(let only, let file, let files):
        guard file == module.count + 1 else {
          Issue.record("\(place): file \(file) of \(files) follows \(module.count) files")
          module = []
          continue
        }
        module.append((block, only))
        if file == files {
          try Self.checkModule(module.map(\.block), only: only, place: place)
          module = []
        }
      case .fragment(let wrapper):
        try Self.checkFragment(block, in: wrapper, place: place)
      case .config:
        try Self.checkConfiguration(block, place: place)
      case .ci:
        #expect(!block.ciCommands.isEmpty, "\(place): a CI configuration with no command")
      case .run, .notRun:
        Issue.record("\(place): a YAML block cannot be run")
      }
    }
    #expect(module.isEmpty, "\(path): a module ends before its last file")
  }

  @Test("every command block gives what its page says", arguments: pages)
  func commandBlocksGiveWhatThePageSays(_ path: String) throws {
    let page = try DocsPage(path: path)
    for (index, block) in page.blocks.enumerated()
    where DocsVerdict.commandLanguages.contains(block.language) {
      guard let verdict = try? DocsVerdict(block) else { continue }  // reported by the test above
      let place = "\(path):\(block.line)"
      switch verdict {
      case .run(let setup):
        let above = index > 0 ? page.blocks[index - 1] : nil
        try Self.runCommands(of: block, setup: setup, blockAbove: above, place: place)
      case .notRun(let reason):
        #expect(!reason.isEmpty, "\(place): say why it is not run")
      default:
        Issue.record("\(place): a command block is run or not run, not checked as YAML")
      }
    }
  }

  // MARK: YAML

  /// A finding as the blocks' `# ← RULE` markers give it: the file, the line and the rule.
  struct Finding: Hashable, Comparable, CustomStringConvertible {
    var file: String
    var line: Int
    var rule: String
    var description: String { "\(file):\(line) [\(rule)]" }
    static func < (lhs: Self, rhs: Self) -> Bool { lhs.description < rhs.description }
  }

  /// The findings `lines` mark with `# ← RULE` (or `# ← RULE, RULE`) at the end of a line,
  /// for `file`, the first line numbered `firstLine`.
  static func markedFindings(_ lines: [String], file: String, firstLine: Int = 1) -> [Finding] {
    lines.enumerated().flatMap { index, line -> [Finding] in
      guard let match = line.firstMatch(of: /# ← ([a-z-]+(?:, [a-z-]+)*) *$/) else { return [] }
      return match.1.split(separator: ", ").map {
        Finding(file: file, line: firstLine + index, rule: String($0))
      }
    }
  }

  /// What `flowc check --format json` reports on `files` (name and text), in a fresh
  /// directory, with the message of each finding for failures.
  static func findings(of files: [(name: String, text: String)]) throws -> [(
    finding: Finding, message: String
  )] {
    let directory = try TemporaryDirectory(
      files: Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.text + "\n") }))
    defer { directory.cleanUp() }
    let output = try flowc(["check", "--format", "json"] + files.map(\.name), in: directory.url)
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any],
      "flowc printed no JSON: \(output.stdout)\(output.stderr)")
    let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
    return diagnostics.map { diagnostic in
      let finding = Finding(
        file: diagnostic["file"] as? String ?? "?", line: diagnostic["line"] as? Int ?? 0,
        rule: diagnostic["rule"] as? String ?? "?")
      return (finding, diagnostic["message"] as? String ?? "")
    }
  }

  /// Checks the files of one module (one block, or the consecutive blocks of
  /// `file N of M`): `flowc check` reports exactly the marked findings (of `only`, if
  /// given).
  static func checkModule(_ blocks: [DocsPage.Block], only: String?, place: String) throws {
    let files = blocks.enumerated().map { index, block in
      (name: "example-\(index + 1).flow.yaml", text: block.text)
    }
    let expected = zip(files, blocks).flatMap { file, block in
      markedFindings(block.lines, file: file.name)
    }
    let reported = try findings(of: files).filter { only == nil || $0.finding.rule == only }
    #expect(
      reported.map(\.finding).sorted() == expected.sorted(),
      """
      \(place): the page marks \(expected.sorted()), flowc reports:
      \(reported.map { "\($0.finding) \($0.message)" }.joined(separator: "\n"))
      """)

    // A whole file that checks clean is what a reader copies, into an editor that checks it
    // against the schema as they type: the schema must take it too.
    guard only == nil, expected.isEmpty else { return }
    let directory = try TemporaryDirectory(
      files: Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.text + "\n") }))
    defer { directory.cleanUp() }
    let schemaRun = try CheckJSONSchema.run(
      CheckJSONSchema.draft07 + ["--schemafile", JSONSchemaTests.schema]
        + files.map { directory.url.appendingPathComponent($0.name).path })
    #expect(schemaRun.status == 0, "\(place): the schema rejects it: \(schemaRun.output)")
  }

  /// The rules whose findings a fragment can be judged by: the others depend on the rest of
  /// the file it was taken from.
  static let structuralRules: Set<String> = ["yaml-syntax", "schema", "invalid-name"]

  /// Checks a fragment inside the minimal file of its wrapper: a `yaml-syntax` finding
  /// anywhere, and `schema` and `invalid-name` findings on the fragment's own lines, must be
  /// exactly the marked ones.
  static func checkFragment(_ block: DocsPage.Block, in wrapper: FragmentPlace, place: String)
    throws
  {
    let lines = wrapper.indented(block.lines)
    let file = "fragment.flow.yaml"
    let first = wrapper.prefix.count + 1
    let expected = markedFindings(lines, file: file, firstLine: first)
    let reported = try findings(of: [(file, (wrapper.prefix + lines).joined(separator: "\n"))])
      .filter {
        $0.finding.rule == "yaml-syntax"
          || (structuralRules.contains($0.finding.rule) && $0.finding.line >= first)
      }
    #expect(
      reported.map(\.finding).sorted() == expected.sorted(),
      """
      \(place): in the wrapper '\(wrapper.rawValue)' (its lines start at \(first)) the page \
      marks \(expected.sorted()), flowc reports:
      \(reported.map { "\($0.finding) \($0.message)" }.joined(separator: "\n"))
      """)
  }

  /// Checks a `.flowc.yml`: `flowc check --config` loads it and checks a clean flow with it.
  static func checkConfiguration(_ block: DocsPage.Block, place: String) throws {
    let directory = try TemporaryDirectory(files: [
      "config.yml": block.text + "\n", "clean.flow.yaml": cleanFlow,
    ])
    defer { directory.cleanUp() }
    let output = try flowc(
      ["check", "--config", "config.yml", "clean.flow.yaml"], in: directory.url)
    #expect(
      output.status == 0 && output.stdout.isEmpty,
      "\(place): the configuration does not load: \(output.stdout)\(output.stderr)")
  }

  // MARK: Commands

  /// Runs a command block's commands in a scratch copy of `flows/` and `Schemas/`, with the
  /// built `flowc` and the test tools of `.build/venv` first on `PATH`, `NO_COLOR` set and
  /// `SRCROOT` naming the scratch directory (as Xcode's Run Script phases have it).
  static func runCommands(
    of block: DocsPage.Block, setup: DocsVerdict.Run, blockAbove: DocsPage.Block?, place: String
  ) throws {
    let directory = try TemporaryDirectory()
    defer { directory.cleanUp() }
    for folder in ["flows", "Schemas"] {
      try FileManager.default.copyItem(
        at: packageRoot.appendingPathComponent(folder),
        to: directory.url.appendingPathComponent(folder))
    }
    if let name = setup.blockAboveAs {
      let above = try #require(blockAbove, "\(place): there is no block above")
      try Data((above.text + "\n").utf8).write(to: directory.url.appendingPathComponent(name))
    }
    for replacement in setup.replacements {
      let file = directory.url.appendingPathComponent(replacement.file)
      let text = try String(contentsOf: file, encoding: .utf8)
      try #require(
        text.contains(replacement.old),
        "\(place): \(replacement.file) does not contain \"\(replacement.old)\"")
      try Data(text.replacingOccurrences(of: replacement.old, with: replacement.new).utf8)
        .write(to: file)
    }
    var environment = ProcessInfo.processInfo.environment
    let tools = [
      flowcBinary.deletingLastPathComponent().path,
      packageRoot.appendingPathComponent(".build/venv/bin").path,
    ]
    environment["PATH"] = (tools + [environment["PATH"] ?? "/usr/bin:/bin"])
      .joined(separator: ":")
    environment["NO_COLOR"] = "1"
    environment["SRCROOT"] = directory.url.path
    for command in commands(of: block) {
      let output = try run(
        URL(fileURLWithPath: "/bin/sh"), ["-c", command.line], in: directory.url,
        environment: environment)
      let printed = output.stdout + output.stderr
      #expect(
        output.status == setup.status,
        "\(place): '\(command.line)' exits \(output.status), not \(setup.status): \(printed)")
      if let expected = command.output {
        let actual = printed.split(separator: "\n", omittingEmptySubsequences: false)
          .map { $0.replacing(/[ ]+$/, with: "") }.joined(separator: "\n")
          .trimmingCharacters(in: .newlines)
        #expect(
          actual == expected,
          """
          \(place): '\(command.line)' prints something else; what it prints, for the page:
          $ \(command.line)
          \(actual)
          """)
      }
    }
  }

  /// A command of a block and, in a `console` block, what the page shows it printing.
  struct Command {
    var line: String
    var output: String?
  }

  /// The commands of a block: in a `console` block the `$ ` lines, each with the lines
  /// up to the next one as its output; otherwise every line that is not blank or a
  /// comment, without its trailing `# comment`.
  static func commands(of block: DocsPage.Block) -> [Command] {
    guard block.language == "console" else {
      return block.lines.compactMap { line in
        let command = line.replacing(/[ ]+# .*$/, with: "")
        let trimmed = command.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty || trimmed.hasPrefix("#") ? nil : Command(line: trimmed)
      }
    }
    var commands: [Command] = []
    var output: [String] = []
    func close() {
      guard !commands.isEmpty else { return }
      commands[commands.count - 1].output = output.joined(separator: "\n")
        .trimmingCharacters(in: .newlines)
      output = []
    }
    for line in block.lines {
      if line.hasPrefix("$ ") {
        close()
        commands.append(Command(line: String(line.dropFirst(2))))
      } else {
        output.append(line.replacing(/[ ]+$/, with: ""))
      }
    }
    close()
    return commands
  }
}

/// The minimal files that a `fragment PLACE` block is checked in: the fragment goes at
/// PLACE, indented as it must be there.
enum FragmentPlace: String, CaseIterable {
  /// Top-level keys other than `version`, or a comment that opens a file.
  case top
  /// Entries of `types`.
  case types
  /// Entries of `coordinators`.
  case coordinators
  /// Keys of a coordinator.
  case coordinator
  /// Entries of a coordinator's `screens`.
  case screens
  /// Entries of a coordinator's `decisions`.
  case decisions
  /// Keys of a screen.
  case screen
  /// Entries of a screen's `on`.
  case events

  /// The lines before the fragment.
  var prefix: [String] {
    let coordinator = ["version: 1", "coordinators:", "  Wrapper:"]
    switch self {
    case .top: return ["version: 1"]
    case .types: return ["version: 1", "types:"]
    case .coordinators: return ["version: 1", "coordinators:"]
    case .coordinator: return coordinator
    case .screens: return coordinator + ["    screens:"]
    case .decisions: return coordinator + ["    decisions:"]
    case .screen: return coordinator + ["    screens:", "      Wrapper:"]
    case .events: return coordinator + ["    screens:", "      Wrapper:", "        on:"]
    }
  }

  /// The fragment's lines, moved to the indentation of its place.
  func indented(_ lines: [String]) -> [String] {
    let target = 2 * (prefix.count - 1)
    let indents = lines.compactMap { line -> Int? in
      let content = line.drop { $0 == " " }
      return content.isEmpty || content.hasPrefix("#") ? nil : line.count - content.count
    }
    let shift = target - (indents.min() ?? target)
    return lines.map { line in
      guard !line.allSatisfy({ $0 == " " }) else { return "" }
      if shift >= 0 { return String(repeating: " ", count: shift) + line }
      let blanks = line.prefix { $0 == " " }.count
      return String(line.dropFirst(min(blanks, -shift)))
    }
  }
}

/// What a block must give, from the `<!-- flowc: VERDICT -->` before it.
///
/// YAML blocks:
/// - `check`: a whole flow file; `flowc check` reports exactly the findings it marks with
///   `# ← RULE` at the end of their line, and nothing more. A block that marks none must
///   check clean, and `Schemas/flow.schema.json` must take it.
/// - `check only RULE`: the same for the findings of RULE alone (the generated examples of
///   `docs/rules.md`); `check only RULE, file N of M` is the N-th of M consecutive blocks
///   that make one module.
/// - `fragment PLACE`: part of a file, checked inside the minimal file of `FragmentPlace` at
///   PLACE. Only its structure is judged (`yaml-syntax`, `schema`, `invalid-name`), as its
///   references are to the file it was taken from.
/// - `config`: a `.flowc.yml` that `flowc check --config` loads.
/// - `ci`: a CI configuration, whose commands `CIRecipeTests` runs.
///
/// Command blocks (`sh`, `console`, `bash`):
/// - `run`: each command runs with `sh -c` in a scratch copy of `flows/` and `Schemas/` and
///   exits 0; in a `console` block each `$ COMMAND` line is followed by what it prints
///   (standard output, then standard error), compared exactly. Clauses after `run`, each
///   after a `;`: `exits N` (every command exits N), `the block above as FILE` (written
///   into the scratch directory first), `FILE: "OLD" -> "NEW"` (a replacement made in the
///   scratch copy first, after the block above is written).
/// - `not run: REASON`, for commands that install, need the network or Xcode, or run this
///   suite.
enum DocsVerdict {
  case check(only: String?, file: Int, of: Int)
  case fragment(FragmentPlace)
  case config
  case ci
  case run(Run)
  case notRun(reason: String)

  /// How a command block is run.
  struct Run {
    var status: Int32 = 0
    var blockAboveAs: String?
    var replacements: [(file: String, old: String, new: String)] = []
  }

  static let yamlLanguages: Set<String> = ["yaml"]
  static let commandLanguages: Set<String> = ["sh", "console", "bash"]
  static let checkedLanguages = yamlLanguages.union(commandLanguages)

  /// Why a verdict cannot be read.
  struct Unreadable: Error, CustomStringConvertible {
    var description: String
  }

  init(_ block: DocsPage.Block) throws {
    guard let text = block.verdict else {
      throw Unreadable(
        description: "a ```\(block.language) block needs a '<!-- flowc: VERDICT -->' line "
          + "before it (see DocsExampleTests.swift)")
    }
    if Self.yamlLanguages.contains(block.language) {
      self = try Self.yaml(text)
    } else {
      self = try Self.command(text)
    }
  }

  private static func yaml(_ text: String) throws -> DocsVerdict {
    if text == "check" { return .check(only: nil, file: 1, of: 1) }
    if text == "config" { return .config }
    if text == "ci" { return .ci }
    if let match = text.wholeMatch(of: /check only ([a-z-]+)(?:, file (\d+) of (\d+))?/) {
      let file = match.2.flatMap { Int($0) } ?? 1
      let files = match.3.flatMap { Int($0) } ?? 1
      guard (1...files).contains(file) else {
        throw Unreadable(description: "file \(file) of \(files)")
      }
      return .check(only: String(match.1), file: file, of: files)
    }
    if let match = text.wholeMatch(of: /fragment ([a-z]+)/) {
      guard let wrapper = FragmentPlace(rawValue: String(match.1)) else {
        let places = FragmentPlace.allCases.map(\.rawValue).joined(separator: ", ")
        throw Unreadable(description: "no fragment place '\(match.1)' (one of \(places))")
      }
      return .fragment(wrapper)
    }
    throw Unreadable(description: "'\(text)' is no verdict for YAML")
  }

  private static func command(_ text: String) throws -> DocsVerdict {
    if let match = text.wholeMatch(of: /not run: (.+)/) {
      return .notRun(reason: String(match.1))
    }
    let clauses = text.split(separator: "; ").map(String.init)
    guard clauses.first == "run" else {
      throw Unreadable(description: "'\(text)' is no verdict for commands")
    }
    var run = Run()
    for clause in clauses.dropFirst() {
      if let match = clause.wholeMatch(of: /exits (\d+)/), let status = Int32(match.1) {
        run.status = status
      } else if let match = clause.wholeMatch(of: /the block above as (\S+)/) {
        run.blockAboveAs = String(match.1)
      } else if let match = clause.wholeMatch(of: /(\S+): "(.+)" -> "(.*)"/) {
        run.replacements.append((String(match.1), String(match.2), String(match.3)))
      } else {
        throw Unreadable(description: "'\(clause)' is no clause of 'run'")
      }
    }
    return .run(run)
  }
}
