import Foundation
import Testing

/// `scripts/make-artifact-bundle.sh`: the Linux bundle it makes is one SwiftPM takes as a
/// `.binaryTarget` and runs from a plugin; the macOS one says it cannot be made here.
@Suite struct ArtifactBundleTests {
  static let script = packageRoot.appendingPathComponent("scripts/make-artifact-bundle.sh")

  static func version() throws -> String {
    try String(contentsOf: packageRoot.appendingPathComponent("VERSION"), encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test func theLinuxBundleIsABinaryTargetThatAPluginRuns() throws {
    let directory = try TemporaryDirectory()
    defer { directory.cleanUp() }
    let made = try run(
      URL(fileURLWithPath: "/bin/sh"),
      [Self.script.path, "--binary", flowcBinary.path, directory.url.path])
    #expect(made.status == 0, "\(made.stderr)")
    let bundle = directory.url.appendingPathComponent("flowc.artifactbundle")
    #expect(
      FileManager.default.fileExists(atPath: bundle.path + ".zip") == made.stdout.contains(".zip"))

    let info =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: bundle.appendingPathComponent("info.json"))) as? [String: Any]
    #expect(info?["schemaVersion"] as? String == "1.0")
    let artifact = (info?["artifacts"] as? [String: Any])?["flowc"] as? [String: Any]
    #expect(artifact?["type"] as? String == "executable")
    #expect(artifact?["version"] as? String == (try Self.version()))
    let variant = try #require((artifact?["variants"] as? [[String: Any]])?.first)
    let path = try #require(variant["path"] as? String)
    #expect(FileManager.default.isExecutableFile(atPath: bundle.appendingPathComponent(path).path))
    #expect((variant["supportedTriples"] as? [String])?.first?.contains("-linux-") == true)

    // A package of its own vends it, as docs/plugins.md says, and its plugin runs it.
    let package = directory.url.appendingPathComponent("UsesBundle")
    let plugin = package.appendingPathComponent("Plugins/FlowcVersion")
    try FileManager.default.createDirectory(at: plugin, withIntermediateDirectories: true)
    try FileManager.default.moveItem(
      at: bundle, to: package.appendingPathComponent("flowc.artifactbundle"))
    try Data(
      """
      // swift-tools-version:6.0
      import PackageDescription

      let package = Package(
        name: "UsesBundle",
        targets: [
          .binaryTarget(name: "flowc", path: "flowc.artifactbundle"),
          .plugin(
            name: "FlowcVersion",
            capability: .command(intent: .custom(verb: "flowc-version", description: "Run flowc")),
            dependencies: ["flowc"]),
        ]
      )

      """.utf8
    ).write(to: package.appendingPathComponent("Package.swift"))
    try Data(
      """
      import Foundation
      import PackagePlugin

      @main
      struct FlowcVersion: CommandPlugin {
        func performCommand(context: PluginContext, arguments: [String]) async throws {
          let process = Process()
          process.executableURL = try context.tool(named: "flowc").url
          process.arguments = ["--version"]
          try process.run()
          process.waitUntilExit()
        }
      }

      """.utf8
    ).write(to: plugin.appendingPathComponent("plugin.swift"))
    let swift = try run(
      URL(fileURLWithPath: "/usr/bin/env"), ["swift", "package", "flowc-version"], in: package)
    #expect(swift.status == 0, "\(swift.stderr)")
    #expect(swift.stdout.contains("flowc \(try Self.version())\n"), "\(swift.stdout)")
  }

  #if os(Linux)
    @Test func theMacOSBundleSaysItCannotBeMadeHere() throws {
      let made = try run(URL(fileURLWithPath: "/bin/sh"), [Self.script.path, "--macos-universal"])
      #expect(made.status == 2)
      #expect(made.stderr.contains("--macos-universal needs macOS with Xcode"))
    }
  #endif
}
