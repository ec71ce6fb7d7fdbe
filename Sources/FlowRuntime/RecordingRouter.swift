#if canImport(UIKit)
  import UIKit
#endif

/// A router without UI that keeps its stacks in memory and records every call, for tests
/// and previews: drive a coordinator, then compare ``calls`` with what the flow says.
///
/// Calls are recorded as `push Name`, `present Name`, `replace from 1 with Name`, `pop`,
/// `pop to root 1` (the index of the screen it goes back to), `dismiss`, `unwind to 0:2`
/// (see ``StackPosition/description``), `select tab 1 of MainTabs` (the index of the tab, 0
/// the first, and the container) and `alert Title [Delete, Keep]` (see
/// ``FlowAlert/description``), where a screen's name is its `description`. A full-screen modal stack and a screen's controls that are
/// off follow in brackets: `present Terms [fullScreen, dismissible: false]`,
/// `push Payment [systemBack: false]`.
///
/// ``userPops()``, ``userPops(to:)`` and ``userDismisses()`` act as the user does with the
/// system back button or gesture, its long-press menu and a swipe down, and do only what the
/// system would (FLOW-SPEC section 11): nothing on a screen whose `systemBack` is off, no
/// swipe on a full-screen modal stack or while its top screen is not dismissible. They are
/// recorded as `user pop`, `user pop to 1` and `user dismiss`, whether or not anything
/// happened. ``tap(_:)`` taps a button of the alert on top, as the user does (`tap Delete`).
/// An alert is not a stack: it is kept apart (``shownAlerts``) and never moves ``top``; as in
/// UIKit, it goes away with the modal stack it was shown over.
@MainActor
public final class RecordingRouter: Router, Presentable, CustomStringConvertible {
  /// A screen on a stack, with the system controls it was shown with.
  private struct Shown {
    var screen: any Presentable
    var controls: SystemControls
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
  /// Every call, in order.
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

  public init(name: String = "router") {
    self.name = name
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

  /// Forgets the calls recorded so far; the stacks stay.
  public func clearCalls() {
    calls.removeAll()
  }

  public func push(_ screen: any Presentable, controls: SystemControls) {
    record("push \(screen)", [controls.description])
    levels[levels.count - 1].screens.append(Shown(screen: screen, controls: controls))
  }

  public func present(_ screen: any Presentable, style: ModalStyle, controls: SystemControls) {
    record(
      "present \(screen)", [style == .fullScreen ? "fullScreen" : "", controls.description])
    levels.append(Stack(style: style, screens: [Shown(screen: screen, controls: controls)]))
  }

  public func replace(from index: Int, with screen: any Presentable, controls: SystemControls) {
    record("replace from \(index) with \(screen)", [controls.description])
    let last = levels.count - 1
    levels[last].screens =
      Array(levels[last].screens.prefix(max(0, index))) + [
        Shown(screen: screen, controls: controls)
      ]
  }

  public func pop() {
    calls.append("pop")
    removeScreens(above: top.screens - 2)
  }

  public func popToRoot(at index: Int) {
    calls.append("pop to root \(index)")
    removeScreens(above: index)
  }

  public func dismiss() {
    calls.append("dismiss")
    removeTopStack()
  }

  public func unwind(to position: StackPosition) {
    calls.append("unwind to \(position)")
    let level = max(0, position.modals)
    guard level < levels.count else { return }
    levels.removeSubrange((level + 1)...)
    closeAlertsAboveTopStack()
    if levels[level].screens.count > position.screens {
      levels[level].screens.removeSubrange(max(0, position.screens)...)
    }
  }

  public func alert(_ alert: FlowAlert) {
    calls.append("alert \(alert)")
    alerts.append((alert, levels.count - 1))
  }

  /// The alert on top, if one is shown.
  public var topAlert: FlowAlert? { alerts.last?.alert }

  /// Taps the button titled `title` of the alert on top, as the user does: the alert closes,
  /// then the button's action runs. Returns whether there was such a button; without one,
  /// nothing happens (the call is recorded all the same).
  @discardableResult
  public func tap(_ title: String) -> Bool {
    calls.append("tap \(title)")
    guard let alert = alerts.last?.alert,
      let button = alert.buttons.first(where: { $0.title == title })
    else { return false }
    alerts.removeLast()
    button.action()
    return true
  }

  public func makeTabStack() -> (router: any Router, view: any Presentable) {
    let router = RecordingRouter(name: "\(name).tab\(tabStacks.count + 1)")
    tabStacks.append(router)
    return (router, router)
  }

  public func selectTab(at index: Int, of container: any Presentable) {
    calls.append("select tab \(index) of \(container)")
    selectedTabs[ObjectIdentifier(container)] = index
  }

  /// The index of the tab that `container` shows (0 is the first): the one the flow selected
  /// last, or the first.
  public func selectedTab(of container: any Presentable) -> Int {
    selectedTabs[ObjectIdentifier(container)] ?? 0
  }

  /// Goes back one screen as the system back button or gesture does, and tells the
  /// coordinator. Nothing happens at the root of a stack or where the top screen's
  /// `systemBack` is off.
  public func userPops() {
    calls.append("user pop")
    userGoesBack(to: top.screens - 2)
  }

  /// Goes back at once to the screen at `index` of the top stack (0 is its root), as the
  /// back button's long-press menu does, and tells the coordinator. Nothing happens where
  /// the top screen's `systemBack` is off (it has no back button), or when no screen below
  /// the top has that index.
  public func userPops(to index: Int) {
    calls.append("user pop to \(index)")
    userGoesBack(to: index)
  }

  /// Swipes the top modal stack away, and tells the coordinator. Nothing happens on the root
  /// stack, on a full-screen modal stack, or where the top screen is not dismissible.
  public func userDismisses() {
    calls.append("user dismiss")
    let stack = levels[levels.count - 1]
    guard stack.style == .sheet, stack.screens.last?.controls.dismissible ?? true else { return }
    let before = top
    if removeTopStack() { onUserUnwind?(before) }
  }

  private func userGoesBack(to index: Int) {
    guard topControls?.systemBack ?? true, index >= 0 else { return }
    let before = top
    if removeScreens(above: index) { onUserUnwind?(before) }
  }

  private func record(_ call: String, _ notes: [String]) {
    let notes = notes.filter { !$0.isEmpty }
    calls.append(notes.isEmpty ? call : "\(call) [\(notes.joined(separator: ", "))]")
  }

  /// Keeps the screens of the top stack up to `index`, if that removes any and keeps one.
  @discardableResult
  private func removeScreens(above index: Int) -> Bool {
    let last = levels.count - 1
    guard index >= 0, index < levels[last].screens.count - 1 else { return false }
    levels[last].screens.removeSubrange((index + 1)...)
    return true
  }

  @discardableResult
  private func removeTopStack() -> Bool {
    guard levels.count > 1 else { return false }
    levels.removeLast()
    closeAlertsAboveTopStack()
    return true
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
