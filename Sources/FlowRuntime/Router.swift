#if canImport(UIKit)
  import UIKit
#endif

/// Where the top of the navigation is: how many modal stacks are presented over the root
/// stack, and how many screens the top stack holds.
///
/// Positions compare in that order, so a position is below another when the navigation
/// went back from the second to the first.
nonisolated public struct StackPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Modal stacks presented over the root stack.
  public var modals: Int
  /// Screens on the top stack.
  public var screens: Int

  public init(modals: Int, screens: Int) {
    self.modals = modals
    self.screens = screens
  }

  /// An empty root stack, with nothing presented.
  public static let origin = StackPosition(modals: 0, screens: 0)

  public static func < (lhs: StackPosition, rhs: StackPosition) -> Bool {
    (lhs.modals, lhs.screens) < (rhs.modals, rhs.screens)
  }

  /// `modals:screens`, as ``RecordingRouter`` writes it.
  public var description: String { "\(modals):\(screens)" }
}

/// How a modal stack is shown, which decides whether the user can swipe it away (FLOW-SPEC
/// sections 8 and 13.5): the `style` of a flow's `present` and of a modal `start`.
///
/// Revision 3 of the language added ``formSheet`` and ``popover``: a `switch` over the styles
/// that has no `default` must handle them.
nonisolated public enum ModalStyle: String, Hashable, Sendable {
  /// A sheet (UIKit: a page sheet; SwiftUI: `sheet`). The user can swipe it down, unless its
  /// top screen is not dismissible.
  case sheet
  /// Over the whole screen (UIKit: `.fullScreen`; SwiftUI: `fullScreenCover`). No swipe
  /// dismisses it: only the flow does.
  case fullScreen
  /// A form sheet (r3; UIKit: `.formSheet`; SwiftUI: a sheet with form sizing, iOS 18): a
  /// smaller sheet centred on a large screen, a page sheet in a compact width. The user
  /// dismisses it as a sheet, unless its top screen is not dismissible.
  case formSheet
  /// A popover (r3; UIKit: `.popover`, pointing at the screen that presents it; SwiftUI:
  /// `popover`), shown as a sheet in a compact width. The user dismisses it with a tap
  /// outside it, or a swipe down where it is a sheet, unless its top screen is not
  /// dismissible.
  case popover

  /// Whether the user can dismiss a modal stack of this style (a swipe down, a tap outside a
  /// popover) while its top screen is dismissible: every style but ``fullScreen``.
  public var isDismissibleByUser: Bool { self != .fullScreen }
}

/// The system's own controls on one screen, which no flow writes: the back button with its
/// swipe-back gesture and long-press menu, and a sheet's swipe down. Both are on unless the
/// flow says `systemBack: false` or `dismissible: false` for the screen; the router turns off
/// what is off while the screen is on top.
nonisolated public struct SystemControls: Hashable, Sendable, CustomStringConvertible {
  /// Whether the back button and the swipe-back gesture go back from the screen (they do
  /// nothing at the root of a stack anyway).
  public var systemBack: Bool
  /// Whether the user can swipe the sheet away while the screen is its top screen (a
  /// full-screen modal stack has no swipe anyway).
  public var dismissible: Bool

  public init(systemBack: Bool = true, dismissible: Bool = true) {
    self.systemBack = systemBack
    self.dismissible = dismissible
  }

  /// Every control on: what a screen has unless its flow turns something off.
  public static let standard = SystemControls()

  /// What is off, as the flow says it (`systemBack: false, dismissible: false`); empty for
  /// ``standard``.
  public var description: String {
    var off: [String] = []
    if !systemBack { off.append("systemBack: false") }
    if !dismissible { off.append("dismissible: false") }
    return off.joined(separator: ", ")
  }
}

/// Shows screens: one root navigation stack, and the modal stacks presented over it, each
/// a navigation stack of its own. Coordinators navigate only through a router.
///
/// ``NavigationRouter`` is the UIKit one; ``RecordingRouter`` remembers every call, for
/// tests. Every operation acts on the top stack.
@MainActor
public protocol Router: AnyObject {
  /// Where the top of the navigation is now.
  var top: StackPosition { get }

  /// Called after the user, not the code, went back: the system back button or gesture
  /// popped screens, or a swipe dismissed a modal stack. It is given where the top was
  /// before; ``top`` already tells where to. The coordinator that owns the router sets it.
  var onUserUnwind: (@MainActor (_ before: StackPosition) -> Void)? { get set }

  /// Shows `screen` on top of the top stack, or as its root if the stack is empty, with the
  /// system's controls that `controls` leaves on.
  func push(_ screen: any Presentable, controls: SystemControls)

