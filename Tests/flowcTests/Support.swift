import Foundation
import Testing

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

/// Runs `executable` with `arguments` in `directory`, feeding `input` to its standard input.
func run(
  _ executable: URL, _ arguments: [String], in directory: URL? = nil, input: String? = nil,
  environment: [String: String]? = nil
) throws -> ProcessOutput {
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
  if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
  try stdin.fileHandleForWriting.close()
  let out = stdout.fileHandleForReading.readDataToEndOfFile()
  let err = stderr.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return ProcessOutput(
    status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
    stderr: String(decoding: err, as: UTF8.self))
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
