import Testing

@testable import FlowCore

/// A large file's coordinators decoded in the pieces that parse them (issue 35 step 2) give
/// the file, the problems and the shared uses that decoding the whole tree gives.
@Suite struct PiecewiseDecodingTests {
  /// The whole parse and decode of `file`, as a file below the split's size is read.
  private func whole(_ file: SourceFile) -> (FlowFile?, [FrontEndProblem]) {
    var problems: [FrontEndProblem] = []
    let document = YAMLParser.parseWhole(file, limits: .standard, problems: &problems)
    let decoded = FileDecoder.decode(document, path: file.path, problems: &problems)
    return (decoded, problems)
  }

  /// Where `text` read in pieces of at least `minimumPiece` bytes differs from it read
  /// whole: `nil` when they agree; `"not decoded in pieces"` when the file was not.
  private func difference(_ text: String, minimumPiece: Int = 32) -> String? {
    let file = SourceFile(path: "a.flow.yaml", text: text)
    guard
      case .decoded(let split, let problems) = PiecewiseDecoding.read(
        file, limits: .standard, splitThreshold: 0, minimumPiece: minimumPiece)
    else { return "not decoded in pieces" }
    let (wholeFile, wholeProblems) = whole(file)
    return PiecewiseDecoding.difference(
      split: (split, problems), whole: (wholeFile, wholeProblems))
  }

