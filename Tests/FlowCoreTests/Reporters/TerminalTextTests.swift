import FlowCore
import Foundation
import Testing

/// Outside text in human-readable output: escaped once, visibly and unambiguously, with
/// carets that still line up and no line that a CI runner reads as a command.
@Suite struct TerminalTextTests {
  @Test func controlsAreWrittenAsSwiftEscapes() {
    #expect(TerminalText.printable("a\u{1B}]0;x\u{07}b") == "a\\u{1B}]0;x\\u{07}b")
    #expect(TerminalText.printable("one\ntwo\r") == "one\\u{0A}two\\u{0D}")
    #expect(TerminalText.printable("\u{00}\u{7F}\u{85}\u{9B}") == "\\u{00}\\u{7F}\\u{85}\\u{9B}")
    #expect(TerminalText.printable("a\u{2028}b\u{202E}c") == "a\\u{2028}b\\u{202E}c")
  }

  @Test func printableTextAndOtherScriptsAreLeftAsTheyAre() {
    for text in ["Home", "名前: x", "é ü", "100% done, ok: yes", "\"a\\nb\"", "C:\\dir"] {
      #expect(TerminalText.printable(text) == text)
    }
  }

  /// A tab is a control character like the others in a path or a message (a name with a
  /// tab would read as one with spaces), but a quoted line of a file keeps its tabs: they
  /// are its layout, and the caret line under an excerpt mirrors them.
  @Test func aTabIsEscapedExceptInAQuotedLine() {
    #expect(TerminalText.printable("a\tb") == "a\\u{09}b")
    #expect(TerminalText.lineStart("a\tb") == "a\\u{09}b")
    #expect(TerminalText.printable("a\tb\u{1B}", keeping: .tabs) == "a\tb\\u{1B}")
    let text = report(
      "a: 1\n\tk\u{1B}: x\n", line: 2, column: 2, endColumn: 4, message: "key 'k\t'")
    #expect(
      text == """
        a.flow.yaml:2:2: error: key 'k\\u{09}' [schema]
            \tk\\u{1B}: x
            \t^~~~~~~

        """)
  }

  /// Bytes that are not UTF-8 (a file's name) are made text once, each such byte as `\xNN`
  /// and the rest left for the escape where the message is printed; `\xNN` is never what
  /// the escape writes, so what is printed tells the two apart.
  @Test func namesThatAreNotUTF8AreDecodedWithTheirBytesShown() {
    #expect(TerminalText.decoding(Array("café".utf8)) == "café")
    #expect(TerminalText.decoding([0x61, 0xFE, 0xFF, 0x62]) == "a\\xFE\\xFFb")
    #expect(
      TerminalText.decoding(Array("é".utf8) + [0xE2, 0x80] + Array("!".utf8)) == "é\\xE2\\x80!")
    let name = TerminalText.decoding([0x1B] + Array("[2J".utf8) + [0xE9])
    #expect(name == "\u{1B}[2J\\xE9")
    #expect(TerminalText.printable(name) == "\\u{1B}[2J\\xE9")
    #expect(TerminalText.printable("\\xE9") == "\\xE9")
  }

  @Test func aBackslashIsDoubledOnlyWhereItWouldReadAsAnEscape() {
    // Literal `\u{1B}` and a backslash before a real ESC must print differently.
    #expect(TerminalText.printable("\\u{1B}") == "\\\\u{1B}")
    #expect(TerminalText.printable("\\\u{1B}") == "\\\\\\u{1B}")
    #expect(TerminalText.printable("\\\\u{1B}") == "\\\\\\\\u{1B}")
    #expect(TerminalText.printable("\\u1B \\n") == "\\u1B \\n")
    #expect(TerminalText.printable("a\r\n\u{1B}", keeping: .lineBreaks) == "a\r\n\\u{1B}")
  }

  @Test func noLineStartsAWorkflowCommand() {
    #expect(TerminalText.lineStart("::warning x::y") == "\\u{3A}:warning x::y")
    #expect(TerminalText.lineStart("  \t::error::x") == "  \\u{09}\\u{3A}:error::x")
    #expect(TerminalText.lineStart("##[error]x") == "\\u{23}#[error]x")
    #expect(TerminalText.lineStart("a::b") == "a::b")
    #expect(TerminalText.lineStart(":x") == ":x")
    // Mid-line text is not a line start: it is only made printable.
    #expect(TerminalText.printable("::warning x") == "::warning x")
  }

  /// The inverse of the escape, as documented: in a run of backslashes before `u{`, an
  /// odd count means the last starts an escape and the others are pairs; elsewhere a
  /// backslash is itself.
  private func unescaped(_ text: String) -> String? {
    let scalars = Array(text.unicodeScalars)
    var output = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      guard scalars[index] == "\\" else {
        output.append(scalars[index])
        index += 1
        continue
      }
      var end = index
      while end < scalars.count, scalars[end] == "\\" { end += 1 }
      let run = end - index
      let beforeEscape = end + 1 < scalars.count && scalars[end] == "u" && scalars[end + 1] == "{"
      guard beforeEscape else {
        output.append(contentsOf: Array(repeating: "\\", count: run))
        index = end
        continue
      }
      output.append(contentsOf: Array(repeating: "\\", count: run / 2))
      index = end
      guard run % 2 == 1 else { continue }
      guard let close = scalars[(end + 2)...].firstIndex(of: "}"),
        let value = UInt32(String(String.UnicodeScalarView(scalars[(end + 2)..<close])), radix: 16),
        let scalar = Unicode.Scalar(value)
      else { return nil }
      output.append(scalar)
      index = close + 1
    }
    return String(output)
  }

  @Test func theEscapeIsUnambiguous() {
    // Random strings over an alphabet made to collide: backslashes, `u`, braces, hex
    // digits, colons, controls. Each must come back from its escape, so no two differ only
    // in what the escape hides.
    let alphabet: [Unicode.Scalar] = [
      "\\", "u", "{", "}", "1", "B", ":", "#", "[", " ", "\u{1B}", "\n", "\u{7F}", "\u{85}",
      "\u{202E}", "a", "\t",
    ]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<5_000 {
      var text = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...12, using: &generator) {
        text.append(alphabet.randomElement(using: &generator) ?? "a")
      }
      let original = String(text)
      for escaped in [TerminalText.printable(original), TerminalText.lineStart(original)] {
        #expect(unescaped(escaped) == original, "\(original.debugDescription) → \(escaped)")
        #expect(
          !escaped.unicodeScalars.contains {
            ($0.value < 0x20 && $0 != "\t") || (0x7F...0x9F).contains($0.value)
              || $0 == "\u{202E}"
          })
      }
    }
  }

  @Test func escapingIsLinearInALongRunOfBackslashes() {
    let run = String(repeating: "\\", count: 200_000)
    #expect(TerminalText.printable(run + "u{") == run + run + "u{")
    #expect(TerminalText.printable(run) == run)
  }

  // MARK: - Text output

  private func report(
    _ text: String, line: Int, column: Int, endColumn: Int,
    message: String = "unknown key 'k\u{1B}[2J'"
  ) -> String {
    let source = SourceFile(path: "a.flow.yaml", text: text)
    let range = SourceRange(
      file: "a.flow.yaml", start: SourcePosition(line: line, column: column),
      end: SourcePosition(line: line, column: endColumn))
    let finding = Finding("schema", .error, message, at: range)
    return TextReporter(colored: false, sources: [source.path: source]).render([finding])
  }

  @Test func textExcerptsAreEscapedAndTheCaretLinesUpWithTheEscapedText() {
    let text = report("a: 1\n  \u{1B}[2J: \u{07}x\n", line: 2, column: 9, endColumn: 11)
    #expect(
      text == """
        a.flow.yaml:2:9: error: unknown key 'k\\u{1B}[2J' [schema]
              \\u{1B}[2J: \\u{07}x
                         ^~~~~~~

        """)
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
  }

  @Test func aQuotedLineNeverBeginsAWorkflowCommand() {
    let text = report("  ::warning file=x::forged: 1\n", line: 1, column: 3, endColumn: 5)
    for line in text.split(separator: "\n") {
      #expect(!line.drop(while: \.isWhitespace).hasPrefix("::"))
    }
    #expect(text.contains("      \\u{3A}:warning file=x::forged: 1\n      ^~~~~~~\n"))
  }

  @Test func pathsAreEscapedAtTheStartOfTheirLine() {
    let range = SourceRange.startOfFile("::error x\n/a.flow.yaml")
    let finding = Finding(
      "schema", .error, "m", at: range, notes: [Note("n\nforged", at: range)])
    let text = TextReporter(colored: false, sources: [:]).render([finding])
    #expect(
      text == """
        \\u{3A}:error x\\u{0A}/a.flow.yaml:1:1: error: m [schema]
            \\u{3A}:error x\\u{0A}/a.flow.yaml:1:1: note: n\\u{0A}forged

        """)
  }

  @Test func aLongLineIsNotQuotedAndIsNotReadWhole() {
    let long = String(repeating: "x", count: 2_000_000)
    let text = report("k: \(long)\n", line: 1, column: 1, endColumn: 2)
    #expect(text.split(separator: "\n").count == 1)
    let wide = String(repeating: "é", count: 500)  // 500 characters, 1,000 bytes
    #expect(report("\(wide)\n", line: 1, column: 1, endColumn: 2).split(separator: "\n").count == 1)
  }

  @Test func manyFindingsOnOneHugeLineTakeLinearTime() {
    // 20,000 findings on one 1 MB line: the old excerpt counted the whole line for each.
    let line = String(repeating: "abcde", count: 200_000)
    let source = SourceFile(path: "a.flow.yaml", text: line + "\n")
    let findings = (1...20_000).map { index in
      Finding(
        "schema", .error, "m",
        at: SourceRange(
          file: "a.flow.yaml", start: SourcePosition(line: 1, column: index * 5),
          end: SourcePosition(line: 1, column: index * 5 + 1)))
    }
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      let text = TextReporter(colored: false, sources: [source.path: source]).render(findings)
      #expect(text.split(separator: "\n").count == 20_000)
    }
    // The old code took minutes; linear code takes well under a second even in debug.
    #expect(elapsed < .seconds(10))
  }

  // MARK: - Line index

  @Test func theLineIndexSplitsLinesAsYAMLDoes() {
    let file = SourceFile(path: "a", bytes: [0xEF, 0xBB, 0xBF] + Array("a\r\nb\rc\n\nd".utf8))
    let index = SourceText(file)
    #expect(index.lineCount == 5)
    #expect((1...5).map { index.line($0) } == ["a", "b", "c", "", "d"])
    #expect(index.bytes(ofLine: 1) == 3..<4)
    #expect(index.bytes(ofLine: 6) == nil)
    #expect(index.bytes(ofLine: 0) == nil)
    #expect(SourceText(SourceFile(path: "a", text: "")).lineCount == 1)
    #expect(SourceText(SourceFile(path: "a", text: "x\n")).lineCount == 1)
  }

  // MARK: - GitHub, JSON and SARIF

  private var hostile: Finding {
    let range = SourceRange.startOfFile("dir\n::error x/a,b:c.flow.yaml")
    return Finding(
      "schema", .error, "key 'a\u{1B}]0;t\u{07}\r\n::error::forged 100%'", at: range,
      notes: [Note("n\u{1B}", at: range)])
  }

  @Test func githubCommandsCarryNoControlsAndOneLineEach() {
    let output = GitHubReporter.render([hostile])
    #expect(output.split(separator: "\n").count == 1)
    // Line breaks are the runner's own escapes, which it shows in the annotation; every
    // other control is made visible.
    #expect(output.hasPrefix("::error file=dir%0A%3A%3Aerror x/a%2Cb%3Ac.flow.yaml,"))
    #expect(
      output.hasSuffix(
        "::key 'a\\u{1B}]0;t\\u{07}%0D%0A::error::forged 100%25'"
          + "%0Adir%0A::error x/a,b:c.flow.yaml:1:1: note: n\\u{1B}\n"))
    #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
  }

  @Test func jsonAndSARIFEscapeControlsAndKeepTheTextExact() throws {
    let json = JSONReporter.render([hostile], files: 1)
    let sarif = SARIFReporter.render([hostile], workingDirectory: "/work")
    for output in [json, sarif] {
      // JSON escapes every C0 control itself: the only raw one left is the final newline.
      #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.first?["message"] as? String == hostile.message)
    #expect(diagnostics.first?["file"] as? String == hostile.file)
    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
    let runs = try #require(log["runs"] as? [[String: Any]])
    let results = try #require(runs.first?["results"] as? [[String: Any]])
    let message = try #require(results.first?["message"] as? [String: Any])
    // SARIF's text is the message exactly, with only its link syntax escaped (`]` becomes
    // `\]`), and then the link to the note.
    #expect(
      message["text"] as? String
        == "key 'a\u{1B}\\]0;t\u{07}\r\n::error::forged 100%'; [n\u{1B}](1)")
  }

  /// The ASCII fast path gives what the escape of Unicode scalars gives, offsets included, on
  /// random ASCII text made of what the escape acts on: blanks, tabs, controls, DEL,
  /// backslashes, `u{`, and the starts of workflow commands.
  @Test func theASCIIFastPathEscapesAsTheScalarsDo() {
    let pieces = [
      "a", "Z", " ", "  ", "\t", "\\", "\\\\", "u{", "::", ":", "##[", "#", "\u{1B}", "\u{7F}",
      "\n", "\r", "~", "é",
    ]
    var generator = SystemRandomNumberGenerator()
    var fastPathTaken = 0
    for _ in 0..<5_000 {
      let count = Int.random(in: 0...8, using: &generator)
      let text = (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
      for startsLine in [false, true] {
        for keeping: TerminalText.Kept in [[], .tabs, .lineBreaks] {
          let fast = TerminalText.escaped(
            text, startsLine: startsLine, keeping: keeping, offsets: true)
          let scalars = TerminalText.escapedScalars(
            text, startsLine: startsLine, keeping: keeping, offsets: true)
          #expect(fast.text == scalars.text, "\(Array(text.unicodeScalars))")
          #expect(fast.originalCount == scalars.originalCount)
          let sameOffsets = (0...fast.originalCount).allSatisfy {
            fast.offset(of: $0) == scalars.offset(of: $0)
          }
          #expect(sameOffsets, "\(Array(text.unicodeScalars))")
          if fast.text == text, text.utf8.allSatisfy({ $0 < 0x80 }) { fastPathTaken += 1 }
        }
      }
    }
    #expect(fastPathTaken > 1_000, "the random texts rarely took the fast path")
  }
}
