import FlowCore
import Testing

/// The editor features on a module with shared screens (FLOW-SPEC 13.2), which the language
/// server answers from: until they learn shared screens, each must answer at every position
/// without a crash, and go from a shared screen's name in an action to its definition.
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
}
