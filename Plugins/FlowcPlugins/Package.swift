// swift-tools-version:6.0
import PackageDescription

// flowc's plugins with a prebuilt flowc, and the FlowRuntime that its generated code
// imports, in one small package: an app that uses it compiles no part of flowc and needs no
// libyaml. It is published as a repository of its own with each release, written by
// scripts/make-artifact-bundle.sh from this file (docs/plugins.md, "The prebuilt plugins";
// docs/development.md, "Releasing"). Its plugins and FlowRuntime are links to the sources of
// flowc's own package, which the script copies.

let package = Package(
  name: "FlowcPlugins",
  // As flowc's own package: FlowRuntime runs from iOS 15, its SwiftUI runtime from iOS 17.
  platforms: [.iOS(.v15), .macCatalyst(.v15), .macOS(.v14)],
  products: [
    .library(name: "FlowRuntime", targets: ["FlowRuntime"]),
    .plugin(name: "FlowcBuildPlugin", targets: ["FlowcBuildPlugin"]),
    .plugin(name: "FlowcCheck", targets: ["FlowcCheck"]),
    .plugin(name: "FlowcGenerate", targets: ["FlowcGenerate"]),
  ],
  targets: [
    // flowc, prebuilt for macOS and Linux. The script writes this declaration: a local
    // bundle's path, or a release's URL and checksum.
    .binaryTarget(name: "flowc", path: "flowc.artifactbundle.zip"),
    // What generated code imports: the same sources as flowc's package, so the code that
    // this flowc generates and the runtime it runs on always come from one version.
    .target(name: "FlowRuntime"),
    .plugin(name: "FlowcBuildPlugin", capability: .buildTool(), dependencies: ["flowc"]),
    .plugin(
      name: "FlowcCheck",
      capability: .command(
        intent: .custom(verb: "flowc-check", description: "Check the flow files of the package")
      ),
      dependencies: ["flowc"]
    ),
    .plugin(
      name: "FlowcGenerate",
      capability: .command(
        intent: .custom(
          verb: "flowc-generate", description: "Generate Swift coordinators into the package"),
        permissions: [
          .writeToPackageDirectory(reason: "flowc writes the generated coordinators")
        ]
      ),
      dependencies: ["flowc"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
