#if canImport(UIKit)
  import UIKit
#endif

/// Where a popover points: an action sheet on an iPad (a `FlowAlert` of style
/// ``FlowAlert/Style/actionSheet``), and, in the flow language's revision 3, a screen
/// presented as a popover. With UIKit it is a view (and a rectangle in it) or a bar button
/// item; the router anchors the popover there, with its arrow. Without one, an action sheet
/// is centred on the screen it is shown over, without an arrow.
///
/// A SwiftUI app has no use for it: `.confirmationDialog` anchors itself on the view it is
/// attached to.
nonisolated public struct PopoverAnchor: Sendable, Equatable {
  #if canImport(UIKit)
    /// What the popover points at.
    enum Source: Sendable {
      /// A rectangle of a view (its bounds for `nil`).
      case view(UIView, rect: CGRect?)
      /// A bar button item.
      case barButtonItem(UIBarButtonItem)
    }

    let source: Source

    /// A popover pointing at `rect` of `view` (by default, the whole view): the button that
    /// asked for it.
    public static func view(_ view: UIView, rect: CGRect? = nil) -> PopoverAnchor {
      PopoverAnchor(source: .view(view, rect: rect))
    }

    /// A popover pointing at a bar button item of a navigation bar or a toolbar.
    public static func barButtonItem(_ item: UIBarButtonItem) -> PopoverAnchor {
      PopoverAnchor(source: .barButtonItem(item))
    }

    /// The same view and rectangle, or the same bar button item.
    public static func == (lhs: PopoverAnchor, rhs: PopoverAnchor) -> Bool {
      switch (lhs.source, rhs.source) {
      case (.view(let first, let firstRect), .view(let second, let secondRect)):
        first === second && firstRect == secondRect
      case (.barButtonItem(let first), .barButtonItem(let second)):
        first === second
      default:
        false
      }
    }
  #endif
}

/// A screen that says where a popover shown over it points: the button that shows its action
/// sheets, for an alert without an ``FlowAlert/anchor`` of its own (and, in the flow
/// language's revision 3, for the screens it presents as popovers). `nil`: centred.
@MainActor
public protocol PopoverAnchoring: Presentable {
  /// Where a popover shown over this screen points now.
  var popoverAnchor: PopoverAnchor? { get }
}
