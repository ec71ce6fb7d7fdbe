import FlowCore
import Testing

/// Shared screens, decisions and alerts (spec r3, section 13.2): their namespace, what their
/// actions may name, and the checks run as if each owner had its own copy of every shared
/// node it can reach, with findings placed once at the shared node, naming the owners.
@Suite struct SharedScreenTests {
  /// A file with the shared `nodes` (the top-level `screens:` and so on, as written) and the
  /// `coordinators`.
  private func module(_ nodes: String, _ coordinators: String) -> String {
    "version: 1\n" + nodes + "\ncoordinators:\n"
      + coordinators.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n") + "\n"
  }

  // MARK: Names

  @Test func twoSharedNodesOfOneNameAreDuplicateNamesAtTheLater() throws {
    let findings = try check([
      """
      version: 1
      screens:
        Profile: { on: { close: pop } }
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { profile: { push: Profile } } }
      """,
      """
      version: 1
      alerts:
        Profile: { on: { ok: stay } }
      """,
    ])
    #expect(
      described(findings, rule: "duplicate-name") == [
        "3:3 shared alert 'Profile' has the name of shared screen 'Profile'; shared screens, "
          + "decisions and alerts share one namespace in the module [duplicate-name]"
      ])
    #expect(findings.of("duplicate-name").first?.file == "b.flow.yaml")
    #expect(findings.of("duplicate-name").first?.notes.first?.message == "defined here")
  }

  @Test func sharedNodesOfDistinctNamesAreNoDuplicates() throws {
    let findings = try check(
      module(
        """
        screens:
          Profile: { on: { close: pop, ask: { alert: Sure } } }
        alerts:
          Sure: { on: { ok: stay } }
        """,
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { profile: { push: Profile } } }
        """))
    #expect(findings.isEmpty, "\(described(findings))")
  }

  @Test func aCoordinatorsOwnNodeMayNotTakeASharedNameAndMeansItsOwnInside() throws {
    let findings = try check(
      module(
        """
        screens:
          Profile: { on: { close: pop } }
        """,
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { profile: { push: Profile } } }
            Profile: { on: { close: pop } }
        Other:
          entry: true
          start: Start
          screens:
            Start: { on: { profile: { push: Profile } } }
        """))
    #expect(
      described(findings) == [
        "10:7 screen 'Profile' of coordinator 'App' has the name of shared screen 'Profile'; "
          + "inside 'App' the name would mean its own, and the shared one could not be shown "
          + "there; rename one of them [duplicate-name]"
      ])
    #expect(findings.first?.subject.description == "coordinator 'App' › screen 'Profile'")
    #expect(findings.first?.notes.first?.range.start.line == 3)
  }

  @Test func aNameOfNoSharedOrOwnNodeIsAnUnknownReference() throws {
    let findings = try check(
      module(
        """
        screens:
          Profile: { on: { close: pop } }
        """,
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { profile: { push: Profil } } }
        """))
    #expect(findings.rules.contains("unknown-reference"))
    #expect(findings.of("unknown-reference").first?.suggestion == "Profile")
  }

  @Test func sharedNodeNamesAreCheckedOnceWhetherOrNotACoordinatorShowsThem() throws {
    let findings = try check(
      module(
        """
        types:
          Account: external
        screens:
          profile_page: { input: Account, on: { Close: pop } }
          Shown: { on: { Close: pop } }
        """,
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { shown: { push: Shown } } }
        Other:
          entry: true
          start: Start
          screens:
            Start: { on: { shown: { push: Shown } } }
        """))
    #expect(
      described(findings, rule: "invalid-name") == [
        "5:3 screen name 'profile_page' must be UpperCamelCase ([A-Z][A-Za-z0-9]*); did you "
          + "mean 'ProfilePage'? [invalid-name]",
        "5:41 event name 'Close' must be lowerCamelCase ([a-z][A-Za-z0-9]*); did you mean "
          + "'close'? [invalid-name]",
        "6:18 event name 'Close' must be lowerCamelCase ([a-z][A-Za-z0-9]*); did you mean "
          + "'close'? [invalid-name]",
      ])
    // A type that only a shared node no coordinator shows uses is still used.
    #expect(findings.of("unused-type").isEmpty, "\(described(findings))")
  }

  // MARK: What a shared node's actions may name

  @Test func aSharedNodeNamingACoordinatorsOwnNodeIsSchema() throws {
    let findings = try check(
      module(
        """
        screens:
          Profile:
            on:
              home: { push: Home }
              ask: [pop, { alert: Sure }]
        decisions:
          Which: { cases: { one: { decide: Route } } }
        """,
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { profile: { push: Profile }, which: { decide: Which } } }
          decisions:
            Route: { cases: { a: stay } }
          alerts:
            Sure: { on: { ok: stay } }
        """))
    #expect(
      described(findings) == [
        "5:21 'push: Home' is not allowed in a shared screen: 'Home' is a coordinator's own "
          + "node, and a shared screen does not know which coordinator shows it; make 'Home' "
          + "shared too [schema]",
        "6:27 'alert: Sure' is not allowed in a shared screen: 'Sure' is a coordinator's own "
          + "node, and a shared screen does not know which coordinator shows it; make 'Sure' "
          + "shared too [schema]",
        "8:36 'decide: Route' is not allowed in a shared decision: 'Route' is a "
          + "coordinator's own node, and a shared decision does not know which coordinator "
          + "shows it; make 'Route' shared too [schema]",
      ])
    #expect(findings.first?.subject.description == "screen 'Profile' › reference 'Home'")
  }

  @Test func aSharedNodeMayShowSharedNodesAndStartAChild() throws {
    let findings = try check(
      module(
        """
        screens:
          Profile:
            on:
              thread: { push: Thread }
              report: { start: Report, style: sheet, on: { sent: { alert: Thanks } } }
              close: pop
          Thread: { on: { profile: { push: Profile }, back: pop } }
        alerts:
          Thanks: { on: { ok: stay } }
        """,
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { profile: { push: Profile } } }
        Report:
          result: { sent: ~ }
          start: Form
          screens:
            Form: { on: { send: { finish: sent } } }
        """))
    #expect(findings.isEmpty, "\(described(findings))")
  }

  @Test func aCoordinatorsStartMayBeASharedScreen() throws {
    let findings = try check(
      module(
        """
        screens:
          Profile: { on: { next: { push: Done } } }
          Done: { on: { again: { push: Profile } } }
        """,
        """
        App:
          entry: true
          start: Profile
        """))
    #expect(findings.isEmpty, "\(described(findings))")
  }

  // MARK: Decisions, alerts and external events

  @Test func anyCoordinatorAndAnySharedNodeMayDecideAndAlertSharedOnes() throws {
    let findings = try check(
      module(
        """
        screens:
          Profile: { on: { which: { decide: Route }, back: pop } }
          Thread: { on: { back: pop } }
        decisions:
          Route: { cases: { thread: { push: Thread }, ask: { alert: Sure } } }
        alerts:
          Sure: { on: { ok: stay, thread: { push: Thread } } }
        """,
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { profile: { push: Profile }, route: { decide: Route }, ask: { alert: Sure } } }
        """))
    #expect(findings.isEmpty, "\(described(findings))")
  }

  @Test func aBackActionInASharedDecisionIsJudgedOnEveryOwnersScreens() throws {
    // Route's pop acts on the screen it is decided from: Home, the root of App's stack,
    // where it can never happen.
    let findings = try check(
      module(
        """
        decisions:
          Route: { cases: { back: pop, stay: stay } }
        """,
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { route: { decide: Route } } }
        """))
    #expect(findings.of("invalid-back").count == 1, "\(described(findings))")
    #expect(
      findings.of("invalid-back").first.map(Place.init)
        == Place(file: "a.flow.yaml", line: 3, column: 27))
    #expect(
      findings.of("invalid-back").first?.subject.description
        == "decision 'Route' › decision case 'back'")
    // The message names its owner where it names the coordinator, so no list follows it.
    #expect(
      findings.of("invalid-back").first?.message.hasSuffix("with nothing of 'App' below") == true,
      "\(described(findings))")
  }

  @Test func aCoordinatorsExternalEventMayShowASharedScreen() throws {
    let findings = try check(
      module(
        """
        screens:
          Profile: { on: { back: pop } }
        """,
        """
        App:
          entry: true
          start: Home
          events:
            openProfile: { push: Profile }
          screens:
            Home: { on: { stay: stay } }
        """))
    #expect(findings.isEmpty, "\(described(findings))")
  }

  @Test func aChildASharedScreenStartsHasTheOwnerForParentAndItsHandlersAreChecked() throws {
    // Report is started from Profile only: it is started (no orphan), by the owner; its
    // handler for `sent` is missing in the shared screen, once, naming the owner.
    let findings = try check(
      module(
        """
        screens:
          Profile:
            on:
              report: { start: Report, style: sheet, on: { cancelled: stay } }
              back: pop
        """,
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { profile: { push: Profile } } }
        Report:
          result: { sent: ~, cancelled: ~ }
          start: Form
          screens:
            Form: { on: { send: { finish: sent }, cancel: { finish: cancelled } } }
        """))
    #expect(findings.of("orphaned-coordinator").isEmpty, "\(described(findings))")
    let unhandled = findings.of("unhandled-result")
    #expect(unhandled.count == 1, "\(described(findings))")
    #expect(unhandled.first.map(Place.init) == Place(file: "a.flow.yaml", line: 5, column: 17))
    #expect(unhandled.first?.subject.path.first == .screen("Profile"))
  }

  // MARK: Checked as if each owner had its own copy

  /// `Profile`, shared, with `close: dismiss`: App pushes it on its own stack (no modal), Other
  /// shows it in the sheet App starts it in.
  private func dismissInProfile(otherStart: String = "Start") -> String {
    module(
      """
      screens:
        Profile:
          on:
            close: dismiss
            stuck: { push: Trap }
        Trap: { systemBack: false, on: { x: stay } }
      """,
      """
      App:
        entry: true
        start: Home
        screens:
          Home:
            on:
              profile: { push: Profile }
              other: { start: Other, style: sheet, on: { done: stay } }
      Other:
        result: { done: ~ }
        leave: done
        start: \(otherStart)
        screens:
          Start:
            on: { profile: { push: Profile }, done: { finish: done } }
      """)
  }

  @Test func aBackActionWrongForOneOwnerButRightForAnotherIsNotReported() throws {
    // In App the dismiss can never happen; in Other it closes the sheet, which finishes
    // Other with its `leave` case: right there, so not reported.
    let findings = try check(dismissInProfile())
    #expect(findings.of("invalid-back").isEmpty, "\(described(findings))")
    #expect(findings.of("back-leak").isEmpty, "\(described(findings))")
  }

  @Test func aBackActionWrongForEveryOwnerIsReportedOnceAtTheSharedNodeNamingThem() throws {
    let findings = try check(
      module(
        """
        screens:
          Profile: { on: { close: dismiss } }
        """,
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { profile: { push: Profile }, other: { start: Other, on: { done: stay } } } }
        Other:
          result: { done: ~ }
          start: Start
          screens:
            Start: { on: { profile: { push: Profile }, done: { finish: done } } }
        """))
    #expect(
      described(findings, rule: "invalid-back") == [
        "3:27 'dismiss' on screen 'Profile' can never happen: the screen is never in a modal "
          + "stack (in coordinators 'App' and 'Other') [invalid-back]"
      ])
    #expect(
      findings.of("invalid-back").first?.subject.description
        == "screen 'Profile' › event 'close'")
  }

  @Test func aBackActionLeakingForOneOwnerAndImpossibleForTheOtherIsABackLeak() throws {
    let findings = try check(
      dismissInProfile().replacingOccurrences(of: "    leave: done\n", with: ""))
    #expect(findings.of("invalid-back").isEmpty, "\(described(findings))")
    #expect(
      described(findings, rule: "back-leak") == [
        "5:14 'dismiss' on screen 'Profile' closes a modal stack presented from outside "
          + "'Other' without finishing it: generated code drops it, but a hand-written "
          + "coordinator that removes children only when they finish would leak it; finish "
          + "with a result instead, or say what leaving means with 'leave' (in coordinator "
          + "'Other') [back-leak]"
      ])
  }

  @Test func anOwnerThatNobodyStartsContributesNoWay() throws {
    // Lone is no entry and nobody starts it: that Profile's dismiss can never happen there
    // says nothing; in App it can never happen either, so it is reported, naming App alone.
    let findings = try check(
      module(
        """
        screens:
          Profile: { on: { close: dismiss } }
        """,
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { profile: { push: Profile } } }
        Lone:
          start: Start
          screens:
            Start: { on: { profile: { present: Profile } } }
        """))
    #expect(
      described(findings, rule: "invalid-back") == [
        "3:27 'dismiss' on screen 'Profile' can never happen: the screen is never in a modal "
          + "stack (in coordinator 'App') [invalid-back]"
      ])
  }

  @Test func cannotFinishWhenTrappedForSomeOwnerNamesThatOwner() throws {
    // Trap: no back, no event that leaves. In App (an entry) that is nobody's business; in
    // Other, pushed onto App's stack, the user is trapped.
    let findings = try check(
      dismissInProfile().replacingOccurrences(
        of: "other: { start: Other, style: sheet,", with: "other: { start: Other,"
      ).replacingOccurrences(of: "close: dismiss", with: "close: pop"))
    let trapped = findings.of("cannot-finish")
    #expect(trapped.count == 1, "\(described(findings))")
    #expect(trapped.first.map(Place.init) == Place(file: "a.flow.yaml", line: 7, column: 3))
    #expect(trapped.first?.message.hasSuffix("(in coordinator 'Other')") == true)
    #expect(trapped.first?.subject.description == "screen 'Trap'")
  }

  @Test func aSharedNodeNoCoordinatorCanShowIsUnreachable() throws {
    let findings = try check(
      module(
        """
        screens:
          Shown: { on: { close: pop } }
          Lonely: { on: { next: { push: Shown } } }
          Behind: { on: { close: pop } }
        alerts:
          Forgotten: { on: { ok: stay } }
        """,
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { shown: { push: Shown } } }
            Island: { on: { behind: { push: Behind } } }
        """))
    #expect(
      described(findings, rule: "unreachable-screen") == [
        "4:3 shared screen 'Lonely' cannot be shown: no coordinator reaches it from a node it "
          + "can reach [unreachable-screen]",
        "5:3 shared screen 'Behind' cannot be shown: no coordinator reaches it from a node it "
          + "can reach [unreachable-screen]",
        "7:3 shared alert 'Forgotten' cannot be shown: no coordinator reaches it from a node it "
          + "can reach [unreachable-screen]",
        "14:7 screen 'Island' cannot be reached from its start 'Home' in coordinator 'App' "
          + "[unreachable-screen]",
      ])
  }

  @Test func recursionThroughSharedScreensIsNoCoordinatorCycle() throws {
    let findings = try check(
      module(
        """
        screens:
          Profile: { on: { thread: { push: Thread }, back: pop } }
          Thread: { on: { profile: { push: Profile }, back: pop } }
        """,
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { profile: { push: Profile }, feed: { start: Feed, on: { done: stay } } } }
        Feed:
          result: { done: ~ }
          leave: done
          start: List
          screens:
            List: { on: { thread: { push: Thread } } }
        """))
    #expect(findings.isEmpty, "\(described(findings))")
  }

  @Test func aNameMissingInTheOwnersCopiesIsOneFindingNamingThem() throws {
    let findings = try check(
      module(
        """
        screens:
          Profile: { on: { next: { push: Nope }, back: pop } }
        """,
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { profile: { push: Profile }, other: { start: Other, on: { done: stay } } } }
        Other:
          result: { done: ~ }
          start: Start
          screens:
            Start: { on: { profile: { push: Profile }, done: { finish: done } } }
        """))
    #expect(
      described(findings) == [
        "3:34 shared screen 'Nope' does not exist (in coordinators 'App' and 'Other') "
          + "[unknown-reference]"
      ])
    #expect(
      findings.first?.subject.description
        == "screen 'Profile' › event 'next' › reference 'Nope'")
  }

  @Test func aMissingNameInASharedNodeIsAMissingSharedNodeSuggestingASharedOne() throws {
    // `Hom` is close to App's own `Home`, which a shared node may not name: the hint is the
    // closest shared screen.
    let findings = try check(
      module(
        """
        screens:
          Profile: { on: { next: { push: Thred }, back: pop, home: { push: Hom } } }
          Thread: { on: { back: pop } }
        """,
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { profile: { push: Profile } } }
        """))
    #expect(
      described(findings, rule: "unknown-reference") == [
        "3:34 shared screen 'Thred' does not exist; did you mean 'Thread'? (in coordinator "
          + "'App') [unknown-reference]",
        "3:68 shared screen 'Hom' does not exist (in coordinator 'App') [unknown-reference]",
      ])
  }

  /// A shared node that no coordinator shows has no copy to check its names in: they are
  /// checked in the shared node itself, once, naming no owner.
  @Test func theNamesOfASharedNodeNoCoordinatorShowsAreCheckedInIt() throws {
    let findings = try check(
      module(
        """
        types:
          Known: external
        screens:
          Lonely:
            input: Mystery
            on:
              go: { push: Nowhre }
              open: { start: Ghost }
              pick: { decide: Missing }
              ask: { push: Sure }
              run: { start: Child, on: { done: stay, oops: stay } }
              many: [{ push: Nowhere }, { alert: Nowhere }]
              fine: { payload: Known, push: Nowhere }
          Nowhere: { on: { back: pop } }
        alerts:
          Sure: { on: { ok: stay } }
        """,
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { child: { start: Child, on: { done: stay } } } }
        Child:
          result: { done: ~ }
          start: C
          screens:
            C: { on: { ok: { finish: done } } }
        """))
    #expect(
      described(findings, rule: "unknown-reference") == [
        "6:12 unknown type 'Mystery' [unknown-reference]",
        "8:19 shared screen 'Nowhre' does not exist; did you mean 'Nowhere'? "
          + "[unknown-reference]",
        "9:22 coordinator 'Ghost' does not exist [unknown-reference]",
        "10:23 shared decision 'Missing' does not exist [unknown-reference]",
        "11:20 'Sure' is a shared alert, not a screen; use 'alert: Sure' [unknown-reference]",
        "12:46 coordinator 'Child' has no result case 'oops' [unknown-reference]",
        "13:42 'Nowhere' is a shared screen, not an alert; use 'push: Nowhere' "
          + "[unknown-reference]",
      ])
    #expect(
      findings.of("unknown-reference").map(\.subject.description).last
        == "screen 'Lonely' › event 'many' › element '1' › reference 'Nowhere'")
  }

  @Test func aSharedNodeNoCoordinatorShowsWithRightNamesHasNoUnknownReference() throws {
    let findings = try check(
      module(
        """
        screens:
          Lonely: { on: { go: { push: Next }, ask: { alert: Sure }, child: { start: App } } }
          Next: { on: { back: pop } }
        alerts:
          Sure: { on: { ok: stay } }
        """,
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { stay: stay } }
        """))
    #expect(findings.of("unknown-reference").isEmpty, "\(described(findings))")
    #expect(findings.rules.contains("unreachable-screen"))
  }

  /// A finding whose message names the owner ("nothing of 'App' below") is one finding at
  /// the shared node, naming every owner where it named one (13.2: placed there once).
  @Test func aMessageNamingTheOwnerNamesEveryOwnerOnce() throws {
    let findings = try check(
      module(
        """
        screens:
          Page: { on: { back: pop } }
        """,
        """
        App:
          entry: true
          start: Page
        Other:
          entry: true
          start: Page
        """))
    #expect(
      described(findings) == [
        "3:23 'pop' on screen 'Page' can never happen: it is the bottom of a navigation stack "
          + "there, with nothing of 'App' and 'Other' below [invalid-back]"
      ])
  }

  /// A shared decision a coordinator starts at is a start decision there (13.1): no back
  /// element in its sequences, reported once at the shared decision (spec 13.2).
  @Test func aSharedStartDecisionsSequenceHasNoBackElement() throws {
    let findings = try check(
      module(
        """
        decisions:
          Route:
            cases:
              a: [popToRoot, { push: Page }]
              b: { start: Child, on: { done: [dismiss, { push: Page }] } }
        screens:
          Page: { on: { next: stay } }
        """,
        """
        App:
          entry: true
          start: Route
        Other:
          entry: true
          start: Route
        Child:
          result: { done: ~ }
          start: C
          screens:
            C: { on: { ok: { finish: done } } }
        """))
    let words =
      "is not allowed in a sequence of a start decision: it acts below the coordinator, where "
      + "there is nothing of its own to go back from [schema]"
    #expect(
      described(findings, rule: "schema") == [
        "5:11 'popToRoot' \(words)", "6:39 'dismiss' \(words)",
      ])
    #expect(
      findings.of("schema").map(\.subject.description) == [
        "decision 'Route' › decision case 'a' › element '0'",
        "decision 'Route' › decision case 'b' › handler 'done' › element '0'",
      ])
    // The same decision shown by a screen is no start decision: its back elements are fine.
    let shown = try check(
      module(
        """
        decisions:
          Route: { cases: { a: [pop, { push: Page }] } }
        screens:
          Page: { on: { next: stay, back: pop } }
        """,
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { go: { push: Page }, route: { decide: Route } } }
        """))
    #expect(shown.of("schema").isEmpty, "\(described(shown))")
  }
}
