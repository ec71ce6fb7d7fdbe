import FlowCommandLine
import FlowCore
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary files of `OutputDirectory.apply` and the names it writes (issue 13, items
/// 4 and 11): a temporary file is always a new file, at a name no one can tell beforehand,
/// and only plain `*.swift` names reach the directory.
@Suite struct TemporaryFileTests {
  @Test func aTemporaryNameIsUnpredictableAndHidden() {
    let first = OutputDirectory.temporaryPath(for: "gen/A.swift")
    let second = OutputDirectory.temporaryPath(for: "gen/A.swift")
    #expect(first != second)
    for path in [first, second] {
      #expect(path.hasPrefix("gen/.A.swift.flowc-"))
      #expect(path.hasSuffix(".tmp"))
      #expect(path.utf8.count == "gen/.A.swift.flowc-.tmp".utf8.count + 16)
    }
  }

  @Test func aTemporaryNameStaysWithinAFileNamesLength() {
    let long = String(repeating: "é", count: 127) + ".swift"  // 260 bytes
    let path = OutputDirectory.temporaryPath(for: "gen/" + long)
    let name = path.dropFirst("gen/".count)
    #expect(name.utf8.count <= 255)
    #expect(name.hasPrefix(".éé"))
    #expect(name.hasSuffix(".tmp"))
  }

  /// A planted file at the name flowc used before (`.<name>.flowc-<pid>.tmp`), a hard link
  /// to the user's file, is neither truncated nor written.
  @Test func aHardLinkAtTheOldNameIsLeftAlone() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let secret = directory + "/secret.txt"
    try Data("mine\n".utf8).write(to: URL(fileURLWithPath: secret))
    try FileManager.default.createDirectory(
      atPath: directory + "/gen", withIntermediateDirectories: false)
    let planted = directory + "/gen/.A.swift.flowc-\(getpid()).tmp"
    try #require(link(secret, planted) == 0)
    let plan = try OutputDirectory.plan(
      [GeneratedFile(name: "A.swift", contents: header + "a\n")], in: directory + "/gen",
      judge: OutputPolicy().judge())
    let report = OutputDirectory.apply(plan, in: directory + "/gen")
    #expect(report.failures.isEmpty)
    #expect(try String(contentsOfFile: secret, encoding: .utf8) == "mine\n")
    #expect(try String(contentsOfFile: planted, encoding: .utf8) == "mine\n")
  }

  @Test func aTakenNameIsRetriedUnderAnother() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let plan = try OutputDirectory.plan(
      [GeneratedFile(name: "A.swift", contents: header + "a\n")], in: directory,
      judge: OutputPolicy().judge())
    let files = TakenNames(taken: 3)
    let report = OutputDirectory.apply(plan, in: directory, using: files)
    #expect(report.failures.isEmpty)
    #expect(files.attempts.count == 4)
    #expect(Set(files.attempts).count == 4, "a name was tried twice")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["A.swift"])
  }

  @Test func namesTakenOverAndOverAreAFailureNotALoop() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let plan = try OutputDirectory.plan(
      [GeneratedFile(name: "A.swift", contents: header + "a\n")], in: directory,
      judge: OutputPolicy().judge())
    let files = TakenNames(taken: .max)
    let report = OutputDirectory.apply(plan, in: directory, using: files)
    #expect(files.attempts.count == OutputDirectory.temporaryAttempts)
    #expect(report.failures.map(\.step) == [.createTemporary])
    #expect(report.failures.map(\.reason) == [SystemError(EEXIST)])
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [])
  }

  /// Defence in depth: whatever let such a name through before, the output directory
  /// refuses it before it looks at the file system.
  @Test(arguments: [
    "../escaped.swift", "a/b.swift", "gitignore\0.swift", ".gitignore", ".", "..", "",
    ".hidden.swift", "A.txt", String(repeating: "A", count: 250) + ".swift",
  ])
  func aNameThatIsNotAPlainFileNameIsRefused(name: String) throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let plan = try OutputDirectory.plan(
      [
        GeneratedFile(name: "A.swift", contents: header + "a\n"),
        GeneratedFile(name: name, contents: header + "b\n"),
      ], in: directory + "/gen", judge: OutputPolicy().judge())
    #expect(plan.changes.isEmpty)
    try #require(plan.conflicts.count == 1)
    #expect(
      plan.conflicts[0].hasSuffix(
        "so it cannot be a file in the output directory; flowc writes none"))
    // The conflict carries the name as it is; `generate` prints it through the one escaper.
    #expect(!TerminalText.printable(plan.conflicts[0]).contains("\0"))
  }

  /// A file whose name is not UTF-8 is never one of flowc's: it does not stop the run,
  /// and it is neither read nor deleted.
  @Test func aNameThatIsNotUTF8InTheDirectoryIsLeftAlone() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = Array((directory + "/caf").utf8) + [0xE9] + Array(".swift".utf8)
    let cPath = path.map { CChar(bitPattern: $0) } + [0]
    let descriptor = open(cPath, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    try #require(descriptor >= 0, "the file system takes no such name")
    let text = Array((header + "stale\n").utf8)
    #expect(write(descriptor, text, text.count) == text.count)
    close(descriptor)
    let plan = try OutputDirectory.plan(
      [GeneratedFile(name: "A.swift", contents: header + "a\n")], in: directory,
      judge: OutputPolicy().judge())
    #expect(plan.conflicts.isEmpty)
    #expect(plan.changes.map(\.kind) == [.create])
    _ = OutputDirectory.apply(plan, in: directory)
    var info = stat()
    #expect(stat(cPath, &info) == 0, "the file was deleted")
  }

  @Test func aPlainNameOf255BytesIsWritten() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let name = String(repeating: "A", count: 249) + ".swift"
    let plan = try OutputDirectory.plan(
      [GeneratedFile(name: name, contents: header + "a\n")], in: directory,
      judge: OutputPolicy().judge())
    #expect(plan.conflicts.isEmpty)
    let report = OutputDirectory.apply(plan, in: directory)
    #expect(report.failures.isEmpty)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [name])
  }
}

