// The SwiftUI double: what a test reads of the views FlowRuntime builds, on a machine without
// SwiftUI. A view's body is evaluated as SwiftUI evaluates it, into a tree of the primitive
// views and modifiers it is made of, each with what it was given (an `id`'s value, a sheet's
// binding and content, a button's action); a test then acts as SwiftUI and the user would:
// it reads a binding, writes it, calls a sheet's `onDismiss`, taps a button. What SwiftUI
// draws from the tree, when it writes a binding and how it animates, only a device or a
// simulator can tell (docs/generated-code.md, "The SwiftUI runtime"). Behind
// `@_spi(Behaviour)`: code compiled against the stubs as an app cannot call it by mistake.

/// One view of a body's tree: a primitive view or a modifier, or a view of the app's own.
@_spi(Behaviour)
public struct ViewNode {
  /// The primitive's or modifier's name (`NavigationStack`, `sheet`, `id`, `Text`), or the
  /// type of a view of the app's own.
  public let kind: String
  /// What the primitive or modifier was given, if the double keeps it: an `id`'s or a tag's
  /// `AnyHashable`, a `Presentation` for a sheet or a cover, a `Dialog` for an alert or a
  /// confirmation dialog, a binding, a button's action, a text.
  public let argument: Any?
  /// The views in it, in order: a modifier's content first.
  public let children: [ViewNode]

  /// This node and every node under it, depth first.
  public var all: [ViewNode] { [self] + children.flatMap(\.all) }

  /// The first node of `kind` here or under this one, depth first.
  public func first(_ kind: String) -> ViewNode? { all.first { $0.kind == kind } }

  /// Every node of `kind` here or under this one, depth first.
  public func every(_ kind: String) -> [ViewNode] { all.filter { $0.kind == kind } }

  /// The path from this node to the first node of `kind` (both included), if there is one.
  public func path(to kind: String) -> [ViewNode]? {
    if self.kind == kind { return [self] }
    for child in children {
      if let path = child.path(to: kind) { return [self] + path }
    }
    return nil
  }
}

/// What a `sheet(item:onDismiss:content:)` or `fullScreenCover(item:onDismiss:content:)` was
/// given: its item's binding (a `Binding<Item?>`), what it runs when dismissed, and its
/// content for an item.
@_spi(Behaviour)
public struct Presentation {
  public let item: Any
  public let onDismiss: (() -> Void)?
  public let content: (Any) -> (any View)?

  init<Item, Content: View>(
    item: Binding<Item?>, onDismiss: (() -> Void)?, content: @escaping (Item) -> Content
  ) {
    self.item = item
    self.onDismiss = onDismiss
    self.content = { value in (value as? Item).map(content) }
  }
}

/// What an `alert` or a `confirmationDialog` was given: its title, its `isPresented`
/// binding, the data it presents, and the views of its actions and message for that data.
@_spi(Behaviour)
public struct Dialog {
  public let title: String
  public let isPresented: Binding<Bool>
  public let data: Any?
  let actions: [any View]
}

extension Binding where Value: Sendable {
  /// Reads the binding as SwiftUI does: on the actor of its closures.
  @_spi(Behaviour)
  public func read() async -> Value {
    switch access {
    case .direct(let get, _): get()
    case .isolated(let get, _): await get()
    case .isolatedWithoutTransaction(let get, _): await get()
    }
  }

  /// Writes the binding as SwiftUI does when the user changes it.
  @_spi(Behaviour)
  public func write(_ value: Value) async {
    switch access {
    case .direct(_, let set): set(value, Transaction())
    case .isolated(_, let set): await set(value, Transaction())
    case .isolatedWithoutTransaction(_, let set): await set(value)
    }
  }
}

/// What a test does with the SwiftUI double.
@_spi(Behaviour)
@MainActor
public enum SwiftUIDouble {
  /// The transaction of the `withTransaction` that runs now: what SwiftUI gives the state
  /// changes made in it.
  public static var transaction: Transaction? { currentTransaction }

  /// The width's size class that `@Environment(\.horizontalSizeClass)` reads: `nil` (not known)
  /// unless a test sets it, as a rotation or a resized window does.
  @available(iOS 13, *)
  @available(macOS, unavailable)
  public static var horizontalSizeClass: UserInterfaceSizeClass? {
    get { EnvironmentValues.current.horizontalSizeClass }
    set { EnvironmentValues.current.horizontalSizeClass = newValue }
  }

