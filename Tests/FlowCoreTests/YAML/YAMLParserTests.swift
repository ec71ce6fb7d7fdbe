import FlowCore
import Testing

/// The YAML layer: locations, and every kind of hostile or odd input.
@Suite struct YAMLParserTests {
  private func parse(_ text: String, limits: YAMLLimits = .standard) -> (YAMLDocument, [Finding]) {
    parse(bytes: Array(text.utf8), limits: limits)
  }

  private func parse(bytes: [UInt8], limits: YAMLLimits = .standard) -> (YAMLDocument, [Finding]) {
    var findings = Findings()
    let document = YAMLParser.parse(
      SourceFile(path: "a.yaml", bytes: bytes), limits: limits, findings: &findings)
    return (document, findings.all)
  }

  private func tree(_ document: YAMLDocument) throws -> (YAMLTree, YAMLNode) {
    guard case .document(let tree, let root) = document else {
      Issue.record("expected a document, got \(document)")
      throw CancellationError()
    }
    return (tree, root)
  }

  private func isBroken(_ document: YAMLDocument) -> Bool {
    if case .broken = document { return true }
    return false
  }

  @Test func nodesKnowTheirOneBasedLineAndColumn() throws {
    let (document, findings) = parse("version: 1\ncoordinators:\n  App: { start: Home }\n")
    #expect(findings.isEmpty)
    let (tree, root) = try tree(document)
    let top = tree.pairs(of: root)
    #expect(top.count == 2)
    #expect(tree.start(of: top[0].key) == SourcePosition(line: 1, column: 1))
    #expect(tree.start(of: top[0].value) == SourcePosition(line: 1, column: 10))
    let app = tree.pairs(of: top[1].value)[0]
    #expect(tree.start(of: app.key) == SourcePosition(line: 3, column: 3))
    #expect(tree.start(of: app.value) == SourcePosition(line: 3, column: 8))
    let start = tree.pairs(of: app.value)[0]
    #expect(tree.text(of: start.value) == "Home")
    #expect(tree.start(of: start.value) == SourcePosition(line: 3, column: 17))
    #expect(tree.end(of: start.value) == SourcePosition(line: 3, column: 21))
    #expect(tree.end(of: app.value) == SourcePosition(line: 3, column: 23))
  }

  @Test func columnsCountCharactersNotBytes() throws {
    let (document, _) = parse("名前: x\n")
    let (tree, root) = try tree(document)
    #expect(tree.start(of: tree.pairs(of: root)[0].value) == SourcePosition(line: 1, column: 5))
  }

  @Test func aByteOrderMarkTakesNoColumn() throws {
    let (document, findings) = parse(bytes: [0xEF, 0xBB, 0xBF] + Array("a: b\nc: d\n".utf8))
    #expect(findings.isEmpty)
    let (tree, root) = try tree(document)
    let top = tree.pairs(of: root)
    #expect(tree.start(of: top[0].key) == SourcePosition(line: 1, column: 1))
    #expect(tree.start(of: top[1].value) == SourcePosition(line: 2, column: 4))
  }

  @Test func crlfLineBreaksCountAsOne() throws {
    let (document, findings) = parse("a: b\r\nc: d\r\n\r\ne: f\r\n")
    #expect(findings.isEmpty)
    let (tree, root) = try tree(document)
    let top = tree.pairs(of: root)
    #expect(top.map { tree.start(of: $0.key).line } == [1, 2, 4])
    #expect(tree.text(of: top[1].value) == "d")
  }

  @Test func invalidUTF8IsASyntaxFindingAtTheByte() {
    let (document, findings) = parse(bytes: Array("a: b\nc: ".utf8) + [0xFF, 0x41] + [0x0A])
    #expect(isBroken(document))
    #expect(findings.count == 1)
    #expect(findings.first?.rule == "yaml-syntax")
    #expect(findings.first?.line == 2)
    #expect(findings.first?.column == 4)
    #expect(findings.first?.message.contains("UTF-8") == true)
  }

  @Test func aNulByteIsASyntaxFinding() {
    let (_, findings) = parse(bytes: Array("a: b\n  ".utf8) + [0x00])
    #expect(findings.map(\.rule) == ["yaml-syntax"])
    #expect(findings.first?.line == 2)
    #expect(findings.first?.column == 3)
    #expect(findings.first?.message.contains("0x00") == true)
  }

  @Test func utf16IsRejectedWithAClearMessage() {
    let (_, findings) = parse(bytes: [0xFF, 0xFE, 0x61, 0x00])
    #expect(findings.map(\.message) == ["file is UTF-16; flow files must be UTF-8"])
  }

