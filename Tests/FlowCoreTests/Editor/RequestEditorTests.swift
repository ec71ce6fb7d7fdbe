import FlowCore
import Testing

/// (r3) Requests in the editor (FLOW-SPEC 13.3): completion of a child's requests in a
/// start's `on:` and of the coordinator's own after `request:`; definition, references and
/// rename across the `requests:` key, each `request:` and the parents' handlers; hover; the
/// outline; the quick fix adding a missing handler.
@Suite struct RequestEditorTests {
  /// `App` starts `Chats`, which asks for its settings and to open a URL.
  static let text = """
    version: 1
    coordinators:
      App:
        entry: true
        requests: { signOutEverywhere: ~ }
        start: Home
        screens:
          Home:
            on:
              chats:
                start: Chats
                on:
                  closed: stay
                  showSettings: { present: Settings }
                  openExternal: stay
                  signOut: { request: signOutEverywhere }
          Settings: { on: { done: dismiss } }
      Chats:
        result: { closed: ~ }
        requests: { showSettings: ~, openExternal: URL, signOut: ~ }
        start: Rooms
        screens:
          Rooms:
            on:
              settings: { request: showSettings }
              again: [{ push: Room }, { request: showSettings }]
              link: { payload: URL, request: openExternal }
              signOut: { request: signOut }
              close: { finish: closed }
          Room: { on: { back: pop } }
    """

  private let module = OneFileModule(Self.text)
  private var editor: EditorModule { module.editor }

  private func at(_ needle: String, _ occurrence: Int = 0) throws -> EditorPosition {
    try module.at(needle, occurrence)
  }

  private func span(_ needle: String, _ occurrence: Int) throws -> EditorLocation {
    try module.span(needle, occurrence)
  }

  @Test func theModuleChecksClean() {
    #expect(editor.check.findings.isEmpty, "\(editor.check.findings.map(\.message))")
  }

  // MARK: Completion

  private func offers(_ marked: String) throws -> [EditorCompletion] {
    try module.offers(marked)
  }

  @Test func aStartsOnOffersTheChildsResultCasesThenItsRequests() throws {
    let offered = try offers(
      """
      version: 1
      coordinators:
        Other:
          entry: true
          start: Top
          screens:
            Top:
              on:
                go:
                  start: Chats
                  on:
                    showSettings: stay
                    ‸
      """)
    #expect(offered.map(\.label) == ["closed", "openExternal", "signOut"])
    #expect(offered.map(\.kind) == [.resultCase, .request, .request])
    #expect(offered.dropFirst().first?.detail == "request, URL")
    // In flow style too.
    let flowStyle = try offers(
      """
      version: 1
      coordinators:
        Other:
          entry: true
          start: Top
          screens:
            Top:
              on:
                go: { start: Chats, on: { closed: stay, s‸ } }
      """)
    #expect(flowStyle.map(\.label) == ["showSettings", "signOut"])
  }

  @Test func afterRequestComeTheCoordinatorsOwnRequests() throws {
    let offered = try offers(
      """
      version: 1
      coordinators:
        Other:
          requests: { ping: ~, open: URL }
          start: Top
          screens:
            Top:
              on:
                go: { request: ‸ }
      """)
    #expect(offered.map(\.label) == ["ping", "open"])
    #expect(offered.allSatisfy { $0.kind == .request })
    #expect(offered.map(\.detail) == ["request", "request, URL"])
  }

  // MARK: Definition, references, rename

