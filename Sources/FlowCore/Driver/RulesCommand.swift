/// `flowc rules`: lists every rule with its id, default severity and summary.
enum RulesCommand: Command {
  static let name = "rules"
  static let summary = "List the rules, their ids and default severities"
  static let help = """
    OVERVIEW: List every rule with its id, default severity and summary.

    USAGE: flowc rules [--format text|markdown|json]

    OPTIONS:
      --format    text (default): one line per rule
                  markdown: the rule reference with rationale and examples (docs/rules.md)
                  json: id, severity, summary and rationale of each rule
      -h, --help  Show this help

    """

  /// The formats of the rule list.
  enum Format: String, CaseIterable {
    case text, markdown, json
  }

  static func run(
    _ arguments: [String], _ invocation: Invocation, _ result: inout CommandResult
  ) throws(UsageError) {
    let parsed = try Arguments(arguments, command: name, options: ["--format"], flags: ["--help"])
    if parsed.flags.contains("--help") {
      result.output = help
      return
    }
    guard parsed.positionals.isEmpty else {
      throw UsageError("'flowc rules' takes no arguments", command: name)
    }
    switch try parsed.choice("--format", default: Format.text, command: name) {
    case .markdown:
      result.output = RuleReference.markdown()
    case .json:
      result.output = RuleReference.json()
    case .text:
      let width = RuleRegistry.all.map { $0.id.rawValue.count }.max() ?? 0
      for rule in RuleRegistry.all {
        let id = rule.id.rawValue.padding(toLength: width)
        let severity = rule.severity.rawValue.padding(toLength: 7)
        result.output += "\(id)  \(severity)  \(rule.summary)\n"
      }
    }
  }
}
