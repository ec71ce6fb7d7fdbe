import FlowCore
import Testing

/// Links to shared screens (FLOW-SPEC 13.2 and 13.6, its first item): a relative link (`to:`
/// a shared screen with no `Coordinator.` prefix) has no route, is `unreachable-link` when no
/// coordinator can show the screen or its params cannot give the screen's input, and takes
/// no `via` or `waits`; a routed link may name a shared screen through an owner.
@Suite struct SharedScreenLinkTests {
  private func module(links: String, extraScreens: String = "") -> String {
    """
    version: 1
    types:
      AccountID: external
    screens:
      Profile:
        input: String
        on: { back: pop }
      Account: { input: AccountID, on: { back: pop } }
    \(extraScreens)
    coordinators:
      App:
        entry: true
        start: Home
        screens:
          Home:
            on:
              profile: { payload: String, push: Profile }
              account: { payload: AccountID, push: Account }
    links:
    \(links)
    """
  }

  @Test func aRelativeLinkIsReadWithItsSharedScreenAndNoTarget() throws {
    var findings = Findings()
    let text = module(links: "  profile: { url: '/p/{id}', params: { id: String }, to: Profile }")
    let source = SourceFile(path: "a.flow.yaml", text: text)
    let document = YAMLParser.parse(source, findings: &findings)
    let file = try #require(FileDecoder.decode(document, path: "a.flow.yaml", findings: &findings))
    #expect(findings.all.isEmpty, "\(described(findings.all))")
    #expect(file.links.first?.target == nil)
    #expect(file.links.first?.relative?.text == "Profile")
    #expect(file.links.first?.relative?.range.start.column == 58)
  }