private let header = "// Generated by flowc from test. Do not edit.\n\n"

private func scratch() throws -> String {
  let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("flowc-temporary-\(UUID().uuidString)").path
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

/// The system's file operations, except that the first `taken` temporary files cannot be
/// created because their names are taken (`EEXIST`); records each name tried.
private final class TakenNames: FileOperations, @unchecked Sendable {
  private let system = SystemFileOperations()
  private let lock = NSLock()
  private var taken: Int
  private(set) var attempts: [String] = []

  init(taken: Int) { self.taken = taken }

  func createFile(_ path: String) throws(SystemError) -> Int32 {
    lock.lock()
    attempts.append(path)
    let isTaken = taken > 0
    if isTaken { taken -= 1 }
    lock.unlock()
    if isTaken { throw SystemError(EEXIST) }
    return try system.createFile(path)
  }

  func makeDirectory(_ path: String) throws(SystemError) { try system.makeDirectory(path) }
  func permissions(of path: String) -> mode_t? { system.permissions(of: path) }
  func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int {
    try system.write(descriptor, bytes)
  }
  func setPermissions(_ descriptor: Int32, _ mode: mode_t) throws(SystemError) {
    try system.setPermissions(descriptor, mode)
  }
  func synchronize(_ descriptor: Int32) throws(SystemError) { try system.synchronize(descriptor) }
  func close(_ descriptor: Int32) throws(SystemError) { try system.close(descriptor) }
  func rename(_ source: String, to destination: String) throws(SystemError) {
    try system.rename(source, to: destination)
  }
  func remove(_ path: String) throws(SystemError) { try system.remove(path) }
}
