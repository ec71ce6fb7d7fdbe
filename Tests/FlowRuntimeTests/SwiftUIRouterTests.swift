import FlowRuntime
import Foundation
import Observation
import Testing

/// ``SwiftUIRouter``: what its operations make of the navigation state, and how it turns
/// what the views' bindings are set to into ``Router/onUserUnwind``.
@MainActor
@Suite struct SwiftUIRouterTests {
  private func names(_ router: SwiftUIRouter) -> [[String]] {
    router.stacks.map { $0.screens.map { "\($0.screen)" } }
  }

  @Test func theFirstScreenIsTheRootAndTheOthersThePath() {
    let router = SwiftUIRouter()
    router.push(Screen("A"))
    router.push(Screen("B"), controls: SystemControls(systemBack: false))
    router.push(Screen("C"))
    #expect(router.rootStack.root.map { "\($0.screen)" } == "A")
    #expect(router.rootStack.path.map { "\($0.screen)" } == ["B", "C"])
    #expect(router.rootStack.path.map(\.controls.systemBack) == [false, true])
    router.replace(from: 0, with: Screen("D"))
    #expect(names(router) == [["D"]])
    #expect(router.rootStack.path.isEmpty)
    #expect(router.top == StackPosition(modals: 0, screens: 1))
  }

  @Test func aPresentedStackIsTheSheetOrCoverOfTheOneBelow() async throws {
    let router = SwiftUIRouter()
    router.transitionDuration = 0.01
    router.push(Screen("A"))
    router.present(Screen("S"), style: .sheet, controls: SystemControls(dismissible: false))
    let sheet = try #require(router.rootStack.sheet)
    #expect(router.rootStack.fullScreenCover == nil)
    #expect(!sheet.isSwipeable, "its top screen is not dismissible")
    router.present(Screen("F"), style: .fullScreen, controls: .standard)
    #expect(sheet.presented === router.topStack)
    #expect(sheet.fullScreenCover == nil, "presented while the sheet comes")
    #expect(router.top == StackPosition(modals: 2, screens: 1))
    try await Task.sleep(for: .milliseconds(100))
    #expect(sheet.fullScreenCover === router.topStack)
    router.unwind(to: StackPosition(modals: 0, screens: 1))
    #expect(router.rootStack.presented == nil)
    #expect(names(router) == [["A"]])
  }

  /// Issue 28: SwiftUI makes one presentation change at a time: a dismissal and a
  /// presentation asked together reach the views one after the other, the second when the
  /// sheet's `onDismiss` says the first has ended, or after the timeout.
  @Test func aDismissalThenAPresentationReachTheViewsOneAtATime() async throws {
    let router = SwiftUIRouter()
    router.transitionDuration = 0.01
    router.transitionTimeout = 0.05
    router.push(Screen("A"))
    router.present(Screen("S"))
    let sheet = try #require(router.rootStack.sheet)
    try await Task.sleep(for: .milliseconds(50))
    router.dismiss()
    router.present(Screen("C"), style: .fullScreen, controls: .standard)
    #expect(names(router) == [["A"], ["C"]], "the coordinators see both at once")
    #expect(router.rootStack.sheet == nil && router.rootStack.fullScreenCover == nil)
    router.viewDismissed(over: sheet)
    #expect(router.rootStack.fullScreenCover == nil, "the dismissal of another stack")
    router.viewDismissed(over: router.rootStack)
    #expect(router.rootStack.fullScreenCover === router.topStack)

    try await Task.sleep(for: .milliseconds(50))
    router.dismiss()
    router.present(Screen("D"))
    #expect(router.rootStack.presentedOnScreen == nil)
    try await Task.sleep(for: .milliseconds(200))
    #expect(router.rootStack.sheet === router.topStack, "no onDismiss came: the timeout")
  }

  /// Issue 28: modal stacks dismissed together go one at a time, the top one first and
  /// without animation, so that SwiftUI dismisses each from the one that shows it.
  @Test func stacksDismissedTogetherGoTheTopOneFirst() async throws {
    let router = SwiftUIRouter()
    router.transitionDuration = 0.01
    router.push(Screen("A"))
    router.present(Screen("S"))
    try await Task.sleep(for: .milliseconds(50))
    router.present(Screen("T"))
    try await Task.sleep(for: .milliseconds(50))
    let first = try #require(router.rootStack.presentedOnScreen)
    #expect(first.presentedOnScreen === router.topStack)
    router.unwind(to: StackPosition(modals: 0, screens: 1))
    #expect(router.rootStack.presentedOnScreen === first)
    #expect(first.presentedOnScreen == nil)
    router.viewDismissed(over: first)
    #expect(router.rootStack.presentedOnScreen == nil)
    router.viewDismissed(over: router.rootStack)
    router.present(Screen("B"))
    #expect(router.rootStack.sheet === router.topStack)
  }

