#if canImport(UIKit)
  import UIKit
#endif

/// A router without UI that keeps its stacks in memory and records every call, for tests
/// and previews: drive a coordinator, then compare ``operations`` with what the flow says.
///
/// ``operations`` are values (``RouterOperation``): `.push(.Checkout.review)`, each screen
/// by the ``ScreenID`` its coordinator gave it (generated code gives the flow's), else by its
/// name as recorded below, `ScreenID("Review")`. ``calls`` are the same as text, for logs
/// and failure messages, each screen by its description. Calls are recorded as `push Name`, `present Name`, `replace from 1 with Name`, `pop`,
/// `pop to root 1` (the index of the screen it goes back to), `dismiss`, `unwind to 0:2`
/// (see ``StackPosition/description``), `select tab 1 of MainTabs` (the index of the tab, 0
/// the first, and the container) and `alert Title [Delete, Keep]` (see
/// ``FlowAlert/description``). A modal stack's style other than a sheet and a screen's
/// controls that are off follow in brackets: `present Terms [fullScreen, dismissible: false]`,
/// `present Filters [popover]`,
/// `push Payment [systemBack: false]`.
///
/// A screen is named by its `description` when it describes itself (a test's stub screen),
/// otherwise by the name its coordinator gave it (``willShow(_:named:)``: generated code
/// passes the flow's), otherwise by its type's name: never by a memory address, so a real
/// view controller is recorded as `push Review` and the records stay the same from run to
/// run. A transition made while ``animatesTransitions`` is off has `not animated` in its
/// brackets: `push Home [not animated]`.
///
/// ``userPops()``, ``userPops(to:)`` and ``userDismisses()`` act as the user does with the
/// system back button or gesture, its long-press menu and a swipe down, and do only what the
/// system would (FLOW-SPEC section 11): nothing on a screen whose `systemBack` is off, no
/// swipe on a full-screen modal stack or while its top screen is not dismissible. They are
/// recorded as `user pop`, `user pop to 1` and `user dismiss`, whether or not anything
/// happened. Given `reported: false`, they simulate a callback that UIKit never made (a
/// sheet whose presentation delegate the app replaced): the screens go, and no one is told
/// until ``reportMissedChanges()``. With ``refusesPresentations`` on, a presentation is
/// refused, as UIKit refuses one while something else is presented (an alert, a share
/// sheet): it is recorded with `refused` in its brackets, nothing is shown, and the
/// coordinator is told at once that the stack it asked for is not there, as if the user had
/// swiped it away.
///
/// Its ``observers`` hear of every change of the screen on top, named as the coordinator
/// named it, else as it is recorded.
///
/// Its transitions take no time: ``whenIdle(_:)`` runs its body at once, so a flow's sequence
/// (``Coordinator/perform(_:at:after:)``) runs to its end in the call that starts it. With
/// ``holdsTransitions`` on, each transition (and alert) stays in flight until the test calls
/// ``finishTransitions()`` (recorded as `finish transitions`), as UIKit's animations do: the
/// next element of a sequence waits for it, and the test can act as the user in between. A
/// sequence that stops is recorded as `stop sequence before 2 of 3`.
///
/// ``tap(_:)`` taps a button of the alert on top, as the user does (`tap Delete`);
/// ``closeAlerts()`` closes every alert without a button, as a relative link does (`close
/// alerts`).
/// An alert is not a stack: it is kept apart (``shownAlerts``) and never moves ``top``; as in
/// UIKit, it goes away with the modal stack it was shown over.
///
/// (r3) ``makeSplit(_:)`` is recorded as `split doubleColumn`: the stack it turns into the
/// primary column is the top one if it is empty, else the next one presented. Each later
/// column is a router of its own (``columns``, named `router.secondary`). ``collapse()`` and
/// ``expand()`` change the ``layout`` as a change of width does (recorded as `collapse` and
/// `expand`); every column keeps its screens (``collapsedStack`` is the one stack the user
/// sees in the compact layout). In the compact layout, a later column's bottom screen is
/// above the earlier columns' screens: ``pop()`` and the user's back on the column's router
/// take it away, and the user's back on the split's own router acts on the last column that
/// shows a screen, as the one back button does.
@MainActor
public final class RecordingRouter: Router, Presentable, CustomStringConvertible {
  /// A screen on a stack, with the system controls it was shown with.
  private struct Shown {
    var screen: any Presentable
    var controls: SystemControls
    /// The identifier its coordinator gave it, if any.
    var id: ScreenID?
  }

