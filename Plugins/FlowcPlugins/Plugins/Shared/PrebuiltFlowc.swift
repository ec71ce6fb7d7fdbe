import Foundation
import PackagePlugin

// Where the command plugins of the FlowcPlugins package get flowc: the prebuilt binary of
// the package's artifact bundle. Each command plugin's folder links to this file as
// `FlowcTool.swift`; flowc's own package links to `FlowcFromSource.swift` instead.

/// The prebuilt flowc of the package's binary target, for this machine's platform.
func flowcExecutable(_ context: PluginContext, _ packageManager: PackageManager) throws -> URL {
  try context.tool(named: "flowc").url
}
