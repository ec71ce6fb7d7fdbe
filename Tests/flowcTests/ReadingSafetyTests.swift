import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What flowc promises about the files it reads (issue 13, items 3 and 9; docs/security.md):
/// nothing named on the command line or found in a directory is skipped without a word, and
/// nothing but a regular file is read, so no FIFO or device can make it block or read for
/// ever. Each test runs the real binary with a deadline, so that a hang fails it.
@Suite struct ReadingSafetyTests {
  @Test func aDanglingFlowFileLinkInADirectoryIsAnErrorNamingIt() throws {
    let directory = try TemporaryDirectory(files: ["flows/a.flow.yaml": cleanFlow])
    defer { directory.cleanUp() }
    try link(directory, "flows/b.flow.yaml", to: "moved-away.flow.yaml")
    let result = try flowcWithDeadline(["check", "flows"], in: directory.url)
    #expect(!result.timedOut)
    #expect(result.status == 2)
    #expect(
      result.stderr.hasPrefix(
        "flowc: error: cannot read flows/b.flow.yaml: is a symbolic link that leads to no file\n"))
    #expect(result.stdout.isEmpty)
  }

  @Test func aFlowFileWhoseNameIsNotUTF8IsAnErrorNamingIt() throws {
    let directory = try TemporaryDirectory(files: ["flows/a.flow.yaml": cleanFlow])
    defer { directory.cleanUp() }
    // `café.flow.yaml` in Latin-1: the byte E9 alone is not UTF-8.
    let name =
      Array((directory.url.path + "/flows/caf").utf8) + [0xE9]
      + Array(".flow.yaml".utf8)
    try #require(
      createFile(named: name, containing: cleanFlow), "the file system takes no such name")

    let result = try flowcWithDeadline(["check", "flows"], in: directory.url)
    #expect(result.status == 2)
    #expect(
      result.stderr.hasPrefix(
        "flowc: error: cannot read flows/caf\\xE9.flow.yaml: the name is not UTF-8, so flowc "
          + "cannot read it; rename it\n"))
  }

  @Test func anExcludedUnreadableEntryIsNoError() throws {
    let directory = try TemporaryDirectory(files: [
      "flows/a.flow.yaml": cleanFlow, ".flowc.yml": "exclude: [\"flows/vendor/**\"]\n",
    ])
    defer { directory.cleanUp() }
    try FileManager.default.createDirectory(
      at: directory.url.appendingPathComponent("flows/vendor"), withIntermediateDirectories: true)
    try link(directory, "flows/vendor/b.flow.yaml", to: "nowhere")
    let result = try flowcWithDeadline(["check", "flows"], in: directory.url)
    #expect(result.status == 0, "\(result.stderr)")
  }

  /// A module of two files is generated; then one file becomes a link that leads nowhere
  /// (a sparse checkout, a moved submodule). `generate` stops, and the generated file of
  /// that file's coordinator is still there.
  @Test func generateNeverDeletesOutputBecauseItsSourceCouldNotBeRead() throws {
    let other = cleanFlow.replacingOccurrences(of: "App:", with: "Other:")
    let directory = try TemporaryDirectory(files: [
      "flows/a.flow.yaml": cleanFlow, "flows/b.flow.yaml": other,
    ])
    defer { directory.cleanUp() }
    let first = try flowcWithDeadline(
      ["generate", "flows", "--output", "gen"], in: directory.url)
    try #require(first.status == 0, "\(first.stderr)")
    let generated = directory.url.appendingPathComponent("gen/OtherCoordinator.swift")
    let before = try String(contentsOf: generated, encoding: .utf8)

    try FileManager.default.removeItem(
      at: directory.url.appendingPathComponent("flows/b.flow.yaml"))
    try link(directory, "flows/b.flow.yaml", to: "../elsewhere/b.flow.yaml")
    let second = try flowcWithDeadline(
      ["generate", "flows", "--output", "gen"], in: directory.url)
    #expect(second.status == 2)
    #expect(second.stderr.contains("cannot read flows/b.flow.yaml"))
    #expect(second.stdout.isEmpty)
    #expect(try String(contentsOf: generated, encoding: .utf8) == before)
    #expect(
      try FileManager.default.contentsOfDirectory(
        atPath: directory.url.appendingPathComponent("gen").path
      ).sorted() == ["AppCoordinator.swift", "OtherCoordinator.swift"])
  }

  @Test func aDanglingLinkNamedOnTheCommandLineIsNamedAsOne() throws {
    let directory = try TemporaryDirectory()
    defer { directory.cleanUp() }
    try link(directory, "x.flow.yaml", to: "gone.flow.yaml")
    let result = try flowcWithDeadline(["check", "x.flow.yaml"], in: directory.url)
    #expect(result.status == 2)
    #expect(
      result.stderr.hasPrefix(
        "flowc: error: cannot read x.flow.yaml: is a symbolic link that leads to no file\n"))
  }

  @Test func aClosedStandardInputIsAnError() throws {
    let result = try shellWithDeadline("exec \"$0\" check - <&-")
    #expect(result.status == 2)
    #expect(
      result.stderr.hasPrefix("flowc: error: cannot read standard input: Bad file descriptor\n"))
  }

  @Test func aFIFONamedOnTheCommandLineIsRefusedAtOnce() throws {
    let directory = try TemporaryDirectory()
    defer { directory.cleanUp() }
    try fifo(directory, "x.flow.yaml")
    let result = try flowcWithDeadline(["check", "x.flow.yaml"], in: directory.url)
    #expect(!result.timedOut, "flowc blocked on the FIFO")
    #expect(result.status == 2)
    #expect(
      result.stderr.hasPrefix(
        "flowc: error: cannot read x.flow.yaml: is a FIFO (named pipe), not a regular file\n"))
  }

  @Test func aFIFOInASearchedDirectoryIsAnErrorNamingIt() throws {
    let directory = try TemporaryDirectory(files: ["flows/a.flow.yaml": cleanFlow])
    defer { directory.cleanUp() }
    try fifo(directory, "flows/b.flow.yaml")
    let result = try flowcWithDeadline(["check", "flows"], in: directory.url)
    #expect(!result.timedOut)
    #expect(result.status == 2)
    #expect(result.stderr.contains("cannot read flows/b.flow.yaml: is a FIFO (named pipe)"))
  }

  @Test func aFIFOAsTheConfigurationIsRefusedAtOnce() throws {
    let directory = try TemporaryDirectory(files: ["a.flow.yaml": cleanFlow])
    defer { directory.cleanUp() }
    try fifo(directory, "config.yml")
    let given = try flowcWithDeadline(
      ["check", "a.flow.yaml", "--config", "config.yml"], in: directory.url)
    #expect(!given.timedOut)
    #expect(given.status == 2)
    #expect(
      given.stderr.hasPrefix(
        "flowc: error: cannot read configuration config.yml: is a FIFO (named pipe), not a "
          + "regular file\n"))

    // `.flowc.yml` here is read whatever it is, never skipped for not being a file.
    try fifo(directory, ".flowc.yml")
    let found = try flowcWithDeadline(["check", "a.flow.yaml"], in: directory.url)
    #expect(!found.timedOut)
    #expect(found.status == 2)
    #expect(found.stderr.contains("cannot read configuration .flowc.yml: is a FIFO"))
  }

  /// A link to a directory is followed, and a directory reached through two links (or a
  /// link and its own path) is read once, so that no coordinator is defined twice.
  @Test func linksToDirectoriesAreFollowedAndEachDirectoryReadOnce() throws {
    let other = cleanFlow.replacingOccurrences(of: "App:", with: "Other:")
      .replacingOccurrences(of: "entry: true", with: "entry: false")
    let directory = try TemporaryDirectory(files: [
      "flows/a.flow.yaml": cleanFlow, "shared/b.flow.yaml": other,
      "flows/local/c.flow.yaml": cleanFlow.replacingOccurrences(of: "App:", with: "Local:")
        .replacingOccurrences(of: "entry: true", with: "entry: false"),
    ])
    defer { directory.cleanUp() }
    try link(directory, "flows/shared", to: "../shared")
    try link(directory, "flows/again", to: "../shared")
    try link(directory, "flows/also-local", to: "local")
    let result = try flowcWithDeadline(["check", "flows", "--format", "json"], in: directory.url)
    #expect(!result.timedOut)
    #expect(result.stderr == "", "\(result.stderr)")
    // Both are named by the first link in order of paths; `local` by its own path.
    let files = try #require(
      JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let summary = try #require(files["summary"] as? [String: Any], "\(result.stdout)")
    #expect(summary["files"] as? Int == 3, "\(result.stdout)")
    #expect(!result.stdout.contains("duplicate"), "\(result.stdout)")
  }

  @Test func aLinkThatLoopsIsAnErrorNamingItNotAHang() throws {
    let directory = try TemporaryDirectory(files: ["flows/sub/a.flow.yaml": cleanFlow])
    defer { directory.cleanUp() }
    try link(directory, "flows/sub/up", to: "..")
    let result = try flowcWithDeadline(["check", "flows"], in: directory.url)
    #expect(!result.timedOut)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "flowc: error: cannot read flows/sub/up: a symbolic link to a directory that "
        + "contains it, so the search would never end; remove it, or exclude it in the "
        + "configuration\n")
    #expect(result.stdout.isEmpty)
  }

  @Test func aDeviceIsRefusedWithoutBeingRead() throws {
    let started = Date()
    let result = try flowcWithDeadline(["check", "/dev/zero"])
    #expect(result.status == 2)
    #expect(
      result.stderr.hasPrefix(
        "flowc: error: cannot read /dev/zero: is a character device, not a regular file\n"))
    #expect(Date().timeIntervalSince(started) < 10)
  }
}

private func link(_ directory: TemporaryDirectory, _ path: String, to target: String) throws {
  try FileManager.default.createSymbolicLink(
    atPath: directory.url.appendingPathComponent(path).path, withDestinationPath: target)
}

/// Creates a file whose path is `name`, bytes that may not be UTF-8; whether it could.
private func createFile(named name: [UInt8], containing text: String) -> Bool {
  let path = name.map { CChar(bitPattern: $0) } + [0]
  let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
  guard descriptor >= 0 else { return false }
  defer { close(descriptor) }
  let bytes = Array(text.utf8)
  return write(descriptor, bytes, bytes.count) == bytes.count
}
