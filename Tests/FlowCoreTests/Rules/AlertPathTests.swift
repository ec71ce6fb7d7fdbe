import FlowCore
import Testing

/// What an alert does in the paths of spec section 8: `alert` leads to its node, and its
/// buttons act on the screen that showed it, like a decision's cases. A `push` from a button
/// pushes on that screen's stack, a `finish` in a button is a way to finish, and a `pop` or
/// `dismiss` in a button is judged on that screen and placed at the button's action. An
/// alert is not a modal stack: it moves nothing.
@Suite struct AlertPathTests {
  /// `Sheet` is presented or pushed from `Home`; its alert's buttons dismiss, or push `Deep`
  /// on the stack `Sheet` is on.
  private func shown(_ how: String) -> String {
    flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { open: { \(how): Sheet } } }
          Sheet: { on: { ask: { alert: Close } } }
          Deep: { on: { close: dismiss, back: pop } }
        alerts:
          Close: { on: { close: dismiss, deep: { push: Deep } } }
      """)
  }

  @Test func aButtonActsOnTheStackOfTheScreenThatShowedTheAlert() throws {
    // Presented: the alert's dismiss closes the sheet, and Deep is pushed onto the sheet.
    #expect(described(try check(shown("present"))) == [])
    // Pushed: there is no modal stack for either dismiss, not even the alert's own.
    #expect(
      described(try check(shown("push")), rule: "invalid-back") == [
        "9:28 'dismiss' on screen 'Deep' can never happen: the screen is never in a modal stack [invalid-back]",
        "11:29 'dismiss' in alert 'Close' can never happen: the screen is never in a modal stack [invalid-back]",
      ])
  }

  @Test func aBackActionInAButtonIsJudgedOnTheScreenThatShowedIt() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { ask: { alert: Leave }, next: { push: Next } } }
          Next: { on: { ask: { alert: Leave } } }
        alerts:
          Leave: { on: { back: pop, stay: stay } }
      """)
    // Shown from Next, its pop goes back to Home: not wrong in every way it can be shown.
    #expect(described(try check(text)) == [])
    let onlyHome = text.replacingOccurrences(
      of: "Next: { on: { ask: { alert: Leave } } }", with: "Next: { on: { ok: stay } }")
    #expect(
      described(try check(onlyHome)) == [
        "10:28 'pop' in alert 'Leave' can never happen: it is the bottom of a navigation stack there, with nothing of 'App' below [invalid-back]"
      ])
  }

  /// The defect the issue found in a real app: an alert's button that dismisses a child's
  /// sheet without finishing it.
  @Test func aBackActionInAButtonThatLeavesAChildIsABackLeak() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { open: { start: Child, style: sheet, on: { done: stay } } } }
      Child:
        result: { done: ~ }
        start: First
        screens:
          First: { on: { ask: { alert: Delete }, done: { finish: done } } }
        alerts:
          Delete: { on: { delete: dismiss, keep: stay } }
      """)
    #expect(
      described(try check(text)) == [
        "14:31 'dismiss' in alert 'Delete' closes a modal stack presented from outside 'Child' without finishing it: generated code drops it, but a hand-written coordinator that removes children only when they finish would leak it; finish with a result instead, or say what leaving means with 'leave' [back-leak]"
      ])
  }

  /// A pushed screen without the system back whose only way out is an alert's button.
  private let trap = """
    App:
      entry: true
      start: Home
      screens:
        Home: { on: { open: { start: Wizard, on: { done: stay } } } }
    Wizard:
      result: { done: ~ }
      start: First
      screens:
        First: { on: { next: { push: Trap } } }
        Trap: { systemBack: false, on: { ask: { alert: Finish } } }
      alerts:
        Finish: { on: { done: { finish: done }, later: stay } }
    """

  @Test func aFinishInAButtonIsAWayOutForCannotFinish() throws {
    #expect(described(try check(flow(trap))) == [])
    let stuck = trap.replacingOccurrences(of: "done: { finish: done }", with: "done: stay")
    #expect(
      described(try check(flow(stuck)), rule: "cannot-finish") == [
        "13:7 screen 'Trap' of coordinator 'Wizard' has no path to a 'finish' or out of 'Wizard' when 'Wizard' is started pushed onto its parent's screen: the user is trapped there and 'Wizard' is never removed [cannot-finish]"
      ])
  }

  @Test func aFinishInAButtonIsAWayOutForNeverFinishes() throws {
    let text = """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { open: { start: Terms, style: fullScreen, on: { accepted: stay } } } }
      Terms:
        result: { accepted: ~ }
        start: Read
        screens:
          Read: { on: { accept: { alert: Sure } } }
        alerts:
          Sure: { on: { yes: { finish: accepted }, no: stay } }
      """
    #expect(described(try check(flow(text))) == [])
    let never = text.replacingOccurrences(of: "yes: { finish: accepted }", with: "yes: stay")
    #expect(
      described(try check(flow(never)), rule: "never-finishes").map { $0.prefix(70) } == [
        "8:3 coordinator 'Terms' is started by 'App' at the root of a full-scre"
      ])
  }

  @Test func whatOnlyAButtonReachesIsReachable() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { ask: { alert: Sure } } }
          Found: { on: { back: pop } }
        alerts:
          Sure: { on: { open: { push: Found }, no: stay } }
      """)
    #expect(described(try check(text)) == [])
  }

  // MARK: Drawing

  @Test func anAlertIsANodeOfItsOwnKindWithItsButtonsLeavingFromIt() throws {
    let diagram = try drawing(
      flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { next: { push: List } } }
            List: { on: { remove: { alert: Sure } } }
          alerts:
            Sure: { on: { remove: pop, keep: stay } }
        """))
    #expect(diagram.node("App_Sure")?.kind == .alert)
    #expect(
      diagram.edgeLines.filter { $0.contains("App_Sure") } == [
        "App_List -alert-> App_Sure \"remove\"",
        "App_Sure -pop-> App_Home \"remove\"",
        "App_Sure -stay-> App_Sure \"keep\"",
      ])
    let dot = DOTWriter.write(diagram)
    #expect(dot.contains("\"App_Sure\" [shape=octagon"))
    #expect(
      dot.split(separator: "\n").contains {
        $0.contains("\"App_List\" -> \"App_Sure\"") && $0.contains("arrowhead=dot")
      })
    #expect(MermaidWriter.write(diagram).contains("App_List --o|\"remove\"| App_Sure"))
    let json = DiagramJSON.write(diagram)
    #expect(json.contains("\"kind\": \"alert\""))
  }
}
