import FlowCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FlowCommandLine {
  /// Runs `flowc` as this process: its arguments, environment, standard input and output,
  /// and exit status.
  ///
  /// What cannot be written is an I/O error, exit status 2, never lost in silence: a
  /// write to standard output that fails (a full disk, a closed descriptor) is reported on
  /// standard error, and one to standard error makes the status 2 all the same.
  package static func main() -> Never {
    let streams = StandardStreams.claim()
    let invocation = Invocation(
      arguments: Array(CommandLine.arguments.dropFirst()),
      environment: environment(),
      outputIsTerminal: isatty(STDOUT_FILENO) == 1,
      readStandardInput: { limit throws(FileSystemError) in
        guard streams.isOpen(STDIN_FILENO) else {
          throw FileSystemError(path: "<stdin>", errno: EBADF)
        }
        return try FileSystem.readStandardInput(limit: limit)
      })
    let result = run(invocation)
    if result.watch != nil {
      WatchLoop.run(invocation, first: result) { _ = emit($0, streams) }
    }
    // What the command built stays alive until the process exits: see `retained`.
    withExtendedLifetime(result.retained) { () -> Never in
      exit(emit(result, streams).rawValue)
    }
  }

  /// Prints what one run printed; how the process should exit after it.
  private static func emit(_ result: CommandResult, _ streams: StandardStreams) -> ExitStatus {
    var result = result
    var failure = streams.write(result.output, to: STDOUT_FILENO)
    for chunk in result.outputChunks where failure == nil {
      failure = streams.write(chunk, to: STDOUT_FILENO)
    }
    if let streamed = result.streamedOutput, failure == nil {
      // Each piece is written as it is made, before anything for standard error, as the
      // output of a command that made it whole would be.
      result.errors += streamed.make { piece in
        failure = streams.write(piece, to: STDOUT_FILENO)
        return failure == nil
      }
    }
    if let failure {
      result.errors += "flowc: error: cannot write to standard output: \(failure)\n"
      result.status = .failure
    }
    if streams.write(result.errors, to: STDERR_FILENO) != nil {
      result.status = .failure
    }
    return result.status
  }

  /// The process's environment variables.
  private static func environment() -> [String: String] {
    var variables: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      pointer += 1
    }
    return variables
  }
}

/// Standard input, output and error, as the process was started with them.
///
/// One that was closed (`flowc rules >&-`) is given `/dev/null` at once, before any file is
/// opened: otherwise the first file flowc opens would get its number, and output meant for
/// the terminal would go into a flow file or a generated one. It is remembered as closed,
/// so that writing to it still fails, as it would have.
struct StandardStreams: Sendable {
  /// Which of descriptors 0, 1 and 2 were closed when the process started.
  private var closed: Set<Int32> = []

  /// Looks at descriptors 0, 1 and 2 and fills those that are closed.
  static func claim() -> StandardStreams {
    var streams = StandardStreams()
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
    where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      streams.closed.insert(descriptor)
      let null = open("/dev/null", O_RDWR | O_NOCTTY)
      if null >= 0 && null != descriptor {
        dup2(null, descriptor)
        close(null)
      }
    }
    return streams
  }

  /// Whether `descriptor` was open when the process started.
  func isOpen(_ descriptor: Int32) -> Bool { !closed.contains(descriptor) }

  /// Writes all of `text` to the descriptor; why it could not, or `nil`.
  func write(_ text: String, to descriptor: Int32) -> SystemError? {
    var text = text
    return text.withUTF8 { write($0, to: descriptor) }
  }

  /// Writes all of `bytes` to the descriptor; why it could not, or `nil`.
  func write(_ bytes: [UInt8], to descriptor: Int32) -> SystemError? {
    bytes.withUnsafeBufferPointer { write($0, to: descriptor) }
  }

  /// Writes all of `bytes` to the descriptor; why it could not, or `nil`.
  func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> SystemError? {
    write(bytes.assumingMemoryBound(to: UInt8.self), to: descriptor)
  }

  /// Writes a buffer to the descriptor, in as few system calls as it takes; why it could
  /// not, or `nil`. Nothing to write always succeeds.
  private func write(_ buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> SystemError? {
    guard let base = buffer.baseAddress, !buffer.isEmpty else { return nil }
    guard isOpen(descriptor) else { return SystemError(EBADF) }
    var offset = 0
    while offset < buffer.count {
      let written = systemWrite(descriptor, base + offset, buffer.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return SystemError(errno)
      }
      // A write that makes no progress would loop for ever.
      guard written > 0 else { return SystemError(EIO) }
      offset += written
    }
    return nil
  }
}

/// POSIX `write`, out of reach of ``StandardStreams``'s methods of that name.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
