import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--watch` end to end: the real binary, left running, sees real file changes, keeps its
/// descriptors, and exits 0 on SIGINT and SIGTERM. Each test runs with inotify and with the
/// polling fallback (`FLOWC_WATCH=poll`).
@Suite(.serialized) struct WatchCommandTests {
  static let clean = """
    version: 1
    coordinators:
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { next: stay } }

    """

  static let broken = clean.replacingOccurrences(of: "next: stay", with: "next: { push: Nope }")

  /// A `flowc` left running, with what it has printed so far.
  final class Running: @unchecked Sendable {
    let process = Process()
    private let lock = NSLock()
    private var out = Data()
    private var err = Data()

    init(_ arguments: [String], in directory: URL, polling: Bool) throws {
      process.executableURL = flowcBinary
      process.arguments = arguments
      process.currentDirectoryURL = directory
      var environment = ProcessInfo.processInfo.environment
      environment["FLOWC_WATCH"] = polling ? "poll" : nil
      process.environment = environment
      let stdout = Pipe()
      let stderr = Pipe()
      process.standardOutput = stdout
      process.standardError = stderr
      process.standardInput = FileHandle.nullDevice
      stdout.fileHandleForReading.readabilityHandler = { [weak self] handle in
        let data = handle.availableData
        self?.lock.withLock { self?.out.append(data) }
      }
      stderr.fileHandleForReading.readabilityHandler = { [weak self] handle in
        let data = handle.availableData
        self?.lock.withLock { self?.err.append(data) }
      }
      try process.run()
    }

    var stdout: String { lock.withLock { String(decoding: out, as: UTF8.self) } }
    var stderr: String { lock.withLock { String(decoding: err, as: UTF8.self) } }

    /// How many times standard error has said it is watching.
    var runs: Int { stderr.components(separatedBy: "flowc: watching for changes").count - 1 }

    /// Waits up to 20 seconds for `condition`.
    func wait(for what: String, _ condition: () -> Bool) -> Bool {
      let deadline = Date().addingTimeInterval(20)
      while Date() < deadline {
        if condition() { return true }
        usleep(20_000)
      }
      Issue.record("timed out waiting for \(what); stdout: \(stdout) stderr: \(stderr)")
      return false
    }

    /// The process's open descriptors, from /proc, once it has had time to settle into
    /// waiting (right after a run it briefly holds the next watcher and the last one).
    var descriptorCount: Int {
      usleep(400_000)
      return
        (try? FileManager.default.contentsOfDirectory(
          atPath: "/proc/\(process.processIdentifier)/fd"))?.count ?? -1
    }

    /// Sends `signal` and waits for the exit status.
    func stop(with signal: Int32) -> Int32 {
      kill(process.processIdentifier, signal)
      process.waitUntilExit()
      return process.terminationReason == .exit ? process.terminationStatus : -signal
    }
  }

  /// Replaces `file`'s text the way editors save: a new file renamed over the old one.
  static func save(_ text: String, to file: URL) throws {
    try Data(text.utf8).write(to: file, options: .atomic)
  }

  @Test(arguments: [false, true])
  func checkRunsAgainOnEachChangeWithoutLeakingAndStopsCleanly(polling: Bool) throws {
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": Self.clean])
    defer { directory.cleanUp() }
    let file = directory.url.appendingPathComponent("flows/app.flow.yaml")
    let running = try Running(["check", "--watch"], in: directory.url, polling: polling)
    guard running.wait(for: "the first run", { running.runs == 1 }) else { return }
    #expect(running.stderr.hasPrefix("no problems in 1 file\n"))

    try Self.save(Self.broken, to: file)
    guard running.wait(for: "the run after a change", { running.runs == 2 }) else { return }
    #expect(running.stdout.contains("screen 'Nope' does not exist in coordinator 'App'"))
    let before = running.descriptorCount
    #expect(before > 3)

    // Many changes, each waited for: the descriptors stay as they were.
    for round in 0..<12 {
      let text = round % 2 == 0 ? Self.clean : Self.broken
      try Self.save(text + "# \(round)\n", to: file)
      let expected = round + 3
      guard running.wait(for: "run \(expected)", { running.runs >= expected }) else { return }
    }
    #expect(running.descriptorCount == before)
    #expect(running.stop(with: SIGINT) == 0)
  }

  @Test(arguments: [false, true])
  func aNewFlowFileAndTheConfigurationAreWatchedAndSIGTERMStops(polling: Bool) throws {
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": Self.clean])
    defer { directory.cleanUp() }
    let running = try Running(
      ["check", "--watch", "--strict"], in: directory.url, polling: polling)
    guard running.wait(for: "the first run", { running.runs == 1 }) else { return }
    try Self.save(
      "version: 1\ntypes:\n  Spare: external\n",
      to: directory.url.appendingPathComponent("flows/more.flow.yaml"))
    guard running.wait(for: "the new file", { running.runs == 2 }) else { return }
    #expect(running.stdout.contains("type 'Spare' is declared but never used [unused-type]"))
    try Self.save(
      "rules:\n  unused-type: off\n", to: directory.url.appendingPathComponent(".flowc.yml"))
    guard running.wait(for: "the new configuration", { running.runs == 3 }) else { return }
    #expect(
      running.stderr.hasSuffix(
        "no problems in 2 files\n" + "flowc: watching for changes; press Ctrl-C to stop\n"))
    #expect(running.stop(with: SIGTERM) == 0)
  }

  @Test func aFileThatIsNotAFlowFileDoesNotStartARun() throws {
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": Self.clean])
    defer { directory.cleanUp() }
    let running = try Running(["check", "--watch"], in: directory.url, polling: false)
    guard running.wait(for: "the first run", { running.runs == 1 }) else { return }
    try Self.save("notes", to: directory.url.appendingPathComponent("flows/notes.txt"))
    usleep(800_000)
    #expect(running.runs == 1)
    #expect(running.stop(with: SIGINT) == 0)
  }

  @Test(arguments: [false, true])
  func graphDrawsIntoItsFileAgainAfterAChange(polling: Bool) throws {
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": Self.clean])
    defer { directory.cleanUp() }
    let drawing = directory.url.appendingPathComponent("flows.dot")
    let running = try Running(
      ["graph", "--watch", "-o", "flows.dot"], in: directory.url, polling: polling)
    guard running.wait(for: "the first drawing", { running.runs == 1 }) else { return }
    #expect(running.stdout == "")
    #expect(try String(contentsOf: drawing, encoding: .utf8).contains("Home"))
    try Self.save(
      Self.clean.replacingOccurrences(of: "next: stay", with: "next: { push: Detail }")
        + "      Detail: { on: { back: pop } }\n",
      to: directory.url.appendingPathComponent("flows/app.flow.yaml"))
    guard running.wait(for: "the second drawing", { running.runs == 2 }) else { return }
    #expect(try String(contentsOf: drawing, encoding: .utf8).contains("Detail"))
    // Its own drawing is not a flow file: writing it starts no run.
    usleep(600_000)
    #expect(running.runs == 2)
    #expect(running.stop(with: SIGINT) == 0)
  }

  @Test func standardInputCannotBeWatched() throws {
    let result = try flowc(["check", "--watch", "-"], input: Self.clean)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("flowc: error: '--watch' cannot watch standard input"))
  }

  @Test func graphWatchNeedsAnOutputFile() throws {
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": Self.clean])
    defer { directory.cleanUp() }
    let result = try flowc(["graph", "--watch"], in: directory.url)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("flowc: error: '--watch' needs '--output FILE'"))
  }
}
