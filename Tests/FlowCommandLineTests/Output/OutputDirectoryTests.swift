import FlowCommandLine
import FlowCore
import Foundation
import Testing

/// `OutputDirectory.apply` when the system refuses: every step of writing a file (create
/// the temporary file, write, set its permissions, flush, close, rename) and of deleting one
/// is made to fail in turn through `FileOperations`, the seam under it. Whatever fails, the
/// file keeps its old text (or does not exist), no temporary file stays, every other change
/// is still made, and the failure names the file and the system's reason.
@Suite struct OutputDirectoryTests {
  /// The steps of writing a file, each made to fail.
  static let writeSteps: [FaultyFileOperations.Operation] = [
    .createFile, .write, .setPermissions, .synchronize, .close, .rename,
  ]

  @Test(arguments: writeSteps, [OutputPlan.Change.Kind.create, .update])
  func aFailingStepLeavesItsFileAsItWasAndTheOthersAreWritten(
    step: FaultyFileOperations.Operation, kind: OutputPlan.Change.Kind
  ) throws {
    let directory = try Scratch()
    defer { directory.remove() }
    if kind == .update {
      try directory.write("B.swift", generated("old B"))
      try directory.write("C.swift", generated("old C"))
    }
    let files = [file("A.swift", "new A"), file("B.swift", "new B"), file("C.swift", "new C")]
    let plan = try OutputDirectory.plan(files, in: directory.path, judge: OutputPolicy().judge())
    #expect(plan.changes.map(\.kind) == [.create, kind, kind])

    let faulty = FaultyFileOperations(failing: step, on: "B.swift", with: EIO)
    let report = OutputDirectory.apply(plan, in: directory.path, using: faulty)

    #expect(faulty.injected == 1, "the fault was not reached")
    #expect(faulty.openFiles == 0, "a file was left open")
    #expect(report.done.map(\.path) == [directory.join("A.swift"), directory.join("C.swift")])
    try #require(report.failures.count == 1)
    let failure = report.failures[0]
    #expect(failure.path == directory.join("B.swift"))
    #expect(failure.kind == kind)
    #expect(failure.reason == SystemError(EIO))
    #expect(failure.leftover == nil)
    let outcome = kind == .create ? "it was not created" : "it keeps its old text"
    #expect(
      "\(failure)"
        == "cannot \(kind.rawValue) '\(directory.join("B.swift"))': Input/output error "
        + "(\(failure.step.rawValue)); \(outcome)")
    #expect(try directory.text("A.swift") == generated("new A"))
    #expect(try directory.text("C.swift") == generated("new C"))
    if kind == .update {
      #expect(try directory.text("B.swift") == generated("old B"))
    }
    #expect(try directory.names() == (kind == .create ? ["A.swift", "C.swift"] : allThree))
  }

  @Test func aWriteThatFailsHalfwayLeavesNoPartOfTheFile() throws {
    let directory = try Scratch()
    defer { directory.remove() }
    try directory.write("B.swift", generated("old B"))
    let long = String(repeating: "let line = 1\n", count: 1000)
    let plan = try OutputDirectory.plan(
      [file("B.swift", long)], in: directory.path, judge: OutputPolicy().judge())
    let faulty = FaultyFileOperations(failing: .write, on: "B.swift", with: ENOSPC)
    faulty.bytesBeforeFault = 4096
    let report = OutputDirectory.apply(plan, in: directory.path, using: faulty)
    #expect(faulty.written == 4096, "the fault did not come halfway")
    #expect(report.failures.map(\.step) == [.write])
    #expect(try directory.text("B.swift") == generated("old B"))
    #expect(try directory.names() == ["B.swift"])
  }

  @Test func shortWritesAreCompleted() throws {
    let directory = try Scratch()
    defer { directory.remove() }
    let text = String(repeating: "é", count: 300)
    let plan = try OutputDirectory.plan(
      [file("A.swift", text)], in: directory.path, judge: OutputPolicy().judge())
    let faulty = FaultyFileOperations()
    faulty.largestWrite = 7
    let report = OutputDirectory.apply(plan, in: directory.path, using: faulty)
    #expect(report.failures.isEmpty)
    #expect(try directory.text("A.swift") == generated(text))
  }

  @Test func aWriteThatMakesNoProgressFailsInsteadOfLooping() throws {
    let directory = try Scratch()
    defer { directory.remove() }
    let plan = try OutputDirectory.plan(
      [file("A.swift", "a")], in: directory.path, judge: OutputPolicy().judge())
    let faulty = FaultyFileOperations()
    faulty.largestWrite = 0
    let report = OutputDirectory.apply(plan, in: directory.path, using: faulty)
    #expect(report.failures.map(\.step) == [.write])
    #expect(report.failures.map(\.reason) == [SystemError(EIO)])
    #expect(try directory.names() == [])
  }

  @Test func aTemporaryFileThatCannotBeRemovedIsNamed() throws {
    let directory = try Scratch()
    defer { directory.remove() }
    let plan = try OutputDirectory.plan(
      [file("A.swift", "a")], in: directory.path, judge: OutputPolicy().judge())
    let faulty = FaultyFileOperations(failing: .rename, on: "A.swift", with: EPERM)
    faulty.faults.append(.init(operation: .remove, name: ".A.swift.flowc-", code: EROFS))
    let report = OutputDirectory.apply(plan, in: directory.path, using: faulty)
    try #require(report.failures.count == 1)
    // Its name is unpredictable: `.A.swift.flowc-<16 random hex digits>.tmp`.
    let temporary = try #require(report.failures[0].leftover?.path)
    #expect(temporary.hasPrefix(directory.join(".A.swift.flowc-")))
    #expect(temporary.hasSuffix(".tmp"))
    #expect(temporary.utf8.count == directory.join(".A.swift.flowc-.tmp").utf8.count + 16)
    #expect(
      "\(report.failures[0])".hasSuffix(
        "; the temporary file '\(temporary)' could not be removed (Read-only file system): "
          + "delete it"))
  }

  @Test func aFailedDeletionIsReportedAndTheFileKept() throws {
    let directory = try Scratch()
    defer { directory.remove() }
    try directory.write("Old.swift", generated("old"))
    try directory.write("Stale.swift", generated("stale"))
    let plan = try OutputDirectory.plan(
      [file("A.swift", "a")], in: directory.path, judge: OutputPolicy().judge())
    #expect(plan.changes.map(\.kind) == [.delete, .delete, .create])
    let faulty = FaultyFileOperations(failing: .remove, on: "Old.swift", with: EACCES)
    let report = OutputDirectory.apply(plan, in: directory.path, using: faulty)
    #expect(report.done.map(\.kind) == [.delete, .create])
    #expect(
      report.failures.map(\.description) == [
        "cannot delete '\(directory.join("Old.swift"))': Permission denied; it is kept"
      ])
    #expect(try directory.names() == ["A.swift", "Old.swift"])
  }

  @Test func aDirectoryThatCannotBeMadeIsOneFailure() throws {
    let directory = try Scratch()
    defer { directory.remove() }
    let output = directory.join("Generated/Deeper")
    let plan = try OutputDirectory.plan(
      [file("A.swift", "a"), file("B.swift", "b")], in: output, judge: OutputPolicy().judge())
    let faulty = FaultyFileOperations(failing: .makeDirectory, on: "Deeper", with: EROFS)
    let report = OutputDirectory.apply(plan, in: output, using: faulty)
    #expect(report.done.isEmpty)
    #expect(
      report.failures.map(\.description) == [
        "cannot create the directory '\(output)': Read-only file system; nothing was written"
      ])
  }

  @Test func withoutFaultsEveryChangeIsMade() throws {
    let directory = try Scratch()
    defer { directory.remove() }
    try directory.write("B.swift", generated("old B"))
    try directory.write("Gone.swift", generated("gone"))
    let output = directory.path
    let plan = try OutputDirectory.plan(
      [file("A.swift", "a"), file("B.swift", "b")], in: output, judge: OutputPolicy().judge())
    let report = OutputDirectory.apply(plan, in: output, using: FaultyFileOperations())
    #expect(report.failures.isEmpty)
    #expect(report.done.map(\.kind) == [.delete, .create, .update])
    #expect(try directory.names() == ["A.swift", "B.swift"])
    #expect(try directory.text("B.swift") == generated("b"))
  }

  /// Many files are written by several threads at once; what is done and what fails is
  /// the same as one by one, and reported in the plan's order.
  @Test(arguments: [1, 3, OutputDirectory.defaultWriters])
  func writersInParallelReportInThePlansOrder(writers: Int) throws {
    let directory = try Scratch()
    defer { directory.remove() }
    try directory.write("Gone.swift", generated("gone"))
    let names = (0..<40).map { "File\($0).swift" }
    let plan = try OutputDirectory.plan(
      names.map { file($0, "text of \($0)") }, in: directory.path, judge: OutputPolicy().judge())
    let faulty = FaultyFileOperations(failing: .synchronize, on: "File17.", with: EIO)

    let report = OutputDirectory.apply(plan, in: directory.path, using: faulty, writers: writers)

    #expect(faulty.injected == 1)
    #expect(faulty.openFiles == 0, "a file was left open")
    let expected = plan.changes.map(\.path).filter { !$0.hasSuffix("/File17.swift") }
    #expect(report.done.map(\.path) == expected)
    #expect(report.failures.map(\.path) == [directory.join("File17.swift")])
    #expect(try directory.names() == names.filter { $0 != "File17.swift" }.sorted())
    for name in names where name != "File17.swift" {
      #expect(try directory.text(name) == generated("text of \(name)"))
    }
  }

  /// Written side by side, files share the free space: a file refused for space is tried
  /// once more alone, and what fails then is reported as it would be one by one.
  @Test(arguments: [ENOSPC, EDQUOT])
  func aFileRefusedForSpaceIsTriedOnceMoreAlone(code: Int32) throws {
    let directory = try Scratch()
    defer { directory.remove() }
    let plan = try OutputDirectory.plan(
      [file("A.swift", "a"), file("B.swift", "b"), file("C.swift", "c")], in: directory.path,
      judge: OutputPolicy().judge())
    let faulty = FaultyFileOperations(failing: .write, on: "B.swift", with: code)

    let report = OutputDirectory.apply(plan, in: directory.path, using: faulty)

    #expect(faulty.injected == 2, "B.swift was not tried again")
    #expect(faulty.openFiles == 0)
    #expect(report.done.map(\.path) == [directory.join("A.swift"), directory.join("C.swift")])
    #expect(report.failures.map(\.reason) == [SystemError(code)])
    #expect(try directory.names() == ["A.swift", "C.swift"])

    // Written one at a time, there is nothing to try again.
    let alone = FaultyFileOperations(failing: .write, on: "B.swift", with: code)
    _ = OutputDirectory.apply(plan, in: directory.path, using: alone, writers: 1)
    #expect(alone.injected == 1)
  }

  private let allThree = ["A.swift", "B.swift", "C.swift"]
}

