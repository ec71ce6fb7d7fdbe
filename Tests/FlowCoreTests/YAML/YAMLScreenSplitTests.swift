import Testing

@testable import FlowCore

/// A file that is one big coordinator is cut at its screens (issue 35, step 5), and still
/// gives the tree a whole parse gives.
@Suite struct YAMLScreenSplitTests {
  /// The whole parse of `file`.
  private func whole(_ file: SourceFile) throws -> (YAMLTree, YAMLNode) {
    var problems: [FrontEndProblem] = []
    let document = YAMLParser.parseWhole(file, limits: .standard, problems: &problems)
    guard case .document(let tree, let root) = document else {
      Issue.record("the whole parse failed: \(problems.map(\.message))")
      throw CancellationError()
    }
    return (tree, root)
  }

  /// One coordinator of `screens` screens, with what `before` and `after` add around them.
  private func oneCoordinator(
    screens: Int, before: String = "", after: String = "", trailer: String = ""
  ) -> String {
    var text = "version: 1\ntypes:\n  Item: { struct: { id: Int } }\ncoordinators:\n  App:\n"
    text += "    entry: true\n    start: S0\n" + before + "    screens:\n"
    for index in 0..<screens {
      text += "      S\(index):\n"
      if index % 3 == 0 { text += "        # a comment in screen \(index)\n" }
      text += "        on: { next: { push: S\(index + 1 < screens ? index + 1 : 0) } }\n"
      if index % 7 == 0 { text += "        doc: |\n          text of\n          S\(index)\n\n" }
    }
    return text + after + trailer
  }

  private func expectSameTree(_ text: String, path: [String], minimumPiece: Int = 64) throws {
    let file = SourceFile(path: "a.flow.yaml", text: text)
    let plan = try #require(YAMLSplitter.plan(file.bytes, from: 0, minimumPiece: minimumPiece))
    #expect(plan.path == path)
    #expect(plan.entries.count >= 2)
    let split = try #require(
      YAMLSplitter.parse(file, limits: .standard, minimumPiece: minimumPiece))
    guard case .document(let tree, let root) = split else { return #expect(Bool(false)) }
    let (wholeTree, wholeRoot) = try whole(file)
    let difference = tree.difference(root, from: wholeTree, wholeRoot)
    #expect(difference == nil, "\(difference ?? "")")
  }

  @Test func oneCoordinatorIsCutAtItsScreens() throws {
    try expectSameTree(oneCoordinator(screens: 60), path: ["coordinators", "App", "screens"])
  }

  @Test func whatFollowsTheScreensAtEveryLevelJoinsAtItsLevel() throws {
    let decisions = "    decisions:\n      D: { cases: { a: stay } }\n    events:\n      e: pop\n"
    let other = "  Other:\n    start: T\n    screens:\n      T:\n"
    let links = "links:\n  home: { url: /home, to: App.S0 }\n# the end\n"
    // Decisions after the screens, a second coordinator after this one, a top-level key
    // after the coordinators: a tail at each level, and every way of leaving some out.
    for after in [
      decisions, other, links, decisions + other, decisions + links, other + links,
      decisions + other + links, "      # a last comment in the screens\n",
    ] {
      try expectSameTree(
        oneCoordinator(screens: 60, after: after), path: ["coordinators", "App", "screens"])
    }
  }

  @Test func aLastScreenWithoutAValueClosesWhereTheNextLevelStarts() throws {
    let text = oneCoordinator(screens: 40) + "      Last:\n    decisions:\n      D:\n  Next:\n"
    try expectSameTree(text, path: ["coordinators", "App", "screens"])
  }

  @Test func coordinatorsOfAboutTheSameSizeAreCutAtTheCoordinators() throws {
    let small = oneCoordinator(screens: 30)
    let body = small[small.range(of: "  App:\n")!.lowerBound...]
    let text = small + body.replacingOccurrences(of: "  App:", with: "  Second:")
    try expectSameTree(text, path: ["coordinators"])
  }

