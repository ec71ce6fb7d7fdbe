// API-faithful stubs of the UIKit surface that FlowRuntime, the generated code and the docs
// use, compiled as a module named `UIKit` by scripts/check-ios.sh so that
// `canImport(UIKit)` is true for the code checked against them. Declarations follow the
// iOS 18 SDK as Apple's documentation gives them (names, labels, optionality,
// `@MainActor`, `Sendable`); an `@objc optional` requirement is a protocol-extension
// default. The bodies are not UIKit, but they follow its documented behaviour where a router
// depends on it (Behaviour.swift): one presentation at a time, made by the presentation
// context and refused with a log otherwise, transitions that end later when animated,
// navigation delegate calls, and the user's own gestures, so that tests run a router on them.
//
// Checked one by one against Apple's pages: the navigation and presentation delegate
// methods, `present(_:animated:completion:)`, the `pop…` methods and their results,
// `UIAlertAction` (`@MainActor`, its initializer, `Style` Sendable and Hashable),
// `tabBarController(_:didSelect:)`, `scene(_:willConnectTo:options:)`, the optional
// `window`, `UIWindow(windowScene:)`, `notifyWhenInteractionChanges(_:)`,
// `transitionCoordinator` (a view controller's own transition, else an ancestor's: never a
// child's), `interactivePopGestureRecognizer` and `interactiveContentPopGestureRecognizer`
// (iOS 26, declared with its availability), `viewIfLoaded`, `UIView.window`, and a popover's
// anchors (`sourceView`, `sourceRect`, `sourceItem` (iOS 16) and `barButtonItem`, to be
// deprecated for it), and (r3) `UISplitViewController`'s `init(style:)`, `style`,
// `setViewController(_:for:)`, `viewController(for:)`, `show(_:)` and `Column` (iOS 14), and the
// delegate's `splitViewController(_:topColumnForCollapsingToProposedTopColumn:)`,
// `splitViewController(_:displayModeForExpandingToProposedDisplayMode:)`,
// `splitViewControllerDidCollapse(_:)` and `splitViewControllerDidExpand(_:)` (iOS 14). Written from the SDK as commonly used, not confirmed page by page: the
// raw values of the style enums, `UIImage` being Sendable, `UIScene.ConnectionOptions` being
// `@MainActor`, the initializers of `UINavigationItem` and `UITabBarItem`,
// `UIPopoverArrowDirection`, and that an action sheet is a `.popover` presentation (as on an
// iPad, which the double is: one without an anchor is refused, where UIKit raises).
@_exported import Foundation

/// `UIResponder`: `@MainActor class UIResponder : NSObject`.
@MainActor
open class UIResponder: NSObject {
  public override init() {
    super.init()
  }
}

/// `UIAccessibilityIdentification`: `protocol UIAccessibilityIdentification :
/// NSObjectProtocol`, which `UIView` adopts: an identifier for UI tests, which users never
/// see.
public protocol UIAccessibilityIdentification: NSObjectProtocol {
  @MainActor var accessibilityIdentifier: String? { get set }
}

/// `UIView`, only as what a window is, what UI tests find by its accessibility identifier,
/// what an action sheet's popover is anchored to, and what tells the window a view
/// controller is in (`window`).
@MainActor
open class UIView: UIResponder, UIAccessibilityIdentification {
  open var bounds: CGRect
  /// `@MainActor var accessibilityIdentifier: String? { get set }`
  /// (`UIAccessibilityIdentification`, iOS 5): what UI tests find the view by; `nil` until
  /// set.
  open var accessibilityIdentifier: String?
  /// The view controller whose view it is, in the double: its window is the view's.
  weak var owner: UIViewController?

  /// `var window: UIWindow? { get }`: the window the view is in; `nil` until it is added to
  /// one. A window is in its own.
  open var window: UIWindow? { (self as? UIWindow) ?? owner?.windowOfHierarchy }

  public init(frame: CGRect) {
    bounds = CGRect(origin: .zero, size: frame.size)
    super.init()
  }

  public required init?(coder: NSCoder) {
    bounds = .zero
    super.init()
  }

  public override convenience init() {
    self.init(frame: .zero)
  }
}

/// `UIImage`, only as a tab bar item's image.
open class UIImage: NSObject, @unchecked Sendable {
  public init?(systemName name: String) {
    super.init()
  }
}

/// `UINavigationItem`: what a navigation bar shows for a view controller.
@MainActor
open class UINavigationItem: NSObject {
  open var title: String?
  open var hidesBackButton = false

  public init(title: String) {
    self.title = title
    super.init()
  }

  open func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) {
    self.hidesBackButton = hidesBackButton
  }
}

/// `UITabBarItem`: what a tab bar shows for a view controller.
@MainActor
open class UITabBarItem: NSObject {
  open var title: String?
  open var image: UIImage?
  open var tag = 0