  @Test func aRequestsReferencesAreItsRequestActionsAndTheParentsHandlers() throws {
    let definition = try span("showSettings", 1)  // in `requests:`
    let expected = [
      try span("showSettings", 0),  // App's handler
      definition,
      try span("showSettings", 2),  // `settings: { request: showSettings }`
      try span("showSettings", 3),  // the sequence's last element
    ]
    for occurrence in 0..<4 {
      let cursor = try at("showSettings", occurrence)
      #expect(editor.references(at: cursor, in: "a.flow.yaml") == expected, "\(occurrence)")
      #expect(editor.definition(at: cursor, in: "a.flow.yaml") == [definition], "\(occurrence)")
    }
    // A request passed on is the parent's own request.
    #expect(
      editor.definition(at: try at("signOutEverywhere", 1), in: "a.flow.yaml")
        == [try span("signOutEverywhere", 0)])
    // `signOut` is an event of Rooms and a request of Chats: the event is not the request.
    // Its occurrences: 0 in `signOutEverywhere`, 1 App's handler, 2 `signOutEverywhere`, 3
    // the request, 4 Rooms' event, 5 `request: signOut`.
    #expect(
      editor.references(at: try at("signOut", 3), in: "a.flow.yaml")
        == [try span("signOut", 1), try span("signOut", 3), try span("signOut", 5)])
    // A request's payload type is a use of the type: 0 the request's, 1 the event's.
    #expect(
      editor.references(at: try at("URL", 1), in: "a.flow.yaml")
        == [try span("URL", 0), try span("URL", 1)])
  }

  @Test func renamingARequestChangesItsKeyItsActionsAndTheHandlers() throws {
    let edits = try editor.rename(at: try at("showSettings", 2), in: "a.flow.yaml", to: "prefs")
      .get()
    #expect(edits.count == 4)
    let renamed = applying(edits, to: Self.text)
    #expect(renamed == Self.text.replacing("showSettings", with: "prefs"))
    let checked = EditorModule(files: [SourceFile(path: "a.flow.yaml", text: renamed)])
    #expect(checked.check.findings.isEmpty, "\(checked.check.findings.map(\.message))")
    #expect(
      editor.renameRange(at: try at("openExternal", 1), in: "a.flow.yaml")
        == (try span("openExternal", 1)).range)
  }

  @Test func aRenameOfARequestThatCollidesOrBreaksTheNamingRulesIsRefused() throws {
    let cursor = try at("showSettings", 1)
    func refusal(_ name: String) -> String? {
      if case .failure(let refusal) = editor.rename(at: cursor, in: "a.flow.yaml", to: name) {
        return refusal.message
      }
      return nil
    }
    #expect(refusal("closed") == "coordinator 'Chats' already has a result case 'closed'")
    #expect(refusal("openExternal") == "coordinator 'Chats' already has a request 'openExternal'")
    #expect(
      refusal("Prefs") == "'Prefs' is not a name: it must be lowerCamelCase ([a-z][A-Za-z0-9]*)")
    // A result case may not take a request's name either.
    if case .failure(let refusal) = editor.rename(
      at: try at("closed", 1), in: "a.flow.yaml", to: "signOut")
    {
      #expect(refusal.message == "coordinator 'Chats' already has a request 'signOut'")
    } else {
      Issue.record("renaming the result case 'closed' to the request 'signOut' was not refused")
    }
  }

  // MARK: Hover and outline

  @Test func aRequestsHoverGivesItsPayloadAndWhoHandlesIt() throws {
    let hover = try #require(editor.hover(at: try at("openExternal", 2), in: "a.flow.yaml"))
    #expect(
      hover.markdown
        == """
        **request** `openExternal` of `Chats`

        - payload: `URL`
        - handled by `App` (`chats`): `stay`
        """)
    let entry = try #require(editor.hover(at: try at("signOutEverywhere"), in: "a.flow.yaml"))
    #expect(entry.markdown.contains("- payload: none"))
    #expect(entry.markdown.contains("handled by the app"))
  }

  @Test func theOutlineListsACoordinatorsRequestsAmongItsChildren() throws {
    let outline = editor.documentSymbols(in: "a.flow.yaml")
    let chats = try #require(outline.first { $0.name == "Chats" })
    #expect(
      chats.children.map(\.name) == [
        "closed", "showSettings", "openExternal", "signOut", "Rooms", "Room",
      ])
    #expect(chats.children.map(\.kind).prefix(4) == [.resultCase, .request, .request, .request])
    #expect(chats.children.dropFirst(2).first?.detail == "URL")
  }

  // MARK: Quick fix

  @Test func theQuickFixOfAnUnhandledRequestAddsItsHandlerAsStay() throws {
    let text = Self.text.replacing("              openExternal: stay\n", with: "")
      .replacing("              closed: stay\n", with: "")
    #expect(text != Self.text)
    let module = EditorModule(files: [SourceFile(path: "a.flow.yaml", text: text)])
    let start = try #require(position(of: "start: Chats", in: text))
    let actions = module.codeActions(in: "a.flow.yaml", range: EditorRange(at: start))
    let fix = try #require(actions.first { $0.finding?.rule == "unhandled-result" })
    #expect(fix.title == "Handle 'closed' and 'openExternal' with 'stay'")
    let fixed = applying(fix.edits, to: text)
    let checked = EditorModule(files: [SourceFile(path: "a.flow.yaml", text: fixed)])
    #expect(checked.check.findings.isEmpty, "\(checked.check.findings.map(\.message))")
    #expect(fixed.contains("closed: stay") && fixed.contains("openExternal: stay"))
  }
}