  /// Presents a new modal stack of `style` with `screen` as its root.
  func present(_ screen: any Presentable, style: ModalStyle, controls: SystemControls)

  /// Keeps the first `index` screens of the top stack and puts `screen` above them.
  func replace(from index: Int, with screen: any Presentable, controls: SystemControls)

  /// Goes back one screen on the top stack. The root of a stack stays.
  func pop()

  /// Goes back on the top stack to its screen at `index` (0 is its root), popping every
  /// screen above it at once: a coordinator's `popToRoot`, which keeps its first screen on
  /// that stack and what is below it. Does nothing when no screen above `index` is shown.
  func popToRoot(at index: Int)

  /// Closes the top modal stack. The root stack stays.
  func dismiss()

  /// Goes back to `position`: dismisses the modal stacks above it, then pops the screens
  /// above it. Does nothing where the navigation is already at or below it.
  func unwind(to position: StackPosition)

  /// A router for a new, empty stack that a tab container shows, and what shows it.
  func makeTabStack() -> (router: any Router, view: any Presentable)

  /// (r3) Makes a split container of `style` (FLOW-SPEC 13.4) whose primary column is the
  /// stack this router shows next at a root: the top stack if it shows nothing yet (a split
  /// coordinator started as an entry, a tab, or by a start decision there), else the next
  /// modal stack it presents (a modal start). Returns the router of each later column, each
  /// empty until a child is shown there. Each column keeps its screens when the layout
  /// changes (``SplitLayout``): the coordinators hear of it only through the user's back at
  /// the bottom of a later column in the compact layout, which the column's router reports
  /// with ``onUserUnwind`` as any back.
  ///
  /// ``Coordinator/showSplit(_:)`` calls it.
  func makeSplit(_ style: SplitStyle) -> SplitColumns

  /// Shows the tab at `index` (0 is the first) of `container`, a tab container on this
  /// router's stacks: a flow's `select`. Every tab's stack stays as it is.
  func selectTab(at index: Int, of container: any Presentable)

  /// Whether the router animates the transitions it is asked for from now on: true unless
  /// the app turns it off, as it does for what the user should not watch happen (the
  /// first screens at launch, a deep link, restoring where the user was). See
  /// ``withoutAnimation(_:)``. The user's own gestures animate as the system does.
  var animatesTransitions: Bool { get set }

  /// Who the router tells when the screen on top changes (``NavigationEvent``); `nil` for
  /// a router that tells no one.
  var navigationObservers: NavigationObservers? { get }

  /// Gives `screen`, which the next `push`, `present` or `replace` shows, its name in the
  /// flow, for the router's records and observers. A coordinator calls it when it knows
  /// the name (generated code passes each screen's).
  func willShow(_ screen: any Presentable, named name: String)

  /// Gives `screen`, which the next `push`, `present` or `replace` shows, its identifier
  /// (``ScreenID``: its coordinator and its name in the flow). Generated code gives every
  /// screen one; ``RecordingRouter`` records it in its ``RecordingRouter/operations``.
  func willShow(_ screen: any Presentable, as id: ScreenID)

  /// Shows `alert` over whatever is on top (the flow's `alert:`, FLOW-SPEC section 6b). An
  /// alert is not a modal stack: ``top`` stays where it is. When the user taps one of its
  /// buttons, the alert closes first, then the router runs that button's action.
  func alert(_ alert: FlowAlert)

  /// Closes every alert this router shows, without running any button: what a relative link
  /// (r3, FLOW-SPEC 13.6) does to an alert on top before it pushes its screen. Nothing happens
  /// when none is shown.
  func closeAlerts()

  /// The index of the tab that `container`, a tab container on this router's stacks, shows
  /// now (0 is the first): the one the flow or the user selected last. What a relative link
  /// reads to find the top stack (r3, FLOW-SPEC 13.6).
  func selectedTab(of container: any Presentable) -> Int

  /// Calls `body` once the router has finished every transition it was asked for and has
  /// heard of what the user did meanwhile (``onUserUnwind`` has been called for it): at once
  /// when nothing is in flight, otherwise later, in the order of the calls. What runs the
  /// elements of a flow's sequence one after another (``Coordinator/perform(_:at:after:)``).
  ///
  /// ``NavigationRouter`` waits for its queue of transitions, then for any transition still
  /// in flight where it presents (a swipe back the user is making), then compares with UIKit;
  /// ``SwiftUIRouter`` waits for the presentation changes it has still to make;
  /// ``RecordingRouter`` calls `body` at once unless a test holds its transitions
  /// (``RecordingRouter/holdsTransitions``).
  func whenIdle(_ body: @escaping @MainActor () -> Void)

