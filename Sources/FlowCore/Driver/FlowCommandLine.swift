/// The version of flowc, and of the flow language it reads.
public enum FlowcVersion {
  /// The version `flowc --version` prints; it matches the package's release tag.
  public static let current = "0.1.0"
  /// The flow language version this flowc reads (`version: 1`).
  public static let language = 1
}

/// How `flowc` exits (spec section 9).
public enum ExitStatus: Int32, Sendable {
  /// No error-level finding.
  case success = 0
  /// Error-level findings (with `--strict`, warnings too), or stale generated output.
  case findings = 1
  /// A usage, I/O or configuration error.
  case failure = 2
}

/// What one run of the command line needs from its process.
public struct Invocation: Sendable {
  /// The arguments, without the program name.
  public var arguments: [String]
  /// The environment variables.
  public var environment: [String: String]
  /// Whether standard output is a terminal (colour is used only then).
  public var outputIsTerminal: Bool
  /// Reads standard input, for the path `-`.
  public var readStandardInput: @Sendable (Int) throws(FileSystemError) -> FileSystem.Contents

  public init(
    arguments: [String], environment: [String: String] = [:], outputIsTerminal: Bool = false,
    readStandardInput: @escaping @Sendable (Int) throws(FileSystemError) -> FileSystem.Contents =
      { _ in .bytes([]) }
  ) {
    self.arguments = arguments
    self.environment = environment
    self.outputIsTerminal = outputIsTerminal
    self.readStandardInput = readStandardInput
  }

  /// Whether output may be coloured: on a terminal, and never with `NO_COLOR` set.
  var usesColor: Bool { outputIsTerminal && environment["NO_COLOR"] == nil }
}

/// What one run of the command line printed and how it exits.
public struct CommandResult: Sendable {
  /// Everything for standard output.
  public var output = ""
  /// Everything for standard error.
  public var errors = ""
  /// The exit status.
  public var status = ExitStatus.success

  public init() {}
}

/// The `flowc` command line: parses arguments, runs a command, and says how to exit.
/// The executable only hands it the process's arguments and prints what it returns.
public enum FlowCommandLine {
  /// Runs the command `invocation` names.
  public static func run(_ invocation: Invocation) -> CommandResult {
    var result = CommandResult()
    var arguments = invocation.arguments
    do throws(UsageError) {
      guard let first = arguments.first else {
        result.errors = Help.overview
        result.status = .failure
        return result
      }
      arguments.removeFirst()
      switch first {
      case "--version":
        result.output = "flowc \(FlowcVersion.current)\n"
      case "--help", "-h":
        result.output = Help.overview
      case "help":
        result.output = try Help.text(for: arguments.first)
      case "check":
        try CheckCommand.run(arguments, invocation, &result)
      case "rules":
        try RulesCommand.run(arguments, &result)
      default:
        throw UsageError(
          "unknown command '\(first)'" + Suggestion.didYouMean(first, in: Help.commands))
      }
    } catch {
      result.errors += "flowc: error: \(error.message)\n"
      let help = error.command.map { "flowc help \($0)" } ?? "flowc --help"
      result.errors += "run '\(help)' for usage\n"
      result.status = .failure
    }
    return result
  }
}

/// The help texts.
enum Help {
  static let commands = ["check", "rules", "help"]

  static let overview = """
    OVERVIEW: flowc checks the navigation flows of coordinator-based iOS apps.

    USAGE: flowc <command> [options]

    COMMANDS:
      check       Check flow files and report findings
      rules       List the rules, their ids and default severities
      help        Show help for a command

    OPTIONS:
      --version   Print the version
      -h, --help  Show this help

    See 'flowc help <command>' for the options of a command.

    """

  static let check = """
    OVERVIEW: Check flow files and report what is wrong with them.

    USAGE: flowc check [PATH...] [--format text|json] [--strict]

    ARGUMENTS:
      PATH        A flow file, a directory (searched recursively for *.flow.yaml and
                  *.flow.yml), or - for standard input. Default: flows/

    OPTIONS:
      --format    text (default): FILE:LINE:COLUMN: SEVERITY: MESSAGE [RULE-ID] lines
                  json: one JSON object with every finding and a summary
      --strict    Fail on warnings too
      -h, --help  Show this help

    EXIT STATUS:
      0  no error-level finding
      1  error-level findings (with --strict, warnings too)
      2  a usage or I/O error

    """

  static let rules = """
    OVERVIEW: List every rule with its id, default severity and summary.

    USAGE: flowc rules

    """

  static func text(for command: String?) throws(UsageError) -> String {
    switch command {
    case nil, "help": return overview
    case "check": return check
    case "rules": return rules
    case let other?:
      throw UsageError(
        "unknown command '\(other)'" + Suggestion.didYouMean(other, in: commands))
    }
  }
}
