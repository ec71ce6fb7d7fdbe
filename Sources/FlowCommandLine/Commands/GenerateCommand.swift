import FlowCore

/// `flowc generate`: checks the flow files, then writes the Swift of the module into the
/// output directory, or with `--check` tells whether that directory is up to date.
enum GenerateCommand: Command {
  static let name = "generate"
  static let summary = "Generate Swift coordinators from flow files"

  /// `--output DIR`, `-o DIR`.
  static let output = Option.single(
    "--output", "DIR", help: "The directory of the generated files; created if missing",
    usage: .required
  ).shortened("-o")
  static let outputFile = Option.single(
    "--output-file", "FILE",
    help: "Instead of --output: write the whole module into this one Swift file, for build "
      + "systems that must name their outputs before they run (the SwiftPM build plugin); no "
      + "other file is touched",
    usage: .alternative)
  static let check = Option.flag(
    "--check", help: "Write nothing; fail if any file would be created, changed or deleted")
  static let access = ChoiceOption(
    "--access", default: AccessLevel.internal,
    help: "the access level of what is generated")

  static let syntax = CommandSyntax(
    overview: "Generate a Swift file per coordinator, and one for the declared types, from "
      + "flow files that check without errors.",
    positional: Inputs.paths,
    options: [
      output, outputFile, check, access.option, Inputs.color.option, Inputs.config,
      Inputs.severity.described(as: "Set a rule to error, warning or off, as for 'flowc check'"),
    ],
    discussion: "Each file starts with '"
      + SwiftGenerator.headerPrefix + "<path>" + SwiftGenerator.headerSuffix
      + "' Files in DIR without that line are never overwritten or deleted; generated files "
      + "that are no longer generated are deleted; unchanged files are not rewritten. Nothing "
      + "is written when a flow file has an error; "
      + Help.list(requiredRules.map(\.rawValue), conjunction: "and")
      + " are errors here whatever the configuration or 'lint: ignore' says. A file the system refuses to write "
      + "(read-only, disk full) keeps its old text; every other file is still written, and "
      + "each failure is reported.",
    exitStatuses: [
      (.success, "generated (or, with --check, up to date)"),
      (.findings, "error-level findings, or with --check, files out of date"),
      (
        .failure,
        "a usage or I/O error, files in DIR that flowc may not write, or a file that could "
          + "not be written"
      ),
    ])

