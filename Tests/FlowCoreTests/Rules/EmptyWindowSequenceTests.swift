import FlowCore
import Testing

/// `empty-window` (spec 13.7) where an entry's start decision presents a stack and the rest
/// of its sequence shows more on it (13.1): the user is on what the last element shows, and
/// closes the stack from there. Reported at the `present`, once; not reported when nothing
/// the user reaches can close it.
@Suite struct EmptyWindowSequenceTests {
  private func findings(_ cases: String, screens: String, more: String = "") throws -> [String] {
    let text = """
      App:
        entry: true
        start: Launch
        decisions:
          Launch:
            cases:
      \(cases.split(separator: "\n").map { "        \($0)" }.joined(separator: "\n"))
        screens:
      \(screens.split(separator: "\n").map { "    \($0)" }.joined(separator: "\n"))
      \(more)
      """
    return described(try check(flow(text)), rule: "empty-window")
  }

  /// The sheet's first screen cannot be swiped down, but the child the sequence starts on
  /// it can: the swipe takes the sheet, the child with it, and the window is empty.
  @Test func aChildStartedOnTheSheetCanCloseIt() throws {
    let tour = """
      Tour:
        start: Page
        screens:
          Page: { on: { next: stay } }
      """
    #expect(
      try findings(
        "intro: [{ present: Welcome }, { start: Tour }]",
        screens: "Welcome: { dismissible: false, on: { next: stay } }", more: tour) == [
          "9:21 when the user closes this sheet (a swipe down), the window is left empty: 'App' shows no screen below it, and an entry is never left; push a screen instead, or present it from one [empty-window]"
        ])
    // Nor the child's screen: the stack stays.
    #expect(
      try findings(
        "intro: [{ present: Welcome }, { start: Tour }]",
        screens: "Welcome: { dismissible: false, on: { next: stay } }",
        more: tour.replacingOccurrences(of: "Page: { on", with: "Page: { dismissible: false, on")
      ).isEmpty)
  }

  /// A full-screen stack has no swipe; a `dismiss` on the screen the sequence pushes onto it
  /// closes it, one on a screen it never shows does not.
  @Test func aDismissOnThePushedScreenClosesAFullScreenStack() throws {
    #expect(
      try findings(
        "a: [{ present: Welcome, style: fullScreen }, { push: Tour }]",
        screens: """
          Welcome: { on: { next: stay } }
          Tour: { on: { close: dismiss } }
          """) == [
          "9:17 when the user closes this full-screen modal ('dismiss'), the window is left empty: 'App' shows no screen below it, and an entry is never left; push a screen instead, or present it from one [empty-window]"
        ])
    #expect(
      try findings(
        "a: [{ present: Welcome, style: fullScreen }, { push: Tour }]",
        screens: """
          Welcome: { on: { next: stay } }
          Tour: { on: { next: stay } }
          Other: { on: { close: dismiss } }
          """
      ).filter { !$0.contains("unreachable") }.isEmpty)
  }

  /// Every screen the sequence shows on the sheet says `dismissible: false`: nothing closes it.
  @Test func aSheetNothingOnItCanCloseIsNoFinding() throws {
    #expect(
      try findings(
        "c: [{ present: Hello }, { push: There }]",
        screens: """
          Hello: { dismissible: false, on: { next: stay } }
          There: { dismissible: false, on: { next: stay } }
          """
      ).isEmpty)
  }
}
