import Foundation

extension View {
  /// `sheet(item:onDismiss:content:)` (iOS 13, macOS 10.15).
  public nonisolated func sheet<Item: Identifiable, Content: View>(
    item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View {
    _ModifiedView(self, "sheet", Presentation(item: item, onDismiss: onDismiss, content: content))
  }

  /// `fullScreenCover(item:onDismiss:content:)` (iOS 14; not on macOS).
  @available(iOS 14, *)
  @available(macOS, unavailable)
  public nonisolated func fullScreenCover<Item: Identifiable, Content: View>(
    item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View {
    _ModifiedView(
      self, "fullScreenCover", Presentation(item: item, onDismiss: onDismiss, content: content))
  }

  /// `popover(item:attachmentAnchor:arrowEdge:content:)` (iOS 13, macOS 10.15), as the iOS 18
  /// SDK declares it (the iOS 26 SDK makes `arrowEdge` an `Edge?` defaulting to `nil`, and
  /// `content` a `@ContentBuilder`; a call that leaves both as they are compiles with
  /// either). It has no `onDismiss`. The double keeps it as a `Presentation` whose
  /// `onDismiss` is `nil`.
  public nonisolated func popover<Item: Identifiable, Content: View>(
    item: Binding<Item?>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds),
    arrowEdge: Edge = .top, @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View {
    _ModifiedView(self, "popover", Presentation(item: item, onDismiss: nil, content: content))
  }

  /// `presentationCompactAdaptation(_:)` (iOS 16.4, macOS 13.3): how a presentation adapts
  /// to a compact size class (a popover as a sheet, say).
  @available(iOS 16.4, macOS 13.3, *)
  public nonisolated func presentationCompactAdaptation(_ adaptation: PresentationAdaptation)
    -> some View
  {
    _ModifiedView(self, "presentationCompactAdaptation", adaptation)
  }

  /// `presentationSizing(_:)` (iOS 18, macOS 15): the size of the containing presentation
  /// (`.form` for a form sheet).
  @available(iOS 18, macOS 15, *)
  public nonisolated func presentationSizing(_ sizing: some PresentationSizing) -> some View {
    _ModifiedView(self, "presentationSizing", sizing)
  }

  /// `interactiveDismissDisabled(_:)` (iOS 15, macOS 12): no swipe dismisses the sheet.
  public nonisolated func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View {
    _ModifiedView(self, "interactiveDismissDisabled", isDisabled)
  }

  /// `alert(_:isPresented:presenting:actions:message:)` (iOS 15, macOS 12), with a string for
  /// a title.
  public nonisolated func alert<S: StringProtocol, A: View, M: View, T>(
    _ title: S, isPresented: Binding<Bool>, presenting data: T?,
    @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
  ) -> some View {
    _ModifiedView(
      self, "alert",
      Dialog(
        title: String(title), isPresented: isPresented, data: data,
        actions: data.map { [actions($0), message($0)] } ?? []))
  }

  /// `confirmationDialog(_:isPresented:titleVisibility:presenting:actions:message:)` (iOS 15,
  /// macOS 12).
  public nonisolated func confirmationDialog<S: StringProtocol, A: View, M: View, T>(
    _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
    presenting data: T?, @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
  ) -> some View {
    _ModifiedView(
      self, "confirmationDialog",
      Dialog(
        title: String(title), isPresented: isPresented, data: data,
        actions: data.map { [actions($0), message($0)] } ?? []))
  }
}

/// `Visibility`.
public enum Visibility: Hashable, CaseIterable, Sendable {
  case automatic
  case visible
  case hidden
}

/// `Edge`: `enum Edge : Int8, CaseIterable`, Hashable and Sendable.
public enum Edge: Int8, CaseIterable, Hashable, Sendable {
  case top
  case leading
  case bottom
  case trailing
}

/// `Anchor`: `@frozen struct Anchor<Value>`, a geometric value of a view; only its `Source`.
public struct Anchor<Value> {
  /// `Anchor.Source`: where an anchor's value comes from; only `bounds`.
  public struct Source {
    let name: String
  }
}

extension Anchor.Source where Value == CGRect {
  /// `static var bounds: Anchor<CGRect>.Source`: the view's bounds.
  public static var bounds: Anchor<CGRect>.Source { Anchor<CGRect>.Source(name: "bounds") }
}

/// `PopoverAttachmentAnchor`: `enum PopoverAttachmentAnchor` (iOS 13, macOS 10.15), where a
/// popover points; its `point(_:)` case, which the runtime does not use, is left out.
public enum PopoverAttachmentAnchor {
  /// `case rect(Anchor<CGRect>.Source)`: relative to the source's frame.
  case rect(Anchor<CGRect>.Source)
}

/// `PresentationAdaptation`: `struct PresentationAdaptation` (iOS 16.4, macOS 13.3), how a
/// presentation adapts to a size class.
@available(iOS 16.4, macOS 13.3, *)
public struct PresentationAdaptation: Sendable {
  let name: String

  /// `static var automatic: PresentationAdaptation`.
  public static var automatic: PresentationAdaptation { PresentationAdaptation(name: "automatic") }
  /// `static var none: PresentationAdaptation`: no adaptation, where possible.
  public static var none: PresentationAdaptation { PresentationAdaptation(name: "none") }
  /// `static var popover: PresentationAdaptation`.
  public static var popover: PresentationAdaptation { PresentationAdaptation(name: "popover") }
  /// `static var sheet: PresentationAdaptation`.
  public static var sheet: PresentationAdaptation { PresentationAdaptation(name: "sheet") }
  /// `static var fullScreenCover: PresentationAdaptation`.
  public static var fullScreenCover: PresentationAdaptation {
    PresentationAdaptation(name: "fullScreenCover")
  }
}

/// `PresentationSizing`: `protocol PresentationSizing` (iOS 18, macOS 15), the size of a
/// presentation's content; the stubs leave its requirement (`proposedSize(for:context:)`)
/// out, since nothing here implements it.
@available(iOS 18, macOS 15, *)
public protocol PresentationSizing {}

/// `FormPresentationSizing`: `struct FormPresentationSizing` (iOS 18, macOS 15), Sendable:
/// a size for forms, a little narrower than a page.
@available(iOS 18, macOS 15, *)
public struct FormPresentationSizing: PresentationSizing, Sendable {}

@available(iOS 18, macOS 15, *)
extension PresentationSizing where Self == FormPresentationSizing {
  /// `static var form: FormPresentationSizing`.
  public static var form: FormPresentationSizing { FormPresentationSizing() }
}