  /// A navigation stack: the root one (no style) or a modal one.
  private struct Stack {
    var style: ModalStyle?
    var screens: [Shown]
  }

  /// The router's name, which is also how it appears in a parent's records.
  public nonisolated let name: String
  /// The root stack, then each modal stack.
  private var levels = [Stack(style: nil, screens: [])]
  /// (r3) The split container this router made (``makeSplit(_:)``), if any: its style, the
  /// level of its primary column (0: the root stack; `nil` until that stack is shown), and
  /// the router of each later column.
  private var split: (style: SplitStyle, level: Int?, columns: [SplitColumn: RecordingRouter])?
  /// (r3) For the router of a later column of a split, that column and the router of the
  /// split.
  private var columnOf: (column: SplitColumn, split: RecordingRouter)?
  /// (r3) How the split this router made shows its columns now: ``SplitLayout/regular``
  /// unless a test calls ``collapse()``.
  public private(set) var layout = SplitLayout.regular
  /// Every call, in order, as a value: what a test compares.
  public private(set) var operations: [RouterOperation] = []
  /// Every call, in order, as text (``RouterOperation``'s, but each screen by its own
  /// description, a stub's `Review(Shoes)`): for logs and failure messages.
  public private(set) var calls: [String] = []
  /// The routers this one made for tab stacks, in order.
  public private(set) var tabStacks: [RecordingRouter] = []
  /// The alerts shown and not closed yet, the one on top last.
  public var shownAlerts: [FlowAlert] { alerts.map(\.alert) }
  /// Each alert shown and not closed yet, with the modal stack it is over (0: the root).
  private var alerts: [(alert: FlowAlert, level: Int)] = []
  /// The tab each tab container selected last, by the container's identity.
  private var selectedTabs: [ObjectIdentifier: Int] = [:]
  public var onUserUnwind: (@MainActor (_ before: StackPosition) -> Void)?
  /// Told of every change of the screen on top.
  public let observers = NavigationObservers()
  /// Whether presentations are refused, as UIKit refuses one while something else is
  /// presented. Off unless a test turns it on.
  public var refusesPresentations = false
  /// The identifier given to the screen that is about to be shown.
  private var idOfNextScreen: (screen: ObjectIdentifier, id: ScreenID)?
  /// Where the top was before the first of the user's changes that no one was told of.
  private var unreported: StackPosition?
  /// What this router's own choice is, if the app made one (see ``animatesTransitions``).
  private var animates: Bool?
  /// The router that made this one for a tab stack.
  private weak var maker: RecordingRouter?
  /// Whether a transition is in flight: one made while ``holdsTransitions`` is on, until
  /// ``finishTransitions()``.
  private var isInFlight = false
  /// What ``whenIdle(_:)`` was given while a transition was in flight, in order.
  private var idleWaiters: [@MainActor () -> Void] = []

  /// Whether each transition stays in flight until the test calls ``finishTransitions()``,
  /// as an animation does, so that what ``whenIdle(_:)`` runs (the next element of a
  /// sequence) waits for it. Off unless a test turns it on; turning it off finishes the
  /// transition in flight.
  public var holdsTransitions = false {
    didSet { if !holdsTransitions { finishTransitions(recorded: false) } }
  }

  public init(name: String = "router") {
    self.name = name
  }

  /// Whether transitions are animated: on, unless the app turns it off. A tab stack's
  /// router follows the router that made it, unless the app sets its own.
  public var animatesTransitions: Bool {
    get { animates ?? maker?.animatesTransitions ?? true }
    set { animates = newValue }
  }

