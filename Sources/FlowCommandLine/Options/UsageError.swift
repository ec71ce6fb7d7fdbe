/// A mistake on the command line: exit status 2, with a message that says what was wrong.
package struct UsageError: Error, Sendable {
  /// What was wrong, in lowercase.
  package var message: String
  /// The command whose help to point at (`check`), or `nil` for the top level.
  package var command: String?

  package init(_ message: String, command: String? = nil) {
    self.message = message
    self.command = command
  }
}
