import FlowCore

/// What the commands that read flow files share: their PATH arguments, the configuration
/// options, and turning both into a checked module.
enum Inputs {
  /// The directory read when no path is given.
  static let defaultDirectory = "flows"

  /// The PATH arguments of `check`, `generate` and `graph`.
  static let paths = Positional(
    name: "PATH",
    help: "A flow file, a directory (searched recursively for "
      + Help.list(FlowFileName.patterns, conjunction: "and")
      + "), or - for standard input. Default: the configuration's 'include' paths, or "
      + "\(defaultDirectory)/")

  /// `--config FILE`.
  static let config = Option.single(
    "--config", "FILE", help: "The configuration file",
    default: "\(Configuration.defaultFileName) or .flowc.yaml here or in the nearest directory "
      + "above that has one")

  /// `--color auto|always|never`.
  static let color = ChoiceOption("--color", default: ColorChoice.auto) { choice in
    switch choice {
    case .auto: "colour findings on a terminal, unless NO_COLOR is set"
    case .always: "colour findings wherever they go"
    case .never: "never colour findings"
    }
  }

  /// `--severity RULE=LEVEL`.
  static let severity = Option.repeatable(
    "--severity", "RULE=LEVEL",
    help: "Set a rule to error, warning or off: --severity cannot-finish=error")

  // MARK: Watching

  /// Throws when `--watch` is given with `-`: standard input cannot be read again.
  static func requireWatchable(_ options: ParsedOptions, command: String) throws(UsageError) {
    guard options.isSet(watch), options.positionals.contains("-") else { return }
    throw UsageError(
      "'--watch' cannot watch standard input ('-'); name the flow files or directories",
      command: command)
  }

  /// `--watch`, for `check` and `graph`.
  static let watch = Option.flag(
    "--watch",
    help: "Run again whenever a flow file or the configuration changes, until interrupted "
      + "(Ctrl-C)")

  /// What `--watch` watches after a run that read `checked`: the directory of each file
  /// read, each directory named, the working directory (where a configuration file may
  /// appear) and the configuration file.
  static func watchPlan(_ options: ParsedOptions, _ checked: CheckResult) -> WatchPlan {
    var plan = WatchPlan()
    plan.addDirectory(".")
    for path in checked.sources.keys.sorted() { plan.addFile(path) }
    for path in options.positionals where FileSystem.kind(of: path) == .directory {
      plan.addDirectory(path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path)
    }
    if let file = try? configurationFile(options) { plan.addConfiguration(file.path) }
    return plan
  }

  /// Reads the configuration the options name, `adjust`s it, collects the files the PATH
  /// arguments name, and checks them as one module.
  static func check(
    _ options: ParsedOptions, _ invocation: Invocation, command: String,
    adjust: (inout Configuration) -> Void = { _ in }
  ) throws(UsageError) -> CheckResult {
    var reads = OutputPolicy()
    return try check(options, invocation, command: command, recording: &reads, adjust: adjust)
  }

  /// ``check(_:_:command:adjust:)``, recording in `policy` each file the run reads (the
  /// configuration file and the flow files), which no output of the run may replace.
  static func check(
    _ options: ParsedOptions, _ invocation: Invocation, command: String,
    recording policy: inout OutputPolicy, adjust: (inout Configuration) -> Void = { _ in }
  ) throws(UsageError) -> CheckResult {
    let file = try configurationFile(options)
    var configuration = try configuration(options, file)
    adjust(&configuration)
    let inputs = try collect(
      options.positionals, invocation, configuration, file, command: command)
    if let file { policy.read(file.path, as: .configuration) }
    for case .path(let path) in inputs { policy.read(path, as: .flowFile) }
    return try check(inputs, configuration, invocation)
  }

  /// Runs the pipeline over `inputs`, timed when the invocation asks, turning a file that
  /// cannot be read into exit status 2.
  static func check(
    _ inputs: [FlowInput], _ configuration: Configuration, _ invocation: Invocation
  ) throws(UsageError) -> CheckResult {
    do {
      return try Pipeline.check(
        inputs, configuration: configuration, limits: .standard, timed: invocation.isTimed)
    } catch {
      throw UsageError.input("cannot read \(error)")
    }
  }

  /// The configuration file: the `--config` file, or the one found here or above
  /// (``ConfigurationFile/find()``), or `nil`.
  static func configurationFile(_ options: ParsedOptions) throws(UsageError)
    -> ConfigurationFile?
  {
    if let path = options.value(config) { return ConfigurationFile(path) }
    return try ConfigurationFile.find()
  }

