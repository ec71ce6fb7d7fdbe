import FlowCommandLine
import FlowCore
import Foundation
import Testing

/// `generate --output` names every file first, plans the directory from the names, then
/// makes, compares and writes the files a batch at a time (`OutputDirectory.write`). With
/// small batches, so that every boundary is crossed: nothing is written when any file
/// conflicts, even the last; what is written, kept and deleted, and what is reported, is
/// what the plan of every text at once (`plan` then `apply`) does; and a batch is written
/// before the next is made.
@Suite struct BatchedOutputTests {
  // MARK: The output directory

  /// The files of a module in module order (not name order), and a directory holding some
  /// of them up to date, some with old text, stale generated files, and the app's own.
  private static let names = [
    "Mid.swift", "Alpha.swift", "Zulu.swift", "Beta.swift", "Kilo.swift", "Echo.swift",
    "Golf.swift", "Hotel.swift", "Delta.swift",
  ]

  private static func text(of name: String) -> String { generated("new \(name)") }

  private static func prepare(_ directory: Scratch) throws {
    for name in ["Alpha.swift", "Kilo.swift", "Zulu.swift"] {
      try directory.write(name, text(of: name))
    }
    for name in ["Beta.swift", "Hotel.swift"] { try directory.write(name, generated("old")) }
    for name in ["Charlie.swift", "Yankee.swift"] { try directory.write(name, generated("gone")) }
    try directory.write("App.swift", "import SwiftUI\n")
    try directory.write("notes.txt", generated("not Swift"))
    try directory.setOldTimes()
  }

