import Foundation
import Testing

/// `flowc lsp` end to end, driven by real LSP clients: pytest-lsp (`Tests/LSP/test_*.py`:
/// diagnostics on open, change and save, across files, severities and suppressions, UTF-16
/// columns, the protocol's errors and exit codes) and a headless Neovim
/// (`Tests/LSP/test_neovim.py`), both run by the pytest of `.build/venv` against the built
/// `flowc`.
@Suite struct LanguageServerEndToEndTests {
  struct NotInstalled: Error, CustomStringConvertible {
    var description: String {
      "pytest-lsp is not in .build/venv; run 'make test-deps' to install it"
    }
  }

  @Test func theLanguageServerPassesItsClientTests() throws {
    let python = packageRoot.appendingPathComponent(".build/venv/bin/python")
    guard FileManager.default.isExecutableFile(atPath: python.path) else { throw NotInstalled() }
    var environment = ProcessInfo.processInfo.environment
    environment["FLOWC"] = flowcBinary.path
    environment["NO_COLOR"] = "1"
    let done = try run(
      python, ["-m", "pytest", "Tests/LSP", "-q", "-p", "no:cacheprovider"], in: packageRoot,
      environment: environment)
    #expect(done.status == 0, "\(done.output)")
    // Every test ran: none was skipped or deselected.
    #expect(done.stdout.contains(" passed") && !done.stdout.contains("skipped"), "\(done.output)")
  }
}
