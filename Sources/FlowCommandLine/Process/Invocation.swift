import FlowCore

/// How `flowc` exits (spec section 9).
package enum ExitStatus: Int32, Sendable {
  /// No error-level finding.
  case success = 0
  /// Error-level findings (with `--strict`, warnings too), or stale generated output.
  case findings = 1
  /// A usage, I/O or configuration error.
  case failure = 2
}

/// What one run of the command line needs from its process.
package struct Invocation: Sendable {
  /// The arguments, without the program name.
  package var arguments: [String]
  /// The environment variables.
  package var environment: [String: String]
  /// Whether standard output is a terminal (colour is used only then).
  package var outputIsTerminal: Bool
  /// Reads standard input, for the path `-`.
  package var readStandardInput: @Sendable (Int) throws(FileSystemError) -> FileSystem.Contents

  package init(
    arguments: [String], environment: [String: String] = [:], outputIsTerminal: Bool = false,
    readStandardInput: @escaping @Sendable (Int) throws(FileSystemError) -> FileSystem.Contents =
      { _ in .bytes([]) }
  ) {
    self.arguments = arguments
    self.environment = environment
    self.outputIsTerminal = outputIsTerminal
    self.readStandardInput = readStandardInput
  }

  /// Whether findings are coloured, as `--color` says: with `auto`, only on a terminal and
  /// never with `NO_COLOR` set to a non-empty value (an empty `NO_COLOR=` does not count, as
  /// the convention and spec section 9 say).
  func usesColor(_ choice: ColorChoice) -> Bool {
    switch choice {
    case .always: return true
    case .never: return false
    case .auto: return outputIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty
    }
  }

  /// Whether to time the phases and report them on standard error: with `FLOWC_TIMING` set
  /// (to anything), as the benchmark runs flowc.
  var isTimed: Bool { environment["FLOWC_TIMING"] != nil }
}

/// What one run of the command line printed and how it exits.
package struct CommandResult: Sendable {
  /// Everything for standard output.
  package var output = ""
  /// More for standard output, after `output`, as chunks of bytes written one after
  /// another: large outputs are written as they were built, without joining them or
  /// turning them into a `String` first.
  package var outputChunks: [[UInt8]] = []
  /// The rest of standard output, after `outputChunks`, made piece by piece as it is
  /// written (`flowc graph`): each piece is written, then freed, before the next is made,
  /// so that a large output is never held whole.
  package var streamedOutput: StreamedOutput?
  /// Everything for standard error.
  package var errors = ""
  /// The exit status.
  package var status = ExitStatus.success
  /// What the command built (a module, its findings), kept alive until the process exits:
  /// freeing millions of small values one by one only to exit takes longer than the check.
  package var retained: (any Sendable)?
  /// With `--watch`: what to watch before running the same command line again.
  package var watch: WatchPlan?

  package init() {}
}

/// Standard output that a command makes while it is written rather than before
/// (``CommandResult/streamedOutput``).
package struct StreamedOutput: Sendable {
  /// Makes the output: hands each piece, in order, to the function it is given, which
  /// writes it and says whether it could; stops at the first that could not. Returns more
  /// for standard error, after what the command put there (the time it took, with
  /// `FLOWC_TIMING`).
  package let make: @Sendable (_ write: (UnsafeRawBufferPointer) -> Bool) -> String

  package init(_ make: @escaping @Sendable (_ write: (UnsafeRawBufferPointer) -> Bool) -> String) {
    self.make = make
  }

  /// The whole output at once, and what it adds to standard error, for a caller that runs
  /// a command in its own process and wants its output as text (tests).
  package func collect() -> (output: [UInt8], errors: String) {
    var output: [UInt8] = []
    let errors = make { piece in
      output.append(contentsOf: piece)
      return true
    }
    return (output, errors)
  }
}

/// `--color`: when findings are coloured.
package enum ColorChoice: String, CaseIterable, Sendable {
  /// On a terminal, unless `NO_COLOR` is set to a non-empty value.
  case auto
  /// Always, as for a pager that shows colour (`| less -R`).
  case always
  /// Never.
  case never
}
