// API-faithful stubs of the UIKit surface that FlowRuntime, the generated code and the docs
// use, compiled as a module named `UIKit` by scripts/check-ios.sh so that
// `canImport(UIKit)` is true for the code checked against them. Declarations follow the
// iOS 18 SDK as Apple's documentation gives them (names, labels, optionality,
// `@MainActor`, `Sendable`); an `@objc optional` requirement is a protocol-extension
// default. The bodies are not UIKit: they only let the declarations compile.
//
// Checked one by one against Apple's pages: the navigation and presentation delegate
// methods, `present(_:animated:completion:)`, the `pop…` methods and their results,
// `UIAlertAction` (`@MainActor`, its initializer, `Style` Sendable and Hashable),
// `tabBarController(_:didSelect:)`, `scene(_:willConnectTo:options:)`, the optional
// `window`, `UIWindow(windowScene:)`, `notifyWhenInteractionChanges(_:)`. Written from the
// SDK as commonly used, not confirmed page by page: the raw values of the style enums,
// `UIImage` being Sendable, `UIScene.ConnectionOptions` being `@MainActor`, the
// initializers of `UINavigationItem` and `UITabBarItem`, and what an action sheet's popover
// is anchored with (`view`, `bounds`, `popoverPresentationController`,
// `UIPopoverPresentationController`, `UIPopoverArrowDirection`).
@_exported import Foundation

/// `UIResponder`: `@MainActor class UIResponder : NSObject`.
@MainActor
open class UIResponder: NSObject {
  public override init() {
    super.init()
  }
}

/// `UIView`, only as what a window is and what an action sheet's popover is anchored to.
@MainActor
open class UIView: UIResponder {
  open var bounds: CGRect

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
  open var presentationController: UIPresentationController? { storedPresentation }
  /// `var view: UIView!`: loaded on first use, as UIKit does.
  open lazy var view: UIView! = UIView()
  /// `var popoverPresentationController: UIPopoverPresentationController? { get }`: set
  /// where the view controller is shown in a popover (an action sheet on an iPad).
  open var popoverPresentationController: UIPopoverPresentationController? { nil }
  open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? { nil }
  open var isBeingPresented: Bool { false }
  open var isBeingDismissed: Bool { false }
  open var isMovingToParent: Bool { false }
  open var isMovingFromParent: Bool { false }
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

  open func present(
    _ viewControllerToPresent: UIViewController, animated flag: Bool,
    completion: (() -> Void)? = nil
  ) {
    presentedViewController = viewControllerToPresent
    viewControllerToPresent.presentingViewController = self
    completion?()
  }

  open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
    presentedViewController?.presentingViewController = nil
    presentedViewController = nil
    completion?()
  }

  open func willMove(toParent parent: UIViewController?) {}
  open func didMove(toParent parent: UIViewController?) {}
}
