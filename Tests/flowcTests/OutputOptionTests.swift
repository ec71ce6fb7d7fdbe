import Foundation
import Testing

/// Every command that writes one output names it `--output`, short `-o` (issue 34, item 6):
/// the help says so, and the short spelling writes where the long one does.
@Suite struct OutputOptionTests {
  private static let flow = """
    version: 1
    coordinators:
      App:
        entry: true
        start: Home
        screens: { Home: { on: { next: { push: Home } } } }

    """

  @Test(arguments: ["check", "generate", "graph", "links", "diff", "rules", "init", "lsp"])
  func anOutputOptionIsAlsoSpelledO(command: String) throws {
    let help = try flowc([command, "--help"])
    #expect(help.status == 0, "\(help.stderr)")
    // An option's own line begins with its names: `  -o, --output  …`.
    let options = help.stdout.split(separator: "\n").map { $0.drop { $0 == " " } }
    #expect(
      !options.contains { $0.hasPrefix("--output ") }, "flowc \(command) has --output without -o")
    let spelled = options.filter { $0.hasPrefix("-o, --output ") }.count
    #expect(spelled == (["check", "generate", "graph"].contains(command) ? 1 : 0))
  }

  @Test func checkAndGenerateWriteWhereOSays() throws {
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": Self.flow])
    defer { directory.cleanUp() }
    let check = try flowc(
      ["check", "flows", "--format", "json", "-o", "report.json"], in: directory.url)
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stdout.isEmpty)
    let report = try String(
      contentsOf: directory.url.appendingPathComponent("report.json"), encoding: .utf8)
    #expect(report.contains(#""diagnostics":[]"#), "\(report)")

    let generate = try flowc(["generate", "flows", "-o", "Generated"], in: directory.url)
    #expect(generate.status == 0, "\(generate.stderr)")
    #expect(
      FileManager.default.fileExists(
        atPath: directory.url.appendingPathComponent("Generated/AppCoordinator.swift").path))
  }
}
