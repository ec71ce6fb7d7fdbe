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

  /// A file with lines of every kind the scan reads: blank lines, comments, indentation,
  /// lines of one byte, and no line break at its end.
  private static let scanned = Array(
    ("version: 1\n\n# a comment\ncoordinators:\n  A:\n    start: S\n\n    screens:\n"
      + "      S: { on: { next: pop } }\n\n\n  B:\n    doc: caf\u{E9} \u{20AC}\n"
      + "x\n \n  C: { start: T }\ntypes: {}").utf8)

  /// Cut into runs of lines at every place a share of the bytes can fall (up to one part a
  /// byte), the runs begin at line starts, each at the first at or after its share, and
  /// their lines joined are the lines of one pass: a line at a seam is neither lost nor
  /// read twice, whether the seam falls on its first byte, inside it, or on its break.
  @Test(arguments: [0, 3])
  func linesReadInRunsAreTheLinesOfOnePass(start: Int) throws {
    let bytes = start == 0 ? Self.scanned : [0xEF, 0xBB, 0xBF] + Self.scanned
    let onePass = try #require(YAMLSplitter.lines(bytes, from: start, parts: 1))
    #expect(
      onePass.count == bytes[start...].split(separator: 10, omittingEmptySubsequences: false).count)
    let lineStarts = Set(onePass.map(\.offset))
    for parts in 2...(bytes.count - start + 1) {
      let seams = YAMLSplitter.seams(bytes, from: start, parts: parts)
      #expect(seams.count == parts + 1 && seams.first == start && seams.last == bytes.count)
      for (part, seam) in seams.enumerated().dropFirst().dropLast() {
        let share = start + (bytes.count - start) * part / parts
        // The first line start at or after the share (or after the seam before it).
        let expected =
          lineStarts.filter { $0 >= max(share, seams[part - 1]) }.min() ?? bytes.count
        #expect(seam == expected, "parts \(parts), seam \(part)")
      }
      #expect(YAMLSplitter.lines(bytes, from: start, parts: parts) == onePass, "parts \(parts)")
    }
  }

  /// A byte that makes a file unsplittable refuses the split wherever it stands: at the
  /// first or last byte of a run, at a seam, inside or across the words the scan reads
  /// eight bytes at a time, the first bytes of a line break in the run before.
  @Test(arguments: [
    [UInt8(ascii: "&")], [UInt8(ascii: "*")], [UInt8(ascii: "\r")], [0xC2, 0x85],
    [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xA9],
  ])
  func anUnsplittableByteIsFoundAnywhereAndAtEverySeam(marker: [UInt8]) throws {
    let base = Self.scanned
    for position in 0...base.count {
      let bytes = Array(base[..<position]) + marker + Array(base[position...])
      for parts in [1, 2, 3, 7] {
        #expect(
          YAMLSplitter.lines(bytes, from: 0, parts: parts) == nil,
          "\(marker) at \(position), \(parts) parts")
      }
      #expect(
        YAMLSplitter.containsUnsplittableByte(bytes, in: 0..<bytes.count),
        "\(marker) at \(position)")
      // The run that starts at its last byte finds it too: its first bytes are read before it.
      #expect(
        YAMLSplitter.containsUnsplittableByte(
          bytes, in: (position + marker.count - 1)..<bytes.count),
        "\(marker) at \(position), from its last byte")
    }
    // Alone, the first bytes of a line break are UTF-8 like any other, and so are the last
    // ones after other first bytes.
    let tail = Array(marker.dropFirst())
    if !tail.isEmpty {
      let others = Array(base[..<9]) + [0xC3] + tail + Array(base[9...])
      #expect(!YAMLSplitter.containsUnsplittableByte(others, in: 0..<others.count))
      let firstBytes = Array(base[..<9]) + marker.dropLast() + Array(base[9...])
      #expect(!YAMLSplitter.containsUnsplittableByte(firstBytes, in: 0..<firstBytes.count))
    }
  }
}
