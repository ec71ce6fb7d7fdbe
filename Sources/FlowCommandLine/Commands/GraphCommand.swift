import FlowCore

/// `flowc graph`: draws the module's navigation as DOT, Mermaid or JSON, marked with the
/// module's findings.
enum GraphCommand: Command {
  static let name = "graph"
  static let summary = "Draw the flows as a Graphviz, Mermaid or JSON graph"

  /// The output formats of `flowc graph`.
  enum Format: String, CaseIterable {
    /// Graphviz DOT.
    case dot
    /// A Mermaid flowchart.
    case mermaid
    /// The graph as JSON.
    case json
  }

  static let format = ChoiceOption("--format", default: Format.dot) { format in
    switch format {
    case .dot: "Graphviz, one cluster per coordinator\n(render with: dot -Tsvg -o flows.svg)"
    case .mermaid: "a flowchart with one subgraph per coordinator"
    case .json: "the graph's nodes and edges, with their places in the files"
    }
  }
  static let coordinator = Option.single(
    "--coordinator", "NAME", help: "Draw only this coordinator, each child it starts as one node")
  /// `--legend`: a legend of what each kind of line, shape and box means.
  static let legend = Option.flag(
    "--legend",
    help: "Add a legend: a sample of each kind of line, shape and box, and what it means "
      + "(dot and mermaid)")

  // MARK: Writing to a file, watching

  /// `--output FILE`, `-o FILE`.
  static let output = Option.single(
    "--output", "FILE",
    help: "Write the drawing to FILE (replaced atomically) instead of standard output"
  ).shortened("-o")
  /// `--watch`: draw again into the `--output` file whenever the flows change.
  static let watch = Inputs.watch.described(
    as: "Draw again into the --output file whenever a flow file or the configuration "
      + "changes, until interrupted (Ctrl-C)")

  static let syntax = CommandSyntax(
    overview: "Draw the navigation of flow files, marked with what 'flowc check' finds.",
    positional: Inputs.paths,
    options: [
      format.option, coordinator, legend, Inputs.config,
      Inputs.severity.described(
        as: "Set a rule to error, warning or off for the findings drawn, as for 'flowc check'"),
      output, watch,
    ],
    discussion: "Findings are drawn on the graph: unreachable screens grey and dashed, orphaned "
      + "coordinators, unhandled results, leaks and other findings red, with their rule ids; "
      + "the configuration ('\(Configuration.defaultFileName)' here or above, or --config) and "
      + "--severity set their severities, and which are drawn, as for 'flowc check'.\nWhen a file cannot be read into the module (a yaml-syntax finding, a "
      + "bad version), nothing is drawn: the findings are printed on standard error instead.",
    exitStatuses: [
      (.success, "drawn (even with findings)"),
      (.findings, "not drawn: a file could not be read into the module"),
      (.failure, "a usage or I/O error, or an unknown --coordinator"),
    ])

  static func run(
    _ parsed: ParsedOptions, _ invocation: Invocation, _ result: inout CommandResult
  ) throws(UsageError) {
    let format = try parsed.value(Self.format)
    if parsed.isSet(legend) && format == .json {
      // The JSON drawing is data for other tools, which would read the samples as the module's.
      throw UsageError("'--legend' draws in dot and mermaid only, not in json", command: name)
    }
    let file = parsed.value(output)
    try Inputs.requireWatchable(parsed, command: name)
    if parsed.isSet(watch) && file == nil {
      throw UsageError(
        "'--watch' needs '--output FILE': each new drawing replaces the last", command: name)
    }
    // The configuration file that 'flowc check' reads here decides the findings drawn too.
    var policy = OutputPolicy()
    let checked = try Inputs.check(parsed, invocation, command: name, recording: &policy)
    // Refused before the drawing is made, and judged again when it is written. Without a
    // file, no file read need be looked at again.
    let judge = file == nil ? nil : policy.judge()
    if let file, let judge {
      try ReportFile.refuse(file, option: output.name, as: .output, judge: judge)
    }
    result.retained = checked
    if parsed.isSet(watch) { result.watch = Inputs.watchPlan(parsed, checked) }
    guard checked.module.isComplete else {
      // A picture without the unread file's coordinators would mislead: draw nothing.
      let reporter = TextReporter(colored: false, sources: checked.sources)
      result.errors = reporter.render(checked.findings)
      result.errors +=
        "flowc: not drawn: a file could not be read into the module; fix the findings above\n"
      result.status = .findings
      return
    }
    var timer = checked.timing
    let graph = checked.resolved.graph
    // DOT and Mermaid are written as the coordinators' edges are built, part by part, so that
    // they are never held all at once (issue 35); JSON is written from the whole drawing.
    var drawing: PartwiseDiagram
    if let focus = parsed.value(coordinator) {
      guard let index = checked.module.coordinatorIndex(named: focus) else {
        let names = checked.module.coordinators.map(\.name.text)
        throw UsageError(
          "no coordinator '\(focus)' in the module" + Suggestion.didYouMean(focus, in: names),
          command: name)
      }
      drawing = PartwiseDiagram(
        DiagramBuilder.diagram(of: graph, focusingOn: index, findings: checked.findings))
    } else if format == .json {
      drawing = PartwiseDiagram(DiagramBuilder.diagram(of: graph, findings: checked.findings))
    } else {
      // Only Mermaid needs the number of edges before they are written (its warning below):
      // DOT saves building every coordinator's edges twice.
      drawing = DiagramBuilder.drawing(
        of: graph, findings: checked.findings, countsEdges: format == .mermaid)
    }
    if parsed.isSet(legend) { DiagramLegend.add(to: &drawing.diagram) }
    timer.lap("build the drawing")
    let built = drawing
    // The text is made in pieces, each written to its destination as soon as it is made
    // and then freed: a drawing of a large module is tens of megabytes.
    let pieces: @Sendable (_ write: (UnsafeRawBufferPointer) -> Bool) -> Void
    switch format {
    case .dot:
      pieces = { write in DOTWriter.write(built) { $0.withUnsafeBytes(write) } }
    case .mermaid:
      pieces = { write in MermaidWriter.write(built) { $0.withUnsafeBytes(write) } }
      if let edges = drawing.edgeCount, edges > MermaidWriter.defaultMaxEdges {
        // Mermaid refuses such a drawing ("Edge limit exceeded"), and a page cannot raise
        // the limit: `maxEdges` is one of the settings a diagram's own directive may not set.
        result.errors +=
          "flowc: warning: the drawing has \(edges) edges; Mermaid draws at "
          + "most \(MermaidWriter.defaultMaxEdges) unless its 'maxEdges' setting is raised "
          + "where it renders; draw one coordinator at a time with --coordinator NAME, or use "
          + "--format dot\n"
      }
    case .json:
      pieces = { write in
        var text = DiagramJSON.write(built.diagram)
        _ = text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
      }
    }
    let summary =
      checked.findings.isEmpty
      ? nil
      : FindingSummary(findings: checked.findings, files: checked.fileCount).sentence
        + "; 'flowc check' lists them\n"
    guard let file, let judge else {
      // Standard output: the pieces are made as they are written, after the command.
      if let summary { result.errors += summary }
      result.streamedOutput = StreamedOutput { [timer] write in
        var timer = timer
        pieces(write)
        timer.lap("write the drawing")
        return timer.report
      }
      return
    }
    // Into the temporary file created beside `file`, then renamed over it (``ReportFile``).
    try ReportFile.write(to: file, option: output.name, judge: judge, pieces: pieces)
    timer.lap("write the drawing")
    if let summary { result.errors += summary }
    result.errors += timer.report
  }
}
