import FlowCore

/// `flowc tests`: test files generated from the paths of `flowc paths` (issue 36).
enum TestsCommand: Command {
  static let name = "tests"
  static let summary = "Generate tests that replay the paths of 'flowc paths'"

  /// The kinds of tests.
  enum Kind: String, CaseIterable {
    /// Swift Testing files that replay each path on RecordingRouter.
    case unit
    /// XCTest UI tests, a class per entry coordinator, a test per path.
    case xcuitest
    /// Maestro flows, one per path.
    case maestro
  }

  static let kind = ChoiceOption("--kind", default: Kind.unit) { kind in
    switch kind {
    case .unit:
      "a Swift Testing file per entry coordinator: each path replayed on RecordingRouter with "
        + "stub screens, the stacks checked after every step"
    case .xcuitest:
      "an XCTest UI test per path, a file per entry coordinator: launched with the answers of "
        + "its decisions, controls tapped and screens awaited by their accessibility identifiers"
    case .maestro:
      "a Maestro flow per path: the same steps by accessibility identifier; set APP_ID with "
        + "'maestro test -e APP_ID=<bundle id>'"
    }
  }

  static let cover = ChoiceOption("--cover", default: PathCoverage.transitions) { cover in
    switch cover {
    case .screens: "paths that reach every screen"
    case .transitions: "paths that take every transition"
    }
  }

  /// `--output DIR`, `-o DIR`.
  static let output = Option.single(
    "--output", "DIR", help: "Write the test files into DIR (created if needed)"
  ).shortened("-o")

  /// `--import MODULE`: the module of the generated coordinators, imported `@testable`.
  static let module = Option.single(
    "--import", "MODULE",
    help: "Import MODULE with @testable in each test file: the module that compiles the code "
      + "'flowc generate' wrote, when the tests are a target of their own")

  static let syntax = CommandSyntax(
    overview: "Generate tests from the paths that 'flowc paths' shows: for '--kind unit', a "
      + "Swift Testing file per entry coordinator and 'FlowPathSupport.swift', to compile "
      + "with the code 'flowc generate' writes.",
    positional: Inputs.paths,
    options: [
      output, kind.option, cover.option, module, Inputs.config,
      Inputs.severity.described(as: "Set a rule to error, warning or off, as for 'flowc check'"),
    ],
    discussion: "Files are written as 'flowc generate' writes its own: only files with flowc's "
      + "header are ever replaced or deleted, unchanged files are not rewritten. Use a "
      + "directory of their own (a test target's): generated files there that these tests "
      + "no longer need are deleted. Each external type a payload needs is made by the app's "
      + "'FlowPathValue' conformance ('static var flowPathValue').",
    exitStatuses: [
      (.success, "the tests were written"),
      (.findings, "error-level findings: nothing written"),
      (.failure, "a usage, I/O or configuration error"),
    ])

  static func run(
    _ parsed: ParsedOptions, _ invocation: Invocation, _ result: inout CommandResult
  ) throws(UsageError) {
    let kind = try parsed.value(Self.kind)
    let cover = try parsed.value(Self.cover)
    guard let directory = parsed.value(output), !directory.isEmpty else {
      throw UsageError("'flowc tests' needs '--output DIR'", command: name)
    }
    let imported = parsed.value(module)
    if let imported, !UnitTestGenerator.isModuleName(imported) {
      throw UsageError(
        "'--import' needs a Swift module name, not '\(imported)'", command: name)
    }
    var policy = OutputPolicy()
    let checked = try Inputs.check(parsed, invocation, command: name, recording: &policy)
    // The gate of `flowc generate`: tests are Swift too, so a finding that blocks generating
    // code stops them even when it is suppressed or lowered for `flowc check`.
    let blocking = GenerateCommand.withSuppressedBlockers(checked).filter { $0.severity == .error }
    guard checked.module.isComplete, blocking.isEmpty else {
      let reporter = TextReporter(colored: false, sources: checked.sources)
      result.errors = reporter.render(blocking)
      result.errors += "flowc: nothing written: the module has errors; fix the findings above\n"
      result.status = .findings
      return
    }
    if let refusal = GenerateCommand.unsafeNameRefusal(in: checked.resolved.graph) {
      result.errors += refusal
      result.status = .failure
      return
    }
    let paths = testPaths(for: checked, cover: cover)
    let sources = checked.sources.keys.sorted()
    let files: [GeneratedFile]
    switch kind {
    case .unit:
      files = UnitTestGenerator.files(
        for: paths, graph: checked.resolved.graph, sources: sources, importing: imported)
    case .xcuitest, .maestro:
      let scripts = UITestScript.scripts(for: paths, of: checked.module)
      files =
        kind == .xcuitest
        ? XCUITestWriter.files(scripts, sources: sources)
        : MaestroWriter.files(scripts, sources: sources)
    }
    let plan: OutputPlan
    do {
      plan = try OutputDirectory.plan(
        files, in: directory, judge: policy.judge(), format: kind == .maestro ? .yaml : .swift)
    } catch {
      throw UsageError.input("cannot use output directory: \(error)")
    }
    guard plan.conflicts.isEmpty else {
      for conflict in plan.conflicts {
        result.errors += "flowc: error: \(TerminalText.printable("\(conflict)"))\n"
      }
      result.errors += "nothing written\n"
      result.status = .failure
      return
    }
    let report = OutputDirectory.apply(plan, in: directory)
    for change in report.done {
      result.output += "\(change.kind.rawValue)d \(TerminalText.printable(change.path))\n"
    }
    for failure in report.failures {
      result.errors += "flowc: error: \(TerminalText.printable("\(failure)"))\n"
      result.status = .failure
    }
    result.errors +=
      "\(files.count) test files for \(paths.coveringPaths.count) paths in "
      + "'\(TerminalText.printable(directory))'; \(PathReport.summary(paths))\n"
  }
}
