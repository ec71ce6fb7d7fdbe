import Testing

@testable import FlowCore

/// A large file's coordinators, or one big coordinator's screens, decoded in the pieces that
/// parse them (issue 35 step 2) give the file, the problems and the shared uses that
/// decoding the whole tree gives.
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

  @Test func oneBigCoordinatorsScreensAreDecodedInPieces() throws {
    var text = "version: 1\ncoordinators:\n  App:\n    start: S0\n    screens:\n"
    for index in 0..<200 { text += "      S\(index): { on: { next: { push: S\(index + 1) } } }\n" }
    let file = SourceFile(path: "a.flow.yaml", text: text)
    let plan = try #require(YAMLSplitter.plan(file.bytes, from: 0, minimumPiece: 64))
    #expect(plan.path == ["coordinators", "App", "screens"])
    #expect(difference(text, minimumPiece: 64) == nil)
    guard
      case .decoded(let split?, let problems) = PiecewiseDecoding.read(
        file, limits: .standard, splitThreshold: 0, minimumPiece: 64)
    else { return #expect(Bool(false)) }
    #expect(problems.isEmpty)
    #expect(split.coordinators.map(\.screens.count) == [200])
  }

  /// A module that is one big coordinator, its screens written in many forms, some of them
  /// wrong in the ways a piece could see differently from the whole file: names repeated
  /// across pieces, bodies that are not mappings or hold unknown or misplaced keys, merge
  /// keys, events written one level too shallow, a coordinator's key among the screens;
  /// and keys of the coordinator, other coordinators and top-level keys after the screens.
  private func bigCoordinator(_ generator: inout SeededGenerator) -> String {
    var text = "version: 1\n"
    if Bool.random(using: &generator) { text += "types:\n  Item: external\n" }
    text += "coordinators:\n"
    if Bool.random(using: &generator) { text += "  Before: { start: B, screens: { B: {} } }\n" }
    text += "  App:\n    entry: true\n    start: S0\n"
    if Bool.random(using: &generator) { text += "    input: Item\n" }
    text += "    screens:\n"
    let count = Int.random(in: 30...80, using: &generator)
    var names: [String] = []
    for index in 0..<count {
      let target = "S\(Int.random(in: 0..<count, using: &generator))"
      var name = "S\(index)"
      if !names.isEmpty, Int.random(in: 0..<10, using: &generator) == 0 {
        name = names.randomElement(using: &generator) ?? name
      }
      names.append(name)
      let body: String
      switch Int.random(in: 0..<14, using: &generator) {
      case 0: body = " { on: { next: { push: \(target) } } }"
      case 1:
        body =
          "\n        input: Item\n        on:\n          back: pop\n"
          + "          go: { present: \(target), style: sheet }"
      case 2: body = " { bogus: 1, on: { x: dismiss } }"
      case 3: body = " 5"
      case 4: body = " ~"
      case 5:
        body = " { on: { a: { start: Child, on: { done: pop, other: { push: \(target) } } } } }"
      case 6: body = " { on: { x: { do: [pop, { push: \(target) }] } } }"
      case 7: body = " { doc: \"a screen\", systemBack: maybe, dismissible: false }"
      case 8: body = " { <<: { doc: merged }, on: { y: stay } }"
      case 9: body = " { on: { z: { finish: done } }, lint: { ignore: [leak] } }"
      case 10: body = " { on: [1, 2] }"
      case 11: body = " { on: { q: { alert: Confirm } } }"
      default: body = " {}"
      }
      text += "      \(name):\(body)\n"
      switch Int.random(in: 0..<20, using: &generator) {
      case 0: text += "      back: pop\n"
      case 1: text += "      start: S1\n"
      case 2: text += "      lower_name\(index): {}\n"
      default: break
      }
    }
    switch Int.random(in: 0..<3, using: &generator) {
    case 0: text += "    decisions:\n      D: { cases: { yes: { push: S1 }, no: pop } }\n"
    case 1: text += "    alerts:\n      Confirm: { on: { ok: stay } }\n    result: { done: ~ }\n"
    default: break
    }
    if Bool.random(using: &generator) { text += "  Child: { start: C, screens: { C: {} } }\n" }
    if Bool.random(using: &generator) { text += "links:\n  home: { url: /home, to: App.S3 }\n" }
    return text
  }

  @Test func randomBigCoordinatorsDecodeInPiecesAsWhole() {
    var decoded = 0
    for seed in UInt64(1)...200 {
      var generator = SeededGenerator(seed: seed)
      let text = bigCoordinator(&generator)
      let difference = difference(text, minimumPiece: 48)
      if difference == "not decoded in pieces" { continue }
      decoded += 1
      #expect(difference == nil, "seed \(seed): \(difference ?? "")\n\(text)")
      if difference != nil { return }
    }
    #expect(decoded > 150)
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
