import Foundation
import TestSupport
import Testing

/// `scripts/swiftui-scenarios.sh`: FlowRuntime's SwiftUI views and SwiftUIRouter run against
/// the SwiftUI double (the stubs of Tests/PlatformStubs/SwiftUI, whose views keep what they
/// were made with) through the scenarios of Tests/SwiftUIScenarios, built and run once for
/// the suite.
@Suite(.notUnderSanitizers) struct SwiftUIScenarioTests {
  static let script = packageRoot.appendingPathComponent("scripts/swiftui-scenarios.sh")

  /// The output of one run of every scenario.
  static let output: Result<ProcessOutput, any Error> = Result { try run(script, []) }

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

  /// Issue 28: every screen is drawn with its identity, so a root replaced by a screen of the
  /// same type is a new view with new state.
  @Test(arguments: ["aReplacedRootIsANewView", "aPushedScreenHasItsIdentity"])
  func everyScreenHasItsIdentity(scenario: String) throws {
    #expect(try Self.line(of: scenario) == "PASS \(scenario)")
  }

  /// Issue 28: a tab container is never drawn in a NavigationStack: at the root on its own,
  /// above a screen as a full-screen cover.
  @Test(arguments: ["tabsAtTheRootAreNotInANavigationStack", "tabsAboveAScreenAreAFullScreenCover"])
  func tabsAreNotInANavigationStack(scenario: String) throws {
    #expect(try Self.line(of: scenario) == "PASS \(scenario)")
  }

  /// Issue 28: a change made while animation is off is made in a transaction that disables
  /// animations, whenever SwiftUI renders it.
  @Test func changesWithoutAnimationAreInATransaction() throws {
    let scenario = "changesWithoutAnimationAreInATransactionWithout"
    #expect(try Self.line(of: scenario) == "PASS \(scenario)")
  }

  /// Issue 28: presentation changes reach SwiftUI one at a time, and a late `nil` written to
  /// a sheet's binding is not a swipe.
  @Test(arguments: [
    "aDismissalThenAPresentationAreOneAtATime", "aLateNilIsNotASwipe",
    "aSwipeThroughTheBindingIsReported", "aPresentationFromAnAlertWaitsForItToClose",
    "twoLevelsAreDismissedOneAtATime",
  ])
  func presentationChangesAreSequenced(scenario: String) throws {
    #expect(try Self.line(of: scenario) == "PASS \(scenario)")
  }

  /// FLOW-SPEC 13.5: a form sheet is the sheet with form sizing, a popover a popover that
  /// adapts as a sheet, and a tap outside it is the user's dismissal unless disabled.
  @Test(arguments: [
    "aFormSheetIsAFormSizedSheetAndAPopoverAPopover",
    "aTapOutsideAPopoverIsReportedUnlessItIsNotDismissible",
  ])
  func revision3PresentationStyles(scenario: String) throws {
    #expect(try Self.line(of: scenario) == "PASS \(scenario)")
  }
}
