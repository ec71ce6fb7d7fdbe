import FlowRuntime
import Testing

/// Sequences of actions (FLOW-SPEC 13.1, last item): generated code runs the elements in
/// order, each once the router has finished the one before, and an element that can no
/// longer act stops the rest and tells the app.
@MainActor
@Suite struct SequenceTests {
  /// A coordinator on `router` that shows Home, then Inbox in a sheet over it.
  private func inboxInASheet(_ router: RecordingRouter) -> Flow {
    let flow = Flow("Home", router: router)
    flow.start()
    flow.present(Screen("Inbox"))
    return flow
  }

  @Test func theElementsRunInOrderAndTheLastMayBeAnyAction() {
    let router = RecordingRouter()
    let flow = inboxInASheet(router)
    router.clearCalls()
    let composer = Flow("Composer", router: router)
    flow.perform([
      { [flow] in flow.dismiss() },
      { [flow] in flow.push(Screen("Room")) },
      { [flow] in flow.push(Screen("Thread")) },
      { [flow] in flow.start(composer, style: .popover) { _ in } },
    ])
    #expect(
      router.operations == [
        .dismiss, .push(ScreenID("Room")), .push(ScreenID("Thread")),
        .present(ScreenID("Composer"), style: .popover),
      ])
    #expect(flow.children.map { $0 === composer } == [true])
  }

  @Test func eachElementWaitsForTheTransitionBeforeItToFinish() {
    let router = RecordingRouter()
    let flow = inboxInASheet(router)
    router.holdsTransitions = true
    router.clearCalls()
    flow.perform([
      { [flow] in flow.dismiss() },
      { [flow] in flow.push(Screen("Room")) },
      { [flow] in flow.push(Screen("Thread")) },
    ])
    #expect(router.operations == [.dismiss])
    router.finishTransitions()
    #expect(router.operations == [.dismiss, .finishTransitions, .push(ScreenID("Room"))])
    router.finishTransitions()
    #expect(
      router.calls == [
        "dismiss", "finish transitions", "push Room", "finish transitions", "push Thread",
      ])
    #expect(names(router.stacks) == [["Home", "Room", "Thread"]])
  }

  @Test func aSequenceStartedWhileATransitionIsInFlightWaitsForIt() {
    let router = RecordingRouter()
    let flow = Flow("Home", router: router)
    router.holdsTransitions = true
    flow.start()
    flow.perform([{ [flow] in flow.push(Screen("Room")) }, { [flow] in flow.pop() }])
    #expect(router.calls == ["push Home"], "the first element ran while Home was shown")
    router.finishTransitions()
    #expect(router.calls == ["push Home", "finish transitions", "push Room"])
  }

  @Test func anElementWhoseSheetTheUserSweptAwayMeanwhileStopsTheRestAndTellsTheAppOnce() {
    let router = RecordingRouter()
    let flow = inboxInASheet(router)
    flow.present(Screen("Thread"))
    router.holdsTransitions = true
    router.clearCalls()
    let log = LogCapture()
    log.during {
      flow.perform(
        [
          { [flow] in flow.dismiss() },
          { [flow] in flow.push(Screen("Room")) },
          { [flow] in flow.push(Screen("Reply")) },
        ], at: "screen Thread", after: "openRoom")
      // While the Thread sheet goes, the user swipes the Inbox sheet under it away.
      router.userDismisses()
      router.finishTransitions()
      router.finishTransitions()
    }
    #expect(
      router.operations == [
        .dismiss, .userDismiss, .finishTransitions, .stoppedSequence(before: 2, of: 3),
        .finishTransitions,
      ])
    #expect(names(router.stacks) == [["Home"]])
    #expect(
      log.messages.map(\.description) == [
        "stopped sequence openRoom of screen Thread (Flow) before element 2 of 3: the screen it "
          + "acts on went away"
      ])
    #expect(log.messages.first?.element == 2)
    #expect(log.messages.first?.elementCount == 3)
    #expect(log.messages.first?.kind == .stoppedSequence)
  }

  @Test func aPresentationUIKitRefusesStopsTheRest() {
    let router = RecordingRouter()
    let flow = Flow("Home", router: router)
    flow.start()
    router.refusesPresentations = true
    router.clearCalls()
    let log = LogCapture()
    log.during {
      flow.perform([
        { [flow] in flow.present(Screen("Inbox")) }, { [flow] in flow.push(Screen("Room")) },
      ])
    }
    #expect(
      router.operations == [
        .refused(.present(ScreenID("Inbox"))), .stoppedSequence(before: 2, of: 2),
      ])
    #expect(log.messages.map(\.reason) == [.screenGone])
    #expect(names(router.stacks) == [["Home"]])
  }

  @Test func aCoordinatorThatEndedMeanwhileRunsNothingMore() {
    let router = RecordingRouter()
    let root = Endless("Home", router: router)
    root.start()
    let child = Flow("Inbox", router: router)
    root.start(child, style: .sheet) { _ in }
    router.holdsTransitions = true
    router.clearCalls()
    let log = LogCapture()
    log.during {
      child.perform([{ [child] in child.push(Screen("Room")) }, { [child] in child.pop() }])
      // An external event of the root ends its children before the push has ended.
      root.endChildren()
      router.finishTransitions()
    }
    #expect(router.calls.contains("push Room"))
    #expect(!router.calls.contains("pop"))
    #expect(log.messages.map(\.reason) == [.coordinatorEnded])
  }

  @Test func aCoordinatorThatNavigatedOtherwiseMeanwhileStops() {
    let router = RecordingRouter()
    let flow = Flow("Home", router: router)
    flow.start()
    router.holdsTransitions = true
    let log = LogCapture()
    log.during {
      flow.perform([
        { [flow] in flow.push(Screen("Room")) }, { [flow] in flow.push(Screen("Thread")) },
      ])
      // Another event of Room pops it and pushes Settings before the push has ended: the
      // top is where it was, but not the screen the sequence pushed.
      flow.pop()
      flow.push(Screen("Settings"))
      router.finishTransitions()
    }
    #expect(names(router.stacks) == [["Home", "Settings"]])
    #expect(log.messages.map(\.reason) == [.navigated])
  }

  @Test func aSequenceRunWithoutAnimationStaysWithoutItToItsEnd() {
    let router = RecordingRouter()
    let flow = Flow("Home", router: router)
    flow.start()
    router.holdsTransitions = true
    router.finishTransitions()
    router.clearCalls()
    router.withoutAnimation {
      flow.perform([
        { [flow] in flow.push(Screen("Room")) }, { [flow] in flow.push(Screen("Thread")) },
      ])
    }
    router.finishTransitions()
    #expect(
      router.operations == [
        .notAnimated(.push(ScreenID("Room"))), .finishTransitions,
        .notAnimated(.push(ScreenID("Thread"))),
      ])
    #expect(router.animatesTransitions)
  }

  @Test func whatWaitsForTheRouterRunsAfterTheSequenceBeforeIt() {
    let router = RecordingRouter()
    let flow = Flow("Home", router: router)
    flow.start()
    router.holdsTransitions = true
    router.finishTransitions()
    router.clearCalls()
    flow.perform([{ [flow] in flow.push(Screen("A")) }, { [flow] in flow.push(Screen("B")) }])
    router.whenIdle { router.alert(FlowAlert(title: "Later", buttons: [])) }
    router.finishTransitions()
    router.finishTransitions()
    #expect(
      router.calls == [
        "push A", "finish transitions", "push B", "finish transitions", "alert Later []",
      ])
  }
}