  static func run(
    _ parsed: ParsedOptions, _ invocation: Invocation, _ result: inout CommandResult
  ) throws(UsageError) {
    let directory = parsed.value(output)
    let singleFile = parsed.value(outputFile)
    guard directory == nil || singleFile == nil else {
      throw UsageError("give '--output DIR' or '--output-file FILE', not both", command: name)
    }
    guard let output = directory ?? singleFile, !output.isEmpty else {
      throw UsageError(
        "'flowc generate' needs '--output DIR' or '--output-file FILE'", command: name)
    }
    let access = try parsed.value(Self.access)
    let checking = parsed.isSet(check)
    var policy = OutputPolicy()
    let checked = try Inputs.check(parsed, invocation, command: name, recording: &policy) {
      configuration in
      // Code generated past these would not compile or would not do what the flow says, so
      // generate treats them as errors whatever the configuration says.
      for rule in Self.requiredRules { configuration.settings[rule] = .error }
    }

    let findings = Self.withSuppressedBlockers(checked)
    let reporter = TextReporter(
      colored: invocation.usesColor(try parsed.value(Inputs.color)), sources: checked.sources)
    result.output = reporter.render(findings)
    guard !findings.contains(where: { $0.severity == .error }) else {
      let summary = FindingSummary(findings: findings, files: checked.fileCount)
      result.errors = "\(summary.sentence); nothing generated\n"
      result.status = .findings
      return
    }

    // Defence in depth: the generator refuses any name the spec does not allow, should a
    // finding that blocks generation ever have been missed.
    if let refusal = Self.unsafeNameRefusal(in: checked.resolved.graph) {
      result.errors += refusal
      result.status = .failure
      return
    }

    // Headers name each flow file as findings do: the inputs are already named so.
    let options = SwiftGenerator.Options(access: access)
    var timer = checked.timing
    defer { result.errors += timer.report }
    // Paths come from flow names and the command line: printed escaped, as findings are.
    let place = "'\(TerminalText.printable(output))'"
    guard singleFile == nil && !checking else {
      try wholePlan(
        checked, output: output, singleFile: singleFile != nil, checking: checking,
        options: options, judge: policy.judge(), place: place, timer: &timer, &result)
      return
    }
    // `--output DIR`: the files are named first and the directory planned from the names,
    // so that every conflict is found before anything is written; then the files are
    // made, compared and written a batch at a time, and never all held at once.
    let files = SwiftGenerator.named(
      checked.resolved.graph, routes: checked.resolved.links, options: options)
    let layout: OutputLayout
    do {
      layout = try OutputDirectory.plan(names: files.names, in: output, judge: policy.judge())
    } catch {
      throw UsageError.input("cannot use output directory: \(error)")
    }
    timer.lap("plan the output directory")
    guard layout.conflicts.isEmpty else {
      refuse(layout.conflicts, &result)
      return
    }
    // Tests make batches small, so that their boundaries are crossed.
    let batch = invocation.environment["FLOWC_GENERATE_BATCH"].flatMap { Int($0) }
    let clock = ContinuousClock()
    var rendering = Duration.zero
    let started = clock.now
    let report = OutputDirectory.write(
      layout, in: output, batch: batch ?? OutputDirectory.defaultBatch
    ) { indices in
      let start = clock.now
      defer { rendering += start.duration(to: clock.now) }
      return files.render(indices)
    }
    let writing = started.duration(to: clock.now) - rendering
    timer.lap("generate Swift and write")
    // Each part summed over the batches, under the names the whole-plan phases have.
    timer.add("generate Swift", milliseconds: milliseconds(rendering))
    timer.add("write", milliseconds: milliseconds(writing))
    summarize(report, fileCount: files.names.count, place: place, &result)
  }

  /// `generate --check` and `--output-file`: the whole module's text made at once, then
  /// compared with the output (and with `--output-file`, written).
  private static func wholePlan(
    _ checked: CheckResult, output: String, singleFile: Bool, checking: Bool,
    options: SwiftGenerator.Options, judge: OutputPolicy.Judge, place: String,
    timer: inout PhaseTimer, _ result: inout CommandResult
  ) throws(UsageError) {
    let fileCount: Int
    let plan: OutputPlan
    do {
      if singleFile {
        let contents = SwiftGenerator.generateSingleFile(
          checked.resolved.graph, sources: checked.sources.keys.sorted(),
          routes: checked.resolved.links, options: options)
        fileCount = 1
        plan = try OutputDirectory.plan(single: contents, at: output, judge: judge)
      } else {
        let files = SwiftGenerator.generate(
          checked.resolved.graph, routes: checked.resolved.links, options: options)
        timer.lap("generate Swift")
        fileCount = files.count
        plan = try OutputDirectory.plan(files, in: output, judge: judge)
        timer.lap("compare with the output directory")
      }
    } catch {
      throw UsageError.input("cannot use output directory: \(error)")
    }
    guard plan.conflicts.isEmpty else {
      refuse(plan.conflicts, &result)
      return
    }
    if checking {
      for change in plan.changes {
        result.output += "would \(change.kind.rawValue) \(TerminalText.printable(change.path))\n"
        result.output += diff(of: change)
      }
      if plan.changes.isEmpty {
        result.errors = "\(count(fileCount)) in \(place) up to date\n"
      } else {
        result.errors =
          "\(count(plan.changes.count)) in \(place) out of date; run 'flowc generate' to update\n"
        result.status = .findings
      }
      return
    }
    let report = OutputDirectory.apply(plan, in: OutputDirectory.folder(of: output))
    timer.lap("write")
    summarize(report, fileCount: fileCount, place: place, &result)
  }

