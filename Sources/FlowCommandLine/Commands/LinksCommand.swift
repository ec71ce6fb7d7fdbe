import FlowCore

/// `flowc links`: each deep link of the module, its URL pattern, and its route step by step
/// with locations, for review (spec section 12).
enum LinksCommand: Command {
  static let name = "links"
  static let summary = "Show each deep link and its route, step by step"

  /// The output formats of `flowc links`.
  enum Format: String, CaseIterable {
    /// Lines for people.
    case text
    /// The links and routes as JSON.
    case json
  }

  static let format = ChoiceOption("--format", default: Format.text) { format in
    switch format {
    case .text: "a line per link, then one per step of its route, each with its place"
    case .json: "the links and their routes, with their places in the files"
    }
  }

  static let syntax = CommandSyntax(
    overview: "Show the deep links of flow files (their 'links:') and the route flowc found for "
      + "each: from the start of an entry coordinator, the screen events, decision cases, alert "
      + "buttons, child starts and tabs that take the app to the link's screen.",
    positional: Inputs.paths,
    options: [
      format.option, Inputs.config,
      Inputs.severity.described(
        as: "Set a rule to error, warning or off, as for 'flowc check'"),
    ],
    discussion: "A link without a route shows the 'unreachable-link' finding, which names the "
      + "step where every route stops. The exit status is that of 'flowc check': the findings "
      + "are counted on standard error, and 'flowc check' lists them. When a file cannot be "
      + "read into the module (a yaml-syntax finding, a bad version), no routes are shown: the "
      + "findings are printed on standard error instead.",
    exitStatuses: [
      (.success, "no error-level finding"),
      (.findings, "error-level findings (a link without a route is one)"),
      (.failure, "a usage, I/O or configuration error"),
    ])

  static func run(
    _ parsed: ParsedOptions, _ invocation: Invocation, _ result: inout CommandResult
  ) throws(UsageError) {
    let format = try parsed.value(Self.format)
    let checked = try Inputs.check(parsed, invocation, command: name)
    result.retained = checked
    result.status = checked.hasErrors ? .findings : .success
    guard checked.module.isComplete else {
      let reporter = TextReporter(colored: false, sources: checked.sources)
      result.errors = reporter.render(checked.findings)
      result.errors +=
        "flowc: no routes shown: a file could not be read into the module; fix the findings "
        + "above\n"
      return
    }
    var timer = checked.timing
    switch format {
    case .text: result.output = LinkReport.text(checked.resolved, findings: checked.findings)
    case .json: result.output = LinkReport.json(checked.resolved, findings: checked.findings)
    }
    timer.lap("report")
    if !checked.findings.isEmpty {
      result.errors =
        FindingSummary(findings: checked.findings, files: checked.fileCount).sentence
        + "; 'flowc check' lists them\n"
    }
    result.errors += timer.report
  }
}
