import Foundation
import PackagePlugin

/// Generates the coordinators of a target's flow files when the target builds.
///
/// The target's `*.flow.yaml` and `*.flow.yml` files form one module. One build command runs
/// `flowc generate --output-file` over all of them and writes one Swift file into the plugin's
/// work directory, which SwiftPM compiles with the target. Its inputs are exactly the flow
/// files and the package's `.flowc.yml` or `.flowc.yaml` (if there is one; a build reads only
/// its declared inputs, so no directory above the package is searched), and its output is exactly that one
/// file, so the command runs again only when one of them changes. Why one file:
/// `docs/plugins.md`.
///
/// Findings go to the build log as `FILE:LINE:COLUMN: SEVERITY: MESSAGE [RULE-ID]`, with
/// paths relative to the directory the build runs flowc in (absolute for files outside it),
/// which Xcode and SwiftPM show as issues; an error-level finding fails the build.
///
/// The same source is the build plugin of flowc's package, which builds flowc from source,
/// and of the FlowcPlugins package, whose flowc is a prebuilt binary target: both name the
/// tool `flowc`, so this file does not know which one it runs.
@main
struct FlowcBuildPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let module = target.sourceModule else { return [] }
    return try generateCommands(
      flows: module.sourceFiles.map(\.url), name: target.name,
      configurationDirectory: context.package.directoryURL,
      workDirectory: context.pluginWorkDirectoryURL,
      flowc: { try context.tool(named: "flowc").url })
  }

  /// The one build command for the flow files among `files` (none when there are none):
  /// `flowc generate` over them into `<name>Flows.swift` in `workDirectory`, with the
  /// configuration file of `configurationDirectory` if it has one.
  func generateCommands(
    flows files: [URL], name: String, configurationDirectory: URL, workDirectory: URL,
    flowc: () throws -> URL
  ) throws -> [Command] {
    let flows = files.filter { FlowFileName.matches($0.lastPathComponent) }
      .sorted { $0.path < $1.path }
    guard !flows.isEmpty else { return [] }
    let output = workDirectory.appendingPathComponent("\(name)Flows.swift")
    var arguments = ["generate"] + flows.map(\.path) + ["--output-file", output.path]
    var inputs = flows
    let configurations = [".flowc.yml", ".flowc.yaml"]
      .map { configurationDirectory.appendingPathComponent($0) }
      .filter { FileManager.default.fileExists(atPath: $0.path) }
    guard configurations.count < 2 else { throw BothConfigurations() }
    if let configuration = configurations.first {
      arguments += ["--config", configuration.path]
      inputs.append(configuration)
    }
    return [
      .buildCommand(
        displayName: "flowc: generating the coordinators of \(name)",
        executable: try flowc(),
        arguments: arguments,
        inputFiles: inputs,
        outputFiles: [output])
    ]
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  /// In an Xcode project: the flow files that are members of the app target (Xcode lists
  /// them under Copy Bundle Resources), with the configuration file next to the
  /// `.xcodeproj`, as a package's is next to `Package.swift`.
  extension FlowcBuildPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws
      -> [Command]
    {
      // An Xcode target's name may hold characters that a file name should not.
      let name = String(
        target.displayName.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
      return try generateCommands(
        flows: target.inputFiles.map(\.url), name: name,
        configurationDirectory: context.xcodeProject.directoryURL,
        workDirectory: context.pluginWorkDirectoryURL,
        flowc: { try context.tool(named: "flowc").url })
    }
  }
#endif

/// The package has `.flowc.yml` and `.flowc.yaml`: flowc will not guess which one is meant.
struct BothConfigurations: Error, CustomStringConvertible {
  var description: String {
    "the package has both '.flowc.yml' and '.flowc.yaml' configuration files; keep one"
  }
}
