import FlowCore
import Testing

@testable import FlowCommandLine

/// The help of each command, derived from what the command declares.
@Suite struct HelpTests {
  @Test func everyDeclaredOptionIsInTheUsageAndTheOptions() {
    for command in FlowCommandLine.commands {
      let help = command.help
      let usage = help.components(separatedBy: "\n\n")[1]
      for option in command.syntax.options {
        #expect(usage.contains(option.name), "\(command.name): \(option.name)")
        #expect(help.contains("\n  \(option.name) "), "\(command.name): \(option.name)")
      }
      #expect(help.contains("\n  -h, --help  "), "\(command.name)")
      for (status, _) in command.syntax.exitStatuses {
        #expect(help.contains("\n  \(status.rawValue)  "), "\(command.name)")
      }
    }
  }

  @Test func noLineIsWiderThanTheWidth() {
    let texts = FlowCommandLine.commands.map { $0.help } + [FlowCommandLine.overview]
    for text in texts {
      for line in text.split(separator: "\n") {
        #expect(line.count <= Help.width, "\(line)")
      }
    }
  }

  /// The rules that stop `generate` are those that say so, not a list in the help.
  @Test func generateNamesTheRulesThatBlockIt() {
    let words = GenerateCommand.help.split(whereSeparator: { " \n,".contains($0) }).map(
      String.init)
    for rule in RuleRegistry.blockingGeneration {
      #expect(words.contains(rule.rawValue), "\(rule)")
    }
    #expect(GenerateCommand.help.contains("unhandled-result and unreachable-link are errors here"))
  }

  /// The layout the derivation gives, the same as the help written by hand before it.
  @Test func theCheckHelp() {
    #expect(
      CheckCommand.help == """
        OVERVIEW: Check flow files and report what is wrong with them.

        USAGE: flowc check [PATH...] [--format text|json|sarif|github] [--strict]
                           [--color auto|always|never] [--config FILE]
                           [--severity RULE=LEVEL]...

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
          --color     auto (default): colour findings on a terminal, unless NO_COLOR is set
                      always: colour findings wherever they go
                      never: never colour findings
          --config    The configuration file (default: .flowc.yml or .flowc.yaml here or in the
                      nearest directory above that has one)
          --severity  Set a rule to error, warning or off: --severity cannot-finish=error
          -h, --help  Show this help

        EXIT STATUS:
          0  no error-level finding
          1  error-level findings (with --strict, warnings too)
          2  a usage, I/O or configuration error

        """)
  }

  @Test func theRulesHelp() {
    #expect(
      RulesCommand.help == """
        OVERVIEW: List every rule with its id, default severity and summary.

        USAGE: flowc rules [--format text|markdown|json]

        OPTIONS:
          --format    text (default): one line per rule
                      markdown: the rule reference with rationale and examples (docs/rules.md)
                      json: id, severity, summary and rationale of each rule
          -h, --help  Show this help

        """)
  }

  @Test func wrappingKeepsLineBreaksAndIndents() {
    let long = Array(repeating: "word", count: 30).joined(separator: " ")
    let wrapped = Help.wrap(long + "\nnext", indent: 4)
    let lines = wrapped.split(separator: "\n")
    #expect(lines.allSatisfy { $0.count <= Help.width })
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("    word") || $0 == "    next" })
    #expect(lines.last == "    next")
  }
}