  @Test func emptyAndCommentOnlyFilesHoldNoDocument() {
    for text in ["", "# nothing here\n", "\n\n"] {
      let (document, findings) = parse(text)
      guard case .empty = document else { return #expect(Bool(false), "\(text): \(document)") }
      #expect(findings.isEmpty)
    }
  }

  @Test func aSecondDocumentIsASchemaFindingAtItsStart() throws {
    let (document, findings) = parse("a: 1\n---\nb: 2\n")
    let (tree, root) = try tree(document)
    #expect(tree.pairs(of: root).count == 1)
    #expect(findings.map(\.rule) == ["schema"])
    #expect(findings.first?.line == 2)
    #expect(findings.first?.column == 1)
  }

  /// An error that is none of the common mistakes (YAMLMistakeTests) keeps libyaml's words
  /// and place.
  @Test func libyamlErrorsKeepLibyamlsPosition() {
    let (document, findings) = parse("a: 1\nb: 2\n- c\n")
    #expect(isBroken(document))
    #expect(findings.map(\.rule) == ["yaml-syntax"])
    #expect(findings.first?.message.hasPrefix("invalid YAML: did not find expected key") == true)
    #expect(findings.first?.line == 3)
  }

  @Test func aliasesShareTheAnchoredNodeAtTheirOwnPlace() throws {
    let (document, findings) = parse("a: &x { k: v }\nb: *x\nc: &s text\nd: *s\n")
    #expect(findings.isEmpty)
    let (tree, root) = try tree(document)
    let top = tree.pairs(of: root)
    #expect(tree.kind(of: top[1].value) == .mapping)
    #expect(tree.text(of: tree.pairs(of: top[1].value)[0].value) == "v")
    #expect(tree.start(of: top[1].value) == SourcePosition(line: 2, column: 4))
    #expect(tree.text(of: top[3].value) == "text")
  }

  @Test func anUndefinedOrRecursiveAliasIsASyntaxFinding() {
    let (_, undefined) = parse("a: *nowhere\n")
    #expect(undefined.map(\.rule) == ["yaml-syntax"])
    #expect(undefined.first?.message.contains("'*nowhere'") == true)
    let (_, recursive) = parse("a: &x [1, *x]\n")
    #expect(recursive.map(\.rule) == ["yaml-syntax"])
    #expect(recursive.first?.message.contains("contains it") == true)
  }

  @Test func anAliasBombStopsAtTheExpansionBound() {
    var text = "l0: &l0 [x, x, x, x, x, x, x, x, x, x]\n"
    for level in 1...12 {
      let previous = "*l\(level - 1)"
      text +=
        "l\(level): &l\(level) [" + Array(repeating: previous, count: 10).joined(separator: ", ")
      text += "]\n"
    }
    let (document, findings) = parse(text)
    #expect(isBroken(document))
    #expect(findings.map(\.rule) == ["schema"])
    #expect(findings.first?.message.contains("aliases expand to more than 100000 nodes") == true)
    #expect(findings.first?.line == 5)  // l4: its eighth alias of l3 crosses the bound
  }

  @Test func deepNestingIsAFindingWhileStreaming() {
    let text = String(repeating: "[", count: 200_000)
    let (document, findings) = parse(text)
    #expect(isBroken(document))
    #expect(findings.map(\.rule) == ["schema"])
    #expect(findings.first?.message.contains("deeper than 100 levels") == true)
    #expect(findings.first?.column == 101)
  }

  @Test func nestingUpToTheBoundIsRead() throws {
    let text = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
    let (document, findings) = parse(text)
    #expect(findings.isEmpty)
    let (tree, root) = try tree(document)
    #expect(tree.items(of: root).count == 1)
  }

  @Test func aFileOverTheSizeLimitIsNotRead() {
    let limits = YAMLLimits(maxDepth: 100, maxAliasExpansion: 10, maxFileSize: 8)
    let (document, findings) = parse("a: 123456789\n", limits: limits)
    #expect(isBroken(document))
    #expect(findings.first?.message.contains("more than the limit of 8 bytes") == true)
  }

  @Test func scalarsKeepTheirStyleTagAndNullIsRecognised() throws {
    let (document, _) = parse("a: ~\nb:\nc: 'x'\nd: null\ne: \"\"\nf: |\n  text\ng: !!str ~\n")
    let (tree, root) = try tree(document)
    let values = tree.pairs(of: root).map(\.value)
    #expect(values.map { tree.isNull($0) } == [true, true, false, true, false, false, false])
    #expect(tree.style(of: values[2]) == .singleQuoted)
    #expect(tree.text(of: values[5]) == "text\n")
    #expect(tree.tag(of: values[6]) == "tag:yaml.org,2002:str")
    #expect(tree.kindDescription(of: values[0]) == "null")
  }

  /// The kinds of problem the YAML layer reports, as data: which rule reports each is
  /// decided elsewhere (`Driver/FrontEndFindings.swift`).
  @Test func problemsSayTheirKind() {
    func kinds(_ bytes: [UInt8], limits: YAMLLimits = .standard) -> [FrontEndProblem.Kind] {
      var problems: [FrontEndProblem] = []
      _ = YAMLParser.parse(
        SourceFile(path: "a.yaml", bytes: bytes), limits: limits, problems: &problems)
      return problems.map(\.kind)
    }
    #expect(kinds([0xFF, 0xFE, 0x61, 0x00]) == [.encoding])
    #expect(kinds(Array("a: ".utf8) + [0xFF]) == [.encoding])
    #expect(kinds(Array("a: b\n  ".utf8) + [0x00]) == [.encoding])
    #expect(kinds(Array("a:\n  b: [1, 2\nc: d\n".utf8)) == [.syntax])
    #expect(kinds(Array("a: *nowhere\n".utf8)) == [.syntax])
    #expect(kinds(Array("a: 1\n---\nb: 2\n".utf8)) == [.structure])
    #expect(
      kinds(
        Array("[[[1]]]".utf8),
        limits: YAMLLimits(maxDepth: 2, maxAliasExpansion: 10, maxFileSize: 99)) == [.limit])
    #expect(
      kinds(
        Array("a: 123456789".utf8),
        limits: YAMLLimits(maxDepth: 9, maxAliasExpansion: 9, maxFileSize: 8)) == [.limit])
    #expect(
      kinds(
        Array("a: &x [1, 2, 3]\nb: [*x, *x, *x, *x]\n".utf8),
        limits: YAMLLimits(maxDepth: 9, maxAliasExpansion: 10, maxFileSize: 99)) == [.limit])
  }
}
