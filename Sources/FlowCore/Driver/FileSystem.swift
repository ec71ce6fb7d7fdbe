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

  init(path: String, errno code: Int32) {
    self.path = path
    self.reason = String(cString: strerror(code))
  }

  init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }
}

/// The little file system access flowc needs, over POSIX calls: reading files whole
/// (with a size bound) and listing flow files under a directory.
public enum FileSystem {
  /// What a path names.
  public enum Kind: Sendable {
    /// A regular file (or a link to one).
    case file
    /// A directory (or a link to one).
    case directory
    /// Something else, such as a device.
    case other
  }

  /// What `path` names, or `nil` if nothing is there.
  public static func kind(of path: String) -> Kind? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .file
    case S_IFDIR: return .directory
    default: return .other
    }
  }

  /// The result of reading a file with a size bound.
  public enum Contents: Sendable {
    /// The file's bytes.
    case bytes([UInt8])
    /// The file is this many bytes, more than the bound; nothing was read.
    case tooLarge(Int)
  }

  /// Reads the whole file at `path`, unless it is larger than `limit` bytes.
  public static func read(_ path: String, limit: Int) throws(FileSystemError) -> Contents {
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
  public static func readStandardInput(limit: Int) throws(FileSystemError) -> Contents {
    try readAll(STDIN_FILENO, path: "<stdin>", limit: limit, sizeHint: 0)
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

  /// The paths of the flow files (`*.flow.yaml`, `*.flow.yml`) under `directory`, at any
  /// depth, sorted. Hidden entries (names starting with `.`) are skipped, and links to
  /// directories are not followed, so that no loop and no build folder is walked.
  public static func flowFiles(under directory: String) throws(FileSystemError) -> [String] {
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
          if isFlowFileName(name), kind(of: path) == .file { found.append(path) }
        default:
          break
        }
      }
    }
    return found.sorted()
  }

  /// What identifies the file at `path` however it is spelt: its device and inode when it
  /// exists, the path itself otherwise.
  public static func identity(of path: String) -> String {
    var info = stat()
    guard stat(path, &info) == 0 else { return path }
    return "\(info.st_dev):\(info.st_ino)"
  }

  /// The process's working directory, or `nil` if it cannot be read.
  public static func currentDirectory() -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getcwd(&buffer, buffer.count) != nil else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Whether a file name is that of a flow file.
  public static func isFlowFileName(_ name: String) -> Bool {
    name.hasSuffix(".flow.yaml") || name.hasSuffix(".flow.yml")
  }
}

/// POSIX `read`, out of reach of ``FileSystem/read(_:limit:)``'s name.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{
  read(descriptor, buffer, count)
}
