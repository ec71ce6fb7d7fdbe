/// `UIPresentationController`: manages one presented view controller.
@MainActor
open class UIPresentationController: NSObject {
  open unowned(unsafe) var presentedViewController: UIViewController
  open var presentingViewController: UIViewController? {
    presentedViewController.presentingViewController
  }
  open weak var delegate: (any UIAdaptivePresentationControllerDelegate)?

  public init(
    presentedViewController: UIViewController,
    presenting presentingViewController: UIViewController?
  ) {
    self.presentedViewController = presentedViewController
    super.init()
  }
}

/// `UIPopoverPresentationController`: `@MainActor class UIPopoverPresentationController :
/// UIPresentationController`, what anchors a popover (an action sheet on an iPad).
@MainActor
open class UIPopoverPresentationController: UIPresentationController {
  open var sourceView: UIView?
  open var sourceRect: CGRect = .zero
  open var permittedArrowDirections: UIPopoverArrowDirection = .any
  /// `var sourceItem: (any UIPopoverPresentationControllerSourceItem)? { get set }` (iOS 16):
  /// a bar button item (or another item) to anchor the popover on.
  @available(iOS 16.0, macCatalyst 16.0, *)
  open var sourceItem: (any UIPopoverPresentationControllerSourceItem)? {
    get { storedSourceItem }
    set { storedSourceItem = newValue }
  }
  /// `var barButtonItem: UIBarButtonItem? { get set }` (iOS 8; to be deprecated for
  /// `sourceItem`).
  @available(iOS, introduced: 8.0, deprecated: 100000, message: "Use sourceItem instead")
  open var barButtonItem: UIBarButtonItem? {
    get { storedSourceItem as? UIBarButtonItem }
    set { storedSourceItem = newValue }
  }
  private var storedSourceItem: (any UIPopoverPresentationControllerSourceItem)?

  /// Whether it is anchored: UIKit raises an exception when a popover is presented without
  /// an anchor.
  var isAnchored: Bool { sourceView != nil || storedSourceItem != nil }
}

/// `UIPopoverPresentationControllerSourceItem` (iOS 16): `@MainActor protocol
/// UIPopoverPresentationControllerSourceItem : NSObjectProtocol`, what a popover can be
/// anchored on.
@available(iOS 16.0, macCatalyst 16.0, *)
@MainActor
public protocol UIPopoverPresentationControllerSourceItem: NSObjectProtocol {}

/// `UIPopoverArrowDirection`: `struct UIPopoverArrowDirection : OptionSet, Sendable`.
public struct UIPopoverArrowDirection: OptionSet, Sendable {
  public let rawValue: UInt

  public init(rawValue: UInt) {
    self.rawValue = rawValue
  }

  public static let up = UIPopoverArrowDirection(rawValue: 1 << 0)
  public static let down = UIPopoverArrowDirection(rawValue: 1 << 1)
  public static let left = UIPopoverArrowDirection(rawValue: 1 << 2)
  public static let right = UIPopoverArrowDirection(rawValue: 1 << 3)
  public static let any: UIPopoverArrowDirection = [.up, .down, .left, .right]
  public static let unknown = UIPopoverArrowDirection(rawValue: UInt.max)
}

/// `UIAdaptivePresentationControllerDelegate`: `@MainActor protocol
/// UIAdaptivePresentationControllerDelegate : NSObjectProtocol`, every requirement optional.
/// UIKit calls the dismissal ones only when the user dismisses, never for `dismiss(animated:)`.
@MainActor
public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
  func adaptivePresentationStyle(for controller: UIPresentationController)
    -> UIModalPresentationStyle
  func presentationControllerShouldDismiss(_ presentationController: UIPresentationController)
    -> Bool
  func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
  func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
  func presentationControllerDidAttemptToDismiss(
    _ presentationController: UIPresentationController)
}

extension UIAdaptivePresentationControllerDelegate {
  public func adaptivePresentationStyle(for controller: UIPresentationController)
    -> UIModalPresentationStyle
  { .automatic }

  public func presentationControllerShouldDismiss(
    _ presentationController: UIPresentationController
  ) -> Bool { true }

  public func presentationControllerWillDismiss(
    _ presentationController: UIPresentationController
  ) {}

  public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
  }

  public func presentationControllerDidAttemptToDismiss(
    _ presentationController: UIPresentationController
  ) {}
}

/// `UIViewControllerTransitionCoordinatorContext`: what a running transition tells.
@MainActor
public protocol UIViewControllerTransitionCoordinatorContext: NSObjectProtocol {
  var isAnimated: Bool { get }
  var presentationStyle: UIModalPresentationStyle { get }
  var initiallyInteractive: Bool { get }
  var isInterruptible: Bool { get }
  var isInteractive: Bool { get }
  var isCancelled: Bool { get }
  var transitionDuration: TimeInterval { get }
  func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
}

/// `UITransitionContextViewControllerKey`: which view controller of a transition.
public struct UITransitionContextViewControllerKey: Hashable, RawRepresentable, Sendable {
  public var rawValue: String

  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  public static let from = UITransitionContextViewControllerKey(
    rawValue: "UITransitionContextFromViewControllerKey")
  public static let to = UITransitionContextViewControllerKey(
    rawValue: "UITransitionContextToViewControllerKey")
}

/// `UIViewControllerTransitionCoordinator`: `@MainActor protocol
/// UIViewControllerTransitionCoordinator : UIViewControllerTransitionCoordinatorContext`.
@MainActor
public protocol UIViewControllerTransitionCoordinator:
  UIViewControllerTransitionCoordinatorContext
{
  @discardableResult
  func animate(
    alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
  ) -> Bool
  func notifyWhenInteractionChanges(
    _ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void)
}
