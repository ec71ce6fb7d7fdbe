import FlowCore

/// The arguments of one command, parsed against the options it declares.
///
/// Accepts `--name value`, `--name=value`, flags, `-h` for `--help`, `--` to end options,
/// and `-` as a positional argument (standard input). A value option takes the next
/// argument whatever it looks like.
package struct ParsedOptions {
  /// The name of `-h` and `--help`, which every command takes.
  static let helpName = "--help"

  /// Arguments that are not options, in order.
  package private(set) var positionals: [String] = []
  /// Each value option's values, in the order given.
  private var values: [String: [String]] = [:]
  /// The flags given.
  private var flags: Set<String> = []
  /// The command, for error messages.
  private let command: String

  /// Parses `arguments` against `options`.
  package init(_ arguments: [String], command: String, options: [Option]) throws(UsageError) {
    self.command = command
    let valueNames = options.filter(\.takesValue).map(\.name)
    let flagNames = [Self.helpName] + options.filter { !$0.takesValue }.map(\.name)
    var longNames = ["-h": Self.helpName]
    for option in options { if let short = option.shortName { longNames[short] = option.name } }
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
      let name = longNames[parts[0]] ?? parts[0]
      if flagNames.contains(name) {
        guard parts.count == 1 else {
          throw UsageError("option '\(name)' takes no value", command: command)
        }
        flags.insert(name)
      } else if valueNames.contains(name) {
        if parts.count == 2 {
          values[name, default: []].append(parts[1])
        } else if index < arguments.count {
          values[name, default: []].append(arguments[index])
          index += 1
        } else {
          throw UsageError("option '\(name)' needs a value", command: command)
        }
      } else {
        throw UsageError(
          "unknown option '\(name)' for 'flowc \(command)'"
            + Suggestion.didYouMean(name, in: valueNames + flagNames), command: command)
      }
    }
  }

  /// Whether help was asked for (`-h`, `--help`).
  package var wantsHelp: Bool { flags.contains(Self.helpName) }

  /// Whether the flag was given.
  package func isSet(_ flag: Option) -> Bool { flags.contains(flag.name) }

  /// The last value given to `option`, or `nil` when it was not given (or the command does
  /// not declare it).
  package func value(_ option: Option) -> String? { values[option.name]?.last }

  /// Every value given to `option`, in order.
  package func values(_ option: Option) -> [String] { values[option.name] ?? [] }

  /// The case given to `option`, or its default when it is absent.
  package func value<Choice>(_ option: ChoiceOption<Choice>) throws(UsageError) -> Choice {
    guard let value = value(option.option) else { return option.fallback }
    guard let choice = Choice(rawValue: value) else {
      let names = Choice.allCases.map(\.rawValue)
      throw UsageError(
        "'\(value)' is not a value of '\(option.option.name)'; expected "
          + names.joined(separator: ", ") + Suggestion.didYouMean(value, in: names),
        command: command)
    }
    return choice
  }
}
