import Foundation
import TestSupport
import Testing

/// What `make sanitize` skips is written down: every suite or test marked
/// `.notUnderSanitizers` is named in docs/development.md ("What the sanitizer runs skip"),
/// with where its work is covered, and the page names nothing else.
@Suite struct SanitizerScopeTests {
  /// The suites and tests marked `.notUnderSanitizers` in the test sources: a suite by its
  /// type's name, a test by its function's.
  static func markedNames() throws -> Set<String> {
    var names: Set<String> = []
    let tests = packageRoot.appendingPathComponent("Tests")
    let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      guard file.pathExtension == "swift", file.lastPathComponent != "Sanitizers.swift" else {
        continue
      }
      let lines = try String(contentsOf: file, encoding: .utf8).split(
        separator: "\n", omittingEmptySubsequences: false)
      for (index, line) in lines.enumerated()
      where line.contains(".notUnderSanitizers") && !line.contains("//") {
        // The declaration is on the mark's line or one of the next few.
        let declaration = lines[index..<min(index + 4, lines.count)].joined(separator: " ")
        let name = try #require(
          declaration.firstMatch(of: /(?:struct|func) (\w+)/)?.1,
          "\(file.lastPathComponent):\(index + 1): a mark not on a suite or test")
        names.insert(String(name))
      }
    }
    return names
  }

  /// docs/development.md's section "What the sanitizer runs skip".
  static func section() throws -> Substring {
    let page = try String(
      contentsOf: packageRoot.appendingPathComponent("docs/development.md"), encoding: .utf8)
    let section = try #require(
      page.firstRange(of: "### What the sanitizer runs skip\n"),
      "docs/development.md has no section on what the sanitizer runs skip")
    let rest = page[section.upperBound...]
    return rest[..<(rest.firstRange(of: "\n#")?.lowerBound ?? rest.endIndex)]
  }

  /// The names the page's list gives: each item opens with one in backticks.
  static func documentedNames() throws -> Set<String> {
    Set(
      try section().split(separator: "\n").compactMap { line in
        line.firstMatch(of: /^- `(\w+)`/).map { String($0.1) }
      })
  }

  /// The test targets Package.swift leaves out of `make sanitize`'s builds
  /// (`leftOutOfSanitizerBuilds`, when FLOWC_SANITIZER_BUILD=1).
  static func targetsLeftOut() throws -> [String] {
    let manifest = try String(
      contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    let list = try #require(
      manifest.firstMatch(of: /let leftOutOfSanitizerBuilds: Set<String> = \[([^\]]*)\]/)?.1,
      "Package.swift names no test targets left out of the sanitizer builds")
    return list.matches(of: /"(\w+)"/).map { String($0.1) }
  }

  /// A target left out of the sanitizer builds hides every test in it from both sanitizers,
  /// whatever it tests, so only targets that can hold nothing the sanitizers must see are:
  /// test targets that depend on FlowRuntime alone (generated code over the runtime, which
  /// FlowRuntimeTests runs under both), each named on the page with the reason.
  @Test func theTargetsLeftOutOfTheSanitizerBuildsTestOnlyTheRuntimeAndAreDocumented() throws {
    let leftOut = try Self.targetsLeftOut()
    #expect(!leftOut.isEmpty)
    let manifest = try String(
      contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    let section = try Self.section()
    for target in leftOut {
      #expect(
        manifest.contains(".testTarget(name: \"\(target)\", dependencies: [\"FlowRuntime\"])"),
        "\(target) is left out of the sanitizer builds but is not a test target of FlowRuntime alone"
      )
      #expect(
        section.contains("`\(target)`"),
        "\(target) is left out of the sanitizer builds but not named in docs/development.md")
    }
  }

  /// The sanitizer builds leave out the plugins too (their tool is a second flowc): only
  /// plugins, so that no code or test target can be dropped by that list unseen.
  @Test func thePluginsLeftOutOfTheSanitizerBuildsArePlugins() throws {
    let manifest = try String(
      contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    let list = try #require(
      manifest.firstMatch(of: /let pluginsLeftOutOfSanitizerBuilds: Set<String> = \[([^\]]*)\]/)?.1,
      "Package.swift names no plugins left out of the sanitizer builds")
    let names = list.matches(of: /"(\w+)"/).map { String($0.1) }
    #expect(!names.isEmpty)
    for name in names {
      #expect(
        manifest.contains(".plugin(name: \"\(name)\", capability:")
          || manifest.contains(".plugin(\n      name: \"\(name)\","),
        "\(name) is left out of the sanitizer builds but is not a plugin")
    }
  }

  /// FLOWC_SANITIZER_BUILD=1 drops test targets from the build, so a run without a sanitizer
  /// that sees it has silently lost their tests (the Makefile keeps it from `make test`).
  @Test func onlyASanitizerRunLeavesTargetsOut() {
    #expect(
      isSanitized || ProcessInfo.processInfo.environment["FLOWC_SANITIZER_BUILD"] != "1",
      "FLOWC_SANITIZER_BUILD=1 left \((try? Self.targetsLeftOut()) ?? []) out of a build without sanitizers"
    )
  }

  @Test func whatTheSanitizerRunsSkipIsDocumented() throws {
    let marked = try Self.markedNames()
    let documented = try Self.documentedNames()
    #expect(marked.count >= 10, "\(marked.sorted())")
    #expect(
      marked.subtracting(documented).isEmpty,
      "skipped under sanitizers but not in docs/development.md: \(marked.subtracting(documented).sorted())"
    )
    #expect(
      documented.subtracting(marked).isEmpty,
      "in docs/development.md but not skipped: \(documented.subtracting(marked).sorted())")
  }
}
