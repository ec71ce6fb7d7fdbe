import FlowCore

/// `flowc paths`: few, short paths from the entry coordinators' starts that together reach
/// every screen or take every transition, each step with its place and the visible stacks
/// after it (issue 36); the JSON form is the coverage list of the tests made from them.
enum PathsCommand: Command {
  static let name = "paths"
  static let summary = "Show test paths that cover every screen or transition"

  /// The output formats of `flowc paths`.
  enum Format: String, CaseIterable {
    /// Lines for people.
    case text
    /// The paths, steps and goals as JSON.
    case json
  }

  static let format = ChoiceOption("--format", default: Format.text) { format in
    switch format {
    case .text: "a line per step with its place, then the stacks after it, then a summary"
    case .json: "the paths, their steps and states, and every goal with the step covering it"
    }
  }

  static let cover = ChoiceOption("--cover", default: PathCoverage.transitions) { cover in
    switch cover {
    case .screens: "reach every screen"
    case .transitions:
      "take every event, decision case, alert button, external event, result and request "
        + "handler, request and show"
    }
  }

  /// `--output FILE`, `-o FILE`.
  static let output = Option.single(
    "--output", "FILE",
    help: "Write the paths to FILE (replaced atomically) instead of standard output"
  ).shortened("-o")

  static let syntax = CommandSyntax(
    overview: "Show paths through the navigation of flow files for tests: from the start of "
      + "each entry coordinator, the screen events, decision answers, alert taps, external "
      + "events and the user's own back, swipe and tab selection that together cover every "
      + "transition (or every screen), then one path per deep link (its route, as 'flowc "
      + "links' shows it).",
    positional: Inputs.paths,
    options: [
      format.option, cover.option, output, Inputs.config,
      Inputs.severity.described(
        as: "Set a rule to error, warning or off, as for 'flowc check'"),
    ],
    discussion: "Each step is printed with its place (FILE:LINE:COLUMN) and the stacks visible "
      + "after it; the summary says how many steps the paths take against a lower bound (every "
      + "transition taken once). Buttons that carry a payload are not taken (a test's stub "
      + "alert has no such button). The search is bounded: when it stops at a limit, the "
      + "summary says which. A module with error-level findings has no paths: the findings "
      + "are printed on standard error, as 'flowc generate' does.",
    exitStatuses: [
      (.success, "the paths were shown"),
      (.findings, "error-level findings: no paths"),
      (.failure, "a usage, I/O or configuration error"),
    ])

  static func run(
    _ parsed: ParsedOptions, _ invocation: Invocation, _ result: inout CommandResult
  ) throws(UsageError) {
    let format = try parsed.value(Self.format)
    let cover = try parsed.value(Self.cover)
    let file = parsed.value(output)
    var policy = OutputPolicy()
    let checked = try Inputs.check(parsed, invocation, command: name, recording: &policy)
    let judge = file == nil ? nil : policy.judge()
    if let file, let judge {
      try ReportFile.refuse(file, option: output.name, as: .output, judge: judge)
    }
    result.retained = checked
    guard checked.module.isComplete, !checked.hasErrors else {
      let reporter = TextReporter(colored: false, sources: checked.sources)
      result.errors = reporter.render(checked.findings.filter { $0.severity == .error })
      result.errors += "flowc: no paths: the module has errors; fix the findings above\n"
      result.status = .findings
      return
    }
    var timer = checked.timing
    let paths = testPaths(for: checked, cover: cover)
    timer.lap("find the paths")
    switch format {
    case .text: result.output = PathReport.text(paths)
    case .json: result.output = PathReport.json(paths)
    }
    if let file, let judge {
      let text = result.output
      result.output = ""
      try ReportFile.write(text, to: file, option: output.name, judge: judge)
    }
    result.errors += timer.report
  }
}
