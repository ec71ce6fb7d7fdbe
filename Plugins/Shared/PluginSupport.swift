import Foundation
import PackagePlugin

// What the command plugins share. SwiftPM gives a plugin no library to depend on, so this
// file lives in `Plugins/Shared` and each command plugin's folder links to it (as each
// plugin's folder links to `FlowFileName.swift`, the command line's own). The command
// plugins of the FlowcPlugins package (`Plugins/FlowcPlugins`) link to it too; where flowc
// comes from is the one file that differs: `FlowcFromSource.swift` here, and
// `PrebuiltFlowc.swift` there.

/// Splits flowc arguments into paths and options, each option with its value when it is
/// one of `valueOptions`.
func split(_ arguments: [String], valueOptions: Set<String>) -> (
  paths: [String], options: [String]
) {
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
func relative(_ url: URL, to package: URL) -> String {
  let path = url.standardizedFileURL.path
  let root = package.standardizedFileURL.path + "/"
  return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
}

/// The flow files of `target`, relative to `package` when they are inside it, sorted.
func flowFiles(of target: Target, relativeTo package: URL) -> [String] {
  guard let module = target.sourceModule else { return [] }
  return module.sourceFiles.map(\.url)
    .filter { FlowFileName.matches($0.lastPathComponent) }
    .map { relative($0, to: package) }
    .sorted()
}

/// The targets to work on, each with its flow files (relative to the package): the targets
/// named, or when none is named every target that has flow files. A named target without
/// flow files is an error.
func targetsWithFlows(in context: PluginContext, named names: [String]) throws -> [(
  target: Target, flows: [String]
)] {
  let package = context.package.directoryURL
  let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
  var found: [(target: Target, flows: [String])] = []
  for target in targets {
    let flows = flowFiles(of: target, relativeTo: package)
    if flows.isEmpty && !names.isEmpty {
      throw PluginFailure("target '\(target.name)' has no flow files")
    }
    if !flows.isEmpty { found.append((target, flows)) }
  }
  return found
}

/// Runs `executable` in `directory` with the plugin's own output, and returns its status.
func execute(_ executable: URL, _ arguments: [String], in directory: URL) throws -> Int32 {
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
