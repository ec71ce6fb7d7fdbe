/// A subcommand of `flowc`: its name, what it takes, and what it does.
protocol Command: Sendable {
  /// The word that selects it: `check`.
  static var name: String { get }
  /// One line for the overview.
  static var summary: String { get }
  /// Its options, arguments and help, declared once.
  static var syntax: CommandSyntax { get }
  /// Runs the command with its parsed arguments; help has been handled.
  static func run(
    _ options: ParsedOptions, _ invocation: Invocation, _ result: inout CommandResult
  ) throws(UsageError)
}

extension Command {
  /// The text of `flowc help <name>`.
  static var help: String { Help.text(of: syntax, command: name) }

  /// Parses the arguments after the command's name, then prints its help or runs it.
  static func run(
    _ arguments: [String], _ invocation: Invocation, _ result: inout CommandResult
  ) throws(UsageError) {
    let parsed = try ParsedOptions(arguments, command: name, options: syntax.options)
    if parsed.wantsHelp {
      result.output = help
      return
    }
    guard syntax.positional != nil || parsed.positionals.isEmpty else {
      throw UsageError("'flowc \(name)' takes no arguments", command: name)
    }
    try run(parsed, invocation, &result)
  }
}
