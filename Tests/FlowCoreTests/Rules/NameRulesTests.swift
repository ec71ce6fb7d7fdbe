import FlowCore
import Testing

/// `invalid-name` and `duplicate-name`, across files.
@Suite struct NameRulesTests {
  @Test func everyKindOfNameIsChecked() throws {
    let findings = try check(
      flow(
        """
        app:
          result: { Done: ~ }
          start: home
          screens:
            home: { on: { Next: { finish: Done } } }
          decisions:
            pick_one: { cases: { First: stay } }
        """, types: "point: { struct: { X: Int } }\nTone: { enum: { Dark: ~ } }\nAny: external"))
    #expect(
      described(findings, rule: "invalid-name") == [
        "3:3 type name 'point' must be UpperCamelCase ([A-Z][A-Za-z0-9]*); did you mean 'Point'? [invalid-name]",
        "3:22 field name 'X' must be lowerCamelCase ([a-z][A-Za-z0-9]*); did you mean 'x'? [invalid-name]",
        "4:19 enum case name 'Dark' must be lowerCamelCase ([a-z][A-Za-z0-9]*); did you mean 'dark'? [invalid-name]",
        "5:3 type name 'Any' is reserved in Swift; choose another name [invalid-name]",
        "7:3 coordinator name 'app' must be UpperCamelCase ([A-Z][A-Za-z0-9]*); did you mean 'App'? [invalid-name]",
        "8:15 result case name 'Done' must be lowerCamelCase ([a-z][A-Za-z0-9]*); did you mean 'done'? [invalid-name]",
        "11:7 screen name 'home' must be UpperCamelCase ([A-Z][A-Za-z0-9]*); did you mean 'Home'? [invalid-name]",
        "11:21 event name 'Next' must be lowerCamelCase ([a-z][A-Za-z0-9]*); did you mean 'next'? [invalid-name]",
        "13:7 decision name 'pick_one' must be UpperCamelCase ([A-Z][A-Za-z0-9]*); did you mean 'PickOne'? [invalid-name]",
        "13:28 decision case name 'First' must be lowerCamelCase ([a-z][A-Za-z0-9]*); did you mean 'first'? [invalid-name]",
      ])
  }

  @Test func swiftKeywordsAreFineAsLowerCamelNames() throws {
    let findings = try check(
      flow(
        "App:\n  entry: true\n  start: A\n  screens:\n    A: { on: { default: stay, class: stay, self: stay } }"
      ))
    #expect(findings.of("invalid-name").isEmpty)
  }

  @Test func builtinTypeNamesAreTaken() throws {
    let findings = try check(flow("Data:\n  start: URL\n  screens: { URL: {} }"))
    #expect(
      described(findings, rule: "invalid-name") == [
        "3:3 coordinator name 'Data' is a builtin type; choose another name [invalid-name]",
        "5:16 screen name 'URL' is a builtin type; choose another name [invalid-name]",
      ])
  }

  @Test func aCoordinatorDefinedInTwoFilesIsReportedOnceAtTheLaterFile() throws {
    let body = "Auth:\n  start: A\n  screens: { A: {} }"
    let findings = try check([
      flow(body), flow("App:\n  start: B\n  screens: { B: {} }"), flow(body),
    ])
    let duplicates = findings.of("duplicate-name")
    #expect(duplicates.map(Place.init) == [Place(file: "c.flow.yaml", line: 3, column: 3)])
    #expect(duplicates.first?.message == "coordinator 'Auth' is defined twice in the module")
    #expect(
      duplicates.first?.notes.map {
        Place(file: $0.range.file, line: $0.range.start.line, column: $0.range.start.column)
      } == [Place(file: "a.flow.yaml", line: 3, column: 3)])
  }

  @Test func aTypeAndACoordinatorOfOneNameDoNotClash() throws {
    // Revision 2: coordinators and types have namespaces of their own.
    let findings = try check([
      flow("Profile:\n  start: A\n  screens: { A: {} }"),
      flow("App:\n  start: A\n  screens: { A: {} }", types: "Profile: external"),
    ])
    #expect(described(findings, rule: "duplicate-name") == [])
  }

  @Test func aTypeStillClashesWithWhatACoordinatorGenerates() throws {
    let findings = try check([
      flow("Profile:\n  start: A\n  screens: { A: {} }"),
      flow("App:\n  start: A\n  screens: { A: {} }", types: "ProfileCoordinator: external"),
    ])
    #expect(
      described(findings, rule: "duplicate-name") == [
        "3:3 type 'ProfileCoordinator' collides in generated Swift: 'ProfileCoordinator' has the name of the class generated for coordinator 'Profile' [duplicate-name]"
      ])
  }

  @Test func generatedNamesThatCollideAreFound() throws {
    let findings = try check([
      flow(
        "Auth:\n  result: { done: ~ }\n  start: A\n  screens: { A: { on: { x: { finish: done } } } }"
      ),
      flow(
        "App:\n  start: A\n  screens: { A: {} }",
        types: "AuthResult: external\nAppScreens: external"),
    ])
    #expect(
      described(findings, rule: "duplicate-name") == [
        "3:3 type 'AuthResult' collides in generated Swift: 'AuthResult' has the name of the result enum generated for coordinator 'Auth' [duplicate-name]",
        "6:3 coordinator 'App' collides in generated Swift: its screen protocol 'AppScreens' has the name of type 'AppScreens' [duplicate-name]",
      ])
  }

  @Test func aResultNamingATypeGeneratesNoResultEnum() throws {
    let findings = try check(
      flow(
        "Auth:\n  result: AuthResult\n  start: A\n  screens: { A: { on: { x: { finish: done } } } }",
        types: "AuthResult: { enum: { done: ~ } }"))
    #expect(findings.of("duplicate-name").isEmpty)
  }

  @Test func aScreenAndADecisionOfOneNameAreFoundAtTheLater() throws {
    let findings = try check(
      flow("App:\n  start: A\n  decisions:\n    A: { cases: { x: stay } }\n  screens:\n    A: {}"))
    #expect(
      described(findings, rule: "duplicate-name") == [
        "8:7 screen 'A' has the name of a decision of coordinator 'App'; screens, decisions and alerts share one namespace [duplicate-name]"
      ])
  }

  @Test func aRepeatedKeyInOneMappingIsOnlyASchemaFinding() throws {
    let findings = try check(
      flow(
        "App:\n  entry: true\n  start: A\n  screens: { A: {} }\nApp:\n  start: A\n  screens: { A: {} }"
      ))
    #expect(findings.rules == ["schema"])
  }
}
