import FlowCore
import Testing

/// Revision 3's presentation styles in the checks (spec 13.5): a `formSheet` and a `popover`
/// are dismissed by the user like a `sheet` (a swipe down, a tap outside a popover) unless the
/// screen on top says `dismissible: false`; only `fullScreen` has no such gesture. Each test
/// runs every style and expects the sheet's findings for the three that the user dismisses.
@Suite struct PresentationStyleRulesTests {
  /// The styles the user dismisses, and the one they cannot.
  static let dismissible = ["sheet", "formSheet", "popover"]
  static let styles = dismissible + ["fullScreen"]

  private func findings(
    _ coordinators: String, children: ChildRemoval = .generated
  ) throws -> [String] {
    var configuration = Configuration()
    configuration.children = children
    let file = SourceFile(path: "a.flow.yaml", text: flow(coordinators))
    return described(try Pipeline.check([.source(file)], configuration: configuration).findings)
  }

  /// `never-finishes`: a child with no `finish` is left by the user's gesture in a sheet, a
  /// form sheet and a popover, but not in a full-screen modal.
  @Test(arguments: styles)
  func aChildWithoutFinishIsLeftByTheUserUnlessFullScreen(style: String) throws {
    let found = try findings(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { open: { start: Gallery, style: \(style) } } }
      Gallery:
        start: Grid
        screens:
          Grid: { on: { zoom: { push: Photo } } }
          Photo: { on: { like: stay } }
      """)
    if style == "fullScreen" {
      #expect(
        found == [
          "8:3 coordinator 'Gallery' is started by 'App' at the root of a full-screen modal but has no result and cannot be left there, so 'App' never removes it; add a reachable 'finish', or a way out the user can take (the system back, a sheet's swipe) [never-finishes]"
        ])
    } else {
      #expect(found == [])
    }
  }

  /// `dismissible: false` turns the gesture off in every style, and the messages call a form
  /// sheet and a popover a sheet (the start contexts of section 8).
  @Test(arguments: dismissible)
  func dismissibleFalseTurnsTheGestureOffAndTheStyleIsASheet(style: String) throws {
    let found = try findings(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { open: { start: Gallery, style: \(style) } } }
      Gallery:
        start: Grid
        screens:
          Grid: { dismissible: false, on: { like: stay } }
      """)
    #expect(
      found == [
        "8:3 coordinator 'Gallery' is started by 'App' at the root of a sheet but has no result and cannot be left there, so 'App' never removes it; add a reachable 'finish', or a way out the user can take (the system back, a sheet's swipe) [never-finishes]"
      ])
  }

  /// `cannot-finish`: a screen presented in a child, from which the only way on is the
  /// user's dismissal, is no trap in the three dismissible styles, and one in full screen.
  @Test(arguments: styles)
  func aPresentedScreenIsATrapOnlyWithoutTheGesture(style: String) throws {
    let found = try findings(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { pick: { start: Picker, on: { picked: stay } } } }
      Picker:
        result: { picked: ~ }
        start: List
        screens:
          List: { on: { choose: { finish: picked }, info: { present: Info, style: \(style) } } }
          Info: { on: { like: stay } }
      """)
    if style == "fullScreen" {
      #expect(
        found == [
          "13:7 screen 'Info' of coordinator 'Picker' has no path to a 'finish' or out of 'Picker' when 'Picker' is started pushed onto its parent's screen: the user is trapped there and 'Picker' is never removed [cannot-finish]"
        ])
    } else {
      #expect(found == [])
    }
  }

  /// `back-leak` under `children: removed-on-finish`: the user's own swipe (or tap outside)
  /// that leaves a child without `leave` is reported in the dismissible styles only.
  @Test(arguments: styles)
  func theUsersDismissalLeaksAHandWrittenChildInEveryDismissibleStyle(style: String) throws {
    let found = try findings(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { share: { start: Share, style: \(style), on: { sent: stay } } } }
      Share:
        result: { sent: ~ }
        start: Compose
        screens:
          Compose: { on: { send: { finish: sent } } }
      """, children: .removedOnFinish)
    let leaks = found.filter { $0.hasSuffix("[back-leak]") }
    #expect(leaks.count == (style == "fullScreen" ? 0 : 1), "\(found)")
    #expect(leaks.allSatisfy { $0.hasPrefix("12:7 ") }, "\(leaks)")
  }

  /// `invalid-back`: a `dismiss` in a form sheet or a popover closes it, as in any modal
  /// stack; on a screen that is never in one it is invalid whatever else is presented.
  @Test(arguments: styles)
  func dismissInEveryStyleIsValid(style: String) throws {
    let found = try findings(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { filter: { present: Filters, style: \(style) }, close: dismiss } }
          Filters: { on: { done: dismiss } }
      """)
    #expect(
      found.of("invalid-back") == [
        "7:\(67 + style.count) 'dismiss' on screen 'Home' can never happen: the screen is never in a modal stack [invalid-back]"
      ], "\(found)")
    #expect(!found.contains { $0.contains("'Filters'") }, "\(found)")
  }
}

extension [String] {
  /// The described findings of one rule.
  fileprivate func of(_ rule: String) -> [String] { filter { $0.hasSuffix("[\(rule)]") } }
}
