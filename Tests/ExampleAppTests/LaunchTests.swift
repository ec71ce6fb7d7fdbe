import FlowRuntime
import Testing

/// `App`, `Onboarding` and `Auth` (flows/app.flow.yaml, flows/auth.flow.yaml): what a
/// launch shows, and how each way out of the tour and of signing in leads on.
@MainActor
@Suite struct LaunchTests {
  @Test func theAppAsksWhereToBeginAndShowsNothingYet() {
    let harness = Harness()
    #expect(harness.asked == ["Launch"])
    #expect(harness.router.operations.isEmpty)
    #expect(harness.app.children.isEmpty)
  }

  @Test func theTourIsPresentedAndAskingAgainFollowsItsEnd() throws {
    let harness = Harness()
    harness.answer(.firstRun)
    weak let onboarding = harness.child(OnboardingCoordinator.self, of: harness.app)
    #expect(onboarding != nil)
    tap(OnboardingCoordinator.WelcomeEvent.next, on: harness.router)
    harness.router.userPops()
    tap(OnboardingCoordinator.WelcomeEvent.next, on: harness.router)
    tap(OnboardingCoordinator.NotificationsEvent.allow, on: harness.router)
    #expect(
      harness.router.operations == [
        .present(.Onboarding.welcome, style: .fullScreen), .push(.Onboarding.notifications),
        .userPop, .push(.Onboarding.notifications),
        .unwind(to: .at(0, 0)),
      ])
    #expect(harness.asked == ["Launch", "Launch"])
    #expect(harness.app.children.isEmpty)
    #expect(onboarding == nil)
  }

  @Test func everyWayOutOfTheTourEndsItAndASwipeIsNotOne() {
    let harness = Harness()
    harness.answer(.firstRun)
    tap(OnboardingCoordinator.WelcomeEvent.skip, on: harness.router)
    harness.answer(.firstRun)
    tap(OnboardingCoordinator.WelcomeEvent.next, on: harness.router)
    tap(OnboardingCoordinator.NotificationsEvent.later, on: harness.router)
    harness.answer(.firstRun)
    harness.router.userDismisses()
    #expect(harness.app.children.count == 1, "the tour is full screen: no swipe dismisses it")
    tap(OnboardingCoordinator.WelcomeEvent.skip, on: harness.router)
    #expect(
      harness.router.operations == [
        .present(.Onboarding.welcome, style: .fullScreen), .unwind(to: .at(0, 0)),
        .present(.Onboarding.welcome, style: .fullScreen), .push(.Onboarding.notifications),
        .unwind(to: .at(0, 0)),
        .present(.Onboarding.welcome, style: .fullScreen), .userDismiss, .unwind(to: .at(0, 0)),
      ])
    #expect(harness.asked == ["Launch", "Launch", "Launch", "Launch"])
    #expect(harness.app.children.isEmpty)
  }

  @Test func signingInChecksTheCredentialsAndStartsMainWithTheUser() throws {
    let harness = Harness()
    harness.answer(.signedOut("ada@example.com"))
    weak let auth = harness.child(AuthCoordinator.self, of: harness.app)
    tap(AuthCoordinator.SignInEvent.forgotPassword("ada@"), on: harness.router)
    tap(AuthCoordinator.ResetPasswordEvent.sent, on: harness.router)
    harness.router.userPops()
    tap(AuthCoordinator.SignInEvent.submitted(Example.credentials), on: harness.router)
    harness.answer(AuthCoordinator.CheckCredentialsAnswer.rejected)
    tap(AuthCoordinator.SignInEvent.submitted(Example.credentials), on: harness.router)
    harness.answer(AuthCoordinator.CheckCredentialsAnswer.accepted(Example.user))
    #expect(
      harness.router.operations == [
        .push(.Auth.signIn), .push(.Auth.resetPassword), .userPop, .unwind(to: .at(0, 0)),
        .push(.tabs(of: MainCoordinator.self)),
      ])
    #expect(
      harness.asked == [
        "Launch", "CheckCredentials(ada@example.com)", "CheckCredentials(ada@example.com)",
      ])
    #expect(auth == nil)
    let main = try #require(harness.child(MainCoordinator.self, of: harness.app))
    #expect(harness.app.children.count == 1)
    #expect(main.children.count == 4)
    #expect(names(try harness.tab(3)) == ["Profile(ada)"], "the user reached the account tab")
  }

  @Test func signingOutOfTheMainThatSigningInStartedAsksAgain() throws {
    let harness = Harness()
    harness.answer(.signedOut(nil))
    tap(AuthCoordinator.SignInEvent.createAccount, on: harness.router)
    tap(AuthCoordinator.SignUpEvent.created(Example.user), on: harness.router)
    weak let main = harness.child(MainCoordinator.self, of: harness.app)
    #expect(main != nil)
    tap(AccountCoordinator.ProfileEvent.signOut, on: try harness.tab(3))
    #expect(
      harness.router.operations == [
        .push(.Auth.signIn), .present(.Auth.signUp), .unwind(to: .at(0, 0)),
        .push(.tabs(of: MainCoordinator.self)), .unwind(to: .at(0, 0)),
      ])
    #expect(harness.asked == ["Launch", "Launch"])
    #expect(main == nil)
    #expect(harness.app.children.isEmpty)
  }

  @Test func aCodeOrANewAccountAlsoSignIn() throws {
    let harness = Harness()
    harness.answer(.signedOut(nil))
    tap(AuthCoordinator.SignInEvent.submitted(Example.credentials), on: harness.router)
    harness.answer(AuthCoordinator.CheckCredentialsAnswer.needsCode("42"))
    tap(AuthCoordinator.TwoFactorEvent.back, on: harness.router)
    tap(AuthCoordinator.SignInEvent.createAccount, on: harness.router)
    tap(AuthCoordinator.SignUpEvent.close, on: harness.router)
    tap(AuthCoordinator.SignInEvent.submitted(Example.credentials), on: harness.router)
    harness.answer(AuthCoordinator.CheckCredentialsAnswer.needsCode("42"))
    tap(AuthCoordinator.TwoFactorEvent.verified(User(name: "bob")), on: harness.router)
    #expect(
      harness.router.operations == [
        .push(.Auth.signIn), .push(.Auth.twoFactor, controls: .init(systemBack: false)), .pop,
        .present(.Auth.signUp),
        .dismiss, .push(.Auth.twoFactor, controls: .init(systemBack: false)),
        .unwind(to: .at(0, 0)), .push(.tabs(of: MainCoordinator.self)),
      ])
    #expect(try harness.tab(3).operations == [.push(.Account.profile)])
    #expect(names(try harness.tab(3)) == ["Profile(bob)"])

    let again = Harness()
    again.answer(.signedOut(nil))
    tap(AuthCoordinator.SignInEvent.createAccount, on: again.router)
    tap(AuthCoordinator.SignUpEvent.created(User(name: "cy")), on: again.router)
    #expect(
      again.router.operations == [
        .push(.Auth.signIn), .present(.Auth.signUp), .unwind(to: .at(0, 0)),
        .push(.tabs(of: MainCoordinator.self)),
      ])
    #expect(try again.tab(3).operations == [.push(.Account.profile)])
    #expect(names(try again.tab(3)) == ["Profile(cy)"])
  }

  @Test func theSystemBackDoesNothingOnTheCodeScreenAndItsOwnBackButtonDoes() {
    let harness = Harness()
    harness.answer(.signedOut(nil))
    tap(AuthCoordinator.SignInEvent.submitted(Example.credentials), on: harness.router)
    harness.answer(AuthCoordinator.CheckCredentialsAnswer.needsCode("42"))
    harness.router.userPops()
    harness.router.userPops(to: 0)
    #expect(names(harness.router) == ["SignIn", "TwoFactor(42)"])
    tap(AuthCoordinator.TwoFactorEvent.back, on: harness.router)
    #expect(names(harness.router) == ["SignIn"])
    #expect(
      harness.router.operations == [
        .push(.Auth.signIn), .push(.Auth.twoFactor, controls: .init(systemBack: false)), .userPop,
        .userPopTo(0),
        .pop,
      ])
  }

  @Test func closingSignInAsksAgain() {
    let harness = Harness()
    harness.answer(.signedOut("ada@example.com"))
    weak let auth = harness.child(AuthCoordinator.self, of: harness.app)
    tap(AuthCoordinator.SignInEvent.close, on: harness.router)
    #expect(harness.router.operations == [.push(.Auth.signIn), .unwind(to: .at(0, 0))])
    #expect(harness.asked == ["Launch", "Launch"])
    #expect(harness.app.children.isEmpty)
    #expect(auth == nil)
  }

  @Test func anAnswerThatComesAfterTheUserMovedOnIsDropped() {
    // A decision acts on the screen it was decided from: here the user went to reset the
    // password while the credentials were checked, so the late answer does nothing.
    let harness = Harness()
    harness.answer(.signedOut(nil))
    tap(AuthCoordinator.SignInEvent.submitted(Example.credentials), on: harness.router)
    tap(AuthCoordinator.SignInEvent.forgotPassword(""), on: harness.router)
    harness.answer(AuthCoordinator.CheckCredentialsAnswer.needsCode("7"))
    #expect(harness.router.operations == [.push(.Auth.signIn), .push(.Auth.resetPassword)])
  }
}
