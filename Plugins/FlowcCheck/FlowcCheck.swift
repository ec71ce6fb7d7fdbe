import Foundation
import PackagePlugin

/// `swift package flowc-check`: checks the package's flows as the build plugin would, with
/// the package's `.flowc.yml`.
///
/// ```
/// swift package flowc-check [--target NAME]... [PATH...] [flowc check options]
/// ```
///
/// Each target's flow files form one module, as when the target builds, so each target with
/// flow files is checked by one `flowc check` run (only those named with `--target`, if any).
/// PATHs are checked as one module instead. With neither, and no target holding flow files,
/// flowc reads what it reads on the command line: the configuration's `include` paths, or
/// `flows/`. flowc runs in the package directory, so it finds `.flowc.yml` there and prints
/// paths relative to it. Other options (`--format`, `--strict`, `--severity`, `--config`) go
/// to every run.
@main
struct FlowcCheck: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let targetNames = extractor.extractOption(named: "target")
    let (paths, options) = split(extractor.remainingArguments)
    let flowc = try context.tool(named: "flowc").url
    let package = context.package.directoryURL

    var runs: [[String]] = []
    if !paths.isEmpty {
      runs = [paths]
    } else {
      let targets =
        targetNames.isEmpty
        ? context.package.targets : try context.package.targets(named: targetNames)
      for target in targets {
        let flows = flowFiles(of: target, relativeTo: package)
        if flows.isEmpty && !targetNames.isEmpty {
          throw PluginFailure("target '\(target.name)' has no flow files")
        }
        if !flows.isEmpty { runs.append(flows) }
      }
      if runs.isEmpty { runs = [[]] }
    }
    if runs.count > 1, machineFormats.contains(where: options.contains) {
      throw PluginFailure(
        "\(runs.count) targets have flow files, and JSON and SARIF reports cannot be joined; "
          + "choose one with --target")
    }
    var failed = false
    for files in runs {
      let status = try run(flowc, ["check"] + files + options, in: package)
      if status != 0 { failed = true }
    }
    if failed { throw PluginFailure("flowc check failed") }
  }
}

/// The `--format` values whose output is one document per run.
private let machineFormats = ["json", "sarif", "--format=json", "--format=sarif"]

/// The options of `flowc check` that take a value.
private let valueOptions: Set<String> = ["--format", "--config", "--severity"]

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
private func run(_ executable: URL, _ arguments: [String], in directory: URL) throws -> Int32 {
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