  public var navigationObservers: NavigationObservers? { observers }

  public func willShow(_ screen: any Presentable, named name: String) {
    willShow(screen, as: ScreenID(name))
  }

  public func willShow(_ screen: any Presentable, as id: ScreenID) {
    idOfNextScreen = (ObjectIdentifier(screen), id)
  }

  public nonisolated var description: String { name }

  public var top: StackPosition {
    StackPosition(modals: levels.count - 1, screens: levels[levels.count - 1].screens.count)
  }

  /// The screens of the root stack, then of each modal stack, bottom first.
  public var stacks: [[any Presentable]] { levels.map { $0.screens.map(\.screen) } }

  /// The style of each modal stack, bottom first.
  public var modalStyles: [ModalStyle] { levels.compactMap(\.style) }

  /// The screen on top of the top stack.
  public var topScreen: (any Presentable)? { levels[levels.count - 1].screens.last?.screen }

  /// The system controls of the screen on top of the top stack.
  public var topControls: SystemControls? { levels[levels.count - 1].screens.last?.controls }

  /// Every screen shown, bottom of the root stack first.
  public var screens: [any Presentable] { stacks.flatMap { $0 } }

  /// Forgets the calls recorded so far (``operations`` and ``calls``); the stacks stay.
  public func clearCalls() {
    operations.removeAll()
    calls.removeAll()
  }

  public func push(_ screen: any Presentable, controls: SystemControls) {
    let shown = self.shown(screen, controls)
    record(
      .push(id(of: shown), controls: controls), "push \(label(of: shown))", [controls.description])
    levels[levels.count - 1].screens.append(shown)
    topMayHaveChanged()
  }

  public func present(_ screen: any Presentable, style: ModalStyle, controls: SystemControls) {
    let shown = self.shown(screen, controls)
    let notes = [style == .sheet ? "" : style.rawValue, controls.description]
    let operation = RouterOperation.present(id(of: shown), style: style, controls: controls)
    guard !refusesPresentations else {
      record(.refused(operation), "present \(label(of: shown))", notes + ["refused"])
      onUserUnwind?(StackPosition(modals: levels.count, screens: 1))
      return
    }
    record(operation, "present \(label(of: shown))", notes)
    levels.append(Stack(style: style, screens: [shown]))
    if let made = split, made.level == nil { split?.level = levels.count - 1 }
    topMayHaveChanged()
  }

  public func replace(from index: Int, with screen: any Presentable, controls: SystemControls) {
    let shown = self.shown(screen, controls)
    record(
      .replace(from: index, with: id(of: shown), controls: controls),
      "replace from \(index) with \(label(of: shown))", [controls.description])
    let last = levels.count - 1
    levels[last].screens = Array(levels[last].screens.prefix(max(0, index))) + [shown]
    topMayHaveChanged()
  }

  public func pop() {
    record(.pop, "pop")
    removeScreens(above: top.screens - 2)
    topMayHaveChanged()
  }

  public func popToRoot(at index: Int) {
    record(.popToRoot(at: index), "pop to root \(index)")
    removeScreens(above: index)
    topMayHaveChanged()
  }

  public func dismiss() {
    record(.dismiss, "dismiss")
    removeTopStack()
    topMayHaveChanged()
  }

  public func unwind(to position: StackPosition) {
    record(.unwind(to: position), "unwind to \(position)")
    let level = max(0, position.modals)
    guard level < levels.count else { return }
    levels.removeSubrange((level + 1)...)
    closeAlertsAboveTopStack()
    forgetSplitAboveTopStack()
    if levels[level].screens.count > position.screens {
      levels[level].screens.removeSubrange(max(0, position.screens)...)
    }
    topMayHaveChanged()
  }

  public func alert(_ alert: FlowAlert) {
    note(.alert(alert), "alert \(alert)")
    alerts.append((alert, levels.count - 1))
    if holdsTransitions { isInFlight = true }
  }

