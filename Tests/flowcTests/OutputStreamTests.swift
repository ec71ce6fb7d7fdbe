import Foundation
import Testing

/// Standard output and error are files too (issue 13, item 8): a write that fails is an
/// I/O error, exit status 2, said on standard error when that can be written.
@Suite struct OutputStreamTests {
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
  func aFullDiskOnStandardOutputIsAnError() throws {
    let directory = try TemporaryDirectory(files: ["a.flow.yaml": cleanFlow])
    defer { directory.cleanUp() }
    let result = try shellWithDeadline(
      "exec \"$0\" graph a.flow.yaml > /dev/full", in: directory.url)
    #expect(result.status == 2)
    #expect(
      result.stderr.hasSuffix(
        "flowc: error: cannot write to standard output: No space left on device\n"))
  }

  @Test func aClosedStandardOutputIsAnError() throws {
    let result = try shellWithDeadline("exec \"$0\" rules >&-")
    #expect(result.status == 2)
    #expect(
      result.stderr == "flowc: error: cannot write to standard output: Bad file descriptor\n")
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
  func aFullDiskOnStandardErrorIsAnError() throws {
    let directory = try TemporaryDirectory(files: ["a.flow.yaml": cleanFlow])
    defer { directory.cleanUp() }
    let result = try shellWithDeadline(
      "exec \"$0\" check a.flow.yaml 2> /dev/full", in: directory.url)
    #expect(result.status == 2)
  }

  /// With standard output closed, the first file flowc opens would get descriptor 1: what
  /// it prints must not land in a generated file.
  @Test func aClosedStandardOutputDoesNotLeakIntoAGeneratedFile() throws {
    let directory = try TemporaryDirectory(files: ["a.flow.yaml": cleanFlow])
    defer { directory.cleanUp() }
    let result = try shellWithDeadline(
      "exec \"$0\" generate a.flow.yaml --output gen >&-", in: directory.url)
    #expect(result.status == 2)
    let generated = try String(
      contentsOf: directory.url.appendingPathComponent("gen/AppCoordinator.swift"),
      encoding: .utf8)
    #expect(!generated.contains("created gen/"))
  }
}