  /// Told that a flow's sequence stopped before its element `element` (1 is the first) of
  /// `count`, which could no longer act: ``RecordingRouter`` records it
  /// (``RouterOperation/stoppedSequence(before:of:)``); others ignore it. The app hears of it
  /// through ``FlowLog``.
  func sequenceStopped(before element: Int, of count: Int)
}

extension Router {
  /// Always true, and setting it changes nothing: for a router written before
  /// ``animatesTransitions`` was part of the protocol, which animates every transition.
  public var animatesTransitions: Bool {
    get { true }
    set {}
  }

  /// None: for a router written before ``navigationObservers`` was part of the protocol.
  public var navigationObservers: NavigationObservers? { nil }

  /// Calls `body` at once: for a router written before ``whenIdle(_:)`` was part of the
  /// protocol, whose transitions are not known to take time.
  public func whenIdle(_ body: @escaping @MainActor () -> Void) {
    body()
  }

  /// Does nothing: for a router written before ``sequenceStopped(before:of:)`` was part of
  /// the protocol.
  public func sequenceStopped(before element: Int, of count: Int) {}

  /// Does nothing: for a router written before ``closeAlerts()`` was part of the protocol,
  /// whose alerts the app closes itself.
  public func closeAlerts() {}

  /// Forgets the name: for a router written before ``willShow(_:named:)`` was part of the
  /// protocol.
  public func willShow(_ screen: any Presentable, named name: String) {}

  /// Gives the screen its flow name (``willShow(_:named:)``): for a router that has no use
  /// for the coordinator's name.
  public func willShow(_ screen: any Presentable, as id: ScreenID) {
    willShow(screen, named: id.name)
  }

  /// Runs `body` with ``animatesTransitions`` off, then turns it back to what it was: what
  /// an app wraps around starting its root coordinator at launch, or following a deep link.
  public func withoutAnimation<Value>(_ body: () throws -> Value) rethrows -> Value {
    let animated = animatesTransitions
    animatesTransitions = false
    defer { animatesTransitions = animated }
    return try body()
  }

  /// Starts telling `observe` of every change of the screen on top (see
  /// ``NavigationEvent``). Returns `nil`, and tells nothing, for a router without
  /// ``navigationObservers``.
  @discardableResult
  public func observeNavigation(
    _ observe: @escaping @MainActor (NavigationEvent) -> Void
  ) -> NavigationObservers.ID? {
    navigationObservers?.add(observe)
  }
}

extension Router {
  /// A split whose every column is this router: for a router written before
  /// ``makeSplit(_:)`` was part of the protocol, which shows every column on its one stack as
  /// the compact layout does (a `show` is a push-style start there).
  public func makeSplit(_ style: SplitStyle) -> SplitColumns {
    SplitColumns(
      style: style,
      routers: Dictionary(uniqueKeysWithValues: style.columns.dropFirst().map { ($0, self) }))
  }

  /// Selects the tab at `index` of a `UITabBarController` container (its `selectedIndex`);
  /// without UIKit, or for another container, does nothing: for a router written before
  /// ``selectTab(at:of:)`` was part of the protocol.
  public func selectTab(at index: Int, of container: any Presentable) {
    #if canImport(UIKit)
      guard let tabs = container.viewControllerToShow as? UITabBarController,
        index >= 0, index < tabs.viewControllers?.count ?? 0
      else { return }
      tabs.selectedIndex = index
    #endif
  }

  /// The `selectedIndex` of a `UITabBarController` container; without UIKit, or for another
  /// container, the first tab: for a router written before ``selectedTab(of:)`` was part of
  /// the protocol.
  public func selectedTab(of container: any Presentable) -> Int {
    #if canImport(UIKit)
      if let tabs = container.viewControllerToShow as? UITabBarController {
        return tabs.selectedIndex
      }
    #endif
    return 0
  }

  /// Pops the screens of the top stack above the one at `index`, by ``unwind(to:)``: for a
  /// router written before ``popToRoot(at:)`` was part of the protocol.
  public func popToRoot(at index: Int) {
    let position = top
    guard index >= 0, index < position.screens - 1 else { return }
    unwind(to: StackPosition(modals: position.modals, screens: index + 1))
  }

  /// Shows `screen` on top of the top stack with every system control on.
  public func push(_ screen: any Presentable) {
    push(screen, controls: .standard)
  }

  /// Presents `screen` in a new sheet with every system control on.
  public func present(_ screen: any Presentable) {
    present(screen, style: .sheet, controls: .standard)
  }

  /// Keeps the first `index` screens of the top stack and puts `screen`, with every system
  /// control on, above them.
  public func replace(from index: Int, with screen: any Presentable) {
    replace(from: index, with: screen, controls: .standard)
  }
}
