import FlowRuntime
import Testing

/// The generated decision hook (issue 36): in debug builds, a decision answered at launch
/// (`-flowc-answer App.Launch=firstRun`, which the app reads with `FlowLaunchAnswers.read()`)
/// is answered by the coordinator itself, without asking the app; a case with a payload is
/// left to the app. Each test reads the answers and runs without a suspension point, then
/// clears them, so that no other test on the main actor sees them.
@MainActor
@Suite struct LaunchAnswerTests {
  @Test func aDecisionAnsweredAtLaunchIsNotAskedOfTheApp() {
    FlowLaunchAnswers.read(["-flowc-answer", "App.Launch=firstRun"])
    defer { FlowLaunchAnswers.read([]) }
    let harness = Harness()
    #expect(harness.asked.isEmpty)
    #expect(harness.router.operations == [.present(.Onboarding.welcome, style: .fullScreen)])
  }

  @Test func aCaseWithAPayloadIsLeftToTheApp() {
    FlowLaunchAnswers.read(["-flowc-answer", "App.Launch=signedOut"])
    defer { FlowLaunchAnswers.read([]) }
    let harness = Harness()
    #expect(harness.asked == ["Launch"])
    #expect(harness.router.operations.isEmpty)
    // The answer is still there for the app's own `decideLaunch` to take.
    #expect(FlowLaunchAnswers.next(for: "App.Launch") == "signedOut")
  }

  @Test func withoutAnswersTheAppIsAsked() {
    FlowLaunchAnswers.read([])
    let harness = Harness()
    #expect(harness.asked == ["Launch"])
  }

  @Test func theRecordedScreensCarryTheirAccessibilityIdentifiers() {
    #expect(ScreenID.Auth.signIn.accessibilityIdentifier == "Auth.SignIn")
    #expect(FlowAccessibility.Auth.signIn == "Auth.SignIn")
    #expect(FlowAccessibility.Auth.SignIn.submitted == "Auth.SignIn.submitted")
    #expect(ScreenID.Shared.seller.accessibilityIdentifier == "Seller")
  }
}
