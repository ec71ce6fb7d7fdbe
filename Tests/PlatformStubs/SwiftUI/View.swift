import Observation

// API-faithful stubs of the SwiftUI surface FlowRuntime uses, with the iOS 18 SDK's
// signatures and actor isolation (`View` is `@MainActor @preconcurrency`, its modifiers are
// `nonisolated`), so that scripts/check-ios.sh can type-check FlowRuntime's SwiftUI views on
// Linux. The views keep what they were made with, so that the SwiftUI double
// (Behaviour.swift, scripts/swiftui-scenarios.sh) can read the tree a view's body makes; what
// SwiftUI draws from it only a device or a simulator can tell.

/// `View`: a piece of user interface, described by its `body`.
@MainActor @preconcurrency
public protocol View {
  associatedtype Body: View
  @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
  public typealias Body = Never
  public var body: Never { primitiveBody() }
}

/// The body of a view that SwiftUI draws itself: never asked for (the double reads such a
/// view's parts instead, `_PrimitiveView`).
func primitiveBody() -> Never {
  preconditionFailure("a stub: SwiftUI draws its primitive views itself")
}

/// `EmptyView`.
public struct EmptyView: View {
  public nonisolated init() {}
  public var body: Never { primitiveBody() }
}

/// `TupleView`: what a view builder makes of several views.
public struct TupleView<T>: View {
  // The stubs' stored views are set by nonisolated initializers, as SwiftUI's are, and read
  // by the double on the main actor only.
  nonisolated(unsafe) let children: [any View]

  public nonisolated init(_ value: T) {
    children = []
  }

  nonisolated init(_ value: T, children: [any View]) {
    self.children = children
  }

  public var body: Never { primitiveBody() }
}

/// `_ConditionalContent`: what a view builder makes of an `if`/`else` or a `switch`.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
  enum Storage {
    case trueContent(TrueContent)
    case falseContent(FalseContent)
  }

  nonisolated(unsafe) let storage: Storage

  nonisolated init(_ storage: Storage) {
    self.storage = storage
  }

  public var body: Never { primitiveBody() }
}

extension Optional: View where Wrapped: View {
  public typealias Body = Never
  public var body: Never { primitiveBody() }
}

/// `AnyView`: a type-erased view.
public struct AnyView: View {
  nonisolated(unsafe) let view: any View

  public nonisolated init<V: View>(_ view: V) {
    self.view = view
  }

  public nonisolated init<V: View>(erasing view: V) {
    self.view = view
  }

  public var body: Never { primitiveBody() }
}

/// `ViewBuilder`.
@resultBuilder public struct ViewBuilder {
  public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock() -> EmptyView { EmptyView() }
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock<each Content: View>(_ content: repeat each Content)
    -> TupleView<(repeat each Content)>
  {
    var children: [any View] = []
    for view in repeat each content { children.append(view) }
    return TupleView((repeat each content), children: children)
  }
  public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
  public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  { _ConditionalContent(.trueContent(first)) }
  public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  { _ConditionalContent(.falseContent(second)) }
  public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView {
    AnyView(content)
  }
}

/// A view with a modifier applied: what the stubs' modifiers return as their `some View`,
/// with the modifier's name and argument for the double.
public struct _ModifiedView<Content: View>: View {
  nonisolated(unsafe) let content: Content
  let modifier: String
  nonisolated(unsafe) let argument: Any?
  /// Views the modifier shows besides its content (a tab item's label).
  nonisolated(unsafe) let extra: [any View]

  nonisolated init(
    _ content: Content, _ modifier: String, _ argument: Any? = nil, extra: [any View] = []
  ) {
    self.content = content
    self.modifier = modifier
    self.argument = argument
    self.extra = extra
  }

  public var body: Never { primitiveBody() }
}

extension View {
  /// `id(_:)`: the view's identity; when it changes, SwiftUI draws a new view, with new state.
  public nonisolated func id<ID: Hashable>(_ id: ID) -> some View {
    _ModifiedView(self, "id", AnyHashable(id))
  }
}

/// `Text`.
public struct Text: View {
  let content: String

  public nonisolated init<S: StringProtocol>(_ content: S) {
    self.content = String(content)
  }

  public nonisolated init(verbatim content: String) {
    self.content = content
  }

  public var body: Never { primitiveBody() }
}

/// `ButtonRole`.
public struct ButtonRole: Equatable, Sendable {
  let name: String
  public static let destructive = ButtonRole(name: "destructive")
  public static let cancel = ButtonRole(name: "cancel")
}

/// `Button`.
@MainActor @preconcurrency
public struct Button<Label: View>: View {
  let role: ButtonRole?
  let action: @MainActor () -> Void
  nonisolated(unsafe) let label: Label

  public nonisolated init(
    role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label
  ) {
    self.role = role
    self.action = action
    self.label = label()
  }

  public var body: Never { primitiveBody() }
}

extension Button where Label == Text {
  public nonisolated init<S: StringProtocol>(
    _ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void
  ) {
    self.init(role: role, action: action) { Text(title) }
  }
}

/// `ForEach`: views computed from a collection.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
  let views: [Content]
}

extension ForEach: View where Content: View {
  public nonisolated init(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder content: @escaping (Data.Element) -> Content
  ) {
    views = data.map(content)
  }

  public var body: Never { primitiveBody() }
}