  /// Closes every alert shown, without running a button (a relative link opened over them):
  /// recorded as `close alerts`, when there was one.
  public func closeAlerts() {
    guard !alerts.isEmpty else { return }
    note(.closeAlerts, "close alerts")
    alerts.removeAll()
  }

  /// Runs `body` at once, unless ``holdsTransitions`` keeps a transition in flight or bodies
  /// given before still wait: then once ``finishTransitions()`` has ended it, in order.
  public func whenIdle(_ body: @escaping @MainActor () -> Void) {
    guard isInFlight || !idleWaiters.isEmpty else { return body() }
    idleWaiters.append(body)
  }

  /// Ends the transition in flight, as the end of an animation does, and runs what waited for
  /// it (``whenIdle(_:)``) in order, until one of them makes another transition while
  /// ``holdsTransitions`` is on: the rest wait for that one. Recorded as `finish
  /// transitions`.
  public func finishTransitions() {
    finishTransitions(recorded: true)
  }

  private func finishTransitions(recorded: Bool) {
    if recorded { note(.finishTransitions, "finish transitions") }
    isInFlight = false
    while !isInFlight, !idleWaiters.isEmpty {
      idleWaiters.removeFirst()()
    }
  }

  /// Records that a flow's sequence stopped: `stop sequence before 2 of 3`.
  public func sequenceStopped(before element: Int, of count: Int) {
    note(
      .stoppedSequence(before: element, of: count), "stop sequence before \(element) of \(count)")
  }

  /// The alert on top, if one is shown.
  public var topAlert: FlowAlert? { alerts.last?.alert }

  /// Taps the button titled `title` of the alert on top, as the user does: the alert closes,
  /// then the button's action runs. Returns whether there was such a button; without one,
  /// nothing happens (the call is recorded all the same).
  @discardableResult
  public func tap(_ title: String) -> Bool {
    note(.tap(title), "tap \(title)")
    guard let alert = alerts.last?.alert,
      let button = alert.buttons.first(where: { $0.title == title })
    else { return false }
    alerts.removeLast()
    button.action()
    return true
  }

  /// Sends `event` from the screen on top, as the user does by tapping it: the screen must be
  /// a ``StubScreen`` (what ``RecordingScreens`` makes) whose events are of `Event`'s type.
  /// Returns whether it was; otherwise nothing is sent. Not recorded: what the event does
  /// is.
  @discardableResult
  public func send<Event>(_ event: Event) -> Bool {
    guard let screen = topScreen as? StubScreen else { return false }
    return screen.send(event)
  }

  public func makeTabStack() -> (router: any Router, view: any Presentable) {
    let router = RecordingRouter(name: "\(name).tab\(tabStacks.count + 1)")
    router.maker = self
    tabStacks.append(router)
    return (router, router)
  }

  // MARK: Split containers (r3)

  /// Makes the routers of the later columns of a split of `style` (`router.supplementary`,
  /// `router.secondary`), whose primary column is the top stack if it is empty, else the next
  /// stack presented. Recorded as `split doubleColumn`.
  public func makeSplit(_ style: SplitStyle) -> SplitColumns {
    note(.split(style), "split \(style.rawValue)")
    var columns: [SplitColumn: RecordingRouter] = [:]
    for column in style.columns.dropFirst() {
      let router = RecordingRouter(name: "\(name).\(column.rawValue)")
      router.maker = self
      router.columnOf = (column, self)
      columns[column] = router
    }
    let level = levels[levels.count - 1].screens.isEmpty ? levels.count - 1 : nil
    split = (style, level, columns)
    return SplitColumns(style: style, routers: columns)
  }

  /// The routers of the later columns of the split this router made, left to right; empty
  /// without one.
  public var columns: [RecordingRouter] {
    guard let split else { return [] }
    return split.style.columns.compactMap { split.columns[$0] }
  }

  /// The router of `column` of the split this router made, if it has that later column.
  public func column(_ column: SplitColumn) -> RecordingRouter? { split?.columns[column] }

  /// Collapses the split into one stack, as a compact width does (rotation, a narrow
  /// window): every column keeps its screens. Recorded as `collapse`.
  public func collapse() {
    note(.collapse, "collapse")
    layout = .compact
  }

