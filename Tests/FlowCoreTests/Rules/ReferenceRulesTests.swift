import FlowCore
import Testing

/// `unknown-reference` and `type-mismatch`.
@Suite struct ReferenceRulesTests {
  private let auth = """
    Auth:
      result: { loggedIn: User, cancelled: ~ }
      start: Login
      screens:
        Login:
          on:
            submit: { payload: User, finish: loggedIn }
            close: { finish: cancelled }
    """

  @Test func targetsOfTheWrongKindSayWhatToWrite() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home:
              on:
                a: { push: Check }
                b: { decide: Home }
                c: { push: Auth }
                d: { start: Home }
                e: { start: Check }
                f: { present: Login }
                g: { decide: Chek }
          decisions:
            Check: { cases: { yes: stay } }
        \(auth)
        """, types: "User: external"))
    #expect(
      described(findings, rule: "unknown-reference") == [
        "11:22 'Check' is a decision of coordinator 'App', not a screen; use 'decide: Check' [unknown-reference]",
        "12:24 'Home' is a screen of coordinator 'App', not a decision; use 'push: Home' [unknown-reference]",
        "13:22 'Auth' is a coordinator, not a screen; use 'start: Auth' [unknown-reference]",
        "14:23 'Home' is a screen, not a coordinator; use 'push: Home' [unknown-reference]",
        "15:23 'Check' is a decision, not a coordinator; use 'decide: Check' [unknown-reference]",
        "16:25 screen 'Login' belongs to coordinator 'Auth', not 'App'; reach it by starting 'Auth' [unknown-reference]",
        "17:24 decision 'Chek' does not exist in coordinator 'App'; did you mean 'Check'? [unknown-reference]",
      ])
    // Since no start of 'Auth' is right, it is orphaned; and nothing else is reported.
    #expect(Set(findings.rules) == ["unknown-reference", "orphaned-coordinator"])
  }

  @Test func startNodesResultCasesAndHandlersAreResolved() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          start: Hom
          screens:
            Home:
              on:
                a: { start: Auth, on: { loggedIn: stay, canceled: stay } }
                b: { finish: done }
                c: { start: Atuh }
        \(auth)
        Other:
          start: Login
          screens: { Start: {} }
        """, types: "User: external"))
    #expect(
      described(findings, rule: "unknown-reference") == [
        "7:12 start 'Hom' is not a screen or decision of coordinator 'App'; did you mean 'Home'? [unknown-reference]",
        "11:51 coordinator 'Auth' has no result case 'canceled'; did you mean 'cancelled'? [unknown-reference]",
        "12:16 coordinator 'App' has no result to finish with; declare it, such as 'result: { done: ~ }' [unknown-reference]",
        "13:23 coordinator 'Atuh' does not exist; did you mean 'Auth'? [unknown-reference]",
        "23:12 'Login' belongs to coordinator 'Auth'; a coordinator starts at one of its own screens or decisions [unknown-reference]",
      ])
  }

  @Test func typesAndRuleIdsAreResolved() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          input: "[Strng: Auth]"
          start: Home
          lint: { ignore: [cannot-finsh, type-mismatch] }
          screens:
            Home: { input: Usr? }
        """, types: "User: { struct: { name: string } }"))
    #expect(
      described(findings, rule: "unknown-reference") == [
        "3:27 unknown type 'string'; did you mean 'String'? [unknown-reference]",
        "7:14 unknown type 'Strng'; did you mean 'String'? [unknown-reference]",
        "7:21 unknown type 'Auth' [unknown-reference]",
        "9:22 unknown rule 'cannot-finsh' in 'lint: ignore'; did you mean 'cannot-finish'? [unknown-reference]",
        "11:22 unknown type 'Usr'; did you mean 'User'? [unknown-reference]",
      ])
  }

  @Test func aBrokenFileHidesReferencesItCouldHaveDefined() throws {
    let findings = try check([
      "version: 1\ncoordinators:\n  Auth: [\n",
      flow(
        "App:\n  entry: true\n  start: Home\n  screens:\n    Home: { input: User, on: { a: { start: Auth } } }"
      ),
    ])
    #expect(findings.rules == ["yaml-syntax"], "\(described(findings))")
  }

  @Test func aBrokenActionCausesNoFurtherFinding() throws {
    let findings = try check(
      flow(
        "App:\n  entry: true\n  start: Home\n  screens:\n    Home: { on: { a: { push: [Nowhere] }, b: { payload: '[', push: Next } } }\n    Next: { input: Int }"
      ))
    #expect(findings.rules == ["schema", "schema"], "\(described(findings))")
  }

  // MARK: Payloads

  @Test func payloadsFollowSectionSeven() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          start: List
          screens:
            List:
              on:
                exact: { payload: Item, push: Detail }
                optionalTarget: { payload: Item, push: Maybe }
                optionalSource: { payload: Item?, push: Detail }
                none: { push: Detail }
                wrong: { payload: "[Item]", present: Detail }
                dropped: { payload: Int, push: List }
                noneIntoOptional: { push: Maybe }
            Detail: { input: Item, on: { back: pop } }
            Maybe: { input: Item?, on: { back: pop } }
        """, types: "Item: { struct: { id: Int } }"))
    #expect(
      described(findings, rule: "type-mismatch") == [
        "13:45 screen 'Detail' needs a payload of type 'Item', but event 'optionalSource' of screen 'List' carries 'Item?' [type-mismatch]",
        "14:19 screen 'Detail' needs a payload of type 'Item', but event 'none' of screen 'List' carries none [type-mismatch]",
        "15:39 screen 'Detail' needs a payload of type 'Item', but event 'wrong' of screen 'List' carries '[Item]' [type-mismatch]",
        "17:31 screen 'Maybe' needs a payload of type 'Item?', but event 'noneIntoOptional' of screen 'List' carries none [type-mismatch]",
      ])
  }

  @Test func decisionCasesHandlersStartsAndFinishes() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          start: Launch
          decisions:
            Launch:
              cases:
                known: { payload: User, push: Home }
                unknown: { push: Home }
                auth:
                  start: Auth
                  on:
                    loggedIn: { push: Home }
                    cancelled: { push: Home }
                child: { payload: Int, start: Profile }
          screens:
            Home: { input: User }
        Profile:
          input: User
          result: { done: User }
          start: Show
          screens:
            Show: { input: User, on: { ok: { finish: done }, again: { payload: User, finish: done } } }
        \(auth)
        """, types: "User: external"))
    #expect(
      described(findings, rule: "type-mismatch") == [
        "12:22 screen 'Home' needs a payload of type 'User', but case 'unknown' of decision 'Launch' carries none [type-mismatch]",
        "17:28 screen 'Home' needs a payload of type 'User', but result case 'cancelled' of 'Auth' carries none [type-mismatch]",
        "18:34 coordinator 'Profile' needs a payload of type 'User', but case 'child' of decision 'Launch' carries 'Int' [type-mismatch]",
        "26:40 result case 'done' needs a payload of type 'User', but event 'ok' of screen 'Show' carries none [type-mismatch]",
      ])
  }

  @Test func theStartNodeAndTabsGetTheCoordinatorsInput() throws {
    let findings = try check(
      flow(
        """
        Main:
          entry: true
          input: String
          tabs:
            - start: Feed
            - start: Search
        Feed:
          input: Int
          start: List
          screens: { List: { input: Int } }
        Search:
          input: String?
          start: Query
          screens: { Query: { input: String } }
        """))
    #expect(
      described(findings, rule: "type-mismatch") == [
        "7:9 coordinator 'Feed' needs a payload of type 'Int', but the input of coordinator 'Main' is 'String' [type-mismatch]",
        "15:5 screen 'Query' needs a payload of type 'String', but the input of coordinator 'Search' is 'String?' [type-mismatch]",
      ])
  }

  @Test func aResultMustNameAnEnum() throws {
    let findings = try check(
      flow(
        "A:\n  result: Info\n  start: S\n  screens: { S: {} }\nB:\n  result: String\n  start: S\n  screens: { S: {} }\nC:\n  result: Mood\n  start: S\n  screens: { S: { on: { x: { finish: happy } } } }",
        types: "Info: { struct: { x: Int } }\nMood: { enum: { happy: ~ } }"))
    #expect(
      described(findings, rule: "type-mismatch") == [
        "7:13 the result of coordinator 'A' must be an enum type or inline cases; 'Info' is a struct [type-mismatch]",
        "11:13 the result of coordinator 'B' must be an enum type or inline cases; 'String' is a builtin type [type-mismatch]",
      ])
  }
}
