import FlowCore
import Testing

/// Code actions: did-you-mean fixes as edits, the missing handlers of an `unhandled-result`
/// as `stay`, and a `leave:`, each applied to the real text and checked whole.
@Suite struct EditorCodeActionTests {
  private func actions(_ text: String, at needle: String, _ occurrence: Int = 0) throws -> (
    [EditorCodeAction], EditorModule
  ) {
    let editor = EditorModule(files: [SourceFile(path: "a.flow.yaml", text: text)])
    let start = try #require(position(of: needle, in: text, occurrence: occurrence))
    return (editor.codeActions(in: "a.flow.yaml", range: EditorRange(at: start)), editor)
  }

  @Test func aMisspeltScreenAfterNonASCIITextIsFixedToTheSuggestion() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { next: { doc: "Réglages ⚙︎", push: Setings } } }
          Settings: { on: { back: pop } }
      """)
    let (found, _) = try actions(text, at: "Setings")
    let fix = try #require(found.first)
    #expect(fix.title == "Change to 'Settings'")
    #expect(fix.isPreferred)
    #expect(fix.finding?.rule == "unknown-reference")
    #expect(
      applying(fix.edits, to: text) == text.replacing("push: Setings", with: "push: Settings"))
  }

  @Test func aMisspeltKeyIsFixedToo() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        scrrens:
          Home: { on: { next: stay } }
      """)
    let (found, _) = try actions(text, at: "scrrens")
    #expect(found.map(\.title) == ["Change to 'screens'"])
    #expect(applying(found[0].edits, to: text) == text.replacing("scrrens", with: "screens"))
  }

  @Test func theMissingHandlersOfAFlowStyleStartAreAddedAsStay() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { login: { start: Auth, on: { done: stay } } } }
      Auth:
        result: { done: ~, cancelled: ~, failed: ~ }
        start: Login
        screens:
          Login:
            on: { a: { finish: done }, b: { finish: cancelled }, c: { finish: failed } }
      """)
    let (found, _) = try actions(text, at: "start: Auth")
    let fix = try #require(found.first { $0.finding?.rule == "unhandled-result" })
    #expect(fix.title == "Handle 'cancelled' and 'failed' with 'stay'")
    let fixed = applying(fix.edits, to: text)
    #expect(
      fixed
        == text.replacing(
          "on: { done: stay }", with: "on: { done: stay, cancelled: stay, failed: stay }"))
    // The fixed text has no unhandled result any more.
    let checked = EditorModule(files: [SourceFile(path: "a.flow.yaml", text: fixed)])
    #expect(!checked.check.findings.contains { $0.rule == "unhandled-result" })
  }

  @Test func aBlockStyleStartWithoutOnGetsOne() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home:
            on:
              login:
                start: Auth
                style: sheet
            doc: Début
      Auth:
        result: { done: ~ }
        start: Login
        screens:
          Login: { on: { a: { finish: done } } }
      """)
    let (found, _) = try actions(text, at: "start: Auth")
    let fix = try #require(found.first { $0.finding?.rule == "unhandled-result" })
    let fixed = applying(fix.edits, to: text)
    #expect(
      fixed
        == text.replacing(
          "            style: sheet\n",
          with: "            style: sheet\n            on: { done: stay }\n"))
  }

  @Test func aBlockStyleOnGetsTheHandlersOnLinesOfTheirOwn() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home:
            on:
              login:
                start: Auth
                on:
                  done:
                    push: Home
      Auth:
        result: { done: ~, cancelled: ~ }
        start: Login
        screens:
          Login: { on: { a: { finish: done }, b: { finish: cancelled } } }
      """)
    let (found, _) = try actions(text, at: "start: Auth")
    let fix = try #require(found.first { $0.finding?.rule == "unhandled-result" })
    #expect(
      applying(fix.edits, to: text)
        == text.replacing(
          "                push: Home\n",
          with: "                push: Home\n              cancelled: stay\n"))
  }

  @Test func aBackLeakOffersALeave() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { edit: { start: Editor, on: { saved: stay, cancelled: stay } } } }
      Editor:
        result: { saved: String, cancelled: ~ }
        start: Form
        screens:
          Form: { on: { save: { payload: String, finish: saved }, back: pop } }
      """)
    let (found, _) = try actions(text, at: "pop")
    let titles = found.map(\.title)
    #expect(
      titles == [
        "Finish 'Editor' with 'cancelled' when the user leaves it",
        "Drop 'Editor' when the user leaves it (leave: ~)",
      ])
    let fixed = applying(found[0].edits, to: text)
    #expect(
      fixed
        == text.replacing(
          "    result: { saved: String, cancelled: ~ }\n",
          with: "    result: { saved: String, cancelled: ~ }\n    leave: cancelled\n"))
    let checked = EditorModule(files: [SourceFile(path: "a.flow.yaml", text: fixed)])
    #expect(!checked.check.findings.contains { $0.rule == "back-leak" })
  }

  @Test func aCoordinatorsNameOffersALeaveWhenItHasNone() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { next: stay } }
      """)
    let (found, _) = try actions(text, at: "App")
    #expect(found.map(\.title) == ["Drop 'App' when the user leaves it (leave: ~)"])
    #expect(
      applying(found[0].edits, to: text)
        == text.replacing("    entry: true\n", with: "    leave: ~\n    entry: true\n"))
  }
}

/// The one set of fixes behind quick fixes and `flowc check --fix` (``QuickFixes``): which
/// are certain, so that `--fix` writes them.
@Suite struct QuickFixCertaintyTests {
  private func fixes(_ text: String) throws -> [(rule: RuleID, title: String, certain: Bool)] {
    let checked = try Pipeline.check([.source(SourceFile(path: "a.flow.yaml", text: text))])
    let fixes = QuickFixes(
      check: checked, text: SourceText(try #require(checked.sources["a.flow.yaml"])))
    return checked.findings.flatMap { finding in
      fixes.fixes(for: finding).map { (finding.rule, $0.title, $0.isCertain) }
    }
  }

  /// Missing handlers are certain, unless the `on:` they would go into is shared through an
  /// alias (other starts read it); `leave:` is a choice, a did-you-mean with one candidate
  /// certain.
  @Test func handlersAreCertainUnlessSharedAndLeaveNever() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home:
            on:
              a: { start: Auth, on: &handlers { done: stay } }
              b: { start: Auth, on: *handlers }
              c: { start: Auth, on: { done: stay } }
              d: { push: Setings }
          Settings: {}
      Auth:
        result: { done: ~, cancelled: ~ }
        start: Login
        screens:
          Login: { on: { ok: { finish: done }, no: { finish: cancelled }, back: pop } }
      """)
    let found = try fixes(text)
    let certain = found.filter(\.certain).map { "\($0.rule) \($0.title)" }
    #expect(
      certain == [
        "unhandled-result Handle 'cancelled' with 'stay'",
        "unknown-reference Change to 'Settings'",
      ], "\(found)")
    let offered = found.filter { !$0.certain }.map { "\($0.rule) \($0.title)" }
    #expect(offered.contains("unhandled-result Handle 'cancelled' with 'stay'"))
    #expect(offered.contains("back-leak Drop 'Auth' when the user leaves it (leave: ~)"))
    #expect(offered.contains("back-leak Finish 'Auth' with 'cancelled' when the user leaves it"))
  }

  /// A start written in a shared screen (FLOW-SPEC 13.2) gets its missing handlers too: the
  /// start is found where it is written, in the shared screen's file, whichever owner's copy
  /// it is checked in.
  @Test func aStartInASharedScreenGetsItsMissingHandlers() throws {
    let shared = """
      version: 1
      screens:
        Profile:
          on:
            report: { start: Report, on: { sent: stay } }
      """
    let app = """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { profile: { push: Profile } } }
        Report:
          result: { sent: ~, cancelled: ~ }
          start: Form
          screens:
            Form: { on: { send: { finish: sent }, cancel: { finish: cancelled } } }
      """
    let checked = try Pipeline.check([
      .source(SourceFile(path: "app.flow.yaml", text: app)),
      .source(SourceFile(path: "shared.flow.yaml", text: shared)),
    ])
    let fixes = QuickFixes(
      check: checked, text: SourceText(try #require(checked.sources["shared.flow.yaml"])))
    let unhandled = try #require(checked.findings.first { $0.rule == "unhandled-result" })
    #expect(unhandled.file == "shared.flow.yaml")
    #expect(
      fixes.fixes(for: unhandled).map(\.title) == ["Handle 'cancelled' with 'stay'"])
  }
}
