import Foundation
import Testing

/// `Examples/ShopAppSwiftUI`, the SwiftUI version of the example package: it builds with the
/// build plugin, and its tests, which drive the SwiftUI navigation state with the app's own
/// screens on Linux, pass.
///
/// A test of ``ExamplePackageTests``, whose suite runs its tests one at a time: it shares
/// that suite's scratch path, so flowc and the plugins are compiled once for both examples,
/// and no build of one example runs during the other's.
extension ExamplePackageTests {
  static let swiftUIExample = packageRoot.appendingPathComponent("Examples/ShopAppSwiftUI")

  @Test func theSwiftUIExampleBuildsWithThePluginAndItsTestsPass() throws {
    let build = try swiftUIExample(["build", "--build-tests"])
    try #require(build.status == 0, "\(build.output)")
    #expect(build.output.contains("flowc: generating the coordinators of ShopAppSwiftUI"))

    let test = try swiftUIExample(["test", "--skip-build"])
    #expect(test.status == 0, "\(test.output)")
    let passed = try #require(
      test.output.firstMatch(of: /Test run with (\d+) tests? .*passed/), "\(test.output)")
    #expect((Int(passed.1) ?? 0) >= 7)
  }

  /// Runs `swift` with `arguments` on the SwiftUI example, with the suite's scratch path and
  /// its flags, so that nothing the other example built is rebuilt.
  private func swiftUIExample(_ arguments: [String]) throws -> ProcessOutput {
    let command = arguments.first.map { [$0] } ?? []
    let options = [
      "--package-path", Self.swiftUIExample.path, "--scratch-path", Self.scratch.path,
      "-Xswiftc", "-warnings-as-errors",
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    return try run(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["swift"] + command + options + arguments.dropFirst(), in: Self.swiftUIExample,
      environment: environment)
  }
}
