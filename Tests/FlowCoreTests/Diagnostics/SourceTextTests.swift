import FlowCore
import Testing

/// The texts on which counting positions could go wrong, each with the one answer every
/// reader of positions (the checker, the text output, `--fix`, the editor features and the
/// language server) gets from ``SourceText``. Before it, three converters disagreed: the
/// language server took a column between the two halves of a surrogate pair to the next
/// character and the editor features to that one, the editor features sent a line past the
/// end of the file on unchanged while the server took it to the end, and libyaml's lines,
/// which end at NEL, U+2028 and U+2029 too, were quoted from lines that end only at line
/// breaks.
@Suite struct SourceTextTests {
  /// A case: a text, and places in it as the model counts (1-based line and column in
  /// characters), as an editor counts (0-based line, UTF-16 column), and as a byte offset.
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    /// Places both ways: (model line, column), (editor line, character), byte offset.
    var places: [(source: (Int, Int), editor: (Int, Int), offset: Int?)]
    /// Editor positions that are not the image of a model position, and the model
    /// position they are read as.
    var fromEditor: [(editor: (Int, Int), source: (Int, Int))] = []
    /// Model positions that are not the image of an editor position, and the editor
    /// position they are shown at.
    var toEditor: [(source: (Int, Int), editor: (Int, Int))] = []
    /// The lines, without their breaks.
    var lines: [String]
    /// Where text is appended, as an editor counts.
    var end: (Int, Int)

    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      // `😀` is one character and two UTF-16 units.
      name: "a surrogate pair", bytes: Array("a: 😀x\n".utf8),
      places: [((1, 4), (0, 3), 3), ((1, 5), (0, 5), 7), ((1, 6), (0, 6), 8)],
      // Between the two halves: that character.
      fromEditor: [((0, 4), (1, 4))],
      lines: ["a: 😀x"], end: (1, 0)),
    Case(
      // A byte order mark belongs to no line and takes no column.
      name: "a byte order mark", bytes: [0xEF, 0xBB, 0xBF] + Array("ab\ncd".utf8),
      places: [((1, 1), (0, 0), 3), ((1, 2), (0, 1), 4), ((2, 2), (1, 1), 7)],
      lines: ["ab", "cd"], end: (1, 2)),
    Case(
      // `\r\n` is one line break, and so is a lone `\r`, as YAML and LSP count them.
      name: "CR LF and a lone CR", bytes: Array("ab\r\ncd\ref\r".utf8),
      places: [
        ((1, 3), (0, 2), 2), ((2, 1), (1, 0), 4), ((3, 2), (2, 1), 8),
        // Where libyaml ends the stream: the start of the line after the last.
        ((4, 1), (3, 0), nil),
      ],
      lines: ["ab", "cd", "ef"], end: (3, 0)),
    Case(
      // NEL, U+2028 and U+2029 are characters within a line (one UTF-16 unit each), not
      // line breaks: no editor breaks a line there.
      name: "YAML 1.1's other line breaks",
      bytes: Array("a: \"x\u{2028}y\u{85}z\u{2029}\"\nb".utf8),
      places: [
        ((1, 6), (0, 5), 5), ((1, 7), (0, 6), 8), ((1, 9), (0, 8), 11), ((2, 1), (1, 0), 17),
      ],
      lines: ["a: \"x\u{2028}y\u{85}z\u{2029}\"", "b"], end: (1, 1)),
    Case(
      // A byte that is not UTF-8 is one character of one unit, as the U+FFFD shown.
      name: "a byte that is not UTF-8", bytes: [0x61, 0xFF, 0x62, 0x0A, 0x63],
      places: [((1, 2), (0, 1), 1), ((1, 3), (0, 2), 2), ((2, 1), (1, 0), 4)],
      lines: ["a\u{FFFD}b", "c"], end: (1, 1)),
    Case(
      // Past the end of a line, its end; past the last line, the end of the file.
      name: "places past the end", bytes: Array("ab\ncd".utf8),
      places: [((2, 3), (1, 2), 5)],
      fromEditor: [((7, 0), (2, 3)), ((0, 9), (1, 3)), ((1, 40), (2, 3))],
      toEditor: [((5, 1), (1, 2)), ((1, 9), (0, 2))],
      lines: ["ab", "cd"], end: (1, 2)),
    Case(
      name: "an empty file", bytes: [],
      places: [((1, 1), (0, 0), 0)],
      fromEditor: [((3, 3), (1, 1))], toEditor: [((2, 1), (0, 0))],
      lines: [""], end: (0, 0)),
  ]

  @Test(arguments: cases) func everyConversionGivesThePinnedPlace(_ pinned: Case) {
    let text = SourceText(SourceFile(path: "a.flow.yaml", bytes: pinned.bytes))
    for place in pinned.places {
      let source = SourcePosition(line: place.source.0, column: place.source.1)
      let editor = EditorPosition(line: place.editor.0, character: place.editor.1)
      #expect(text.editor(source) == editor, "\(source) to the editor")
      #expect(text.source(editor) == source, "\(editor) to the model")
      if let offset = place.offset {
        #expect(text.position(ofByteOffset: offset) == source, "byte \(offset)")
        #expect(text.byteOffset(of: source) == offset, "\(source) to a byte")
      }
    }
    for place in pinned.fromEditor {
      let editor = EditorPosition(line: place.editor.0, character: place.editor.1)
      #expect(text.source(editor) == SourcePosition(line: place.source.0, column: place.source.1))
    }
    for place in pinned.toEditor {
      let source = SourcePosition(line: place.source.0, column: place.source.1)
      #expect(
        text.editor(source) == EditorPosition(line: place.editor.0, character: place.editor.1))
    }
    #expect(text.lineCount == pinned.lines.count)
    #expect((1...pinned.lines.count).map { text.line($0) } == pinned.lines)
    #expect(text.line(0) == nil && text.line(pinned.lines.count + 1) == nil)
    #expect(text.end == EditorPosition(line: pinned.end.0, character: pinned.end.1))
  }

  @Test func aByteInTheByteOrderMarkOrALineBreakIsAtAnEdgeOfALine() {
    let text = SourceText(SourceFile(path: "a", bytes: [0xEF, 0xBB, 0xBF] + Array("ab\r\nc".utf8)))
    #expect(text.position(ofByteOffset: 1) == SourcePosition(line: 1, column: 1))
    #expect(text.position(ofByteOffset: 6) == SourcePosition(line: 1, column: 3))
    #expect(text.position(ofByteOffset: 99) == SourcePosition(line: 2, column: 2))
    #expect(text.byteOffset(of: SourcePosition(line: 1, column: 4)) == nil)
    #expect(text.byteOffset(of: SourcePosition(line: 3, column: 1)) == nil)
  }

  @Test func insertedTextUsesTheFilesOwnLineBreak() {
    #expect(SourceText(SourceFile(path: "a", text: "a\r\nb\nc")).lineBreak == "\r\n")
    #expect(SourceText(SourceFile(path: "a", text: "a\rb")).lineBreak == "\r")
    #expect(SourceText(SourceFile(path: "a", text: "a\nb\r\n")).lineBreak == "\n")
    #expect(SourceText(SourceFile(path: "a", text: "a")).lineBreak == "\n")
  }
}

