import FlowCore
import Testing

/// The editor features on a module with shared screens (FLOW-SPEC 13.2), which the language
/// server answers from: a shared node is one symbol whichever coordinator shows it, so its
/// definition, references and rename reach across its owners, completion offers it where an
/// action may name it, and hover names its owners.
@Suite struct SharedScreenEditorTests {
  static let text = """
    version: 1
    screens:
      Profile:
        on:
          thread: { push: Thread }
          back: pop
      Thread: { on: { profile: { push: Profile }, back: pop } }
    alerts:
      Sure: { on: { ok: stay } }
    coordinators:
      Home:
        entry: true
        start: Feed
        screens:
          Feed: { on: { author: { push: Profile }, ask: { alert: Sure } } }
      Search:
        entry: true
        start: Thread

    """

  @Test func everyFeatureAnswersAtEveryPosition() throws {
    let file = SourceFile(path: "a.flow.yaml", text: Self.text)
    let editor = EditorModule(files: [file])
    let lines = Self.text.split(separator: "\n", omittingEmptySubsequences: false)
    var answered = 0
    for (line, content) in lines.enumerated() {
      for character in 0...content.utf16.count {
        let position = EditorPosition(line: line, character: character)
        _ = editor.hover(at: position, in: file.path)
        _ = editor.completions(at: position, in: file.path)
        _ = editor.references(at: position, in: file.path)
        _ = editor.renameRange(at: position, in: file.path)
        _ = editor.rename(at: position, in: file.path, to: "Renamed")
        answered += editor.definition(at: position, in: file.path).count
        let range = EditorRange(start: position, end: position)
        _ = editor.codeActions(in: file.path, range: range)
      }
    }
    _ = editor.documentSymbols(in: file.path)
    #expect(answered > 0)
  }

  @Test func aSharedScreenNamedInAnActionLeadsToItsDefinition() throws {
    let file = SourceFile(path: "a.flow.yaml", text: Self.text)
    let editor = EditorModule(files: [file])
    // `push: Profile` in Feed's `author`: the third `Profile` of the file.
    let place = try #require(position(of: "Profile", in: Self.text, occurrence: 2))
    #expect(place.line == 14)
    let found = editor.definition(at: place, in: file.path)
    #expect(found.map(\.range.start.line) == [2], "\(found)")
  }

  private var editor: EditorModule {
    EditorModule(files: [SourceFile(path: "a.flow.yaml", text: Self.text)])
  }

  /// The lines (0-based) of `locations`, in order.
  private func lines(_ locations: [EditorLocation]) -> [Int] { locations.map(\.range.start.line) }

  @Test func aNameInASharedScreensActionLeadsToTheSharedDefinition() throws {
    // `push: Profile` in shared Thread: the second `Profile` of the file.
    let place = try #require(position(of: "Profile", in: Self.text, occurrence: 1))
    #expect(place.line == 6)
    #expect(lines(editor.definition(at: place, in: "a.flow.yaml")) == [2])
  }

