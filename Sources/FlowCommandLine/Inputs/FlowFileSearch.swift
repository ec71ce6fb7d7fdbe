import FlowCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the flow files under a directory named on the command line.
///
/// No flow file is skipped without a word: an entry named like a flow file that cannot be
/// read as one (a link that leads nowhere or to something that is not a regular file, a
/// FIFO, a device, a name that is not UTF-8), and a directory that cannot be searched, is
/// ``Found/unreadable``, and the commands stop on it, so that `check` never says a module
/// is clean and `generate` never deletes output because a file went unread.
package enum FlowFileSearch {
  /// What a search found.
  package struct Found: Sendable {
    /// The paths of the flow files, sorted.
    package var files: [String] = []
    /// The entries that look like flow files, or directories, but cannot be read, sorted
    /// by path. A name that is not UTF-8 is given with its other bytes as `\xNN`.
    package var unreadable: [FileSystemError] = []
  }

  /// The flow files (``FlowFileName``) under `directory`, at any depth, and the entries
  /// that could not be read. Hidden entries (names starting with `.`) are skipped, and
  /// links to directories are not followed, so that no loop and no build folder is walked.
  package static func search(under directory: String) -> Found {
    var found = Found()
    var pending = [directory]
    while let current = pending.popLast() {
      guard let handle = opendir(current) else {
        found.unreadable.append(FileSystemError(path: current, errno: errno))
        continue
      }
      defer { closedir(handle) }
      let folder = dirfd(handle)
      let prefix = current.hasSuffix("/") ? current : current + "/"
      while let entry = readdir(handle) {
        withUnsafeBytes(of: entry.pointee.d_name) { raw in
          let bytes = raw.prefix { $0 != 0 }
          guard bytes.first != UInt8(ascii: ".") else { return }
          var info = stat()
          // The entry itself, by its bytes (its name may not be UTF-8), not through a link.
          let code = raw.withMemoryRebound(to: CChar.self) { name -> Int32 in
            guard let name = name.baseAddress else { return ENOENT }
            return fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? 0 : errno
          }
          visit(
            bytes, prefix: prefix, info: code == 0 ? info : nil, code: code, into: &found,
            pending: &pending)
        }
      }
    }
    found.files.sort()
    found.unreadable.sort { $0.path < $1.path }
    return found
  }

  /// Looks at one entry of a directory: its name's bytes, and what `lstat` said of it
  /// (`nil` with `errno` `code` when it failed).
  private static func visit(
    _ bytes: Slice<UnsafeRawBufferPointer>, prefix: String, info: stat?, code: Int32,
    into found: inout Found, pending: inout [String]
  ) {
    let isFlowFile = FlowFileName.suffixes.contains { suffix in
      bytes.count >= suffix.utf8.count && bytes.suffix(suffix.utf8.count).elementsEqual(suffix.utf8)
    }
    let name = String(decoding: bytes, as: UTF8.self)
    guard name.utf8.elementsEqual(bytes) else {
      // A path that is not UTF-8 cannot be read into the module under its own name: a
      // flow file or a directory (which may hold flow files) so named is an error.
      let isDirectory = info.map { $0.st_mode & S_IFMT == S_IFDIR } ?? true
      if isFlowFile || isDirectory {
        found.unreadable.append(
          FileSystemError(
            path: prefix + FileSystem.printable(bytes: bytes),
            reason: "the name is not UTF-8, so flowc cannot read it; rename it"))
      }
      return
    }
    let path = prefix + name
    guard let info else {
      if isFlowFile { found.unreadable.append(FileSystemError(path: path, errno: code)) }
      return
    }
    switch info.st_mode & S_IFMT {
    case S_IFDIR:
      pending.append(path)
    case _ where !isFlowFile:
      break
    case S_IFREG:
      found.files.append(path)
    default:
      // A link, FIFO, device or socket named like a flow file is read only if it is (or
      // leads to) a regular file; reading it says why not.
      do {
        try FileSystem.requireRegularFile(path)
        found.files.append(path)
      } catch {
        found.unreadable.append(error)
      }
    }
  }

  /// The paths of the flow files under `directory`, sorted; throws the first entry that
  /// could not be read.
  package static func files(under directory: String) throws(FileSystemError) -> [String] {
    let found = search(under: directory)
    if let first = found.unreadable.first { throw first }
    return found.files
  }

  /// Whether `name` is that of a flow file, for tests that list flow files their own way.
  package static func isFlowFile(_ name: String) -> Bool { FlowFileName.matches(name) }
}