/// The same texts through the checker, the text output and the editor features: a
/// misspelt screen after each hazard is found, quoted, underlined and fixed where an
/// editor shows it.
@Suite struct PositionAgreementTests {
  /// A flow whose `Detial` is on line 8, after `prefix` on its line; `doc` is the first
  /// coordinator's doc; lines end with `lineBreak`, the file starts with `start`.
  static func flow(
    prefix: String = "", doc: String = "\"the app\"", lineBreak: String = "\n",
    start: [UInt8] = []
  ) -> SourceFile {
    let lines = [
      "version: 1",
      "coordinators:",
      "  App:",
      "    doc: \(doc)",
      "    entry: true",
      "    start: Home",
      "    screens:",
      "      Home: { on: { \(prefix)next: { push: Detial } } }",
      "      Detail: {}",
    ]
    let text = lines.joined(separator: lineBreak) + lineBreak
    return SourceFile(path: "a.flow.yaml", bytes: start + Array(text.utf8))
  }

  struct Hazard: Sendable, CustomTestStringConvertible {
    var name: String
    var file: SourceFile
    /// Where `Detial` starts: the model's column, the editor's character.
    var column: Int
    var character: Int
    var testDescription: String { name }
  }

  static let hazards: [Hazard] = [
    Hazard(name: "none", file: flow(), column: 35, character: 34),
    Hazard(
      name: "surrogate pairs before it", file: flow(prefix: "\"😀😀\": stay, "),
      column: 47, character: 48),
    Hazard(
      name: "a byte order mark", file: flow(start: [0xEF, 0xBB, 0xBF]), column: 35, character: 34),
    Hazard(name: "CR LF", file: flow(lineBreak: "\r\n"), column: 35, character: 34),
    Hazard(name: "lone CR", file: flow(lineBreak: "\r"), column: 35, character: 34),
    Hazard(
      name: "U+2028, NEL and U+2029 in a doc above",
      file: flow(doc: "\"one\u{2028}two\u{85}three\u{2029}four\""), column: 35, character: 34),
    Hazard(
      name: "a comment ending with NEL above", file: flow(doc: "\"the app\" # note\u{85}"),
      column: 35, character: 34),
  ]

