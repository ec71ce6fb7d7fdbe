import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The root of this package, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The `flowc` binary built next to the test bundle.
let flowcBinary: URL = {
  let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
  return runner.deletingLastPathComponent().appendingPathComponent("flowc")
}()

/// What a process printed and how it exited.
struct ProcessOutput {
  var status: Int32
  var stdout: String
  var stderr: String
}

/// Writes to a pipe whose reader has gone fail with `EPIPE` instead of killing the test
/// process with `SIGPIPE`: a child that exits before reading all its input (as it may, on an
/// error) must fail a test, not end the whole run.
private let pipeSignalIgnored: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

/// Runs `executable` with `arguments` in `directory`, feeding `input` to its standard input.
///
/// The input is written, and both outputs read, at the same time, so that a child that
/// prints a lot before reading its input (or prints a lot on one stream while the test reads
/// the other) cannot fill a pipe and hang the test.
func run(
  _ executable: URL, _ arguments: [String], in directory: URL? = nil, input: String? = nil,
  environment: [String: String]? = nil
) throws -> ProcessOutput {
  _ = pipeSignalIgnored
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  if let directory { process.currentDirectoryURL = directory }
  if let environment { process.environment = environment }
  let stdout = Pipe()
  let stderr = Pipe()
  let stdin = Pipe()
  process.standardOutput = stdout
  process.standardError = stderr
  process.standardInput = stdin
  try process.run()
  let group = DispatchGroup()
  let writer = stdin.fileHandleForWriting
  let bytes = Data((input ?? "").utf8)
  DispatchQueue.global().async(group: group) {
    // A child that stops reading early is its own test's business: the write just ends.
    try? writer.write(contentsOf: bytes)
    try? writer.close()
  }
  let errors = Collected()
  let errorHandle = stderr.fileHandleForReading
  DispatchQueue.global().async(group: group) {
    errors.data = errorHandle.readDataToEndOfFile()
  }
  let out = stdout.fileHandleForReading.readDataToEndOfFile()
  group.wait()
  process.waitUntilExit()
  return ProcessOutput(
    status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
    stderr: String(decoding: errors.data, as: UTF8.self))
}

/// What a reading thread collected, handed over once the thread is done (`DispatchGroup.wait`
/// orders the write before the read).
private final class Collected: @unchecked Sendable {
  var data = Data()
}

/// Runs the `flowc` binary.
func flowc(
  _ arguments: [String], in directory: URL? = nil, input: String? = nil,
  environment: [String: String]? = nil
) throws -> ProcessOutput {
  try run(flowcBinary, arguments, in: directory, input: input, environment: environment)
}

/// A fresh temporary directory with the given files (paths relative to it), removed by
/// the caller with `cleanUp`.
struct TemporaryDirectory {
  let url: URL

  init(files: [String: String] = [:]) throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("flowc-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for (path, text) in files {
      let file = url.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: file)
    }
  }

  func cleanUp() {
    try? FileManager.default.removeItem(at: url)
  }
}

/// A small correct flow file.
let cleanFlow = """
  version: 1
  coordinators:
    App:
      entry: true
      start: Home
      screens:
        Home: { on: { next: { push: Detail } } }
        Detail: { on: { back: pop } }

  """

/// A flow file with one error on line 7.
let brokenFlow = """
  version: 1
  coordinators:
    App:
      entry: true
      start: Home
      screens:
        Home: { on: { next: { push: Detial } } }
        Detail: { on: { back: pop } }

  """