  @Test func theReferencesOfASharedScreenAreEachWrittenNameOnceAcrossItsOwners() throws {
    // Home and Search both own Profile; each place is listed once, not once per owner.
    let place = try #require(position(of: "Profile", in: Self.text))
    #expect(lines(editor.references(at: place, in: "a.flow.yaml")) == [2, 6, 14])
    let thread = try #require(position(of: "Thread", in: Self.text))
    #expect(lines(editor.references(at: thread, in: "a.flow.yaml")) == [4, 6, 17])
    #expect(
      lines(editor.references(at: thread, in: "a.flow.yaml", includeDefinitions: false))
        == [4, 17])
  }

  @Test func renamingASharedScreenRenamesItEverywhereItIsWritten() throws {
    let place = try #require(position(of: "Profile", in: Self.text, occurrence: 2))
    let edits = try editor.rename(at: place, in: "a.flow.yaml", to: "Person").get()
    #expect(edits.count == 3)
    let renamed = applying(edits, to: Self.text)
    #expect(!renamed.contains("Profile"))
    #expect(renamed.components(separatedBy: "Person").count == 4)
    // The renamed module checks as the original did: no finding names a missing screen.
    let checked = EditorModule(files: [SourceFile(path: "a.flow.yaml", text: renamed)])
    #expect(!checked.check.findings.contains { $0.rule == "unknown-reference" })
  }

  @Test func aRenameIntoTheSharedNamespaceIsRefused() throws {
    let profile = try #require(position(of: "Profile", in: Self.text))
    // Another shared node's name, and a coordinator's own screen's (13.2: duplicate-name).
    for (name, refusal) in [
      ("Thread", "a shared screen, decision or alert named 'Thread' already exists"),
      ("Feed", "coordinator 'Home' has a screen, decision or alert named 'Feed'"),
    ] {
      guard case .failure(let why) = editor.rename(at: profile, in: "a.flow.yaml", to: name) else {
        Issue.record("renaming Profile to \(name) was not refused")
        continue
      }
      #expect(why.message == refusal)
    }
    // A coordinator's own screen may not take a shared name either.
    let feed = try #require(position(of: "Feed", in: Self.text))
    guard case .failure(let why) = editor.rename(at: feed, in: "a.flow.yaml", to: "Profile") else {
      Issue.record("renaming Feed to Profile was not refused")
      return
    }
    #expect(why.message == "a shared screen, decision or alert named 'Profile' already exists")
  }

  @Test func hoverNamesTheOwnersOfASharedScreenAndHowEachShowsIt() throws {
    let place = try #require(position(of: "Profile", in: Self.text))
    let shown = try #require(editor.hover(at: place, in: "a.flow.yaml")).markdown
    #expect(shown.hasPrefix("**shared screen** `Profile`"), "\(shown)")
    #expect(shown.contains("- owners: `Home`, `Search`"), "\(shown)")
    #expect(shown.contains("- in `Home`: pushed from `Feed`, `Thread`"), "\(shown)")
    #expect(shown.contains("- in `Search`: pushed from `Thread`"), "\(shown)")
    let sure = try #require(position(of: "Sure", in: Self.text))
    let alert = try #require(editor.hover(at: sure, in: "a.flow.yaml")).markdown
    #expect(alert.contains("**shared alert** `Sure`") && alert.contains("- owners: `Home`"))
  }

  @Test func hoverSaysASharedScreenNoCoordinatorReachesIsShownByNone() throws {
    let text = """
      version: 1
      screens:
        Lonely: { on: { back: pop } }
      coordinators:
        App: { entry: true, start: Home, screens: { Home: { on: { stay: stay } } } }

      """
    let editor = EditorModule(files: [SourceFile(path: "a.flow.yaml", text: text)])
    let place = try #require(position(of: "Lonely", in: text))
    let shown = try #require(editor.hover(at: place, in: "a.flow.yaml")).markdown
    #expect(shown.contains("shown by no coordinator"), "\(shown)")
  }

  /// The labels offered at the cursor `‸` of `marked`.
  private func offered(_ marked: String) throws -> [String] {
    let file = MarkedFile("a.flow.yaml", marked)
    let cursor = try #require(file.cursor)
    return EditorModule(files: [file.file]).completions(at: cursor, in: file.path).map(\.label)
  }

  @Test func afterPushACoordinatorIsOfferedItsOwnScreensThenTheSharedOnes() throws {
    let marked = Self.text.replacingOccurrences(
      of: "ask: { alert: Sure }", with: "ask: { alert: Sure }, more: { push: ‸ }")
    #expect(try offered(marked) == ["Feed", "Profile", "Thread"])
  }

  @Test func afterPushASharedScreenIsOfferedTheSharedScreensOnly() throws {
    let marked = Self.text.replacingOccurrences(
      of: "thread: { push: Thread }", with: "thread: { push: ‸ }")
    #expect(try offered(marked) == ["Profile", "Thread"])
    let alert = Self.text.replacingOccurrences(of: "ok: stay", with: "ok: { alert: ‸ }")
    #expect(try offered(alert) == ["Sure"])
  }

  @Test func insideASharedScreenItsKeysAreOffered() throws {
    let marked = Self.text.replacingOccurrences(
      of: "  Profile:\n", with: "  Profile:\n    ‸\n")
    let keys = try offered(marked)
    #expect(keys.contains("input") && keys.contains("systemBack"), "\(keys)")
  }

  @Test func aLinksToOffersTheSharedScreensForARelativeLink() throws {
    let marked =
      Self.text + """
        links:
          profile: { url: "/p", to: ‸ }

        """
    #expect(try offered(marked) == ["Home", "Search", "Profile", "Thread"])
  }

  @Test func theOutlineListsSharedNodesOnceAtTheTopLevel() throws {
    let outline = editor.documentSymbols(in: "a.flow.yaml")
    #expect(outline.map(\.name) == ["Home", "Search", "Profile", "Thread", "Sure"])
    #expect(outline.first?.children.map(\.name) == ["Feed"])
    #expect(outline.count(where: { $0.detail == "shared" }) == 3)
  }

  /// The top-level enum generated for a shared screen (`<S>Event`, r3) must not collide
  /// with a type, a name generated for a coordinator, or an enum nested in a coordinator.
  @Test func aRenameWhoseGeneratedEnumWouldCollideIsRefused() throws {
    let text = """
      version: 1
      types:
        NoteEvent: external
      screens:
        Profile: { on: { back: pop } }
      coordinators:
        Home:
          entry: true
          start: Feed
          screens:
            Feed: { on: { author: { push: Profile } } }
          events:
            ping: stay
      """
    let editor = EditorModule(files: [SourceFile(path: "a.flow.yaml", text: text)])
    let profile = try #require(position(of: "Profile", in: text))
    for (name, refusal) in [
      ("Note", "its event enum 'NoteEvent' would collide with type 'NoteEvent'"),
      (
        "HomeExternal",
        "its event enum 'HomeExternalEvent' would collide with the 'HomeExternalEvent' "
          + "generated code already makes"
      ),
      (
        "Feed",
        "coordinator 'Home' has a screen, decision or alert named 'Feed'"
      ),
    ] {
      guard case .failure(let why) = editor.rename(at: profile, in: "a.flow.yaml", to: name) else {
        Issue.record("renaming Profile to \(name) was not refused")
        continue
      }
      #expect(why.message == refusal)
    }
    #expect((try? editor.rename(at: profile, in: "a.flow.yaml", to: "Person").get())?.count == 2)
  }
}
