import FlowRuntime
// Scenarios of the language's revision 3 (FLOW-SPEC 13.1, 13.5 and 13.6) on the UIKit double: a
// sequence's elements run one after another, each once the transition before has ended, and
// stop when the user took the screen they act on away; the new presentation styles; a relative
// link's alert closed without a button.
@_spi(Behaviour) import UIKit

/// A coordinator whose screens a scenario shows, and whose sequences it performs.
final class Messages: FlowCoordinator<Never> {
  override func start() { push(Screen("A")) }
}

/// The flow's log while `body` runs: what the app is told of a stopped sequence.
@MainActor func logged(_ body: () async throws -> Void) async rethrows -> [FlowLogMessage] {
  var messages: [FlowLogMessage] = []
  FlowLog.handler = { messages.append($0) }
  defer { FlowLog.handler = nil }
  try await body()
  return messages
}

/// The names of the screens of `stack`.
@MainActor func shown(_ stack: UINavigationController?) -> [String] {
  stack?.viewControllers.map(\.description) ?? []
}

@MainActor let revision3Scenarios: [Scenario] = [
  // 13.1: `[dismiss, { push: X }]`: the push is not even asked of the router before the
  // dismissal has ended.
  Scenario("aSequenceRunsEachElementOnceTheTransitionBeforeHasEnded") {
    let fixture = Fixture()
    let flow = Messages(router: fixture.router)
    flow.start()
    flow.present(Screen("B"))
    await settle()
    flow.perform([{ flow.dismiss() }, { flow.push(Screen("X")) }])
    try expect(UIKitDouble.isAnimating, "the dismissal is not in flight")
    try expect(
      fixture.router.top == StackPosition(modals: 0, screens: 1),
      "the push was asked for during the dismissal: \(fixture.router.top)")
    UIKitDouble.finishAnimations()
    try expect(
      shown(fixture.root) == ["A"], "pushed as the dismissal ended: \(shown(fixture.root))")
    await settle()
    try expect(shown(fixture.root) == ["A", "X"], "\(shown(fixture.root))")
    try expect(fixture.presented.isEmpty, "still presented: \(fixture.presented)")
  },
  // 13.1: the user swipes the sheet away while a pop in it animates: the push after the pop
  // could only act on a screen that is gone, so it and everything after it do not run, and
  // the app is told once.
  Scenario("aSequenceStopsWhenTheUserSweptItsSheetAwayMeanwhile") {
    let fixture = Fixture()
    let flow = Messages(router: fixture.router)
    flow.start()
    flow.present(Screen("B"))
    flow.push(Screen("C"))
    await settle()
    let sheet = try fixture.presented.first.orFail("no sheet")
    let messages = try await logged {
      flow.perform(
        [{ flow.pop() }, { flow.push(Screen("X")) }, { flow.push(Screen("Y")) }],
        at: "screen C", after: "open")
      try expect(UIKitDouble.isAnimating, "the pop is not in flight")
      UIKitDouble.swipeDown(sheet)
      await settle()
    }
    try expect(
      messages.map(\.description) == [
        "stopped sequence open of screen C (Messages) before element 2 of 3: the screen it acts "
          + "on went away"
      ], "\(messages)")
    try expect(shown(fixture.root) == ["A"], "\(shown(fixture.root))")
    try expect(fixture.presented.isEmpty, "still presented: \(fixture.presented)")
    try expect(
      fixture.router.top == StackPosition(modals: 0, screens: 1), "\(fixture.router.top)")
  },
  // 13.1: a sequence started while the user holds a swipe back waits for the gesture; when
  // the user cancels it, the sequence runs.
  Scenario("aSequenceWaitsForASwipeBackAndRunsWhenItIsCancelled") {
    let fixture = Fixture()
    let flow = Messages(router: fixture.router)
    flow.start()
    flow.push(Screen("B"))
    await settle()
    try expect(UIKitDouble.beginSwipeBack(on: fixture.root), "no swipe")
    let messages = try await logged {
      flow.perform([{ flow.push(Screen("X")) }, { flow.push(Screen("Y")) }])
      try expect(
        fixture.router.top == StackPosition(modals: 0, screens: 2),
        "an element ran during the swipe: \(fixture.router.top)")
      await settle()
      UIKitDouble.endSwipeBack(on: fixture.root, cancelled: true)
      await settle()
    }
    try expect(messages.isEmpty, "\(messages)")
    try expect(shown(fixture.root) == ["A", "B", "X", "Y"], "\(shown(fixture.root))")
  },
  // 13.1: the same, but the user finishes the swipe back: the screen the sequence acts on is
  // gone, and it stops before its first element.
  Scenario("aSequenceStopsWhenTheSwipeBackItWaitedForTookItsScreen") {
    let fixture = Fixture()
    let flow = Messages(router: fixture.router)
    flow.start()
    flow.push(Screen("B"))
    await settle()
    try expect(UIKitDouble.beginSwipeBack(on: fixture.root), "no swipe")
    let messages = try await logged {
      flow.perform([{ flow.push(Screen("X")) }, { flow.push(Screen("Y")) }])
      try expect(
        fixture.router.top == StackPosition(modals: 0, screens: 2),
        "an element ran during the swipe: \(fixture.router.top)")
      await settle()
      UIKitDouble.endSwipeBack(on: fixture.root, cancelled: false)
      await settle()
    }
    try expect(messages.map(\.element) == [1], "\(messages)")
    try expect(shown(fixture.root) == ["A"], "\(shown(fixture.root))")
  },
  // 13.5: a form sheet is a `.formSheet`, and the user's swipe down reaches the coordinators
  // as a sheet's does.
  // 13.5: a `sheet` is UIKit's page sheet, a `fullScreen` its full screen, each as the
  // router presents a screen and a child's stack.
  Scenario("aSheetIsAPageSheetAndFullScreenIsFullScreen") {
    let fixture = Fixture()
    let root = Messages(router: fixture.router)
    root.start()
    fixture.router.present(Screen("Sheet"), style: .sheet, controls: .standard)
    await settle()
    let sheet = try fixture.presented.first.orFail("nothing presented: \(UIKitDouble.log)")
    try expect(sheet.modalPresentationStyle == .pageSheet, "\(sheet.modalPresentationStyle)")
    fixture.router.dismiss()
    await settle()
    let child = Child(router: fixture.router)
    root.start(child, style: .fullScreen) { _ in }
    await settle()
    let cover = try fixture.presented.first.orFail("nothing presented: \(UIKitDouble.log)")
    try expect(cover.modalPresentationStyle == .fullScreen, "\(cover.modalPresentationStyle)")
  },
  Scenario("aFormSheetIsAFormSheetAndItsSwipeDownIsHeard") {
    let fixture = Fixture()
    let root = Messages(router: fixture.router)
    root.start()
    let child = Child(router: fixture.router)
    root.start(child, style: .formSheet) { _ in }
    await settle()
    let sheet = try fixture.presented.first.orFail("nothing presented: \(UIKitDouble.log)")
    try expect(sheet.modalPresentationStyle == .formSheet, "\(sheet.modalPresentationStyle)")
    try expect(UIKitDouble.swipeDown(sheet), "no swipe")
    await settle()
    try expect(root.children.isEmpty, "the child still runs")
    try expect(
      fixture.router.top == StackPosition(modals: 0, screens: 1), "\(fixture.router.top)")
  },
  // 13.5: a popover points at what the screen that presents it says, else at its middle,
  // and a tap outside it reaches the coordinators as a sheet's swipe does.
  Scenario("aPopoverPointsAtThePresentingScreenAndATapOutsideIsHeard") {
    let fixture = Fixture()
    let screen = Anchoring()
    fixture.router.push(screen, controls: .standard)
    fixture.router.present(Screen("Filters"), style: .popover, controls: .standard)
    await settle()
    let popover = try fixture.presented.first.orFail("nothing presented: \(UIKitDouble.log)")
    try expect(popover.modalPresentationStyle == .popover, "\(popover.modalPresentationStyle)")
    let anchor = try popover.popoverPresentationController.orFail("no popover controller")
    try expect(anchor.sourceView === screen.button, "\(String(describing: anchor.sourceView))")
    try expect(UIKitDouble.tapOutside(popover), "no tap outside")
    await settle()
    try expect(fixture.unwinds == [StackPosition(modals: 1, screens: 1)], "\(fixture.unwinds)")
    let plain = Screen("Plain")
    fixture.router.push(plain, controls: .standard)
    fixture.router.present(Screen("Sort"), style: .popover, controls: .standard)
    await settle()
    let centred = try (fixture.presented.first?.popoverPresentationController).orFail("none")
    try expect(centred.sourceView === plain.view, "\(String(describing: centred.sourceView))")
    try expect(centred.permittedArrowDirections == [], "an arrow at the middle")
  },
  // 13.5: `dismissible: false` keeps a form sheet and a popover, as a sheet.
  Scenario("aScreenThatIsNotDismissibleKeepsItsFormSheetAndPopover") {
    for style in [ModalStyle.formSheet, .popover] {
      let fixture = Fixture()
      fixture.router.push(Screen("A"), controls: .standard)
      fixture.router.present(Screen("Terms"), style: style, controls: .init(dismissible: false))
      await settle()
      let presented = try fixture.presented.first.orFail("nothing presented: \(UIKitDouble.log)")
      try expect(!UIKitDouble.swipeDown(presented), "the \(style) went")
      try expect(fixture.unwinds.isEmpty, "\(fixture.unwinds)")
    }
  },
  // 13.6: a relative link closes the alert over the top stack without running a button, and
  // its push waits in the router's queue until the alert has gone.
  Scenario("closeAlertsDismissesTheAlertWithoutAButtonThenThePushComes") {
    let fixture = Fixture()
    fixture.router.push(Screen("A"), controls: .standard)
    final class Taps { var count = 0 }
    let taps = Taps()
    fixture.router.alert(FlowAlert(title: "Block?", buttons: [.init("Block") { taps.count += 1 }]))
    await settle()
    try expect(fixture.presented.first is UIAlertController, "no alert: \(fixture.presented)")
    fixture.router.closeAlerts()
    fixture.router.push(Screen("B"), controls: .standard)
    await settle()
    try await Task.sleep(for: .milliseconds(300))
    await settle()
    try expect(fixture.presented.isEmpty, "still presented: \(fixture.presented)")
    try expect(taps.count == 0, "a button ran")
    try expect(shown(fixture.root) == ["A", "B"], "\(shown(fixture.root))")
    try expect(fixture.unwinds.isEmpty, "\(fixture.unwinds)")
  },
]
