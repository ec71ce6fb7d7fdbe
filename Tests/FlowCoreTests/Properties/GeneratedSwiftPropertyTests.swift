import FlowCore
import Foundation
import TestSupport
import Testing

/// The Swift generated for random valid modules compiles (spec section 10): the modules of a
/// range of seeds become the targets of one package outside this one that depends on
/// FlowRuntime by path, and one `swift build -Xswiftc -warnings-as-errors` builds them all.
/// Even seeds are generated with internal access, odd ones with public.
///
/// CI builds 25 modules (a few seconds of `swift build` per dozen); `make props` builds
/// more. A failure names the seeds whose targets did not compile and prints their YAML;
/// `FLOWC_PROPS_SEED=<seed> FLOWC_PROPS_COMPILE_COUNT=1 swift test --filter
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
      let module = RandomModule(seed: seed, leavingShapes: true)
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
    try write(manifest(seeds), to: directory.appendingPathComponent("Package.swift"))
    print("compiling the generated Swift of seeds \(seeds.lowerBound)..<\(seeds.upperBound)")

    let build = try runProcess(
      ["swift", "build", "-Xswiftc", "-warnings-as-errors"], in: directory)
    guard build.status != 0 else { return }
    // The seeds whose targets the compiler complained about, from the paths it names.
    let failing = seeds.filter { build.output.contains("/Sources/M\($0)/") }
    let failures = failing.map { "seed \($0):\n\(yaml[$0] ?? "")" }.joined(separator: "\n")
    // The compiler's diagnostics, without the lines of its progress.
    let diagnostics = build.output.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("[") && !$0.hasPrefix("Building ") }.joined(separator: "\n")
    Issue.record(
      Comment(
        rawValue: "generated Swift does not compile for seeds \(failing)\n\(failures)\n"
          + diagnostics))
  }

  private func manifest(_ seeds: Range<UInt64>) -> String {
    let targets = seeds.map { seed in
      "    .target(name: \"M\(seed)\", dependencies: [.product(name: \"FlowRuntime\", "
        + "package: \"flowc\")]),\n"
    }
    return """
      // swift-tools-version:6.0
      import PackageDescription

      let package = Package(
        name: "RandomModules",
        dependencies: [.package(name: "flowc", path: "\(packageRoot.path)")],
        targets: [
      \(targets.joined())  ],
        swiftLanguageModes: [.v6]
      )

      """
  }
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
