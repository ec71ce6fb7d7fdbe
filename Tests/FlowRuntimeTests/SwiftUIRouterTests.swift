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

  @Test func aPresentedStackIsTheSheetOrCoverOfTheOneBelow() throws {
    let router = SwiftUIRouter()
    router.push(Screen("A"))
    router.present(Screen("S"), style: .sheet, controls: SystemControls(dismissible: false))
    let sheet = try #require(router.rootStack.sheet)
    #expect(router.rootStack.fullScreenCover == nil)
    #expect(!sheet.isSwipeable, "its top screen is not dismissible")
    router.present(Screen("F"), style: .fullScreen, controls: .standard)
    #expect(sheet.fullScreenCover === router.topStack)
    #expect(router.top == StackPosition(modals: 2, screens: 1))
    router.unwind(to: StackPosition(modals: 0, screens: 1))
    #expect(router.rootStack.presented == nil)
    #expect(names(router) == [["A"]])
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
