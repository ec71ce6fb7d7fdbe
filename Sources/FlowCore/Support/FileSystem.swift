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
  package static func read(_ path: String, limit: Int) throws(FileSystemError) -> Contents {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw FileSystemError(path: path, errno: errno) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw FileSystemError(path: path, errno: errno) }
    guard info.st_mode & S_IFMT != S_IFDIR else {
      throw FileSystemError(path: path, reason: "is a directory")
    }
    let size = Int(info.st_size)
    if size > limit { return .tooLarge(size) }
    return try readAll(descriptor, path: path, limit: limit, sizeHint: size)
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
    var bytes: [UInt8] = []
    bytes.reserveCapacity(sizeHint + 1)
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
