/// Where the top of the navigation is: how many modal stacks are presented over the root
/// stack, and how many screens the top stack holds.
///
/// Positions compare in that order, so a position is below another when the navigation
/// went back from the second to the first.
public struct StackPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
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
  /// popped screens, or a swipe dismissed a modal stack. ``top`` already tells where to.
  /// The coordinator that owns the router sets it.
  var onUserUnwind: (@MainActor () -> Void)? { get set }

  /// Shows `screen` on top of the top stack, or as its root if the stack is empty.
  func push(_ screen: any Presentable)

  /// Presents a new modal stack with `screen` as its root.
  func present(_ screen: any Presentable)

  /// Keeps the first `index` screens of the top stack and puts `screen` above them.
  func replace(from index: Int, with screen: any Presentable)

  /// Goes back one screen on the top stack. The root of a stack stays.
  func pop()

  /// Closes the top modal stack. The root stack stays.
  func dismiss()

  /// Goes back to `position`: dismisses the modal stacks above it, then pops the screens
  /// above it. Does nothing where the navigation is already at or below it.
  func unwind(to position: StackPosition)

  /// A router for a new, empty stack that a tab container shows, and what shows it.
  func makeTabStack() -> (router: any Router, view: any Presentable)
}
