// The controls and containers that the example app and the docs' SwiftUI app draw their
// screens with, with the iOS 18 SDK's signatures (their initializers and modifiers are
// `nonisolated`, a button's action runs on the main actor).

/// `Image`.
public struct Image: View, Sendable {
  public nonisolated init(systemName: String) {}
  public var body: Never { primitiveBody() }
}

/// `Label`: a title with an icon.
@MainActor @preconcurrency
public struct Label<Title: View, Icon: View>: View {
  public nonisolated init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {}
  public var body: Never { primitiveBody() }
}

extension Label where Title == Text, Icon == Image {
  public nonisolated init<S: StringProtocol>(_ title: S, systemImage name: String) {}
}

/// `List`: rows in a single column.
@MainActor @preconcurrency
public struct List<SelectionValue: Hashable, Content: View>: View {
  public var body: Never { primitiveBody() }
}

extension List where SelectionValue == Never {
  public nonisolated init(@ViewBuilder content: () -> Content) {}
}

/// `TextField`: an editable line of text.
@MainActor @preconcurrency
public struct TextField<Label: View>: View {
  public var body: Never { primitiveBody() }
}

extension TextField where Label == Text {
  public nonisolated init<S: StringProtocol>(_ title: S, text: Binding<String>) {}
}

extension Button {
  public nonisolated init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label)
  {}
}

extension Button where Label == Text {
  public nonisolated init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {}
}

extension View {
  /// `navigationTitle(_:)`, with a string.
  public nonisolated func navigationTitle<S: StringProtocol>(_ title: S) -> some View {
    _ModifiedView(self)
  }

  /// `onAppear(perform:)`.
  public nonisolated func onAppear(perform action: (() -> Void)? = nil) -> some View {
    _ModifiedView(self)
  }
}