  /// Where the screens cannot be cut exactly, the split stays at the coordinators, or the
  /// file is parsed whole; what is split gives the whole parse's tree.
  @Test(arguments: [
    ("a quoted key", "    screens:\n      \"Q\": {}\n", true),
    ("a comment after the key", "    screens:   # the screens\n", true),
    ("a tag on the value", "    screens: !!map\n", true),
    ("a list item", "    screens:\n      - item\n", false),
    ("a less indented line", "    screens:\n      Q: {}\n     odd: 1\n", false),
  ])
  func innerShapesThatCouldChangeTheTreeAreNotCut(
    name: String, screens: String, isValid: Bool
  ) throws {
    var text = oneCoordinator(screens: 40)
    text = text.replacingOccurrences(of: "    screens:\n", with: screens)
    text += "  Second:\n    start: T\n"
    let file = SourceFile(path: "a.flow.yaml", text: text)
    let plan = YAMLSplitter.plan(file.bytes, from: 0, minimumPiece: 16)
    #expect(plan?.path == ["coordinators"], "\(name)")
    #expect(YAMLParser.differenceOfPiecewiseParse(file, minimumPiece: 16) == nil, "\(name)")
    let split = YAMLSplitter.parse(file, limits: .standard, minimumPiece: 16)
    var problems: [FrontEndProblem] = []
    let whole = YAMLParser.parseWhole(file, limits: .standard, problems: &problems)
    if case .document = whole { #expect(split != nil, "\(name)") } else { #expect(split == nil) }
    if isValid { #expect(problems.isEmpty, "\(name)") }
  }

  /// A flow mapping whose next line looks like a screen's key may be cut there; then the
  /// pieces do not parse, and the file is parsed whole.
  @Test func aCutInsideAFlowMappingParsesTheFileWhole() {
    var text = oneCoordinator(screens: 40)
    text = text.replacingOccurrences(
      of: "      S20:\n", with: "      Q: { a: b,\n      c: d }\n      S20:\n")
    for minimumPiece in [16, 32, 64, 128, 256] {
      #expect(
        YAMLParser.differenceOfPiecewiseParse(
          SourceFile(path: "a", text: text), minimumPiece: minimumPiece) == nil)
    }
  }

  @Test func anAnchorAnywhereParsesTheFileWhole() {
    let text = oneCoordinator(screens: 60, before: "    doc: &d text\n")
    #expect(
      YAMLSplitter.parse(
        SourceFile(path: "a", text: text), limits: .standard, minimumPiece: 64) == nil)
  }

  @Test func anErrorInAScreenSendsTheFileToTheWholeParse() {
    let text = oneCoordinator(screens: 60).replacingOccurrences(
      of: "      S30:\n", with: "      S30: [\n")
    #expect(
      YAMLSplitter.parse(
        SourceFile(path: "a", text: text), limits: .standard, minimumPiece: 64) == nil)
    var problems: [FrontEndProblem] = []
    _ = YAMLParser.parse(SourceFile(path: "a", text: text), problems: &problems)
    #expect(!problems.isEmpty)
  }

  /// A split never accepts what the whole parse rejects for its depth, and where both
  /// accept, they agree.
  @Test func theDepthBoundIsNeverLooserThanTheWholeParses() throws {
    let file = SourceFile(path: "a", text: oneCoordinator(screens: 60))
    var splits = 0
    for depth in 3...10 {
      let limits = YAMLLimits(maxDepth: depth, maxAliasExpansion: 10, maxFileSize: 1 << 20)
      var problems: [FrontEndProblem] = []
      let whole = YAMLParser.parseWhole(file, limits: limits, problems: &problems)
      let split = YAMLSplitter.parse(file, limits: limits, minimumPiece: 64)
      switch (whole, split) {
      case (.document(let wholeTree, let wholeRoot), .document(let tree, let root)?):
        splits += 1
        #expect(tree.difference(root, from: wholeTree, wholeRoot) == nil)
      case (.document, nil): break
      default: #expect(split == nil, "depth \(depth)")
      }
    }
    #expect(splits > 0)
  }
}
