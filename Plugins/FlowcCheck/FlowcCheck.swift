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
/// paths relative to it. Other options (`--format`, `--strict`, `--severity`, `--config`,
/// `--baseline`, `--quiet`) go to every run; `--output` and `--write-baseline` only when
/// there is one run.
@main
struct FlowcCheck: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let targetNames = extractor.extractOption(named: "target")
    let (paths, options) = split(extractor.remainingArguments, valueOptions: valueOptions)
    let flowc = try flowcExecutable(context, packageManager)
    let package = context.package.directoryURL

    var runs: [[String]] = []
    if !paths.isEmpty {
      runs = [paths]
    } else {
      runs = try targetsWithFlows(in: context, named: targetNames).map(\.flows)
      if runs.isEmpty { runs = [[]] }
    }
    if runs.count > 1, machineFormats.contains(where: options.contains) {
      throw PluginFailure(
        "\(runs.count) targets have flow files, and JSON, SARIF, Code Climate and JUnit reports "
          + "cannot be joined; "
          + "choose one with --target")
    }
    if runs.count > 1, options.contains(where: { isOneFileOption($0) }) {
      throw PluginFailure(
        "\(runs.count) targets have flow files, and each run would overwrite the other's "
          + "--output or --write-baseline file; choose one with --target")
    }
    var failed = false
    for files in runs {
      let status = try execute(flowc, ["check"] + files + options, in: package)
      if status != 0 { failed = true }
    }
    if failed { throw PluginFailure("flowc check failed") }
  }
}

/// The `--format` values whose output is one document per run.
private let machineFormats = ["json", "sarif", "codeclimate", "junit"].flatMap {
  [$0, "--format=" + $0]
}

/// The options of `flowc check` that take a value.
private let valueOptions: Set<String> = [
  "--format", "--config", "--severity", "--baseline", "--write-baseline", "--output",
]

/// Whether `argument` names a file that one run of `flowc check` writes whole.
private func isOneFileOption(_ argument: String) -> Bool {
  ["--output", "--write-baseline"].contains { argument == $0 || argument.hasPrefix($0 + "=") }
}
