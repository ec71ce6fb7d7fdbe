// The accessibility surface FlowRuntime uses (a screen's identifier, which UI tests look
// for), with the iOS 18 SDK's signatures: the modifiers are `nonisolated`, as View's are.

/// `ViewModifier` (`@MainActor @preconcurrency protocol ViewModifier`), only as the type of a
/// `ModifiedContent`'s modifier: FlowRuntime applies modifiers through View's methods, never
/// a modifier's `body(content:)`.
@MainActor @preconcurrency
public protocol ViewModifier {}

/// `nonisolated struct AccessibilityAttachmentModifier` (iOS 13): the modifier that
/// `accessibilityIdentifier(_:)` attaches.
public struct AccessibilityAttachmentModifier: ViewModifier {
  /// The identifier it attaches, for the double.
  let identifier: String
}

/// `@frozen struct ModifiedContent<Content, Modifier>`: a view with a modifier applied; a
/// `View` where `Content` is one and `Modifier` is a `ViewModifier`.
public struct ModifiedContent<Content, Modifier> {
  public var content: Content
  public var modifier: Modifier

  public nonisolated init(content: Content, modifier: Modifier) {
    self.content = content
    self.modifier = modifier
  }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
  public var body: Never { primitiveBody() }
}

/// `struct AccessibilityChildBehavior` (iOS 13): what `accessibilityElement(children:)` does
/// with the view's own accessibility elements.
public struct AccessibilityChildBehavior: Hashable, Sendable {
  let name: String

  /// `static let ignore`: the child elements become hidden.
  public static let ignore = AccessibilityChildBehavior(name: "ignore")
  /// `static let combine`: the child elements' properties are merged into the new element.
  public static let combine = AccessibilityChildBehavior(name: "combine")
  /// `static let contain`: the child elements become children of the new element.
  public static let contain = AccessibilityChildBehavior(name: "contain")
}

extension View {
  /// `nonisolated func accessibilityIdentifier(_ identifier: String) ->
  /// ModifiedContent<Self, AccessibilityAttachmentModifier>` (iOS 14, macOS 11).
  public nonisolated func accessibilityIdentifier(_ identifier: String) -> ModifiedContent<
    Self, AccessibilityAttachmentModifier
  > {
    ModifiedContent(
      content: self, modifier: AccessibilityAttachmentModifier(identifier: identifier))
  }

  /// `nonisolated func accessibilityElement(children: AccessibilityChildBehavior = .ignore)
  /// -> some View` (iOS 13, macOS 10.15).
  public nonisolated func accessibilityElement(children: AccessibilityChildBehavior = .ignore)
    -> some View
  { _ModifiedView(self, "accessibilityElement", children) }
}
