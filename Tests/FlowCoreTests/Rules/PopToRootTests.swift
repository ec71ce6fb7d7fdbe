import FlowCore
import Testing

/// `popToRoot` (spec r2, sections 4, 7, 8 and 9): read in both forms, not allowed on a tab
/// container, going back to the coordinator's bottom screens on its stack in the checks, an
/// `invalid-back` on a screen that is always that bottom, and drawn back to it.
@Suite struct PopToRootTests {
  private func decode(_ text: String) -> (FlowFile?, [Finding]) {
    var findings = Findings()
    let source = SourceFile(path: "a.flow.yaml", text: text)
    let document = YAMLParser.parse(source, findings: &findings)
    let file = FileDecoder.decode(document, path: "a.flow.yaml", findings: &findings)
    return (file, findings.all)
  }

  // MARK: Reading

  @Test func itIsAWordAndAMappingWhoseKeyHasNoValue() throws {
    let (file, findings) = decode(
      flow(
        """
        App:
          start: A
          screens:
            A:
              on:
                home: popToRoot
                done: { popToRoot: ~, payload: Int, doc: Back to the start. }
                quick: { popToRoot }
        """))
    #expect(findings.isEmpty, "\(described(findings))")
    let events = try #require(file?.coordinators.first?.screens.first?.events)
    #expect(events.map(\.action.keyword) == ["popToRoot", "popToRoot", "popToRoot"])
    #expect(events.map { $0.payload?.type } == [nil, .named("Int"), nil])
    #expect(events.map(\.doc) == [nil, "Back to the start.", nil])
  }

  @Test func aValueOrAMisspellingIsASchemaFinding() {
    let (_, findings) = decode(
      flow(
        """
        App:
          start: A
          screens:
            A: { on: { a: { popToRoot: A }, b: popToRot } }
        """))
    #expect(
      described(findings) == [
        "6:34 'popToRoot' takes no value; write '{ popToRoot: ~ }' in a mapping with 'payload' or 'doc', or the whole action: 'a: popToRoot' [schema]",
        "6:42 'popToRot' is not an action; did you mean 'popToRoot'? [schema]",
      ])
  }

  @Test func aTabsHandlerMayNotPopToRoot() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          tabs:
            - start: Feed
              on: { closed: popToRoot, again: { start: Feed, style: sheet, on: { closed: { popToRoot: ~ } } } }
        Feed:
          result: { closed: ~ }
          start: List
          screens:
            List: { on: { close: { finish: closed } } }
        """))
    #expect(
      described(findings.of("schema")) == [
        "7:23 'popToRoot' is not allowed in a tab's handlers: they run on the tab container, which has no navigation stack; use 'present', 'alert', 'decide', 'finish', 'select', 'stay' or a modal 'start' [schema]",
        "7:86 'popToRoot' is not allowed in a tab's handlers: they run on the tab container, which has no navigation stack; use 'present', 'alert', 'decide', 'finish', 'select', 'stay' or a modal 'start' [schema]",
      ])
  }

  // MARK: Checks

  /// The first screen finishes; the screens pushed two deep have no back of their own, and
  /// only `popToRoot` leads back to it.
  private let twoDeep = """
    App:
      entry: true
      start: Home
      screens:
        Home: { on: { next: { start: Wizard, on: { done: stay } } } }
    Wizard:
      result: { done: ~ }
      start: First
      screens:
        First: { on: { next: { push: Second }, done: { finish: done } } }
        Second: { systemBack: false, on: { next: { push: Third } } }
        Third: { systemBack: false, on: { restart: popToRoot } }
    """

  @Test func itLeadsBackToTheFirstScreenSoNoScreenIsTrapped() throws {
    #expect(described(try check(flow(twoDeep))) == [])
  }

  @Test func withoutItTheScreensPushedTwoDeepAreTrapped() throws {
    let text = flow(twoDeep.replacingOccurrences(of: "restart: popToRoot", with: "restart: stay"))
    #expect(
      described(try check(text)).map { $0.prefix(30) } == [
        "13:7 screen 'Second' of coordi", "14:7 screen 'Third' of coordin",
      ])
  }

  /// A `popToRoot` goes back to the screen this coordinator shows by `replace`, not to the
  /// screen it replaced; and it never leaves the coordinator.
  @Test func itGoesBackToTheScreenShownByReplace() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { next: { start: Wizard, style: fullScreen, on: { done: stay } } } }
      Wizard:
        result: { done: ~ }
        start: Intro
        screens:
          Intro: { on: { begin: { replace: First }, done: { finish: done } } }
          First: { on: { next: { push: Second } } }
          Second: { systemBack: false, on: { restart: popToRoot } }
      """)
    #expect(
      described(try check(text)).map { $0.prefix(30) } == [
        "13:7 screen 'First' of coordin", "14:7 screen 'Second' of coordi",
      ])
    let pushed = text.replacingOccurrences(of: "{ replace: First }", with: "{ push: First }")
    #expect(described(try check(pushed)) == [])
  }

  @Test func onTheFirstScreenItIsAnInvalidBack() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { top: popToRoot, next: { push: More }, sheet: { present: Sheet } } }
            More: { on: { top: popToRoot, again: { replace: Again } } }
            Again: { on: { top: popToRoot } }
            Sheet: { on: { top: { popToRoot: ~ }, close: dismiss } }
        """))
    #expect(
      described(findings) == [
        "7:26 'popToRoot' on screen 'Home' can never happen: the screen is always the first 'App' shows on its stack; remove it or use 'stay' [invalid-back]",
        "9:27 'popToRoot' on screen 'Again' can never happen: the screen is always the first 'App' shows on its stack; remove it or use 'stay' [invalid-back]",
        "10:29 'popToRoot' on screen 'Sheet' can never happen: the screen is always the first 'App' shows on its stack; remove it or use 'stay' [invalid-back]",
      ])
  }

  /// On the first screen of a push-style child, a `pop` leaves the child; a `popToRoot`
  /// never does, so it is not a `back-leak` but can never happen.
  @Test func onAChildsFirstScreenItNeverLeaksIntoTheParent() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { next: { start: Child, on: { done: stay } } } }
        Child:
          result: { done: ~ }
          start: Only
          screens:
            Only: { on: { top: popToRoot, done: { finish: done } } }
        """))
    #expect(findings.rules == ["invalid-back"], "\(described(findings))")
  }

  // MARK: Drawing

  @Test func itIsDrawnBackToTheCoordinatorsBottomScreens() throws {
    let diagram = try drawing(
      flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { next: { push: List }, swap: { replace: Other } } }
            Other: { on: { next: { push: List } } }
            List: { on: { next: { push: Detail } } }
            Detail: { on: { home: popToRoot, back: pop } }
        """))
    #expect(
      diagram.edgeLines.filter {
        $0.contains("App_Detail") && !$0.hasSuffix("-> App_Detail \"next\"")
      } == [
        "App_Detail -popToRoot-> App_Home \"home\"",
        "App_Detail -popToRoot-> App_Other \"home\"",
        "App_Detail -pop-> App_List \"back\"",
      ])
    let dot = DOTWriter.write(diagram)
    let lines = dot.split(separator: "\n").filter { $0.contains("App_Detail\" -> ") }
    #expect(lines.contains { $0.contains("\"App_Home\"") && $0.contains("arrowhead=veevee") })
    #expect(lines.contains { $0.contains("\"App_List\"") && !$0.contains("veevee") })
    #expect(DiagramJSON.write(diagram).contains("\"kind\": \"popToRoot\""))
    #expect(MermaidWriter.write(diagram).contains("App_Detail -.-o|\"home\"| App_Home"))
  }
}