  /// Issue 28: what a button of an alert presents waits until the alert has closed; nothing
  /// is presented over a stack while it shows an alert.
  @Test func aPresentationFromAnAlertsButtonWaitsForTheAlertToClose() async throws {
    let router = SwiftUIRouter()
    router.transitionDuration = 0.02
    router.push(Screen("A"))
    router.alert(FlowAlert(title: "Go?", buttons: [.init("Go") { router.present(Screen("S")) }]))
    let shown = try #require(router.rootStack.alertOnScreen)
    router.present(Screen("Early"))
    #expect(router.rootStack.presentedOnScreen == nil, "presented over the alert")
    router.dismiss()
    try await Task.sleep(for: .milliseconds(100))
    router.userClosed(shown)
    #expect(router.userTapped(button: 0, of: shown))
    #expect(router.rootStack.alertOnScreen == nil)
    #expect(router.rootStack.presented === router.topStack)
    #expect(router.rootStack.presentedOnScreen == nil, "presented while the alert closes")
    try await Task.sleep(for: .milliseconds(100))
    #expect(router.rootStack.sheet === router.topStack)
  }

  /// Issue 28: a `nil` that SwiftUI writes to a sheet's binding about a stack it no longer
  /// shows there, or while the router presents the next one, is not a swipe; one about the
  /// stack it shows is.
  @Test func onlyANilAboutTheSheetShownIsASwipe() async throws {
    let router = SwiftUIRouter()
    router.transitionDuration = 0.02
    var reports: [StackPosition] = []
    router.onUserUnwind = { reports.append($0) }
    router.push(Screen("A"))
    router.present(Screen("S"))
    let first = try #require(router.rootStack.sheet)
    try await Task.sleep(for: .milliseconds(100))
    router.dismiss()
    router.present(Screen("T"))
    router.viewSetItemToNil(over: router.rootStack, showing: first)
    router.viewDismissed(over: router.rootStack)
    let second = try #require(router.rootStack.sheet)
    router.viewSetItemToNil(over: router.rootStack, showing: first)
    router.viewSetItemToNil(over: router.rootStack, showing: second)
    #expect(reports.isEmpty, "while it is presented")
    try await Task.sleep(for: .milliseconds(100))
    router.viewSetItemToNil(over: router.rootStack, showing: second)
    #expect(reports == [StackPosition(modals: 1, screens: 1)])
    #expect(router.rootStack.presentedOnScreen == nil)
  }

  /// Issue 28: a tab container started above a screen is presented full screen, as the UIKit
  /// router does, since a `TabView`'s tabs cannot be in a `NavigationStack`; at the root of a
  /// stack it is that stack's root, which the views draw on their own.
  @Test func aTabContainerAboveAScreenIsPresentedFullScreen() throws {
    let router = SwiftUIRouter()
    let root = TabContainer([router.makeTabStack().view])
    router.push(root)
    #expect(router.rootStack.showsTabs)
    #expect(router.top == StackPosition(modals: 0, screens: 1))
    router.unwind(to: .origin)
    router.push(Screen("A"))
    let above = TabContainer([router.makeTabStack().view])
    router.push(above)
    #expect(router.rootStack.path.isEmpty)
    let cover = try #require(router.rootStack.fullScreenCover)
    #expect(cover.showsTabs && cover === router.topStack)
    #expect(router.top == StackPosition(modals: 1, screens: 1))
    router.replace(from: 1, with: TabContainer([router.makeTabStack().view]))
    #expect(router.topStack.showsTabs && router.top == StackPosition(modals: 2, screens: 1))
  }

  /// The long-press menu shortens the path by several screens at once: one report, from
  /// where the top was.
  @Test func aPathShortenedBySeveralScreensIsReportedOnce() {
    let router = SwiftUIRouter()
    var reports: [StackPosition] = []
    router.onUserUnwind = { reports.append($0) }
    for name in ["A", "B", "C", "D"] { router.push(Screen(name)) }
    router.userSetPath(Array(router.rootStack.path.prefix(1)), of: router.rootStack)
    #expect(names(router) == [["A", "B"]])
    #expect(reports == [StackPosition(modals: 0, screens: 4)])
  }

