import Foundation
import Testing

/// The helper that runs child processes cannot end the test run (issue 14, item 15).
@Suite struct SupportTests {
  /// A child that exits without reading its input: writing the rest of it used to raise
  /// `SIGPIPE`, which killed the whole test process.
  @Test func aChildThatDoesNotReadItsInputEndsNoRun() throws {
    let input = String(repeating: "x", count: 4 << 20)
    let result = try run(URL(fileURLWithPath: "/bin/true"), [], input: input)
    #expect(result.status == 0)
  }

  /// A child that writes more than a pipe holds to both outputs before reading its input.
  @Test func aChildThatPrintsALotBeforeReadingCannotHang() throws {
    let result = try run(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "head -c 300000 /dev/zero; head -c 300000 /dev/zero >&2; cat >/dev/null"],
      input: String(repeating: "y", count: 300_000))
    #expect(result.status == 0)
    #expect(result.stdout.utf8.count == 300_000)
    #expect(result.stderr.utf8.count == 300_000)
  }
}
