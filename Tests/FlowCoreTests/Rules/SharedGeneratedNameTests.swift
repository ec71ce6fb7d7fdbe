import FlowCore
import Testing

/// (r3) The generated top-level names of shared nodes (FLOW-SPEC sections 2 and 13.2):
/// `SharedScreens`, and the `<S>Event`, `<D>Answer` and `<A>Button` of each shared screen,
/// decision and alert, must be distinct from every other generated name (`duplicate-name`).
@Suite struct SharedGeneratedNameTests {
  /// A module with the shared screen `Profile` before `coordinators`, and `extra` at its top.
  private func module(_ coordinators: String, extra: String = "") -> String {
    """
    version: 1
    \(extra)screens:
      Profile: { on: { close: pop } }
    coordinators:
    \(coordinators)
    """
  }

  private let app = """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { open: { push: Profile } } }
    """

  @Test func aCoordinatorNamedSharedCollidesWithTheSharedScreensProtocol() throws {
    let findings = try check(
      module(
        app + """

            Shared:
              start: Home
              screens:
                Home: { on: { open: { push: Profile } } }
          """))
    #expect(
      described(findings, rule: "duplicate-name") == [
        "10:3 coordinator 'Shared' collides in generated Swift: its screen protocol 'SharedScreens' has the name of the protocol that the module's shared screens generate; rename it [duplicate-name]"
      ])
  }

  @Test func aCoordinatorNamedSharedIsFineWithoutSharedNodes() throws {
    let findings = try check(
      flow("Shared:\n  entry: true\n  start: Home\n  screens:\n    Home: { on: { a: stay } }"))
    #expect(described(findings, rule: "duplicate-name") == [])
  }

  @Test func aTypeNamedSharedScreensCollidesOnlyWithSharedNodes() throws {
    let findings = try check(module(app, extra: "types: { SharedScreens: external }\n"))
    #expect(
      described(findings, rule: "duplicate-name") == [
        "2:10 type 'SharedScreens' collides in generated Swift: the module's shared screens generate the protocol 'SharedScreens'; rename the type [duplicate-name]"
      ])
    let without = try check(
      flow(
        "App:\n  entry: true\n  start: Home\n  screens:\n    Home: { on: { a: stay } }",
        types: "SharedScreens: { struct: { a: Int } }\nX: { struct: { s: SharedScreens } }"))
    #expect(described(without, rule: "duplicate-name") == [])
  }

  @Test func aTypeNamedAsASharedScreensEventEnumCollidesAtTheLater() throws {
    let findings = try check(
      module(app + "\n    input: ProfileEvent", extra: "types: { ProfileEvent: external }\n"))
    #expect(
      described(findings, rule: "duplicate-name") == [
        "4:3 screen 'Profile' collides in generated Swift: its event enum 'ProfileEvent' has the name of type 'ProfileEvent' [duplicate-name]"
      ])
  }

  @Test func aSharedAlertsButtonEnumAndASharedDecisionsAnswerEnumAreTopLevelNames() throws {
    let findings = try check(
      """
      version: 1
      alerts:
        Confirm: { on: { ok: stay } }
      decisions:
        Route: { cases: { home: stay } }
      coordinators:
        ConfirmButton:
          entry: true
          start: Home
          screens:
            Home: { on: { a: { alert: Confirm }, b: { decide: Route } } }
      types:
        RouteAnswer: { struct: { a: Int } }
        Uses: { struct: { a: RouteAnswer } }
      """)
    #expect(
      described(findings, rule: "duplicate-name") == [
        "13:3 type 'RouteAnswer' collides in generated Swift: 'RouteAnswer' has the name of the answer enum generated for decision 'Route' [duplicate-name]"
      ])
  }

  @Test func aSharedScreensEventEnumMayCollideWithACoordinatorsExternalEventEnum() throws {
    let findings = try check(
      """
      version: 1
      coordinators:
        Profile:
          entry: true
          start: Home
          events: { refresh: popToRoot }
          screens:
            Home: { on: { a: { push: ProfileExternal } } }
      screens:
        ProfileExternal: { on: { close: pop } }
      """)
    #expect(
      described(findings, rule: "duplicate-name") == [
        "10:3 screen 'ProfileExternal' collides in generated Swift: its event enum 'ProfileExternalEvent' has the name of the external event enum generated for coordinator 'Profile' [duplicate-name]"
      ])
  }
}
