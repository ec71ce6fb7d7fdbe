import FlowCore

/// `flowc check`: reads the flow files, runs every check, and reports the findings.
enum CheckCommand: Command {
  static let name = "check"
  static let summary = "Check flow files and report findings"

  static let format = ChoiceOption("--format", default: ReportFormat.text) { format in
    switch format {
    case .text: "FILE:LINE:COLUMN: SEVERITY: MESSAGE [RULE-ID] lines"
    case .json: "one JSON object with every finding and a summary"
    case .sarif: "SARIF 2.1.0 for code scanning"
    case .github: "GitHub Actions annotations"
    }
  }
  static let strict = Option.flag("--strict", help: "Fail on warnings too")

  // MARK: Fixing

  /// `--fix`: see ``SourceFixes``.
  static let fix = Option.flag(
    "--fix",
    help: "Write the fixes that are not in doubt (a misspelt name or key with one closest "
      + "match) into the flow files, say what changed, then report what is left")

  // MARK: Watching

  /// `--watch`: see ``WatchLoop``.
  static let watch = Inputs.watch

  static let syntax = CommandSyntax(
    overview: "Check flow files and report what is wrong with them.",
    positional: Inputs.paths,
    options: [
      format.option, strict, Inputs.color.option, Inputs.config, Inputs.severity,
      fix, watch,
    ],
    exitStatuses: [
      (.success, "no error-level finding"),
      (.findings, "error-level findings (with --strict, warnings too)"),
      (.failure, "a usage, I/O or configuration error"),
    ])

  static func run(
    _ parsed: ParsedOptions, _ invocation: Invocation, _ result: inout CommandResult
  ) throws(UsageError) {
    let format = try parsed.value(Self.format)
    try Inputs.requireWatchable(parsed, command: name)
    var checked = try Inputs.check(parsed, invocation, command: name)
    if parsed.isSet(fix) {
      let fixes = SourceFixes(checked.findings, sources: checked.sources)
      // What is fixed is said first; on standard error when standard output is for a tool.
      if format == .text {
        result.output = fixes.report()
      } else {
        result.errors = fixes.report()
      }
      if fixes.fileCount > 0 { checked = try Inputs.check(parsed, invocation, command: name) }
    }
    result.retained = checked
    if parsed.isSet(watch) { result.watch = Inputs.watchPlan(parsed, checked) }
    switch format {
    case .text:
      let reporter = TextReporter(
        colored: invocation.usesColor(try parsed.value(Inputs.color)), sources: checked.sources)
      result.output += reporter.render(checked.findings)
      result.errors +=
        FindingSummary(findings: checked.findings, files: checked.fileCount).sentence + "\n"
    case .json:
      result.output += JSONReporter.render(checked.findings, files: checked.fileCount)
    case .sarif:
      result.output += SARIFReporter.render(
        checked.findings, workingDirectory: WorkingDirectory.names(invocation.environment).first)
    case .github:
      result.output += GitHubReporter.render(checked.findings)
    }
    let failing = parsed.isSet(strict) ? !checked.findings.isEmpty : checked.hasErrors
    result.status = failing ? .findings : .success
    var timer = checked.timing
    timer.lap("report")
    result.errors += timer.report
  }
}
