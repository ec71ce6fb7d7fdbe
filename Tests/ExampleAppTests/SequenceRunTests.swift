import FlowRuntime
import Testing

/// A sequence of the example app run by its generated code (FLOW-SPEC r3, section 13.1):
/// `Account`'s `allOrders` on the tracking page, `do: [dismiss, pop]` (flows/account). Each
/// element runs once the router has finished the one before; one that can no longer act
/// stops the rest, and the app and the router are told.
@MainActor
@Suite struct SequenceRunTests {
  /// The account tab showing an order's tracking page, presented over its details.
  private func tracking(_ harness: Harness) throws -> RecordingRouter {
    _ = try harness.signedIn()
    let account = try harness.tab(3)
    tap(AccountCoordinator.ProfileEvent.orders, on: account)
    tap(AccountCoordinator.OrderHistoryEvent.selected(Example.order), on: account)
    tap(AccountCoordinator.OrderDetailEvent.track(Example.url), on: account)
    account.clearCalls()
    return account
  }

  @Test func eachElementRunsOnceTheTransitionBeforeHasFinished() throws {
    let harness = Harness()
    let account = try tracking(harness)
    account.holdsTransitions = true
    tap(AccountCoordinator.TrackingEvent.allOrders, on: account)
    // The dismissal is in flight: the pop waits for it.
    #expect(account.operations == [.dismiss])
    account.finishTransitions()
    #expect(account.operations == [.dismiss, .finishTransitions, .pop])
    account.finishTransitions()
    #expect(names(account) == ["Profile(ada)", "OrderHistory"])
  }

  @Test func withoutHeldTransitionsTheSequenceHasRunWhenTheTapReturns() throws {
    let harness = Harness()
    let account = try tracking(harness)
    tap(AccountCoordinator.TrackingEvent.allOrders, on: account)
    #expect(account.operations == [.dismiss, .pop])
    #expect(names(account) == ["Profile(ada)", "OrderHistory"])
  }

  /// A push notification about a shipped order arrives while the tracking page slides down:
  /// its details are presented over the order below, so the sequence's `pop` no longer acts
  /// where the `dismiss` led. It stops, and tells the app once through `FlowLog` and the
  /// router.
  @Test func anElementWhoseScreenWasCoveredMeanwhileStopsTheRestAndTellsTheApp() throws {
    let harness = Harness()
    let account = try tracking(harness)
    account.holdsTransitions = true
    let log = LogCapture()
    try log.during {
      tap(AccountCoordinator.TrackingEvent.allOrders, on: account)
      #expect(harness.app.send(AccountExternalEvent.orderShipped(Example.order)))
      account.finishTransitions()
      account.finishTransitions()
      let stopped = try #require(log.messages.first)
      #expect(stopped.kind == .stoppedSequence)
      #expect(stopped.node == "screen Tracking")
      #expect(stopped.value == "allOrders")
      #expect(stopped.element == 2)
      #expect(stopped.elementCount == 2)
      #expect(stopped.coordinator == "AccountCoordinator")
    }
    #expect(log.messages.count == 1)
    #expect(account.operations.contains(.stoppedSequence(before: 2, of: 2)))
    #expect(!account.operations.contains(.pop))
    #expect(
      names(account) == [
        "Profile(ada)", "OrderHistory", "OrderDetail(order ABCD)", "OrderDetail(order ABCD)",
      ])
  }
}
