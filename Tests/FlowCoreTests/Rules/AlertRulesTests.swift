import FlowCore
import Testing

/// Alerts in the rules (spec r2, sections 2, 3, 6b, 7 and 8): they share the node namespace
/// and generate a button enum, their names and buttons follow section 2, their input and
/// their buttons' payloads use types and are checked like a screen's, they are nodes that can
/// be unreachable, a name of the wrong kind says which kind it is, `lint: ignore` covers
/// them, and a broken alert causes no other findings.
@Suite struct AlertRulesTests {
  /// A library whose shelf asks before deleting: the alert's buttons finish, push and stay.
  private let library = """
    App:
      entry: true
      start: Home
      screens:
        Home: { on: { open: { start: Library, on: { deleted: stay } } } }
    Library:
      result: { deleted: ~ }
      start: Shelf
      screens:
        Shelf:
          on:
            delete: { payload: String, alert: ConfirmDelete }
        Details:
          input: String
          on: { close: pop }
      alerts:
        ConfirmDelete:
          input: String
          on:
            delete: { finish: deleted }
            open: { payload: String, push: Details }
            keep: stay
    """

  @Test func aCorrectAlertChecksClean() throws {
    #expect(described(try check(flow(library))) == [])
  }

  // MARK: Names

  @Test func anAlertSharesTheNodeNamespaceAndFindsTheLaterOne() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { ask: stay } }
        decisions:
          Ask: { cases: { yes: stay } }
        alerts:
          Home: { on: { ok: stay } }
          Ask: { on: { ok: stay } }
      """)
    #expect(
      described(try check(text), rule: "duplicate-name") == [
        "11:7 alert 'Home' has the name of a screen of coordinator 'App'; screens, decisions and alerts share one namespace [duplicate-name]",
        "12:7 alert 'Ask' has the name of a decision of coordinator 'App'; screens, decisions and alerts share one namespace [duplicate-name]",
      ])
  }

  @Test func anAlertsButtonEnumWouldHideATypeOfItsName() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { ask: { payload: ConfirmButton, alert: Confirm } } }
        alerts:
          Confirm: { on: { ok: stay } }
      """, types: "ConfirmButton: { struct: { id: Int } }")
    #expect(
      described(try check(text), rule: "duplicate-name") == [
        "11:7 alert 'Confirm' collides in generated Swift: its button enum 'AppCoordinator.ConfirmButton' would hide type 'ConfirmButton' inside the coordinator; rename one of them [duplicate-name]"
      ])
  }

  @Test func alertAndButtonNamesFollowTheNamingRules() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { ask: { alert: confirm_delete } } }
        alerts:
          confirm_delete: { on: { Keep_it: stay } }
      """)
    #expect(
      described(try check(text), rule: "invalid-name") == [
        "9:7 alert name 'confirm_delete' must be UpperCamelCase ([A-Z][A-Za-z0-9]*); did you mean 'ConfirmDelete'? [invalid-name]",
        "9:31 button name 'Keep_it' must be lowerCamelCase ([a-z][A-Za-z0-9]*); did you mean 'keepIt'? [invalid-name]",
      ])
  }

  // MARK: References and types

  @Test func aNameOfTheWrongKindSaysWhichKindItIs() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { a: { push: Sure }, b: { alert: Home }, c: { alert: Suer }, d: { start: Sure } } }
        alerts:
          Sure: { on: { ok: stay } }
      """)
    #expect(
      described(try check(text), rule: "unknown-reference") == [
        "7:32 'Sure' is an alert of coordinator 'App', not a screen; use 'alert: Sure' [unknown-reference]",
        "7:52 'Home' is a screen of coordinator 'App', not an alert; use 'push: Home' [unknown-reference]",
        "7:72 alert 'Suer' does not exist in coordinator 'App'; did you mean 'Sure'? [unknown-reference]",
        "7:92 'Sure' is an alert, not a coordinator; use 'alert: Sure' [unknown-reference]",
      ])
  }

  @Test func anAlertIsNotAStart() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Sure
        screens:
          Home: {}
        alerts:
          Sure: { on: { ok: { push: Home } } }
      """)
    #expect(
      described(try check(text), rule: "unknown-reference") == [
        "5:12 'Sure' is an alert; a coordinator starts at one of its own screens or decisions [unknown-reference]"
      ])
  }

  @Test func theAlertActionCarriesTheAlertsInputAndButtonsTheirPayloads() throws {
    let text = flow(
      library
        .replacingOccurrences(
          of: "delete: { payload: String, alert: ConfirmDelete }",
          with: "delete: { alert: ConfirmDelete }"
        )
        .replacingOccurrences(
          of: "open: { payload: String, push: Details }",
          with: "open: { payload: Int, push: Details }"))
    #expect(
      described(try check(text), rule: "type-mismatch") == [
        "14:21 alert 'ConfirmDelete' needs a payload of type 'String', but event 'delete' of screen 'Shelf' carries none [type-mismatch]",
        "23:33 screen 'Details' needs a payload of type 'String', but button 'open' of alert 'ConfirmDelete' carries 'Int' [type-mismatch]",
      ])
  }

  @Test func anAlertsInputAndItsButtonsPayloadsUseTypes() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { ask: { payload: Item, alert: Sure } } }
        alerts:
          Sure: { input: Item, on: { ok: { payload: Note, stay: ~ } } }
      """,
      types: "Item: { struct: { id: Int } }\nNote: { struct: { text: String } }\nUnused: external")
    #expect(
      described(try check(text), rule: "unused-type") == [
        "5:3 type 'Unused' is declared but never used [unused-type]"
      ])
  }

  // MARK: Paths

  @Test func anAlertNoPathShowsIsUnreachableAndSoIsWhatOnlyItsButtonsReach() throws {
    let text = flow(
      library.replacingOccurrences(
        of: "delete: { payload: String, alert: ConfirmDelete }", with: "delete: { finish: deleted }"
      ))
    #expect(
      described(try check(text), rule: "unreachable-screen") == [
        "15:7 screen 'Details' cannot be reached from its start 'Shelf' in coordinator 'Library' [unreachable-screen]",
        "19:7 alert 'ConfirmDelete' cannot be reached from its start 'Shelf' in coordinator 'Library' [unreachable-screen]",
      ])
  }

  @Test func aLintIgnoreOnAnAlertCoversFindingsInsideIt() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { ask: { alert: Sure } } }
        alerts:
          Sure:
            lint: { ignore: [unknown-reference] }
            on: { ok: { push: Nowhere } }
      """)
    #expect(described(try check(text)) == [])
    let unsuppressed = text.replacingOccurrences(
      of: "lint: { ignore: [unknown-reference] }", with: "doc: Asks.")
    #expect(
      described(try check(unsuppressed)) == [
        "11:27 screen 'Nowhere' does not exist in coordinator 'App' [unknown-reference]"
      ])
  }

  @Test func aBrokenAlertCausesNoOtherFindingsInsideIt() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { ask: { alert: Sure } } }
        alerts:
          Sure:
            on: { ok: { push: Nowhere, stay: ~ } }
      """)
    #expect(described(try check(text)).map { $0.hasSuffix("[schema]") } == [true])
  }

  @Test func aLaterAlertOfAScreensNameIsBrokenAndCausesNoOtherFindings() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { a: { alert: Sure } } }
        alerts:
          Sure: { on: { ok: stay } }
          Home: { on: { ok: { push: Nowhere } } }
      """)
    #expect(
      described(try check(text)) == [
        "10:7 alert 'Home' has the name of a screen of coordinator 'App'; screens, decisions and alerts share one namespace [duplicate-name]"
      ])
  }

  @Test func buttonsSharedThroughAMergeKeyGetOneFindingNamingEveryAlert() throws {
    let text = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { a: { alert: Sure }, b: { alert: Really } } }
        alerts:
          Sure:
            on: &buttons
              ok: { push: Nowhere }
              no: stay
          Really:
            on: { <<: *buttons, maybe: stay }
      """)
    #expect(
      described(try check(text)) == [
        "11:23 screen 'Nowhere' does not exist in coordinator 'App' (in alerts 'Sure' and 'Really') [unknown-reference]"
      ])
  }
}
