import Testing

@testable import FlowCommandLine

/// The diff `generate --check` shows of a stale file.
@Suite struct StaleFileDiffTests {
  @Test func equalTextsHaveNoDiff() {
    #expect(StaleFileDiff.render(old: "a\nb\n", new: "a\nb\n", path: "A.swift") == "")
  }

  @Test func aChangeIsShownWithItsContext() {
    let old = (1...10).map { "line \($0)\n" }.joined()
    let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n") + "line 11\n"
    #expect(
      StaleFileDiff.render(old: old, new: new, path: "A.swift") == """
        --- A.swift (on disk)
        +++ A.swift (generated)
        @@ -3,5 +3,5 @@
         line 3
         line 4
        -line 5
        +line five
         line 6
         line 7
        @@ -9,2 +9,3 @@
         line 9
         line 10
        +line 11

        """)
  }

  /// A file rewritten whole prints a bounded number of lines, then how many more changed.
  @Test func aLargeChangeIsCutShort() {
    let old = (1...5000).map { "old \($0)\n" }.joined()
    let new = (1...5000).map { "new \($0)\n" }.joined()
    let diff = StaleFileDiff.render(old: old, new: new, path: "A.swift")
    let lines = diff.split(separator: "\n")
    #expect(lines.count < 40, "\(lines.count)")
    #expect(lines.filter { $0.hasPrefix("-") || $0.hasPrefix("+") }.count == 2 + 24)
    #expect(lines.contains("-old 1") && !lines.contains("+new 1"))
    #expect(diff.hasSuffix("… \(10_000 - 24) more changed lines\n"))
  }

  /// The file on disk may hold anything: a terminal sequence in it is printed escaped.
  @Test func linesAreEscapedForTheTerminal() {
    let diff = StaleFileDiff.render(
      old: "// x\u{1B}]0;pwned\u{07}\n", new: "// x\n", path: "A\u{1B}.swift")
    #expect(!diff.contains("\u{1B}"))
    #expect(!diff.contains("\u{07}"))
    #expect(diff.contains("-// x\\u{1B}]0;pwned\\u{07}\n"))
  }
}
