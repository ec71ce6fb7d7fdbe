/// `flowc tests --kind xcuitest`: an XCTest UI test per path (``UITestScript``), one file
/// per entry coordinator (`<Entry>UITests.swift`, class `<Entry>UITests`), for the app's UI
/// test target in Xcode.
///
/// Each test launches the app with the launch arguments that answer the path's decisions
/// (`-flowc-answer`, read by `FlowLaunchAnswers` in debug builds), then, step by step, taps
/// the control of each event or alert button by its accessibility identifier, goes back
/// with the navigation bar's back button, swipes sheets down, selects tabs, and waits for
/// each screen the path shows (`waitForExistence`). A step a UI test cannot take (the app
/// sends an external event) ends the test with `XCTSkip`, saying why. Test methods are
/// `@MainActor`, as the XCUIAutomation classes are, and the class `nonisolated`, as
/// `XCTestCase` is, so that a target built with `-default-isolation MainActor` compiles it
/// too (Swift 6.1, Xcode 16.3); every text of a flow file is written as an escaped string
/// literal or in a comment without line breaks.
package enum XCUITestWriter {
  /// How long a test waits for a screen to appear, in seconds.
  package static let timeout = 10

  /// The files for `scripts`, one per entry in the order the entries first appear, each
  /// under the header of generated Swift naming `sources` (the flow files read).
  package static func files(_ scripts: [UITestScript], sources: [String]) -> [GeneratedFile] {
    var entries: [String] = []
    var byEntry: [String: [UITestScript]] = [:]
    for script in scripts {
      if byEntry[script.entry] == nil { entries.append(script.entry) }
      byEntry[script.entry, default: []].append(script)
    }
    return entries.map { entry in
      let name = "\(entry)UITests"
      return GeneratedFile(
        name: name + ".swift", contents: file(name, byEntry[entry] ?? [], sources: sources))
    }
  }

  private static func file(_ name: String, _ scripts: [UITestScript], sources: [String])
    -> String
  {
    var lines: [String] = [
      UITestScript.commentSafe(
        SwiftGenerator.headerPrefix + sources.joined(separator: ", ") + SwiftGenerator.headerSuffix),
      "",
      "import XCTest",
      "",
      "/// The paths of \(scripts.first?.entry ?? name) as UI tests: each launches the app with the "
        + "answers",
      "/// of its decisions, taps the controls of its events by their accessibility "
        + "identifiers",
      "/// (`FlowAccessibility`) and waits for each screen it shows.",
      "nonisolated final class \(name): XCTestCase {",
      "  /// How long a step waits for its screen, in seconds.",
      "  private static let timeout: TimeInterval = \(timeout)",
      "",
      "  override func setUpWithError() throws {",
      "    continueAfterFailure = false",
      "  }",
    ]
    for script in scripts {
      lines.append("")
      lines += test(script)
    }
    lines += helpers
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  private static func test(_ script: UITestScript) -> [String] {
    var lines = [
      "  /// \(UITestScript.commentSafe(script.summary)).",
      "  @MainActor",
      "  func test\(upperFirst(script.name))() throws {",
      "    let app = XCUIApplication()",
    ]
    if !script.arguments.isEmpty {
      lines.append(
        "    app.launchArguments += ["
          + script.arguments.map(SwiftWriter.stringLiteral).joined(separator: ", ") + "]")
    }
    lines.append("    app.launch()")
    for step in script.steps {
      lines.append("    // \(UITestScript.commentSafe(step.comment))")
      for action in step.actions {
        lines.append("    " + statement(action))
      }
    }
    lines.append("  }")
    return lines
  }

  private static func statement(_ action: UITestScript.Action) -> String {
    switch action {
    case .expectScreen(let id): "expectScreen(\(SwiftWriter.stringLiteral(id)), in: app)"
    case .tap(let id): "tap(\(SwiftWriter.stringLiteral(id)), in: app)"
    case .back: "goBack(in: app)"
    case .swipeDown(let id): "swipeDown(\(SwiftWriter.stringLiteral(id)), in: app)"
    case .selectTab(let index, _): "selectTab(\(index), in: app)"
    case .stop(let reason): "throw XCTSkip(\(SwiftWriter.stringLiteral(reason)))"
    }
  }

  /// The helpers every test class has.
  private static let helpers: [String] = [
    "",
    "  /// The element with this accessibility identifier, of any type.",
    "  @MainActor",
    "  private func element(_ identifier: String, in app: XCUIApplication) -> XCUIElement {",
    "    app.descendants(matching: .any)[identifier].firstMatch",
    "  }",
    "",
    "  /// Waits for the screen with this identifier, which the router set on its root view.",
    "  @MainActor",
    "  private func expectScreen(",
    "    _ identifier: String, in app: XCUIApplication, file: StaticString = #filePath,",
    "    line: UInt = #line",
    "  ) {",
    "    XCTAssertTrue(",
    "      element(identifier, in: app).waitForExistence(timeout: Self.timeout),",
    "      \"screen \\(identifier) did not appear\", file: file, line: line)",
    "  }",
    "",
    "  /// Taps the control with this identifier: the app puts an event's on the control that",
    "  /// sends it, an alert button's on the button.",
    "  @MainActor",
    "  private func tap(",
    "    _ identifier: String, in app: XCUIApplication, file: StaticString = #filePath,",
    "    line: UInt = #line",
    "  ) {",
    "    let control = element(identifier, in: app)",
    "    XCTAssertTrue(",
    "      control.waitForExistence(timeout: Self.timeout), \"no control \\(identifier)\",",
    "      file: file, line: line)",
    "    control.tap()",
    "  }",
    "",
    "  /// The navigation bar's back button.",
    "  @MainActor",
    "  private func goBack(in app: XCUIApplication) {",
    "    app.navigationBars.buttons.element(boundBy: 0).tap()",
    "  }",
    "",
    "  /// A swipe down on the sheet whose top screen has this identifier.",
    "  @MainActor",
    "  private func swipeDown(_ identifier: String, in app: XCUIApplication) {",
    "    element(identifier, in: app).swipeDown()",
    "  }",
    "",
    "  /// The tab bar's button at this index (0 the first).",
    "  @MainActor",
    "  private func selectTab(_ index: Int, in app: XCUIApplication) {",
    "    app.tabBars.buttons.element(boundBy: index).tap()",
    "  }",
  ]

  private static func upperFirst(_ name: String) -> String {
    name.prefix(1).uppercased() + name.dropFirst()
  }
}
