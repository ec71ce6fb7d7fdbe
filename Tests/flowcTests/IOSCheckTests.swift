import Foundation
import Testing

/// `scripts/check-ios.sh`, which `make test` runs: the UIKit and SwiftUI sides of the project
/// compile against the stubs of Tests/PlatformStubs, and the check fails when it does not.
@Suite struct IOSCheckTests {
  static let script = packageRoot.appendingPathComponent("scripts/check-ios.sh")

  /// Runs the check on the package's own sources, or on a copy of FlowRuntime's sources with
  /// one more file.
  static func check(addingToRuntime file: String? = nil) throws -> ProcessOutput {
    guard let file else { return try run(script, ["--flowc", flowcBinary.path]) }
    let directory = try TemporaryDirectory(files: ["FlowRuntime/Added.swift": file])
    defer { directory.cleanUp() }
    let runtime = directory.url.appendingPathComponent("FlowRuntime")
    let sources = packageRoot.appendingPathComponent("Sources/FlowRuntime")
    for name in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
      try FileManager.default.copyItem(
        at: sources.appendingPathComponent(name), to: runtime.appendingPathComponent(name))
    }
    return try run(script, ["--flowc", flowcBinary.path, "--runtime", runtime.path])
  }

  @Test func theUIKitSideCompilesAgainstTheStubs() throws {
    let result = try Self.check()
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
  }

  /// Code behind `canImport(UIKit)` is compiled: a wrong UIKit call fails the check.
  @Test func aUIKitCallThatDoesNotCompileFailsTheCheck() throws {
    let result = try Self.check(
      addingToRuntime: """
        #if canImport(UIKit)
          import UIKit

          @MainActor func pushNothing(on stack: UINavigationController) {
            stack.pushViewController(animated: true)
          }
        #endif

        """)
    #expect(result.status == 1)
    #expect(result.stderr.contains("Added.swift:5"), "\(result.stderr)")
    #expect(result.stderr.contains("check-ios: FlowRuntime does not compile"))
  }

  /// Code behind `canImport(SwiftUI)` is compiled too: a wrong SwiftUI call fails the check.
  @Test func aSwiftUICallThatDoesNotCompileFailsTheCheck() throws {
    let result = try Self.check(
      addingToRuntime: """
        #if canImport(SwiftUI)
          import SwiftUI

          struct Wrong: View {
            var body: some View { NavigationStack(path: 3) { EmptyView() } }
          }
        #endif

        """)
    #expect(result.status == 1)
    #expect(result.stderr.contains("Added.swift:5"), "\(result.stderr)")
    #expect(result.stderr.contains("check-ios: FlowRuntime does not compile"))
  }

  /// The second pass builds as Xcode 26 does by default, with MainActor isolation: code that
  /// compiles only without it fails the check.
  @Test func codeThatNeedsNonisolatedDefaultsFailsTheCheck() throws {
    let result = try Self.check(
      addingToRuntime: """
        func helper() {}

        nonisolated func caller() { helper() }

        """)
    #expect(result.status == 1)
    #expect(
      result.stderr.contains(
        "check-ios: FlowRuntime does not compile with -default-isolation MainActor"),
      "\(result.stderr)")
  }
}
