/// `flowc check`: reads the flow files, runs every check, and reports the findings.
enum CheckCommand: Command {
  static let name = "check"
  static let summary = "Check flow files and report findings"
  static let help = """
    OVERVIEW: Check flow files and report what is wrong with them.

    USAGE: flowc check [PATH...] [--format text|json|sarif|github] [--strict]
                       [--config FILE] [--severity RULE=LEVEL]...

    ARGUMENTS:
      PATH        A flow file, a directory (searched recursively for *.flow.yaml and
                  *.flow.yml), or - for standard input. Default: the configuration's
                  'include' paths, or flows/

    OPTIONS:
      --format    text (default): FILE:LINE:COLUMN: SEVERITY: MESSAGE [RULE-ID] lines
                  json: one JSON object with every finding and a summary
                  sarif: SARIF 2.1.0 for code scanning
                  github: GitHub Actions annotations
      --strict    Fail on warnings too
      --config    The configuration file (default: .flowc.yml here, if there is one)
      --severity  Set a rule to error, warning or off: --severity cannot-finish=error
      -h, --help  Show this help

    EXIT STATUS:
      0  no error-level finding
      1  error-level findings (with --strict, warnings too)
      2  a usage, I/O or configuration error

    """

  static func run(
    _ arguments: [String], _ invocation: Invocation, _ result: inout CommandResult
  ) throws(UsageError) {
    let parsed = try Arguments(
      arguments, command: name, options: ["--format", "--config", "--severity"],
      flags: ["--help", "--strict"])
    if parsed.flags.contains("--help") {
      result.output = help
      return
    }
    let format = try parsed.choice("--format", default: ReportFormat.text, command: name)
    let configuration = try Inputs.configuration(parsed)
    let inputs = try Inputs.collect(parsed.positionals, invocation, configuration, command: name)
    let checked = try Inputs.check(inputs, configuration)
    result.retained = checked
    switch format {
    case .text:
      let reporter = TextReporter(colored: invocation.usesColor, sources: checked.sources)
      result.output = reporter.render(checked.findings)
      result.errors =
        FindingSummary(findings: checked.findings, files: checked.fileCount).sentence + "\n"
    case .json:
      result.output = JSONReporter.render(checked.findings, files: checked.fileCount)
    case .sarif:
      result.output = SARIFReporter.render(
        checked.findings, workingDirectory: FileSystem.currentDirectory())
    case .github:
      result.output = GitHubReporter.render(checked.findings)
    }
    let failing =
      parsed.flags.contains("--strict") ? !checked.findings.isEmpty : checked.hasErrors
    result.status = failing ? .findings : .success
    var timer = checked.timing
    timer.lap("report")
    result.errors += timer.report
  }
}

/// Turns the PATH arguments of a command into the flow files to read.
enum Inputs {
  /// The directory read when no path is given.
  static let defaultDirectory = "flows"

  /// Runs the pipeline over `inputs`, turning a file that cannot be read into exit status 2.
  static func check(_ inputs: [FlowInput], _ configuration: Configuration) throws(UsageError)
    -> CheckResult
  {
    do {
      return try Pipeline.check(inputs, configuration: configuration)
    } catch {
      throw UsageError("cannot read \(error)")
    }
  }

  /// The configuration: the `--config` file, or `.flowc.yml` here if there is one, then the
  /// `--severity` options.
  static func configuration(_ arguments: Arguments) throws(UsageError) -> Configuration {
    var configuration = Configuration()
    do {
      if let path = arguments.value("--config") {
        configuration = try Configuration.load(path)
      } else if FileSystem.kind(of: Configuration.defaultFileName) == .file {
        configuration = try Configuration.load(Configuration.defaultFileName)
      }
      for assignment in arguments.allValues["--severity"] ?? [] {
        try configuration.set(assignment)
      }
    } catch {
      throw UsageError(error.description)
    }
    return configuration
  }

  static func collect(
    _ paths: [String], _ invocation: Invocation, _ configuration: Configuration,
    command: String
  ) throws(UsageError) -> [FlowInput] {
    var inputs: [FlowInput] = []
    var paths = paths
    if paths.isEmpty && !configuration.include.isEmpty {
      paths = configuration.include
    } else if paths.isEmpty {
      guard FileSystem.kind(of: defaultDirectory) == .directory else {
        throw UsageError(
          "no paths given and no '\(defaultDirectory)/' directory here; name the flow files "
            + "or directories to read", command: command)
      }
      paths = [defaultDirectory]
    }
    for path in paths {
      if path == "-" {
        let limit = YAMLLimits.standard.maxFileSize
        let contents: FileSystem.Contents
        do {
          contents = try invocation.readStandardInput(limit)
        } catch {
          throw UsageError("cannot read standard input: \(error.reason)")
        }
        switch contents {
        case .bytes(let bytes): inputs.append(.source(SourceFile(path: "<stdin>", bytes: bytes)))
        case .tooLarge:
          throw UsageError("standard input is larger than the limit of \(limit) bytes")
        }
        continue
      }
      switch FileSystem.kind(of: path) {
      case .file, .other:
        inputs.append(.path(path))
      case .directory:
        let found: [String]
        do {
          found = try FileSystem.flowFiles(under: path)
        } catch {
          throw UsageError("cannot read \(error)")
        }
        let kept = found.filter { file in
          !configuration.exclude.contains { Glob.matches($0, file) }
        }
        guard !kept.isEmpty else {
          let excluded = found.isEmpty ? "" : " that the configuration does not exclude"
          throw UsageError(
            "no flow files (*.flow.yaml, *.flow.yml) under '\(path)'\(excluded)",
            command: command)
        }
        inputs.append(contentsOf: kept.map { .path($0) })
      case nil:
        throw UsageError("no such file or directory: '\(path)'", command: command)
      }
    }
    return inputs
  }
}
