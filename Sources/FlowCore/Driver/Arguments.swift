/// A mistake on the command line: exit status 2, with a message that says what was wrong.
public struct UsageError: Error, Sendable {
  /// What was wrong, in lowercase.
  public var message: String
  /// The command whose help to point at (`check`), or `nil` for the top level.
  public var command: String?

  public init(_ message: String, command: String? = nil) {
    self.message = message
    self.command = command
  }
}

/// The arguments of one command, parsed against the options it declares.
///
/// Accepts `--name value`, `--name=value`, flags, `--` to end options, and `-` as a
/// positional argument (standard input).
struct Arguments {
  /// Arguments that are not options, in order.
  var positionals: [String] = []
  /// Each option's values, in the order given.
  var allValues: [String: [String]] = [:]
  /// The flags given.
  var flags: Set<String> = []

  init(
    _ arguments: [String], command: String, options: [String], flags allowedFlags: [String]
  ) throws(UsageError) {
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
      let name = argument == "-h" ? "--help" : parts[0]
      if allowedFlags.contains(name) {
        guard parts.count == 1 else {
          throw UsageError("option '\(name)' takes no value", command: command)
        }
        flags.insert(name)
      } else if options.contains(name) {
        if parts.count == 2 {
          allValues[name, default: []].append(parts[1])
        } else if index < arguments.count {
          allValues[name, default: []].append(arguments[index])
          index += 1
        } else {
          throw UsageError("option '\(name)' needs a value", command: command)
        }
      } else {
        throw UsageError(
          "unknown option '\(name)' for 'flowc \(command)'"
            + Suggestion.didYouMean(name, in: options + allowedFlags), command: command)
      }
    }
  }

  /// The last value given to `option`.
  func value(_ option: String) -> String? { allValues[option]?.last }

  /// The value of `option` if it is one of `choices`, or `fallback` if the option is absent.
  func choice<Choice: RawRepresentable<String> & CaseIterable>(
    _ option: String, default fallback: Choice, command: String
  ) throws(UsageError) -> Choice {
    guard let value = value(option) else { return fallback }
    guard let choice = Choice(rawValue: value) else {
      let names = Choice.allCases.map(\.rawValue)
      throw UsageError(
        "'\(value)' is not a value of '\(option)'; expected "
          + names.joined(separator: ", ") + Suggestion.didYouMean(value, in: names),
        command: command)
    }
    return choice
  }
}