  public override init() {
    super.init()
  }

  public convenience init(title: String?, image: UIImage?, tag: Int) {
    self.init()
    self.title = title
    self.image = image
    self.tag = tag
  }

  public convenience init(title: String?, image: UIImage?, selectedImage: UIImage?) {
    self.init()
    self.title = title
    self.image = image
  }
}

/// `UIBarItem`: `@MainActor class UIBarItem : NSObject`, an item of a bar.
@MainActor
open class UIBarItem: NSObject {
  open var title: String?
}

/// `UIBarButtonItem`: `@MainActor class UIBarButtonItem : UIBarItem`, a button of a
/// navigation bar or a toolbar; a popover's anchor (`UIPopoverPresentationControllerSourceItem`,
/// iOS 16).
@MainActor
open class UIBarButtonItem: UIBarItem, UIPopoverPresentationControllerSourceItem {
  public override init() {
    super.init()
  }
}

/// `UIGestureRecognizer`, only as a navigation controller's pop gesture.
@MainActor
open class UIGestureRecognizer: NSObject {
  open var isEnabled = true
}

/// `UIModalPresentationStyle`: how a presented view controller is shown.
public enum UIModalPresentationStyle: Int, Sendable, Hashable {
  case fullScreen = 0
  case pageSheet = 1
  case formSheet = 2
  case currentContext = 3
  case custom = 4
  case overFullScreen = 5
  case overCurrentContext = 6
  case popover = 7
  case none = -1
  case automatic = -2
}