  @Test(arguments: hazards) func theCheckerTheTextOutputAndTheEditorAgree(_ hazard: Hazard) throws {
    let result = try Pipeline.check([.source(hazard.file)])
    let findings = result.findings.filter { $0.rule == "unknown-reference" }
    try #require(findings.count == 1, "\(result.findings)")
    let finding = findings[0]
    #expect(finding.range.start == SourcePosition(line: 8, column: hazard.column))
    #expect(finding.range.end == SourcePosition(line: 8, column: hazard.column + 6))

    // The text output quotes line 8, with the caret under the name.
    let report = TextReporter(colored: false, sources: [hazard.file.path: hazard.file])
      .render([finding])
    let lines = report.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("a.flow.yaml:8:\(hazard.column): error:") == true)
    #expect(lines.dropFirst().first?.hasSuffix("next: { push: Detial } } }") == true, "\(report)")
    let caret = String(repeating: " ", count: 4 + hazard.column - 1) + "^~~~~~"
    #expect(lines.dropFirst(2).first == caret, "\(report)")

    // The editor sees the name at line 7 (0-based), in UTF-16 columns, and its quick fix
    // rewrites exactly it.
    let editor = EditorModule(check: result)
    let at = EditorPosition(line: 7, character: hazard.character)
    let span = EditorRange(start: at, end: EditorPosition(line: 7, character: hazard.character + 6))
    let fixes = editor.codeActions(in: hazard.file.path, range: span)
    let edit = fixes.first { $0.title.contains("Detail") }?.edits
    #expect(edit == [EditorTextEdit(path: hazard.file.path, range: span, newText: "Detail")])
  }

  @Test func aQuickFixAddsLinesWithTheFilesOwnLineBreak() throws {
    let file = SourceFile(
      path: "a.flow.yaml",
      text: [
        "version: 1", "coordinators:", "  App:", "    entry: true", "    start: Home",
        "    screens:", "      Home:", "        on:", "          next:", "            start: Auth",
        "  Auth:", "    result: { done: ~, canceled: ~ }", "    start: Login", "    screens:",
        "      Login: { on: { ok: { finish: done }, no: { finish: canceled } } }", "",
      ].joined(separator: "\r\n"))
    let result = try Pipeline.check([.source(file)])
    let editor = EditorModule(check: result)
    let place = try #require(result.findings.first { $0.rule == "unhandled-result" })
    let at = EditorPosition(
      line: place.range.start.line - 1, character: place.range.start.column - 1)
    let edits = editor.codeActions(in: file.path, range: EditorRange(at: at)).flatMap(\.edits)
    // `on:` on a line of its own below `start: Auth`, ending as the file's lines do.
    #expect(edits.map(\.newText) == ["            on: { done: stay, canceled: stay }\r\n"])
  }
}
