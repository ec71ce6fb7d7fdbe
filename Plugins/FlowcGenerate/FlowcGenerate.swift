import Foundation
import PackagePlugin

/// `swift package flowc-generate`: writes the generated Swift of the package's flows into
/// the package, for teams that commit generated code instead of using the build plugin.
///
/// ```
/// swift package --allow-writing-to-package-directory flowc-generate \
///   [--target NAME]... [--output DIR] [PATH...] [--check] [flowc generate options]
/// ```
///
/// For each target with flow files (only those named with `--target`, if any), runs
/// `flowc generate` over its flow files into the `Generated` folder of the target, or into
/// `--output DIR` (relative to the package) when one target or PATHs are given. flowc runs in
/// the package directory, with its `.flowc.yml`. `--check` writes nothing and fails when the
/// files are out of date. Do not use it on a target that also uses the build plugin: its
/// declarations would be there twice.
@main
struct FlowcGenerate: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let targetNames = extractor.extractOption(named: "target")
    let output = extractor.extractOption(named: "output").last
    let (paths, options) = split(extractor.remainingArguments, valueOptions: valueOptions)
    let flowc = try flowcExecutable(context, packageManager)
    let package = context.package.directoryURL

    var runs: [(files: [String], output: String)] = []
    if !paths.isEmpty {
      guard let output else {
        throw PluginFailure("with PATHs, say where to write with '--output DIR'")
      }
      runs = [(paths, output)]
    } else {
      for (target, flows) in try targetsWithFlows(in: context, named: targetNames) {
        // `Target.directoryURL` needs tools version 6.1; the path's text is the same.
        let directory = URL(fileURLWithPath: String(describing: target.directory))
        let folder = relative(directory, to: package) + "/Generated"
        runs.append((flows, folder))
      }
      guard !runs.isEmpty else {
        throw PluginFailure(
          "no target of this package has flow files ("
            + FlowFileName.patterns.joined(separator: ", ") + ")")
      }
      if let output {
        guard runs.count == 1 else {
          throw PluginFailure("'--output' needs one target; choose it with --target")
        }
        runs[0].output = output
      }
    }
    var failed = false
    for run in runs {
      let status = try execute(
        flowc, ["generate"] + run.files + ["--output", run.output] + options, in: package)
      if status != 0 { failed = true }
    }
    if failed { throw PluginFailure("flowc generate failed") }
  }
}

/// The options of `flowc generate` that take a value.
private let valueOptions: Set<String> = ["--access", "--config", "--severity"]
