import FlowCommandLine
import FlowCore
import Foundation
import TestSupport
import Testing

/// The UI tests of `flowc tests` (issue 36) for the example app in `flows/`: the XCUITest
/// output type-checks against the XCTest UI-testing stubs (Tests/PlatformStubs/XCTest, iOS
/// 18 signatures and isolation) in Swift 6 mode with warnings as errors, and the Maestro
/// output parses as YAML with the keys Maestro documents.
@Suite(.notUnderSanitizers) struct UITestOutputTests {
  /// The paths of `flows/` and their UI-test scripts.
  static func scripts() throws -> [UITestScript] {
    let directory = packageRoot.appendingPathComponent("flows").path
    let checked = try Pipeline.check(FlowFileSearch.files(under: directory).map { .path($0) })
    try #require(!checked.hasErrors)
    let root = packageRoot.path
    return UITestScript.scripts(
      for: testPaths(for: checked), of: checked.resolved.graph.module,
      displayPath: { Paths.relative($0, to: root) })
  }

  /// Builds the stubs as a module named XCTest in `directory`, then type-checks `files`
  /// against it, once as they are and once with MainActor as the default isolation.
  static func typeCheck(_ files: [GeneratedFile], in directory: URL) throws -> ProcessOutput {
    let stubs = packageRoot.appendingPathComponent("Tests/PlatformStubs/XCTest")
    let stubFiles = try FileManager.default.contentsOfDirectory(atPath: stubs.path)
      .filter { $0.hasSuffix(".swift") }.map { stubs.appendingPathComponent($0).path }
    let modules = directory.appendingPathComponent("modules")
    try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
    let flags = ["-swift-version", "6", "-warnings-as-errors", "-parse-as-library"]
    let built = try run(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["swiftc"] + flags + [
        "-module-name", "XCTest", "-emit-module", "-emit-module-path",
        modules.appendingPathComponent("XCTest.swiftmodule").path,
      ] + stubFiles)
    guard built.status == 0 else { return built }
    var paths: [String] = []
    for file in files {
      let url = directory.appendingPathComponent(file.name)
      try file.contents.write(to: url, atomically: true, encoding: .utf8)
      paths.append(url.path)
    }
    for extra in [[], ["-default-isolation", "MainActor"]] {
      let checked = try run(
        URL(fileURLWithPath: "/usr/bin/env"),
        ["swiftc"] + flags + extra + ["-typecheck", "-I", modules.path, "-module-name", "UITests"]
          + paths)
      guard checked.status == 0 else { return checked }
    }
    return ProcessOutput(status: 0, stdout: "", stderr: "")
  }

  @Test func theXCUITestsOfFlowsTypeCheckAgainstTheStubs() throws {
    let files = XCUITestWriter.files(try Self.scripts(), sources: ["flows/app.flow.yaml"])
    #expect(!files.isEmpty)
    let directory = try TemporaryDirectory()
    defer { directory.cleanUp() }
    let result = try Self.typeCheck(files, in: directory.url)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
  }

  /// The check can fail: a call the stubs do not have (a misspelt method), and a call of a
  /// main-actor method from a test that is not on the main actor, are errors.
  @Test func theTypeCheckFailsOnACallTheStubsDoNotHave() throws {
    let files = XCUITestWriter.files(try Self.scripts(), sources: ["flows/app.flow.yaml"])
    let first = try #require(files.first)
    for (wrong, expected) in [
      ("waitForExistence(timeout:", "waitForExistance(timeout:"),
      ("  @MainActor\n  func test", "  func test"),
    ] {
      var broken = first
      broken.contents = broken.contents.replacingOccurrences(of: wrong, with: expected)
      #expect(broken.contents != first.contents)
      let directory = try TemporaryDirectory()
      defer { directory.cleanUp() }
      let result = try Self.typeCheck([broken], in: directory.url)
      #expect(result.status != 0, "\(expected) type-checked")
    }
  }

