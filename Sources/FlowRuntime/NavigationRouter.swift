#if canImport(UIKit)
  import UIKit

  /// The UIKit router: a `UINavigationController` for the root stack, and one presented
  /// over it for each modal stack.
  ///
  /// It is the delegate of its navigation controllers and of the presentation of each
  /// modal stack, so that it sees the user go back with the back button or gesture, or
  /// swipe a modal stack away, and tells the coordinator (``Router/onUserUnwind``).
  ///
  /// A modal stack is presented as a page sheet (``ModalStyle/sheet``) or full screen
  /// (``ModalStyle/fullScreen``). A screen shown with `systemBack` off gets
  /// `navigationItem.hidesBackButton` (so no back button and no long-press menu), and while
  /// it is the top screen its stack's `interactivePopGestureRecognizer` is disabled; a screen
  /// shown with `dismissible` off gets `isModalInPresentation`, and while it is the top screen
  /// of a modal stack so does that stack, so that the sheet cannot be swiped away. A router
  /// only ever turns these on: a screen that hides its back button itself keeps it hidden.
  @MainActor
  public final class NavigationRouter: NSObject, Router {
    /// The root stack; put it in a window, or in a container of your own.
    public let navigationController: UINavigationController
    /// The modal stacks, bottom first.
    private var modals: [UINavigationController] = []
    /// How many screens each stack had after the last change this router made, root
    /// first: a stack that is shorter when it is shown was popped by the user.
    private var counts: [Int]
    public var onUserUnwind: (@MainActor (_ before: StackPosition) -> Void)?

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

    public func push(_ screen: any Presentable, controls: SystemControls) {
      let stack = topStack
      let viewController = shown(screen, controls)
      if stack.viewControllers.isEmpty {
        stack.setViewControllers([viewController], animated: false)
      } else {
        stack.pushViewController(viewController, animated: true)
      }
      recordCounts()
    }

    public func present(_ screen: any Presentable, style: ModalStyle, controls: SystemControls) {
      let stack = UINavigationController(rootViewController: shown(screen, controls))
      // The style first: the presentation controller is made for the style it finds.
      stack.modalPresentationStyle = style == .sheet ? .pageSheet : .fullScreen
      stack.delegate = self
      stack.presentationController?.delegate = self
      topStack.present(stack, animated: true)
      modals.append(stack)
      recordCounts()
    }

    public func replace(from index: Int, with screen: any Presentable, controls: SystemControls) {
      let stack = topStack
      let kept = stack.viewControllers.prefix(max(0, index))
      stack.setViewControllers(kept + [shown(screen, controls)], animated: true)
      recordCounts()
    }

    public func pop() {
      topStack.popViewController(animated: true)
      recordCounts()
    }

    /// Pops to the top stack's view controller at `index` with
    /// `popToViewController(_:animated:)`.
    public func popToRoot(at index: Int) {
      let stack = topStack
      guard index >= 0, index < stack.viewControllers.count - 1 else { return }
      stack.popToViewController(stack.viewControllers[index], animated: true)
      recordCounts()
    }

    /// Dismisses the top modal stack from the view controller that presented it, so that an
    /// alert shown over the stack goes with it (dismissing the stack itself would close only
    /// the alert).
    public func dismiss() {
      guard let stack = modals.popLast() else { return }
      (stack.presentingViewController ?? stack).dismiss(animated: true)
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

    /// Presents a `UIAlertController` made from `alert` over the view controller on top,
    /// whatever presents it: UIKit closes the alert before it runs the tapped action's
    /// handler. An alert is not one of this router's stacks: its counts do not change. An
    /// action sheet is anchored to the middle of the view it is shown over, which an iPad's
    /// popover needs.
    public func alert(_ alert: FlowAlert) {
      let controller = UIAlertController(
        title: alert.title, message: alert.message,
        preferredStyle: alert.style == .actionSheet ? .actionSheet : .alert)
      for button in alert.buttons {
        let action = button.action
        controller.addAction(
          UIAlertAction(title: button.title, style: Self.style(of: button.role)) { _ in
            action()
          })
      }
      var presenter: UIViewController = topStack
      while let presented = presenter.presentedViewController { presenter = presented }
      if let popover = controller.popoverPresentationController {
        popover.sourceView = presenter.view
        popover.sourceRect = CGRect(
          x: presenter.view.bounds.midX, y: presenter.view.bounds.midY, width: 0, height: 0)
        popover.permittedArrowDirections = []
      }
      presenter.present(controller, animated: true)
    }

    private static func style(of role: FlowAlert.Button.Role) -> UIAlertAction.Style {
      switch role {
      case .default: .default
      case .cancel: .cancel
      case .destructive: .destructive
      }
    }

    /// The view controller of `screen`, with the system controls that `controls` turns off
    /// turned off for as long as it is shown.
    private func shown(_ screen: any Presentable, _ controls: SystemControls) -> UIViewController {
      let viewController = screen.viewControllerToShow
      if !controls.systemBack { viewController.navigationItem.hidesBackButton = true }
      if !controls.dismissible { viewController.isModalInPresentation = true }
      return viewController
    }

    /// Remembers how many screens each stack has, and gives each stack the system controls
    /// of its top screen: the swipe-back gesture only where its back button shows, and a
    /// modal stack that cannot be swiped away while its top screen cannot.
    private func recordCounts() {
      counts = stacks.map { $0.viewControllers.count }
      for stack in stacks {
        let top = stack.topViewController
        let hidesBack = top?.navigationItem.hidesBackButton ?? false
        stack.interactivePopGestureRecognizer?.isEnabled = !hidesBack
        if stack !== navigationController {
          stack.isModalInPresentation = top?.isModalInPresentation ?? false
        }
      }
    }
  }

  extension NavigationRouter: UINavigationControllerDelegate {
    public func navigationController(
      _ navigationController: UINavigationController, didShow viewController: UIViewController,
      animated: Bool
    ) {
      guard let level = stacks.firstIndex(where: { $0 === navigationController }),
        level < counts.count, navigationController.viewControllers.count < counts[level]
      else { return recordCounts() }
      let before = StackPosition(modals: level, screens: counts[level])
      recordCounts()
      onUserUnwind?(before)
    }
  }

  extension NavigationRouter: UIAdaptivePresentationControllerDelegate {
    public func presentationControllerDidDismiss(
      _ presentationController: UIPresentationController
    ) {
      let dismissed = presentationController.presentedViewController
      guard let level = modals.firstIndex(where: { $0 === dismissed }) else { return }
      let before = top
      modals.removeSubrange(level...)
      recordCounts()
      onUserUnwind?(before)
    }
  }
#endif
