#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a system call failed: its `errno`.
package struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The `errno` value, such as `ENOSPC`.
  package var code: Int32

  package init(_ code: Int32) {
    self.code = code
  }

  /// The system's words for it: `No space left on device`.
  package var description: String { String(cString: strerror(code)) }
}

/// The system calls that ``OutputDirectory/apply(_:in:using:writers:)`` makes to change an output
/// directory. ``SystemFileOperations`` makes them; tests put another implementation in its
/// place to make any one of them fail, so that every failure path is tested.
package protocol FileOperations {
  /// Makes the directory `path` (`mkdir`, mode 0755). Throws `EEXIST` if something is there.
  func makeDirectory(_ path: String) throws(SystemError)
  /// The permission bits of the file `path` names, or `nil` if nothing is there.
  func permissions(of path: String) -> mode_t?
  /// Creates the regular file `path`, readable and writable by its owner only, and opens
  /// it for writing. Only a new file is made: when anything is at `path` (a file, a link,
  /// even one that leads nowhere, a FIFO), this throws `EEXIST` and nothing is opened, so
  /// no one else's file is truncated or written through, and no FIFO blocks.
  func createFile(_ path: String) throws(SystemError) -> Int32
  /// Writes from `bytes` and returns how many bytes were written, which may be fewer.
  func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int
  /// Sets the permission bits of an open file (`fchmod`).
  func setPermissions(_ descriptor: Int32, _ mode: mode_t) throws(SystemError)
  /// Waits until an open file's bytes are on the disk (`fsync`).
  func synchronize(_ descriptor: Int32) throws(SystemError)
  /// Closes an open file. The descriptor is released even when this throws.
  func close(_ descriptor: Int32) throws(SystemError)
  /// Renames `source` to `destination`, atomically replacing whatever `destination` is.
  func rename(_ source: String, to destination: String) throws(SystemError)
  /// Removes the file `path` (`unlink`).
  func remove(_ path: String) throws(SystemError)
}

/// ``FileOperations`` as POSIX calls; interrupted calls are retried.
package struct SystemFileOperations: FileOperations, Sendable {
  package init() {}

  package func makeDirectory(_ path: String) throws(SystemError) {
    guard mkdir(path, 0o755) == 0 else { throw SystemError(errno) }
  }

  package func permissions(of path: String) -> mode_t? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return info.st_mode & 0o7777
  }

  package func createFile(_ path: String) throws(SystemError) -> Int32 {
    while true {
      let descriptor = open(
        path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
      if descriptor >= 0 { return descriptor }
      if errno != EINTR { throw SystemError(errno) }
    }
  }

  package func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError)
    -> Int
  {
    while true {
      let written = systemWrite(descriptor, bytes.baseAddress, bytes.count)
      if written >= 0 { return written }
      if errno != EINTR { throw SystemError(errno) }
    }
  }

  package func setPermissions(_ descriptor: Int32, _ mode: mode_t) throws(SystemError) {
    guard fchmod(descriptor, mode) == 0 else { throw SystemError(errno) }
  }

  package func synchronize(_ descriptor: Int32) throws(SystemError) {
    while fsync(descriptor) != 0 {
      if errno != EINTR { throw SystemError(errno) }
    }
  }

  package func close(_ descriptor: Int32) throws(SystemError) {
    // Not retried: on Linux the descriptor is gone even when `close` is interrupted.
    guard systemClose(descriptor) == 0 else { throw SystemError(errno) }
  }

  package func rename(_ source: String, to destination: String) throws(SystemError) {
    guard systemRename(source, destination) == 0 else { throw SystemError(errno) }
  }

  package func remove(_ path: String) throws(SystemError) {
    guard unlink(path) == 0 else { throw SystemError(errno) }
  }
}

/// POSIX `write`, `close` and `rename`, out of reach of the methods of the same names.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

private func systemClose(_ descriptor: Int32) -> Int32 {
  close(descriptor)
}

private func systemRename(_ source: String, _ destination: String) -> Int32 {
  rename(source, destination)
}