/// A generated file's text: the header, then `body`.
private func generated(_ body: String) -> String {
  "// Generated by flowc from test. Do not edit.\n\n\(body)\n"
}

private func file(_ name: String, _ body: String) -> GeneratedFile {
  GeneratedFile(name: name, contents: generated(body))
}

/// The system's file operations, except that the ones named in `faults` fail with their
/// error on files whose name contains the fault's name. Counts the faults it injected, so a
/// test can tell that its fault was reached. `apply` calls it from several threads at once,
/// so its state is behind a lock.
final class FaultyFileOperations: FileOperations, @unchecked Sendable {
  /// An operation of `FileOperations`.
  enum Operation: String, CaseIterable, CustomTestStringConvertible {
    case makeDirectory, createFile, write, setPermissions, synchronize, close, rename, remove

    var testDescription: String { rawValue }
  }

  /// One operation that fails.
  struct Fault {
    var operation: Operation
    /// Part of the last component of the path it fails on (the destination, for `rename`).
    var name: String
    var code: Int32
  }

  var faults: [Fault] = []
  /// For `write` faults: how many bytes of the file are written before the fault.
  var bytesBeforeFault = 0
  /// The most bytes one `write` writes; less than asked makes short writes.
  var largestWrite = Int.max
  /// How many faults were injected.
  private(set) var injected = 0
  /// How many bytes were written to files with a `write` fault.
  private(set) var written = 0
  /// How many files are open.
  var openFiles: Int { paths.count }

