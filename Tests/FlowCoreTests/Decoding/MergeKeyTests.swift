import FlowCore
import Testing

/// Merge keys (spec section 1, revision 2): `<<: *anchor` and `<<: [*a, *b]` merge mappings
/// as YAML 1.1 says, and merged entries stay where they are written.
@Suite struct MergeKeyTests {
  private func decode(_ text: String) -> (FlowFile?, [Finding]) {
    var findings = Findings()
    let source = SourceFile(path: "a.flow.yaml", text: text)
    let document = YAMLParser.parse(source, findings: &findings)
    let file = FileDecoder.decode(document, path: "a.flow.yaml", findings: &findings)
    return (file, findings.all)
  }

  /// The events of each screen of the one coordinator, by screen name.
  private func events(_ file: FlowFile?) -> [String: [String]] {
    var events: [String: [String]] = [:]
    for screen in file?.coordinators.first?.screens ?? [] {
      events[screen.name.text] = screen.events.map(\.name.text)
    }
    return events
  }

  /// The action keyword and target of each event of `screen`, as `event=keyword:target`.
  private func actions(_ file: FlowFile?, of screen: String) -> [String] {
    let found = file?.coordinators.first?.screens.first { $0.name.text == screen }
    return (found?.events ?? []).map { event in
      switch event.action.kind {
      case .push(let target): return "\(event.name)=push:\(target)"
      case .present(let target, _): return "\(event.name)=present:\(target)"
      default: return "\(event.name)=\(event.action.keyword)"
      }
    }
  }

  @Test func aScreenGetsTheEventsItMergesAtTheirAnchor() throws {
    let (file, findings) = decode(
      flow(
        """
        App:
          start: Home
          screens:
            Home:
              on: &common
                help: { present: Help }
                back: pop
            Help:
              on:
                <<: *common
                close: dismiss
        """))
    #expect(findings.isEmpty, "\(described(findings))")
    #expect(events(file)["Help"] == ["close", "help", "back"])
    let help = try #require(file?.coordinators.first?.screens.last)
    // The merged event is the anchored node: it stays where it is written.
    #expect(help.events[1].name.range.start == SourcePosition(line: 8, column: 11))
    #expect(help.events[1].action.range.start == SourcePosition(line: 8, column: 19))
  }

  @Test func ownKeysWinOverMergedOnes() {
    let (file, findings) = decode(
      flow(
        """
        App:
          start: Home
          screens:
            Home:
              on: &common { help: { present: Help }, back: pop }
            Help:
              on: { help: { push: Home }, <<: *common }
        """))
    #expect(findings.isEmpty, "\(described(findings))")
    #expect(actions(file, of: "Help") == ["help=push:Home", "back=pop"])
  }

  @Test func anEarlierMappingOfAMergeListWinsOverALaterOne() {
    let (file, findings) = decode(
      flow(
        """
        App:
          start: Home
          screens:
            Home:
              on: &a { help: { present: Help } }
            Help:
              on: &b { help: { push: Home }, back: pop }
            More:
              on: { <<: [*a, *b] }
            Most:
              on: { <<: [*b, *a] }
        """))
    #expect(findings.isEmpty, "\(described(findings))")
    #expect(actions(file, of: "More") == ["help=present:Help", "back=pop"])
    #expect(actions(file, of: "Most") == ["help=push:Home", "back=pop"])
  }

  @Test func mergesNestAndAMappingWrittenInPlaceMergesToo() {
    let (file, findings) = decode(
      flow(
        """
        App:
          start: Home
          screens:
            Home:
              on: &base { back: pop }
            Help:
              on: &more { <<: *base, help: { present: Help } }
            More:
              on: { <<: [*more, { close: dismiss, back: stay }] }
        """))
    #expect(findings.isEmpty, "\(described(findings))")
    #expect(actions(file, of: "More") == ["help=present:Help", "back=pop", "close=dismiss"])
  }

