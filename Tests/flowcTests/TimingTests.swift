import Foundation
import Testing

/// `FLOWC_TIMING=1`: each command names its phases on standard error, which is how
/// `make bench` tells the steps after the check apart (Benchmarks/bench.py reads these
/// names), and says nothing of them without it.
@Suite struct TimingTests {
  static let timing = ProcessInfo.processInfo.environment.merging(["FLOWC_TIMING": "1"]) { $1 }

  /// The phases a command reported, in order, without their times; those of one file are
  /// indented.
  private func phases(_ stderr: String) -> [String] {
    stderr.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("flowc timing: "), let end = line.range(of: " ms (") else { return nil }
      let named = line[line.index(line.startIndex, offsetBy: 14)..<end.lowerBound]
      return named.lastIndex(of: " ").map { String(named[..<$0]) }
    }
  }

  @Test func eachCommandNamesItsPhases() throws {
    let directory = try TemporaryDirectory(files: GenerateCommandTests.files)
    defer { directory.cleanUp() }
    let checked = [
      "read, parse and decode in all", "analyse the graph", "rules", "suppress and sort",
    ]

    let check = try flowc(["check"], in: directory.url, environment: Self.timing)
    #expect(phases(check.stderr).filter { !$0.hasPrefix(" ") } == checked + ["report"])

    let generate = try flowc(
      ["generate", "--output", "Generated"], in: directory.url, environment: Self.timing)
    // The files are made and written a batch at a time: the two parts, each summed, under
    // the phase of both.
    #expect(
      phases(generate.stderr).suffix(4)
        == [
          "plan the output directory", "generate Swift and write", "  generate Swift", "  write",
        ])
    #expect(
      phases(generate.stderr).filter { !$0.hasPrefix(" ") }
        == checked + ["plan the output directory", "generate Swift and write"])
    let checking = try flowc(
      ["generate", "--output", "Generated", "--check"], in: directory.url,
      environment: Self.timing)
    #expect(
      phases(checking.stderr).filter { !$0.hasPrefix(" ") }
        == checked + ["generate Swift", "compare with the output directory"])

    let graph = try flowc(["graph"], in: directory.url, environment: Self.timing)
    #expect(
      phases(graph.stderr).filter { !$0.hasPrefix(" ") }
        == checked + ["build the drawing", "write the drawing"])

    let quiet = try flowc(["check"], in: directory.url)
    #expect(!quiet.stderr.contains("flowc timing"))
  }
}
