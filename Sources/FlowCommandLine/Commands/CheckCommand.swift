import FlowCore

/// `flowc check`: reads the flow files, runs every check, and reports the findings.
enum CheckCommand: Command {
  static let name = "check"
  static let summary = "Check flow files and report findings"

  /// `--format`: one choice per reporter, each with the reporter's own help.
  static let format = ChoiceOption("--format", default: ReportFormat.text) { $0.reporter.help }
  static let strict = Option.flag("--strict", help: "Fail on warnings too")

  // MARK: Fixing

  /// `--fix`: see ``SourceFixes``.
  static let fix = Option.flag(
    "--fix",
    help: "Write the fixes that are not in doubt (a misspelt name or key with one closest "
      + "match, the handlers a start lacks, each 'stay') into the flow files, say what "
      + "changed, then report what is left")

  // MARK: Watching

  /// `--watch`: see ``WatchLoop``.
  static let watch = Inputs.watch

  // MARK: Baseline, report file and quiet (issue 20, items 1 and 7)

  /// `--baseline FILE`: findings the project has accepted for now.
  static let baseline = Option.single(
    "--baseline", "FILE",
    help: "Report only findings that are not in this baseline; name its entries that match "
      + "no finding any more")
  /// `--write-baseline FILE`: records the run's findings.
  static let writeBaseline = Option.single(
    "--write-baseline", "FILE",
    help: "Record every finding of this run in FILE, a baseline for --baseline (the report "
      + "and exit status are as without it)")
  /// `--output FILE`, `-o FILE`: the report goes to a file.
  static let output = Option.single(
    "--output", "FILE",
    help: "Write the report to FILE instead of standard output, atomically: on an error FILE "
      + "is left as it was"
  ).shortened("-o")
  /// `--quiet`: findings only.
  static let quiet = Option.flag(
    "--quiet", help: "Print findings only: no summary line on standard error")

  static let syntax = CommandSyntax(
    overview: "Check flow files and report what is wrong with them.",
    positional: Inputs.paths,
    options: [
      format.option, strict, Inputs.color.option, Inputs.config, Inputs.severity,
      fix, watch,
      baseline, writeBaseline, output, quiet,
    ],
    exitStatuses: [
      (.success, "no error-level finding (none outside the baseline, with --baseline)"),
      (.findings, "error-level findings (with --strict, warnings too)"),
      (.failure, "a usage, I/O or configuration error, or a baseline that cannot be read"),
    ])

  static func run(
    _ parsed: ParsedOptions, _ invocation: Invocation, _ result: inout CommandResult
  ) throws(UsageError) {
    let format = try parsed.value(Self.format)
    try Inputs.requireWatchable(parsed, command: name)
    let accepted = try parsed.value(baseline).map(readBaseline)
    let written = ReportTargets(parsed)
    // A run that writes nothing has no file read to look at again.
    let writes = written.output != nil || written.baseline != nil || parsed.isSet(fix)
    var (checked, judge) = try readInputs(parsed, invocation, judging: writes)
    // Every file the run writes is judged before any is written, the fixes included.
    try written.refuse(judge)
    var fixed = ""
    if parsed.isSet(fix) {
      let fixes = SourceFixes(checked, judge: judge)
      fixed = fixes.report()
      if fixes.fileCount > 0 {
        // A fixed file is a new file (renamed over the old one): judged again as read.
        (checked, judge) = try readInputs(parsed, invocation, judging: true)
        try written.refuse(judge)
      }
    }
    result.retained = checked
    if parsed.isSet(watch) { result.watch = Inputs.watchPlan(parsed, checked) }

    if let path = written.baseline {
      try ReportFile.write(
        Baseline(findings: checked.findings).text, to: path, option: writeBaseline.name,
        as: .baseline, judge: judge)
    }
    let outcome =
      accepted?.apply(to: checked.findings)
      ?? Baseline.Outcome(reporting: checked.findings)
    let findings = outcome.reported

    var colored = false
    if format == .text {
      // A report file is not the terminal, whatever standard output is.
      let color = try parsed.value(Inputs.color)
      colored = written.output == nil ? invocation.usesColor(color) : color == .always
    }
    let report = format.reporter.render(
      Report(
        findings: findings, sources: checked.sources, fileCount: checked.fileCount,
        fingerprints: outcome.fingerprints,
        workingDirectory: WorkingDirectory.names(invocation.environment).first,
        colored: colored))
    // The text output is for people: a summary line follows it on standard error.
    if format == .text, !parsed.isSet(quiet) {
      var summary = FindingSummary(findings: findings, files: checked.fileCount).sentence
      if outcome.matched > 0 {
        summary += " (\(outcome.matched) more in the baseline)"
      }
      result.errors += summary + "\n"
    }
    // Rewritten just now, the baseline holds no unused entry to name.
    if let path = parsed.value(baseline), !written.rewrites(path) {
      result.errors += unusedEntries(outcome.unused, in: path)
    }
    // What --fix changed is said first: on standard output above a text report there, else
    // on standard error, so that standard output stays one document for a tool.
    if let path = written.output {
      try ReportFile.write(report, to: path, option: output.name, judge: judge)
      result.errors = fixed + result.errors
    } else if format == .text {
      result.output = fixed + report
    } else {
      result.output = report
      result.errors = fixed + result.errors
    }
    let failing =
      parsed.isSet(strict) ? !findings.isEmpty : findings.contains { $0.severity == .error }
    result.status = failing ? .findings : .success
    var timer = checked.timing
    timer.lap("report")
    result.errors += timer.report
  }

