import Foundation
import Testing

/// `VERSION` is the one place the version is written; `flowc --version` must say the same.
/// `make install` puts flowc in `$(DESTDIR)$(PREFIX)/bin`.
@Suite struct InstallTests {
  static let version =
    (try? String(
      contentsOf: packageRoot.appendingPathComponent("VERSION"), encoding: .utf8))?
    .trimmingCharacters(in: .whitespacesAndNewlines)

  @Test func flowcPrintsTheVersionOfTheVersionFile() throws {
    let version = try #require(Self.version, "VERSION is missing")
    #expect(version.wholeMatch(of: /\d+\.\d+\.\d+(-[0-9A-Za-z.]+)?/) != nil, "\(version)")
    let printed = try flowc(["--version"])
    #expect(printed.status == 0)
    #expect(printed.stdout == "flowc \(version)\n")
  }

  /// Runs the real `make install` and `make uninstall` with a stand-in for `swift` that
  /// builds nothing and names the folder of the flowc these tests run, so that no release
  /// build is needed here (CI runs the real one: `.ci/run`).
  @Test func makeInstallHonoursPrefixAndDestdir() throws {
    let directory = try TemporaryDirectory()
    defer { directory.cleanUp() }
    let log = directory.url.appendingPathComponent("swift.log").path
    let stub = directory.url.appendingPathComponent("swift")
    let folder = flowcBinary.deletingLastPathComponent().path
    try Data(
      """
      #!/bin/sh
      echo "$*" >> '\(log)'
      for argument in "$@"; do
        if [ "$argument" = --show-bin-path ]; then echo '\(folder)'; fi
      done

      """.utf8
    ).write(to: stub)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub.path)
    let root = directory.url.appendingPathComponent("root").path
    let variables = ["SWIFT=\(stub.path)", "PREFIX=/opt/flowc", "DESTDIR=\(root)"]

    let install = try make(["install"] + variables)
    try #require(install.status == 0, "\(install.output)")
    let installed = URL(fileURLWithPath: root + "/opt/flowc/bin/flowc")
    #expect(FileManager.default.isExecutableFile(atPath: installed.path))
    let printed = try run(installed, ["--version"])
    #expect(printed.stdout == "flowc \(Self.version ?? "?")\n")
    let calls = try String(contentsOfFile: log, encoding: .utf8)
    #expect(calls.hasPrefix("build -c release --product flowc"), "\(calls)")

    let uninstall = try make(["uninstall"] + variables)
    #expect(uninstall.status == 0, "\(uninstall.output)")
    #expect(!FileManager.default.fileExists(atPath: installed.path))
  }

  /// The tests are swift-testing's; XCTest's pass finds none and opens the output with
  /// "Executed 0 tests", so `make test` runs without it, with a flag this SwiftPM has.
  @Test func makeTestRunsNoEmptyXCTestPass() throws {
    let dryRun = try make(["-n", "test", "SWIFT=swift"])
    try #require(dryRun.status == 0, "\(dryRun.output)")
    let testLines = dryRun.output.split(separator: "\n").filter { $0.hasPrefix("swift test") }
    #expect(testLines == ["swift test --skip-build --disable-xctest"], "\(dryRun.output)")
    let help = try run(URL(fileURLWithPath: "/usr/bin/env"), ["swift", "test", "--help"])
    #expect(help.output.contains("--disable-xctest"))
  }

  /// `make run`, `make test` and the other debug builds pass swiftc the same flags, so that
  /// CI's `make run` and `make test` share one build: SwiftPM compiles every module again
  /// when the flags change.
  @Test func theDebugBuildsShareTheirFlags() throws {
    let dryRun = try make(["-n", "run", "test", "goldens", "SWIFT=swift"])
    try #require(dryRun.status == 0, "\(dryRun.output)")
    // The lines that build (a `swift test --skip-build` builds nothing).
    let swiftLines = dryRun.output.split(separator: "\n").map(String.init).filter {
      ($0.hasPrefix("swift build") || $0.contains("swift test ")) && !$0.contains("--skip-build")
    }
    // What each line passes to swiftc: its -Xswiftc pairs, whatever else it says.
    let flags = swiftLines.map { line in
      let words = line.split(separator: " ").map(String.init)
      return words.indices.filter { words[$0] == "-Xswiftc" && $0 + 1 < words.count }
        .map { words[$0 + 1] }
    }
    #expect(swiftLines.count >= 4, "\(dryRun.output)")
    #expect(Set(flags).count == 1, "\(swiftLines.joined(separator: "\n"))")
    #expect(flags.first == ["-warnings-as-errors"], "\(swiftLines.joined(separator: "\n"))")
  }

  private func make(_ arguments: [String]) throws -> ProcessOutput {
    try run(
      URL(fileURLWithPath: "/usr/bin/env"), ["make", "-s", "-C", packageRoot.path] + arguments)
  }
}
