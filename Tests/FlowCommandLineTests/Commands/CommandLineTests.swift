import FlowCommandLine
import FlowCore
import Testing

/// A small correct flow file.
private let cleanFlow = """
  version: 1
  coordinators:
    App:
      entry: true
      start: Home
      screens:
        Home: { on: { next: { push: Detail } } }
        Detail: { on: { back: pop } }

  """

/// A flow file with one error on line 7.
private let brokenFlow = """
  version: 1
  coordinators:
    App:
      entry: true
      start: Home
      screens:
        Home: { on: { next: { push: Detial } } }
        Detail: { on: { back: pop } }

  """

/// The command line in process: options, help and usage errors.
@Suite struct CommandLineTests {
  private func run(_ arguments: [String]) -> CommandResult {
    FlowCommandLine.run(Invocation(arguments: arguments))
  }

  @Test func versionAndHelp() {
    #expect(run(["--version"]).output == "flowc \(FlowcVersion.current)\n")
    #expect(run(["--help"]).output.contains("USAGE: flowc <command> [options]"))
    #expect(run(["help", "check"]).output.contains("USAGE: flowc check [PATH...]"))
    #expect(run(["check", "--help"]).output == run(["help", "check"]).output)
    #expect(run(["check", "-h"]).status == .success)
    let bare = run([])
    #expect(bare.status == .failure)
    #expect(bare.errors.contains("COMMANDS:"))
  }

  @Test func usageErrorsSayWhatWasWrong() {
    let cases: [([String], String)] = [
      (
        ["chek"],
        "flowc: error: unknown command 'chek'; did you mean 'check'?\nrun 'flowc --help' for usage\n"
      ),
      (
        ["check", "--fromat", "json"],
        "flowc: error: unknown option '--fromat' for 'flowc check'; did you mean '--format'?\nrun 'flowc help check' for usage\n"
      ),
      (
        ["check", "--format", "xml"],
        "flowc: error: 'xml' is not a value of '--format'; expected text, json, sarif, github, codeclimate, junit\nrun 'flowc help check' for usage\n"
      ),
      (
        ["check", "--format"],
        "flowc: error: option '--format' needs a value\nrun 'flowc help check' for usage\n"
      ),
      (
        ["check", "--strict=yes"],
        "flowc: error: option '--strict' takes no value\nrun 'flowc help check' for usage\n"
      ),
      (
        ["help", "chekc"],
        "flowc: error: unknown command 'chekc'; did you mean 'check'?\nrun 'flowc --help' for usage\n"
      ),
    ]
    for (arguments, message) in cases {
      let result = run(arguments)
      #expect(result.status == .failure, "\(arguments)")
      #expect(result.errors == message)
      #expect(result.output == "")
    }
  }

  @Test func strictFailsOnAnyFinding() throws {
    let clean = FlowCommandLine.run(
      Invocation(
        arguments: ["check", "--strict", "-"],
        readStandardInput: { _ in .bytes(Array(cleanFlow.utf8)) }))
    #expect(clean.status == .success)
    let broken = FlowCommandLine.run(
      Invocation(
        arguments: ["check", "--strict", "-"],
        readStandardInput: { _ in .bytes(Array(brokenFlow.utf8)) }))
    #expect(broken.status == .findings)
  }

  @Test func rulesAreListed() {
    let output = run(["rules"]).output
    for rule in RuleRegistry.all {
      #expect(output.contains(rule.id.rawValue))
    }
    #expect(output.split(separator: "\n").count == RuleRegistry.all.count)
  }

  @Test func timingIsReportedWhenTheEnvironmentAsks() {
    let read: @Sendable (Int) -> FileSystem.Contents = { _ in .bytes(Array(cleanFlow.utf8)) }
    let timed = FlowCommandLine.run(
      Invocation(
        arguments: ["check", "-"], environment: ["FLOWC_TIMING": ""], readStandardInput: read))
    #expect(timed.errors.contains("flowc timing: report "))
    let quiet = FlowCommandLine.run(Invocation(arguments: ["check", "-"], readStandardInput: read))
    #expect(quiet.errors == "no problems in 1 file\n")
  }
}
