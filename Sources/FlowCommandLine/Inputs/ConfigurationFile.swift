import FlowCore

/// The configuration file of a run, and the directory its paths start from.
///
/// Without `--config`, flowc looks for it as swift-format looks for `.swift-format`: in the
/// working directory, then in each directory above it up to the filesystem root, and takes
/// the first it finds. It does not stop at a repository's root (a `.git` directory), as
/// swift-format does not. The paths of its `include` and the patterns of its `exclude` are
/// relative to the directory that holds it, so that a run from a subdirectory reads what a
/// run beside it reads.
struct ConfigurationFile {
  /// The file's path, as messages name it: `.flowc.yml`, `../../.flowc.yml`, `ci/flowc.yml`.
  let path: String
  /// The directory holding the file, relative to the working directory (`.`, `../..`) or
  /// absolute, as the file's path was.
  let directory: String
  /// The directory's absolute path, with `.` and `..` applied, or `nil` when the working
  /// directory cannot be told.
  private let absoluteDirectory: [Substring]?
  /// The working directory's absolute path, split into components, or `nil`.
  private let workingDirectory: [Substring]?

  /// The file at `path` (given with `--config`, or found).
  init(_ path: String) {
    self.path = path
    let slash = path.lastIndex(of: "/")
    switch slash {
    case nil: directory = "."
    case path.startIndex?: directory = "/"
    case let slash?: directory = String(path[..<slash])
    }
    let here = WorkingDirectory.path().map { Self.components(of: $0, from: []) }
    let folder = directory
    workingDirectory = here
    absoluteDirectory = here.map { Self.components(of: folder, from: $0) }
  }

  /// The file for a run without `--config`: `.flowc.yml` or `.flowc.yaml` in the working
  /// directory or the nearest directory above it that holds one, or `nil` when none does.
  /// Whatever is there is taken (a link that leads nowhere, a FIFO), so that a file that
  /// cannot be read is an error rather than silently no configuration. One directory that
  /// holds both names is an error: flowc will not guess which one is meant.
  static func find() throws(UsageError) -> ConfigurationFile? {
    // Each level up is one more `../`: `..` of the working directory as the system has it,
    // so the search ends at the root however the working directory was reached.
    let depth = WorkingDirectory.path().map { components(of: $0, from: []).count } ?? 0
    for level in 0...depth {
      let prefix = String(repeating: "../", count: level)
      let present = Configuration.fileNames.map { prefix + $0 }.filter(FileSystem.exists)
      if present.count > 1 {
        throw UsageError.input(
          Help.list(present.map { "'\($0)'" }, conjunction: "and")
            + " are both configuration files of this directory; keep one")
      }
      if let path = present.first { return ConfigurationFile(path) }
    }
    return nil
  }

  /// An `include` path as the run reads it: relative to the file's directory, unless it is
  /// absolute.
  func resolve(_ include: String) -> String {
    guard directory != ".", !include.hasPrefix("/") else { return include }
    return directory == "/" ? "/" + include : directory + "/" + include
  }

  /// `path` (relative to the working directory, or absolute) relative to the file's
  /// directory, for matching `exclude` patterns; `path` itself when it is not under it.
  func relative(_ path: String) -> String {
    guard let workingDirectory, let absoluteDirectory else { return path }
    let absolute = Self.components(of: path, from: workingDirectory)
    guard absolute.count > absoluteDirectory.count,
      absolute.starts(with: absoluteDirectory)
    else { return path }
    return absolute.dropFirst(absoluteDirectory.count).joined(separator: "/")
  }

  /// The components of `path` taken from `base` (unless it is absolute), with `.` dropped
  /// and `..` applied.
  private static func components(of path: String, from base: [Substring]) -> [Substring] {
    var parts = path.hasPrefix("/") ? [] : base
    for part in path.split(separator: "/") {
      switch part {
      case ".": continue
      case "..": if !parts.isEmpty { parts.removeLast() }
      default: parts.append(part)
      }
    }
    return parts
  }
}
