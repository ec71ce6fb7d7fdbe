// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "flowc",
  products: [
    .executable(name: "flowc", targets: ["flowc"]),
    .library(name: "FlowCore", targets: ["FlowCore"]),
    .library(name: "FlowRuntime", targets: ["FlowRuntime"]),
  ],
  targets: [
    // libyaml, from the system (Debian: libyaml-dev). Nothing is vendored.
    .systemLibrary(
      name: "CYaml",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"])]
    ),
    // The compiler: located YAML → typed module → findings → outputs.
    .target(name: "FlowCore", dependencies: ["CYaml"]),
    // The command line: arguments in, files read, text out, exit code.
    .executableTarget(name: "flowc", dependencies: ["FlowCore"]),
    // What generated code imports. Knows nothing of FlowCore.
    .target(name: "FlowRuntime"),
    .testTarget(name: "FlowCoreTests", dependencies: ["FlowCore"]),
    .testTarget(name: "flowcTests", dependencies: ["FlowCore", "flowc"]),
    .testTarget(name: "FlowRuntimeTests", dependencies: ["FlowRuntime"]),
    // The generated Swift of flows/ (Generated/, the goldens), driven through stub screens.
    .testTarget(name: "ExampleAppTests", dependencies: ["FlowRuntime"]),
  ],
  swiftLanguageModes: [.v6]
)
