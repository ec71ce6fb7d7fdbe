import Foundation
import Observation

#if canImport(SwiftUI)
  import SwiftUI
#endif
#if canImport(UIKit)
  import UIKit
#endif

/// A screen on a stack of a ``SwiftUIRouter``: what a `NavigationStack`'s path holds, and
/// what its `navigationDestination(for:)` turns into a view.
///
/// Two of them are equal when they are the same showing of a screen: a router numbers each
/// screen it shows, so the same screen shown twice is two elements of a path, as in UIKit.
nonisolated public struct StackedScreen: Hashable, Identifiable {
  /// The router's number for this showing of the screen.
  public let id: Int
  /// The screen, as its factory made it.
  public let screen: any Presentable
  /// The name its coordinator gave it, if any (``Router/willShow(_:named:)``).
  public let name: String?
  /// The accessibility identifier its coordinator gave it, if any
  /// (``ScreenID/accessibilityIdentifier``): ``FlowStackView`` sets it on the screen's view.
  public let accessibilityIdentifier: String?
  /// The system controls the flow leaves on while it is on top, which the views turn off
  /// with `navigationBarBackButtonHidden` and `interactiveDismissDisabled`.
  public let controls: SystemControls

  public static func == (lhs: StackedScreen, rhs: StackedScreen) -> Bool { lhs.id == rhs.id }

  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// A navigation stack as SwiftUI shows it: a root and a path above it (`NavigationStack(path:
/// root:)`), the modal stack presented over it, if any (`.sheet(item:)` or
/// `.fullScreenCover(item:)`), and the alerts shown over it.
///
/// Its screens are what the coordinators asked for, at once. Its presentations come in two
/// kinds: ``presented`` and ``alerts`` are what the coordinators asked for, at once, and
/// ``presentedOnScreen`` and ``alertOnScreen`` (``sheet``, ``fullScreenCover``) are what the
/// views bind SwiftUI to: the router brings them to what was asked one change at a time,
/// each after the one before has ended, since SwiftUI makes one presentation change at a time
/// where UIKit presents (``SwiftUIRouter``, "One presentation change at a time").
///
/// Only its ``SwiftUIRouter`` changes it, so that every change the user makes reaches the
/// coordinators: a view hands what a binding is set to to the router.
@available(iOS 17, macOS 14, *)
@MainActor
@Observable
public final class NavigationStackState: Identifiable {
  /// How it is presented: `nil` for a root stack (the app's or a tab's).
  public let style: ModalStyle?
  /// Its first screen, shown as the `NavigationStack`'s root; `nil` while it is empty.
  public internal(set) var root: StackedScreen?
  /// The screens above its root, bottom first: the `NavigationStack`'s path.
  public internal(set) var path: [StackedScreen] = []
  /// The modal stack presented over it, as the coordinators asked.
  public internal(set) var presented: NavigationStackState?
  /// The alerts shown over it, as the coordinators asked, and not closed yet; SwiftUI shows
  /// the first (``alertOnScreen``), then the next once it has closed.
  public internal(set) var alerts: [ShownAlert] = []
  /// The modal stack SwiftUI shows over it: ``presented``, once the presentation changes
  /// before it have ended.
  public internal(set) var presentedOnScreen: NavigationStackState?
  /// The alert SwiftUI shows over it: the first of ``alerts``, once the presentation changes
  /// before it have ended and nothing is presented over it.
  public internal(set) var alertOnScreen: ShownAlert?
  /// Whether its presentation was asked for with animation.
  @ObservationIgnored var presentsAnimated = true
  /// Whether its dismissal was asked for with animation.
  @ObservationIgnored var dismissesAnimated = true

  init(style: ModalStyle?) {
    self.style = style
  }

  /// Its screens, root first.
  public var screens: [StackedScreen] { (root.map { [$0] } ?? []) + path }

  /// How many screens it has.
  public var count: Int { (root == nil ? 0 : 1) + path.count }

  /// The screen on top of it.
  public var topScreen: StackedScreen? { path.last ?? root }

  /// The modal stack SwiftUI shows over it as a sheet, or as a form sheet (r3: a sheet with
  /// form sizing, iOS 18 and macOS 15): the item of `.sheet(item:)`.
  public var sheet: NavigationStackState? {
    switch presentedOnScreen?.style {
    case .sheet?, .formSheet?: presentedOnScreen
    default: nil
    }
  }

  /// The modal stack SwiftUI shows over it as a popover (r3), a sheet in a compact width:
  /// the item of `.popover(item:)`.
  public var popover: NavigationStackState? {
    presentedOnScreen?.style == .popover ? presentedOnScreen : nil
  }

  /// The modal stack SwiftUI shows over it covering the whole screen: the item of
  /// `.fullScreenCover(item:)`.
  public var fullScreenCover: NavigationStackState? {
    presentedOnScreen?.style == .fullScreen ? presentedOnScreen : nil
  }

  /// Whether the user can swipe it away (or tap outside a popover) now: a sheet, form sheet
  /// or popover whose top screen is dismissible.
  public var isSwipeable: Bool {
    (style?.isDismissibleByUser ?? false) && (topScreen?.controls.dismissible ?? true)
  }

  /// (r3) The split container whose primary column it is (``SwiftUIRouter/makeSplit(_:)``):
  /// a view shows it in a `NavigationSplitView`, with the later columns beside it.
  public internal(set) var split: SplitState?

  /// Whether its root is a tab container, which a view draws on its own: a `TabView`'s tabs
  /// have navigation stacks of their own, and SwiftUI does not support a `NavigationStack`
  /// in another.
  public var showsTabs: Bool { root?.screen is TabContainer }

  /// Keeps its first `count` screens (at least none).
  func keep(_ count: Int) {
    if count <= 0 {
      root = nil
      path = []
    } else if count - 1 < path.count {
      path.removeSubrange((count - 1)...)
    }
  }

  /// Puts `screen` on top of it, as its root if it is empty.
  func append(_ screen: StackedScreen) {
    if root == nil { root = screen } else { path.append(screen) }
  }
}

/// (r3) A split container of a SwiftUI app (FLOW-SPEC 13.4), for a `NavigationSplitView`: its
/// primary column is the ``NavigationStackState`` whose ``NavigationStackState/split`` it is,
/// and each later column is the root stack of a router of its own (``columns``). SwiftUI keeps
/// each column's stack when the width changes; in a compact width it shows the columns as one
/// stack, with ``compactColumn`` on top.
@available(iOS 17, macOS 14, *)
@MainActor
@Observable
public final class SplitState {
  /// The style of the split: two columns or three.
  public let style: SplitStyle
  /// The router of each later column.
  public let columns: [SplitColumn: SwiftUIRouter]
  /// The column shown on top in a compact width (`NavigationSplitView`'s
  /// `preferredCompactColumn`): the last column that shows a screen, else the primary one. A
  /// view hands what SwiftUI sets it to to ``SwiftUIRouter/userShowedColumn(_:of:)``.
  public internal(set) var compactColumn: SplitColumn = .primary
  /// How the split shows its columns now, as its view tells
  /// (``SwiftUIRouter/viewChangedLayout(_:of:)``): the user's back across columns exists only
  /// in the compact layout.
  public internal(set) var layout = SplitLayout.regular

  init(style: SplitStyle, columns: [SplitColumn: SwiftUIRouter]) {
    self.style = style
    self.columns = columns
  }

  /// Makes ``compactColumn`` the last column that shows a screen.
  func columnsChanged() {
    compactColumn =
      style.columns.last { column in (columns[column]?.rootStack.count ?? 0) > 0 } ?? .primary
  }
}

/// An alert shown by a ``SwiftUIRouter``, numbered so that a view closing it cannot close
/// another one shown since.
nonisolated public struct ShownAlert: Identifiable, Sendable {
  /// The router's number for this alert.
  public let id: Int
  /// The alert, as the flow wrote it.
  public let alert: FlowAlert
}

/// The tab container of a SwiftUI app: its tab stacks, and which one is selected, for a
/// `TabView(selection:)`. A screen factory's `makeMainTabs(_:)` (or any tab container
/// factory) returns one, given the stacks that ``SwiftUIRouter/makeTabStack()`` made.
@available(iOS 17, macOS 14, *)
@MainActor
@Observable
public final class TabContainer: Presentable {
  /// The router of each tab's stack, first tab first.
  public let tabs: [SwiftUIRouter]
  /// The index of the tab shown (0 is the first): the flow's `select`, or the user's tap.
  public var selection: Int = 0
  /// The items of the tab bar, first tab first, which ``FlowTabView`` shows unless the app
  /// draws its own.
  public var labels: [TabLabel]

  /// A container of `stacks`, the views ``SwiftUIRouter/makeTabStack()`` returned (any other
  /// presentable among them is left out), with the tab bar's items.
  public init(_ stacks: [any Presentable], labels: [TabLabel] = []) {
    tabs = stacks.compactMap { $0 as? SwiftUIRouter }
    self.labels = labels
  }
}

/// The router of a SwiftUI app: it keeps the navigation state that SwiftUI's views show
/// (``stacks``: the root stack, then each modal stack presented over it), changes it as
/// coordinators ask, and turns what the user changes through the views' bindings into the
/// same ``onUserUnwind`` as the UIKit router: ``userSetPath(_:of:)`` for a back button, a
/// swipe back or its long-press menu (several screens at once), ``userDismissed(_:)`` for a
/// sheet swiped away.
///
/// It is platform-neutral and `@Observable`, so that the views follow it and tests drive it
/// on any platform. It is also the presentable of its root stack: a tab container shows the
/// routers that ``makeTabStack()`` made.
///
/// **Animation.** Each change it makes is made in a transaction: one that disables
/// animations while ``animatesTransitions`` is off, so that a launch or a deep link
/// (``Router/withoutAnimation(_:)``, the link follower) shows its screens at once, whenever
/// SwiftUI renders them.
///
/// **One presentation change at a time.** SwiftUI presents and dismisses through UIKit,
/// which makes one presentation change at a time where it presents, and SwiftUI promises
/// one change per modifier and update. So the stacks' ``NavigationStackState/presented``
/// and ``NavigationStackState/alerts`` change at once, as the coordinators ask, and the
/// router brings what the views bind (``NavigationStackState/presentedOnScreen``,
/// ``NavigationStackState/alertOnScreen``) there one change at a time, as the UIKit router
/// queues its transitions: a dismissal (the top modal stack first, one level at a time, the
/// upper ones without animation), then a presentation, waits for the one before to end. A
/// dismissal ends when the sheet's or cover's `onDismiss` says so (``viewDismissed(over:)``,
/// or after ``transitionTimeout``); a presentation, an alert shown or closed, after
/// ``transitionDuration`` (at the next turn of the main queue without animation). Nothing is
/// presented over a stack while it shows an alert: the alert closes first, as in UIKit.
@available(iOS 17, macOS 14, *)
@MainActor
@Observable
public final class SwiftUIRouter: Router, Presentable, CustomStringConvertible {
  /// The router's name, for records and tab containers.
  public nonisolated let name: String
  /// The root stack, then each modal stack presented over the one before, bottom first, as
  /// the coordinators asked.
  public private(set) var stacks: [NavigationStackState] = [NavigationStackState(style: nil)]
  /// The tab each tab container that is not a ``TabContainer`` selected last.
  private var selectedTabs: [ObjectIdentifier: Int] = [:]

  @ObservationIgnored public var onUserUnwind: (@MainActor (_ before: StackPosition) -> Void)?
  /// Told of every change of the screen on top.
  @ObservationIgnored public let observers = NavigationObservers()
  /// How long, in seconds, SwiftUI takes to present a modal stack or to show or close an
  /// alert with animation: the router waits that long before the next presentation change,
  /// since SwiftUI does not say when one has ended.
  @ObservationIgnored public var transitionDuration: TimeInterval = 0.6
  /// How long, in seconds, the router waits for a dismissal's `onDismiss` before it makes the
  /// next presentation change anyway.
  @ObservationIgnored public var transitionTimeout: TimeInterval = 3
  /// The name given to the screen that is about to be shown.
  @ObservationIgnored private var nameOfNextScreen:
    (screen: ObjectIdentifier, name: String, accessibilityIdentifier: String?)?
  /// The number of the next screen or alert shown.
  @ObservationIgnored private var nextID = 0
  /// What this router's own choice is, if the app made one (see ``animatesTransitions``).
  @ObservationIgnored private var animates: Bool?
  /// The router that made this one for a tab stack.
  @ObservationIgnored private weak var maker: SwiftUIRouter?
  /// The alert that a binding closed last, whose button a tap may still run.
  @ObservationIgnored private var justClosed: Int?
  /// How many tab stacks this router made.
  @ObservationIgnored private var tabCount = 0
  /// The presentation change SwiftUI is making, with its number, until it has ended.
  @ObservationIgnored private var inFlight: (change: PresentationChange, number: Int)?
  /// What ``whenIdle(_:)`` was given while presentation changes were to be made, in order.
  @ObservationIgnored private var idleWaiters: [@MainActor () -> Void] = []
  /// Whether ``idleWaiters`` are to run at the next turn of the main queue.
  @ObservationIgnored private var isIdleRunScheduled = false
  /// How many presentation changes the router has made, which numbers them.
  @ObservationIgnored private var changes = 0
  /// (r3) A split made while the top stack showed screens: the next stack presented is its
  /// primary column.
  @ObservationIgnored private var pendingSplit: SplitState?
  /// (r3) For the router of a later column of a split, that split.
  @ObservationIgnored private weak var columnOf: SplitState?

  public init(name: String = "router") {
    self.name = name
  }

  public nonisolated var description: String { name }

  /// The root stack, which the app's root view (or a tab) shows.
  public var rootStack: NavigationStackState { stacks[0] }

  /// The top stack: the one every operation acts on.
  public var topStack: NavigationStackState { stacks[stacks.count - 1] }

  /// Whether transitions are animated: on, unless the app turns it off. A tab stack's
  /// router follows the router that made it, unless the app sets its own. Each change is
  /// made in a transaction that disables animations while it is off.
  public var animatesTransitions: Bool {
    get { animates ?? maker?.animatesTransitions ?? true }
    set { animates = newValue }
  }

  public var navigationObservers: NavigationObservers? { observers }

  public func willShow(_ screen: any Presentable, named name: String) {
    nameOfNextScreen = (ObjectIdentifier(screen), name, nil)
  }

  /// Remembers the screen's name and its accessibility identifier
  /// (``ScreenID/accessibilityIdentifier``), which ``FlowStackView`` sets on the screen's view.
  public func willShow(_ screen: any Presentable, as id: ScreenID) {
    nameOfNextScreen = (ObjectIdentifier(screen), id.name, id.accessibilityIdentifier)
  }

  public var top: StackPosition {
    StackPosition(modals: stacks.count - 1, screens: topStack.count)
  }

  // MARK: What coordinators ask

  /// Shows `screen` on top of the top stack. A tab container above other screens is
  /// presented full screen over them instead, as the UIKit router does: a `TabView` cannot
  /// be in a `NavigationStack`, whose tabs have stacks of their own.
  public func push(_ screen: any Presentable, controls: SystemControls) {
    if screen is TabContainer, topStack.count > 0 {
      return present(screen, style: .fullScreen, controls: controls)
    }
    inTransaction {
      topStack.append(stacked(screen, controls))
    }
    topMayHaveChanged()
  }

  public func present(_ screen: any Presentable, style: ModalStyle, controls: SystemControls) {
    let stack = NavigationStackState(style: style)
    stack.presentsAnimated = animatesTransitions
    inTransaction {
      stack.root = stacked(screen, controls)
      stack.split = pendingSplit
      pendingSplit = nil
      topStack.presented = stack
      stacks.append(stack)
    }
    topMayHaveChanged()
    showPresentations()
  }

  /// Keeps the first `index` screens of the top stack and puts `screen` above them; a tab
  /// container above other screens is presented full screen over them instead.
  public func replace(from index: Int, with screen: any Presentable, controls: SystemControls) {
    if screen is TabContainer, index > 0 {
      inTransaction { topStack.keep(index) }
      return present(screen, style: .fullScreen, controls: controls)
    }
    let shown = stacked(screen, controls)
    inTransaction {
      topStack.keep(index)
      topStack.append(shown)
    }
    topMayHaveChanged()
  }

  public func pop() {
    inTransaction { removeScreens(above: top.screens - 2) }
    topMayHaveChanged()
  }

  public func popToRoot(at index: Int) {
    inTransaction { removeScreens(above: index) }
    topMayHaveChanged()
  }

  public func dismiss() {
    if stacks.count > 1 { removeStacks(from: stacks.count - 1) }
    topMayHaveChanged()
    showPresentations()
  }

  public func unwind(to position: StackPosition) {
    let level = max(0, position.modals)
    guard level < stacks.count else { return }
    if level + 1 < stacks.count { removeStacks(from: level + 1) }
    if stacks[level].count > position.screens {
      inTransaction { stacks[level].keep(position.screens) }
    }
    topMayHaveChanged()
    showPresentations()
  }

  public func alert(_ alert: FlowAlert) {
    nextID += 1
    topStack.alerts.append(ShownAlert(id: nextID, alert: alert))
    showPresentations()
  }

  /// Closes every alert shown, without running a button (a relative link opened over them,
  /// r3, FLOW-SPEC 13.6): SwiftUI closes the one on screen, and the next presentation change
  /// waits until it has closed.
  public func closeAlerts() {
    var closing: [ShownAlert] = []
    for stack in stacks where !stack.alerts.isEmpty {
      if let shown = stack.alertOnScreen, stack.alerts.contains(where: { $0.id == shown.id }) {
        closing.append(shown)
      }
      stack.alerts.removeAll()
    }
    for shown in closing { alertClosed(shown) }
    showPresentations()
  }

  /// Calls `body` once SwiftUI shows every presentation the coordinators asked for: no
  /// presentation change is in flight or still to make (an alert on screen waits for the
  /// user, and counts as shown). At once when that is so and nothing given before waits;
  /// otherwise at a turn of the main queue after the last change has ended, in order, each
  /// after the presentation changes that the one before asked for. A change of a stack's
  /// path needs no wait: SwiftUI shows the path it is given in one update.
  public func whenIdle(_ body: @escaping @MainActor () -> Void) {
    if idleWaiters.isEmpty, isIdle { return body() }
    idleWaiters.append(body)
    scheduleIdleRun()
  }

  /// Whether SwiftUI shows what the coordinators asked for, with no change in flight.
  private var isIdle: Bool {
    guard inFlight == nil else { return false }
    let shown = onScreen
    guard shown.count == stacks.count, zip(shown, stacks).allSatisfy({ $0 === $1 }) else {
      return false
    }
    let top = shown[shown.count - 1]
    return top.alerts.first.map { top.alertOnScreen?.id == $0.id } ?? true
  }

  /// Runs ``idleWaiters`` at the next turn of the main queue, if the router is idle then
  /// (the end of each presentation change schedules it again).
  private func scheduleIdleRun() {
    guard !idleWaiters.isEmpty, !isIdleRunScheduled, isIdle else { return }
    isIdleRunScheduled = true
    DispatchQueue.main.async { [weak self] in
      guard let self else { return }
      isIdleRunScheduled = false
      while !idleWaiters.isEmpty, isIdle {
        idleWaiters.removeFirst()()
      }
    }
  }

  /// (r3) Makes a split whose primary column is the top stack if it is empty, else the next
  /// stack presented (``NavigationStackState/split``), with a router for each later column
  /// (`router.secondary`).
  public func makeSplit(_ style: SplitStyle) -> SplitColumns {
    var columns: [SplitColumn: SwiftUIRouter] = [:]
    for column in style.columns.dropFirst() {
      let router = SwiftUIRouter(name: "\(name).\(column.rawValue)")
      router.maker = self
      columns[column] = router
    }
    let split = SplitState(style: style, columns: columns)
    for router in columns.values { router.columnOf = split }
    if topStack.count == 0 {
      inTransaction { topStack.split = split }
    } else {
      pendingSplit = split
    }
    return SplitColumns(style: style, routers: columns)
  }

  public func makeTabStack() -> (router: any Router, view: any Presentable) {
    let router = SwiftUIRouter(name: "\(name).tab\(tabCount + 1)")
    tabCount += 1
    router.maker = self
    return (router, router)
  }

  public func selectTab(at index: Int, of container: any Presentable) {
    if let tabs = container as? TabContainer {
      guard index >= 0, index < tabs.tabs.count else { return }
      inTransaction { tabs.selection = index }
    } else {
      selectedTabs[ObjectIdentifier(container)] = index
    }
  }

  /// The index of the tab that `container` shows (0 is the first): the one selected last,
  /// or the first.
  public func selectedTab(of container: any Presentable) -> Int {
    (container as? TabContainer)?.selection ?? selectedTabs[ObjectIdentifier(container)] ?? 0
  }

  // MARK: What the user does, through the views' bindings

  /// What a `NavigationStack(path:)` binding of `stack` is set to: SwiftUI shortens the path
  /// when the user goes back (the back button, the swipe back, or the long-press menu, which
  /// takes several screens at once), and a screen's `dismiss` action does the same. When
  /// `path` is a shorter start of the top stack's path, the screens above it go and the
  /// coordinator is told (``onUserUnwind``). Anything else is ignored: the user can only go
  /// back, and only on the top stack, and SwiftUI also sets a binding to what it already is.
  public func userSetPath(_ path: [StackedScreen], of stack: NavigationStackState) {
    guard stack === topStack, path.count < stack.path.count,
      stack.path.starts(with: path)
    else { return }
    let before = top
    stack.keep(path.count + 1)
    userChanged(from: before)
  }

  /// The user swiped `stack`, a sheet, away (or a screen's `dismiss` action closed it): the
  /// stack goes with every stack over it, and the coordinator is told (``onUserUnwind``).
  /// SwiftUI has taken it off the screen itself. Ignored for a stack that is no longer
  /// shown, as when SwiftUI sets the item after the code dismissed it.
  public func userDismissed(_ stack: NavigationStackState) {
    guard let index = stacks.firstIndex(where: { $0 === stack }), index > 0 else { return }
    let before = top
    removeStacks(from: index)
    if let presenter = onScreen.first(where: { $0.presentedOnScreen === stack }) {
      for going in chain(from: stack) {
        going.alertOnScreen = nil
        if inFlight?.change.concerns(going) == true { inFlight = nil }
      }
      presenter.presentedOnScreen = nil
    }
    userChanged(from: before)
    showPresentations()
  }

  /// (r3) What a split's `preferredCompactColumn` binding is set to: in the compact layout,
  /// the user went back from the bottom screen of a later column to `column`. Every later
  /// column after it loses its screens, the last first, and each column's router tells its
  /// coordinator (``onUserUnwind``): the child shown there is left. Ignored in the regular
  /// layout, and for a column that does not come before ``SplitState/compactColumn``.
  public func userShowedColumn(_ column: SplitColumn, of split: SplitState) {
    guard split.layout == .compact, column < split.compactColumn else { return }
    for later in split.style.columns.reversed() where later > column {
      guard let router = split.columns[later], router.rootStack.count > 0 else { continue }
      router.userEmptiedColumn()
    }
    split.columnsChanged()
  }

  /// (r3) What a split's view tells when the width changes its layout: every column keeps its
  /// screens; the user's back across columns exists in the compact one alone.
  public func viewChangedLayout(_ layout: SplitLayout, of split: SplitState) {
    split.layout = layout
  }

  /// The user went back past this column's root in the compact layout: its stacks go, and the
  /// coordinator is told.
  private func userEmptiedColumn() {
    let before = top
    if stacks.count > 1 { removeStacks(from: 1) }
    inTransaction { rootStack.keep(0) }
    userChanged(from: before)
    showPresentations()
  }

  /// What a sheet's or cover's item binding tells when SwiftUI sets it to `nil`, with the
  /// stack the view showed over `presenter` when it made the binding: the user swiped
  /// `shown` away (``userDismissed(_:)``), unless it is not what SwiftUI shows over
  /// `presenter` any more (a late write about a stack dismissed before), or the router is
  /// presenting it (SwiftUI writing about the one before). A late `nil` is never taken for
  /// the user swiping another stack away.
  public func viewSetItemToNil(
    over presenter: NavigationStackState, showing shown: NavigationStackState?
  ) {
    guard let shown, presenter.presentedOnScreen === shown else { return }
    if case .presenting(let coming)? = inFlight?.change, coming === shown { return }
    userDismissed(shown)
  }

  /// What a sheet's or cover's `onDismiss` tells: SwiftUI has finished dismissing the modal
  /// stack it showed over `presenter`. The next presentation change can start.
  public func viewDismissed(over presenter: NavigationStackState) {
    guard case .dismissing(_, let from)? = inFlight?.change, from === presenter else { return }
    inFlight = nil
    showPresentations()
  }

  /// Taps the button at `index` of `shown`, as the user does: the alert closes, then the
  /// button's action runs. Returns whether the button's action ran: it runs for an alert
  /// that is shown, or that its `isPresented` binding has just closed (SwiftUI does not say
  /// whether it sets the binding before or after the button's action), once.
  @discardableResult
  public func userTapped(button index: Int, of shown: ShownAlert) -> Bool {
    guard shown.alert.buttons.indices.contains(index) else { return false }
    if justClosed == shown.id {
      justClosed = nil
    } else {
      guard let stack = stacks.last(where: { $0.alerts.contains { $0.id == shown.id } }) else {
        return false
      }
      stack.alerts.removeAll { $0.id == shown.id }
      alertClosed(shown)
    }
    shown.alert.buttons[index].action()
    return true
  }

  /// What an `.alert(isPresented:)` binding sets to `false` when SwiftUI closes `shown`:
  /// it goes, and a tap on one of its buttons that SwiftUI reports next still runs
  /// (ignored once it is closed).
  public func userClosed(_ shown: ShownAlert) {
    var closed = false
    for stack in stacks {
      let count = stack.alerts.count
      stack.alerts.removeAll { $0.id == shown.id }
      closed = closed || stack.alerts.count < count
    }
    if closed {
      justClosed = shown.id
      alertClosed(shown)
    }
  }

  // MARK: One presentation change at a time

  /// A presentation change SwiftUI is making.
  private enum PresentationChange {
    /// Presenting that stack.
    case presenting(NavigationStackState)
    /// Dismissing that stack, shown over the other.
    case dismissing(NavigationStackState, over: NavigationStackState)
    /// Showing an alert.
    case showingAlert
    /// Closing an alert.
    case closingAlert

    /// Whether it shows an alert.
    var isShowingAlert: Bool {
      if case .showingAlert = self { true } else { false }
    }

    /// Whether it presents or dismisses `stack`.
    func concerns(_ stack: NavigationStackState) -> Bool {
      switch self {
      case .presenting(let coming): coming === stack
      case .dismissing(let going, _): going === stack
      case .showingAlert, .closingAlert: false
      }
    }
  }

  /// The stacks SwiftUI shows, the root stack first, each presented over the one before.
  private var onScreen: [NavigationStackState] { chain(from: rootStack) }

  /// `stack`, the stack SwiftUI shows over it, and so on.
  private func chain(from stack: NavigationStackState) -> [NavigationStackState] {
    var chain = [stack]
    while let next = chain[chain.count - 1].presentedOnScreen { chain.append(next) }
    return chain
  }

  /// Makes the next presentation change that brings what SwiftUI shows to what the
  /// coordinators asked for, unless one is in flight: dismisses the top stack on screen that
  /// is not asked for (the upper ones of several without animation), or shows the first
  /// alert of the top stack on screen, or presents the next stack asked for, in that order.
  private func showPresentations() {
    defer { scheduleIdleRun() }
    guard inFlight == nil else { return }
    let shown = onScreen
    let kept = zip(shown, stacks).prefix { $0 === $1 }.count
    if shown.count > kept, shown.count > 1 {
      let going = shown[shown.count - 1]
      let presenter = shown[shown.count - 2]
      let animated = shown.count - 1 == kept && going.dismissesAnimated
      // A popover has no `onDismiss`: its dismissal ends after the time it takes.
      let signalled = going.style != .popover
      return begin(.dismissing(going, over: presenter), animated: animated, signalled: signalled) {
        going.alertOnScreen = nil
        presenter.presentedOnScreen = nil
      }
    }
    let top = shown[shown.count - 1]
    if let alert = top.alerts.first {
      guard top.alertOnScreen?.id != alert.id else { return }
      return begin(.showingAlert, animated: true, signalled: false) { top.alertOnScreen = alert }
    }
    if stacks.count > kept {
      let coming = stacks[kept]
      begin(.presenting(coming), animated: coming.presentsAnimated, signalled: false) {
        top.presentedOnScreen = coming
      }
    }
  }

  /// Makes `change` on the screen in a transaction (without animation unless `animated`),
  /// and waits for it to end: for the views' signal if it is `signalled` (at most
  /// ``transitionTimeout``), else for ``transitionDuration`` (with animation) or the next turn
  /// of the main queue.
  private func begin(
    _ presentation: PresentationChange, animated: Bool, signalled: Bool,
    _ change: () -> Void
  ) {
    changes += 1
    let number = changes
    inFlight = (presentation, number)
    inTransaction(animated: animated, change)
    let wait = signalled ? transitionTimeout : animated ? transitionDuration : 0
    DispatchQueue.main.asyncAfter(deadline: .now() + wait) { [weak self] in
      guard let self, inFlight?.number == number else { return }
      inFlight = nil
      showPresentations()
    }
  }

  /// SwiftUI is closing `shown`, which the user answered: the next presentation change waits
  /// until it has closed (unless another one is in flight, which it waits for anyway).
  private func alertClosed(_ shown: ShownAlert) {
    guard let stack = onScreen.first(where: { $0.alertOnScreen?.id == shown.id }) else {
      return showPresentations()
    }
    stack.alertOnScreen = nil
    if inFlight == nil || inFlight?.change.isShowingAlert == true {
      begin(.closingAlert, animated: true, signalled: false) {}
    }
  }

  // MARK: Keeping the state

  /// Makes `change` in a transaction that disables animations when `animated` is false (by
  /// default, while ``animatesTransitions`` is off): SwiftUI animates the views that show the
  /// change, when it renders them, as the transaction of the change says.
  private func inTransaction(animated: Bool? = nil, _ change: () -> Void) {
    #if canImport(SwiftUI)
      if !(animated ?? animatesTransitions) {
        var transaction = Transaction()
        transaction.disablesAnimations = true
        return withTransaction(transaction, change)
      }
    #endif
    change()
  }

  /// `screen` as a stack holds it, numbered, with the name given to it just before, if any.
  private func stacked(_ screen: any Presentable, _ controls: SystemControls) -> StackedScreen {
    var name: String?
    var identifier: String?
    if let given = nameOfNextScreen, given.screen == ObjectIdentifier(screen) {
      name = given.name
      identifier = given.accessibilityIdentifier
    }
    nameOfNextScreen = nil
    nextID += 1
    return StackedScreen(
      id: nextID, screen: screen, name: name, accessibilityIdentifier: identifier,
      controls: controls)
  }

  /// Keeps the screens of the top stack up to `index`, if that removes any and keeps one.
  private func removeScreens(above index: Int) {
    guard index >= 0, index < topStack.count - 1 else { return }
    topStack.keep(index + 1)
  }

  /// Removes the stack at `index` (above the root) and every stack over it, with their
  /// alerts, as the coordinators see them; the views follow one change at a time.
  private func removeStacks(from index: Int) {
    for going in stacks[index...] { going.dismissesAnimated = animatesTransitions }
    stacks[index - 1].presented = nil
    stacks.removeSubrange(index...)
  }

  /// After the user took screens away from `before`: tells the observers and the
  /// coordinator.
  private func userChanged(from before: StackPosition) {
    topMayHaveChanged(animated: true)
    onUserUnwind?(before)
  }

  /// Tells the observers of the screen on top now, named as its coordinator named it, else
  /// by its own description, else by its type.
  private func topMayHaveChanged(animated: Bool? = nil) {
    columnOf?.columnsChanged()
    let shown = topStack.topScreen
    observers.topChanged(
      to: shown?.screen, named: shown.map(Self.name(of:)),
      animated: animated ?? animatesTransitions)
  }

  /// How the observers name a screen.
  static func name(of shown: StackedScreen) -> String {
    if let name = shown.name { return name }
    #if canImport(UIKit)
      // A view controller describes itself by its address.
      if shown.screen is UIViewController { return String(describing: type(of: shown.screen)) }
    #endif
    return (shown.screen as? any CustomStringConvertible)?.description
      ?? String(describing: type(of: shown.screen))
  }
}
