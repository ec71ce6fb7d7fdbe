/// `flowc rules`: lists every rule with its id, default severity and summary.
enum RulesCommand: Command {
  static let name = "rules"
  static let summary = "List the rules, their ids and default severities"
  static let help = """
    OVERVIEW: List every rule with its id, default severity and summary.

    USAGE: flowc rules

    """

  static func run(
    _ arguments: [String], _ invocation: Invocation, _ result: inout CommandResult
  ) throws(UsageError) {
    let parsed = try Arguments(arguments, command: name, options: [], flags: ["--help"])
    if parsed.flags.contains("--help") {
      result.output = help
      return
    }
    guard parsed.positionals.isEmpty else {
      throw UsageError("'flowc rules' takes no arguments", command: name)
    }
    let width = RuleRegistry.all.map { $0.id.rawValue.count }.max() ?? 0
    for rule in RuleRegistry.all {
      let id = rule.id.rawValue.padding(toLength: width)
      let severity = rule.severity.rawValue.padding(toLength: 7)
      result.output += "\(id)  \(severity)  \(rule.summary)\n"
    }
  }
}
