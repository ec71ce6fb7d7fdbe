import FlowCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the flow files under a directory named on the command line.
package enum FlowFileSearch {
  /// The paths of the flow files (``FlowFileName``) under `directory`, at any depth,
  /// sorted. Hidden entries (names starting with `.`) are skipped, and links to directories
  /// are not followed, so that no loop and no build folder is walked.
  package static func files(under directory: String) throws(FileSystemError) -> [String] {
    var found: [String] = []
    var pending = [directory]
    while let current = pending.popLast() {
      guard let handle = opendir(current) else {
        throw FileSystemError(path: current, errno: errno)
      }
      defer { closedir(handle) }
      while let entry = readdir(handle) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        guard !name.hasPrefix(".") else { continue }
        let path = current.hasSuffix("/") ? current + name : current + "/" + name
        var info = stat()
        guard lstat(path, &info) == 0 else { continue }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
          pending.append(path)
        case S_IFREG, S_IFLNK:
          if FlowFileName.matches(name), FileSystem.kind(of: path) == .file {
            found.append(path)
          }
        default:
          break
        }
      }
    }
    return found.sorted()
  }

  /// Whether `name` is that of a flow file, for tests that list flow files their own way.
  package static func isFlowFile(_ name: String) -> Bool { FlowFileName.matches(name) }
}