  @Test func onlyAKeyWrittenTwiceInOneMappingIsADuplicate() {
    let (file, findings) = decode(
      flow(
        """
        App:
          start: Home
          screens:
            Home:
              on: &a { help: stay }
            Help:
              on: &b { help: pop }
            More:
              on: { <<: [*a, *b], help: dismiss, back: pop, back: stay }
        """))
    #expect(
      described(findings) == [
        "11:55 duplicate key 'back' in the events of screen 'More' [schema]"
      ])
    #expect(actions(file, of: "More") == ["help=dismiss", "back=pop"])
  }

  @Test func aSecondMergeKeyInOneMappingIsADuplicate() {
    let (_, findings) = decode(
      flow(
        """
        App:
          start: Home
          screens:
            Home:
              on: &a { help: stay }
            More:
              on: { <<: *a, <<: *a }
        """))
    #expect(
      described(findings) == ["9:23 duplicate key '<<' in the events of screen 'More' [schema]"])
  }

  @Test func aMergedValueThatIsNotAMappingIsASchemaErrorAtIt() {
    let (_, findings) = decode(
      flow(
        """
        App:
          start: Home
          screens:
            Home:
              on:
                next: { <<: pop }
                more: { <<: [{ push: Home }, [stay]] }
                back: pop
        """))
    // The action the broken merge would have given is not reported missing.
    #expect(
      described(findings) == [
        "8:23 a merge key ('<<') takes a mapping, such as '<<: *shared', or a list of them, "
          + "not a scalar [schema]",
        "9:40 a merge key ('<<') takes a mapping, such as '<<: *shared', or a list of them, "
          + "not a list [schema]",
      ])
  }

  @Test func aQuotedMergeKeyIsAnOrdinaryKey() {
    let (_, findings) = decode(
      flow(
        """
        App:
          start: Home
          screens:
            Home: { '<<': { on: { back: pop } } }
            Help: { !!str <<: { on: { back: pop } } }
        """))
    #expect(
      described(findings).map { $0.prefix(30) } == [
        "6:15 unknown key '<<' in scree", "7:15 unknown key '<<' in scree",
      ])
  }

  @Test func aCoordinatorWithAMergedStartIsComplete() {
    let (file, findings) = decode(
      flow(
        """
        App:
          <<: &shared { start: Home, result: { done: ~ } }
          screens: { Home: { on: { next: { finish: done } } } }
        Other:
          <<: *shared
          screens: { Home: { on: { next: stay } } }
        """))
    #expect(findings.isEmpty, "\(described(findings))")
    #expect(file?.coordinators.compactMap(\.result).count == 2)
  }
}

/// What the checks make of merged content: it is checked in every node that merges it,
/// and a finding about it is placed at the anchor once, naming every node it was found in
/// (spec section 8, "Where findings go").
@Suite struct MergedContentCheckTests {
  private let shared = """
    version: 1
    coordinators:
      App:
        entry: true
        start: Home
        screens:
          Home:
            on:
              settings: { push: Settings }
              <<: &common
                help: { present: Help }
          Settings:
            on: { <<: *common, back: pop }
          Help:
            on: { close: dismiss }
    """

