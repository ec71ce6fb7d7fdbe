import FlowRuntime
// Accessibility identifiers (issue 36): FlowStackView identifies each screen a coordinator
// named with a `ScreenID` that carries one, as an accessibility container (`.contain`, so
// the screen's own elements and identifiers stay), for UI tests to find.
@_spi(Behaviour) import SwiftUI

extension ViewNode {
  /// The identifiers of the `accessibilityIdentifier` nodes here and under this one.
  var accessibilityIdentifiers: [String] {
    every("accessibilityIdentifier").compactMap { $0.argument as? String }
  }
}

@MainActor let identifierScenarios: [Scenario] = [
  Scenario("aShownScreenHasItsAccessibilityIdentifier") {
    let fixture = Fixture()
    let home = screen("Home")
    fixture.router.willShow(home, as: ScreenID("Home", of: "C", accessibilityIdentifier: "C.Home"))
    fixture.router.push(home, controls: .standard)
    let tree = fixture.tree
    try expect(tree.accessibilityIdentifiers == ["C.Home"], "\(tree.accessibilityIdentifiers)")
    let path = try tree.path(to: "Text").orFail("Home is not drawn")
    let kinds = path.map(\.kind)
    let identifier = try kinds.firstIndex(of: "accessibilityIdentifier").orFail("\(kinds)")
    try expect(
      path[identifier + 1].kind == "accessibilityElement"
        && (path[identifier + 1].argument as? AccessibilityChildBehavior) == .contain,
      "the identifier is not on a container of the screen: \(kinds)")
    let sheet = screen("Sheet")
    fixture.router.willShow(sheet, as: ScreenID("Sheet", accessibilityIdentifier: "Sheet"))
    fixture.router.present(sheet, style: .sheet, controls: .standard)
    await settle()
    let node = try fixture.tree.first("sheet").orFail("no sheet")
    let stack = try await node.item().orFail("the sheet shows nothing")
    let content = try node.content(for: stack)
    try expect(content.accessibilityIdentifiers == ["Sheet"], "\(content.accessibilityIdentifiers)")
  },
  // A screen named without an identifier (a hand-written coordinator's) gets none.
  Scenario("aScreenWithoutIdentifierGetsNone") {
    let fixture = Fixture()
    let home = screen("Home")
    fixture.router.willShow(home, as: ScreenID("Home"))
    fixture.router.push(home, controls: .standard)
    try expect(
      fixture.tree.accessibilityIdentifiers.isEmpty, "\(fixture.tree.accessibilityIdentifiers)")
  },
]