  /// SwiftUI also sets a binding to what it is, and the user never adds screens: neither
  /// changes anything nor is reported; nor is a stack below the top one.
  @Test func aPathThatIsNotAShorterStartIsIgnored() {
    let router = SwiftUIRouter()
    var reports: [StackPosition] = []
    router.onUserUnwind = { reports.append($0) }
    for name in ["A", "B", "C"] { router.push(Screen(name)) }
    let path = router.rootStack.path
    router.userSetPath(path, of: router.rootStack)
    router.userSetPath(Array(path.suffix(1)), of: router.rootStack)
    router.present(Screen("S"))
    router.userSetPath([], of: router.rootStack)
    #expect(names(router) == [["A", "B", "C"], ["S"]])
    #expect(reports.isEmpty)
  }

  @Test func aSheetSetToNilIsReportedAndOnlyOnce() throws {
    let router = SwiftUIRouter()
    var reports: [StackPosition] = []
    router.onUserUnwind = { reports.append($0) }
    router.push(Screen("A"))
    router.present(Screen("S"))
    router.push(Screen("T"))
    let sheet = try #require(router.rootStack.sheet)
    router.userDismissed(sheet)
    router.userDismissed(sheet)
    #expect(names(router) == [["A"]])
    #expect(router.rootStack.sheet == nil)
    #expect(reports == [StackPosition(modals: 1, screens: 2)])
  }

  @Test func anAlertClosesBeforeItsButtonRuns() throws {
    let router = SwiftUIRouter()
    router.push(Screen("A"))
    var alertsWhenTapped: Int?
    router.alert(
      FlowAlert(
        title: "Sure?", buttons: [.init("Yes") { alertsWhenTapped = router.rootStack.alerts.count }]
      ))
    let shown = try #require(router.rootStack.alerts.last)
    #expect(router.top == StackPosition(modals: 0, screens: 1))
    #expect(!router.userTapped(button: 1, of: shown))
    #expect(router.userTapped(button: 0, of: shown))
    #expect(alertsWhenTapped == 0)
    #expect(!router.userTapped(button: 0, of: shown), "it is closed")
  }

  /// SwiftUI may close an alert through its binding before it runs the tapped button: the
  /// button's action still runs, once.
  @Test func aButtonTappedAfterTheBindingClosedItsAlertStillRunsOnce() throws {
    let router = SwiftUIRouter()
    router.push(Screen("A"))
    var taps = 0
    router.alert(FlowAlert(title: "Sure?", buttons: [.init("Yes") { taps += 1 }]))
    let shown = try #require(router.rootStack.alerts.last)
    router.userClosed(shown)
    #expect(router.rootStack.alerts.isEmpty)
    #expect(router.userTapped(button: 0, of: shown))
    #expect(!router.userTapped(button: 0, of: shown))
    router.userClosed(shown)
    #expect(!router.userTapped(button: 0, of: shown), "closing it again changes nothing")
    #expect(taps == 1)
  }

  @Test func selectingATabSetsTheContainersSelection() {
    let router = SwiftUIRouter(name: "app")
    let stacks = [router.makeTabStack().view, router.makeTabStack().view]
    let container = TabContainer(stacks)
    #expect(container.tabs.map(\.name) == ["app.tab1", "app.tab2"])
    router.selectTab(at: 1, of: container)
    #expect(container.selection == 1)
    router.selectTab(at: 5, of: container)
    #expect(container.selection == 1)
  }

  /// The views follow the state through Observation.
  @Test func changesAreObservable() {
    let router = SwiftUIRouter()
    router.push(Screen("A"))
    let changed = Flag()
    withObservationTracking {
      _ = router.rootStack.path
    } onChange: {
      changed.raise()
    }
    router.push(Screen("B"))
    #expect(changed.isRaised)
  }
}

/// Whether something happened, for a `@Sendable` closure to say so. A lock of Foundation's,
/// not `Synchronization.Mutex`, which needs macOS 15 (the package supports macOS 14).
private final class Flag: @unchecked Sendable {
  private let lock = NSLock()
  private var raised = false

  var isRaised: Bool { lock.withLock { raised } }

  func raise() { lock.withLock { raised = true } }
}
