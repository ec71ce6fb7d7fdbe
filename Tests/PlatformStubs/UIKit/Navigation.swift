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
  open var topViewController: UIViewController? { viewControllers.last }
  open var visibleViewController: UIViewController? {
    presentedViewController ?? topViewController
  }
  open var isNavigationBarHidden = false
  private let popGesture = UIGestureRecognizer()

  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  public init(rootViewController: UIViewController) {
    super.init(nibName: nil, bundle: nil)
    viewControllers = [rootViewController]
  }

  open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
    self.viewControllers = viewControllers
  }

  open func pushViewController(_ viewController: UIViewController, animated: Bool) {
    viewControllers.append(viewController)
  }

  @discardableResult
  open func popViewController(animated: Bool) -> UIViewController? {
    guard viewControllers.count > 1 else { return nil }
    return viewControllers.popLast()
  }

  @discardableResult
  open func popToViewController(_ viewController: UIViewController, animated: Bool)
    -> [UIViewController]?
  {
    guard let index = viewControllers.lastIndex(where: { $0 === viewController }) else {
      return nil
    }
    let popped = Array(viewControllers[(index + 1)...])
    viewControllers.removeSubrange((index + 1)...)
    return popped
  }

  @discardableResult
  open func popToRootViewController(animated: Bool) -> [UIViewController]? {
    guard let root = viewControllers.first else { return nil }
    return popToViewController(root, animated: animated)
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
