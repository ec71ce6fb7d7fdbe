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
    try write(to: path, option: option, as: purpose, judge: judge, using: files) { write in
      var text = contents
      _ = text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }
  }

  /// Writes text that comes in pieces (``OutputDirectory/Pieces``) to `path` as `purpose`,
  /// each piece as soon as it is made, so that the text is never held whole; otherwise as
  /// ``write(_:to:option:as:judge:using:)``: the same refusals, the same atomic replacement.
  package static func write(
    to path: String, option: String, as purpose: OutputPolicy.Purpose = .output,
    judge: OutputPolicy.Judge,
    using files: some FileOperations & Sendable = SystemFileOperations(),
    pieces: OutputDirectory.Pieces
  ) throws(UsageError) {
    try refuse(path, option: option, as: purpose, judge: judge)
    let kind: OutputPlan.Change.Kind = FileSystem.exists(path) ? .update : .create
    let directory = OutputDirectory.folder(of: path)
    var missing: String?
    switch FileSystem.kind(of: directory) {
    case .directory?: break
    case nil: missing = directory
    case .file?, .other?:
      throw UsageError.input(
        "\(option): '\(directory)' is not a directory")
    }
    do {
      try OutputDirectory.write(
        pieces: pieces, to: path, kind: kind, making: missing, using: files)
    } catch {
      throw UsageError.input("\(option): \(error)")
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
