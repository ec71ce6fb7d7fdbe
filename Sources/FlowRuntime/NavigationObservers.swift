/// A change of the screen the user sees on a router, for analytics and logging: a screen
/// came on top of its router's top stack (``Kind/shown``), or stopped being there
/// (``Kind/hidden``: covered, popped, dismissed or replaced).
nonisolated public struct NavigationEvent: Hashable, Sendable, CustomStringConvertible {
  /// Whether the screen came on top or left the top.
  public enum Kind: String, Hashable, Sendable {
    case shown
    case hidden
  }

  public var kind: Kind
  /// The screen's name: its flow name when the coordinator gave it (generated code does),
  /// otherwise its type's name. Never a memory address.
  public var screen: String
  /// Whether the transition that made the change was animated; the user's own gestures
  /// count as animated.
  public var animated: Bool

  public init(_ kind: Kind, _ screen: String, animated: Bool = true) {
    self.kind = kind
    self.screen = screen
    self.animated = animated
  }

  /// `shown Review`, `hidden Review`, with ` (not animated)` after it for a transition
  /// without animation.
  public var description: String {
    "\(kind.rawValue) \(screen)\(animated ? "" : " (not animated)")"
  }
}

/// The observers of one router, and what they last saw on top: a router tells it each
/// time its top screen may have changed (``topChanged(to:named:animated:)``), and it
/// tells the observers only when it did, hidden before shown.
@MainActor
public final class NavigationObservers {
  /// Names an observer, to remove it.
  nonisolated public struct ID: Hashable, Sendable {
    fileprivate let value: Int
  }

  private var observers: [(id: ID, observe: @MainActor (NavigationEvent) -> Void)] = []
  private var nextID = 0
  /// The screen on top when observers were last told, held weakly: a screen that went
  /// away and whose memory was reused is not taken for it.
  private weak var top: AnyObject?
  private var topName: String?

  public init() {}

  /// Starts telling `observe` of every change, from the next one on.
  @discardableResult
  public func add(_ observe: @escaping @MainActor (NavigationEvent) -> Void) -> ID {
    nextID += 1
    let id = ID(value: nextID)
    observers.append((id, observe))
    return id
  }

  /// Stops telling the observer that `add` returned `id`.
  public func remove(_ id: ID) {
    observers.removeAll { $0.id == id }
  }

  /// What a router calls after every change of its stacks it knows of: `screen` is on top
  /// now (`nil` when nothing is shown), named `name`. Tells the observers that the screen
  /// on top before was hidden and this one shown, if it is another.
  public func topChanged(to screen: AnyObject?, named name: String?, animated: Bool) {
    guard screen !== top || (screen == nil && topName != nil) else { return }
    let hidden = topName
    top = screen
    topName = screen == nil ? nil : name
    if let hidden { tell(NavigationEvent(.hidden, hidden, animated: animated)) }
    if let name = topName { tell(NavigationEvent(.shown, name, animated: animated)) }
  }

  private func tell(_ event: NavigationEvent) {
    for observer in observers { observer.observe(event) }
  }
}
