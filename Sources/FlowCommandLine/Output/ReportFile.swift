import FlowCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file `flowc check` writes whole: the report of `--output FILE`, the baseline of
/// `--write-baseline FILE`.
///
/// It is written as generated files are (``OutputDirectory``): into a temporary file created
/// exclusively beside it, flushed, then renamed over it, so that a reader sees the old file
/// or the new one and never an empty or partial one, and a failure leaves it as it was.
/// Only a regular file is replaced: a FIFO, a device, a directory or a symbolic link at the
/// path is refused, so that nothing is written through one. A missing directory is made.
package enum ReportFile {
  /// Writes `contents` to `path`, or says why it could not, leaving `path` as it was.
  package static func write(
    _ contents: String, to path: String, option: String,
    using files: some FileOperations & Sendable = SystemFileOperations()
  ) throws(UsageError) {
    var info = stat()
    var kind = OutputPlan.Change.Kind.create
    if lstat(path, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFREG else {
        throw UsageError.input(
          "\(option): '\(FileSystem.printable(path))' is not a regular file (a directory, a "
            + "FIFO, a device or a symbolic link); flowc writes only a regular file there")
      }
      kind = .update
    } else if errno != ENOENT {
      throw UsageError.input("\(option): \(FileSystemError(path: path, errno: errno))")
    }
    let directory = OutputDirectory.folder(of: path)
    var plan = OutputPlan()
    switch FileSystem.kind(of: directory) {
    case .directory?: break
    case nil: plan.directoryExists = false
    case .file?, .other?:
      throw UsageError.input(
        "\(option): '\(FileSystem.printable(directory))' is not a directory")
    }
    plan.changes = [.init(kind: kind, path: path, target: path, contents: contents)]
    let report = OutputDirectory.apply(plan, in: directory, using: files, writers: 1)
    if let failure = report.failures.first {
      throw UsageError.input("\(option): \(failure)")
    }
  }
}
