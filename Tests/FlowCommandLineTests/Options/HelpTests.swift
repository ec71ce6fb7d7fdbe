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
        // An option with a one-letter name is listed under both: `-o, --output`.
        let label = (option.shortName.map { $0 + ", " } ?? "") + option.name
        #expect(help.contains("\n  \(label) "), "\(command.name): \(option.name)")
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

  /// `check --format` offers each reporter of ``ReportFormat/allCases``, in its order, with
  /// the reporter's own help: a new reporter in the list is a new choice and a new line.
  @Test func checksFormatsAreTheReporters() throws {
    guard case .choice(let choices) = CheckCommand.format.option.value else {
      Issue.record("--format is not a choice")
      return
    }
    #expect(choices.map(\.name) == ReportFormat.allCases.map(\.rawValue))
    #expect(choices.map(\.help) == ReportFormat.allCases.map { $0.reporter.help })
    #expect(choices.filter(\.isDefault).map(\.name) == ["text"])
    #expect(Set(choices.map(\.name)).count == choices.count, "two reporters share a name")
    for format in ReportFormat.allCases {
      #expect(ReportFormat(rawValue: format.rawValue) == format)
      #expect(CheckCommand.help.contains("  \(format.rawValue)"), "\(format.rawValue)")
    }
    #expect(ReportFormat(rawValue: "xml") == nil)
  }

  /// The layout the derivation gives, the same as the help written by hand before it.
  @Test func theCheckHelp() {
    #expect(
      CheckCommand.help == """
        OVERVIEW: Check flow files and report what is wrong with them.

        USAGE: flowc check [PATH...] [--format text|json|sarif|github|codeclimate|junit]
                           [--strict] [--color auto|always|never] [--config FILE]
                           [--severity RULE=LEVEL]... [--fix] [--watch] [--baseline FILE]
                           [--write-baseline FILE] [--output FILE] [--quiet]

        ARGUMENTS:
          PATH              A flow file, a directory (searched recursively for *.flow.yaml and
                            *.flow.yml), or - for standard input. Default: the configuration's
                            'include' paths, or flows/

        OPTIONS:
          --format          text (default): FILE:LINE:COLUMN: SEVERITY: MESSAGE [RULE-ID] lines
                            json: one JSON object with every finding and a summary
                            sarif: SARIF 2.1.0 for code scanning
                            github: GitHub Actions annotations
                            codeclimate: a Code Climate issue list: GitLab's code quality report
                            junit: JUnit XML, one test suite per file, for CI test reports
          --strict          Fail on warnings too
          --color           auto (default): colour findings on a terminal, unless NO_COLOR is
                            set
                            always: colour findings wherever they go
                            never: never colour findings
          --config          The configuration file (default: .flowc.yml or .flowc.yaml here or
                            in the nearest directory above that has one)
          --severity        Set a rule to error, warning or off: --severity cannot-finish=error
          --fix             Write the fixes that are not in doubt (a misspelt name or key with
                            one closest match, the handlers a start lacks, each 'stay') into the
                            flow files, say what changed, then report what is left
          --watch           Run again whenever a flow file or the configuration changes, until
                            interrupted (Ctrl-C)
          --baseline        Report only findings that are not in this baseline; name its entries
                            that match no finding any more
          --write-baseline  Record every finding of this run in FILE, a baseline for --baseline
                            (the report and exit status are as without it)
          -o, --output      Write the report to FILE instead of standard output, atomically: on
                            an error FILE is left as it was
          --quiet           Print findings only: no summary line on standard error
          -h, --help        Show this help

        EXIT STATUS:
          0  no error-level finding (none outside the baseline, with --baseline)
          1  error-level findings (with --strict, warnings too)
          2  a usage, I/O or configuration error, or a baseline that cannot be read

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
