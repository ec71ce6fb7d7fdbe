// swift-tools-version:6.0
import PackageDescription

// The SwiftUI version of Examples/ShopApp: the same flows (with the signed-in shop in a tab
// bar), whose screens are SwiftUI views shown by FlowRuntime's SwiftUIRouter. Like ShopApp it
// depends on flowc by path, named so that it is "flowc" whatever the checkout's folder is.
let package = Package(
  name: "ShopAppSwiftUI",
  // FlowRuntime's SwiftUI runtime (Observation, NavigationStack) needs iOS 17 or macOS 14.
  platforms: [.iOS(.v17), .macOS(.v14)],
  dependencies: [.package(name: "flowc", path: "../..")],
  targets: [
    // The flows live in Sources/ShopAppSwiftUI/Flows; the build plugin generates their
    // coordinators when the target builds.
    .target(
      name: "ShopAppSwiftUI",
      dependencies: [.product(name: "FlowRuntime", package: "flowc")],
      plugins: [.plugin(name: "FlowcBuildPlugin", package: "flowc")]
    ),
    .testTarget(name: "ShopAppSwiftUITests", dependencies: ["ShopAppSwiftUI"]),
  ],
  swiftLanguageModes: [.v6]
)
