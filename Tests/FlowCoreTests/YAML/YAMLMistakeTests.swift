import FlowCore
import Testing

/// The common YAML mistakes said in words that tell what to do, at the mistake (issue 34,
/// item 4): a tab that indents, a `{` or `[` left open, a `: ` in a plain value, a key
/// that lines up with no parent, an event one level too shallow, a coordinator's key one
/// level too deep. Other errors keep
/// libyaml's words.
@Suite struct YAMLMistakeTests {
  private let head = "version: 1\ncoordinators:\n  App:\n    entry: true\n    start: Home\n"

  /// Each finding as `line:column-endColumn message-id message`, with its notes' places.
  private func found(_ text: String) throws -> [String] {
    try check(text).map { finding in
      "\(finding.line):\(finding.column)-\(finding.range.end.column) \(finding.messageID) "
        + finding.message
        + finding.notes.map { " [note \($0.range.start.line):\($0.range.start.column)]" }
        .joined()
    }
  }

  @Test func aTabThatIndentsIsSaidSoAtTheTab() throws {
    #expect(
      try found("version: 1\ncoordinators:\n  App:\n\tentry: true\n") == [
        "4:1-2 yaml-syntax/tab-indentation a tab indents this line, and YAML indents with "
          + "spaces only: replace it with spaces"
      ])
    // After spaces, still indentation.
    #expect(
      try found("version: 1\ncoordinators:\n  App:\n  \tentry: true\n").first?.hasPrefix(
        "4:3-4 yaml-syntax/tab-indentation") == true)
    // A tab inside a quoted value is text.
    #expect(
      try found(head + "    doc: \"a\tb\"\n    screens: { Home: {} }\n").isEmpty)
  }

  @Test func anUnclosedBraceOrBracketIsReportedWhereItOpens() throws {
    #expect(
      try found(
        head + "    screens:\n      Home: { on: { next: { push: Home }\n      Other: {}\n") == [
          "7:19-20 yaml-syntax/unclosed-flow-mapping this '{' is not closed: the mapping it "
            + "opens on line 7 runs on to line 8; add '}' where it ends [note 8:7]"
        ])
    #expect(
      try found(head + "    screens:\n      Home: [a, b\n      Other: {}\n") == [
        "7:13-14 yaml-syntax/unclosed-flow-sequence this '[' is not closed: the list it "
          + "opens on line 7 runs on to line 8; add ']' where it ends [note 8:12]"
      ])
  }

  @Test func aColonInAPlainValueAsksForQuotes() throws {
    #expect(
      try found(head + "    doc: Shows: the \"home\" # why\n") == [
        "6:10-27 yaml-syntax/colon-in-value the value 'Shows: the \"home\"' has ': ' in it, "
          + "which YAML reads as the start of a mapping: quote the value "
          + "(\"Shows: the \\\"home\\\"\")"
      ])
    // Quoted, it is one value.
    #expect(
      try found(head + "    doc: \"Shows: the home\"\n    screens: { Home: {} }\n").isEmpty)
  }

  /// An error that is none of these keeps libyaml's words and place.
  @Test func otherErrorsKeepLibyamlsWords() throws {
    let findings = try found(head + "    screens: { Home: {} }}\n")
    #expect(findings.count == 1)
    #expect(findings.first?.contains("yaml-syntax/invalid invalid YAML: ") == true)
  }

  /// A key that lines up with no key above it: the levels it could join are named.
  @Test func aKeyUnderNoParentIsToldWhereItCouldGo() throws {
    let text =
      head + "    screens:\n      Home:\n        on:\n          next: stay\n"
      + "         back: pop\n"
    #expect(
      try found(text) == [
        "10:10-14 yaml-syntax/indentation this line is indented 9 spaces, which lines up with "
          + "no key above it: indent it 10 spaces, beside 'next', or 8 spaces, beside 'on'"
      ])
  }

  @Test func anEventOneLevelTooShallowBelongsUnderOn() throws {
    let text =
      head + "    screens:\n      Home:\n        on:\n          next: { push: Home }\n"
      + "      back: pop\n      later: [pop, { push: Home }]\n"
    #expect(
      try found(text) == [
        "10:7-11 schema/event-outside-on 'back' is read as a screen, but its value is an "
          + "action: if it is an event of the screen above, indent it under that screen's 'on:'",
        "11:7-12 schema/event-outside-on 'later' is read as a screen, but its value is an "
          + "action: if it is an event of the screen above, indent it under that screen's 'on:'",
      ])
  }

  @Test func aCoordinatorsKeyOneLevelTooDeepBelongsBesideScreens() throws {
    let text =
      "version: 1\ncoordinators:\n  App:\n    entry: true\n    screens:\n      Home: {}\n"
      + "      start: Home\n"
    #expect(
      try found(text).filter { $0.contains("coordinator-key-in-screens") } == [
        "7:7-12 schema/coordinator-key-in-screens 'start' is read as a screen, but it is a key "
          + "of the coordinator: write it beside 'screens:', one level to the left"
      ])
    // A screen of that name in UpperCamelCase is a screen.
    #expect(
      try found(head + "    screens: { Home: {}, Start: {} }\n").filter {
        $0.contains("coordinator-key-in-screens")
      }.isEmpty)
  }
}
