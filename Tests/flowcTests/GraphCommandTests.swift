import FlowCore
import Foundation
import Testing

/// `flowc graph` end to end: the real binary, formats, exit codes.
@Suite struct GraphCommandTests {
  private let twoCoordinators =
    cleanFlow + """
        Child:
          result: { done: ~ }
          start: Only
          screens:
            Only: { on: { ok: { finish: done } } }

      """

  @Test func drawsDOTByDefaultFromFlows() throws {
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": cleanFlow])
    defer { directory.cleanUp() }
    let result = try flowc(["graph"], in: directory.url)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.stdout.hasPrefix("digraph flowc {\n"))
    #expect(result.stdout.contains("subgraph \"cluster_App\""))
    #expect(result.stdout.contains("tooltip=\"flows/app.flow.yaml:7:7\""))
  }

  /// Drawings name files as findings do: relative to the working directory however the path
  /// was typed (spec section 9; issue 14, item 5).
  @Test(arguments: ["dot", "json"])
  func drawingsNameAFileOneWayHoweverItWasTyped(format: String) throws {
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": cleanFlow])
    defer { directory.cleanUp() }
    let absolute = directory.url.appendingPathComponent("flows").path
    var outputs: [String] = []
    for typed in ["flows", "./flows/", absolute, "flows/../flows"] {
      let result = try flowc(["graph", "--format", format, typed], in: directory.url)
      #expect(result.status == 0, "\(typed): \(result.stderr)")
      outputs.append(result.stdout)
    }
    #expect(
      outputs[0].contains("flows/app.flow.yaml:7:7")
        || outputs[0].contains("\"flows/app.flow.yaml\""))
    #expect(!outputs[0].contains(directory.url.path))
    #expect(Set(outputs).count == 1)
  }

  /// `--legend` (issue 34, item 8): a legend cluster in DOT and Mermaid, refused in JSON;
  /// nothing of it without the option.
  @Test func drawsALegendOnlyWhenAsked() throws {
    for format in ["dot", "mermaid"] {
      let plain = try flowc(["graph", "--format", format, "-"], input: cleanFlow)
      let legend = try flowc(["graph", "--format", format, "--legend", "-"], input: cleanFlow)
      #expect(plain.status == 0 && legend.status == 0, "\(legend.stderr)")
      #expect(!plain.stdout.contains("cluster_legend"))
      #expect(legend.stdout.contains("cluster_legend"))
      #expect(legend.stdout.contains("popToRoot") && legend.stdout.contains("external event"))
    }
    let json = try flowc(["graph", "--format", "json", "--legend", "-"], input: cleanFlow)
    #expect(json.status == 2)
    #expect(json.stderr.contains("'--legend' draws in dot and mermaid only"), "\(json.stderr)")
    let help = try flowc(["help", "graph"])
    #expect(help.stdout.contains("--legend"))
  }

  @Test func drawsMermaidAndJSON() throws {
    let mermaid = try flowc(["graph", "--format", "mermaid", "-"], input: cleanFlow)
    #expect(mermaid.status == 0)
    #expect(
      mermaid.stdout.hasPrefix("flowchart TB\n  subgraph cluster_App [\"<b>App</b> entry\"]\n"))
    let json = try flowc(["graph", "--format=json", "-"], input: cleanFlow)
    #expect(json.status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    #expect(object?["version"] as? Int == 1)
    let edges = try #require(object?["edges"] as? [[String: Any]])
    #expect(edges.map { $0["kind"] as? String } == ["begin", "push", "pop"])
    let location = edges[1]["location"] as? [String: Any]
    #expect(location?["file"] as? String == "<stdin>")
    #expect(location?["line"] as? Int == 7)
  }

  /// A drawing over Mermaid's default edge limit says so and how to split it (issue 14, item
  /// 11); one under it, or in another format, says nothing.
  @Test func aMermaidDrawingOverTheEdgeLimitSaysSo() throws {
    // One screen that pushes itself and 300 others, each of which pops: about 600 edges.
    let others = (1...300).map { "    S\($0): { on: { back: pop } }\n" }.joined()
    let pushes = (1...300).map { "s\($0): { push: S\($0) }" }.joined(separator: ", ")
    let big =
      "version: 1\ncoordinators:\n  App:\n    entry: true\n    start: Home\n    screens:\n"
      + "      Home: { on: { \(pushes) } }\n"
      + others.replacingOccurrences(of: "    S", with: "      S")
    let mermaid = try flowc(["graph", "--format", "mermaid", "-"], input: big)
    #expect(mermaid.status == 0, "\(mermaid.stderr)")
    #expect(mermaid.stderr.contains("Mermaid draws at most 500"), "\(mermaid.stderr)")
    #expect(mermaid.stderr.contains("--coordinator NAME"))
    let dot = try flowc(["graph", "-"], input: big)
    #expect(!dot.stderr.contains("Mermaid"), "\(dot.stderr)")
    let small = try flowc(["graph", "--format", "mermaid", "-"], input: cleanFlow)
    #expect(small.stderr == "")
    // With findings too, to standard output and into a file: the summary of the findings
    // is said after the warning, not instead of it.
    let unreachable = big + "      Lost: { on: { back: pop } }\n"
    let withFindings = try flowc(["graph", "--format", "mermaid", "-"], input: unreachable)
    #expect(withFindings.stderr.contains("Mermaid draws at most 500"), "\(withFindings.stderr)")
    #expect(withFindings.stderr.contains("'flowc check' lists them"), "\(withFindings.stderr)")
    let directory = try TemporaryDirectory()
    let intoFile = try flowc(
      [
        "graph", "--format", "mermaid", "-o",
        directory.url.appendingPathComponent("flows.mmd").path, "-",
      ],
      input: unreachable)
    #expect(intoFile.stderr.contains("Mermaid draws at most 500"), "\(intoFile.stderr)")
    #expect(intoFile.stderr.contains("'flowc check' lists them"), "\(intoFile.stderr)")
  }

  @Test func drawsOneCoordinatorWithItsChildrenCollapsed() throws {
    let flow = twoCoordinators.replacingOccurrences(
      of: "next: { push: Detail }", with: "next: { start: Child, on: { done: stay } }")
    let result = try flowc(["graph", "--coordinator", "App", "-"], input: flow)
    #expect(result.status == 0)
    #expect(!result.stdout.contains("cluster_Child"))
    #expect(result.stdout.contains("\"Child__coordinator\" [shape=box3d"))
    #expect(result.stdout.contains("\"Child__coordinator\" -> \"App_Home\""))
  }

  @Test func anUnknownCoordinatorIsAUsageError() throws {
    let result = try flowc(["graph", "--coordinator", "Chlid", "-"], input: twoCoordinators)
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "flowc: error: no coordinator 'Chlid' in the module; did you mean 'Child'?\n"
        + "run 'flowc help graph' for usage\n")
  }

  @Test func findingsAreDrawnAndTheExitStatusIsZero() throws {
    let result = try flowc(["graph", "-"], input: brokenFlow)
    #expect(result.status == 0)
    #expect(result.stdout.contains("\"App__missing_Detial\" ["))
    #expect(result.stdout.contains(">unknown-reference</font>"))
    #expect(result.stderr == "1 error in 1 file; 'flowc check' lists them\n")
  }

  @Test func aFileThatCannotBeReadIsNotDrawn() throws {
    let directory = try TemporaryDirectory(files: [
      "flows/app.flow.yaml": cleanFlow,
      "flows/broken.flow.yaml": "version: 1\ncoordinators: [\n",
    ])
    defer { directory.cleanUp() }
    let result = try flowc(["graph", "flows"], in: directory.url)
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("flows/broken.flow.yaml:3:1: error: "))
    #expect(result.stderr.contains("[yaml-syntax]"))
    #expect(
      result.stderr.hasSuffix(
        "flowc: not drawn: a file could not be read into the module; fix the findings above\n"))
  }

  @Test func usageErrorsExitTwo() throws {
    let format = try flowc(["graph", "--format", "svg", "-"], input: cleanFlow)
    #expect(format.status == 2)
    #expect(
      format.stderr.hasPrefix(
        "flowc: error: 'svg' is not a value of '--format'; expected dot, mermaid, json\n"))
    let missing = try flowc(["graph", "nowhere.flow.yaml"])
    #expect(missing.status == 2)
    let help = try flowc(["help", "graph"])
    #expect(help.status == 0)
    #expect(
      help.stdout.contains(
        "USAGE: flowc graph [PATH...] [--format dot|mermaid|json] [--coordinator NAME]"))
  }
}