  private let system = SystemFileOperations()
  /// The path of each open descriptor.
  private var paths: [Int32: String] = [:]
  /// Held by each operation, so that the threads of `apply` take turns.
  private let lock = NSLock()

  init() {}

  init(failing operation: Operation, on name: String, with code: Int32) {
    faults = [Fault(operation: operation, name: name, code: code)]
  }

  private func check(_ operation: Operation, _ path: String?) throws(SystemError) {
    guard let path else { return }
    let last = path.split(separator: "/").last.map(String.init) ?? path
    for fault in faults where fault.operation == operation && last.contains(fault.name) {
      injected += 1
      throw SystemError(fault.code)
    }
  }

  func makeDirectory(_ path: String) throws(SystemError) {
    lock.lock()
    defer { lock.unlock() }
    try check(.makeDirectory, path)
    try system.makeDirectory(path)
  }

  func permissions(of path: String) -> mode_t? {
    system.permissions(of: path)
  }

  func createFile(_ path: String) throws(SystemError) -> Int32 {
    lock.lock()
    defer { lock.unlock() }
    try check(.createFile, path)
    let descriptor = try system.createFile(path)
    paths[descriptor] = path
    return descriptor
  }

  func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int {
    lock.lock()
    defer { lock.unlock() }
    var count = min(bytes.count, largestWrite)
    let faulty = faults.contains { fault in
      fault.operation == .write && (paths[descriptor]?.contains(fault.name) ?? false)
    }
    if faulty {
      if written >= bytesBeforeFault { try check(.write, paths[descriptor]) }
      count = min(count, bytesBeforeFault - written)
    }
    guard count > 0 else { return 0 }
    let done = try system.write(descriptor, UnsafeRawBufferPointer(rebasing: bytes[..<count]))
    if faulty { written += done }
    return done
  }

