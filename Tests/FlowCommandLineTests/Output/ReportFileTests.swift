import FlowCommandLine
import FlowCore
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file of `flowc check --output FILE` and `--write-baseline FILE` (issue 20, item 7):
/// whatever step of the write fails, the file keeps its old text, no temporary file is left,
/// and the report is never written part-way.
@Suite struct ReportFileTests {
  @Test(arguments: [
    FaultyFileOperations.Operation.createFile, .write, .setPermissions, .synchronize, .close,
    .rename,
  ])
  func aFailedWriteLeavesTheFileAsItWas(_ operation: FaultyFileOperations.Operation) throws {
    let directory =
      FileManager.default.temporaryDirectory.appendingPathComponent("flowc-report-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/report.sarif"
    try Data("old report\n".utf8).write(to: URL(fileURLWithPath: path))
    // The temporary file's name holds the report's; the rename fails on the report itself.
    let files = FaultyFileOperations(failing: operation, on: "report.sarif", with: ENOSPC)
    files.bytesBeforeFault = 5
    let report = String(repeating: "new report line\n", count: 1000)
    #expect(throws: UsageError.self) {
      try ReportFile.write(
        report, to: path, option: "--output", judge: OutputPolicy().judge(), using: files)
    }
    #expect(files.injected > 0, "the fault was reached")
    #expect(files.openFiles == 0)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "old report\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["report.sarif"])

    try ReportFile.write(report, to: path, option: "--output", judge: OutputPolicy().judge())
    #expect(try String(contentsOfFile: path, encoding: .utf8) == report)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["report.sarif"])
  }
}
