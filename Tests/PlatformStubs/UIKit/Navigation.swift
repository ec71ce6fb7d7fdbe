/// `UINavigationController`: a stack of view controllers with a navigation bar.
@MainActor
open class UINavigationController: UIViewController {
  /// `UINavigationController.Operation`.
  public enum Operation: Int, Sendable, Hashable {
    case none = 0
    case push = 1
    case pop = 2
  }

  open var viewControllers: [UIViewController] = [] {
    didSet { for controller in viewControllers { controller.parent = self } }
  }
  open weak var delegate: (any UINavigationControllerDelegate)?
  open var interactivePopGestureRecognizer: UIGestureRecognizer? { popGesture }
  /// `var interactiveContentPopGestureRecognizer: UIGestureRecognizer? { get }` (iOS 26,
  /// iPadOS 26, Mac Catalyst 26, visionOS 26): the pop from a pan anywhere in the content,
  /// where `interactivePopGestureRecognizer` (the leading edge) does not cover it.
  @available(iOS 26.0, macCatalyst 26.0, visionOS 26.0, *)
  open var interactiveContentPopGestureRecognizer: UIGestureRecognizer? { contentPopGesture }
  open var topViewController: UIViewController? { viewControllers.last }
  open var visibleViewController: UIViewController? {
    presentedViewController ?? topViewController
  }
  open var isNavigationBarHidden = false
  private let popGesture = UIGestureRecognizer()
  private let contentPopGesture = UIGestureRecognizer()

  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  public init(rootViewController: UIViewController) {
    super.init(nibName: nil, bundle: nil)
    viewControllers = [rootViewController]
    // An initializer's own assignment does not run `didSet`.
    rootViewController.parent = self
  }

  open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
    show(viewControllers, animated: animated)
  }

  open func pushViewController(_ viewController: UIViewController, animated: Bool) {
    show(viewControllers + [viewController], animated: animated)
  }

  @discardableResult
  open func popViewController(animated: Bool) -> UIViewController? {
    guard viewControllers.count > 1, let top = viewControllers.last else { return nil }
    show(viewControllers.dropLast(), animated: animated)
    return top
  }

  @discardableResult
  open func popToViewController(_ viewController: UIViewController, animated: Bool)
    -> [UIViewController]?
  {
    guard let index = viewControllers.lastIndex(where: { $0 === viewController }) else {
      return nil
    }
    let popped = Array(viewControllers[(index + 1)...])
    show(Array(viewControllers[...index]), animated: animated)
    return popped
  }

  @discardableResult
  open func popToRootViewController(animated: Bool) -> [UIViewController]? {
    guard let root = viewControllers.first else { return nil }
    return popToViewController(root, animated: animated)
  }

  /// UIKit's order: the stack changes at once, the delegate hears `willShow` when the top
  /// changes and `didShow` when the transition ends; a cancelled interactive pop puts the
  /// stack back, without `didShow`.
  private func show(_ new: [UIViewController], animated: Bool, interactive: Bool = false) {
    let old = viewControllers
    viewControllers = new
    guard let top = new.last, top !== old.last else { return }
    delegate?.navigationController(self, willShow: top, animated: animated)
    activeTransition = Transitions.begin(
      animated: animated, from: old.last, to: top, interactive: interactive
    ) { [weak self] finished in
      guard let self else { return }
      activeTransition = nil
      if finished {
        delegate?.navigationController(self, didShow: top, animated: animated)
      } else {
        viewControllers = old
      }
    }
  }

  /// The user goes back to the screen at `index`: the back button, its long-press menu, or
  /// (`interactive`) the swipe-back gesture.
  func userPop(to index: Int, interactive: Bool) {
    show(Array(viewControllers.prefix(index + 1)), animated: true, interactive: interactive)
  }

  open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
    isNavigationBarHidden = hidden
  }
}

/// `UINavigationControllerDelegate`: `@MainActor protocol UINavigationControllerDelegate :
/// NSObjectProtocol`, every requirement optional.
@MainActor
public protocol UINavigationControllerDelegate: NSObjectProtocol {
  func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController,
    animated: Bool)
  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController,
    animated: Bool)
}

extension UINavigationControllerDelegate {
  public func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController,
    animated: Bool
  ) {}

  public func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController,
    animated: Bool
  ) {}
}
