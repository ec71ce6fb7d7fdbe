/// `flowc check`: reads the flow files, runs every check, and reports the findings.
enum CheckCommand {
  static func run(
    _ arguments: [String], _ invocation: Invocation, _ result: inout CommandResult
  ) throws(UsageError) {
    let parsed = try Arguments(
      arguments, command: "check", options: ["--format"], flags: ["--help", "--strict"])
    if parsed.flags.contains("--help") {
      result.output = Help.check
      return
    }
    let format = try parsed.choice("--format", default: ReportFormat.text, command: "check")
    let inputs = try Inputs.collect(parsed.positionals, invocation, command: "check")
    let checked: CheckResult
    do {
      checked = try Pipeline.check(inputs)
    } catch {
      throw UsageError("cannot read \(error)", command: nil)
    }
    switch format {
    case .text:
      let reporter = TextReporter(colored: invocation.usesColor, sources: checked.sources)
      result.output = reporter.render(checked.findings)
      result.errors =
        FindingSummary(findings: checked.findings, files: inputs.count).sentence + "\n"
    case .json:
      result.output = JSONReporter.render(checked.findings, files: inputs.count)
    }
    let failing =
      parsed.flags.contains("--strict") ? !checked.findings.isEmpty : checked.hasErrors
    result.status = failing ? .findings : .success
  }
}

/// Turns the PATH arguments of a command into the flow files to read.
enum Inputs {
  /// The directory read when no path is given.
  static let defaultDirectory = "flows"

  static func collect(
    _ paths: [String], _ invocation: Invocation, command: String
  ) throws(UsageError) -> [FlowInput] {
    var inputs: [FlowInput] = []
    if paths.isEmpty {
      guard FileSystem.kind(of: defaultDirectory) == .directory else {
        throw UsageError(
          "no paths given and no '\(defaultDirectory)/' directory here; name the flow files "
            + "or directories to read", command: command)
      }
    }
    for path in paths.isEmpty ? [defaultDirectory] : paths {
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
        guard !found.isEmpty else {
          throw UsageError(
            "no flow files (*.flow.yaml, *.flow.yml) under '\(path)'", command: command)
        }
        inputs.append(contentsOf: found.map { .path($0) })
      case nil:
        throw UsageError("no such file or directory: '\(path)'", command: command)
      }
    }
    return inputs
  }
}

/// `flowc rules`: lists every rule.
enum RulesCommand {
  static func run(_ arguments: [String], _ result: inout CommandResult) throws(UsageError) {
    let parsed = try Arguments(arguments, command: "rules", options: [], flags: ["--help"])
    if parsed.flags.contains("--help") {
      result.output = Help.rules
      return
    }
    guard parsed.positionals.isEmpty else {
      throw UsageError("'flowc rules' takes no arguments", command: "rules")
    }
    let width = RuleRegistry.all.map { $0.id.rawValue.count }.max() ?? 0
    for rule in RuleRegistry.all {
      let id = rule.id.rawValue.padding(toLength: width)
      let severity = rule.severity.rawValue.padding(toLength: 7)
      result.output += "\(id)  \(severity)  \(rule.summary)\n"
    }
  }
}

extension String {
  /// The string padded with spaces to `length` characters.
  func padding(toLength length: Int) -> String {
    count >= length ? self : self + String(repeating: " ", count: length - count)
  }
}
