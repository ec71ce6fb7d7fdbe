import FlowCore
import Foundation
import Testing

@testable import FlowCommandLine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The output policy in process (issue 27): how it knows a file the run reads, and the flow
/// files `check --fix` rewrites going through it. `OutputPolicyTests` in `Tests/flowcTests`
/// runs every writing command against every hazard through the binary.
@Suite struct OutputPolicyJudgeTests {
  /// A misspelt screen that `--fix` would rewrite.
  static let misspelt = """
    version: 1
    coordinators:
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { next: { push: Detial } } }
          Detail: {}

    """

  static func scratch() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "flowc-policy-\(UUID())"
    ).path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test func aFileReadIsKnownHoweverItsPathIsSpelt() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try FileManager.default.createDirectory(
      atPath: directory + "/flows", withIntermediateDirectories: true)
    try Data(Self.misspelt.utf8).write(to: URL(fileURLWithPath: directory + "/flows/a.flow.yaml"))
    try #require(link(directory + "/flows/a.flow.yaml", directory + "/hard.yaml") == 0)
    try #require(symlink("flows/a.flow.yaml", directory + "/soft.yaml") == 0)
    var policy = OutputPolicy()
    policy.read(directory + "/flows/a.flow.yaml", as: .flowFile)
    let judge = policy.judge()

    for path in [directory + "/flows/../flows/a.flow.yaml", directory + "/hard.yaml"] {
      let refusal = try #require(judge.refusal(toWrite: path, as: .output), "\(path)")
      guard case .read(.flowFile, let read) = refusal.reason else {
        Issue.record("\(path): \(refusal)")
        continue
      }
      #expect(read == directory + "/flows/a.flow.yaml")
      // A flow file is what --fix rewrites: only its kind is judged then.
      #expect(judge.refusal(toWrite: path, as: .fixedFlowFile) == nil)
    }
    let soft = try #require(judge.refusal(toWrite: directory + "/soft.yaml", as: .output))
    guard case .link(leadingTo: (.flowFile, _)?) = soft.reason else {
      Issue.record("\(soft)")
      return
    }
    #expect(judge.refusal(toWrite: directory + "/soft.yaml", as: .fixedFlowFile) != nil)
    #expect(judge.refusal(toWrite: directory + "/new.txt", as: .output) == nil)
  }

  /// `--fix` rewrites flow files, never the configuration or the baseline the run reads,
  /// however a flow file's path reaches them (here a hard link: no command line can make
  /// one file both a valid configuration and a flow file with a fix, so this is held in
  /// process).
  @Test(arguments: [OutputPolicy.Role.configuration, .baseline])
  func fixNeverRewritesTheConfigurationOrTheBaseline(role: OutputPolicy.Role) throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let read = directory + "/read.yml"
    let flow = directory + "/a.flow.yaml"
    try Data(Self.misspelt.utf8).write(to: URL(fileURLWithPath: read))
    try #require(link(read, flow) == 0)
    let checked = try Pipeline.check([.path(flow)])
    try #require(checked.findings.contains { !$0.fixIts.isEmpty })
    var policy = OutputPolicy()
    policy.read(read, as: role)
    policy.read(flow, as: .flowFile)

    let fixes = SourceFixes(checked, judge: policy.judge())
    #expect(fixes.fileCount == 0)
    let name = role == .configuration ? "the configuration file" : "the baseline"
    #expect(
      fixes.report()
        == "flowc: warning: not fixed: '\(flow)' is \(name) '\(read)', which this run reads\n"
        + "nothing to fix\n")
    #expect(try String(contentsOfFile: read, encoding: .utf8) == Self.misspelt)

    // The same file, read as a flow file only, is fixed.
    var flows = OutputPolicy()
    flows.read(flow, as: .flowFile)
    let fixed = SourceFixes(checked, judge: flows.judge())
    #expect(fixed.fileCount == 1)
  }

  /// A FIFO put in a flow file's place after it was read is judged, never opened: `--fix`
  /// says so and returns.
  @Test(.timeLimit(.minutes(1))) func fixNeverOpensAFIFOSwappedInAfterReading() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let flow = directory + "/a.flow.yaml"
    try Data(Self.misspelt.utf8).write(to: URL(fileURLWithPath: flow))
    let checked = try Pipeline.check([.path(flow)])
    try #require(unlink(flow) == 0)
    try #require(mkfifo(flow, 0o644) == 0)
    var policy = OutputPolicy()
    policy.read(flow, as: .flowFile)
    let fixes = SourceFixes(checked, judge: policy.judge())
    #expect(fixes.fileCount == 0)
    #expect(fixes.report().contains("not fixed: '\(flow)' is a FIFO (named pipe)"))
  }
}
