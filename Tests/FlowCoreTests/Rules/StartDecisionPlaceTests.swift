import FlowCore
import Testing

/// A start decision acts on whatever is below its coordinator, however it is reached: from
/// the start, from a handler run there, from an external event, or decided again from a
/// screen (spec section 8). A child without result that it starts, while its coordinator
/// starts at the root of a stack, is permanent (section 8, "Permanent") whichever way the
/// decision was reached.
@Suite struct StartDecisionPlaceTests {
  private func findings(_ coordinators: String) throws -> [String] {
    described(try check(flow(coordinators)))
  }

  /// `Dash` has no result and no way out: it is the app for as long as `Launch` shows it.
  private let dash = """
    Dash:
      start: Board
      screens:
        Board: { systemBack: false, on: { like: stay } }
    """

  /// An entry whose start decision `Launch` starts `Dash` or shows `Intro` with `show`, and
  /// reaches `Launch` again by `again` (an event, a screen's or an alert's).
  private func app(show: String, intro: String = "stay", extra: String = "") -> String {
    """
    App:
      entry: true
      start: Launch
      decisions:
        Launch: { cases: { ready: { start: Dash }, intro: \(show) } }
      screens:
        Intro: { on: { ok: \(intro) } }
    \(extra)
    """ + "\n" + dash
  }

  @Test func anExternalEventDecidingTheStartDecisionStartsAPermanentChild() throws {
    for show in ["{ push: Intro }", "{ present: Intro }", "{ present: Intro, style: fullScreen }"] {
      let text = app(show: show, extra: "  events:\n    reset: { decide: Launch }")
      // A sheet the user can swipe away with nothing below leaves the window empty (13.7).
      let empty =
        show == "{ present: Intro }"
        ? [
          "7:59 when the user closes this sheet (a swipe down), the window is left empty: 'App' shows no screen below it, and an entry is never left; push a screen instead, or present it from one [empty-window]"
        ] : []
      #expect(try findings(text) == empty, "\(show)")
    }
  }

  @Test func anAlertAnEventShowsCanDecideTheStartDecision() throws {
    let text = app(
      show: "{ push: Intro }",
      extra: """
          events:
            reset: { alert: Sure }
          alerts:
            Sure: { on: { yes: { decide: Launch }, no: stay } }
        """)
    let found = try findings(text)
    #expect(found == [], "\(found)")
  }

  @Test func aScreenDecidingTheStartDecisionAgainStartsAPermanentChild() throws {
    let found = try findings(app(show: "{ push: Intro }", intro: "{ decide: Launch }"))
    #expect(found == [], "\(found)")
  }

  /// In a modal child too, which starts at the root of a stack of its own.
  @Test func aModalChildsStartDecisionReachedFromAnEventStartsAPermanentChild() throws {
    func text(_ style: String) -> String {
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { open: { start: Flow, style: \(style), on: { done: stay } } } }
      Flow:
        result: { done: ~ }
        start: Launch
        decisions:
          Launch: { cases: { ready: { start: Dash }, intro: { push: Intro } } }
        screens:
          Intro: { on: { ok: { finish: done } } }
        events:
          reset: { decide: Launch }
      """ + "\n" + dash
    }
    let fullScreen = try findings(text("fullScreen"))
    #expect(fullScreen == [], "\(fullScreen)")
    let sheet = try findings(text("sheet"))
    #expect(sheet == [], "\(sheet)")
    // Pushed onto its parent's screen, `Flow` does not start at the root of a stack: `Dash`
    // sits on `Home` and is not permanent.
    let found = try findings(text("push"))
    #expect(
      found == [
        "17:3 coordinator 'Dash' is started by 'Flow' pushed onto its parent's screen but has no "
          + "result and cannot be left there, so 'Flow' never removes it; add a reachable "
          + "'finish', or a way out the user can take (the system back, a sheet's swipe) "
          + "[never-finishes]"
      ], "\(found)")
  }

  /// Decided from an event, the start decision still acts below the coordinator: a `pop` on
  /// the screen it pushes, which is then the bottom of the entry's stack, can never happen.
  @Test func aScreenTheStartDecisionPushesIsAlwaysTheBottom() throws {
    let text = app(
      show: "{ push: Intro }", intro: "pop", extra: "  events:\n    reset: { decide: Launch }")
    let found = try findings(text)
    #expect(
      found == [
        "9:26 'pop' on screen 'Intro' can never happen: it is the bottom of a navigation stack "
          + "there, with nothing of 'App' below [invalid-back]"
      ], "\(found)")
  }
}
