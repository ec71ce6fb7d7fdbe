/// What ``OutputDirectory/apply(_:in:using:writers:)`` did.
package struct OutputReport: Sendable {
  /// The changes made, in the plan's order.
  package var done: [OutputPlan.Change] = []
  /// The changes that could not be made, in the plan's order; each file is as it was.
  package var failures: [OutputFailure] = []
  /// How many files were already up to date, and so not written.
  package var unchanged = 0
  /// How many changes were not made: one per failure, or every change when the directory
  /// could not be made.
  package var failed = 0
}

/// A change to an output directory that could not be made. The file is as it was: a
/// file that was to be created does not exist, one to be updated or deleted has its old
/// text, and no temporary file is left (unless ``leftover`` says otherwise).
package struct OutputFailure: Error, Sendable, CustomStringConvertible {
  /// What flowc was doing when the system refused.
  package enum Step: String, Sendable {
    /// Making the output directory (or one of its parents).
    case makeDirectory = "creating the directory"
    /// Creating the temporary file the text is written to.
    case createTemporary = "creating a temporary file"
    /// Writing the text to the temporary file.
    case write = "writing a temporary file"
    /// Giving the temporary file the permissions of the file it replaces.
    case setPermissions = "setting a temporary file's permissions"
    /// Flushing the temporary file to the disk.
    case synchronize = "flushing a temporary file to the disk"
    /// Closing the temporary file.
    case close = "closing a temporary file"
    /// Renaming the temporary file over the file.
    case rename = "renaming a temporary file over it"
    /// Deleting a generated file that is no longer generated.
    case delete = "deleting it"
    /// Looking at the file again just before writing it, when it was no longer as the plan
    /// found it: something appeared at the path, or the file is not one flowc generated.
    case changed = "looking at it again"
  }

  /// The change that failed.
  package var kind: OutputPlan.Change.Kind
  /// The file (or, for ``Step/makeDirectory``, the output directory), as the user named it.
  package var path: String
  /// The step that failed.
  package var step: Step
  /// Why, in the system's words.
  package var reason: SystemError
  /// A temporary file that could not be removed after the failure, and why.
  package var leftover: (path: String, reason: SystemError)?

  package var description: String {
    var text: String
    switch step {
    case .makeDirectory:
      text = "cannot create the directory '\(path)': \(reason); nothing was written"
    case .delete:
      text = "cannot delete '\(path)': \(reason); it is kept"
    case .changed:
      text =
        "'\(path)' changed while flowc ran, so it may not be a file flowc generated; flowc "
        + "leaves it alone: run 'flowc generate' again"
    default:
      let outcome = kind == .create ? "it was not created" : "it keeps its old text"
      text = "cannot \(kind.rawValue) '\(path)': \(reason) (\(step.rawValue)); \(outcome)"
    }
    if let leftover {
      text +=
        "; the temporary file '\(leftover.path)' could not be removed (\(leftover.reason)): "
        + "delete it"
    }
    return text
  }
}
