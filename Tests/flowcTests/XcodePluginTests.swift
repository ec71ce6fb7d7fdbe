import Foundation
import TestSupport
import Testing

/// The build plugin's `XcodeBuildToolPlugin` conformance, which only Xcode compiles (Linux
/// has no `XcodeProjectPlugin`), type-checked here against a stand-in module with the shape
/// of Xcode's: the URL-based API of Xcode 16 (`pluginWorkDirectoryURL`,
/// `xcodeProject.directoryURL`, `tool(named:)`, a target's `inputFiles` and `displayName`).
/// This catches a misspelt member or a wrong type; what Xcode does with the command only a
/// Mac can show (docs/plugins.md, "In an Xcode project").
@Suite(.notUnderSanitizers) struct XcodePluginTests {
  static let standIn = """
    // The members of Xcode's XcodeProjectPlugin that the build plugin uses. Types only.
    import Foundation
    import PackagePlugin

    public struct XcodeProject {
      public var directoryURL: URL { URL(fileURLWithPath: "/") }
    }

    public struct XcodeTarget {
      public var displayName: String { "" }
      public var inputFiles: FileList { inputs }
      let inputs: FileList
    }

    public struct XcodePluginContext {
      public var xcodeProject: XcodeProject { XcodeProject() }
      public var pluginWorkDirectoryURL: URL { URL(fileURLWithPath: "/") }
      public func tool(named name: String) throws -> PluginContext.Tool { try tools(name) }
      let tools: (String) throws -> PluginContext.Tool
    }

    public protocol XcodeBuildToolPlugin {
      func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws
        -> [Command]
    }

    """

  @Test func theXcodeConformanceTypeChecksAgainstXcodesAPI() throws {
    let directory = try TemporaryDirectory()
    defer { directory.cleanUp() }
    let pluginAPI = try Self.pluginAPI()

    let module = try Self.emitStandIn(Self.standIn, in: directory.url, pluginAPI: pluginAPI)
    try #require(module.status == 0, "\(module.output)")
    let typecheck = try Self.typecheckPlugin(in: directory.url, pluginAPI: pluginAPI)
    #expect(typecheck.status == 0, "\(typecheck.output)")

    // The stand-in is what is checked against: without a member the conformance uses, the
    // check fails.
    let broken = try Self.emitStandIn(
      Self.standIn.replacingOccurrences(of: "pluginWorkDirectoryURL", with: "workDirectory"),
      in: directory.url, pluginAPI: pluginAPI)
    try #require(broken.status == 0, "\(broken.output)")
    let refused = try Self.typecheckPlugin(in: directory.url, pluginAPI: pluginAPI)
    #expect(refused.status != 0)
    #expect(refused.output.contains("no member 'pluginWorkDirectoryURL'"), "\(refused.output)")
  }

  /// The folder of the toolchain's `PackagePlugin` module, beside the runtime's resources:
  /// `<toolchain>/lib/swift/pm/PluginAPI`.
  static func pluginAPI() throws -> String {
    let info = try run(URL(fileURLWithPath: "/usr/bin/env"), ["swift", "-print-target-info"])
    try #require(info.status == 0, "\(info.output)")
    let json = try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any]
    let paths = try #require(json?["paths"] as? [String: Any])
    let runtime = try #require(paths["runtimeResourcePath"] as? String)
    let folder = URL(fileURLWithPath: runtime).appendingPathComponent("pm/PluginAPI").path
    try #require(
      FileManager.default.fileExists(atPath: folder + "/PackagePlugin.swiftmodule"),
      "no PackagePlugin module in \(folder)")
    return folder
  }

  /// Compiles `text` as the module `XcodeProjectPlugin` in `directory`.
  static func emitStandIn(_ text: String, in directory: URL, pluginAPI: String) throws
    -> ProcessOutput
  {
    try Data(text.utf8).write(to: directory.appendingPathComponent("XcodeProjectPlugin.swift"))
    return try run(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "swiftc", "-emit-module", "-module-name", "XcodeProjectPlugin", "-swift-version", "6",
        "-package-description-version", "6.0", "-I", pluginAPI, "XcodeProjectPlugin.swift",
        "-o", "XcodeProjectPlugin.swiftmodule",
      ], in: directory)
  }

  /// Type-checks the build plugin's sources as SwiftPM compiles a plugin of tools version
  /// 6.0, with the stand-in of `directory` importable.
  static func typecheckPlugin(in directory: URL, pluginAPI: String) throws -> ProcessOutput {
    let plugin = packageRoot.appendingPathComponent("Plugins/FlowcBuildPlugin")
    return try run(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "swiftc", "-typecheck", "-parse-as-library", "-swift-version", "6",
        "-warnings-as-errors", "-package-description-version", "6.0", "-I", pluginAPI,
        "-I", directory.path, plugin.appendingPathComponent("FlowcBuildPlugin.swift").path,
        plugin.appendingPathComponent("FlowFileName.swift").path,
      ], in: directory)
  }
}
