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