/// `UIViewController`: `@MainActor class UIViewController : UIResponder`.
@MainActor
open class UIViewController: UIResponder {
  open var title: String?
  /// Made on first use, as UIKit does.
  open private(set) lazy var navigationItem = UINavigationItem(title: "")
  open var tabBarItem: UITabBarItem! = UITabBarItem()
  open var modalPresentationStyle: UIModalPresentationStyle = .automatic
  open var isModalInPresentation = false
  open internal(set) var presentedViewController: UIViewController?
  open internal(set) weak var presentingViewController: UIViewController?
  open internal(set) weak var parent: UIViewController?
  /// Its own for a view controller that is not a child; a child's is its parent's, as in
  /// UIKit (so a screen in a presented navigation stack sets the stack's delegate). For one
  /// presented as a popover, its `popoverPresentationController`, as in UIKit.
  open var presentationController: UIPresentationController? {
    parent?.presentationController ?? popoverPresentationController ?? storedPresentation
  }
  /// `var view: UIView!`: loaded on first use, as UIKit does.
  open var view: UIView! {
    get {
      if let loadedView { return loadedView }
      let view = UIView()
      view.owner = self
      loadedView = view
      viewDidLoad()
      return view
    }
    set {
      newValue?.owner = self
      loadedView = newValue
    }
  }
  /// `var viewIfLoaded: UIView? { get }` (iOS 9): the view, or `nil` if it is not loaded.
  open var viewIfLoaded: UIView? { loadedView }
  /// `var isViewLoaded: Bool { get }`.
  open var isViewLoaded: Bool { loadedView != nil }
  private var loadedView: UIView?
  /// `var popoverPresentationController: UIPopoverPresentationController? { get }`: the
  /// popover's, when the view controller is presented as one (`.popover`: an action sheet on
  /// an iPad).
  open var popoverPresentationController: UIPopoverPresentationController? {
    guard modalPresentationStyle == .popover else { return nil }
    if let storedPopover { return storedPopover }
    let popover = UIPopoverPresentationController(presentedViewController: self, presenting: nil)
    storedPopover = popover
    return popover
  }
  private var storedPopover: UIPopoverPresentationController?
  open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
    activeTransition ?? parent?.transitionCoordinator
  }
  open var isBeingPresented: Bool { beingPresented }
  open var isBeingDismissed: Bool { beingDismissed }
  open var isMovingToParent: Bool { false }
  open var isMovingFromParent: Bool { false }
  /// The transition that moves it now, if any.
  var activeTransition: Transition?
  private var beingPresented = false
  private var beingDismissed = false
  private lazy var storedPresentation = UIPresentationController(
    presentedViewController: self, presenting: nil)

  /// The nearest navigation controller that holds it.
  open var navigationController: UINavigationController? {
    var next = parent
    while let controller = next {
      if let navigation = controller as? UINavigationController { return navigation }
      next = controller.parent
    }
    return nil
  }

  /// The nearest tab bar controller that holds it.
  open var tabBarController: UITabBarController? {
    var next = parent
    while let controller = next {
      if let tabs = controller as? UITabBarController { return tabs }
      next = controller.parent
    }
    return nil
  }

  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init()
  }

  public required init?(coder: NSCoder) {
    super.init()
  }

  public override convenience init() {
    self.init(nibName: nil, bundle: nil)
  }

  open func viewDidLoad() {}
  open func viewWillAppear(_ animated: Bool) {}
  open func viewDidAppear(_ animated: Bool) {}
  open func viewWillDisappear(_ animated: Bool) {}
  open func viewDidDisappear(_ animated: Bool) {}

  /// UIKit's rules: the presentation context (the outermost parent) presents; it refuses,
  /// with a log and without the completion, when it already presents something (perhaps
  /// being dismissed) or is itself being presented.
  open func present(
    _ viewControllerToPresent: UIViewController, animated flag: Bool,
    completion: (() -> Void)? = nil
  ) {
    let context = presentationContext
    if let shown = context.presentedViewController {
      let why = shown.isBeingDismissed ? "while a presentation or dismiss is in progress" : ""
      UIKitDouble.log.append(
        "Attempt to present \(viewControllerToPresent) on \(context) which is already "
          + "presenting \(shown) \(why)")
      return
    }
    if !context.isInWindowHierarchy {
      UIKitDouble.log.append(
        "Attempt to present \(viewControllerToPresent) on \(context) whose view is not in the "
          + "window hierarchy")
      return
    }
    if let popover = viewControllerToPresent.popoverPresentationController, !popover.isAnchored {
      UIKitDouble.log.append(
        "UIPopoverPresentationController (\(popover)) should have a non-nil sourceView or "
          + "barButtonItem set before the presentation occurs.")
      return
    }
    if context.isBeingPresented || viewControllerToPresent.presentingViewController != nil {
      UIKitDouble.log.append(
        "Attempt to present \(viewControllerToPresent) on \(context) while a presentation is "
          + "in progress")
      return
    }
    context.presentedViewController = viewControllerToPresent
    viewControllerToPresent.presentingViewController = context
    viewControllerToPresent.beingPresented = true
    viewControllerToPresent.activeTransition = Transitions.begin(
      animated: flag, from: context, to: viewControllerToPresent
    ) { _ in
      viewControllerToPresent.beingPresented = false
      viewControllerToPresent.activeTransition = nil
      viewControllerToPresent.viewDidAppear(flag)
      completion?()
    }
  }

  /// UIKit's rules: dismisses what the presentation context presents, with everything above
  /// it; if it presents nothing, it is dismissed itself by what presented it.
  open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
    let context = presentationContext
    if context.presentedViewController != nil {
      context.dismissPresented(animated: flag, completion: completion)
    } else if let presenting = context.presentingViewController {
      presenting.dismissPresented(animated: flag, completion: completion)
    } else {
      completion?()
    }
  }

  /// The window whose root view controller it is.
  weak var rootOfWindow: UIWindow?

  /// The window its view is in: the window whose root it is, or is a child of, or is
  /// presented over.
  var windowOfHierarchy: UIWindow? {
    var context = presentationContext
    while context.rootOfWindow == nil {
      guard let presenting = context.presentingViewController else { return nil }
      context = presenting.presentationContext
    }
    return context.rootOfWindow
  }

  /// Whether its view is in a window: it is a window's root, or presented over one.
  var isInWindowHierarchy: Bool { windowOfHierarchy != nil }

  /// The outermost parent: what presents for it.
  var presentationContext: UIViewController {
    var context = self
    while let parent = context.parent { context = parent }
    return context
  }

  /// Dismisses what it presents, and what that presents, and so on. A dismissal while the
  /// presentation or another dismissal is in flight is refused with a log.
  func dismissPresented(animated flag: Bool, completion: (() -> Void)?) {
    guard let presented = presentedViewController else { return }
    if presented.isBeingPresented || presented.isBeingDismissed {
      UIKitDouble.log.append(
        "Attempt to dismiss from \(self) while a presentation or dismiss is in progress")
      return
    }
    var chain: [UIViewController] = []
    var next: UIViewController? = presented
    while let controller = next {
      chain.append(controller)
      next = controller.presentedViewController
    }
    for controller in chain {
      controller.beingDismissed = true
      controller.viewWillDisappear(flag)
    }
    presented.activeTransition = Transitions.begin(animated: flag, from: chain.last, to: self) {
      _ in
      self.presentedViewController = nil
      for controller in chain {
        controller.presentingViewController = nil
        controller.presentedViewController = nil
        controller.activeTransition = nil
        controller.viewDidDisappear(flag)
        controller.beingDismissed = false
      }
      completion?()
    }
  }

  open func willMove(toParent parent: UIViewController?) {}
  open func didMove(toParent parent: UIViewController?) {}

  /// `addChild(_:)`: makes `childController` a child, as a container view controller of the
  /// app's own does.
  open func addChild(_ childController: UIViewController) {
    childController.willMove(toParent: self)
    childController.parent = self
  }
}