  /// `text` with some of its coordinators (the lines `  Name:` at indentation 2) renamed
  /// to, broken into, or followed by what `generator` picks: names repeated across pieces,
  /// invalid names, bodies that are not mappings or hold unknown keys, a merge key in a
  /// body, and top-level keys after the coordinators.
  private func mutated(_ text: String, _ generator: inout SeededGenerator) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let keys = lines.indices.filter { index in
      let line = lines[index]
      return line.hasPrefix("  ") && !line.hasPrefix("   ") && line.hasSuffix(":")
        && index > (lines.firstIndex(of: "coordinators:") ?? lines.count)
    }
    guard keys.count >= 2 else { return text }
    for _ in 0..<Int.random(in: 1...4, using: &generator) {
      let at = keys.randomElement(using: &generator) ?? keys[0]
      switch Int.random(in: 0..<8, using: &generator) {
      case 0, 1:
        // A name used before, in this piece or an earlier one.
        if let earlier = keys.filter({ $0 < at }).randomElement(using: &generator) {
          lines[at] = lines[earlier]
        }
      case 2:
        lines[at] = "  lower_case_name\(at):"
      case 3:
        lines[at] = String(lines[at].dropLast()) + ": 5"
      case 4:
        lines[at] += "\n    bogus: 1\n    entry: maybe"
      case 5:
        lines[at] += "\n    <<: { doc: merged, tabs: 3 }"
      case 6:
        lines[at] += "\n    screens: [1, 2]"
      default:
        lines[at] = String(lines[at].dropLast()) + ": ~"
      }
    }
    var result = lines.joined(separator: "\n")
    switch Int.random(in: 0..<4, using: &generator) {
    case 0:
      result += "links:\n  home: { url: /home, to: Nowhere.S0 }\n  bad: 3\n"
    case 1:
      result += "screens:\n  Shared: { on: { done: finish } }\nlint: { ignore: [x] }\n"
    case 2:
      result += "types: 4\ncoordinators:\n  Late: { start: S }\n"
    default:
      break
    }
    return result
  }

  @Test func randomModulesDecodeInPiecesAsWhole() {
    var decoded = 0
    for seed in UInt64(1)...300 {
      var generator = SeededGenerator(seed: seed)
      let text = mutated(RandomModule(seed: seed).yaml(), &generator)
      let difference = difference(text)
      if difference == "not decoded in pieces" { continue }
      decoded += 1
      #expect(difference == nil, "seed \(seed): \(difference ?? "")\n\(text)")
      if difference != nil { return }
    }
    #expect(decoded > 100)
  }

  @Test func aNameRepeatedInALaterPieceIsReportedThereAsInTheWholeFile() throws {
    var text = "version: 1\ncoordinators:\n"
    for index in 0..<40 {
      let name = index == 33 || index == 37 ? "C3" : "C\(index)"
      text += "  \(name):\n    start: S\n    screens:\n      S: { on: { next: pop } }\n"
    }
    text += "links:\n  home: { url: /home, to: C3.S }\n"
    #expect(difference(text) == nil)
    let file = SourceFile(path: "a.flow.yaml", text: text)
    guard
      case .decoded(let split?, let problems) = PiecewiseDecoding.read(
        file, limits: .standard, splitThreshold: 0, minimumPiece: 32)
    else { return #expect(Bool(false)) }
    #expect(split.coordinators.count == 38)
    let duplicates = problems.filter { $0.name == "duplicate-key" }
    #expect(duplicates.map(\.range.start.line) == [2 + 4 * 33 + 1, 2 + 4 * 37 + 1])
    #expect(duplicates.allSatisfy { $0.notes.first?.range.start.line == 2 + 4 * 3 + 1 })
  }

  @Test func aCoordinatorThatClosesAPieceEndsWhereItDoesInTheWholeFile() throws {
    // Each coordinator's body closes at the start of the next one's line: in its piece, at
    // the piece's end; its definition range must not show it.
    var text = "version: 1\ncoordinators:\n"
    for index in 0..<20 {
      text += "  C\(index):\n    start: S\n    screens:\n      S:\n        on: { next: pop }\n"
    }
    text += "  Empty:\n  Last: { start: S }\nlinks:\n  home: { url: /home, to: C1.S }\n"
    #expect(difference(text, minimumPiece: 16) == nil)
  }

  @Test func anEarlierCoordinatorsKeyWinsOverTheOneCutInPieces() throws {
    // The file's first `coordinators` is the one decoded (from the outline); the large one
    // cut into pieces is a duplicate key, whose coordinators are not read.
    var text = "version: 1\ncoordinators:\n  Early: { start: S, screens: { S: { bad: 1 } } }\n"
    text += "types:\n  T: external\ncoordinators:\n"
    for index in 0..<20 { text += "  C\(index):\n    start: S\n    screens:\n      S: {}\n" }
    let file = SourceFile(path: "a.flow.yaml", text: text)
    let plan = try #require(YAMLSplitter.plan(file.bytes, from: 0, minimumPiece: 32))
    #expect(plan.path == ["coordinators"])
    #expect(difference(text) == nil)
    guard
      case .decoded(let split?, _) = PiecewiseDecoding.read(
        file, limits: .standard, splitThreshold: 0, minimumPiece: 32)
    else { return #expect(Bool(false)) }
    #expect(split.coordinators.map(\.name.text) == ["Early"])
  }

  @Test(arguments: [
    ("a merge key among the coordinators", "  <<: { Merged: { start: S } }\n"),
    ("a quoted name", "  \"Quoted\": { start: S }\n"),
  ])
  func aSplitMappingThatNeedsTheWholeTreeIsReadWhole(name: String, line: String) {
    var text = "version: 1\ncoordinators:\n"
    for index in 0..<20 { text += "  C\(index):\n    start: S\n    screens:\n      S: {}\n" }
    text += line
    let file = SourceFile(path: "a.flow.yaml", text: text)
    guard
      case .parsed = PiecewiseDecoding.read(
        file, limits: .standard, splitThreshold: 0, minimumPiece: 32)
    else { return #expect(Bool(false), "\(name)") }
  }

  @Test func oneBigCoordinatorIsJoinedAndDecodedWhole() {
    var text = "version: 1\ncoordinators:\n  App:\n    start: S0\n    screens:\n"
    for index in 0..<200 { text += "      S\(index): { on: { next: { push: S\(index + 1) } } }\n" }
    let file = SourceFile(path: "a.flow.yaml", text: text)
    guard
      case .parsed(.document, let problems) = PiecewiseDecoding.read(
        file, limits: .standard, splitThreshold: 0, minimumPiece: 64)
    else { return #expect(Bool(false)) }
    #expect(problems.isEmpty)
  }

  /// A file as large as a real run splits (`flowc check` of a module of many coordinators)
  /// is decoded in pieces, and `ParsedFile` reads it as the whole decode does.
  @Test func aLargeFileIsDecodedInPiecesByThePipeline() throws {
    var text = "version: 1\ncoordinators:\n"
    var seed: UInt64 = 1
    while text.utf8.count < YAMLParser.splitThreshold + 4096 {
      let module = RandomModule(seed: seed).yaml()
      seed += 1
      guard !module.contains("&"), let start = module.range(of: "coordinators:\n") else {
        continue
      }
      // Each module's coordinators, renamed apart; repeats of a name across modules stay.
      text += module[start.upperBound...].replacingOccurrences(of: "\n  C", with: "\n  M\(seed)C")
    }
    let file = SourceFile(path: "a.flow.yaml", text: text)
    guard case .decoded = PiecewiseDecoding.read(file, limits: .standard) else {
      return #expect(Bool(false), "not decoded in pieces")
    }
    let parsed = ParsedFile(.source(file), limits: .standard, timed: false)
    let (wholeFile, wholeProblems) = whole(file)
    var wholeFindings = Findings()
    wholeFindings.add(wholeProblems)
    #expect(parsed.file == wholeFile)
    #expect(parsed.findings.all == wholeFindings.all)
  }
}
