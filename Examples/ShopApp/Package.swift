// swift-tools-version:6.0
import PackageDescription

// An app package that uses flowc as a package would from its own repository: by path here,
// by URL elsewhere (`.package(url: "…/flowc.git", from: "0.1.0")`). The path dependency is
// named, so that it is "flowc" whatever the folder of the checkout is called.
let package = Package(
  name: "ShopApp",
  // FlowRuntime's platforms, or later: its UIKit router runs from iOS 15.
  platforms: [.iOS(.v15), .macOS(.v14)],
  dependencies: [.package(name: "flowc", path: "../..")],
  targets: [
    // The app's flows live next to its Swift in Sources/ShopApp/Flows; the build plugin
    // generates their coordinators when the target builds.
    .target(
      name: "ShopApp",
      dependencies: [.product(name: "FlowRuntime", package: "flowc")],
      plugins: [.plugin(name: "FlowcBuildPlugin", package: "flowc")]
    ),
    .testTarget(name: "ShopAppTests", dependencies: ["ShopApp"]),
  ],
  swiftLanguageModes: [.v6]
)
