import Foundation
import TestSupport
import Testing

/// `scripts/uikit-scenarios.sh`: NavigationRouter runs against the UIKit double (the stubs of
/// Tests/PlatformStubs, which follow UIKit's documented behaviour) through the scenarios of
/// Tests/UIKitScenarios, built and run once for the suite, with the code this build's flowc
/// generates from Tests/UIKitScenarios/flows.
@Suite(.notUnderSanitizers) struct UIKitScenarioTests {
  static let script = packageRoot.appendingPathComponent("scripts/uikit-scenarios.sh")

  /// The output of one run of every scenario.
  static let output: Result<ProcessOutput, any Error> = Result {
    try run(script, ["--flowc", flowcBinary.path])
  }

  /// What the run printed for `scenario`: `PASS name`, or `FAIL name: why`.
  static func line(of scenario: String) throws -> String? {
    try output.get().stdout.split(separator: "\n").map(String.init).first {
      $0 == "PASS \(scenario)" || $0.hasPrefix("FAIL \(scenario):")
    }
  }

  /// Every scenario passes, these and any added since.
  @Test func theRunPasses() throws {
    let result = try Self.output.get()
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(!result.stdout.contains("FAIL"), "\(result.stdout)")
  }

  /// Issue 16, item 1: the router notices a sheet swiped away while a screen keeps its own
  /// presentation delegate, and a presentation UIKit refused; it presents over what the app
  /// presented.
  @Test(arguments: [
    "sheetWithItsOwnDelegateSwipedAway", "aSwipedAwaySheetEndsItsChild",
    "delegatesSetBeforeTheRoutersAreForwarded", "aRefusedPresentationIsNoticed",
    "presentsOverWhatTheAppPresented", "aTransitionThatNeverEndsDoesNotStopTheRouter",
  ])
  func theRouterCannotLoseTrackOfTheScreen(scenario: String) throws {
    #expect(try Self.line(of: scenario) == "PASS \(scenario)")
  }

  /// Issue 16, item 3: a tab container is the window's root, or presented itself, never in
  /// a navigation controller.
  @Test(arguments: [
    "tabsAtTheRootAreNotPushed", "presentedTabsAreNotWrapped", "tabsAboveAScreenAreNotPushed",
    "tabsAtTheRootAreTheWindowsRoot",
  ])
  func tabsAreARealContainer(scenario: String) throws {
    #expect(try Self.line(of: scenario) == "PASS \(scenario)")
  }

  /// Issue 16, item 4: transitions wait for the one in flight, present from the top presented
  /// view controller, dismiss what a stack presents with it, and can be without animation.
  @Test(arguments: [
    "dismissThenPresentInTheSameTurn", "presentWhilePresenting", "dismissAStackThatPresents",
    "transitionsWithoutAnimation", "anAlertAfterAPresentationInTheSameTurn",
  ])
  func transitionsAreSequenced(scenario: String) throws {
    #expect(try Self.line(of: scenario) == "PASS \(scenario)")
  }

  /// Issue 16, item 5: what a tab presented goes with its tab container.
  @Test(arguments: [
    "aTabsModalGoesWithPresentedTabs", "aTabsModalGoesWithTabsAboveAScreen",
    "tabsAtTheRootAreTheWindowsRoot",
  ])
  func tabModalsEndWithTheirTabs(scenario: String) throws {
    #expect(try Self.line(of: scenario) == "PASS \(scenario)")
  }

  /// Issue 16, item 7: a long-press back past the screen that started a child drops the
  /// child; one that keeps that screen finishes it with its `leave` case.
  @Test func aLongPressPastAChildsStartDropsIt() throws {
    let scenario = "aLongPressPastAChildsStartDropsIt"
    #expect(try Self.line(of: scenario) == "PASS \(scenario)")
  }

