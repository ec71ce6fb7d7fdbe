/// Why a command cannot run: exit status 2, with a message that says what was wrong.
///
/// Either a mistake on the command line (an unknown option, a missing value), which the
/// usage hint (`run 'flowc help check' for usage`) follows, or an input that cannot be used
/// (a file that cannot be read, a configuration error), which the help would not fix, so no
/// hint follows it.
package struct UsageError: Error, Sendable {
  /// What was wrong, in lowercase.
  package var message: String
  /// The command whose help to point at (`check`), or `nil` for the top level.
  package var command: String?
  /// Whether the command line was wrong, so that the usage hint follows the message.
  package var pointsAtUsage: Bool

  /// A mistake on the command line of `command` (`nil`: the top level).
  package init(_ message: String, command: String? = nil) {
    self.message = message
    self.command = command
    pointsAtUsage = true
  }

  /// An input that cannot be used: a file or directory that cannot be read, or a
  /// configuration that is wrong.
  package static func input(_ message: String) -> UsageError {
    var error = UsageError(message)
    error.pointsAtUsage = false
    return error
  }
}
