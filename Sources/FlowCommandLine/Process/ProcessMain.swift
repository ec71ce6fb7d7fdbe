import FlowCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FlowCommandLine {
  /// Runs `flowc` as this process: its arguments, environment, standard input and output,
  /// and exit status.
  package static func main() -> Never {
    let invocation = Invocation(
      arguments: Array(CommandLine.arguments.dropFirst()),
      environment: environment(),
      outputIsTerminal: isatty(STDOUT_FILENO) == 1,
      readStandardInput: { limit throws(FileSystemError) in
        try FileSystem.readStandardInput(limit: limit)
      })
    let result = run(invocation)
    // What the command built stays alive until the process exits: see `retained`.
    withExtendedLifetime(result) { () -> Never in
      emit(result.output, to: STDOUT_FILENO)
      for chunk in result.outputChunks { emit(chunk, to: STDOUT_FILENO) }
      emit(result.errors, to: STDERR_FILENO)
      exit(result.status.rawValue)
    }
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

  /// Writes all of `text` to the file descriptor, in as few system calls as it takes.
  private static func emit(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { emit($0, to: descriptor) }
  }

  /// Writes all of `bytes` to the file descriptor.
  private static func emit(_ bytes: [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBufferPointer { emit($0, to: descriptor) }
  }

  /// Writes a buffer to the file descriptor, in as few system calls as it takes.
  private static func emit(_ buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32) {
    guard let base = buffer.baseAddress else { return }
    var offset = 0
    while offset < buffer.count {
      let written = write(descriptor, base + offset, buffer.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      offset += written
    }
  }
}
