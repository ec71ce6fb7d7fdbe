import Foundation
import Testing

/// The complete UIKit app that docs/generated-code.md shows is the one `scripts/check-ios.sh`
/// type-checks against the UIKit stubs (Tests/DocsSnippets/UIKitApp): the page's
/// `<!-- flowc: uikit-app -->` Swift blocks, in order, are its Swift file, split where the file
/// says `// ---`, and its flow is one of the page's checked YAML blocks.
@Suite struct UIKitAppDocsTests {
  static let directory = packageRoot.appendingPathComponent("Tests/DocsSnippets/UIKitApp")

  static func text(of name: String) throws -> String {
    try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
  }

  @Test func thePageShowsTheCheckedSwift() throws {
    let page = try DocsPage("generated-code.md")
    let blocks = page.blocks.filter { $0.language == "swift" && $0.verdict == "uikit-app" }
    let parts = try Self.text(of: "NotesApp.swift").split(separator: "\n\n// ---\n\n")
      .map { $0.trimmingCharacters(in: .newlines) }
    #expect(parts.count == 4)
    #expect(blocks.map(\.text) == parts)
  }

  @Test func thePageShowsTheCheckedFlow() throws {
    let page = try DocsPage("generated-code.md")
    let flow = try Self.text(of: "notes.flow.yaml").trimmingCharacters(in: .newlines)
    #expect(page.blocks.contains { $0.language == "yaml" && $0.text == flow })
  }
}
