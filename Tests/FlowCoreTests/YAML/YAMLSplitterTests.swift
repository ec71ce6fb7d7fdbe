import Foundation
import Testing

@testable import FlowCore

/// A file parsed in pieces gives the tree a whole parse gives, or is parsed whole.
@Suite struct YAMLSplitterTests {
  /// The whole parse of `text`.
  private func whole(_ file: SourceFile) throws -> (YAMLTree, YAMLNode) {
    var problems: [FrontEndProblem] = []
    let document = YAMLParser.parseWhole(file, limits: .standard, problems: &problems)
    guard case .document(let tree, let root) = document else {
      Issue.record("the whole parse failed: \(problems.map(\.message))")
      throw CancellationError()
    }
    return (tree, root)
  }

  /// Compares two trees node by node: kinds, texts, styles, tags and positions.
  private func compare(_ a: YAMLTree, _ x: YAMLNode, _ b: YAMLTree, _ y: YAMLNode) -> String? {
    a.difference(x, from: b, y)
  }

  private func example() throws -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("flows/checkout.flow.yaml")
    return try String(contentsOf: url, encoding: .utf8)
  }

  @Test func theExampleAppSplitsIntoTheSameTree() throws {
    let file = SourceFile(path: "a.flow.yaml", text: try example())
    let plan = try #require(YAMLSplitter.plan(file.bytes, from: 0, minimumPiece: 64))
    #expect(plan.path.first == "coordinators")
    #expect(plan.entries.count >= 2)
    let split = try #require(YAMLSplitter.parse(file, limits: .standard, minimumPiece: 64))
    guard case .document(let tree, let root) = split else { return #expect(Bool(false)) }
    let (wholeTree, wholeRoot) = try whole(file)
    #expect(compare(tree, root, wholeTree, wholeRoot) == nil)
  }

  @Test func trickyScalarsCommentsAndATailSplitIntoTheSameTree() throws {
    let text = """
      # yaml-language-server: $schema=x
      version: 1
      coordinators:
        # a comment at indentation 2
        App:
          doc: |
            A literal block
              with indentation: and a colon
          entry: yes
          start: Home
          screens:
            Home: { on: { next: { push: Other } } }   # trailing comment
            Other:
              doc: >
                folded
                text
              on:
                back: pop
      # a comment at the start of a line

        Second:
          doc: a plain scalar
            continued on the next line
          result: { done: ~ }
          start: S
          screens:
            S: { doc: "quoted: with # and 'quotes'", on: { ok: { finish: done } } }
        Third:
          start: T
          screens:
            T:
      types:
        Late: { struct: { name: String } }

      """
    let file = SourceFile(path: "a.flow.yaml", text: text)
    let plan = try #require(YAMLSplitter.plan(file.bytes, from: 0, minimumPiece: 8))
    #expect(!plan.tails.isEmpty)
    let split = try #require(YAMLSplitter.parse(file, limits: .standard, minimumPiece: 8))
    guard case .document(let tree, let root) = split else { return #expect(Bool(false)) }
    let (wholeTree, wholeRoot) = try whole(file)
    #expect(compare(tree, root, wholeTree, wholeRoot) == nil)
  }

  @Test func randomModulesSplitIntoTheSameTree() throws {
    var split = 0
    for seed in UInt64(1)...300 {
      let text = RandomModule(seed: seed).yaml() + "# a comment at the end\n"
      let file = SourceFile(path: "a.flow.yaml", text: text)
      guard
        case .document(let tree, let root)? = YAMLSplitter.parse(
          file, limits: .standard, minimumPiece: 32)
      else { continue }
      split += 1
      let (wholeTree, wholeRoot) = try whole(file)
      let difference = compare(tree, root, wholeTree, wholeRoot)
      #expect(difference == nil, "seed \(seed): \(difference ?? "")\n\(text)")
      if difference != nil { return }
    }
    #expect(split > 100)
  }

  @Test(arguments: [
    ("anchors", "coordinators:\n  A: &x { start: S }\n  B: *x\n"),
    ("carriage returns", "coordinators:\r\n  A: { start: S }\r\n  B: { start: S }\r\n"),
    ("documents", "coordinators:\n  A: { start: S }\n---\n  B: { start: S }\n"),
    ("a flow value", "coordinators: {\n  A: { start: S },\n  B: { start: S } }\n"),
    ("a quoted key", "coordinators:\n  \"A\": { start: S }\n  B: { start: S }\n"),
    ("a list item", "coordinators:\n  A: { start: S }\n  - B\n"),
    ("a next line", "coordinators:\n  A: { start: S }\u{85}  B: { start: S }\n"),
    ("a line separator", "coordinators:\n  A: { doc: \"x\u{2028}y\" }\n  B: { start: S }\n"),
    (
      "a flow mapping at the top", "coordinators:\n  A: { start: S }\n  B: { start: S }\n{ a: b }\n"
    ),
    ("a continuation", "coordinators:\n  A: { start: S,\n  screens: {} }\n  B: { start: S }\n"),
  ])
  func shapesThatCouldChangeTheTreeAreParsedWhole(name: String, text: String) {
    let padded = "version: 1\n" + text
    #expect(
      YAMLSplitter.parse(SourceFile(path: "a", text: padded), limits: .standard, minimumPiece: 4)
        == nil, "\(name)")
  }

  /// Every YAML fixture of the test suite (the fuzzer's regressions among them), cut into
  /// the smallest pieces, parses to the tree the whole parse gives.
  @Test func everyFixtureSplitsIntoTheSameTree() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
    let files =
      FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }
      .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") } ?? []
    #expect(files.count > 20)
    for name in files {
      let bytes = try Array(Data(contentsOf: root.appendingPathComponent(name)))
      let difference = YAMLParser.differenceOfPiecewiseParse(
        SourceFile(path: name, bytes: bytes), minimumPiece: 16)
      #expect(difference == nil, "\(name): \(difference ?? "")")
    }
  }

  @Test func theDifferenceFinderFindsADifference() throws {
    let one = SourceFile(path: "a", text: "a: { b: [1, 2] }\n")
    let two = SourceFile(path: "a", text: "a: { b: [1, 3] }\n")
    let (x, rx) = try whole(one)
    let (y, ry) = try whole(two)
    #expect(x.difference(rx, from: x, rx) == nil)
    #expect(x.difference(rx, from: y, ry) == "/a/b/1/: scalars differ")
  }

  @Test func aPieceWithAnErrorSendsTheFileToTheWholeParse() {
    let text =
      "version: 1\ncoordinators:\n  A: { start: S }\n  B: { start: [S }\n  C: { start: S }\n"
    #expect(
      YAMLSplitter.parse(SourceFile(path: "a", text: text), limits: .standard, minimumPiece: 4)
        == nil)
  }

  @Test func aLargeFileIsCutIntoPiecesOfAtMostTheLargestTargetEach() throws {
    // 8 MB of small coordinators: cut "a few pieces per core", each piece was megabytes, and
    // each core held a tree of ten times that beside the model (issue 35).
    var bytes = Array("version: 1\ncoordinators:\n".utf8)
    var largestEntry = 0
    var index = 0
    while bytes.count < 8 << 20 {
      let entry = Array(
        "  C\(index):\n    start: S\n    screens:\n      S:\n        on: { next: pop }\n".utf8)
      largestEntry = max(largestEntry, entry.count)
      bytes += entry
      index += 1
    }
    let plan = try #require(YAMLSplitter.plan(bytes, from: 0))
    #expect(plan.path == ["coordinators"])
    let sizes = plan.entries.map(\.range.count)
    // A piece closes at the entry that takes it to the target.
    #expect(sizes.allSatisfy { $0 < YAMLSplitter.largestPieceTarget + largestEntry })
    #expect(sizes.dropLast().allSatisfy { $0 >= YAMLSplitter.largestPieceTarget })
    #expect(sizes.reduce(0, +) + plan.head.range.count == bytes.count)
  }
}
