#if canImport(UIKit)
  import UIKit

  /// The UIKit router: a `UINavigationController` for the root stack, and one presented
  /// over it for each modal stack.
  ///
  /// It is the delegate of its navigation controllers and of the presentation of each
  /// modal stack, so that it sees the user go back with the back button or gesture, or
  /// swipe a modal stack away, and tells the coordinator (``Router/onUserUnwind``).
  @MainActor
  public final class NavigationRouter: NSObject, Router {
    /// The root stack; put it in a window, or in a container of your own.
    public let navigationController: UINavigationController
    /// The modal stacks, bottom first.
    private var modals: [UINavigationController] = []
    /// How many screens each stack had after the last change this router made, root
    /// first: a stack that is shorter when it is shown was popped by the user.
    private var counts: [Int]
    public var onUserUnwind: (@MainActor () -> Void)?

    public init(navigationController: UINavigationController = UINavigationController()) {
      self.navigationController = navigationController
      counts = [navigationController.viewControllers.count]
      super.init()
      navigationController.delegate = self
    }

    private var stacks: [UINavigationController] { [navigationController] + modals }
    private var topStack: UINavigationController { modals.last ?? navigationController }

    public var top: StackPosition {
      StackPosition(modals: modals.count, screens: topStack.viewControllers.count)
    }

    public func push(_ screen: any Presentable) {
      let stack = topStack
      if stack.viewControllers.isEmpty {
        stack.setViewControllers([screen.viewControllerToShow], animated: false)
      } else {
        stack.pushViewController(screen.viewControllerToShow, animated: true)
      }
      recordCounts()
    }

    public func present(_ screen: any Presentable) {
      let stack = UINavigationController(rootViewController: screen.viewControllerToShow)
      stack.delegate = self
      stack.presentationController?.delegate = self
      topStack.present(stack, animated: true)
      modals.append(stack)
      recordCounts()
    }

    public func replace(from index: Int, with screen: any Presentable) {
      let stack = topStack
      let kept = stack.viewControllers.prefix(max(0, index))
      stack.setViewControllers(kept + [screen.viewControllerToShow], animated: true)
      recordCounts()
    }

    public func pop() {
      topStack.popViewController(animated: true)
      recordCounts()
    }

    public func dismiss() {
      guard let stack = modals.popLast() else { return }
      stack.dismiss(animated: true)
      recordCounts()
    }

    public func unwind(to position: StackPosition) {
      let level = max(0, position.modals)
      if level < modals.count {
        // Dismissing from the stack below dismisses every stack above it at once.
        let presenter = level == 0 ? navigationController : modals[level - 1]
        modals.removeSubrange(level...)
        presenter.dismiss(animated: true)
      }
      let stack = topStack
      if level == modals.count, stack.viewControllers.count > position.screens {
        let kept = stack.viewControllers.prefix(max(0, position.screens))
        stack.setViewControllers(Array(kept), animated: true)
      }
      recordCounts()
    }

    public func makeTabStack() -> (router: any Router, view: any Presentable) {
      let router = NavigationRouter()
      return (router, router.navigationController)
    }

    private func recordCounts() {
      counts = stacks.map { $0.viewControllers.count }
    }
  }

  extension NavigationRouter: UINavigationControllerDelegate {
    public func navigationController(
      _ navigationController: UINavigationController, didShow viewController: UIViewController,
      animated: Bool
    ) {
      guard let level = stacks.firstIndex(where: { $0 === navigationController }),
        level < counts.count, navigationController.viewControllers.count < counts[level]
      else { return }
      recordCounts()
      onUserUnwind?()
    }
  }

  extension NavigationRouter: UIAdaptivePresentationControllerDelegate {
    public func presentationControllerDidDismiss(
      _ presentationController: UIPresentationController
    ) {
      let dismissed = presentationController.presentedViewController
      guard let level = modals.firstIndex(where: { $0 === dismissed }) else { return }
      modals.removeSubrange(level...)
      recordCounts()
      onUserUnwind?()
    }
  }
#endif
