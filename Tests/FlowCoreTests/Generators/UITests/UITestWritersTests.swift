import FlowCore
import Testing

/// The UI-test writers of `flowc tests` (issue 36): what a path becomes in XCUITest and in
/// Maestro, with every text escaped for its medium.
@Suite struct UITestWritersTests {
  /// A script with text no flow name has (a file name may): quotes, backslashes, a line
  /// break, a YAML comment sign.
  static let hostile = UITestScript(
    entry: "App", name: "path1", summary: "a path of App, 1 step\n// injected",
    arguments: ["-flowc-answer", "App.Launch=loggedIn", "-flowc-answer", "App.Again=no"],
    sources: ["dir\nx\"y.flow.yaml"],
    steps: [
      .init(comment: "Launch: App starts", actions: [.expectScreen("App.Home")]),
      .init(
        comment: "Step 1: Home sends open (dir\nx\".flow.yaml:3:5)",
        actions: [.tap("App.Home.open"), .expectScreen("Sh\"are\\d #x\n: y")]),
      .init(comment: "Step 2", actions: [.back, .swipeDown("App.Sheet"), .selectTab(index: 1, count: 4)]),
      .init(comment: "Step 3", actions: [.stop("a UI test cannot \"do\" this")]),
    ])

  @Test func anXCUITestLaunchesWithTheAnswersAndTapsAndWaitsByIdentifier() throws {
    let files = XCUITestWriter.files([Self.hostile])
    #expect(files.map(\.name) == ["AppUITests.swift"])
    let text = try #require(files.first?.contents)
    for line in [
      "final class AppUITests: XCTestCase {",
      "  @MainActor\n  func testPath1() throws {",
      "    app.launchArguments += [\"-flowc-answer\", \"App.Launch=loggedIn\", \"-flowc-answer\", \"App.Again=no\"]",
      "    app.launch()",
      "    expectScreen(\"App.Home\", in: app)",
      "    tap(\"App.Home.open\", in: app)",
      "    expectScreen(\"Sh\\\"are\\\\d #x\\u{a}: y\", in: app)",
      "    goBack(in: app)",
      "    swipeDown(\"App.Sheet\", in: app)",
      "    selectTab(1, in: app)",
      "    throw XCTSkip(\"a UI test cannot \\\"do\\\" this\")",
    ] {
      #expect(text.contains(line + "\n"), "missing: \(line)\n\(text)")
    }
    // No text ends a comment's line: every line that is not code is a comment.
    #expect(!text.contains("\n// injected"))
    #expect(!text.contains("\nx\""))
  }

  @Test func aMaestroFlowHasTheHeaderTheLaunchAndTheCommands() throws {
    let files = MaestroWriter.files([Self.hostile])
    #expect(files.map(\.name) == ["App-path1.yaml"])
    let text = try #require(files.first?.contents)
    for line in [
      "appId: \"${APP_ID}\"",
      "---",
      "- launchApp:",
      "    clearState: true",
      "    arguments:",
      "      \"flowc-answer\": \"App.Launch=loggedIn,App.Again=no\"",
      "- assertVisible:\n    id: \"App.Home\"",
      "- tapOn:\n    id: \"App.Home.open\"",
      "- assertVisible:\n    id: \"Sh\\\"are\\\\d #x\\u000A: y\"",
      "- swipe:\n    start: \"1%, 50%\"\n    end: \"90%, 50%\"",
      "- swipe:\n    direction: DOWN",
      "- tapOn:\n    point: \"37%, 96%\"",
      "# The flow stops here: a UI test cannot \"do\" this.",
    ] {
      #expect(text.contains(line + "\n"), "missing: \(line)\n\(text)")
    }
    #expect(!text.contains("\n// injected"))
    #expect(!text.contains("\nx\""))
  }

  @Test func yamlQuotingEscapesWhatWouldEndTheScalarOrTheLine() {
    #expect(MaestroWriter.quoted("a\"b\\c") == "\"a\\\"b\\\\c\"")
    #expect(MaestroWriter.quoted("x\ny\u{2028}z\u{7F}") == "\"x\\u000Ay\\u2028z\\u007F\"")
  }
}
