import FlowCore
import Testing

/// Shared screens, decisions and alerts at a file's top level (spec r3, section 13.2): read in
/// file order with their places, the keys of a coordinator's nodes, and no `finish`.
@Suite struct SharedScreenDecodingTests {
  private func decode(_ text: String) -> (FlowFile?, [Finding]) {
    var findings = Findings()
    let source = SourceFile(path: "a.flow.yaml", text: text)
    let document = YAMLParser.parse(source, findings: &findings)
    let file = FileDecoder.decode(document, path: "a.flow.yaml", findings: &findings)
    return (file, findings.all)
  }

  @Test func topLevelScreensDecisionsAndAlertsAreReadInFileOrderWithTheirPlaces() throws {
    let (file, findings) = decode(
      """
      version: 1
      screens:
        Profile:
          input: String
          systemBack: false
          on: { thread: { push: Thread }, ask: { alert: Sure } }
        Thread: { on: { back: pop } }
      decisions:
        Which: { cases: { one: { push: Profile } } }
      alerts:
        Sure: { on: { ok: stay } }
      """)
    #expect(findings.isEmpty, "\(described(findings))")
    let shared = try #require(file?.shared)
    #expect(shared.screens.map(\.name.text) == ["Profile", "Thread"])
    #expect(shared.screens[0].input?.type == .named("String"))
    #expect(shared.screens[0].systemBack == false)
    #expect(shared.screens[0].events.map(\.name.text) == ["thread", "ask"])
    #expect(shared.decisions.map(\.name.text) == ["Which"])
    #expect(shared.alerts.map(\.name.text) == ["Sure"])
    // Located exactly like a coordinator's: from the name to the end of the body.
    #expect(shared.screens[0].name.range.start.line == 3)
    #expect(shared.screens[0].name.range.start.column == 3)
    #expect(shared.screens[1].range.start.line == 7)
    #expect(shared.alerts[0].range.start.line == 11)
    #expect(file?.coordinators.isEmpty == true)
  }

  @Test func aKeyNotAllowedInASharedNodeIsSchemaAtThatKeyWithADidYouMean() throws {
    let findings = try check(
      """
      version: 1
      screens:
        Profile:
          inpt: String
          events: { refresh: stay }
          on: { close: pop }
      alerts:
        Sure: { on: { ok: stay }, systemBack: false }
      """)
    #expect(
      described(findings, rule: "schema") == [
        "4:5 unknown key 'inpt' in screen 'Profile'; did you mean 'input'? [schema]",
        "5:5 unknown key 'events' in screen 'Profile'; expected 'doc', 'input', 'on', "
          + "'systemBack', 'dismissible' or 'lint' [schema]",
        "8:29 unknown key 'systemBack' in alert 'Sure'; expected 'doc', 'input', 'on' or "
          + "'lint' [schema]",
      ])
    #expect(findings.of("schema").first?.subject.description == "screen 'Profile' › key 'inpt'")
    // A shared node with a schema error causes no findings of other rules.
    #expect(findings.of("unreachable-screen").isEmpty, "\(described(findings))")
  }

  @Test func aMisspeltTopLevelKeySuggestsTheSharedOnes() throws {
    let findings = try check("version: 1\nalert:\n  Sure: { on: { ok: stay } }\n")
    #expect(
      described(findings) == [
        "2:1 unknown key 'alert' in the file; did you mean 'alerts'? [schema]"
      ])
  }

  @Test func finishIsNotAllowedInASharedNodeAtAnyDepth() throws {
    let findings = try check(
      """
      version: 1
      screens:
        Profile:
          on:
            done: { finish: closed }
            more: [pop, { finish: closed }]
            child: { start: Child, on: { over: { finish: closed } } }
      decisions:
        Which: { cases: { one: { finish: closed } } }
      alerts:
        Sure: { on: { ok: { finish: closed } } }
      coordinators:
        Child:
          result: { over: ~ }
          start: C
          screens:
            C: { on: { over: { finish: over } } }
      """)
    let screenMessage =
      "'finish' is not allowed in a shared screen: it would finish whichever coordinator "
      + "shows it, whose result cases are not known here [schema]"
    #expect(
      described(findings, rule: "schema") == [
        "5:15 " + screenMessage,
        "6:21 " + screenMessage,
        "7:44 " + screenMessage,
        "9:28 'finish' is not allowed in a shared decision: it would finish whichever "
          + "coordinator shows it, whose result cases are not known here [schema]",
        "11:23 'finish' is not allowed in a shared alert: it would finish whichever "
          + "coordinator shows it, whose result cases are not known here [schema]",
      ])
    #expect(
      findings.of("schema").map(\.subject.description).prefix(3) == [
        "screen 'Profile' › event 'done'", "screen 'Profile' › event 'more' › element '1'",
        "screen 'Profile' › event 'child' › handler 'over'",
      ])
  }

  @Test func aFileWithoutSharedNodesDecodesAsBefore() throws {
    let (file, findings) = decode(flow("App: { entry: true, start: A, screens: { A: {} } }"))
    #expect(findings.isEmpty)
    #expect(file?.shared == SharedNodes())
  }
}
