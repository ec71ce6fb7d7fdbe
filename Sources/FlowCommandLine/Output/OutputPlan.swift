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

/// What writing files of given names into an output directory changes, worked out from
/// the names and the directory before any file's text is made: `generate --output` plans
/// so, then makes and writes the files a batch at a time
/// (``OutputDirectory/write(_:in:batch:format:using:writers:render:)``), so that it never
/// holds every file's text at once. Every conflict is found here, before anything is
/// written.
package struct OutputLayout: Sendable {
  /// A file to write, whose text is made later.
  package struct File: Sendable {
    /// What is at the file's path now.
    enum Existing: Sendable {
      /// Nothing.
      case none
      /// A file flowc generated. `rewrite`: its name differs only in case from a stale
      /// file deleted first, so on a case-insensitive file system it goes with it and is
      /// written whatever its text.
      case generated(rewrite: Bool)
    }

    /// Its index in the names planned from.
    package var index: Int
    /// The file, as the user named the directory.
    package var path: String
    /// What is at the path now.
    var existing: Existing
  }

  /// The stale generated files to delete, by name, before anything is written.
  package var deletions: [OutputPlan.Change] = []
  /// The files to write, by name.
  package var files: [File] = []
  /// Why the directory cannot be written as planned, as in ``OutputPlan/conflicts``.
  package var conflicts: [String] = []
  /// The directory, which does not exist yet when `false`.
  var directoryExists = true
}
