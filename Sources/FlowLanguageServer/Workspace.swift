import FlowCore

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
/// text changed since the last check: the others' parsed and decoded files are kept.
package final class ModuleChecker {
  private var parsed: [String: (bytes: [UInt8], file: ParsedFile)] = [:]

  package init() {}

  /// Checks the files `paths` (read from disk) and `overlay` (text in memory, which wins
  /// over the disk) as one module. A file that cannot be read (it disappeared) is left out.
  package func check(
    paths: [String], overlay: [String: [UInt8]], configuration: Configuration
  ) -> CheckResult {
    var all = Set(paths)
    all.formUnion(overlay.keys)
    var kept: [ParsedFile] = []
    var changed: [(path: String, bytes: [UInt8]?)] = []
    for path in all.sorted() {
      let bytes: [UInt8]?
      if let text = overlay[path] {
        bytes = text
      } else {
        switch try? FileSystem.read(path, limit: YAMLLimits.standard.maxFileSize) {
        case .bytes(let read)?: bytes = read
        case .tooLarge?: bytes = nil
        case nil: continue
        }
      }
      if let bytes, let known = parsed[path], known.bytes == bytes {
        kept.append(known.file)
      } else {
        changed.append((path, bytes))
      }
    }
    let inputs = changed.map { change -> FlowInput in
      guard let bytes = change.bytes else { return .path(change.path) }
      return .source(SourceFile(path: change.path, bytes: bytes))
    }
    let fresh = Pipeline.parse(inputs)
    var next: [String: (bytes: [UInt8], file: ParsedFile)] = [:]
    for file in kept { next[file.path] = parsed[file.path] }
    for (change, file) in zip(changed, fresh) {
      if let bytes = change.bytes { next[change.path] = (bytes, file) }
    }
    parsed = next
    return Pipeline.check(parsed: kept + fresh, configuration: configuration)
  }
}