  @Test(arguments: [1, 2, 3, 4, 100])
  func batchesMakeTheChangesAndReportOfTheWholePlan(batch: Int) throws {
    let whole = try Scratch()
    let batched = try Scratch()
    defer {
      whole.remove()
      batched.remove()
    }
    try Self.prepare(whole)
    try Self.prepare(batched)
    let judge = OutputPolicy().judge()

    let files = Self.names.map { GeneratedFile(name: $0, contents: Self.text(of: $0)) }
    let plan = try OutputDirectory.plan(files, in: whole.path, judge: judge)
    let expected = OutputDirectory.apply(plan, in: whole.path)

    let layout = try OutputDirectory.plan(names: Self.names, in: batched.path, judge: judge)
    #expect(layout.conflicts.isEmpty)
    let rendered = Rendered()
    let report = OutputDirectory.write(layout, in: batched.path, batch: batch) { indices in
      rendered.batches.append(indices)
      // Each batch is written while the next is made: every batch before the one just
      // before this one is on disk, and at most two are held.
      for name in rendered.batches.dropLast(2).joined().map({ Self.names[$0] }) {
        #expect((try? batched.text(name)) == Self.text(of: name), "\(name) not yet written")
      }
      return indices.map { Self.text(of: Self.names[$0]) }
    }

    #expect(rendered.batches.allSatisfy { $0.count <= batch })
    #expect(rendered.batches.joined().map { Self.names[$0] } == Self.names.sorted())
    #expect(report.done.map(\.kind) == expected.done.map(\.kind))
    #expect(
      report.done.map { relative($0.path, batched) }
        == expected.done.map { relative($0.path, whole) })
    #expect(
      report.done.map(\.kind) == [
        .delete, .delete, .update, .create, .create, .create, .update, .create,
      ])
    #expect(report.failures.isEmpty && expected.failures.isEmpty)
    #expect(report.unchanged == 3 && expected.unchanged == 3)
    #expect(report.failed == 0 && expected.failed == 0)
    #expect(try batched.snapshot() == whole.snapshot())
    // The files already up to date are not rewritten: their times stay.
    for name in ["Alpha.swift", "Kilo.swift", "Zulu.swift", "App.swift"] {
      #expect(try batched.modified(name) == Scratch.oldTime, "\(name) was rewritten")
    }
  }

  @Test func anUpToDateDirectoryIsReadAndNotWritten() throws {
    let directory = try Scratch()
    defer { directory.remove() }
    for name in Self.names { try directory.write(name, Self.text(of: name)) }
    try directory.setOldTimes()
    let layout = try OutputDirectory.plan(
      names: Self.names, in: directory.path, judge: OutputPolicy().judge())
    let faulty = FaultyFileOperations()
    let report = OutputDirectory.write(layout, in: directory.path, batch: 2, using: faulty) {
      $0.map { Self.text(of: Self.names[$0]) }
    }
    #expect(report.done.isEmpty && report.failures.isEmpty && report.failed == 0)
    #expect(report.unchanged == Self.names.count)
    #expect(faulty.openFiles == 0)
    for name in Self.names { #expect(try directory.modified(name) == Scratch.oldTime) }
    #expect(try directory.names() == Self.names.sorted())
  }

  /// Every conflict is in the layout, before any text is made: the last file in name order
  /// as much as the first.
  @Test(arguments: ["Alpha.swift", "Zulu.swift"])
  func aForeignFileAtAnyNameIsAConflictOfThePlan(foreign: String) throws {
    let directory = try Scratch()
    defer { directory.remove() }
    try directory.write(foreign, "// The app's own.\n")
    try directory.write("Yankee.swift", generated("gone"))
    let layout = try OutputDirectory.plan(
      names: Self.names, in: directory.path, judge: OutputPolicy().judge())
    #expect(
      layout.conflicts == [
        "'\(directory.join(foreign))' was not generated by flowc (its first line is not "
          + "'// Generated by flowc from …'); flowc leaves it alone: move it away or choose "
          + "another output directory"
      ])
  }

  /// A file that changed between the plan and its batch is left alone, and says so: one
  /// that is no longer generated, and one that appeared where nothing was.
  @Test func aFileThatChangedSinceThePlanIsLeftAlone() throws {
    let directory = try Scratch()
    defer { directory.remove() }
    try directory.write("Beta.swift", generated("old"))
    let layout = try OutputDirectory.plan(
      names: Self.names, in: directory.path, judge: OutputPolicy().judge())
    try directory.write("Beta.swift", "// The app's own now.\n")
    try directory.write("Zulu.swift", "// The app's own too.\n")
    let report = OutputDirectory.write(layout, in: directory.path, batch: 2) {
      $0.map { Self.text(of: Self.names[$0]) }
    }
    #expect(report.failures.map(\.step) == [.changed, .changed])
    #expect(report.failures.map(\.kind) == [.update, .create])
    #expect(report.failed == 2)
    #expect(report.done.count == Self.names.count - 2)
    #expect(
      "\(report.failures[0])"
        == "'\(directory.join("Beta.swift"))' changed while flowc ran, so it may not be a file "
        + "flowc generated; flowc leaves it alone: run 'flowc generate' again")
    #expect(try directory.text("Beta.swift") == "// The app's own now.\n")
    #expect(try directory.text("Zulu.swift") == "// The app's own too.\n")
  }

  /// Failures in one batch do not stop the next, and are reported in name order.
  @Test func failuresAreReportedInNameOrderAcrossBatches() throws {
    let directory = try Scratch()
    defer { directory.remove() }
    let layout = try OutputDirectory.plan(
      names: Self.names, in: directory.path, judge: OutputPolicy().judge())
    let faulty = FaultyFileOperations()
    faulty.faults = [
      .init(operation: .synchronize, name: "Beta", code: EIO),
      .init(operation: .rename, name: "Zulu", code: EIO),
      .init(operation: .write, name: "Golf", code: ENOSPC),
    ]
    let report = OutputDirectory.write(layout, in: directory.path, batch: 3, using: faulty) {
      $0.map { Self.text(of: Self.names[$0]) }
    }
    #expect(
      report.failures.map { relative($0.path, directory) }
        == ["Beta.swift", "Golf.swift", "Zulu.swift"])
    #expect(report.failed == 3)
    #expect(faulty.openFiles == 0)
    #expect(
      try directory.names()
        == Self.names.filter { !["Beta.swift", "Golf.swift", "Zulu.swift"].contains($0) }
        .sorted())
  }

  @Test func aDirectoryThatCannotBeMadeMakesNoText() throws {
    let directory = try Scratch()
    defer { directory.remove() }
    let output = directory.join("Deeper/Generated")
    let layout = try OutputDirectory.plan(
      names: Self.names, in: output, judge: OutputPolicy().judge())
    let faulty = FaultyFileOperations(failing: .makeDirectory, on: "Deeper", with: EROFS)
    let rendered = Rendered()
    let report = OutputDirectory.write(layout, in: output, batch: 2, using: faulty) {
      rendered.batches.append($0)
      return $0.map { Self.text(of: Self.names[$0]) }
    }
    #expect(rendered.batches.isEmpty)
    #expect(report.failures.map(\.step) == [.makeDirectory])
    #expect(report.failed == Self.names.count)
  }

  // MARK: flowc generate

  /// A module of coordinators `C00`…, and `Zulu`, last in name order.
  private static func module(_ count: Int, changed: Bool = false) -> String {
    var text = "version: 1\ncoordinators:\n"
    for index in 0..<count {
      let name =
        index == count - 1
        ? "Zulu" : changed && index == 1 ? "Bravo" : "C" + String(index + 100).dropFirst()
      text += """
          \(name):
            \(index == 0 ? "entry: true" : "result: { done: ~ }")
            start: Home
            screens:
              Home: { on: { next: { push: Detail }\(index == 0 ? "" : ", close: { finish: done }") } }
              Detail: { on: { back: pop\(changed && index == 3 ? ", again: pop" : "") } }

        """
    }
    return text
  }

  private func generate(
    _ directory: Scratch, output: String = "Generated", batch: Int? = 2, check: Bool = false
  ) -> CommandResult {
    var environment: [String: String] = [:]
    if let batch { environment["FLOWC_GENERATE_BATCH"] = String(batch) }
    let arguments =
      ["generate", directory.join("m.flow.yaml"), "--output", directory.join(output)]
      + (check ? ["--check"] : [])
    return FlowCommandLine.run(Invocation(arguments: arguments, environment: environment))
  }

  @Test func aForeignFileAtTheLastNameWritesNothingAtAll() throws {
    let directory = try Scratch()
    defer { directory.remove() }
    try directory.write("m.flow.yaml", Self.module(9))
    #expect(generate(directory).status == .success)
    try directory.write("m.flow.yaml", Self.module(8, changed: true))
    try directory.write("Generated/ZuluCoordinator.swift", "// The app's own.\n")
    try directory.setOldTimes(in: "Generated")
    let before = try directory.snapshot("Generated")

    let result = generate(directory)

    #expect(result.status == .failure)
    #expect(result.output.contains("created") == false)
    #expect(
      result.errors.hasSuffix(
        "flowc: error: '\(directory.join("Generated/ZuluCoordinator.swift"))' was not "
          + "generated by flowc (its first line is not '// Generated by flowc from …'); flowc "
          + "leaves it alone: move it away or choose another output directory\n"
          + "nothing generated\n"))
    #expect(try directory.snapshot("Generated") == before)
    for name in try directory.names("Generated") {
      #expect(try directory.modified("Generated/" + name) == Scratch.oldTime, "\(name) touched")
    }
  }

  @Test func aSecondRunFindsEveryFileUnchangedAndWritesNone() throws {
    let directory = try Scratch()
    defer { directory.remove() }
    try directory.write("m.flow.yaml", Self.module(9))
    let first = generate(directory)
    #expect(first.status == .success)
    #expect(first.output.split(separator: "\n").filter { $0.hasPrefix("created ") }.count == 9)
    try directory.setOldTimes(in: "Generated")
    let again = generate(directory)
    #expect(again.status == .success)
    #expect(!again.output.contains("created ") && !again.output.contains("updated "))
    #expect(
      again.errors.hasSuffix(
        "generated 9 files in '\(directory.join("Generated"))': 0 written, 9 unchanged\n"))
    for name in try directory.names("Generated") {
      #expect(try directory.modified("Generated/" + name) == Scratch.oldTime, "\(name) rewritten")
    }
  }

  /// Creations, updates, unchanged files and deletions across batch boundaries: the same
  /// lines, counts and files in batches of 1, 2 and 3 as in one batch, and as `--check`
  /// (which plans every text at once) said would change.
  @Test func batchesOfAnySizeWriteAndReportAlike() throws {
    var outcomes: [(output: String, errors: String, files: [String: String])] = []
    for batch in [1, 2, 3, 1000] {
      let directory = try Scratch()
      defer { directory.remove() }
      try directory.write("m.flow.yaml", Self.module(9))
      #expect(generate(directory, batch: batch).status == .success)
      try directory.write("Generated/Stale.swift", generated("stale"))
      try directory.write("m.flow.yaml", Self.module(7, changed: true))
      let check = generate(directory, batch: batch, check: true)
      let result = generate(directory, batch: batch)
      #expect(result.status == .success, "\(result.errors)")
      let would = check.output.split(separator: "\n").filter { $0.hasPrefix("would ") }
      let did = result.output.split(separator: "\n").filter {
        $0.hasPrefix("created ") || $0.hasPrefix("updated ") || $0.hasPrefix("deleted ")
      }
      #expect(
        would.map { $0.dropFirst(6) }
          == did.map { did in
            let kind = did.prefix { $0 != " " }.dropLast()
            return Substring(kind + did.drop { $0 != " " })
          })
      outcomes.append(
        (
          did.joined(separator: "\n").replacingOccurrences(of: directory.path, with: "DIR"),
          result.errors.replacingOccurrences(of: directory.path, with: "DIR"),
          try directory.snapshot("Generated").mapValues {
            $0.replacingOccurrences(of: directory.path, with: "DIR")
          }
        ))
    }
    let first = outcomes[0]
    #expect(
      first.output == """
        deleted DIR/Generated/C01Coordinator.swift
        deleted DIR/Generated/C06Coordinator.swift
        deleted DIR/Generated/C07Coordinator.swift
        deleted DIR/Generated/Stale.swift
        created DIR/Generated/BravoCoordinator.swift
        updated DIR/Generated/C03Coordinator.swift
        """)
    #expect(
      first.errors.hasSuffix(
        "generated 7 files in 'DIR/Generated': 2 written, 5 unchanged, 4 deleted\n"))
    for outcome in outcomes.dropFirst() {
      #expect(outcome.output == first.output)
      #expect(outcome.errors == first.errors)
      #expect(outcome.files == first.files)
    }
  }
}

