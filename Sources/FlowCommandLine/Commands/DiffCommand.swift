import FlowCore

/// `flowc diff`: what changed in the navigation between two sets of flow files, for review:
/// as text, Markdown for a pull-request comment, JSON, or a drawing of the new graph with
/// the changes coloured.
enum DiffCommand: Command {
  static let name = "diff"
  static let summary = "Show what changed in the navigation between two versions of the flows"

  /// The output formats of `flowc diff`.
  enum Format: String, CaseIterable {
    case text
    case markdown
    case json
    case dot
    case mermaid
  }

  static let format = ChoiceOption("--format", default: Format.text) { format in
    switch format {
    case .text: "one line per change: FILE:LINE:COLUMN: added screen 'Main.Settings': …"
    case .markdown: "a summary line and a table, for a pull-request comment"
    case .json: "the changes with their places, for other tools"
    case .dot:
      "the new graph in Graphviz, added parts green, removed red and dashed, "
        + "changed amber"
    case .mermaid: "the same drawing as a Mermaid flowchart"
    }
  }
  static let git = Option.repeatable(
    "--git", "REV",
    help: "Compare the flow files at revision REV of the git repository here with the working "
      + "tree; given twice, compare the two revisions. PATH arguments then say where the "
      + "flow files are, in both")
  static let old = Option.repeatable(
    "--old", "PATH", help: "A path of the old side, when it has several (with --new)")
  static let new = Option.repeatable(
    "--new", "PATH", help: "A path of the new side, when it has several (with --old)")
  static let exitCode = Option.flag(
    "--exit-code", help: "Exit with status 1 when the navigation changed, as 'git diff' does")

  static let syntax = CommandSyntax(
    overview: "Compare the navigation of two versions of flow files: the coordinators, screens, "
      + "decisions, alerts, transitions, result cases and external events added, removed "
      + "and changed, with their places.",
    positional: Positional(
      name: "PATH",
      help: "Without --git: OLD NEW, the flow file or directory of each side. With --git: the "
        + "paths to read in each version. Default: the configuration's 'include' paths, or "
        + "\(Inputs.defaultDirectory)/"),
    options: [format.option, git, old, new, exitCode, Inputs.config],
    discussion: "Elements are matched by name: moving one to another line or file is no "
      + "change. What an added or removed element holds (the screens of a removed "
      + "coordinator) goes with it and is not listed again. Removed elements are placed in "
      + "the old files, others in the new; a file read from git is named REV:PATH.\n"
      + "When a file of either side cannot be read into a module (a yaml-syntax finding, a "
      + "bad version), nothing is compared: its findings are printed on standard error.",
    exitStatuses: [
      (.success, "compared (with or without changes, unless --exit-code)"),
      (.findings, "with --exit-code, the navigation changed; or a side could not be read"),
      (.failure, "a usage or I/O error, a revision git does not know, a file it cannot read"),
    ])

  static func run(
    _ parsed: ParsedOptions, _ invocation: Invocation, _ result: inout CommandResult
  ) throws(UsageError) {
    let format = try parsed.value(Self.format)
    let file = try Inputs.configurationFile(parsed)
    let configuration = try Inputs.configuration(parsed, file)
    let (oldInputs, newInputs) = try sides(parsed, invocation, configuration, file)
    let before = try Inputs.check(oldInputs, configuration, invocation)
    let after = try Inputs.check(newInputs, configuration, invocation)
    // Not kept alive until exit (`retained`) as `check` keeps its module: two modules are
    // freed in milliseconds, and LeakSanitizer cannot follow the pointers Swift stores in an
    // enum's spare bits (a link's outcome), so at exit it took what they hold for leaks.
    for (side, checked) in [("old", before), ("new", after)] where !checked.module.isComplete {
      let reporter = TextReporter(colored: false, sources: checked.sources)
      result.errors += reporter.render(checked.findings.filter { $0.severity == .error })
      result.errors +=
        "flowc: not compared: a file of the \(side) side could not be read into the module; "
        + "fix the findings above\n"
      result.status = .findings
    }
    guard result.status == .success else { return }

    let diff = ModuleDiff(old: before.resolved.graph, new: after.resolved.graph)
    switch format {
    case .text: result.output = DiffText.write(diff)
    case .markdown: result.output = DiffMarkdown.write(diff)
    case .json: result.output = DiffJSON.write(diff)
    case .dot, .mermaid:
      let diagram = DiffDrawing.diagram(
        of: diff, old: before.resolved.graph, new: after.resolved.graph)
      if format == .dot {
        result.outputChunks = DOTWriter.chunks(diagram)
      } else {
        result.outputChunks = [MermaidWriter.bytes(diagram)]
        if diagram.edges.count > MermaidWriter.defaultMaxEdges {
          result.errors +=
            "flowc: warning: the drawing has \(diagram.edges.count) edges; Mermaid draws at "
            + "most \(MermaidWriter.defaultMaxEdges) unless its 'maxEdges' setting is raised "
            + "where it renders; use --format dot\n"
        }
      }
    }
    if format != .markdown && format != .json { result.errors += diff.summary + "\n" }
    if parsed.isSet(exitCode) && !diff.isEmpty { result.status = .findings }
  }

  /// The inputs of the old and the new side, as the options name them.
  private static func sides(
    _ parsed: ParsedOptions, _ invocation: Invocation, _ configuration: Configuration,
    _ file: ConfigurationFile?
  ) throws(UsageError) -> ([FlowInput], [FlowInput]) {
    let revisions = parsed.values(git)
    let olds = parsed.values(old)
    let news = parsed.values(new)
    let paths = parsed.positionals
    func collect(_ paths: [String]) throws(UsageError) -> [FlowInput] {
      try Inputs.collect(paths, invocation, configuration, file, command: name)
    }
    if !revisions.isEmpty {
      guard revisions.count <= 2 else {
        throw UsageError("--git is given once (against the working tree) or twice", command: name)
      }
      guard olds.isEmpty, news.isEmpty else {
        throw UsageError("--git takes PATH arguments, not --old or --new", command: name)
      }
      var searched = paths
      if searched.isEmpty {
        if let file, !configuration.include.isEmpty {
          searched = configuration.include.map(file.resolve)
        } else {
          searched = [Inputs.defaultDirectory]
        }
      }
      searched = searched.map { WorkingDirectory.display($0, invocation.environment) }
      let old = try GitRevision.inputs(
        at: revisions[0], under: searched, configuration: configuration, file: file)
      let new =
        revisions.count == 2
        ? try GitRevision.inputs(
          at: revisions[1], under: searched, configuration: configuration, file: file)
        : try collect(searched)
      return (old, new)
    }
    if !olds.isEmpty || !news.isEmpty {
      guard !olds.isEmpty, !news.isEmpty, paths.isEmpty else {
        throw UsageError(
          "--old and --new go together, without other PATH arguments", command: name)
      }
      return (try collect(olds), try collect(news))
    }
    guard paths.count == 2 else {
      throw UsageError(
        "'flowc diff' compares two sides: OLD NEW, --old PATH... --new PATH..., or --git REV",
        command: name)
    }
    return (try collect([paths[0]]), try collect([paths[1]]))
  }
}
