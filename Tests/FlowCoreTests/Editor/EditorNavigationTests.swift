import FlowCore
import Testing

/// Definition, references and rename: names found by their place in real flow text, across
/// files, with non-ASCII text before them on the line (UTF-16 columns).
@Suite struct EditorNavigationTests {
  /// `main` starts `Auth`, which `auth` defines; a doc with non-ASCII text stands before the
  /// names on their lines.
  static let main = """
    version: 1
    coordinators:
      App:
        entry: true
        start: Home
        screens:
          Home:
            on:
              login: { doc: "Début → 🔑", start: Auth, on: { done: { push: Home }, cancelled: stay } }
    """
  static let auth = """
    version: 1
    types:
      User: external
    coordinators:
      Auth:
        result: { done: User, cancelled: ~ }
        start: Login
        screens:
          Login:
            on:
              ok: { payload: User, finish: done }
              forgot: { doc: "Mot de passe oublié", push: Forgot }
              close: { finish: cancelled }
          Forgot: { input: User?, on: { back: pop, sent: { push: Login } } }
    """

  private func module() -> EditorModule {
    EditorModule(files: [
      SourceFile(path: "main.flow.yaml", text: Self.main),
      SourceFile(path: "auth.flow.yaml", text: Self.auth),
    ])
  }

  private func at(_ needle: String, in text: String, _ occurrence: Int = 0) throws -> EditorPosition
  {
    try #require(position(of: needle, in: text, occurrence: occurrence))
  }

