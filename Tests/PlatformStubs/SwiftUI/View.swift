import Observation

// API-faithful stubs of the SwiftUI surface FlowRuntime uses, with the iOS 18 SDK's
// signatures and actor isolation (`View` is `@MainActor @preconcurrency`, its modifiers are
// `nonisolated`), so that scripts/check-ios.sh can type-check FlowRuntime's SwiftUI views on
// Linux. Nothing here is linked or run: what SwiftUI draws only a device or a simulator can
// tell.

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

/// The body of a view that SwiftUI draws itself: never asked for.
func primitiveBody() -> Never {
  fatalError("a stub: SwiftUI draws its primitive views itself")
}

/// `EmptyView`.
public struct EmptyView: View {
  public nonisolated init() {}
  public var body: Never { primitiveBody() }
}

/// `TupleView`: what a view builder makes of several views.
public struct TupleView<T>: View {
  public nonisolated init(_ value: T) {}
  public var body: Never { primitiveBody() }
}

/// `_ConditionalContent`: what a view builder makes of an `if`/`else` or a `switch`.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
  nonisolated init() {}
  public var body: Never { primitiveBody() }
}

extension Optional: View where Wrapped: View {
  public typealias Body = Never
  public var body: Never { primitiveBody() }
}

/// `AnyView`: a type-erased view.
public struct AnyView: View {
  public nonisolated init<V: View>(_ view: V) {}
  public nonisolated init<V: View>(erasing view: V) {}
  public var body: Never { primitiveBody() }
}

/// `ViewBuilder`.
@resultBuilder public struct ViewBuilder {
  public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock() -> EmptyView { EmptyView() }
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock<each Content: View>(_ content: repeat each Content)
    -> TupleView<(repeat each Content)>
  { TupleView((repeat each content)) }
  public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
  public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  { _ConditionalContent() }
  public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  { _ConditionalContent() }
  public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView {
    AnyView(content)
  }
}

/// A view with a modifier applied: what the stubs' modifiers return as their `some View`.
public struct _ModifiedView<Content: View>: View {
  nonisolated init(_ content: Content) {}
  public var body: Never { primitiveBody() }
}

/// `Text`.
public struct Text: View {
  public nonisolated init<S: StringProtocol>(_ content: S) {}
  public nonisolated init(verbatim content: String) {}
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
  public nonisolated init(
    role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label
  ) {}
  public var body: Never { primitiveBody() }
}

extension Button where Label == Text {
  public nonisolated init<S: StringProtocol>(
    _ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void
  ) {}
}

/// `ForEach`: views computed from a collection.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {}

extension ForEach: View where Content: View {
  public nonisolated init(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder content: @escaping (Data.Element) -> Content
  ) {}
  public var body: Never { primitiveBody() }
}
