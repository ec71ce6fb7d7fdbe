import FlowCore

/// `flowc rules`: lists every rule with its id, default severity and summary.
enum RulesCommand: Command {
  static let name = "rules"
  static let summary = "List the rules, their ids and default severities"

  /// The formats of the rule list.
  enum Format: String, CaseIterable {
    /// One line per rule.
    case text
    /// The rule reference, `docs/rules.md`.
    case markdown
    /// The rules as JSON.
    case json
  }

  static let format = ChoiceOption("--format", default: Format.text) { format in
    switch format {
    case .text: "one line per rule"
    case .markdown: "the rule reference with rationale and examples (docs/rules.md)"
    case .json: "id, severity, summary and rationale of each rule"
    }
  }

  static let syntax = CommandSyntax(
    overview: "List every rule with its id, default severity and summary.",
    options: [format.option])

  static func run(
    _ parsed: ParsedOptions, _ invocation: Invocation, _ result: inout CommandResult
  ) throws(UsageError) {
    switch try parsed.value(format) {
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

extension String {
  /// The string padded with spaces to `length` characters.
  fileprivate func padding(toLength length: Int) -> String {
    count >= length ? self : self + String(repeating: " ", count: length - count)
  }
}
