/// `UISplitViewController`: `@MainActor class UISplitViewController : UIViewController`, a
/// container of columns. Only its column-style API (iOS 14, `init(style:)`) is stubbed: a
/// view controller per column (`setViewController(_:for:)`), the `compact` column's shown in
/// its place while it is collapsed (a compact width). The double collapses and expands it as
/// a change of width does (``UIKitDouble/collapse(_:)``, ``UIKitDouble/expand(_:)``), asking
/// its delegate first.
@MainActor
open class UISplitViewController: UIViewController {
  /// `UISplitViewController.Style` (iOS 14): how many columns.
  public enum Style: Int, Sendable, Hashable {
    case unspecified = 0
    case doubleColumn = 1
    case tripleColumn = 2
  }

  /// `UISplitViewController.Column` (iOS 14): a column, or the view controller shown
  /// collapsed (`compact`). The iOS 18 SDK has no `inspector` (iOS 26).
  public enum Column: Int, Sendable, Hashable {
    case primary = 0
    case supplementary = 1
    case secondary = 2
    case compact = 3
  }

  /// `UISplitViewController.DisplayMode` (iOS 8; its column-style names iOS 14).
  public enum DisplayMode: Int, Sendable, Hashable {
    case automatic = 0
    case secondaryOnly = 1
    case oneBesideSecondary = 2
    case oneOverSecondary = 3
    case twoBesideSecondary = 4
    case twoOverSecondary = 5
    case twoDisplaceSecondary = 6
  }

  /// `var style: UISplitViewController.Style { get }` (iOS 14).
  open var style: Style { storedStyle }
  open weak var delegate: (any UISplitViewControllerDelegate)?
  /// `var isCollapsed: Bool { get }`: whether it shows one column (a compact width).
  open var isCollapsed: Bool { collapsed }
  open var preferredDisplayMode: DisplayMode = .automatic
  /// `var displayMode: UISplitViewController.DisplayMode { get }`.
  open var displayMode: DisplayMode { currentDisplayMode }

  private let storedStyle: Style
  var collapsed = false
  var currentDisplayMode = DisplayMode.automatic
  /// The columns `show(_:)` and `hide(_:)` asked for, in order: what a test reads.
  var shownColumns: [Column] = []
  private var columns: [Column: UIViewController] = [:]

  /// `init(style:)` (iOS 14): a column-style split view controller.
  public init(style: Style) {
    storedStyle = style
    super.init(nibName: nil, bundle: nil)
  }

  public required init?(coder: NSCoder) {
    storedStyle = .unspecified
    super.init(coder: coder)
  }

  /// `func setViewController(_ vc: UIViewController?, for column: UISplitViewController.Column)`
  /// (iOS 14).
  open func setViewController(_ vc: UIViewController?, for column: Column) {
    columns[column]?.parent = nil
    columns[column] = vc
    vc?.parent = self
  }

  /// `func viewController(for column: UISplitViewController.Column) -> UIViewController?`
  /// (iOS 14).
  open func viewController(for column: Column) -> UIViewController? { columns[column] }

  /// `func show(_ column: UISplitViewController.Column)` (iOS 14): the closest display mode
  /// where the column is fully visible.
  open func show(_ column: Column) { shownColumns.append(column) }

  /// `func hide(_ column: UISplitViewController.Column)` (iOS 14).
  open func hide(_ column: Column) {}
}

/// `UISplitViewControllerDelegate`: `@MainActor protocol UISplitViewControllerDelegate`
/// (`NSObjectProtocol`), every requirement optional; only the column-style ones (iOS 14) are
/// stubbed. A default below is what UIKit does when the delegate does not implement the
/// method; the double records each use (``UIKitDouble/splitDelegateDefaultsUsed``), so that a
/// test can tell a delegate's misnamed method, which is never called, from its own.
@MainActor
public protocol UISplitViewControllerDelegate: NSObjectProtocol {
  func splitViewController(
    _ svc: UISplitViewController,
    topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column
  ) -> UISplitViewController.Column
  func splitViewController(
    _ svc: UISplitViewController,
    displayModeForExpandingToProposedDisplayMode proposedDisplayMode: UISplitViewController
      .DisplayMode
  ) -> UISplitViewController.DisplayMode
  func splitViewControllerDidCollapse(_ svc: UISplitViewController)
  func splitViewControllerDidExpand(_ svc: UISplitViewController)
}

extension UISplitViewControllerDelegate {
  public func splitViewController(
    _ svc: UISplitViewController,
    topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column
  ) -> UISplitViewController.Column {
    UIKitDouble.splitDelegateDefaultsUsed.append("topColumnForCollapsingToProposedTopColumn")
    return proposedTopColumn
  }

  public func splitViewController(
    _ svc: UISplitViewController,
    displayModeForExpandingToProposedDisplayMode proposedDisplayMode: UISplitViewController
      .DisplayMode
  ) -> UISplitViewController.DisplayMode {
    UIKitDouble.splitDelegateDefaultsUsed.append("displayModeForExpandingToProposedDisplayMode")
    return proposedDisplayMode
  }

  public func splitViewControllerDidCollapse(_ svc: UISplitViewController) {
    UIKitDouble.splitDelegateDefaultsUsed.append("splitViewControllerDidCollapse")
  }

  public func splitViewControllerDidExpand(_ svc: UISplitViewController) {
    UIKitDouble.splitDelegateDefaultsUsed.append("splitViewControllerDidExpand")
  }
}
