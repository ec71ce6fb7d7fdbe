import Foundation
import Testing

/// Issue 28, "It must build for iOS": SwiftPM builds a package for the platforms its manifest
/// declares (without them, for the oldest the SDK supports), and Linux, where the tests run,
/// checks no availability at all. So these read the sources: the package declares its
/// platforms, FlowRuntime's SwiftUI runtime (Observation, `NavigationStack`) is marked for
/// the systems that have it, and the example packages ask for at least what they use.
@Suite struct RuntimePlatformsTests {
  /// The SwiftUI runtime's mark: Observation and `@Bindable` are iOS 17 and macOS 14.
  static let swiftUIAvailability = "@available(iOS 17, macOS 14, *)"

  static func text(_ path: String) throws -> String {
    try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// The `platforms:` of a manifest, as written: `[.iOS(.v15), …]`.
  static func platforms(of manifest: String) -> String? {
    guard let start = manifest.range(of: "platforms: [") else { return nil }
    guard let end = manifest[start.upperBound...].firstIndex(of: "]") else { return nil }
    return String(manifest[start.lowerBound...end])
  }

  @Test func thePackageDeclaresItsPlatforms() throws {
    let platforms = try #require(Self.platforms(of: try Self.text("Package.swift")))
    #expect(platforms == "platforms: [.iOS(.v15), .macCatalyst(.v15), .macOS(.v14)]")
  }

  /// A package that depends on FlowRuntime declares at least its platforms (SwiftPM refuses
  /// a lower one), and the SwiftUI example the SwiftUI runtime's.
  @Test(arguments: [
    ("Examples/ShopApp/Package.swift", "platforms: [.iOS(.v15), .macOS(.v14)]"),
    ("Examples/ShopAppSwiftUI/Package.swift", "platforms: [.iOS(.v17), .macOS(.v14)]"),
  ])
  func theExamplesDeclareTheirPlatforms(manifest: String, expected: String) throws {
    #expect(Self.platforms(of: try Self.text(manifest)) == expected)
  }

  /// Every `@Observable` type of FlowRuntime, every view, and every extension of either, is
  /// marked with the SwiftUI runtime's availability, so that a UIKit app for iOS 15 or 16
  /// builds the package and a SwiftUI app gets a compiler error, not a crash, below iOS 17.
  @Test func theSwiftUIRuntimeIsMarkedForTheSystemsThatHaveIt() throws {
    let declaration =
      /^(?:public |package |private |fileprivate |final |nonisolated )*(?<kind>struct|class|enum|protocol|extension|actor) (?<name>\w+)/
    let directory = packageRoot.appendingPathComponent("Sources/FlowRuntime")
    var declarations: [(file: String, name: String, attributes: [String], needs: Bool)] = []
    for file in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() {
      let lines = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        .split(separator: "\n", omittingEmptySubsequences: false).map {
          $0.trimmingCharacters(in: .whitespaces)
        }
      for (index, line) in lines.enumerated() {
        guard let match = line.firstMatch(of: declaration) else { continue }
        var attributes: [String] = []
        var above = index - 1
        while above >= 0, lines[above].hasPrefix("@") || lines[above].hasPrefix("///") {
          attributes.append(lines[above])
          above -= 1
        }
        let needs =
          attributes.contains("@Observable") || line.contains(": View ")
          || line.contains(": View{") || line.hasSuffix(": View {")
        declarations.append(
          (file, String(match.output.name), attributes, needs && match.output.kind != "extension"))
      }
    }
    let marked = Set(declarations.filter(\.needs).map(\.name))
    #expect(
      marked.isSuperset(of: [
        "SwiftUIRouter", "NavigationStackState", "TabContainer", "FlowStackView", "FlowTabView",
        "FlowScreen", "FlowTabLabel",
      ]), "\(marked.sorted())")
    for declaration in declarations where marked.contains(declaration.name) {
      #expect(
        declaration.attributes.contains(Self.swiftUIAvailability),
        "\(declaration.file): '\(declaration.name)' is not marked \(Self.swiftUIAvailability)")
    }
  }
}
