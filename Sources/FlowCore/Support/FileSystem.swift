#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a file or directory could not be read.
public struct FileSystemError: Error, Sendable, CustomStringConvertible {
  /// The path that failed.
  public var path: String
  /// What went wrong, in the system's words.
  public var reason: String

  /// The path and the reason, as they are: whoever prints it escapes it
  /// (`TerminalText`), once.
  public var description: String { "\(path): \(reason)" }

  package init(path: String, errno code: Int32) {
    self.path = path
    self.reason = String(cString: strerror(code))
  }

  package init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }
}

/// The little file system access loading needs, over POSIX calls: what a path names, and
/// reading a file whole with a size bound, so that no input makes flowc read without end.
package enum FileSystem {
  /// What a path names.
  package enum Kind: Sendable {
    /// A regular file (or a link to one).
    case file
    /// A directory (or a link to one).
    case directory
    /// Something else, such as a device.
    case other
  }

  /// What `path` names, or `nil` if nothing is there.
  package static func kind(of path: String) -> Kind? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .file
    case S_IFDIR: return .directory
    default: return .other
    }
  }

  /// The result of reading a file with a size bound.
  package enum Contents: Sendable {
    /// The file's bytes.
    case bytes([UInt8])
    /// The file is this many bytes, more than the bound; nothing was read.
    case tooLarge(Int)
  }

  /// Reads the whole file at `path`, unless it is larger than `limit` bytes.
  ///
  /// Only a regular file (or a link that leads to one) is read: a FIFO, a device or a
  /// socket is refused at once, since reading one could block for ever or never end. The
  /// file is looked at before it is opened, so that no device is even opened, and opened
  /// without blocking (`O_NONBLOCK`) and looked at again (`fstat`), so that one swapped in
  /// between cannot block either.
  package static func read(_ path: String, limit: Int) throws(FileSystemError) -> Contents {
    try requireRegularFile(path)
    var info = stat()
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    guard descriptor >= 0 else { throw FileSystemError(path: path, errno: errno) }
    defer { close(descriptor) }
    guard fstat(descriptor, &info) == 0 else { throw FileSystemError(path: path, errno: errno) }
    try requireRegularFile(path, info)
    let size = Int(info.st_size)
    if size > limit { return .tooLarge(size) }
    return try readAll(descriptor, path: path, limit: limit, sizeHint: size)
  }

  /// Throws unless `path` is a regular file or a link that leads to one, saying what it is
  /// instead: nothing, a link that leads nowhere, a directory, a FIFO, a device.
  package static func requireRegularFile(_ path: String) throws(FileSystemError) {
    var info = stat()
    guard stat(path, &info) == 0 else { throw notFound(path, errno) }
    try requireRegularFile(path, info)
  }

  /// Throws unless `info` is that of a regular file, naming what it is instead.
  private static func requireRegularFile(_ path: String, _ info: stat) throws(FileSystemError) {
    let kind: String
    switch info.st_mode & S_IFMT {
    case S_IFREG: return
    case S_IFDIR: throw FileSystemError(path: path, reason: "is a directory")
    case S_IFIFO: kind = "a FIFO (named pipe)"
    case S_IFCHR: kind = "a character device"
    case S_IFBLK: kind = "a block device"
    case S_IFSOCK: kind = "a socket"
    default: kind = "something else"
    }
    throw FileSystemError(path: path, reason: "is \(kind), not a regular file")
  }

  /// Why `stat` failed on `path`: a dangling symbolic link is named as one, since "no such
  /// file" for a name that `ls` lists would mislead.
  private static func notFound(_ path: String, _ code: Int32) -> FileSystemError {
    var info = stat()
    if code == ENOENT, lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
      return FileSystemError(path: path, reason: "is a symbolic link that leads to no file")
    }
    return FileSystemError(path: path, errno: code)
  }

  /// Whether anything is at `path` itself, even a link that leads nowhere.
  package static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// Whether `path` and `other` lead to one file or directory (the same device and inode,
  /// links followed); `false` if either leads nowhere.
  package static func isSame(_ path: String, as other: String) -> Bool {
    var first = stat()
    var second = stat()
    guard stat(path, &first) == 0, stat(other, &second) == 0 else { return false }
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino
  }

  /// Reads standard input to its end, unless it is longer than `limit` bytes.
  package static func readStandardInput(limit: Int) throws(FileSystemError) -> Contents {
    try readAll(STDIN_FILENO, path: "<stdin>", limit: limit, sizeHint: 0)
  }

  /// What identifies the file at `path` however it is spelt: its device and inode when it
  /// exists, the path itself otherwise.
  package static func identity(of path: String) -> String {
    var info = stat()
    guard stat(path, &info) == 0 else { return path }
    return "\(info.st_dev):\(info.st_ino)"
  }

  private static func readAll(
    _ descriptor: Int32, path: String, limit: Int, sizeHint: Int
  ) throws(FileSystemError) -> Contents {
    // The size known, the bytes are read straight into the array, with no chunk to copy
    // them from; whatever is still there at that size (a file that grew) is read in chunks.
    var failure: Int32 = 0
    var bytes = [UInt8](unsafeUninitializedCapacity: sizeHint) { buffer, count in
      guard let base = buffer.baseAddress else { return }
      while count < buffer.count {
        let read = systemRead(descriptor, base + count, buffer.count - count)
        if read < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        if read == 0 { return }
        count += read
      }
    }
    if failure != 0 { throw FileSystemError(path: path, errno: failure) }
    if bytes.count < sizeHint { return .bytes(bytes) }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in
        systemRead(descriptor, buffer.baseAddress, buffer.count)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw FileSystemError(path: path, errno: errno)
      }
      if count == 0 { return .bytes(bytes) }
      if bytes.count + count > limit { return .tooLarge(bytes.count + count) }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }
}

/// POSIX `read`, out of reach of ``FileSystem/read(_:limit:)``'s name.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{
  read(descriptor, buffer, count)
}
