import FlowCore

/// The `flowc` command line: parses arguments, runs a command, and says how to exit.
/// The executable only hands it the process (``main()``).
package enum FlowCommandLine {
  /// Every command, in the order the overview lists them.
  static let commands: [any Command.Type] = [
    CheckCommand.self, GenerateCommand.self, GraphCommand.self, LinksCommand.self, PathsCommand.self,
    TestsCommand.self,
    DiffCommand.self, RulesCommand.self, InitCommand.self, LSPCommand.self,
  ]

  /// Runs the command `invocation` names.
  package static func run(_ invocation: Invocation) -> CommandResult {
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
      // Messages quote paths and names as given: printed escaped, as findings are.
      result.errors += "flowc: error: \(TerminalText.printable(error.message))\n"
      if error.pointsAtUsage {
        let help = error.command.map { "flowc help \($0)" } ?? "flowc --help"
        result.errors += "run '\(help)' for usage\n"
      }
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

  /// What flowc is, the first line of `flowc --help`.
  static let summary =
    "flowc checks, generates and draws the navigation flows of coordinator-based iOS apps, "
    + "written in YAML (*.flow.yaml)."

  /// The text of `flowc --help`.
  static var overview: String {
    let list = commands.map { ($0.name, $0.summary) } + [("help", "Show help for a command")]
    let options = [("--version", "Print the version"), Help.helpOption]
    return """
      \(Help.wrap("OVERVIEW: " + summary))

      USAGE: flowc <command> [options]

      COMMANDS:
      \(Help.table(list))

      OPTIONS:
      \(Help.table(options))

      See 'flowc help <command>' for the options of a command.

      """
  }
}
