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
}
