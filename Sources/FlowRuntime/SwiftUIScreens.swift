#if canImport(SwiftUI)
  import SwiftUI
#endif

/// A screen of a SwiftUI app as a screen factory returns it: the screen's view, wrapped so
/// that the generated factories' `any Presentable` holds it, and that ``FlowStackView``
/// draws without the app mapping presentables to views.
///
/// ```swift
/// func makeNoteList(send: …) -> any Presentable {
///   ScreenView { NoteList(send: send) }
/// }
/// ```
///
/// `Content` is any type, so that a view whose `View` conformance only exists where SwiftUI
/// does (`#if canImport(SwiftUI)`) still makes the same screens on Linux, where tests read
/// ``content`` and send its events (`ScreenView(showing: Catalog(send: send))`). A UIKit app's factory returns view controllers instead
/// (a `UIHostingController` for a SwiftUI screen): the same generated code serves both.
@MainActor
public final class ScreenView<Content>: Presentable, CustomStringConvertible {
  /// The screen's view (or, where SwiftUI is missing, what stands for it).
  public let content: Content
  /// How the router's observers and records name it: what it was given, else `content`'s
  /// own description when it has one, else `content`'s type.
  public nonisolated let description: String

  /// A screen showing `content`, named `name` (by default, as `content` describes itself).
  /// `ScreenView { … }` builds the view in place: this one is disfavoured, so that such a
  /// closure is the view's builder, not the content.
  @_disfavoredOverload
  public init(showing content: Content, named name: String? = nil) {
    self.content = content
    description =
      name ?? (content as? any CustomStringConvertible)?.description
      ?? String(describing: Content.self)
  }
}

/// The item of a tab in a ``TabContainer``'s tab bar: what ``FlowTabView`` shows as its
/// `tabItem` when the app gives no view of its own.
nonisolated public struct TabLabel: Hashable, Sendable {
  /// The tab's title.
  public var title: String
  /// The name of its SF Symbol, if it has one.
  public var systemImage: String?

  public init(_ title: String, systemImage: String? = nil) {
    self.title = title
    self.systemImage = systemImage
  }
}

#if canImport(SwiftUI)
  /// A presentable that draws itself: what ``FlowStackView`` shows for it when the app gives
  /// no `screen:` closure. ``ScreenView`` is one when its content is a view; an app's own
  /// screen type can be one too.
  @MainActor
  public protocol ViewPresentable: Presentable {
    /// The view that shows it.
    var view: AnyView { get }
  }

  extension ScreenView where Content: View {
    /// A screen showing the view that `content` builds, named after the view's type.
    public convenience init(named name: String? = nil, @ViewBuilder _ content: () -> Content) {
      self.init(showing: content(), named: name)
    }
  }

  extension ScreenView: ViewPresentable where Content: View {
    public var view: AnyView { AnyView(content) }
  }

  /// Draws one screen of a stack as the screen factory made it, with no help from the app:
  /// a ``ViewPresentable`` (a ``ScreenView``) as its view, a ``TabContainer`` as a
  /// ``FlowTabView`` with the container's labels, anything else as its name (a screen the
  /// factory did not make as a view).
  @available(iOS 17, macOS 14, *)
  public struct FlowScreen: View {
    private let shown: StackedScreen

    public init(_ shown: StackedScreen) {
      self.shown = shown
    }

    public var body: some View {
      if let tabs = shown.screen as? TabContainer {
        FlowTabView(tabs)
      } else if let screen = shown.screen as? any ViewPresentable {
        screen.view
      } else {
        Text(verbatim: SwiftUIRouter.name(of: shown))
      }
    }
  }

  /// The tab bar item of a tab: its ``TabLabel`` (a title, with its symbol if it has one),
  /// or "Tab 2" for a tab the container has no label for.
  @available(iOS 17, macOS 14, *)
  public struct FlowTabLabel: View {
    private let label: TabLabel

    /// The item of the tab at `index` of `container` (0 is the first).
    public init(_ container: TabContainer, at index: Int) {
      label =
        container.labels.indices.contains(index)
        ? container.labels[index] : TabLabel("Tab \(index + 1)")
    }

    public var body: some View {
      if let image = label.systemImage {
        Label(label.title, systemImage: image)
      } else {
        Text(verbatim: label.title)
      }
    }
  }

  @available(iOS 17, macOS 14, *)
  extension FlowStackView where Screen == FlowScreen {
    /// Shows a stack of `router` (its root stack unless told another), each screen drawn as
    /// ``FlowScreen`` draws it: the views that the screen factory wrapped in
    /// ``ScreenView``, and tab containers as ``FlowTabView``.
    public init(router: SwiftUIRouter, stack: NavigationStackState? = nil) {
      self.init(router: router, stack: stack) { FlowScreen($0) }
    }
  }

  @available(iOS 17, macOS 14, *)
  extension FlowTabView where Screen == FlowScreen, Label == FlowTabLabel {
    /// Shows `container` with the labels it was given (``TabContainer/labels``), each
    /// screen drawn as ``FlowScreen`` draws it.
    public init(_ container: TabContainer) {
      self.init(container) {
        FlowTabLabel(container, at: $0)
      } screen: {
        FlowScreen($0)
      }
    }
  }
#endif
