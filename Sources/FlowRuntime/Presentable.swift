#if canImport(UIKit)
  import UIKit

  /// Something a router can show: a screen, a tab container, a navigation stack.
  ///
  /// Every `UIViewController` is one, so a screen factory returns view controllers
  /// (a `UIHostingController` for a SwiftUI screen).
  @MainActor
  public protocol Presentable: AnyObject {
    /// The view controller that shows it.
    var viewControllerToShow: UIViewController { get }
  }

  extension UIViewController: Presentable {
    /// The view controller itself.
    public var viewControllerToShow: UIViewController { self }
  }
#else
  /// Something a router can show: a screen, a tab container, a navigation stack.
  ///
  /// Without UIKit it asks for nothing: tests and other platforms show what they like.
  @MainActor
  public protocol Presentable: AnyObject {}
#endif
