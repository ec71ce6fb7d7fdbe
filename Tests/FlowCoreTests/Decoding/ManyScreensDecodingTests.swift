import Testing

@testable import FlowCore

/// The screens and decisions of one large coordinator are decoded in chunks on all cores
/// (issue 35, step 5); what decoding gives is what decoding them one by one gives.
@Suite struct ManyScreensDecodingTests {
  /// One coordinator of `count` screens, every tenth with a key no screen has, every
  /// hundredth reading an anchored mapping through a merge key; a decision per ten screens,
  /// every tenth of them with a key no decision has.
  private func text(screens count: Int) -> String {
    var text = "version: 1\ncoordinators:\n  App:\n    entry: true\n    start: S0\n    screens:\n"
    for index in 0..<count {
      text += "      S\(index):\n"
      if index == 0 { text += "        <<: &shared { doc: merged text }\n" }
      if index % 100 == 50 { text += "        <<: *shared\n" }
      if index % 10 == 3 { text += "        colour: red\n" }
      text +=
        "        on: { next: { push: S\((index + 1) % count) }, check: { decide: D\(index / 10) } }\n"
    }
    text += "    decisions:\n"
    for index in 0..<(count / 10) {
      let extra = index % 10 == 4 ? ", colour: red" : ""
      text += "      D\(index): { cases: { yes: stay, no: pop }\(extra) }\n"
    }
    return text
  }

  private func decode(_ text: String) -> (FlowFile?, [FrontEndProblem]) {
    var problems: [FrontEndProblem] = []
    let document = YAMLParser.parse(
      SourceFile(path: "a.flow.yaml", text: text), problems: &problems)
    let file = FileDecoder.decode(document, path: "a.flow.yaml", problems: &problems)
    return (file, problems)
  }

  @Test func manyScreensDecodeInFileOrderWithTheirProblemsInOrder() throws {
    let count = 3_000
    let (decoded, problems) = decode(text(screens: count))
    let file = try #require(decoded)
    let coordinator = try #require(file.coordinators.first)
    #expect(coordinator.screens.map(\.name.text) == (0..<count).map { "S\($0)" })
    #expect(coordinator.decisions.map(\.name.text) == (0..<(count / 10)).map { "D\($0)" })
    // One problem per tenth screen and per broken decision, in the order of the file.
    let lines = problems.map(\.range.start.line)
    #expect(lines == lines.sorted())
    #expect(problems.count >= count / 10)
    #expect(coordinator.screens.filter(\.isBroken).count == count / 10)
    // Every screen that merges the anchored mapping reads it through an alias.
    #expect(file.sharedUses.count >= count / 100)
  }

  /// Decoded in chunks and one by one, the same file gives the same definitions, problems
  /// and shared uses.
  @Test func chunkedDecodingMatchesDecodingOneByOne() throws {
    let source = SourceFile(path: "a.flow.yaml", text: text(screens: 4_000))
    var parseProblems: [FrontEndProblem] = []
    let document = YAMLParser.parse(source, problems: &parseProblems)
    var chunkedProblems: [FrontEndProblem] = []
    var oneByOneProblems: [FrontEndProblem] = []
    let chunked = FileDecoder.decode(document, path: "a.flow.yaml", problems: &chunkedProblems)
    let oneByOne = FileDecoder.decode(
      document, path: "a.flow.yaml", problems: &oneByOneProblems, isParallel: false)
    #expect(chunked != nil)
    #expect(chunked == oneByOne)
    #expect(chunkedProblems == oneByOneProblems)
    #expect(chunkedProblems.count > 400)
  }
}
