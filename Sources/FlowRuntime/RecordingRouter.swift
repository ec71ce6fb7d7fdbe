#if canImport(UIKit)
  import UIKit
#endif

/// A router without UI that keeps its stacks in memory and records every call, for tests
/// and previews: drive a coordinator, then compare ``calls`` with what the flow says.
///
/// Calls are recorded as `push Name`, `present Name`, `replace from 1 with Name`, `pop`,
/// `dismiss` and `unwind to 0:2` (see ``StackPosition/description``), where a screen's
/// name is its `description`. ``userPops()`` and ``userDismisses()`` act as the user does
/// with the system back gesture and a swipe, and are recorded as `user pop` and
/// `user dismiss`.
@MainActor
public final class RecordingRouter: Router, Presentable, CustomStringConvertible {
  /// The router's name, which is also how it appears in a parent's records.
  public nonisolated let name: String
  /// The screens of the root stack, then of each modal stack, bottom first.
  public private(set) var stacks: [[any Presentable]] = [[]]
  /// Every call, in order.
  public private(set) var calls: [String] = []
  /// The routers this one made for tab stacks, in order.
  public private(set) var tabStacks: [RecordingRouter] = []
  public var onUserUnwind: (@MainActor () -> Void)?

  public init(name: String = "router") {
    self.name = name
  }

  public nonisolated var description: String { name }

  public var top: StackPosition {
    StackPosition(modals: stacks.count - 1, screens: stacks[stacks.count - 1].count)
  }

  /// The screen on top of the top stack.
  public var topScreen: (any Presentable)? { stacks[stacks.count - 1].last }

  /// Every screen shown, bottom of the root stack first.
  public var screens: [any Presentable] { stacks.flatMap { $0 } }

  /// Forgets the calls recorded so far; the stacks stay.
  public func clearCalls() {
    calls.removeAll()
  }

  public func push(_ screen: any Presentable) {
    calls.append("push \(screen)")
    stacks[stacks.count - 1].append(screen)
  }

  public func present(_ screen: any Presentable) {
    calls.append("present \(screen)")
    stacks.append([screen])
  }

  public func replace(from index: Int, with screen: any Presentable) {
    calls.append("replace from \(index) with \(screen)")
    let last = stacks.count - 1
    stacks[last] = Array(stacks[last].prefix(max(0, index))) + [screen]
  }

  public func pop() {
    calls.append("pop")
    removeTopScreen()
  }

  public func dismiss() {
    calls.append("dismiss")
    removeTopStack()
  }

  public func unwind(to position: StackPosition) {
    calls.append("unwind to \(position)")
    let level = max(0, position.modals)
    guard level < stacks.count else { return }
    stacks.removeSubrange((level + 1)...)
    if stacks[level].count > position.screens {
      stacks[level].removeSubrange(max(0, position.screens)...)
    }
  }

  public func makeTabStack() -> (router: any Router, view: any Presentable) {
    let router = RecordingRouter(name: "\(name).tab\(tabStacks.count + 1)")
    tabStacks.append(router)
    return (router, router)
  }

  /// Goes back one screen as the system back gesture does, and tells the coordinator.
  public func userPops() {
    calls.append("user pop")
    if removeTopScreen() { onUserUnwind?() }
  }

  /// Swipes the top modal stack away, and tells the coordinator.
  public func userDismisses() {
    calls.append("user dismiss")
    if removeTopStack() { onUserUnwind?() }
  }

  @discardableResult
  private func removeTopScreen() -> Bool {
    guard stacks[stacks.count - 1].count > 1 else { return false }
    stacks[stacks.count - 1].removeLast()
    return true
  }

  @discardableResult
  private func removeTopStack() -> Bool {
    guard stacks.count > 1 else { return false }
    stacks.removeLast()
    return true
  }

  #if canImport(UIKit)
    private lazy var placeholder = UIViewController()

    /// An empty view controller: a recording router shows nothing.
    public var viewControllerToShow: UIViewController { placeholder }
  #endif
}