  @Test func theMaestroFlowsOfFlowsParseAsYAMLWithMaestrosKeys() throws {
    let python = packageRoot.appendingPathComponent(".build/venv/bin/python")
    try #require(
      FileManager.default.isExecutableFile(atPath: python.path),
      ".build/venv has no Python; run 'make test-deps'")
    let files = MaestroWriter.files(try Self.scripts(), sources: ["flows/app.flow.yaml"])
    #expect(!files.isEmpty)
    let directory = try TemporaryDirectory()
    defer { directory.cleanUp() }
    for file in files {
      try file.contents.write(
        to: directory.url.appendingPathComponent(file.name), atomically: true, encoding: .utf8)
    }
    // Maestro's documented keys (docs.maestro.dev, commands): the header's `appId`, then
    // each command with its own.
    let script = """
      import json, os, sys
      from ruamel.yaml import YAML
      keys = {
          "launchApp": {"appId", "clearState", "clearKeychain", "stopApp", "permissions",
                        "arguments"},
          "assertVisible": {"id", "text", "index"},
          "tapOn": {"id", "text", "index", "point"},
          "swipe": {"start", "end", "direction", "from", "duration"},
      }
      problems = []
      counts = {}
      for name in sorted(os.listdir(sys.argv[1])):
          with open(os.path.join(sys.argv[1], name)) as stream:
              documents = list(YAML(typ="safe").load_all(stream))
          if len(documents) != 2 or set(documents[0]) != {"appId"}:
              problems.append(name + ": not a header with appId, then commands")
              continue
          for command in documents[1]:
              if isinstance(command, str):
                  if command != "back":
                      problems.append(name + ": command " + command)
                  continue
              ((key, value),) = command.items()
              counts[key] = counts.get(key, 0) + 1
              if key not in keys:
                  problems.append(name + ": command " + key)
              elif isinstance(value, dict) and not set(value) <= keys[key]:
                  problems.append(name + ": " + key + " keys " + str(sorted(value)))
      print(json.dumps({"problems": problems, "counts": counts}))
      """
    let result = try run(python, ["-c", script, directory.url.path])
    #expect(result.status == 0, "\(result.stderr)")
    let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let problems = report?["problems"] as? [String] ?? ["no report: \(result.stdout)"]
    #expect(problems.isEmpty, "\(problems)")
    let counts = report?["counts"] as? [String: Int] ?? [:]
    #expect(counts["launchApp"] == files.count)
    #expect((counts["assertVisible"] ?? 0) > files.count)
    #expect((counts["tapOn"] ?? 0) > 0)
  }

  /// `flowc tests --kind xcuitest|maestro` writes the files through the output policy: a
  /// second run changes nothing, and a file of the app's with a generated file's name is
  /// left alone.
  @Test func theCommandWritesTheUITestsAsGeneratedFiles() throws {
    let flows = packageRoot.appendingPathComponent("flows").path
    for (kind, name) in [("xcuitest", "AppUITests.swift"), ("maestro", "App-path1.yaml")] {
      let directory = try TemporaryDirectory()
      defer { directory.cleanUp() }
      let output = directory.url.appendingPathComponent("out").path
      let first = try run(flowcBinary, ["tests", flows, "--output", output, "--kind", kind])
      #expect(first.status == 0, "\(first.stderr)")
      let text = try String(contentsOfFile: output + "/" + name, encoding: .utf8)
      #expect(text.contains("Generated by flowc from "), "\(kind)")
      let second = try run(flowcBinary, ["tests", flows, "--output", output, "--kind", kind])
      #expect(second.status == 0)
      #expect(second.stdout.isEmpty, "a second run rewrote: \(second.stdout)")
      try "mine\n".write(toFile: output + "/" + name, atomically: true, encoding: .utf8)
      let refused = try run(flowcBinary, ["tests", flows, "--output", output, "--kind", kind])
      #expect(refused.status != 0)
      #expect(refused.stderr.contains("was not generated by flowc"), "\(refused.stderr)")
      #expect(try String(contentsOfFile: output + "/" + name, encoding: .utf8) == "mine\n")
    }
  }
}