  @Test func reachabilityAndGeneratedCodeFollowMergedEvents() throws {
    let checked = try Pipeline.check([.source(SourceFile(path: "a.flow.yaml", text: shared))])
    #expect(checked.findings.isEmpty, "\(described(checked.findings))")
    let code = SwiftGenerator.generate(checked.resolved.graph, options: .init())
      .map(\.contents).joined()
    let settingsEvents = try #require(
      code.firstRange(of: "enum SettingsEvent").map { code[$0.lowerBound...].prefix(120) })
    #expect(settingsEvents.contains("case help"))
    #expect(settingsEvents.contains("case back"))
  }

  @Test func aWrongTargetInMergedContentIsReportedOnceAtTheAnchorNamingEveryScreen() throws {
    let findings = try check(shared.replacing("{ present: Help }", with: "{ present: Hlp }"))
    #expect(
      described(findings) == [
        "11:30 screen 'Hlp' does not exist in coordinator 'App'; did you mean 'Help'? "
          + "(in screens 'Home' and 'Settings') [unknown-reference]"
      ])
  }

  @Test func aScreenThatDoesNotMergeIsNotNamed() throws {
    // Help merges the events but its own 'help' replaces the wrong one.
    let text =
      shared.replacing("{ present: Help }", with: "{ present: Hlp }")
      .replacing("on: { close: dismiss }", with: "on: { <<: *common, help: stay, close: dismiss }")
    let findings = try check(text)
    #expect(
      described(findings) == [
        "11:30 screen 'Hlp' does not exist in coordinator 'App'; did you mean 'Help'? "
          + "(in screens 'Home' and 'Settings') [unknown-reference]"
      ])
  }

  @Test func aPlainAliasIsSharedContentToo() throws {
    let text = """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: &common { help: { push: Nowhere } } }
            Help: { on: *common }
      """
    let findings = try check(text)
    #expect(
      described(findings) == [
        "7:43 screen 'Nowhere' does not exist in coordinator 'App' (in screens 'Home' and "
          + "'Help') [unknown-reference]"
      ])
  }

  @Test func aTypeWrittenOnceAndAliasedIsReportedOnce() throws {
    let text = """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { input: &items [Itm], on: { next: { push: More } } }
            More: { input: *items }
      """
    let findings = try check(text)
    #expect(
      described(findings) == [
        "7:30 unknown type 'Itm' (in screens 'Home' and 'More') [unknown-reference]"
      ])
  }

  @Test func aMessageThatNamesTheScreenNamesEveryScreen() throws {
    let text = shared.replacing("back: pop", with: "back: pop, more: { push: More }")
      .replacing(
        "Help:\n        on: { close: dismiss }",
        with: "Help:\n        on: { close: dismiss }\n      More: { on: *common }")
    let findings = try check(
      text.replacing(
        "help: { present: Help }", with: "help: { present: Help }\n            close: dismiss"))
    #expect(
      described(findings) == [
        "12:20 'dismiss' on screens 'Home', 'Settings' and 'More' can never happen: the screen "
          + "is never in a modal stack [invalid-back]"
      ])
  }

  @Test func aScreenOfAnotherCoordinatorWithoutTheProblemIsNotNamed() throws {
    let text = """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home:
              on:
                other: { start: Other, on: { done: stay } }
                <<: &common
                  about: { push: About }
        Other:
          result: { done: ~ }
          start: Start
          screens:
            Start: { on: { <<: *common, done: { finish: done } } }
            About: { on: { done: { finish: done } } }
      """
    let findings = try check(text)
    #expect(
      described(findings) == [
        "11:28 screen 'About' belongs to coordinator 'Other', not 'App'; reach it by starting "
          + "'Other' [unknown-reference]"
      ])
  }

  @Test func lintIgnoreOnAMergingScreenDoesNotCoverTheAnchor() throws {
    let text = shared.replacing("{ present: Help }", with: "{ present: Hlp }")
      .replacing(
        "Settings:\n        on:",
        with: "Settings:\n        lint: { ignore: [unknown-reference] }\n        on:")
    let findings = try check(text)
    #expect(
      described(findings) == [
        "11:30 screen 'Hlp' does not exist in coordinator 'App'; did you mean 'Help'? "
          + "(in screens 'Home' and 'Settings') [unknown-reference]",
        "13:26 'lint: ignore' of 'unknown-reference' suppresses nothing here; remove it "
          + "[unused-suppression]",
      ])
  }

  @Test func aProblemInMergedContentIsOneSchemaFinding() throws {
    let findings = try check(shared.replacing("{ present: Help }", with: "{ presnt: Help }"))
    #expect(
      described(findings, rule: "schema").filter { $0.contains("unknown key") } == [
        "11:21 unknown key 'presnt' in event 'help'; did you mean 'present'? "
          + "(in screens 'Home' and 'Settings') [schema]"
      ])
  }

  /// A wrong name in content that thousands of screens merge is one finding, and finding
  /// it costs what one screen's costs: the did-you-mean search is made once, not once per
  /// screen over every screen (which took seconds at this size).
  @Test(.timeLimit(.minutes(5))) func aWrongNameMergedIntoThousandsOfScreensIsOneFinding() throws {
    let count = 3000
    var text = """
      version: 1
      coordinators:
        App:
          entry: true
          start: S0
          screens:
            S0:
              on:
                next: { push: S1 }
                <<: &common { help: { push: Hepl } }
            Help: {}

      """
    for index in 1..<count {
      text += "      S\(index): { on: { <<: *common, next: { push: S\((index + 1) % count) } } }\n"
    }
    let findings = try check(text)
    #expect(
      described(findings) == [
        "10:39 screen 'Hepl' does not exist in coordinator 'App'; did you mean 'Help'? (in "
          + "screens 'S0', 'S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9' and 2990 more) "
          + "[unknown-reference]"
      ])
  }

  @Test func mergesCannotMakeAnAliasBomb() throws {
    // Each level merges the one below ten times: 10^8 merged keys if nothing stopped it.
    var text = "version: 1\nl0: &l0 { a: 1, b: 2 }\n"
    for level in 1...8 {
      let below = Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ")
      text += "l\(level): &l\(level) { <<: [\(below)] }\n"
    }
    let limits = YAMLLimits(maxDepth: 100, maxAliasExpansion: 10_000, maxFileSize: 1 << 20)
    let checked = try Pipeline.check(
      [.source(SourceFile(path: "a.flow.yaml", text: text))], limits: limits)
    #expect(
      checked.findings.map(\.message).contains {
        $0.contains("aliases expand to more than 10000 nodes")
      })
  }
}