  /// The configuration: `file`'s, or the default one, then the `--severity` options.
  static func configuration(
    _ options: ParsedOptions, _ file: ConfigurationFile?
  ) throws(UsageError) -> Configuration {
    var configuration = Configuration()
    do {
      if let file { configuration = try Configuration.load(file.path) }
      for assignment in options.values(severity) {
        try configuration.set(assignment)
      }
    } catch {
      throw UsageError.input(error.description)
    }
    return configuration
  }

  /// The flow files `paths` name: files as they are, directories searched (without what
  /// the configuration excludes), `-` read from standard input; with no paths, the
  /// configuration's `include` paths (relative to its `file`'s directory) or `flows/`.
  static func collect(
    _ paths: [String], _ invocation: Invocation, _ configuration: Configuration,
    _ file: ConfigurationFile?, command: String
  ) throws(UsageError) -> [FlowInput] {
    var inputs: [FlowInput] = []
    var paths = paths
    // The file whose `include` the paths come from, to say where a missing one was named.
    var includedBy: ConfigurationFile?
    if let file, paths.isEmpty && !configuration.include.isEmpty {
      paths = configuration.include.map(file.resolve)
      includedBy = file
    } else if paths.isEmpty {
      guard FileSystem.kind(of: defaultDirectory) == .directory else {
        throw UsageError(
          "no paths given and no '\(defaultDirectory)/' directory here; name the flow files "
            + "or directories to read", command: command)
      }
      paths = [defaultDirectory]
    }
    // Every path as outputs name it, however it was typed (`d`, `./d`, `$PWD/d`): one
    // spelling in text, JSON, SARIF, GitHub and generated headers, one SARIF fingerprint,
    // one set of glob matches.
    for (index, typed) in paths.enumerated() {
      let path = WorkingDirectory.display(typed, invocation.environment)
      if typed == "-" {
        inputs.append(.source(try standardInput(invocation)))
        continue
      }
      switch FileSystem.kind(of: path) {
      case .file, .other:
        inputs.append(.path(path))
      case .directory:
        var found = FlowFileSearch.search(under: path)
        if path == "." {
          // The search joins names to the directory (`./a.flow.yaml`): named as outputs
          // and globs name them, `a.flow.yaml`.
          found.files = found.files.map { String($0.dropFirst(2)) }
        }
        // Patterns are relative to the configuration file's directory, as its paths are.
        let isKept = { (path: String) in
          guard !configuration.exclude.isEmpty else { return true }
          let relative = file?.relative(path) ?? path
          return !configuration.exclude.contains { Glob.matches($0, relative) }
        }
        let unreadable = found.unreadable.filter { isKept(Paths.display($0.path)) }
        guard unreadable.isEmpty else { throw cannotRead(unreadable) }
        let kept = found.files.filter(isKept)
        guard !kept.isEmpty else {
          let excluded = found.files.isEmpty ? "" : " that the configuration does not exclude"
          let patterns = FlowFileName.patterns.joined(separator: ", ")
          throw UsageError.input("no flow files (\(patterns)) under '\(path)'\(excluded)")
        }
        inputs.append(contentsOf: kept.map { .path($0) })
      case nil where FileSystem.exists(path):
        // A link that leads nowhere: reading it says so.
        inputs.append(.path(path))
      case nil:
        if let includedBy {
          throw UsageError.input(
            "\(includedBy.path): include '\(configuration.include[index])' does not exist "
              + "(no such file or directory: '\(path)')")
        }
        throw UsageError.input("no such file or directory: '\(path)'")
      }
    }
    return inputs
  }

  /// The error for entries of a searched directory that cannot be read: each is named,
  /// since a flow file left out of the module would make `check` pass and `generate`
  /// delete its output.
  private static func cannotRead(_ entries: [FileSystemError]) -> UsageError {
    UsageError.input(
      "cannot read " + entries.map(\.description).joined(separator: "; cannot read "))
  }

  /// The text of standard input, as the file `<stdin>`, bounded as a flow file is.
  private static func standardInput(_ invocation: Invocation) throws(UsageError) -> SourceFile {
    let limit = YAMLLimits.standard.maxFileSize
    let contents: FileSystem.Contents
    do {
      contents = try invocation.readStandardInput(limit)
    } catch {
      throw UsageError.input("cannot read standard input: \(error.reason)")
    }
    switch contents {
    case .bytes(let bytes): return SourceFile(path: "<stdin>", bytes: bytes)
    case .tooLarge:
      throw UsageError.input("standard input is larger than the limit of \(limit) bytes")
    }
  }
}