  @Test func theDefinitionOfACoordinatorIsInTheFileThatDefinesIt() throws {
    let editor = module()
    // The cursor inside `Auth`, after "Début → 🔑" (the emoji is two UTF-16 units).
    var cursor = try at("Auth", in: Self.main)
    cursor.character += 2
    let found = editor.definition(at: cursor, in: "main.flow.yaml")
    let start = try at("Auth:", in: Self.auth)
    #expect(
      found == [
        EditorLocation(
          path: "auth.flow.yaml",
          range: EditorRange(
            start: start, end: EditorPosition(line: start.line, character: start.character + 4)))
      ])
  }

  @Test func aUTF16ColumnPastTheEmojiStillFindsTheName() throws {
    let editor = module()
    let cursor = try at("Auth", in: Self.main)
    let symbol = try #require(editor.symbol(at: cursor, in: "main.flow.yaml"))
    #expect(symbol.symbol == .coordinator("Auth"))
    // Counting scalars instead of UTF-16 units would put the name one column to the left.
    #expect(symbol.range.start == cursor)
    let before = EditorPosition(line: cursor.line, character: cursor.character - 3)
    #expect(editor.symbol(at: before, in: "main.flow.yaml") == nil)
  }

  @Test func theReferencesOfAResultCaseSpanTheFinishesAndTheParentsHandlers() throws {
    let editor = module()
    let cursor = try at("done", in: Self.auth, 1)  // in `finish: done`
    let found = editor.references(at: cursor, in: "auth.flow.yaml")
    let expected = [
      EditorLocation(path: "auth.flow.yaml", range: try span("done", in: Self.auth, 0)),
      EditorLocation(path: "auth.flow.yaml", range: try span("done", in: Self.auth, 1)),
      EditorLocation(path: "main.flow.yaml", range: try span("done", in: Self.main, 0)),
    ]
    #expect(found == expected)
    #expect(
      editor.references(at: cursor, in: "auth.flow.yaml", includeDefinitions: false)
        == Array(expected.dropFirst()))
    // The definition of the handler's case is the child's result case.
    #expect(
      editor.definition(at: try at("done", in: Self.main), in: "main.flow.yaml") == [expected[0]])
  }

  @Test func theReferencesOfATypeIncludeItsUsesInsideTypeExpressions() throws {
    let editor = module()
    let found = editor.references(at: try at("User", in: Self.auth), in: "auth.flow.yaml")
    #expect(found.count == 4)  // declared, a result payload, an event payload, in `User?`
    #expect(found.last?.range == (try span("User", in: Self.auth, 3)))
  }

  @Test func renamingAScreenChangesItsDefinitionAndEveryAction() throws {
    let editor = module()
    let edits = try editor.rename(
      at: try at("Login", in: Self.auth, 1), in: "auth.flow.yaml", to: "SignIn"
    ).get()
    #expect(edits.count == 3)
    #expect(
      applying(edits, to: Self.auth)
        == Self.auth.replacing("Login", with: "SignIn"))
  }

  /// Revision 3: the targets of a sequence's elements, in the list form and in `do:`, lead
  /// to their definitions and are renamed with them.
  @Test func definitionAndRenameGoThroughTheElementsOfASequence() throws {
    let text = """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { deep: [{ push: List }, { push: Item }], again: { do: [popToRoot, { push: Item }] } } }
            List: { on: { open: { push: Item } } }
            Item: { on: { up: pop } }
      """
    let editor = EditorModule(files: [SourceFile(path: "a.flow.yaml", text: text)])
    let definition = try at("Item:", in: text)
    for occurrence in 0..<2 {
      let found = editor.definition(at: try at("Item", in: text, occurrence), in: "a.flow.yaml")
      #expect(found.map(\.range.start) == [definition], "\(occurrence)")
    }
    let edits = try editor.rename(
      at: try at("Item", in: text, 1), in: "a.flow.yaml", to: "Entry"
    ).get()
    #expect(edits.count == 4)
    #expect(applying(edits, to: text) == text.replacing("Item", with: "Entry"))
  }

  @Test func renamingACoordinatorChangesItAcrossFiles() throws {
    let editor = module()
    let edits = try editor.rename(
      at: try at("Auth", in: Self.auth), in: "auth.flow.yaml", to: "SignUp"
    ).get()
    #expect(Set(edits.map(\.path)) == ["main.flow.yaml", "auth.flow.yaml"])
    let main = applying(edits.filter { $0.path == "main.flow.yaml" }, to: Self.main)
    #expect(main == Self.main.replacing("start: Auth", with: "start: SignUp"))
  }

  @Test func aRenameThatBreaksTheNamingRulesOrCollidesIsRefused() throws {
    let editor = module()
    let login = try at("Login", in: Self.auth)
    func refusal(_ name: String, at position: EditorPosition) -> String? {
      guard case .failure(let refusal) = editor.rename(at: position, in: "auth.flow.yaml", to: name)
      else { return nil }
      return refusal.message
    }
    #expect(refusal("signIn", at: login)?.contains("UpperCamelCase") == true)
    #expect(refusal("String", at: login)?.contains("reserved") == true)
    #expect(refusal("Forgot", at: login)?.contains("already has") == true)
    let done = try at("done", in: Self.auth)
    #expect(refusal("cancelled", at: done)?.contains("already has a result case") == true)
    #expect(refusal("Done", at: done)?.contains("lowerCamelCase") == true)
    let user = try at("User", in: Self.auth)
    #expect(refusal("AuthResult", at: user)?.contains("coordinator 'Auth'") == true)
    #expect(refusal("Person", at: user) == nil)
  }

  @Test func aQuotedNameIsRenamedInsideItsQuotes() throws {
    let text = """
      version: 1
      coordinators:
        App:
          entry: true
          start: "Home"
          screens:
            Home: { on: { again: { push: 'Home' } } }
      """
    let editor = EditorModule(files: [SourceFile(path: "a.flow.yaml", text: text)])
    let edits = try editor.rename(
      at: try at("Home", in: text, 2), in: "a.flow.yaml", to: "Start"
    ).get()
    #expect(applying(edits, to: text) == text.replacing("Home", with: "Start"))
    #expect(
      editor.renameRange(at: try at("Home", in: text), in: "a.flow.yaml")
        == (try span("Home", in: text, 0)))
  }

  @Test func aBuiltinTypeHasNoDefinitionAndCannotBeRenamed() throws {
    let text = flow(
      """
      App:
        entry: true
        input: String
        start: Home
        screens:
          Home: { on: { stay: stay } }
      """)
    let editor = EditorModule(files: [SourceFile(path: "a.flow.yaml", text: text)])
    let cursor = try at("String", in: text)
    #expect(editor.definition(at: cursor, in: "a.flow.yaml").isEmpty)
    #expect(editor.renameRange(at: cursor, in: "a.flow.yaml") == nil)
  }

  @Test func aNameWrittenOnceAndReadThroughAnAliasIsEditedOnce() throws {
    let text = """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: &again { again: { push: Home } } }
            Other: { on: *again }
      """
    let editor = EditorModule(files: [SourceFile(path: "a.flow.yaml", text: text)])
    let cursor = try at("Home", in: text, 1)
    // Both screens read `push: Home`, written once: one place, one edit.
    #expect(editor.references(at: cursor, in: "a.flow.yaml").count == 3)
    let edits = try editor.rename(at: cursor, in: "a.flow.yaml", to: "Start").get()
    #expect(applying(edits, to: text) == text.replacing("Home", with: "Start"))
  }

  private func span(_ needle: String, in text: String, _ occurrence: Int) throws -> EditorRange {
    let start = try at(needle, in: text, occurrence)
    return EditorRange(
      start: start,
      end: EditorPosition(line: start.line, character: start.character + needle.utf16.count))
  }
}
