// The controls and containers that the example app and the docs' SwiftUI app draw their
// screens with, with the iOS 18 SDK's signatures (their initializers and modifiers are
// `nonisolated`, a button's action runs on the main actor).

import Foundation

/// `Image`.
public struct Image: View, Sendable {
  let name: String

  public nonisolated init(systemName: String) {
    name = systemName
  }

  public var body: Never { primitiveBody() }
}

/// `Label` (iOS 14, macOS 11): a title with an icon.
@MainActor @preconcurrency
public struct Label<Title: View, Icon: View>: View {
  // Set by the nonisolated initializers; the double reads them on the main actor only.
  nonisolated(unsafe) let title: Title
  nonisolated(unsafe) let icon: Icon

  public nonisolated init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
    self.title = title()
    self.icon = icon()
  }

  public var body: Never { primitiveBody() }
}

extension Label where Title == Text, Icon == Image {
  public nonisolated init<S: StringProtocol>(_ title: S, systemImage name: String) {
    self.init {
      Text(title)
    } icon: {
      Image(systemName: name)
    }
  }
}

/// `List`: rows in a single column.
@MainActor @preconcurrency
public struct List<SelectionValue: Hashable, Content: View>: View {
  nonisolated(unsafe) let content: Content

  public var body: Never { primitiveBody() }
}

extension List where SelectionValue == Never {
  public nonisolated init(@ViewBuilder content: () -> Content) {
    self.content = content()
  }
}

/// `TextField`: an editable line of text.
@MainActor @preconcurrency
public struct TextField<Label: View>: View {
  nonisolated(unsafe) let label: Label

  public var body: Never { primitiveBody() }
}

extension TextField where Label == Text {
  public nonisolated init<S: StringProtocol>(_ title: S, text: Binding<String>) {
    label = Text(title)
  }
}

extension Button {
  public nonisolated init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label)
  {
    self.init(role: nil, action: action, label: label)
  }
}

extension Button where Label == Text {
  public nonisolated init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
    self.init(title, role: nil, action: action)
  }
}

extension View {
  /// `navigationTitle(_:)`, with a string.
  public nonisolated func navigationTitle<S: StringProtocol>(_ title: S) -> some View {
    _ModifiedView(self, "navigationTitle", String(title))
  }

  /// `onOpenURL(perform:)` (iOS 14, macOS 11): what the app does with a URL it is opened with.
  public nonisolated func onOpenURL(perform action: @escaping (URL) -> Void) -> some View {
    _ModifiedView(self, "onOpenURL", action)
  }

  /// `onAppear(perform:)`.
  public nonisolated func onAppear(perform action: (() -> Void)? = nil) -> some View {
    _ModifiedView(self, "onAppear", action)
  }
}
