extension View {
  /// `sheet(item:onDismiss:content:)`.
  public nonisolated func sheet<Item: Identifiable, Content: View>(
    item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View { _ModifiedView(self) }

  /// `fullScreenCover(item:onDismiss:content:)`.
  public nonisolated func fullScreenCover<Item: Identifiable, Content: View>(
    item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View { _ModifiedView(self) }

  /// `interactiveDismissDisabled(_:)`: no swipe dismisses the sheet.
  public nonisolated func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View {
    _ModifiedView(self)
  }

  /// `alert(_:isPresented:presenting:actions:message:)`, with a string for a title.
  public nonisolated func alert<S: StringProtocol, A: View, M: View, T>(
    _ title: S, isPresented: Binding<Bool>, presenting data: T?,
    @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
  ) -> some View { _ModifiedView(self) }

  /// `confirmationDialog(_:isPresented:titleVisibility:presenting:actions:message:)`.
  public nonisolated func confirmationDialog<S: StringProtocol, A: View, M: View, T>(
    _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
    presenting data: T?, @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
  ) -> some View { _ModifiedView(self) }
}

/// `Visibility`.
public enum Visibility: Hashable, CaseIterable, Sendable {
  case automatic
  case visible
  case hidden
}