  func setPermissions(_ descriptor: Int32, _ mode: mode_t) throws(SystemError) {
    lock.lock()
    defer { lock.unlock() }
    try check(.setPermissions, paths[descriptor])
    try system.setPermissions(descriptor, mode)
  }

  func synchronize(_ descriptor: Int32) throws(SystemError) {
    lock.lock()
    defer { lock.unlock() }
    try check(.synchronize, paths[descriptor])
    try system.synchronize(descriptor)
  }

  func close(_ descriptor: Int32) throws(SystemError) {
    lock.lock()
    defer { lock.unlock() }
    let path = paths.removeValue(forKey: descriptor)
    // Like Linux: the descriptor is released even when `close` fails.
    try system.close(descriptor)
    try check(.close, path)
  }

  func rename(_ source: String, to destination: String) throws(SystemError) {
    lock.lock()
    defer { lock.unlock() }
    try check(.rename, destination)
    try system.rename(source, to: destination)
  }

  func remove(_ path: String) throws(SystemError) {
    lock.lock()
    defer { lock.unlock() }
    try check(.remove, path)
    try system.remove(path)
  }
}

/// A fresh temporary directory.
private struct Scratch {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("flowc-output-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  func join(_ name: String) -> String { path + "/" + name }

  func write(_ name: String, _ text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: join(name)))
  }

  func text(_ name: String) throws -> String {
    try String(contentsOfFile: join(name), encoding: .utf8)
  }

  /// Every name in the directory, hidden ones too, sorted.
  func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}
