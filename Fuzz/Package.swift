// swift-tools-version:6.0
// The libFuzzer harness, in a package of its own so that the main package builds without
// fuzzer flags. Build and run it with `make fuzz` (see docs/development.md).
import PackageDescription

let package = Package(
  name: "FlowFuzz",
  dependencies: [.package(name: "flowc", path: "..")],
  targets: [
    .executableTarget(
      name: "FlowFuzz",
      dependencies: [.product(name: "FlowCore", package: "flowc")])
  ],
  swiftLanguageModes: [.v6]
)