/// The presentation styles of revision 3 (FLOW-SPEC 13.5) as the recording router and the
/// coordinators see them: a form sheet and a popover are dismissed by the user as a sheet,
/// unless the screen on top is not dismissible; a full-screen stack is not.
@MainActor
@Suite struct PresentationStyleTests {
  @Test func theUserDismissesAFormSheetAndAPopoverLikeASheet() {
    for style in [ModalStyle.sheet, .formSheet, .popover] {
      let router = RecordingRouter()
      let root = Endless("Home", router: router)
      root.start()
      let results = Results()
      let child = Flow("Filters", router: router, leave: "closed")
      let start: StartStyle = style == .sheet ? .sheet : style == .popover ? .popover : .formSheet
      root.start(child, style: start) { results.values.append($0) }
      #expect(router.modalStyles == [style])
      router.userDismisses()
      #expect(names(router.stacks) == [["Home"]], "\(style)")
      #expect(results.values == ["closed"], "\(style)")
    }
  }

  @Test func aScreenThatIsNotDismissibleKeepsItsFormSheetOrPopover() {
    for style in [ModalStyle.formSheet, .popover, .fullScreen] {
      let router = RecordingRouter()
      let flow = Flow("Home", router: router)
      flow.start()
      flow.present(Screen("Filters"), style: style, controls: .init(dismissible: false))
      router.userDismisses()
      #expect(names(router.stacks) == [["Home"], ["Filters"]], "\(style)")
    }
    let router = RecordingRouter()
    let flow = Flow("Home", router: router)
    flow.start()
    flow.present(Screen("Terms"), style: .fullScreen)
    router.userDismisses()
    #expect(names(router.stacks) == [["Home"], ["Terms"]], "a full-screen stack went")
  }

