// The behaviour the stubs follow, so that a router runs against them on Linux: transitions
// that take time, UIKit's refusals, and the user's own gestures. What a test drives is behind
// `@_spi(Behaviour)`: code compiled against the stubs as an app (FlowRuntime, generated
// code, examples) cannot call it by mistake.

/// A transition in flight: a push, a pop, a presentation or a dismissal, animated or made
/// interactively by the user. UIKit gives it to the view controllers it moves as their
/// `transitionCoordinator`; its completion handlers run when it ends, finished or cancelled.
@MainActor
final class Transition: NSObject, UIViewControllerTransitionCoordinator {
  let isAnimated: Bool
  let presentationStyle: UIModalPresentationStyle = .none
  let initiallyInteractive: Bool
  let isInterruptible = false
  private(set) var isInteractive: Bool
  private(set) var isCancelled = false
  let transitionDuration: TimeInterval = 0.35
  private let from: UIViewController?
  private let to: UIViewController?
  /// What the transition does when it ends: finished (`true`) or cancelled (`false`).
  private let end: (Bool) -> Void
  private var completions: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
  private var interactionHandlers: [(any UIViewControllerTransitionCoordinatorContext) -> Void] =
    []

  init(
    from: UIViewController?, to: UIViewController?, interactive: Bool,
    end: @escaping (Bool) -> Void
  ) {
    self.from = from
    self.to = to
    isAnimated = true
    initiallyInteractive = interactive
    isInteractive = interactive
    self.end = end
  }

  func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
    key == .from ? from : key == .to ? to : nil
  }

  @discardableResult
  func animate(
    alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
  ) -> Bool {
    animation?(self)
    if let completion { completions.append(completion) }
    return true
  }

  func notifyWhenInteractionChanges(
    _ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void
  ) {
    interactionHandlers.append(handler)
  }

  /// Ends the transition, finished or cancelled: it leaves the running ones first, so that
  /// the handlers see no transition in flight.
  func complete(cancelled: Bool) {
    Transitions.running.removeAll { $0 === self }
    if isInteractive {
      isInteractive = false
      isCancelled = cancelled
      for handler in interactionHandlers { handler(self) }
    }
    end(!cancelled)
    for completion in completions { completion(self) }
  }
}

/// The transitions in flight, in the order they began.
@MainActor
enum Transitions {
  static var running: [Transition] = []

  /// Runs `end` now when `animated` is false, or when the transition ends; returns the
  /// transition.
  @discardableResult
  static func begin(
    animated: Bool, from: UIViewController?, to: UIViewController?, interactive: Bool = false,
    end: @escaping (Bool) -> Void
  ) -> Transition? {
    guard animated || interactive else {
      end(true)
      return nil
    }
    let transition = Transition(from: from, to: to, interactive: interactive, end: end)
    running.append(transition)
    return transition
  }
}

/// What a test does to the UIKit double: let time pass, read UIKit's console, and act as the
/// user.
@_spi(Behaviour)
@MainActor
public enum UIKitDouble {
  /// What UIKit wrote to the console, such as a refused presentation.
  public static var log: [String] = []

  /// The `UISplitViewControllerDelegate` methods whose default ran, in order: a delegate that
  /// implements one under a misspelt name leaves the default to run.
  public static var splitDelegateDefaultsUsed: [String] = []

  /// The width becomes compact (a rotation, a narrower window): the delegate chooses the
  /// column on top (proposed: `compact` when the split has a view controller for it, else
  /// `secondary`), the split collapses, and the delegate hears of it.
  public static func collapse(_ split: UISplitViewController) {
    guard !split.collapsed else { return }
    let proposed: UISplitViewController.Column =
      split.viewController(for: .compact) == nil ? .secondary : .compact
    _ =
      split.delegate?.splitViewController(
        split, topColumnForCollapsingToProposedTopColumn: proposed)
    split.collapsed = true
    split.delegate?.splitViewControllerDidCollapse(split)
  }

  /// The width becomes regular again: the delegate chooses the display mode (proposed: the
  /// preferred one), the split expands, and the delegate hears of it.
  public static func expand(_ split: UISplitViewController) {
    guard split.collapsed else { return }
    let proposed = split.preferredDisplayMode
    split.currentDisplayMode =
      split.delegate?.splitViewController(
        split, displayModeForExpandingToProposedDisplayMode: proposed) ?? proposed
    split.collapsed = false
    split.delegate?.splitViewControllerDidExpand(split)
  }

  /// The columns `show(_:)` was asked to show on `split`, in order.
  public static func shownColumns(of split: UISplitViewController) -> [UISplitViewController.Column]
  {
    split.shownColumns
  }

