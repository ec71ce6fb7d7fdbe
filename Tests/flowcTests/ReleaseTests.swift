import Foundation
import TestSupport
import Testing

/// The documented way to depend on flowc works once a release is tagged: the `from:` lines
/// of the docs name the version in `VERSION`, the changelog has a place for it, and the
/// release check of `docs/development.md` resolves `from:` in a clone tagged as the
/// release step says (and fails in one without the tag).
@Suite struct ReleaseTests {
  static func version() throws -> String {
    let text = try String(
      contentsOf: packageRoot.appendingPathComponent("VERSION"), encoding: .utf8)
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test(
    "the docs' from: lines name the version in VERSION",
    arguments: [
      "README.md", "docs/plugins.md",
    ])
  func fromLinesNameTheVersion(_ page: String) throws {
    let text = try String(contentsOf: packageRoot.appendingPathComponent(page), encoding: .utf8)
    let versions = text.matches(of: /\.package\(url: "[^"]*", from: "([^"]*)"\)/).map {
      String($0.1)
    }
    #expect(!versions.isEmpty, "\(page) shows no .package(url:from:) line")
    for version in versions { #expect(version == (try Self.version()), "\(page)") }
  }

  @Test("the changelog has the version's section or an Unreleased one")
  func changelogHasTheVersion() throws {
    let text = try String(
      contentsOf: packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    let headings = text.split(separator: "\n").filter { $0.hasPrefix("## ") }.map {
      $0.dropFirst(3).split(separator: " ").first.map(String.init) ?? ""
    }
    let version = try Self.version()
    #expect(
      headings.contains(version) || headings.contains("Unreleased"),
      "CHANGELOG.md has neither '## \(version)' nor '## Unreleased': \(headings)")
  }

  /// The script of the release section's last step.
  static func releaseCheck() throws -> String {
    let block = try #require(
      try DocsPage("development.md").blocks("sh").first { $0.text.contains("resolve") },
      "docs/development.md has no release check")
    return block.text
  }

  /// Runs the release check in a clone of this repository's last commit, with the tag of
  /// `VERSION` made as the release step makes it, or without.
  static func runReleaseCheck(tagged: Bool) throws -> ProcessOutput {
    let directory = try TemporaryDirectory()
    defer { directory.cleanUp() }
    let clone = directory.url.appendingPathComponent("checkout")
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = directory.url.path
    environment["GIT_COMMITTER_NAME"] = "flowc tests"
    environment["GIT_COMMITTER_EMAIL"] = "tests@flowc.invalid"
    let git = URL(fileURLWithPath: "/usr/bin/env")
    let cloned = try run(
      git, ["git", "clone", "--quiet", packageRoot.path, clone.path], environment: environment)
    try #require(cloned.status == 0, "\(cloned.output)")
    // The repository's own tag of this version, once there is one, must not decide the test.
    let version = try Self.version()
    _ = try run(git, ["git", "-C", clone.path, "tag", "-d", version], environment: environment)
    if tagged {
      let tag = try run(
        git, ["git", "-C", clone.path, "tag", "-a", version, "-m", "flowc \(version)"],
        environment: environment)
      try #require(tag.status == 0, "\(tag.output)")
    }
    return try run(
      URL(fileURLWithPath: "/bin/sh"), ["-e", "-c", try Self.releaseCheck()], in: clone,
      environment: environment)
  }

  @Test("the release check resolves from: in a tagged checkout", .notUnderSanitizers)
  func releaseCheckResolvesATaggedCheckout() throws {
    let output = try Self.runReleaseCheck(tagged: true)
    #expect(output.status == 0, "\(output.output)")
    #expect(output.stdout.contains("flowc \(try Self.version()) resolves"), "\(output.output)")
  }

  @Test("the release check fails without the tag", .notUnderSanitizers)
  func releaseCheckFailsWithoutTheTag() throws {
    let output = try Self.runReleaseCheck(tagged: false)
    #expect(output.status != 0, "\(output.output)")
    #expect(!output.stdout.contains("resolves"), "\(output.output)")
  }
}