  /// The owners of a relative link's screen: every coordinator that shows a screen can have
  /// it on top of the top stack, so each gets a copy of the screen and of what it reaches; a
  /// coordinator that shows only tabs gets none, nor does any coordinator without the link.
  @Test func everyCoordinatorThatShowsAScreenGetsACopyOfARelativeLinksScreen() throws {
    let text = """
      version: 1
      screens:
        Profile: { input: String, on: { thread: { push: Thread } } }
        Thread: { on: { back: pop } }
        Unlinked: {}
      coordinators:
        App:
          entry: true
          tabs: [{ start: Feed }, { start: Settings }]
        Feed:
          start: Posts
          screens:
            Posts: { on: { author: { payload: String, push: Profile } } }
        Settings:
          start: Options
          screens:
            Options: { on: { next: stay } }
      links:
        profile: { url: '/p/{id}', params: { id: String }, to: Profile }
      """
    func copies(_ text: String) throws -> [String: [String]] {
      var findings = Findings()
      let source = SourceFile(path: "a.flow.yaml", text: text)
      let document = YAMLParser.parse(source, findings: &findings)
      let file = try #require(
        FileDecoder.decode(document, path: "a.flow.yaml", findings: &findings))
      let module = FlowModule(files: [file])
      var copies: [String: [String]] = [:]
      for coordinator in module.coordinators {
        copies[coordinator.name.text] =
          coordinator.screens.filter { $0.copyOf != nil }.map(\.name.text)
      }
      return copies
    }
    #expect(
      try copies(text) == [
        "App": [], "Feed": ["Profile", "Thread"], "Settings": ["Profile", "Thread"],
      ])
    let withoutLink = try #require(text.components(separatedBy: "links:").first)
    #expect(
      try copies(withoutLink) == ["App": [], "Feed": ["Profile", "Thread"], "Settings": []])
    // Settings' copies are judged too, and change nothing here: only the screen no one shows
    // is reported.
    let findings = try check(text)
    #expect(findings.map(\.rule) == ["unreachable-screen"], "\(described(findings))")
  }

  @Test func aRelativeLinkWhoseParamsGiveTheInputIsNotReported() throws {
    // A param of the input's type, or `values` that build it.
    for link in [
      "  profile: { url: '/p/{id}', params: { id: String }, to: Profile }",
      "  account: { url: '/a/{id}', params: { id: String }, values: { AccountID: [id] }, to: Account }",
    ] {
      let findings = try check(module(links: link))
      #expect(findings.of("unreachable-link").isEmpty, "\(link): \(described(findings))")
    }
  }

  @Test func aRelativeLinkWhoseParamsCannotGiveTheInputIsUnreachable() throws {
    let findings = try check(
      module(links: "  profile: { url: '/p/{a}', params: { a: Int }, to: Profile }"))
    #expect(
      described(findings, rule: "unreachable-link") == [
        "20:3 link 'profile' cannot be followed: shared screen 'Profile' needs an input "
          + "'String'; no param of the link has that type: add one, or build it with "
          + "'values' [unreachable-link]"
      ])
  }

  @Test func aRelativeLinkWithTwoParamsThatFitIsUnreachableNamingThem() throws {
    let findings = try check(
      module(
        links:
          "  profile: { url: '/p/{a}/{b}', params: { a: String, b: String }, to: Profile }"))
    #expect(
      described(findings, rule: "unreachable-link") == [
        "20:3 link 'profile' cannot be followed: shared screen 'Profile' needs an input "
          + "'String'; params 'a' and 'b' all fit, and an input takes exactly one "
          + "[unreachable-link]"
      ])
  }

  @Test func aRelativeLinkToASharedScreenNoCoordinatorShowsIsUnreachable() throws {
    let findings = try check(
      module(
        links: "  lonely: { url: '/lonely', to: Lonely }",
        extraScreens: "  Lonely: { on: { back: pop } }"))
    #expect(
      described(findings, rule: "unreachable-link") == [
        "20:3 link 'lonely' cannot be followed: it opens shared screen 'Lonely' on the top "
          + "stack, and no coordinator can show that screen [unreachable-link]"
      ])
  }

  @Test func viaAndWaitsAreNotAllowedOnARelativeLink() throws {
    let findings = try check(
      module(
        links:
          "  profile: { url: '/p/{id}', params: { id: String }, to: Profile, via: [App], "
          + "waits: false }"))
    #expect(
      described(findings) == [
        "20:67 'via' is not allowed on a relative link: it opens shared screen 'Profile' on "
          + "whatever stack is on top, with no route; write 'to: Coordinator.Profile' for a "
          + "routed link [schema]",
        "20:79 'waits' is not allowed on a relative link: it opens shared screen 'Profile' on "
          + "whatever stack is on top, with no route; write 'to: Coordinator.Profile' for a "
          + "routed link [schema]",
      ])
  }

  @Test func aRelativeLinkToNoSharedScreenIsAnUnknownReference() throws {
    let findings = try check(
      module(links: "  profile: { url: '/p/{id}', params: { id: String }, to: Profle }"))
    #expect(
      described(findings) == [
        "20:58 shared screen 'Profle' does not exist (a link's 'to' without 'Coordinator.' "
          + "names a shared screen); did you mean 'Profile'? [unknown-reference]"
      ])
  }

  @Test func aRoutedLinkMayNameASharedScreenThroughAnOwner() throws {
    let findings = try check(
      module(links: "  profile: { url: '/p/{id}', params: { id: String }, to: App.Profile }"))
    #expect(findings.isEmpty, "\(described(findings))")
  }

  @Test func aRoutedLinkThroughACoordinatorThatCannotShowTheSharedScreenFindsNoScreen() throws {
    let findings = try check(
      module(links: "  profile: { url: '/p/{id}', params: { id: String }, to: Other.Profile }")
        .replacingOccurrences(
          of: "coordinators:\n",
          with: "coordinators:\n  Other: { entry: true, start: Start, screens: { Start: {} } }\n"))
    #expect(
      described(findings, rule: "unknown-reference") == [
        "21:64 screen 'Profile' does not exist in coordinator 'Other' [unknown-reference]"
      ])
  }
}
