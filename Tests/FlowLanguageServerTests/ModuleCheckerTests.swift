import FlowCore
import Foundation
import Testing

@testable import FlowLanguageServer

/// The checker keeps parsed files between checks: what it gives must still be what a fresh
/// check of the same text gives, whatever changed on disk or in the editor.
@Suite struct ModuleCheckerTests {
  let clean = """
    version: 1
    coordinators:
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { next: { push: Detail } } }
          Detail: { on: { back: pop } }

    """

  func rules(_ result: CheckResult) -> [String] { result.findings.map(\.rule.rawValue) }

  @Test func seesFilesChangedCreatedAndDeletedOnDiskAndTheOverlayOverThem() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("flowc-checker-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("a.flow.yaml").path
    try clean.write(toFile: file, atomically: false, encoding: .utf8)
    let checker = ModuleChecker()
    let configuration = Configuration()
    #expect(rules(checker.check(paths: [file], overlay: [:], configuration: configuration)) == [])

    // The same size, another text: the modification time tells.
    let broken = clean.replacingOccurrences(of: "push: Detail", with: "push: Detial")
    try broken.write(toFile: file, atomically: true, encoding: .utf8)
    #expect(
      rules(checker.check(paths: [file], overlay: [:], configuration: configuration))
        == ["unknown-reference"])

    // The editor's text wins over the disk, and going back to the disk is seen too.
    let overlay = [file: Array(clean.utf8)]
    #expect(
      rules(checker.check(paths: [file], overlay: overlay, configuration: configuration)) == [])
    #expect(
      rules(checker.check(paths: [file], overlay: [:], configuration: configuration))
        == ["unknown-reference"])

    // A file that disappeared is left out; a second one joins.
    let other = directory.appendingPathComponent("b.flow.yaml").path
    try clean.replacingOccurrences(of: "App:", with: "Other:").write(
      toFile: other, atomically: true, encoding: .utf8)
    try FileManager.default.removeItem(atPath: file)
    let result = checker.check(paths: [file, other], overlay: [:], configuration: configuration)
    #expect(result.sources.keys.sorted() == [other])
  }
}
