import FlowCore
import Testing

/// Hover (doc, types, and how a screen can be shown, from the module analysis) and the
/// outline of a file.
@Suite struct EditorHoverAndOutlineTests {
  static let text = """
    version: 1
    types:
      User: { struct: { name: String } }
    coordinators:
      App:
        entry: true
        start: Home
        screens:
          Home:
            on:
              edit: { start: Editor, on: { saved: stay } }
              about: { present: About, style: fullScreen }
          About: { on: { close: dismiss } }
      Editor:
        doc: Edits the profile — «brouillon».
        input: User?
        result: { saved: User }
        start: Form
        screens:
          Form:
            doc: The form itself.
            input: User?
            on:
              save: { payload: User, finish: saved }
              more: { push: More }
          More: { systemBack: false, on: { done: pop } }
    """

  private let editor = EditorModule(files: [SourceFile(path: "a.flow.yaml", text: Self.text)])

  private func hover(_ needle: String, _ occurrence: Int = 0) throws -> String {
    let cursor = try #require(position(of: needle, in: Self.text, occurrence: occurrence))
    return try #require(editor.hover(at: cursor, in: "a.flow.yaml")).markdown
  }

  /// Revision 3: a screen named by an element of a sequence hovers as it does anywhere, and
  /// a screen a sequence pushes after another is shown pushed from that one.
  @Test func aScreenNamedInASequenceHoversAndIsShownFromTheElementBefore() throws {
    let text = """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { deep: [{ push: List }, { push: Item }] } }
            List: { on: { refresh: stay } }
            Item: { doc: One item., on: { up: pop } }
      """
    let editor = EditorModule(files: [SourceFile(path: "a.flow.yaml", text: text)])
    let cursor = try #require(position(of: "Item", in: text, occurrence: 0))
    let shown = try #require(editor.hover(at: cursor, in: "a.flow.yaml")).markdown
    #expect(shown.contains("**screen** `Item` of `App`"), "\(shown)")
    #expect(shown.contains("One item."))
    #expect(shown.contains("- pushed from `List`"), "\(shown)")
    #expect(!shown.contains("`Home`"), "\(shown)")
  }

  @Test func aScreenShowsItsDocInputAndHowItIsShown() throws {
    let shown = try hover("Form:")
    #expect(shown.contains("**screen** `Form` of `Editor`"))
    #expect(shown.contains("The form itself."))
    #expect(shown.contains("- input: `User?`"))
    #expect(shown.contains("- the start of `Editor`"))
    #expect(shown.contains("`Editor` is shown pushed onto its parent's screen"))
    // The bottom screen of a push-style child: the system back goes back into the parent.
    #expect(shown.contains("- system back: leaves `Editor`"))
  }

  @Test func aPushedScreenSaysWhatPushesItAndThatItsBackIsOff() throws {
    let shown = try hover("More", 1)
    #expect(shown.contains("- pushed from `Form`"))
    #expect(shown.contains("- on the stack: on a screen of `Editor`"))
    #expect(shown.contains("- system back: off (`systemBack: false`)"))
  }

  /// Revision 3's styles in a screen's hover (spec 13.5): how it is presented, and the
  /// places of a sheet, which a form sheet and a popover are to the checks.
  @Test func aFormSheetAndAPopoverAreNamedInTheHover() throws {
    let text = """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { filter: { present: Filters, style: popover }, note: { present: Note, style: formSheet } } }
            Filters: { on: { done: dismiss } }
            Note: { on: { done: dismiss } }
      """
    let editor = EditorModule(files: [SourceFile(path: "a.flow.yaml", text: text)])
    func shown(_ line: Int) throws -> String {
      try #require(editor.hover(at: EditorPosition(line: line, character: 6), in: "a.flow.yaml"))
        .markdown
    }
    let filters = try shown(7)
    #expect(filters.contains("- presented as a popover from `Home`"), "\(filters)")
    #expect(filters.contains("in a sheet `App` presents"), "\(filters)")
    let note = try shown(8)
    #expect(note.contains("- presented as a form sheet from `Home`"), "\(note)")
  }

  @Test func aPresentedScreenIsInAModalItsCoordinatorPresents() throws {
    let shown = try hover("About", 0)
    #expect(shown.contains("- presented from `Home`"))
    #expect(shown.contains("in a full-screen modal `App` presents"))
    #expect(shown.contains("- system back: has nothing to go back to in its modal stack"))
  }

  @Test func aCoordinatorShowsItsDocInputResultAndParents() throws {
    let shown = try hover("Editor", 0)
    #expect(shown.contains("**coordinator** `Editor`"))
    #expect(shown.contains("Edits the profile — «brouillon»."))
    #expect(shown.contains("- input: `User?`"))
    #expect(shown.contains("- result: `saved` (`User`)"))
    #expect(shown.contains("- started by `App`"))
  }

  @Test func aTypeAndAResultCaseShowWhatTheyHold() throws {
    #expect(try hover("User", 0).contains("- `name`: `String`"))
    #expect(try hover("saved", 0).contains("**result case** `saved` of `Editor`"))
    #expect(try hover("saved", 0).contains("- payload: `User`"))
  }

  @Test func theOutlineHasTypesThenCoordinatorsWithTheirNodes() throws {
    let outline = editor.documentSymbols(in: "a.flow.yaml")
    #expect(outline.map(\.name) == ["User", "App", "Editor"])
    #expect(outline.map(\.kind) == [.type, .coordinator, .coordinator])
    let nodes = outline[2].children
    #expect(nodes.map(\.name) == ["saved", "Form", "More"])
    #expect(nodes.map(\.kind) == [.resultCase, .screen, .screen])
    let form = try #require(position(of: "Form:", in: Self.text))
    #expect(nodes[1].selectionRange.start == form)
    // From the name to the end of the definition, which ends where `More` begins.
    let more = try #require(position(of: "More:", in: Self.text))
    #expect(nodes[1].range.start == form)
    #expect(nodes[1].range.end.line == more.line - 1 || nodes[1].range.end == more)
  }
}
