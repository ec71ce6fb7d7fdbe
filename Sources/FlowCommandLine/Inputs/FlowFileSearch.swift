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
  /// that could not be read. Hidden entries (names starting with `.`) are skipped.
  ///
  /// Symbolic links to directories are followed, each directory read once: first every
  /// directory reached without a link, then the links, in order of their paths, round
  /// after round (a link found inside a linked directory waits for the next round). A link
  /// to a directory already read is skipped, so that no file is read twice under two
  /// names, and which name a file gets does not depend on the order the system lists
  /// entries in; a link to a directory that contains it (a loop) is unreadable, so the
  /// walk ends and says why.
  package static func search(under directory: String) -> Found {
    var walk = Walk()
    walk.pending = [directory]
    while let current = walk.pending.popLast() {
      read(current, into: &walk)
    }
    while !walk.links.isEmpty {
      let links = walk.links.sorted()
      walk.links = []
      for link in links {
        // All that one link leads to is read before the next link is looked at.
        walk.follow(link)
        while let current = walk.pending.popLast() {
          read(current, into: &walk)
        }
      }
    }
    var found = walk.found
    found.files.sort()
    found.unreadable.sort { $0.path < $1.path }
    return found
  }

  /// Where a search stands: what it found, the directories still to read, the links to
  /// directories left for the next round, and every directory read (device and inode).
  private struct Walk {
    var found = Found()
    var pending: [String] = []
    var links: [String] = []
    var visited: Set<DirectoryID> = []

    /// Reads the directory `link` leads to, unless it has been read, or contains the link.
    mutating func follow(_ link: String) {
      var info = stat()
      guard stat(link, &info) == 0 else { return }
      guard visited.contains(DirectoryID(info)) else {
        pending.append(link)
        return
      }
      // Read already: through another path (skipped), or it is on the link's own path.
      let parent = link.lastIndex(of: "/").map { String(link[..<$0]) } ?? "."
      guard let target = Self.realPath(link), let container = Self.realPath(parent),
        container == target || container.hasPrefix(target == "/" ? "/" : target + "/")
      else { return }
      found.unreadable.append(
        FileSystemError(
          path: link,
          reason: "a symbolic link to a directory that contains it, so the search would "
            + "never end; remove it, or exclude it in the configuration"))
    }

    /// The absolute path of `path` with every link resolved, or `nil`.
    private static func realPath(_ path: String) -> String? {
      guard let resolved = realpath(path, nil) else { return nil }
      defer { free(resolved) }
      return String(cString: resolved)
    }
  }

  /// A directory as the system knows it, whatever path reaches it.
  private struct DirectoryID: Hashable {
    var device: UInt64
    var inode: UInt64

    init(_ info: stat) {
      device = UInt64(info.st_dev)
      inode = UInt64(info.st_ino)
    }
  }

  /// Reads the directory at `current`: each entry a flow file, a directory to read, a link
  /// for the next round, or unreadable. A directory read before (reached through a link)
  /// is not read again.
  private static func read(_ current: String, into walk: inout Walk) {
    guard let handle = opendir(current) else {
      walk.found.unreadable.append(FileSystemError(path: current, errno: errno))
      return
    }
    defer { closedir(handle) }
    let folder = dirfd(handle)
    var own = stat()
    if fstat(folder, &own) == 0 {
      guard walk.visited.insert(DirectoryID(own)).inserted else { return }
    }
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
        visit(bytes, prefix: prefix, info: code == 0 ? info : nil, code: code, into: &walk)
      }
    }
  }

  /// Looks at one entry of a directory: its name's bytes, and what `lstat` said of it
  /// (`nil` with `errno` `code` when it failed).
  private static func visit(
    _ bytes: Slice<UnsafeRawBufferPointer>, prefix: String, info: stat?, code: Int32,
    into walk: inout Walk
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
        walk.found.unreadable.append(
          FileSystemError(
            path: prefix + TerminalText.decoding(bytes),
            reason: "the name is not UTF-8, so flowc cannot read it; rename it"))
      }
      return
    }
    let path = prefix + name
    guard let info else {
      if isFlowFile { walk.found.unreadable.append(FileSystemError(path: path, errno: code)) }
      return
    }
    switch info.st_mode & S_IFMT {
    case S_IFDIR:
      walk.pending.append(path)
    case S_IFLNK where !isFlowFile:
      // A link to a directory is followed in the next round; any other is not a flow file.
      // `stat` only looks: a link to a FIFO or a device opens nothing and cannot block.
      var target = stat()
      if stat(path, &target) == 0, target.st_mode & S_IFMT == S_IFDIR { walk.links.append(path) }
    case _ where !isFlowFile:
      break
    case S_IFREG:
      walk.found.files.append(path)
    default:
      // A link, FIFO, device or socket named like a flow file is read only if it is (or
      // leads to) a regular file; reading it says why not.
      do {
        try FileSystem.requireRegularFile(path)
        walk.found.files.append(path)
      } catch {
        walk.found.unreadable.append(error)
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