  @Test func eachStyleButASheetIsRecordedInBrackets() {
    let router = RecordingRouter()
    let flow = Flow("Home", router: router)
    flow.start()
    flow.present(Screen("A"))
    flow.present(Screen("B"), style: .formSheet)
    flow.present(Screen("C"), style: .popover, controls: .init(dismissible: false))
    flow.present(Screen("D"), style: .fullScreen)
    #expect(
      router.calls.dropFirst() == [
        "present A", "present B [formSheet]", "present C [popover, dismissible: false]",
        "present D [fullScreen]",
      ])
    #expect(
      router.operations.dropFirst().map(\.description) == [
        "present A", "present B [formSheet]", "present C [popover, dismissible: false]",
        "present D [fullScreen]",
      ])
    #expect(StartStyle.formSheet.modal == .formSheet)
    #expect(StartStyle.popover.modal == .popover)
    #expect(ModalStyle(rawValue: "formSheet") == .formSheet)
    #expect(ModalStyle(rawValue: "popover") == .popover)
    #expect(![ModalStyle.fullScreen].contains { $0.isDismissibleByUser })
  }
}

/// Sequences on ``SwiftUIRouter``: an element waits for the presentation changes before it
/// (a dismissal ends at its `onDismiss`), and stops when the user swiped its sheet away.
@MainActor
@Suite struct SwiftUISequenceTests {
  @Test func aPresentationAfterADismissalIsAskedForOnlyOnceTheDismissalHasEnded() async throws {
    let router = SwiftUIRouter()
    router.transitionDuration = 0.01
    // The test ends each dismissal itself (viewDismissed): no timeout may end it first, on a
    // main actor that other tests can hold for seconds.
    router.transitionTimeout = 3_600
    let flow = Flow("Home", router: router)
    flow.start()
    flow.present(Screen("Inbox"))
    try await settle(router)
    let inbox = try #require(router.rootStack.sheet)
    flow.perform([{ [flow] in flow.dismiss() }, { [flow] in flow.present(Screen("Room")) }])
    #expect(router.stacks.count == 1, "the presentation was asked for during the dismissal")
    try await Task.sleep(for: .milliseconds(50))
    #expect(router.stacks.count == 1, "the presentation did not wait for onDismiss")
    router.viewDismissed(over: router.rootStack)
    #expect(router.rootStack.presentedOnScreen == nil)
    try await eventually { router.topStack.root.map { "\($0.screen)" } == "Room" }
    #expect(router.topStack.root.map { "\($0.screen)" } == "Room")
    #expect(router.topStack !== inbox)
  }

  @Test func aSheetSweptAwayDuringTheDismissalBeforeStopsTheSequence() async throws {
    let router = SwiftUIRouter()
    router.transitionDuration = 0.01
    // The test ends each dismissal itself (viewDismissed): no timeout may end it first, on a
    // main actor that other tests can hold for seconds.
    router.transitionTimeout = 3_600
    let flow = Flow("Home", router: router)
    flow.start()
    flow.present(Screen("Inbox"))
    try await settle(router)
    flow.present(Screen("Thread"))
    try await settle(router)
    let inbox = try #require(router.rootStack.sheet)
    var messages: [FlowLogMessage] = []
    FlowLog.handler = { if $0.node == "screen Thread (SwiftUI)" { messages.append($0) } }
    defer { FlowLog.handler = nil }
    flow.perform(
      [{ [flow] in flow.dismiss() }, { [flow] in flow.push(Screen("Room")) }],
      at: "screen Thread (SwiftUI)")
    // While the Thread sheet goes, the user swipes the Inbox sheet under it away.
    router.userDismissed(inbox)
    router.viewDismissed(over: inbox)
    router.viewDismissed(over: router.rootStack)
    try await eventually { !messages.isEmpty }
    try await Task.sleep(for: .milliseconds(50))
    #expect(router.stacks.count == 1)
    #expect(router.rootStack.screens.map { "\($0.screen)" } == ["Home"], "the push ran")
    #expect(messages.map(\.reason) == [.screenGone])
    #expect(messages.map(\.element) == [2])
  }
}

/// Waits until `router` has ended every transition it has started (its `whenIdle`).
@MainActor
private func settle(_ router: SwiftUIRouter) async throws {
  final class Flag { var isSet = false }
  let idle = Flag()
  router.whenIdle { idle.isSet = true }
  try await eventually { idle.isSet }
  #expect(idle.isSet, "the router's transitions did not end")
}

/// Lets the main actor run, 10 ms at a time, until `condition` holds or 60 s have passed: a
/// transition of ``SwiftUIRouter`` ends after its `transitionDuration` on a timer, which a
/// loaded machine runs late, so a test waits for what it needs rather than a fixed time. What
/// must *not* happen within a time is still waited for with a sleep.
@MainActor
private func eventually(_ condition: () -> Bool) async throws {
  let deadline = ContinuousClock.now + .seconds(60)
  while !condition() && ContinuousClock.now < deadline {
    try await Task.sleep(for: .milliseconds(10))
  }
}
