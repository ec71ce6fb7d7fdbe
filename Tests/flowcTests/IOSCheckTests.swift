import Foundation
import TestSupport
import Testing

/// `scripts/check-ios.sh`, which `make test` runs: the UIKit and SwiftUI sides of the project
/// compile against the stubs of Tests/PlatformStubs, and the check fails when it does not.
@Suite(.notUnderSanitizers) struct IOSCheckTests {
  static let script = packageRoot.appendingPathComponent("scripts/check-ios.sh")

  /// Runs the check on the package's own sources, or on a copy of FlowRuntime's sources with
  /// one more file, or with one of its files edited.
  static func check(
    addingToRuntime file: String? = nil,
    editing edited: (name: String, edit: (String) -> String)? = nil
  ) throws -> ProcessOutput {
    guard file != nil || edited != nil else {
      return try run(script, ["--flowc", flowcBinary.path])
    }
    let directory = try TemporaryDirectory(
      files: file.map { ["FlowRuntime/Added.swift": $0] } ?? [:])
    defer { directory.cleanUp() }
    let runtime = directory.url.appendingPathComponent("FlowRuntime")
    try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
    let sources = packageRoot.appendingPathComponent("Sources/FlowRuntime")
    for name in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
      var text = try String(contentsOf: sources.appendingPathComponent(name), encoding: .utf8)
      if let edited, edited.name == name { text = edited.edit(text) }
      try text.write(to: runtime.appendingPathComponent(name), atomically: true, encoding: .utf8)
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

  /// Issue 27: an app target that vendors FlowRuntime builds it with MainActor as the default
  /// isolation, and the generated `FlowLink` (nonisolated) reads URLs with its helpers: a
  /// helper that is not `nonisolated` fails the check.
  @Test func aLinkHelperThatIsNotNonisolatedFailsTheVendoredBuild() throws {
    let result = try Self.check(
      editing: (
        "LinkURL.swift",
        {
          $0.replacingOccurrences(
            of: "nonisolated public struct LinkMatch", with: "public struct LinkMatch")
        }
      ))
    #expect(result.status == 1)
    #expect(
      result.stderr.contains(
        "check-ios: the generated code of flows/ against FlowRuntime built with "
          + "-default-isolation MainActor does not compile"),
      "\(result.stderr)")
  }
}