  /// The tree of `view`: its body evaluated, and the bodies of the views in it, down to the
  /// primitive views.
  public static func tree<V: View>(of view: V) -> ViewNode {
    node(of: view)
  }

  static func node(of view: any View) -> ViewNode {
    if let primitive = view as? any _PrimitiveView {
      let parts = primitive.parts
      return ViewNode(
        kind: parts.kind, argument: parts.argument, children: parts.children.map(node))
    }
    return ViewNode(
      kind: String(describing: type(of: view)), argument: nil, children: [node(of: body(of: view))])
  }

  private static func body<V: View>(of view: V) -> any View { view.body }
}

/// A view that SwiftUI draws itself: the double reads its parts instead of its body.
@MainActor
protocol _PrimitiveView {
  var parts: (kind: String, argument: Any?, children: [any View]) { get }
}

extension EmptyView: _PrimitiveView {
  var parts: (kind: String, argument: Any?, children: [any View]) { ("EmptyView", nil, []) }
}

extension TupleView: _PrimitiveView {
  var parts: (kind: String, argument: Any?, children: [any View]) { ("TupleView", nil, children) }
}

extension _ConditionalContent: _PrimitiveView {
  var parts: (kind: String, argument: Any?, children: [any View]) {
    switch storage {
    case .trueContent(let content): ("if", nil, [content])
    case .falseContent(let content): ("else", nil, [content])
    }
  }
}

extension Optional: _PrimitiveView where Wrapped: View {
  var parts: (kind: String, argument: Any?, children: [any View]) {
    ("Optional", nil, map { [$0] } ?? [])
  }
}

extension AnyView: _PrimitiveView {
  var parts: (kind: String, argument: Any?, children: [any View]) { ("AnyView", nil, [view]) }
}

extension _ModifiedView: _PrimitiveView {
  var parts: (kind: String, argument: Any?, children: [any View]) {
    var children: [any View] = [content] + extra
    if let dialog = argument as? Dialog { children += dialog.actions }
    return (modifier, argument, children)
  }
}

extension Text: _PrimitiveView {
  var parts: (kind: String, argument: Any?, children: [any View]) { ("Text", content, []) }
}

extension Button: _PrimitiveView {
  var parts: (kind: String, argument: Any?, children: [any View]) { ("Button", action, [label]) }
}

extension ForEach: _PrimitiveView where Content: View {
  var parts: (kind: String, argument: Any?, children: [any View]) { ("ForEach", nil, views) }
}

@available(iOS 16, macOS 13, *)
extension NavigationStack: _PrimitiveView {
  var parts: (kind: String, argument: Any?, children: [any View]) {
    ("NavigationStack", path, [root])
  }
}

extension TabView: _PrimitiveView {
  var parts: (kind: String, argument: Any?, children: [any View]) {
    ("TabView", selection, [content])
  }
}

extension Image: _PrimitiveView {
  var parts: (kind: String, argument: Any?, children: [any View]) { ("Image", name, []) }
}

extension Label: _PrimitiveView {
  var parts: (kind: String, argument: Any?, children: [any View]) {
    ("Label", nil, [title, icon])
  }
}

extension List: _PrimitiveView {
  var parts: (kind: String, argument: Any?, children: [any View]) { ("List", nil, [content]) }
}

extension TextField: _PrimitiveView {
  var parts: (kind: String, argument: Any?, children: [any View]) { ("TextField", nil, [label]) }
}

@available(iOS 16, macOS 13, *)
extension NavigationSplitView: _PrimitiveView {
  /// Its argument is its `preferredCompactColumn` binding; its children the sidebar, the
  /// content (a three-column view only) and the detail.
  var parts: (kind: String, argument: Any?, children: [any View]) {
    (
      "NavigationSplitView", preferredCompactColumn,
      [sidebar] + (content.map { [$0] } ?? []) + [detail]
    )
  }
}

extension ModifiedContent: _PrimitiveView where Content: View, Modifier: ViewModifier {
  /// An accessibility identifier's node is `accessibilityIdentifier`, with the identifier.
  var parts: (kind: String, argument: Any?, children: [any View]) {
    if let attachment = modifier as? AccessibilityAttachmentModifier {
      return ("accessibilityIdentifier", attachment.identifier, [content])
    }
    return (String(describing: Modifier.self), nil, [content])
  }
}
