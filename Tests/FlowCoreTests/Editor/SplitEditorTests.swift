import FlowCore
import Testing

/// (r3) Split coordinators and `show` in the editor (FLOW-SPEC 13.4, issue 33): completion
/// of `split:` and `column:` values, of coordinators after `show:`, of the child's result
/// cases and requests in a show's `on:`; definition, references and rename of a coordinator
/// through its `show:` uses; hover.
@Suite struct SplitEditorTests {
  /// `Mail` is a triple split showing `Messages`, which shows `Message`.
  static let text = """
    version: 1
    coordinators:
      Mail:
        entry: true
        split: tripleColumn
        start: Boxes
        screens:
          Boxes:
            on:
              selected: { show: Messages, on: { closed: stay, ask: stay } }
              info: { show: Message, column: secondary, on: { deleted: stay } }
      Messages:
        result: { closed: ~ }
        requests: { ask: ~ }
        start: List
        screens:
          List:
            on:
              open: { show: Message, on: { deleted: stay } }
              close: { finish: closed }
              help: { request: ask }
      Message:
        result: { deleted: ~ }
        start: Body
        screens:
          Body: { on: { delete: { finish: deleted } } }
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

  @Test func splitOffersItsTwoLayouts() throws {
    let offered = try offers(
      """
      version: 1
      coordinators:
        Other:
          split: ‸
          start: Top
          screens: { Top: {} }
      """)
    #expect(offered.map(\.label) == ["doubleColumn", "tripleColumn"])
    #expect(offered.map(\.detail) == ["primary, secondary", "primary, supplementary, secondary"])
    #expect(offered.allSatisfy { $0.kind == .keyword })
  }

  @Test func showOffersTheCoordinatorsThatCanBeShown() throws {
    let offered = try offers(
      """
      version: 1
      coordinators:
        Other:
          split: doubleColumn
          start: Top
          screens:
            Top:
              on:
                go: { show: ‸ }
      """)
    // Split coordinators (Mail, Other) cannot be shown.
    #expect(offered.map(\.label) == ["Messages", "Message"])
    #expect(offered.allSatisfy { $0.kind == .coordinator })
  }

  @Test func aShowsOnOffersTheChildsResultCasesThenItsRequests() throws {
    let block = try offers(
      """
      version: 1
      coordinators:
        Other:
          split: doubleColumn
          start: Top
          screens:
            Top:
              on:
                go:
                  show: Messages
                  on:
                    ‸
      """)
    #expect(block.map(\.label) == ["closed", "ask"])
    #expect(block.map(\.kind) == [.resultCase, .request])
    let flowStyle = try offers(
      """
      version: 1
      coordinators:
        Other:
          split: doubleColumn
          start: Top
          screens:
            Top:
              on:
                go: { show: Messages, on: { closed: stay, ‸ } }
      """)
    #expect(flowStyle.map(\.label) == ["ask"])
  }

  /// `column:` offers the columns after the holder's when the checks know it: the split's
  /// own screens are in the primary column of a triple split, a child it shows in the
  /// supplementary one; else both columns a `show` can name.
  @Test func columnOffersOnlyTheColumnsAfterTheHolders() throws {
    func columns(holder: String, _ extra: String = "") throws -> [String] {
      try offers(
        """
        version: 1
        coordinators:
          Split:
            entry: true
            split: tripleColumn
            start: Top
            screens:
              Top: { on: { go: { show: Child, on: { done: stay } } } }
          Child:
            result: { done: ~ }
            start: Inner
            screens:
              Inner: { on: { done: { finish: done } } }
          Loose:
            start: Page
            screens: { Page: {} }
          \(holder):
        \(extra)    start: Mine
            screens:
              Mine: { on: { next: { show: Loose, column: ‸ } } }
        """
      ).map(\.label)
    }
    // A second split coordinator, in its own primary column.
    #expect(try columns(holder: "Own", "    split: doubleColumn\n") == ["secondary"])
    #expect(
      try columns(holder: "Own", "    split: tripleColumn\n") == ["supplementary", "secondary"])
    // A coordinator nobody starts: its column is unknown.
    #expect(try columns(holder: "Nobody") == ["supplementary", "secondary"])
    // The words themselves, in Child, which `Split` shows in its supplementary column.
    let inChild = try offers(
      """
      version: 1
      coordinators:
        Split:
          entry: true
          split: tripleColumn
          start: Top
          screens:
            Top: { on: { go: { show: Child, on: { done: stay } } } }
        Child:
          result: { done: ~ }
          start: Inner
          screens:
            Inner: { on: { done: { finish: done }, more: { show: Loose, column: ‸ } } }
        Loose:
          start: Page
          screens: { Page: {} }
      """)
    #expect(inChild.map(\.label) == ["secondary"])
  }

  // MARK: Definition, references, rename

  @Test func aCoordinatorsReferencesReachItsShowUses() throws {
    // `Message`: 0 in `Messages` (show), … find the definition's and the shows' spans.
    let definition = try span("Message:", 0)
    let cursor = try at("show: Message,", 0)
    let shown = EditorPosition(line: cursor.line, character: cursor.character + 6)
    let places = editor.references(at: shown, in: "a.flow.yaml")
    #expect(places.count == 3, "\(places)")
    #expect(places.contains { $0.range.start == definition.range.start })
    #expect(
      editor.definition(at: shown, in: "a.flow.yaml").map(\.range.start)
        == [definition.range.start])

    let edits = try editor.rename(at: shown, in: "a.flow.yaml", to: "Letter").get()
    #expect(edits.count == 3)
    let renamed = applying(edits, to: Self.text)
    #expect(renamed.contains("{ show: Letter, column: secondary"))
    #expect(renamed.contains("open: { show: Letter, on:"))
    let checked = EditorModule(files: [SourceFile(path: "a.flow.yaml", text: renamed)])
    #expect(checked.check.findings.isEmpty, "\(checked.check.findings.map(\.message))")
  }

  // MARK: Hover

  @Test func aSplitCoordinatorsHoverNamesItsColumnsAndAShownOnesWhoShowsIt() throws {
    let mail = try #require(editor.hover(at: try at("Mail"), in: "a.flow.yaml"))
    #expect(
      mail.markdown.contains(
        "- split: `tripleColumn` (columns: primary, supplementary, secondary)"),
      "\(mail.markdown)")
    let shown = try at("show: Message,", 0)
    let message = try #require(
      editor.hover(
        at: EditorPosition(line: shown.line, character: shown.character + 6), in: "a.flow.yaml"))
    #expect(
      message.markdown.contains(
        "- shown by `Mail` (column: secondary) and `Messages` (in the next column)"),
      "\(message.markdown)")
    #expect(!message.markdown.contains("started by"))
  }
}
