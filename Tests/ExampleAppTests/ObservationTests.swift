import FlowRuntime
import Testing

/// The generated code names each screen by its flow name (issue 16, item 10), so observers
/// hear `TwoFactor`, not the stub's `TwoFactor(42)` nor, on a device, a view controller's
/// address.
@MainActor
@Suite struct ObservationTests {
  @Test func observersHearTheFlowsNamesOfTheScreens() {
    let harness = Harness()
    var events: [String] = []
    harness.router.observeNavigation { events.append("\($0)") }
    harness.answer(.signedOut(nil))
    tap(AuthCoordinator.SignInEvent.submitted(Example.credentials), on: harness.router)
    harness.answer(AuthCoordinator.CheckCredentialsAnswer.needsCode("42"))
    tap(AuthCoordinator.TwoFactorEvent.back, on: harness.router)
    #expect(
      events == [
        "shown SignIn", "hidden SignIn", "shown TwoFactor", "hidden TwoFactor", "shown SignIn",
      ])
    #expect(
      harness.router.operations.contains(.push(.Auth.twoFactor, controls: .init(systemBack: false)))
    )
  }
}
