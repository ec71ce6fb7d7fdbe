/// `UIWindow`: shows a root view controller in a scene.
@MainActor
open class UIWindow: UIView {
  open var rootViewController: UIViewController? {
    didSet {
      oldValue?.rootOfWindow = nil
      rootViewController?.rootOfWindow = self
      // A window's root view controller's view is loaded when the window shows it.
      _ = rootViewController?.view
    }
  }
  open weak var windowScene: UIWindowScene?
  open private(set) var isKeyWindow = false

  public init(windowScene: UIWindowScene) {
    self.windowScene = windowScene
    super.init(frame: .zero)
  }

  public override init(frame: CGRect) {
    super.init(frame: frame)
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  open func makeKeyAndVisible() {
    isKeyWindow = true
  }
}

/// `UISceneSession`: the configuration a scene was connected with.
@MainActor
open class UISceneSession: NSObject {
  open var persistentIdentifier: String { "" }
}

/// `UIScene`: one instance of the app's interface.
@MainActor
open class UIScene: UIResponder {
  /// `UIScene.ConnectionOptions`: why the scene was connected (URLs, activities, …).
  @MainActor
  open class ConnectionOptions: NSObject {}

  open var delegate: (any UISceneDelegate)?
  open private(set) var session = UISceneSession()
}

/// `UIWindowScene`: a scene that shows windows.
@MainActor
open class UIWindowScene: UIScene {
  open var windows: [UIWindow] { [] }
}

/// `UISceneDelegate`: `@MainActor protocol UISceneDelegate : NSObjectProtocol`, every
/// requirement optional.
@MainActor
public protocol UISceneDelegate: NSObjectProtocol {
  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions)
  func sceneDidDisconnect(_ scene: UIScene)
  func sceneDidBecomeActive(_ scene: UIScene)
  func sceneWillResignActive(_ scene: UIScene)
  func sceneWillEnterForeground(_ scene: UIScene)
  func sceneDidEnterBackground(_ scene: UIScene)
}

extension UISceneDelegate {
  public func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions
  ) {}
  public func sceneDidDisconnect(_ scene: UIScene) {}
  public func sceneDidBecomeActive(_ scene: UIScene) {}
  public func sceneWillResignActive(_ scene: UIScene) {}
  public func sceneWillEnterForeground(_ scene: UIScene) {}
  public func sceneDidEnterBackground(_ scene: UIScene) {}
}

/// `UIWindowSceneDelegate`: `@MainActor protocol UIWindowSceneDelegate : UISceneDelegate`;
/// its `window` is optional too.
@MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
  var window: UIWindow? { get set }
}

extension UIWindowSceneDelegate {
  public var window: UIWindow? {
    get { nil }
    set {}
  }
}
