import FlowCore
import Foundation
import TestSupport
import Testing

/// The Swift generated for random valid modules compiles (spec section 10): each seed's
/// module is compiled by `swiftc` in Swift 6 with warnings as errors, against the FlowRuntime
/// that this test run's own build made (the `Modules` folder beside the test bundle), so
/// FlowRuntime is not built again in a package of its own. Even seeds are generated with
/// internal access, odd ones with public. `GeneratedPackageTests` builds generated code as an
/// app does, through SwiftPM.
///
/// CI compiles 25 modules (a second or two each); `make props` compiles more. A failure
/// names the seeds whose modules did not compile and prints their YAML and the compiler's
/// diagnostics; `FLOWC_PROPS_SEED=<seed> FLOWC_PROPS_COMPILE_COUNT=1 swift test --filter
/// GeneratedSwiftPropertyTests` replays one.
@Suite(.notUnderSanitizers) struct GeneratedSwiftPropertyTests {
  static let count =
    Int(ProcessInfo.processInfo.environment["FLOWC_PROPS_COMPILE_COUNT"] ?? "") ?? 25

  @Test func generatedSwiftOfRandomValidModulesCompiles() throws {
    let seeds = PropertyTests.firstSeed..<(PropertyTests.firstSeed + UInt64(Self.count))
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("flowc-props-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    var yaml: [UInt64: String] = [:]
    for seed in seeds {
      let module = RandomModule(seed: seed, leavingShapes: true, sequences: true)
      let text = module.yaml()
      yaml[seed] = text
      let checked = try Pipeline.check([.source(SourceFile(path: "a.flow.yaml", text: text))])
      let errors = checked.findings.filter { $0.severity == .error }
      try #require(errors.isEmpty, "seed \(seed): \(described(errors))\n\(text)")
      let options = SwiftGenerator.Options(access: seed.isMultiple(of: 2) ? .internal : .public) {
        _ in "seed-\(seed).flow.yaml"
      }
      if !module.externalTypes.isEmpty {
        // The app's own types, as an app would write them.
        let types = module.externalTypes.map {
          "public struct \($0): Hashable, Sendable {\n  public init() {}\n}\n"
        }
        try write(
          types.joined(), to: directory.appendingPathComponent("Sources/M\(seed)/External.swift"))
      }
      for file in SwiftGenerator.generate(checked.resolved.graph, options: options) {
        try write(
          file.contents, to: directory.appendingPathComponent("Sources/M\(seed)/\(file.name)"))
      }
    }
    print("compiling the generated Swift of seeds \(seeds.lowerBound)..<\(seeds.upperBound)")
    try #require(
      FileManager.default.fileExists(
        atPath: builtModules.appendingPathComponent("FlowRuntime.swiftmodule").path),
      "no FlowRuntime module in \(builtModules.path)")
    var failures: [String] = []
    for seed in seeds {
      let sources = directory.appendingPathComponent("Sources/M\(seed)")
      let files = try swiftFiles(in: sources)
      let compile = try runProcess(
        [
          "swiftc", "-parse-as-library", "-swift-version", "6", "-warnings-as-errors",
          "-module-name", "M\(seed)", "-I", builtModules.path, "-wmo", "-Onone", "-c",
          "-o", directory.appendingPathComponent("M\(seed).o").path,
        ] + files, in: directory)
      if compile.status != 0 {
        failures.append("seed \(seed):\n\(yaml[seed] ?? "")\n\(compile.output)")
      }
    }
    if !failures.isEmpty {
      Issue.record(
        Comment(
          rawValue: "generated Swift does not compile for \(failures.count) seeds\n"
            + failures.joined(separator: "\n")))
    }
  }
}

/// The folder of the modules that this test run's build made (FlowRuntime's among them):
/// `Modules` beside the test bundle, which is the running executable.
let builtModules: URL = URL(fileURLWithPath: CommandLine.arguments[0])
  .resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("Modules")

/// The paths of the Swift files in `folder`, in order.
func swiftFiles(in folder: URL) throws -> [String] {
  try FileManager.default.contentsOfDirectory(atPath: folder.path)
    .filter { $0.hasSuffix(".swift") }.sorted().map { folder.appendingPathComponent($0).path }
}

/// Writes `text` to `url`, making the folders it needs.
func write(_ text: String, to url: URL) throws {
  try FileManager.default.createDirectory(
    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
  try Data(text.utf8).write(to: url)
}

/// Runs a command found on the `PATH` in `directory`; its standard output and error,
/// together, through a file (a pipe could fill up and stall it). After `timeout` seconds, if
/// one is given, the command is terminated (its status then says so).
func runProcess(_ arguments: [String], in directory: URL, timeout: TimeInterval? = nil) throws
  -> (status: Int32, output: String)
{
  let log = directory.appendingPathComponent("build.log")
  _ = FileManager.default.createFile(atPath: log.path, contents: nil)
  let handle = try FileHandle(forWritingTo: log)
  defer { try? handle.close() }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = arguments
  process.currentDirectoryURL = directory
  process.standardOutput = handle
  process.standardError = handle
  try process.run()
  if let timeout {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    if process.isRunning { process.terminate() }
  }
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: try Data(contentsOf: log), as: UTF8.self))
}
