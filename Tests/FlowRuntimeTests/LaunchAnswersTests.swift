import Testing

@testable import FlowRuntime

/// The answers to decisions given at launch for UI tests (issue 36): read from
/// `-flowc-answer <key>=<case>` pairs, used in order, the last one kept. Every test reads
/// the answers and uses them without a suspension point, then clears them, so that no other
/// test on the main actor sees them.
@MainActor @Suite struct LaunchAnswersTests {
  @Test func answersAreReadFromTheirArgumentAndUsedInOrderTheLastOneKept() {
    FlowLaunchAnswers.read([
      "/path/to/App", "-flowc-answer", "Auth.CheckCredentials=rejected", "-other", "x",
      "-flowc-answer", "Auth.CheckCredentials=accepted", "-flowc-answer", "App.Launch=loggedIn",
    ])
    defer { FlowLaunchAnswers.read([]) }
    #expect(FlowLaunchAnswers.next(for: "App.Launch") == "loggedIn")
    #expect(FlowLaunchAnswers.next(for: "Auth.CheckCredentials") == "rejected")
    #expect(FlowLaunchAnswers.next(for: "Auth.CheckCredentials") == "accepted")
    #expect(FlowLaunchAnswers.next(for: "Auth.CheckCredentials") == "accepted")
    #expect(FlowLaunchAnswers.next(for: "Auth.Other") == nil)
  }

  @Test func anAnswerKeyedByTheDecisionsNameAloneAnswersIt() {
    FlowLaunchAnswers.read(["-flowc-answer", "Launch=loggedIn"])
    defer { FlowLaunchAnswers.read([]) }
    #expect(FlowLaunchAnswers.next(for: "App.Launch") == "loggedIn")
    #expect(FlowLaunchAnswers.next(for: "Launch") == "loggedIn")
  }

  @Test func anAnswerThatIsNotAmongTheCasesIsLeftForTheApp() {
    FlowLaunchAnswers.read(["-flowc-answer", "Auth.CheckCredentials=needsCode"])
    defer { FlowLaunchAnswers.read([]) }
    #expect(FlowLaunchAnswers.next(for: "Auth.CheckCredentials", among: ["rejected"]) == nil)
    #expect(FlowLaunchAnswers.next(for: "Auth.CheckCredentials") == "needsCode")
  }

  @Test func maestrosOneArgumentCarriesSeveralPairs() {
    for name in ["flowc-answer", "-flowc-answer", "--flowc-answer"] {
      FlowLaunchAnswers.read([name, "App.Launch=loggedIn,Auth.CheckCredentials=rejected"])
      #expect(FlowLaunchAnswers.next(for: "App.Launch") == "loggedIn", "\(name)")
      #expect(FlowLaunchAnswers.next(for: "Auth.CheckCredentials") == "rejected", "\(name)")
    }
    FlowLaunchAnswers.read([])
  }

  @Test func malformedPairsAndATrailingArgumentAreIgnored() {
    FlowLaunchAnswers.read(["-flowc-answer", "noEquals", "-flowc-answer", "=x,y=", "-flowc-answer"])
    defer { FlowLaunchAnswers.read([]) }
    #expect(FlowLaunchAnswers.isEmpty)
  }

  @Test func nothingIsAnsweredUntilTheAppReadsTheArguments() {
    FlowLaunchAnswers.read([])
    #expect(FlowLaunchAnswers.isEmpty)
    #expect(FlowLaunchAnswers.next(for: "App.Launch") == nil)
  }

  @Test func aScreensAccessibilityIdentifierIsNotPartOfItsEquality() {
    let named = ScreenID("Review", of: "Checkout", accessibilityIdentifier: "Checkout.Review")
    #expect(named == ScreenID("Review", of: "Checkout"))
    #expect(Set([named, ScreenID("Review", of: "Checkout")]).count == 1)
    #expect(named.accessibilityIdentifier == "Checkout.Review")
  }
}
