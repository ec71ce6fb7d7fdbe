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
    let (paths, options) = split(extractor.remainingArguments)
    let flowc = try context.tool(named: "flowc").url
    let package = context.package.directoryURL

    var runs: [(files: [String], output: String)] = []
    if !paths.isEmpty {
      guard let output else {
        throw PluginFailure("with PATHs, say where to write with '--output DIR'")
      }
      runs = [(paths, output)]
    } else {
      let targets =
        targetNames.isEmpty
        ? context.package.targets : try context.package.targets(named: targetNames)
      for target in targets {
        let flows = flowFiles(of: target, relativeTo: package)
        if flows.isEmpty && !targetNames.isEmpty {
          throw PluginFailure("target '\(target.name)' has no flow files")
        }
        guard !flows.isEmpty else { continue }
        // `Target.directoryURL` needs tools version 6.1; the path's text is the same.
        let directory = URL(fileURLWithPath: String(describing: target.directory))
        let folder = relative(directory, to: package) + "/Generated"
        runs.append((flows, folder))
      }
      guard !runs.isEmpty else {
        throw PluginFailure("no target of this package has flow files (*.flow.yaml, *.flow.yml)")
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

/// Splits flowc arguments into paths and options (with their values).
private func split(_ arguments: [String]) -> (paths: [String], options: [String]) {
  var paths: [String] = []
  var options: [String] = []
  var index = 0
  while index < arguments.count {
    let argument = arguments[index]
    index += 1
    if argument.hasPrefix("-") && argument != "-" {
      options.append(argument)
      if valueOptions.contains(argument), index < arguments.count {
        options.append(arguments[index])
        index += 1
      }
    } else {
      paths.append(argument)
    }
  }
  return (paths, options)
}

/// `url`'s path relative to `package` when it is inside it, else the whole path.
private func relative(_ url: URL, to package: URL) -> String {
  let path = url.standardizedFileURL.path
  let root = package.standardizedFileURL.path + "/"
  return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
}

/// The flow files of `target`, relative to `package` when they are inside it, sorted.
private func flowFiles(of target: Target, relativeTo package: URL) -> [String] {
  guard let module = target.sourceModule else { return [] }
  return module.sourceFiles.map(\.url)
    .filter { $0.path.hasSuffix(".flow.yaml") || $0.path.hasSuffix(".flow.yml") }
    .map { relative($0, to: package) }
    .sorted()
}

/// Runs `executable` in `directory` with the plugin's own output, and returns its status.
private func execute(_ executable: URL, _ arguments: [String], in directory: URL) throws -> Int32 {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  process.currentDirectoryURL = directory
  try process.run()
  process.waitUntilExit()
  return process.terminationStatus
}

/// Why the command failed, shown by `swift package`.
struct PluginFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
