import FlowCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How the server finds the flow files of a workspace and its configuration: as
/// `flowc check` run in the workspace's root finds them. The command line provides it
/// (its file search and `.flowc.yml` lookup), so the server and `flowc check` cannot
/// disagree about which files form the module.
package protocol WorkspaceProvider {
  /// The module's files and configuration for the workspace whose root directory is
  /// `root` (an absolute path). Called before every check, so that files created, deleted
  /// or excluded since, and a changed `.flowc.yml`, are seen.
  func discover(root: String) -> WorkspaceDiscovery
  /// Whether `path` is named as a flow file (`*.flow.yaml`, `*.flow.yml`): an open
  /// document of that name joins the module even before it is saved.
  func isFlowFile(_ path: String) -> Bool
}

/// What ``WorkspaceProvider/discover(root:)`` found.
package struct WorkspaceDiscovery: Sendable {
  /// The flow files, as absolute paths.
  package var paths: [String]
  /// The configuration that applies (the default one when there is no `.flowc.yml`).
  package var configuration: Configuration
  /// What went wrong finding them (a broken `.flowc.yml`, no flow files), for the user;
  /// `nil` when nothing did.
  package var problem: String?

  package init(paths: [String], configuration: Configuration, problem: String? = nil) {
    self.paths = paths
    self.configuration = configuration
    self.problem = problem
  }
}

/// Checks the module again and again as its files change, parsing only the files whose
/// text changed since the last check: the others' parsed and decoded files are kept, and
/// with them what the rules found in them where the change cannot have changed it
/// (``Recheck``).
package final class ModuleChecker {
  /// What a file was when it was parsed: its text, and for a file read from disk, its
  /// status then (so an unchanged file is not even read again).
  private struct Parsed {
    var bytes: [UInt8]
    var status: DiskStatus?
    var file: ParsedFile
  }

  private var parsed: [String: Parsed] = [:]
  private var recheck = Recheck()

  package init() {}

  /// Checks the files `paths` (read from disk) and `overlay` (text in memory, which wins
  /// over the disk) as one module. A file that cannot be read (it disappeared) is left out.
  package func check(
    paths: [String], overlay: [String: [UInt8]], configuration: Configuration
  ) -> CheckResult {
    var all = Set(paths)
    all.formUnion(overlay.keys)
    var kept: [ParsedFile] = []
    var next: [String: Parsed] = [:]
    var changed: [(path: String, bytes: [UInt8]?, status: DiskStatus?)] = []
    for path in all.sorted() {
      let known = parsed[path]
      if let text = overlay[path] {
        if let known, known.status == nil, known.bytes == text {
          kept.append(known.file)
          next[path] = known
        } else {
          changed.append((path, text, nil))
        }
        continue
      }
      guard let status = DiskStatus(path) else { continue }
      if let known, known.status == status {
        kept.append(known.file)
        next[path] = known
        continue
      }
      switch try? FileSystem.read(path, limit: YAMLLimits.standard.maxFileSize) {
      case .bytes(let read)?: changed.append((path, read, status))
      case .tooLarge?: changed.append((path, nil, nil))
      case nil: continue
      }
    }
    let inputs = changed.map { change -> FlowInput in
      guard let bytes = change.bytes else { return .path(change.path) }
      return .source(SourceFile(path: change.path, bytes: bytes))
    }
    let fresh = Pipeline.parse(inputs)
    for (change, file) in zip(changed, fresh) {
      if let bytes = change.bytes {
        next[change.path] = Parsed(bytes: bytes, status: change.status, file: file)
      }
    }
    parsed = next
    return recheck.check(parsed: kept + fresh, configuration: configuration)
  }
}

/// What `stat` says of a file on disk that changes when its content does: device, inode,
/// size and modification time.
struct DiskStatus: Equatable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var seconds: Int
  var nanoseconds: Int

  /// The status of the file at `path`, or `nil` when there is none (it disappeared).
  init?(_ path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    #if canImport(Darwin)
      seconds = Int(info.st_mtimespec.tv_sec)
      nanoseconds = Int(info.st_mtimespec.tv_nsec)
    #else
      seconds = Int(info.st_mtim.tv_sec)
      nanoseconds = Int(info.st_mtim.tv_nsec)
    #endif
  }
}