  /// Whether a transition that is not interactive is in flight.
  public static var isAnimating: Bool { Transitions.running.contains { !$0.isInteractive } }

  /// Lets every animation that is not interactive end, and those they start, in order.
  public static func finishAnimations() {
    while let next = Transitions.running.first(where: { !$0.isInteractive }) {
      next.complete(cancelled: false)
    }
  }

  /// The user taps the back button of `stack`: nothing happens when its top screen hides it.
  public static func tapBack(on stack: UINavigationController) {
    guard stack.viewControllers.count > 1,
      stack.topViewController?.navigationItem.hidesBackButton != true
    else { return }
    stack.userPop(to: stack.viewControllers.count - 2, interactive: false)
  }

  /// The user picks the screen at `index` in the back button's long-press menu of `stack`:
  /// every screen above it goes at once.
  public static func longPressBack(on stack: UINavigationController, to index: Int) {
    guard index >= 0, index < stack.viewControllers.count - 1,
      stack.topViewController?.navigationItem.hidesBackButton != true
    else { return }
    stack.userPop(to: index, interactive: false)
  }

  /// The user starts the swipe-back gesture on `stack`; ``endSwipeBack(on:cancelled:)`` lifts
  /// the finger. Returns whether the gesture began (it is enabled and there is a screen
  /// below).
  @discardableResult
  public static func beginSwipeBack(on stack: UINavigationController) -> Bool {
    guard stack.viewControllers.count > 1,
      stack.interactivePopGestureRecognizer?.isEnabled == true
    else { return false }
    stack.userPop(to: stack.viewControllers.count - 2, interactive: true)
    return true
  }

  /// The user pans toward the trailing edge from anywhere in the content of `stack`: iOS 26's
  /// content pop (`interactiveContentPopGestureRecognizer`), which
  /// ``endSwipeBack(on:cancelled:)`` ends too. Returns whether the gesture began (it is
  /// enabled and there is a screen below).
  @discardableResult
  public static func beginContentSwipeBack(on stack: UINavigationController) -> Bool {
    guard stack.viewControllers.count > 1,
      stack.interactiveContentPopGestureRecognizer?.isEnabled == true
    else { return false }
    stack.userPop(to: stack.viewControllers.count - 2, interactive: true)
    return true
  }

  /// The user lifts the finger of a swipe back on `stack`: it goes back, or (`cancelled`)
  /// the screen slides back in and nothing changed.
  public static func endSwipeBack(on stack: UINavigationController, cancelled: Bool) {
    stack.activeTransition?.complete(cancelled: cancelled)
  }

  /// The user taps the button titled `title` of `alert`: UIKit closes the alert, then runs
  /// the button's handler. Returns whether there was such a button on an alert on screen.
  @discardableResult
  public static func tap(_ title: String, in alert: UIAlertController) -> Bool {
    guard let action = alert.actions.first(where: { $0.title == title }),
      let presenting = alert.presentingViewController, !alert.isBeingDismissed
    else { return false }
    presenting.dismissPresented(animated: true) { action.handler?(action) }
    return true
  }

  /// The user taps outside the popover `presented` (or swipes it down, where a compact width
  /// shows it as a sheet): UIKit treats it as a sheet's swipe down (``swipeDown(_:)``).
  @discardableResult
  public static func tapOutside(_ presented: UIViewController) -> Bool {
    guard presented.modalPresentationStyle == .popover else { return false }
    return swipeDown(presented)
  }

  /// The user swipes down the sheet (page or form sheet) `presented`: refused, with the delegate's
  /// `presentationControllerDidAttemptToDismiss(_:)`, while it or its top screen is modal in
  /// presentation; otherwise it is dismissed, and the delegate hears of it. Returns whether
  /// it went.
  @discardableResult
  public static func swipeDown(_ presented: UIViewController) -> Bool {
    guard presented.presentingViewController != nil, !presented.isBeingDismissed,
      presented.modalPresentationStyle != .fullScreen
    else { return false }
    let controller = presented.presentationController
    let delegate = controller?.delegate
    let top = (presented as? UINavigationController)?.topViewController
    if presented.isModalInPresentation || top?.isModalInPresentation == true
      || delegate.map({ controller.map($0.presentationControllerShouldDismiss) ?? true }) == false
    {
      if let controller { delegate?.presentationControllerDidAttemptToDismiss(controller) }
      return false
    }
    if let controller { delegate?.presentationControllerWillDismiss(controller) }
    presented.presentingViewController?.dismissPresented(animated: true) {
      if let controller { controller.delegate?.presentationControllerDidDismiss(controller) }
    }
    finishAnimations()
    return true
  }
}