  /// Issue 16, item 10: `NavigationRouter` tells its observers of the screen on top, by the
  /// flow's name, for its own transitions and the user's.
  @Test func observersHearTheTopScreen() throws {
    let scenario = "observersHearTheTopScreenByItsName"
    #expect(try Self.line(of: scenario) == "PASS \(scenario)")
  }

  /// The user's gestures the double plays: a swipe back cancelled or finished, the back
  /// button's long-press menu.
  @Test(arguments: ["swipeBackCancelledThenFinished", "longPressPopsSeveral"])
  func theUsersGestures(scenario: String) throws {
    #expect(try Self.line(of: scenario) == "PASS \(scenario)")
  }

  /// Issue 28: the queue waits for a push in a tab's navigation controller (a child, whose
  /// transition the container does not show), and never has an alert present a modal.
  @Test(arguments: [
    "aTabsPresentationWaitsForItsPush", "aModalPresentedWhileAnAlertIsUpOutlivesIt",
  ])
  func theQueueWaitsForEveryTransition(scenario: String) throws {
    #expect(try Self.line(of: scenario) == "PASS \(scenario)")
  }

  /// Issue 28: `systemBack: false` turns iOS 26's content pop off too.
  @Test func systemBackOffTurnsOffTheContentPop() throws {
    let scenario = "systemBackOffTurnsOffTheContentPop"
    #expect(try Self.line(of: scenario) == "PASS \(scenario)")
  }

  /// Issue 28: a tab container at the root shows without a window given to the router: in
  /// the window of its navigation controller, or full screen over a contained one.
  @Test(arguments: [
    "tabsAtTheRootShowInTheWindowOfTheNavigationController",
    "tabsAtTheRootOfAContainedStackAreFullScreen",
  ])
  func tabsAtTheRootShowWithoutAWindow(scenario: String) throws {
    #expect(try Self.line(of: scenario) == "PASS \(scenario)")
  }

  /// Issue 28: an action sheet points at its anchor, or at what its screen says, or at the
  /// centre; the app chooses how a sheet is presented.
  @Test(arguments: [
    "anActionSheetPointsAtItsAnchor", "anActionSheetPointsAtWhatItsScreenSays",
    "anActionSheetWithoutAnAnchorIsCentred", "theAppChoosesHowASheetIsPresented",
  ])
  func presentationStylesAndAnchors(scenario: String) throws {
    #expect(try Self.line(of: scenario) == "PASS \(scenario)")
  }

  /// FLOW-SPEC 13.1: a sequence's elements run one after another, each once the transition
  /// before has ended (a swipe back the user holds included, cancelled or not), and stop when
  /// the screen they act on went away meanwhile; and so they do in the coordinator flowc
  /// generates.
  @Test(arguments: [
    "aSequenceRunsEachElementOnceTheTransitionBeforeHasEnded",
    "aSequenceStopsWhenTheUserSweptItsSheetAwayMeanwhile",
    "aSequenceWaitsForASwipeBackAndRunsWhenItIsCancelled",
    "aSequenceStopsWhenTheSwipeBackItWaitedForTookItsScreen",
    "aGeneratedSequencePushesItsScreensInOrder", "aGeneratedSequenceDismissesThenPushes",
  ])
  func sequencesRunOneElementAtATime(scenario: String) throws {
    #expect(try Self.line(of: scenario) == "PASS \(scenario)")
  }

  /// FLOW-SPEC 13.5: a form sheet and an anchored popover, dismissed by the user like a sheet
  /// unless the screen on top is not dismissible.
  @Test(arguments: [
    "aSheetIsAPageSheetAndFullScreenIsFullScreen", "aFormSheetIsAFormSheetAndItsSwipeDownIsHeard",
    "aPopoverPointsAtThePresentingScreenAndATapOutsideIsHeard",
    "aScreenThatIsNotDismissibleKeepsItsFormSheetAndPopover",
  ])
  func revision3PresentationStyles(scenario: String) throws {
    #expect(try Self.line(of: scenario) == "PASS \(scenario)")
  }
}
