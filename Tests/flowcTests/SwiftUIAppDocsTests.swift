import Foundation
import Testing

/// The SwiftUI app that docs/generated-code.md shows is the one `scripts/check-ios.sh`
/// type-checks against the SwiftUI stubs (Tests/DocsSnippets/SwiftUIApp): the page's
/// `<!-- flowc: swiftui-app -->` Swift blocks, in order, are its Swift file, split where the
/// file says `// ---`, and its flow is the UIKit app's, which the page shows checked.
@Suite struct SwiftUIAppDocsTests {
  static let directory = packageRoot.appendingPathComponent("Tests/DocsSnippets/SwiftUIApp")

  static func text(of name: String, in directory: URL = directory) throws -> String {
    try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
  }

  @Test func thePageShowsTheCheckedSwift() throws {
    let page = try DocsPage("generated-code.md")
    let blocks = page.blocks.filter { $0.language == "swift" && $0.verdict == "swiftui-app" }
    let parts = try Self.text(of: "NotesApp.swift").split(separator: "\n\n// ---\n\n")
      .map { $0.trimmingCharacters(in: .newlines) }
    #expect(parts.count == 4)
    #expect(blocks.map(\.text) == parts)
  }

  @Test func itsFlowIsTheUIKitAppsFlow() throws {
    let uikit = try Self.text(of: "notes.flow.yaml", in: UIKitAppDocsTests.directory)
    #expect(try Self.text(of: "notes.flow.yaml") == uikit)
  }
}
