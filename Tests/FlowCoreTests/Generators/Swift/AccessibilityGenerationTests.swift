import FlowCore
import Testing

/// The accessibility identifiers and the decision hook in the generated Swift (issue 36):
/// `FlowAccessibility.swift` names each screen's, event's and alert button's identifier, as
/// ``AccessibilityIdentifiers`` spells them; each `ScreenID` carries its screen's, for the
/// routers to set; each decision looks for an answer given at launch in debug builds.
@Suite struct AccessibilityGenerationTests {
  static let flow = """
    version: 1
    screens:
      Profile:
        on:
          follow: stay
    alerts:
      Oops:
        on:
          retry: stay
    coordinators:
      Auth:
        entry: true
        start: SignIn
        screens:
          SignIn:
            on:
              submitted: { decide: Check }
              help: { push: Profile }
              default: { alert: Confirm }
          Done: {}
        decisions:
          Check:
            cases:
              accepted: { push: Done }
              rejected: stay
              needsCode: { payload: String, alert: Oops }
        alerts:
          Confirm:
            on:
              ok: stay
              cancel: stay
    """

  @Test func theIdentifiersAreSpelledInOnePlace() {
    #expect(AccessibilityIdentifiers.screen("SignIn", of: "Auth") == "Auth.SignIn")
    #expect(AccessibilityIdentifiers.screen("Profile", of: nil) == "Profile")
    #expect(AccessibilityIdentifiers.event("follow", onScreen: "Profile") == "Profile.follow")
    #expect(
      AccessibilityIdentifiers.button("ok", ofAlert: "Confirm", of: "Auth") == "Auth.Confirm.ok")
    #expect(AccessibilityIdentifiers.button("retry", ofAlert: "Oops", of: nil) == "Oops.retry")
    #expect(
      AccessibilityIdentifiers.answerArguments("Launch", of: "App", with: "loggedIn") == [
        "-flowc-answer", "App.Launch=loggedIn",
      ])
  }

  @Test func flowAccessibilityNamesEachScreenEventAndButton() throws {
    let files = try generate(Self.flow)
    let auth = try #require(files["AuthCoordinator.swift"])
    for line in [
      "extension FlowAccessibility {",
      "  nonisolated enum Auth {",
      "    static let signIn = \"Auth.SignIn\"",
      "    nonisolated enum SignIn {",
      "      static let submitted = \"Auth.SignIn.submitted\"",
      "      static let `default` = \"Auth.SignIn.default\"",
      "    static let done = \"Auth.Done\"",
      "    nonisolated enum Confirm {",
      "      static let ok = \"Auth.Confirm.ok\"",
    ] {
      #expect(auth.contains(line + "\n"), "missing: \(line)\n\(auth)")
    }
    // A screen without events has no enum of them.
    #expect(!auth.contains("enum Done {"))
    let shared = try #require(files["SharedScreens.swift"])
    for line in [
      "extension FlowAccessibility {",
      "  nonisolated enum Shared {",
      "    static let profile = \"Profile\"",
      "      static let follow = \"Profile.follow\"",
      "      static let retry = \"Oops.retry\"",
    ] {
      #expect(shared.contains(line + "\n"), "missing: \(line)\n\(shared)")
    }
    // No file of its own: FlowRuntime declares the namespace.
    #expect(files["FlowAccessibility.swift"] == nil)
  }

  @Test func eachScreenIDCarriesItsIdentifier() throws {
    let files = try generate(Self.flow)
    let auth = try #require(files["AuthCoordinator.swift"])
    #expect(
      auth.contains(
        "    static let signIn = ScreenID(\"SignIn\", of: \"Auth\", accessibilityIdentifier: "
          + "\"Auth.SignIn\")\n"), "\(auth)")
    let shared = try #require(files["SharedScreens.swift"])
    #expect(
      shared.contains("ScreenID(\"Profile\", of: \"Shared\", accessibilityIdentifier: \"Profile\")")
    )
  }

  @Test func aDecisionLooksForAnAnswerGivenAtLaunchInDebugBuildsOnly() throws {
    let files = try generate(Self.flow)
    let auth = try #require(files["AuthCoordinator.swift"])
    let hook = """
          ask {
            #if DEBUG
              let given = FlowLaunchAnswers.next(for: "Auth.Check", among: ["accepted", "rejected"])
              if let given {
                switch given {
                case "accepted":
                  answer(.accepted)
                case "rejected":
                  answer(.rejected)
                default:
                  break
                }
                return
              }
            #endif
            screens.decideCheck(answer: answer)
          }
      """
    #expect(auth.contains(hook), "\(auth)")
  }

  /// A declared type of the same name does not hide the runtime's namespace.
  @Test func aTypeNamedFlowAccessibilityLeavesTheRuntimesNamespaceExtended() throws {
    let files = try generate(
      """
      version: 1
      types:
        FlowAccessibility: { struct: { a: String } }
      coordinators:
        A: { entry: true, start: S, screens: { S: {} } }
      """)
    let a = try #require(files["ACoordinator.swift"])
    #expect(a.contains("extension FlowRuntime.FlowAccessibility {\n"), "\(a)")
  }
}
