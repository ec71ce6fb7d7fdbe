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
@main
struct FlowcBuildPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let module = target.sourceModule else { return [] }
    let flows = module.sourceFiles.map(\.url)
      .filter { FlowFileName.matches($0.lastPathComponent) }
      .sorted { $0.path < $1.path }
    guard !flows.isEmpty else { return [] }
    let output = context.pluginWorkDirectoryURL.appendingPathComponent(
      "\(target.name)Flows.swift")
    var arguments = ["generate"] + flows.map(\.path) + ["--output-file", output.path]
    var inputs = flows
    let configurations = [".flowc.yml", ".flowc.yaml"]
      .map { context.package.directoryURL.appendingPathComponent($0) }
      .filter { FileManager.default.fileExists(atPath: $0.path) }
    guard configurations.count < 2 else { throw BothConfigurations() }
    if let configuration = configurations.first {
      arguments += ["--config", configuration.path]
      inputs.append(configuration)
    }
    return [
      .buildCommand(
        displayName: "flowc: generating the coordinators of \(target.name)",
        executable: try context.tool(named: "flowc").url,
        arguments: arguments,
        inputFiles: inputs,
        outputFiles: [output])
    ]
  }
}

/// The package has `.flowc.yml` and `.flowc.yaml`: flowc will not guess which one is meant.
struct BothConfigurations: Error, CustomStringConvertible {
  var description: String {
    "the package has both '.flowc.yml' and '.flowc.yaml' configuration files; keep one"
  }
}
