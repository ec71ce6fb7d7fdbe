#if canImport(UIKit)
  import UIKit
#endif

/// Something a router can show: a screen, a tab container, a navigation stack.
///
/// It asks for nothing on any platform, so that the same screen type (a test's stub screen,
/// a preview's placeholder) conforms everywhere with a bare `: Presentable`. With UIKit,
/// every `UIViewController` is one, so a screen factory returns view controllers (a
/// `UIHostingController` for a SwiftUI screen), and ``viewControllerToShow`` is how a router
/// or a tab container gets the view controller of any presentable.
@MainActor
public protocol Presentable: AnyObject {
  #if canImport(UIKit)
    /// The view controller that shows it: a view controller itself, or the one that a type
    /// that is not a view controller implements this to return. Without an implementation
    /// it is an empty view controller that keeps the presentable alive: what a test or
    /// preview with stub screens needs, and nothing an app shows its users.
    var viewControllerToShow: UIViewController { get }
  #endif
}

#if canImport(UIKit)
  extension Presentable {
    /// A new, empty view controller that holds this presentable: each call makes another, so
    /// a type that is shown for real implements ``viewControllerToShow`` itself.
    public var viewControllerToShow: UIViewController { StandIn(for: self) }
  }

  extension UIViewController: Presentable {
    /// The view controller itself.
    public var viewControllerToShow: UIViewController { self }
  }

  /// The empty view controller shown for a presentable that has no view controller of its
  /// own; it keeps the presentable alive for as long as it is shown.
  private final class StandIn: UIViewController {
    let presentable: any Presentable

    init(for presentable: any Presentable) {
      self.presentable = presentable
      super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
      nil
    }
  }
#endif
