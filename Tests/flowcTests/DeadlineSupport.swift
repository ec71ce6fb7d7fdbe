import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a process printed and how it exited, and whether it was killed at its deadline.
struct TimedOutput {
  var status: Int32
  var stdout: String
  var stderr: String
  var timedOut: Bool
}

/// Runs `flowc` with `arguments`, killed after `seconds`.
func flowcWithDeadline(
  _ arguments: [String], in directory: URL? = nil, seconds: Double = 30
) throws -> TimedOutput {
  try runWithDeadline(flowcBinary, arguments, in: directory, seconds: seconds)
}

/// Runs `script` with `/bin/sh -c`, `$0` being the `flowc` binary, killed after `seconds`.
func shellWithDeadline(
  _ script: String, in directory: URL? = nil, seconds: Double = 30
) throws -> TimedOutput {
  try runWithDeadline(
    URL(fileURLWithPath: "/bin/sh"), ["-c", script, flowcBinary.path], in: directory,
    seconds: seconds)
}

private func runWithDeadline(
  _ executable: URL, _ arguments: [String], in directory: URL?, seconds: Double
) throws -> TimedOutput {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  if let directory { process.currentDirectoryURL = directory }
  let stdout = Pipe()
  let stderr = Pipe()
  process.standardOutput = stdout
  process.standardError = stderr
  process.standardInput = FileHandle.nullDevice
  try process.run()
  let killed = Deadline()
  DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
    if process.isRunning {
      killed.mark()
      kill(process.processIdentifier, SIGKILL)
    }
  }
  let out = stdout.fileHandleForReading.readDataToEndOfFile()
  let err = stderr.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return TimedOutput(
    status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
    stderr: String(decoding: err, as: UTF8.self), timedOut: killed.isMarked)
}

/// Whether a deadline struck, set from another thread.
private final class Deadline: @unchecked Sendable {
  private let lock = NSLock()
  private var marked = false

  func mark() {
    lock.lock()
    marked = true
    lock.unlock()
  }

  var isMarked: Bool {
    lock.lock()
    defer { lock.unlock() }
    return marked
  }
}

/// Makes a FIFO (named pipe) at `path` in `directory`.
func fifo(_ directory: TemporaryDirectory, _ path: String) throws {
  let made = mkfifo(directory.url.appendingPathComponent(path).path, 0o644)
  try #require(made == 0, "mkfifo failed")
}