  /// Shows the split's columns side by side again, as a regular width does: every column
  /// keeps its screens. Recorded as `expand`.
  public func expand() {
    note(.expand, "expand")
    layout = .regular
  }

  /// What the user sees of the split as one stack in the compact layout: the primary
  /// column's screens, then each later column's (its root stack), bottom first. Empty
  /// without a split whose primary column is shown.
  public var collapsedStack: [any Presentable] {
    guard let split, let level = split.level, level < levels.count else { return [] }
    return levels[level].screens.map(\.screen)
      + columns.flatMap { $0.levels[0].screens.map(\.screen) }
  }

  /// Whether this router is a later column of a split that is collapsed now.
  private var isCollapsedColumn: Bool { columnOf?.split.layout == .compact }

  /// In the compact layout, while the split's primary column is the top stack, the router of
  /// the last column that shows a screen and presents nothing: the one the back button acts
  /// on.
  private var collapsedTopColumn: RecordingRouter? {
    guard layout == .compact, let split, split.level == levels.count - 1 else { return nil }
    return columns.last { !$0.levels[0].screens.isEmpty && $0.levels.count == 1 }
  }

  public func selectTab(at index: Int, of container: any Presentable) {
    let shown = levels.lazy.flatMap(\.screens).first { $0.screen === container }
    let id = shown.map(id(of:)) ?? ScreenID(String(describing: container))
    note(.selectTab(index, of: id), "select tab \(index) of \(container)")
    selectedTabs[ObjectIdentifier(container)] = index
  }

  /// The index of the tab that `container` shows (0 is the first): the one the flow selected
  /// last, or the first.
  public func selectedTab(of container: any Presentable) -> Int {
    selectedTabs[ObjectIdentifier(container)] ?? 0
  }

  /// Goes back one screen as the system back button or gesture does, and tells the
  /// coordinator (unless `reported` is false). Nothing happens at the root of a stack or
  /// where the top screen's `systemBack` is off.
  public func userPops(reported: Bool = true) {
    note(.userPop, "user pop", reported: reported)
    let router = collapsedTopColumn ?? self
    router.userGoesBack(to: router.top.screens - 2, reported: reported)
  }

  /// Goes back at once to the screen at `index` of the top stack (0 is its root), as the
  /// back button's long-press menu does, and tells the coordinator (unless `reported` is
  /// false). Nothing happens where the top screen's `systemBack` is off (it has no back
  /// button), or when no screen below the top has that index.
  public func userPops(to index: Int, reported: Bool = true) {
    note(.userPopTo(index), "user pop to \(index)", reported: reported)
    (collapsedTopColumn ?? self).userGoesBack(to: index, reported: reported)
  }

  /// Swipes the top modal stack away (a sheet, a form sheet, or a popover: a tap outside it),
  /// and tells the coordinator (unless `reported` is false). Nothing happens on the root
  /// stack, on a full-screen modal stack, or where the top screen is not dismissible.
  public func userDismisses(reported: Bool = true) {
    note(.userDismiss, "user dismiss", reported: reported)
    let stack = levels[levels.count - 1]
    guard stack.style?.isDismissibleByUser == true,
      stack.screens.last?.controls.dismissible ?? true
    else { return }
    let before = top
    if removeTopStack() { userChanged(from: before, reported: reported) }
  }

  /// Tells the coordinator what the user changed with `reported: false` since it was last
  /// told: what a router does once it sees for itself what UIKit shows (after its next
  /// transition, or on another callback). Recorded as `report missed changes`.
  public func reportMissedChanges() {
    note(.reportMissedChanges, "report missed changes")
    guard let before = unreported else { return }
    unreported = nil
    onUserUnwind?(before)
  }

  private func userGoesBack(to index: Int, reported: Bool) {
    guard topControls?.systemBack ?? true else { return }
    let before = top
    if removeScreens(above: index) { userChanged(from: before, reported: reported) }
  }