/// The drawing reaches standard output, and the `--output` file, in pieces made and written
/// one after another (issue 35, round 3): both get the same bytes, in every format.
@Suite struct StreamedGraphOutputTests {
  @Test(arguments: ["dot", "mermaid", "json"])
  func standardOutputAndOutputFileGetTheSameBytes(format: String) throws {
    // More than a megabyte of drawing: many pieces in DOT, several in Mermaid.
    let directory = try TemporaryDirectory(files: [
      "big.flow.yaml": MemoryBoundTests.module(coordinators: 2_500)
    ])
    defer { directory.cleanUp() }
    let printed = try flowc(["graph", "--format", format, "big.flow.yaml"], in: directory.url)
    #expect(printed.status == 0, "\(printed.stderr)")
    #expect(printed.stdout.utf8.count > 1 << 20)
    let written = try flowc(
      ["graph", "--format", format, "-o", "out/drawing", "big.flow.yaml"], in: directory.url)
    #expect(written.status == 0, "\(written.stderr)")
    #expect(written.stdout == "")
    #expect(written.stderr == printed.stderr)
    let file = try Data(contentsOf: directory.url.appendingPathComponent("out/drawing"))
    #expect(file == Data(printed.stdout.utf8))
    // The temporary file was renamed: nothing else is left beside the drawing.
    let left = try FileManager.default.contentsOfDirectory(
      atPath: directory.url.appendingPathComponent("out").path)
    #expect(left == ["drawing"])
  }
}