/// The batches a `render` was asked for, in order.
private final class Rendered: @unchecked Sendable {
  var batches: [[Int]] = []
}

/// A generated file's text: the header, then `body`.
private func generated(_ body: String) -> String {
  "// Generated by flowc from test. Do not edit.\n\n\(body)\n"
}

private func relative(_ path: String, _ directory: Scratch) -> String {
  String(path.dropFirst(directory.path.count + 1))
}

/// A fresh temporary directory.
private struct Scratch {
  /// The modification time given to files that must not be written again.
  static let oldTime = Date(timeIntervalSince1970: 1_000_000_000)

  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("flowc-batched-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  func join(_ name: String) -> String { path + "/" + name }

  func write(_ name: String, _ text: String) throws {
    let url = URL(fileURLWithPath: join(name))
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  func text(_ name: String) throws -> String {
    try String(contentsOfFile: join(name), encoding: .utf8)
  }

  func names(_ folder: String = ".") throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: join(folder)).sorted()
  }

  /// Every file of `folder` and its text.
  func snapshot(_ folder: String = ".") throws -> [String: String] {
    var files: [String: String] = [:]
    for name in try names(folder) { files[name] = try text(folder + "/" + name) }
    return files
  }

  func modified(_ name: String) throws -> Date? {
    try FileManager.default.attributesOfItem(atPath: join(name))[.modificationDate] as? Date
  }

  /// Sets every file of `folder` to ``oldTime``.
  func setOldTimes(in folder: String = ".") throws {
    for name in try names(folder) {
      try FileManager.default.setAttributes(
        [.modificationDate: Self.oldTime], ofItemAtPath: join(folder + "/" + name))
    }
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}
