/// One option of a command, declared once: ``ParsedOptions`` parses the command line
/// against it and ``Help`` describes it, so the two cannot disagree.
package struct Option: Sendable {
  /// What the option takes after its name.
  package enum Value: Sendable {
    /// Nothing: a flag, such as `--strict`.
    case none
    /// One value, named by the placeholder in the usage line (`--config FILE`); given
    /// twice, the last one counts.
    case single(placeholder: String)
    /// A value each time it is given, all of them kept (`--severity RULE=LEVEL...`).
    case repeatable(placeholder: String)
    /// One of a fixed set of words (`--format text|json`); the last one given counts.
    case choice([Choice])
  }

  /// One word a choice option accepts.
  package struct Choice: Sendable {
    /// The word, as given on the command line.
    package var name: String
    /// Whether it is what the option means when it is absent.
    package var isDefault: Bool
    /// What it does, for the help; `nil` when the option's own help says enough.
    package var help: String?
  }

  /// How the usage line shows the option.
  package enum Usage: Sendable {
    /// In brackets: `[--check]`.
    case optional
    /// Without brackets, since the command needs it: `--output DIR`.
    case required
    /// On a usage line of its own, in place of the required option: the other way to run
    /// the command (`--output-file FILE` for `--output DIR`).
    case alternative
  }

  /// The name, with its dashes: `--format`.
  package var name: String
  /// What it takes.
  package var value: Value
  /// What it does, for the help. For a choice whose words each have their own help, empty.
  package var help: String
  /// What the option means when it is absent, for the help (`.flowc.yml here, if there is
  /// one`), when that is not simply one of its choices.
  package var defaultDescription: String?
  /// How the usage line shows it.
  package var usage: Usage
  /// A one-letter name that means the same, with its dash (`-o`), or `nil`.
  package var shortName: String? = nil

  /// A flag: `--strict`.
  package static func flag(_ name: String, help: String) -> Option {
    Option(name: name, value: .none, help: help, defaultDescription: nil, usage: .optional)
  }

  /// An option with one value: `--config FILE`.
  package static func single(
    _ name: String, _ placeholder: String, help: String, default description: String? = nil,
    usage: Usage = .optional
  ) -> Option {
    Option(
      name: name, value: .single(placeholder: placeholder), help: help,
      defaultDescription: description, usage: usage)
  }

  /// An option given any number of times: `--severity RULE=LEVEL`.
  package static func repeatable(_ name: String, _ placeholder: String, help: String) -> Option {
    Option(
      name: name, value: .repeatable(placeholder: placeholder), help: help,
      defaultDescription: nil, usage: .optional)
  }

  /// The same option, also named `short` (`-o` for `--output`).
  package func shortened(_ short: String) -> Option {
    var option = self
    option.shortName = short
    return option
  }

  /// The same option, described in other words (a command that says it its own way).
  package func described(as help: String) -> Option {
    var option = self
    option.help = help
    return option
  }

  /// Whether it takes a value after its name.
  var takesValue: Bool {
    if case .none = value { return false }
    return true
  }
}

/// An option whose value is a case of `Choice`: its declaration, with its default as a
/// case, so that reading it gives a case and never a word to compare.
package struct ChoiceOption<Choice: RawRepresentable<String> & CaseIterable & Sendable>: Sendable {
  /// The declaration the parser and the help read.
  package let option: Option
  /// The case when the option is absent.
  package let fallback: Choice

  /// `--name a|b|c`, `fallback` when absent. `describe` gives each case its own line of
  /// help; without it, `help` describes the option in one line after its choices.
  package init(
    _ name: String, default fallback: Choice, help: String = "",
    describe: ((Choice) -> String)? = nil
  ) {
    let choices = Choice.allCases.map { choice in
      Option.Choice(
        name: choice.rawValue, isDefault: choice == fallback, help: describe?(choice))
    }
    option = Option(
      name: name, value: .choice(choices), help: help, defaultDescription: nil,
      usage: .optional)
    self.fallback = fallback
  }
}

/// The arguments of a command that are not options, as the help names them (`PATH`).
package struct Positional: Sendable {
  /// The name in the usage line and the help: `PATH`.
  package var name: String
  /// What they are, for the help.
  package var help: String
  /// Whether more than one may be given (`[PATH...]`), or at most one (`[DIR]`).
  package var repeats = true
}

/// Everything a command takes and says about itself, declared once: the parser reads its
/// options and ``Help`` derives `flowc help <command>` from all of it.
package struct CommandSyntax: Sendable {
  /// What the command does, the first line of its help.
  package var overview: String
  /// Its arguments, or `nil` when it takes none.
  package var positional: Positional?
  /// Its options, in the order the help lists them (`-h`/`--help` comes with every command).
  package var options: [Option]
  /// More about the command, after the options: lines of text, each wrapped.
  package var discussion: String?
  /// What each exit status means for it.
  package var exitStatuses: [(ExitStatus, String)]

  package init(
    overview: String, positional: Positional? = nil, options: [Option],
    discussion: String? = nil, exitStatuses: [(ExitStatus, String)] = []
  ) {
    self.overview = overview
    self.positional = positional
    self.options = options
    self.discussion = discussion
    self.exitStatuses = exitStatuses
  }
}