  /// The baseline of `--baseline`; one that cannot be read is exit status 2.
  private static func readBaseline(_ path: String) throws(UsageError) -> Baseline {
    do {
      return try Baseline.load(path)
    } catch {
      throw UsageError.input(error.description)
    }
  }

  /// Checks the flow files and, when the run writes a file (`judging`), makes the judge of
  /// outputs from every file the run reads: the flow files, the configuration and the
  /// baseline. Otherwise the judge knows no file read, and must judge nothing.
  private static func readInputs(
    _ parsed: ParsedOptions, _ invocation: Invocation, judging: Bool
  ) throws(UsageError) -> (CheckResult, OutputPolicy.Judge) {
    var policy = OutputPolicy()
    let checked = try Inputs.check(parsed, invocation, command: name, recording: &policy)
    if let path = parsed.value(baseline) { policy.read(path, as: .baseline) }
    return (checked, judging ? policy.judge() : OutputPolicy().judge())
  }

  /// A line on standard error for each baseline entry that matches no finding, at its place
  /// in the baseline file, so that editors and CI logs link it. The exit status does not
  /// depend on them: an unused entry is a note that the file can shrink.
  private static func unusedEntries(_ entries: [Baseline.Entry], in path: String) -> String {
    var text = ""
    for entry in entries {
      let place = entry.position.map { ":\($0.line):\($0.column)" } ?? ""
      text +=
        TerminalText.lineStart(path) + place + ": note: "
        + TerminalText.printable(
          "baseline entry matches no finding any more (\(entry.rule) in \(entry.file): "
            + "\(entry.message)); remove it, or write the baseline again with "
            + "--write-baseline")
        + "\n"
    }
    return text
  }

  /// The files `--output` and `--write-baseline` name.
  private struct ReportTargets {
    var output: String?
    var baseline: String?

    init(_ parsed: ParsedOptions) {
      output = parsed.value(CheckCommand.output)
      baseline = parsed.value(CheckCommand.writeBaseline)
    }

    /// Whether `--write-baseline` names the file at `path`.
    func rewrites(_ path: String) -> Bool {
      guard let baseline else { return false }
      return baseline == path || FileSystem.isSame(baseline, as: path)
    }

    /// Throws when the output policy refuses either file (``OutputPolicy``: a file the run
    /// reads, a link, FIFO or device), or when both name one file, so that one would
    /// overwrite the other.
    func refuse(_ judge: OutputPolicy.Judge) throws(UsageError) {
      if let output, rewrites(output) {
        throw UsageError(
          "--output and --write-baseline name the same file '\(output)'",
          command: CheckCommand.name)
      }
      if let output {
        try ReportFile.refuse(output, option: CheckCommand.output.name, as: .output, judge: judge)
      }
      if let baseline {
        try ReportFile.refuse(
          baseline, option: CheckCommand.writeBaseline.name, as: .baseline, judge: judge)
      }
    }
  }
}
