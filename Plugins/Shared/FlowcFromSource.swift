import Foundation
import PackagePlugin

// Where the command plugins of flowc's own package get flowc: they build it. Each command
// plugin's folder links to this file as `FlowcTool.swift`; the prebuilt plugins of
// `Plugins/FlowcPlugins` link to `PrebuiltFlowc.swift` under the same name instead.

/// The flowc executable, built (or found up to date) in the package's own build folder.
///
/// The command plugins ask for this build instead of declaring flowc a tool dependency: for
/// a package that depends on flowc, SwiftPM builds a declared tool as a host tool twice per
/// `swift package` run (once for the build plugin's commands, once for the command plugin),
/// and the two builds undo each other, so flowc was relinked twice on every run, about a
/// second of a check that takes milliseconds. This build is an ordinary incremental one:
/// when nothing changed, nothing is compiled or linked.
func flowcExecutable(_ context: PluginContext, _ packageManager: PackageManager) throws -> URL {
  let built = try packageManager.build(.product("flowc"), parameters: .init())
  guard built.succeeded,
    let flowc = built.builtArtifacts.first(where: { $0.kind == .executable })?.url
  else {
    throw PluginFailure("flowc could not be built:\n" + built.logText)
  }
  return flowc
}
