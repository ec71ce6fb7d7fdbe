/// `UITabBarController`: a row of tabs, each a view controller. Apple's documentation: it is
/// a window's root or a split view's column, never pushed onto a navigation stack.
@MainActor
open class UITabBarController: UIViewController {
  open var viewControllers: [UIViewController]? {
    didSet { for controller in viewControllers ?? [] { controller.parent = self } }
  }
  open var selectedIndex = 0
  open var selectedViewController: UIViewController? {
    get {
      guard let controllers = viewControllers, controllers.indices.contains(selectedIndex)
      else { return nil }
      return controllers[selectedIndex]
    }
    set {
      if let index = viewControllers?.firstIndex(where: { $0 === newValue }) {
        selectedIndex = index
      }
    }
  }
  open weak var delegate: (any UITabBarControllerDelegate)?

  open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
    self.viewControllers = viewControllers
  }
}

/// `UITabBarControllerDelegate`: `@MainActor protocol UITabBarControllerDelegate :
/// NSObjectProtocol`, every requirement optional. `didSelect` comes only from the user's
/// taps, never from setting `selectedIndex`.
@MainActor
public protocol UITabBarControllerDelegate: NSObjectProtocol {
  func tabBarController(
    _ tabBarController: UITabBarController, shouldSelect viewController: UIViewController
  ) -> Bool
  func tabBarController(
    _ tabBarController: UITabBarController, didSelect viewController: UIViewController)
}

extension UITabBarControllerDelegate {
  public func tabBarController(
    _ tabBarController: UITabBarController, shouldSelect viewController: UIViewController
  ) -> Bool { true }

  public func tabBarController(
    _ tabBarController: UITabBarController, didSelect viewController: UIViewController
  ) {}
}
