/// What `flowc generate` would do to its output directory, worked out before anything is
/// written, so that a conflict stops the run before it changes any file.
package struct OutputPlan: Sendable {
  /// One file to write or delete.
  package struct Change: Sendable {
    /// What happens to the file.
    package enum Kind: String, Sendable {
      /// A new file.
      case create
      /// A generated file whose text changes.
      case update
      /// A generated file of a coordinator or types that no longer exist.
      case delete
    }

    /// What happens.
    package var kind: Kind
    /// The file, as the user named the directory: `Generated/AuthCoordinator.swift`.
    package var path: String
    /// Where the bytes go, or what is deleted: the same path (no symbolic link is written
    /// through, ``OutputPolicy``).
    var target: String
    /// The new text; `nil` for a deletion.
    var contents: String?
  }

  /// The files that change, deletions first, then by name.
  package var changes: [Change] = []
  /// How many generated files are already up to date.
  package var unchanged = 0
  /// Why the directory cannot be written as planned: files flowc did not generate where it
  /// would write, links out of the directory, names that differ only in case.
  package var conflicts: [String] = []
  /// The directory, which does not exist yet when `false`.
  var directoryExists = true
}
