// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "flowc",
  // FlowRuntime's coordinators, RecordingRouter and UIKit router run from iOS 15; its SwiftUI
  // runtime (Observation, NavigationStack) is marked `@available(iOS 17, macOS 14, *)`, so a
  // UIKit app can keep iOS 15 and 16. macOS 14 for the command line and the plugins, and for
  // the SwiftUI runtime on the Mac. docs/generated-code.md, "Platforms", lists each API.
  platforms: [.iOS(.v15), .macCatalyst(.v15), .macOS(.v14)],
  products: [
    .executable(name: "flowc", targets: ["flowc"]),
    .library(name: "FlowCore", targets: ["FlowCore"]),
    .library(name: "FlowRuntime", targets: ["FlowRuntime"]),
    .plugin(name: "FlowcBuildPlugin", targets: ["FlowcBuildPlugin"]),
    .plugin(name: "FlowcCheck", targets: ["FlowcCheck"]),
    .plugin(name: "FlowcGenerate", targets: ["FlowcGenerate"]),
  ],
  targets: [
    // libyaml, from the system (Debian: libyaml-dev; macOS: Homebrew's libyaml, found with
    // pkg-config). Nothing is vendored.
    .systemLibrary(
      name: "CYaml",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
    ),
    // The compiler: located YAML → typed module → findings → outputs.
    .target(name: "FlowCore", dependencies: ["CYaml"]),
    // The command line: options, commands, help, the files to read, the output directory's
    // changes, exit codes. Not API: every declaration is `package` or internal.
    .target(name: "FlowCommandLine", dependencies: ["FlowCore", "FlowLanguageServer"]),
    // The language server (`flowc lsp`): JSON-RPC over a byte stream, the LSP lifecycle,
    // the editor's text over the workspace's files, findings as diagnostics. Not API.
    .target(name: "FlowLanguageServer", dependencies: ["FlowCore"]),
    // The executable: hands the process to FlowCommandLine.
    .executableTarget(name: "flowc", dependencies: ["FlowCommandLine"]),
    // What generated code imports. Knows nothing of FlowCore.
    .target(name: "FlowRuntime"),
    // Generates a target's coordinators from its flow files when it builds (docs/plugins.md).
    .plugin(name: "FlowcBuildPlugin", capability: .buildTool(), dependencies: ["flowc"]),
    // `swift package flowc-check`: checks the package's flows, with its .flowc.yml. The
    // command plugins declare no dependency on flowc but build it themselves (see
    // Plugins/Shared/PluginSupport.swift): a declared tool was relinked on every run.
    .plugin(
      name: "FlowcCheck",
      capability: .command(
        intent: .custom(verb: "flowc-check", description: "Check the flow files of the package")
      )
    ),
    // `swift package flowc-generate`: writes generated coordinators into the package.
    .plugin(
      name: "FlowcGenerate",
      capability: .command(
        intent: .custom(
          verb: "flowc-generate", description: "Generate Swift coordinators into the package"),
        permissions: [
          .writeToPackageDirectory(reason: "flowc writes the generated coordinators")
        ]
      )
    ),
    // What more than one test target needs: whether a sanitizer runs the tests.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    // FlowCommandLine only to find the flow files of flows/ as `flowc` does.
    .testTarget(
      name: "FlowCoreTests", dependencies: ["FlowCore", "FlowCommandLine", "TestSupport"]),
    .testTarget(name: "FlowCommandLineTests", dependencies: ["FlowCore", "FlowCommandLine"]),
    .testTarget(name: "FlowLanguageServerTests", dependencies: ["FlowCore", "FlowLanguageServer"]),
    // End to end: the `flowc` binary, run as a process.
    .testTarget(
      name: "flowcTests", dependencies: ["FlowCore", "FlowCommandLine", "flowc", "TestSupport"]),
    .testTarget(name: "FlowRuntimeTests", dependencies: ["FlowRuntime"]),
    // The generated Swift of flows/ (Generated/, the goldens), driven through stub screens.
    .testTarget(name: "ExampleAppTests", dependencies: ["FlowRuntime"]),
    // (r3) The generated Swift of Tests/Fixtures/shared-screens (Generated/, the goldens):
    // shared screens shown by two tabs, recursing, driven through stub screens.
    .testTarget(name: "SharedScreenAppTests", dependencies: ["FlowRuntime"]),
  ],
  swiftLanguageModes: [.v6]
)

// `make sanitize` sets FLOWC_SANITIZER_BUILD=1 (nothing else does, and the Makefile keeps it
// out of every other command). Its AddressSanitizer and ThreadSanitizer builds then leave out
// what they would compile instrumented for nothing (docs/development.md, "What the sanitizer
// runs skip"): the test targets whose every test those runs skip, each of FlowRuntime alone,
// which FlowRuntimeTests runs under both; and the plugins, whose build plugin makes SwiftPM
// compile flowc a second time as the plugin's tool, which no test here runs (the plugins'
// tests build packages of their own). Without the variable the package is the one above.
let leftOutOfSanitizerBuilds: Set<String> = ["ExampleAppTests", "SharedScreenAppTests"]
let pluginsLeftOutOfSanitizerBuilds: Set<String> = [
  "FlowcBuildPlugin", "FlowcCheck", "FlowcGenerate",
]
if Context.environment["FLOWC_SANITIZER_BUILD"] == "1" {
  package.targets.removeAll {
    leftOutOfSanitizerBuilds.contains($0.name) || pluginsLeftOutOfSanitizerBuilds.contains($0.name)
  }
  package.products.removeAll { pluginsLeftOutOfSanitizerBuilds.contains($0.name) }
}
