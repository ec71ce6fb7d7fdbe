import FlowCommandLine
import FlowCore
import Testing

/// `flowc graph` streams its drawing (issue 35, round 3): without `--output`, the command
/// leaves the text to be made while it is written (``CommandResult/streamedOutput``), after
/// everything else for standard output and before standard error; other commands do not.
@Suite struct GraphStreamingTests {
  private static let flow = """
    version: 1
    coordinators:
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { next: { push: Detail }, odd: { push: Nowhere } } }
          Detail: { on: { back: pop } }

    """

  private static func run(
    _ arguments: [String], environment: [String: String] = [:]
  ) -> CommandResult {
    let read: @Sendable (Int) -> FileSystem.Contents = { _ in .bytes(Array(flow.utf8)) }
    return FlowCommandLine.run(
      Invocation(arguments: arguments, environment: environment, readStandardInput: read))
  }

  @Test(arguments: ["dot", "mermaid", "json"])
  func theDrawingIsMadeWhileItIsWritten(format: String) throws {
    let result = Self.run(["graph", "--format", format, "-"], environment: ["FLOWC_TIMING": ""])
    #expect(result.status == .success)
    #expect(result.output.isEmpty && result.outputChunks.isEmpty)
    // The summary of findings is there before the drawing is made; the phases' times,
    // the writing's last, come after it, from the stream: the order they had before.
    #expect(result.errors == "1 error in 1 file; 'flowc check' lists them\n")
    let streamed = try #require(result.streamedOutput)
    let (output, errors) = streamed.collect()
    #expect(errors.hasPrefix("flowc timing: "))
    #expect(errors.contains("flowc timing: build the drawing "))
    #expect(errors.split(separator: "\n").last?.contains("write the drawing") == true)

    let checked = try Pipeline.check([.source(SourceFile(path: "<stdin>", text: Self.flow))])
    let diagram = DiagramBuilder.diagram(
      of: FlowGraph(module: checked.module), findings: checked.findings)
    let expected =
      switch format {
      case "dot": DOTWriter.write(diagram)
      case "mermaid": MermaidWriter.write(diagram)
      default: DiagramJSON.write(diagram)
      }
    #expect(String(decoding: output, as: UTF8.self) == expected)
  }

  @Test func nothingIsStreamedIntoAFileNorByOtherCommands() {
    #expect(Self.run(["check", "-"]).streamedOutput == nil)
    #expect(Self.run(["graph", "--help"]).streamedOutput == nil)
    let untimed = Self.run(["graph", "-"])
    #expect(untimed.errors == "1 error in 1 file; 'flowc check' lists them\n")
    #expect(untimed.streamedOutput?.collect().errors == "")
  }
}
