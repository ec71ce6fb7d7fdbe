/// The version of flowc, and of the flow language it reads.
public enum FlowcVersion {
  /// The version `flowc --version` prints: the text of the `VERSION` file, which is the one
  /// place a release changes it (`InstallTests` fails when the two differ).
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
  /// More for standard output, after `output`, as chunks of bytes written one after
  /// another: large outputs are written as they were built, without joining them or
  /// turning them into a `String` first.
  public var outputChunks: [[UInt8]] = []
  /// Everything for standard error.
  public var errors = ""
  /// The exit status.
  public var status = ExitStatus.success
  /// What the command built (a module, its findings), kept alive until the process exits:
  /// freeing millions of small values one by one only to exit takes longer than the check.
  public var retained: (any Sendable)?

  public init() {}
}

/// A subcommand of `flowc`: its name, its help, and what it does.
protocol Command: Sendable {
  /// The word that selects it: `check`.
  static var name: String { get }
  /// One line for the overview.
  static var summary: String { get }
  /// The text of `flowc help <name>`.
  static var help: String { get }
  /// Runs the command with the arguments after its name.
  static func run(
    _ arguments: [String], _ invocation: Invocation, _ result: inout CommandResult
  ) throws(UsageError)
}

/// The `flowc` command line: parses arguments, runs a command, and says how to exit.
/// The executable only hands it the process's arguments and prints what it returns.
public enum FlowCommandLine {
  /// Every command, in the order the overview lists them.
  static let commands: [any Command.Type] = [
    CheckCommand.self, GenerateCommand.self, GraphCommand.self, RulesCommand.self,
  ]

  /// Runs the command `invocation` names.
  public static func run(_ invocation: Invocation) -> CommandResult {
    var result = CommandResult()
    var arguments = invocation.arguments
    do throws(UsageError) {
      guard let first = arguments.first else {
        result.errors = overview
        result.status = .failure
        return result
      }
      arguments.removeFirst()
      switch first {
      case "--version":
        result.output = "flowc \(FlowcVersion.current)\n"
      case "--help", "-h":
        result.output = overview
      case "help":
        result.output = try help(for: arguments.first)
      default:
        try command(named: first).run(arguments, invocation, &result)
      }
    } catch {
      result.errors += "flowc: error: \(error.message)\n"
      let help = error.command.map { "flowc help \($0)" } ?? "flowc --help"
      result.errors += "run '\(help)' for usage\n"
      result.status = .failure
    }
    return result
  }

  private static func command(named name: String) throws(UsageError) -> any Command.Type {
    guard let command = commands.first(where: { $0.name == name }) else {
      let names = commands.map { $0.name } + ["help"]
      throw UsageError("unknown command '\(name)'" + Suggestion.didYouMean(name, in: names))
    }
    return command
  }

  private static func help(for name: String?) throws(UsageError) -> String {
    guard let name, name != "help" else { return overview }
    return try command(named: name).help
  }

  /// The text of `flowc --help`.
  static var overview: String {
    let width = commands.map { $0.name.count }.max() ?? 0
    let list = commands.map { "  \($0.name.padding(toLength: width + 2))\($0.summary)\n" }
    return """
      OVERVIEW: flowc checks, generates and draws the navigation flows of coordinator-based
      iOS apps, written in YAML (*.flow.yaml).

      USAGE: flowc <command> [options]

      COMMANDS:
      \(list.joined())  \("help".padding(toLength: width + 2))Show help for a command

      OPTIONS:
        --version   Print the version
        -h, --help  Show this help

      See 'flowc help <command>' for the options of a command.

      """
  }
}

extension String {
  /// The string padded with spaces to `length` characters.
  func padding(toLength length: Int) -> String {
    count >= length ? self : self + String(repeating: " ", count: length - count)
  }
}
