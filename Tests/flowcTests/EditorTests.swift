import Foundation
import Testing

/// What `docs/editors.md` tells editors to do works with what flowc prints.
@Suite struct EditorTests {
  /// The VS Code task of the page, parsed as VS Code would parse it.
  static func task() throws -> [String: Any] {
    let block = try #require(
      try DocsPage("editors.md").blocks("json").first { $0.text.contains("problemMatcher") },
      "docs/editors.md has no task with a problemMatcher")
    let tasks = try #require(
      try JSONSerialization.jsonObject(with: Data(block.text.utf8)) as? [String: Any])
    return try #require((tasks["tasks"] as? [[String: Any]])?.first)
  }

  /// The problem matcher's pattern matches the first line of every finding of
  /// `flowc check`, and nothing else, and its groups give exactly the file, line, column,
  /// severity, message and rule id of the same findings in `--format json`.
  @Test func theProblemMatcherReadsEveryFindingOfTheTextFormat() throws {
    let task = try Self.task()
    let matcher = try #require(task["problemMatcher"] as? [String: Any])
    let pattern = try #require(matcher["pattern"] as? [String: Any])
    let regexp = try NSRegularExpression(pattern: try #require(pattern["regexp"] as? String))
    func group(_ name: String) throws -> Int { try #require(pattern[name] as? Int) }

    let directory = try TemporaryDirectory(files: [
      // An error, a warning with a note, and a message with brackets and a colon in it.
      "flows/app.flow.yaml": brokenFlow,
      "flows/more.flow.yaml": """
      version: 1
      types:
        Unused: { struct: { a: Int } }
      coordinators:
        Other:
          entry: true
          start: A
          screens:
            A: { on: { go: { push: "B: [x]" } } }

      """,
    ])
    defer { directory.cleanUp() }
    let text = try flowc(["check"], in: directory.url, environment: ["NO_COLOR": "1"])
    let json = try flowc(["check", "--format", "json"], in: directory.url)
    let diagnostics = try #require(
      (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?[
        "diagnostics"] as? [[String: Any]])
    #expect(diagnostics.count >= 3)
    #expect(Set(diagnostics.compactMap { $0["severity"] as? String }) == ["error", "warning"])

    var matched: [[String: String]] = []
    for line in text.stdout.split(separator: "\n").map(String.init) {
      let range = NSRange(line.startIndex..., in: line)
      guard let match = regexp.firstMatch(in: line, range: range) else {
        #expect(line.hasPrefix(" "), "a finding the pattern misses: \(line)")
        continue
      }
      func value(_ name: String) throws -> String {
        let index = try group(name)
        guard let range = Range(match.range(at: index), in: line) else { return "" }
        return String(line[range])
      }
      matched.append([
        "file": try value("file"), "line": try value("line"), "column": try value("column"),
        "severity": try value("severity"), "message": try value("message"),
        "rule": try value("code"),
      ])
    }
    let expected = diagnostics.map { diagnostic in
      [
        "file": diagnostic["file"] as? String ?? "", "line": "\(diagnostic["line"] ?? "")",
        "column": "\(diagnostic["column"] ?? "")",
        "severity": diagnostic["severity"] as? String ?? "",
        "message": diagnostic["message"] as? String ?? "",
        "rule": diagnostic["rule"] as? String ?? "",
      ]
    }
    #expect(matched == expected)
  }

  /// The task sets `NO_COLOR`, without which flowc colours its output in VS Code's terminal
  /// and the pattern would not match; and flowc does not colour with it, on a terminal too.
  @Test func theTaskTurnsColourOff() throws {
    let task = try Self.task()
    let environment = (task["options"] as? [String: Any])?["env"] as? [String: String]
    #expect(environment?["NO_COLOR"] != nil)
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": brokenFlow])
    defer { directory.cleanUp() }
    // `script` gives flowc a terminal.
    let onTerminal = try run(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["script", "-qec", "\(flowcBinary.path) check", "/dev/null"], in: directory.url,
      environment: ["NO_COLOR": "1", "PATH": "/usr/bin:/bin"])
    #expect(onTerminal.stdout.contains("flows/app.flow.yaml:7:35: error: "))
    #expect(!onTerminal.stdout.contains("\u{1B}["))
  }

  /// The modeline of the page is what every flow file in `flows/` starts with, and its path,
  /// taken relative to the flow file's folder as yaml-language-server takes it, is the schema.
  @Test func theModelineNamesTheSchemaRelativeToTheFlowFile() throws {
    let block = try #require(
      try DocsPage("editors.md").blocks("yaml").first {
        $0.text.hasPrefix("# yaml-language-server: $schema=")
      }, "docs/editors.md shows no modeline")
    let path = String(block.text.dropFirst("# yaml-language-server: $schema=".count))
    let flows = packageRoot.appendingPathComponent("flows")
    let schema = flows.appendingPathComponent(path).standardizedFileURL
    #expect(schema == packageRoot.appendingPathComponent("Schemas/flow.schema.json"))
    let files = try FileManager.default.contentsOfDirectory(atPath: flows.path)
      .filter { $0.hasSuffix(".flow.yaml") }
    #expect(!files.isEmpty)
    for file in files {
      let text = try String(
        contentsOf: flows.appendingPathComponent(file), encoding: .utf8)
      #expect(text.hasPrefix(block.text + "\n"), "flows/\(file) does not start with the modeline")
    }
  }
}