  /// Reports the conflicts that keep anything from being written.
  private static func refuse(_ conflicts: [String], _ result: inout CommandResult) {
    for conflict in conflicts {
      result.errors += "flowc: error: \(TerminalText.printable("\(conflict)"))\n"
    }
    result.errors += "nothing generated\n"
    result.status = .failure
  }

  /// Reports what was written: a line per change made, each failure, and the counts.
  private static func summarize(
    _ report: OutputReport, fileCount: Int, place: String, _ result: inout CommandResult
  ) {
    for change in report.done {
      result.output += "\(change.kind.rawValue)d \(TerminalText.printable(change.path))\n"
    }
    for failure in report.failures {
      result.errors += "flowc: error: \(TerminalText.printable("\(failure)"))\n"
    }
    let made = report.done.filter { $0.kind != .delete }.count
    var parts = ["\(made) written", "\(report.unchanged) unchanged"]
    let deleted = report.done.count - made
    if deleted > 0 { parts.append("\(deleted) deleted") }
    if report.failed > 0 {
      parts.append("\(report.failed) failed")
      result.status = .failure
    }
    result.errors +=
      "generated \(count(fileCount)) in \(place)\(report.failed > 0 ? " with errors" : ""): "
      + "\(parts.joined(separator: ", "))\n"
  }

  /// The rules whose findings always stop generation: those that say so.
  static var requiredRules: [RuleID] { RuleRegistry.blockingGeneration }

  /// The findings to report: the check's, and as errors those of the rules that block
  /// generation which `lint: ignore` or the configuration hid, each with a note saying so,
  /// since generate writes nothing past them. O(findings).
  static func withSuppressedBlockers(_ checked: CheckResult) -> [Finding] {
    let shown = Set(checked.findings.lazy.filter { $0.severity == .error })
    var hidden: [Finding] = []
    for var blocker in checked.generationBlockers {
      blocker.severity = .error
      guard !shown.contains(blocker) else { continue }
      blocker.notes.append(
        Note(
          "suppressed or lowered for 'flowc check', but code cannot be generated past it",
          at: blocker.range))
      hidden.append(blocker)
    }
    guard !hidden.isEmpty else { return checked.findings }
    return (checked.findings + hidden).sorted(by: Finding.reportOrder)
  }

  /// The error that stops writing Swift from `graph` when it holds a name the generator
  /// refuses (``SwiftGenerator/unsafeName(in:)``), or nil.
  static func unsafeNameRefusal(in graph: FlowGraph) -> String? {
    guard let (unsafe, reason) = SwiftGenerator.unsafeName(in: graph) else { return nil }
    let place = "\(unsafe.range.file):\(unsafe.range.start.line):\(unsafe.range.start.column)"
    return "flowc: error: \(TerminalText.printable(place)): the name '"
      + "\(TerminalText.printable(unsafe.text))' \(reason); nothing generated\n"
  }

  /// What `--check` shows of a file it would update: a short diff of the text on disk and
  /// the text it would write (``StaleFileDiff``); nothing for a file created or deleted, or
  /// one that cannot be read again.
  private static func diff(of change: OutputPlan.Change) -> String {
    guard change.kind == .update, let new = change.contents,
      case .bytes(let bytes)? = try? FileSystem.read(change.target, limit: Int(Int32.max))
    else { return "" }
    return StaleFileDiff.render(
      old: String(decoding: bytes, as: UTF8.self), new: new, path: change.path)
  }

  private static func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
  }

  private static func count(_ files: Int) -> String {
    files == 1 ? "1 file" : "\(files) files"
  }
}
