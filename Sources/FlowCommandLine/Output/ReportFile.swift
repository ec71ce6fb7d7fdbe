import FlowCore

/// A file a command writes whole: the report of `check --output FILE`, the baseline of
/// `check --write-baseline FILE`, the drawing of `graph --output FILE`.
///
/// The path is judged by the output policy (``OutputPolicy``) first: only a new file or a
/// regular file that the run does not read is written, never a link, FIFO or device. It is
/// written as generated files are (``OutputDirectory``): into a temporary file created
/// exclusively beside it, flushed, then renamed over it, so that a reader sees the old file
/// or the new one and never an empty or partial one, and a failure leaves it as it was. A
/// missing directory is made.
package enum ReportFile {
  /// Writes `contents` to `path` as `purpose`, or says why it may not or could not, leaving
  /// `path` as it was. `option` names the option that gave the path, in messages.
  package static func write(
    _ contents: String, to path: String, option: String,
    as purpose: OutputPolicy.Purpose = .output, judge: OutputPolicy.Judge,
    using files: some FileOperations & Sendable = SystemFileOperations()
  ) throws(UsageError) {
    try refuse(path, option: option, as: purpose, judge: judge)
    let kind: OutputPlan.Change.Kind = FileSystem.exists(path) ? .update : .create
    let directory = OutputDirectory.folder(of: path)
    var plan = OutputPlan()
    switch FileSystem.kind(of: directory) {
    case .directory?: break
    case nil: plan.directoryExists = false
    case .file?, .other?:
      throw UsageError.input(
        "\(option): '\(directory)' is not a directory")
    }
    plan.changes = [.init(kind: kind, path: path, target: path, contents: contents)]
    let report = OutputDirectory.apply(plan, in: directory, using: files, writers: 1)
    if let failure = report.failures.first {
      throw UsageError.input("\(option): \(failure)")
    }
  }

  /// Throws when the output policy refuses to write `path` as `purpose`.
  package static func refuse(
    _ path: String, option: String, as purpose: OutputPolicy.Purpose,
    judge: OutputPolicy.Judge
  ) throws(UsageError) {
    if let refusal = judge.refusal(toWrite: path, as: purpose) {
      throw UsageError.input("\(option): \(refusal); nothing was written")
    }
  }
}
