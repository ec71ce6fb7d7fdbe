#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program with arguments, never through a shell, and collects what it prints: how
/// `flowc diff --git` reads a revision through `git`.
///
/// Standard input is `/dev/null`; standard output and standard error are read together
/// (with `poll`), so a program that fills one while flowc waits on the other cannot hang
/// it. Output beyond `limit` bytes stops the program: it is an error, not a truncation.
enum Subprocess {
  /// What a finished program printed and how it exited.
  struct Output {
    /// Its exit status, or 128 plus the signal that ended it.
    var status: Int32
    var stdout: [UInt8]
    var stderr: [UInt8]
    /// Whether it printed more than the limit and was stopped.
    var exceededLimit = false

    /// The first line of standard error, for a message.
    var firstErrorLine: String {
      let line = stderr.split(separator: UInt8(ascii: "\n"), maxSplits: 1).first ?? []
      return String(decoding: line, as: UTF8.self)
    }
  }

  /// Why a program could not be run at all.
  struct LaunchError: Error {
    var reason: String
  }

  /// Runs `program` (looked up on `PATH`) with `arguments`.
  static func run(_ program: String, _ arguments: [String], limit: Int) throws(LaunchError)
    -> Output
  {
    var output: [Int32] = [-1, -1]
    var errors: [Int32] = [-1, -1]
    guard pipe(&output) == 0 else { throw LaunchError(reason: describe(errno)) }
    guard pipe(&errors) == 0 else {
      let error = errno
      close(output[0])
      close(output[1])
      throw LaunchError(reason: describe(error))
    }
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t?
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, output[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
    for descriptor in output + errors { posix_spawn_file_actions_addclose(&actions, descriptor) }

    let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) }
    defer { for pointer in argv { free(pointer) } }
    var pid = pid_t()
    let spawned = (argv + [nil]).withUnsafeBufferPointer { pointers -> Int32 in
      guard let arguments = pointers.baseAddress else { return EINVAL }
      return posix_spawnp(&pid, program, &actions, nil, arguments, environment)
    }
    close(output[1])
    close(errors[1])
    guard spawned == 0 else {
      close(output[0])
      close(errors[0])
      throw LaunchError(reason: describe(spawned))
    }
    var result = Output(status: 0, stdout: [], stderr: [])
    collect(output[0], errors[0], limit: limit, pid: pid, into: &result)
    close(output[0])
    close(errors[0])
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    // WIFEXITED / WEXITSTATUS, which Swift does not import as functions.
    let signal = status & 0x7F
    result.status = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    return result
  }

  /// Reads both pipes until both are closed, or until more than `limit` bytes came (then
  /// the program is stopped).
  private static func collect(
    _ out: Int32, _ err: Int32, limit: Int, pid: pid_t, into result: inout Output
  ) {
    var open = [out, err]
    var buffer = [UInt8](repeating: 0, count: 65536)
    while !open.isEmpty {
      var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      let ready = poll(&fds, nfds_t(fds.count), -1)
      if ready < 0 {
        if errno == EINTR { continue }
        break
      }
      for entry in fds where entry.revents != 0 {
        let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else {
          open.removeAll { $0 == entry.fd }
          continue
        }
        if entry.fd == out {
          result.stdout += buffer[..<count]
        } else {
          result.stderr += buffer[..<count]
        }
        if result.stdout.count + result.stderr.count > limit {
          result.exceededLimit = true
          kill(pid, SIGKILL)
          return
        }
      }
    }
  }

  /// This process's environment, which the program inherits.
  private static var environment: UnsafePointer<UnsafeMutablePointer<CChar>?>? {
    #if canImport(Darwin)
      return UnsafePointer(_NSGetEnviron().pointee)
    #else
      return UnsafePointer(environ)
    #endif
  }

  private static func describe(_ error: Int32) -> String {
    String(cString: strerror(error))
  }
}