  /// After the user took screens away from `before`: tells the observers, and the
  /// coordinator unless the change is not `reported`.
  private func userChanged(from before: StackPosition, reported: Bool) {
    topMayHaveChanged(animated: true)
    if reported {
      onUserUnwind?(before)
    } else if unreported == nil {
      unreported = before
    }
  }

  /// Records a transition, `operation` and its text `call`, with its notes in brackets and
  /// `not animated` among them while ``animatesTransitions`` is off.
  private func record(_ operation: RouterOperation, _ call: String, _ notes: [String] = []) {
    let notes = (notes + [animatesTransitions ? "" : "not animated"]).filter { !$0.isEmpty }
    operations.append(animatesTransitions ? operation : .notAnimated(operation))
    if holdsTransitions { isInFlight = true }
    calls.append(notes.isEmpty ? call : "\(call) [\(notes.joined(separator: ", "))]")
  }

  /// Records what is not a transition, or what the user did (`[unreported]` when no one is
  /// told of it).
  private func note(_ operation: RouterOperation, _ call: String, reported: Bool = true) {
    operations.append(reported ? operation : .unreported(operation))
    calls.append(call + (reported ? "" : " [unreported]"))
  }

  /// `screen` as a stack holds it, with the identifier given to it just before, if any.
  private func shown(_ screen: any Presentable, _ controls: SystemControls) -> Shown {
    var id: ScreenID?
    if let given = idOfNextScreen, given.screen == ObjectIdentifier(screen) {
      id = given.id
    }
    idOfNextScreen = nil
    return Shown(screen: screen, controls: controls, id: id)
  }

  /// How a screen is recorded in ``calls``: by its own description if it has one that is not
  /// a view controller's (an address), else the name its coordinator gave it, else its type's.
  private func label(of shown: Shown) -> String {
    if let described = describedItself(shown.screen) { return described }
    return shown.id?.name ?? String(describing: type(of: shown.screen))
  }

  /// How a screen is recorded in ``operations``: by the identifier its coordinator gave it,
  /// else by its ``calls`` label alone.
  private func id(of shown: Shown) -> ScreenID {
    shown.id ?? ScreenID(label(of: shown))
  }

  private func describedItself(_ screen: any Presentable) -> String? {
    #if canImport(UIKit)
      if screen is UIViewController { return nil }
    #endif
    return (screen as? any CustomStringConvertible)?.description
  }

  /// Tells the observers of the screen on top now: named as its coordinator named it, else
  /// as it is recorded.
  private func topMayHaveChanged(animated: Bool? = nil) {
    let shown = levels[levels.count - 1].screens.last
    observers.topChanged(
      to: shown?.screen, named: shown.map { $0.id?.name ?? label(of: $0) },
      animated: animated ?? animatesTransitions)
  }

  /// Keeps the screens of the top stack up to `index`, if that removes any and keeps one.
  @discardableResult
  private func removeScreens(above index: Int) -> Bool {
    let last = levels.count - 1
    // In the compact layout a later column's bottom screen is above the earlier columns'.
    let lowest = last == 0 && isCollapsedColumn ? -1 : 0
    guard index >= lowest, index < levels[last].screens.count - 1 else { return false }
    levels[last].screens.removeSubrange((index + 1)...)
    return true
  }

  @discardableResult
  private func removeTopStack() -> Bool {
    guard levels.count > 1 else { return false }
    levels.removeLast()
    closeAlertsAboveTopStack()
    forgetSplitAboveTopStack()
    return true
  }

  /// Forgets a split whose primary column was a modal stack that is gone.
  private func forgetSplitAboveTopStack() {
    if let level = split?.level, level > levels.count - 1 { split = nil }
  }

  /// Closes the alerts shown over a modal stack that is gone, without running any button.
  private func closeAlertsAboveTopStack() {
    alerts.removeAll { $0.level > levels.count - 1 }
  }

  #if canImport(UIKit)
    private lazy var placeholder = UIViewController()

    /// An empty view controller: a recording router shows nothing.
    public var viewControllerToShow: UIViewController { placeholder }
  #endif
}
