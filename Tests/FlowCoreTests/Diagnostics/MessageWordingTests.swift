import Foundation
import Testing

@testable import FlowCommandLine
@testable import FlowCore

/// A finding's words are rendered from its message's kind and arguments, and nothing else
/// reads them (issue 29): rewording messages changes the messages and nothing else, not a
/// fingerprint, a baseline match, a quick fix, a `--fix` edit or the merging of findings of
/// shared content.
@Suite struct MessageWordingTests {
  /// A misspelt screen with one closest name (a fix-it), a missing screen and a `dismiss`
  /// that can never happen in content that two screens share through an alias (each found
  /// in both screens, merged into one finding naming both), and a type nothing uses (a
  /// message not reworded).
  static let flow = """
    version: 1
    coordinators:
      App:
        entry: true
        start: Home
        screens:
          Home: { on: &common { help: { push: Nowhere }, close: dismiss, more: { push: Detail } } }
          Help: { on: *common }
          Detail: { on: { back: pop, home: { push: Hme }, help: { push: Help } } }
    types:
      Unused: { struct: { a: Int } }

    """

  static let missingNode = MessageID(rule: UnknownReferenceRule.id, name: "missing-node")
  static let dismissOutsideModal = MessageID(
    rule: InvalidBackRule.id, name: "dismiss-outside-modal")

  /// Two messages worded otherwise: one says nothing of its arguments, the other names the
  /// screen it was found on in another place of the sentence.
  static let reworded = MessageWording.english
    .rewording(missingNode) { _ in "REWORDED: that is not a node of this coordinator" }
    .rewording(dismissOutsideModal) { message in
      guard
        case .dismissOutsideModal(let keyword, .node(let node))? =
          message as? InvalidBackRule.Message
      else { return "REWORDED" }
      return "REWORDED: \(definition: node) has no modal stack to '\(keyword)' from"
    }

  /// A directory with the flow in it, for the checks of one test.
  struct Scratch {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "flowc-wording-\(UUID())")
    var path: String { url.appendingPathComponent("a.flow.yaml").path }

    init() throws {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      try Data(MessageWordingTests.flow.utf8).write(to: URL(fileURLWithPath: path))
    }

    func check(_ wording: MessageWording) throws -> CheckResult {
      try Pipeline.check(
        [.path(path)], configuration: Configuration(), limits: .standard, timed: false,
        wording: wording)
    }

    /// What `check --fix` writes and says, checked in `wording`.
    func fix(_ wording: MessageWording) throws -> (text: String, report: String) {
      let checked = try check(wording)
      var policy = OutputPolicy()
      policy.read(path, as: .flowFile)
      let fixes = SourceFixes(checked, judge: policy.judge())
      return (
        try String(contentsOfFile: path, encoding: .utf8),
        fixes.report().replacing(url.path, with: "")
      )
    }

    func cleanUp() { try? FileManager.default.removeItem(at: url) }
  }

  /// What identifies a finding, without its words.
  struct Identity: Hashable {
    var rule: RuleID
    var id: MessageID
    var subject: SymbolRef
    var range: SourceRange
    var severity: Severity
    var suggestion: String?
    var fixIts: [FixIt]
    var foundIn: FoundIn?

    init(_ finding: Finding) {
      rule = finding.rule
      id = finding.messageID
      subject = finding.subject
      range = finding.range
      severity = finding.severity
      suggestion = finding.suggestion
      fixIts = finding.fixIts
      foundIn = finding.foundIn
    }
  }

  @Test func rewordingChangesTheWordsAndNothingElse() throws {
    let scratch = try Scratch()
    defer { scratch.cleanUp() }
    let english = try scratch.check(.english)
    let reworded = try scratch.check(Self.reworded)

    // The wording is in force: the messages of the two ids, and only they, read otherwise.
    func messages(_ check: CheckResult) -> [String] {
      check.findings.filter { [Self.missingNode, Self.dismissOutsideModal].contains($0.messageID) }
        .map(\.message)
    }
    #expect(
      messages(english) == [
        "screen 'Nowhere' does not exist in coordinator 'App' (in screens 'Home' and 'Help')",
        "'dismiss' on screens 'Home' and 'Help' can never happen: the screen is never in a "
          + "modal stack",
        "screen 'Hme' does not exist in coordinator 'App'; did you mean 'Home'?",
      ])
    #expect(
      messages(reworded) == [
        "REWORDED: that is not a node of this coordinator (in screens 'Home' and 'Help')",
        "REWORDED: screens 'Home' and 'Help' has no modal stack to 'dismiss' from",
        "REWORDED: that is not a node of this coordinator",
      ])
    let changed = zip(english.findings, reworded.findings).filter { $0.message != $1.message }
    #expect(changed.count == 3)
    #expect(english.findings.count > 3, "findings of other messages keep their words")

    // Everything else is as it was: the same findings in the same order, merged alike,
    // with the same suggestions and fix-its.
    #expect(reworded.findings.map(Identity.init) == english.findings.map(Identity.init))
    #expect(reworded.findings.contains { !$0.fixIts.isEmpty })
    #expect(reworded.findings.filter { $0.foundIn?.definitions.count == 2 }.count == 2)
    #expect(
      reworded.generationBlockers.map(Identity.init)
        == english.generationBlockers.map(Identity.init))

    // Fingerprints (SARIF, Code Climate, baseline), and a baseline written from the English.
    #expect(
      FindingIdentity.fingerprints(reworded.findings)
        == FindingIdentity.fingerprints(english.findings))
    let outcome = Baseline(findings: english.findings).apply(to: reworded.findings)
    #expect(outcome.matched == english.findings.count)
    #expect(outcome.reported.isEmpty)
    #expect(outcome.unused.isEmpty)

    // Quick fixes: the same edits with the same titles, wherever the cursor is.
    func actions(_ check: CheckResult) -> [String] {
      let editor = EditorModule(check: check)
      return (0..<10).flatMap { line in
        editor.codeActions(
          in: scratch.path,
          range: EditorRange(
            start: EditorPosition(line: line, character: 0),
            end: EditorPosition(line: line, character: 200))
        ).map { action in
          "\(line) \(action.title) \(action.isPreferred) "
            + action.edits.map { "\($0.range) \($0.newText)" }.joined(separator: ",")
        }
      }
    }
    #expect(actions(reworded) == actions(english))
    #expect(actions(english).contains { $0.hasPrefix("8 Change to 'Home' true") })

    // `check --fix`: the same bytes written, the same report.
    let fixedInEnglish = try Scratch()
    defer { fixedInEnglish.cleanUp() }
    let fixedReworded = try Scratch()
    defer { fixedReworded.cleanUp() }
    let fixed = try fixedInEnglish.fix(.english)
    #expect(fixed.text.contains("home: { push: Home }"))
    #expect(fixed.report.contains("fixed: 'Hme' -> 'Home' [unknown-reference]"))
    #expect(try fixedReworded.fix(Self.reworded) == fixed)
  }
}
