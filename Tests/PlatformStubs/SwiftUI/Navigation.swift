/// `NavigationPath` (iOS 16, macOS 13): a type-erased list of the values a navigation stack
/// shows.
@available(iOS 16, macOS 13, *)
public struct NavigationPath: Equatable {
  public var count: Int = 0
  public var isEmpty: Bool { count == 0 }
  public init() {}
}

/// `NavigationStack` (iOS 16, macOS 13): a root view with views pushed over it, one per value
/// of its path.
@available(iOS 16, macOS 13, *)
@MainActor @preconcurrency
public struct NavigationStack<Data, Root: View>: View {
  // Set by the nonisolated initializers; the double reads them on the main actor only.
  /// Its path's binding, if it was given one.
  nonisolated(unsafe) let path: Any?
  nonisolated(unsafe) let root: Root

  public nonisolated init(@ViewBuilder root: () -> Root) where Data == NavigationPath {
    path = nil
    self.root = root()
  }

  public nonisolated init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root)
  where Data == NavigationPath {
    self.path = path
    self.root = root()
  }

  public nonisolated init(path: Binding<Data>, @ViewBuilder root: () -> Root)
  where
    Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
    Data.Element: Hashable
  {
    self.path = path
    self.root = root()
  }

  public var body: Never { primitiveBody() }
}

/// `TabView`: one tab of its content shown at a time, with a tab bar.
@MainActor @preconcurrency
public struct TabView<SelectionValue: Hashable, Content: View>: View {
  nonisolated(unsafe) let selection: Binding<SelectionValue>?
  nonisolated(unsafe) let content: Content

  public nonisolated init(
    selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content
  ) {
    self.selection = selection
    self.content = content()
  }

  public var body: Never { primitiveBody() }
}

extension View {
  /// `navigationDestination(for:destination:)` (iOS 16, macOS 13). The double keeps the
  /// destination as `(Any) -> (any View)?`: the view for a value of the path, `nil` for a
  /// value of another type.
  @available(iOS 16, macOS 13, *)
  public nonisolated func navigationDestination<D: Hashable, C: View>(
    for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
  ) -> some View {
    let destination: (Any) -> (any View)? = { value in (value as? D).map(destination) }
    return _ModifiedView(self, "navigationDestination", destination)
  }

  /// `navigationBarBackButtonHidden(_:)` (iOS 13, macOS 13): hides the back button, and with
  /// it the swipe back and the long-press menu.
  public nonisolated func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true)
    -> some View
  { _ModifiedView(self, "navigationBarBackButtonHidden", hidesBackButton) }

  /// `tag(_:includeOptional:)`.
  public nonisolated func tag<V: Hashable>(_ tag: V, includeOptional: Bool = true) -> some View {
    _ModifiedView(self, "tag", AnyHashable(tag))
  }

  /// `tabItem(_:)` (iOS 13, macOS 10.15; to be deprecated for `Tab`, iOS 18).
  public nonisolated func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View {
    _ModifiedView(self, "tabItem", nil, extra: [label()])
  }

  /// `transaction(_:)`.
  public nonisolated func transaction(_ transform: @escaping (inout Transaction) -> Void)
    -> some View
  { _ModifiedView(self, "transaction", transform) }
}

/// `NavigationSplitViewVisibility` (iOS 16, macOS 13): which leading columns a split view
/// shows in a regular width. `Equatable`, `Codable`, `Sendable`.
@available(iOS 16, macOS 13, *)
public struct NavigationSplitViewVisibility: Equatable, Codable, Sendable {
  let value: Int

  /// Every column.
  public static var all: NavigationSplitViewVisibility { .init(value: 0) }
  /// The detail column and the column before it.
  public static var doubleColumn: NavigationSplitViewVisibility { .init(value: 1) }
  /// The detail column alone.
  public static var detailOnly: NavigationSplitViewVisibility { .init(value: 2) }
  /// What the platform and the size choose.
  public static var automatic: NavigationSplitViewVisibility { .init(value: 3) }
}

/// `NavigationSplitViewColumn` (iOS 17, macOS 14): a column of a navigation split view, for
/// `preferredCompactColumn`, the column on top when the view collapses into one stack.
/// `Hashable`, `Sendable`.
@available(iOS 17, macOS 14, *)
public struct NavigationSplitViewColumn: Hashable, Sendable {
  let value: Int

  public static var sidebar: NavigationSplitViewColumn { .init(value: 0) }
  public static var content: NavigationSplitViewColumn { .init(value: 1) }
  public static var detail: NavigationSplitViewColumn { .init(value: 2) }
}

/// `NavigationSplitView` (iOS 16, macOS 13): two or three columns side by side, collapsed
/// into one stack in a compact width. The initializers with `preferredCompactColumn` are iOS
/// 17 and macOS 14. Its initializers are `nonisolated`, their builders `@ViewBuilder` in the
/// iOS 18 SDK.
@available(iOS 16, macOS 13, *)
@MainActor @preconcurrency
public struct NavigationSplitView<Sidebar: View, Content: View, Detail: View>: View {
  // Set by the nonisolated initializers; the double reads them on the main actor only.
  /// The `columnVisibility` binding, if it was given one.
  let columnVisibility: Binding<NavigationSplitViewVisibility>?
  /// The `preferredCompactColumn` binding (a `Binding<NavigationSplitViewColumn>`), if any.
  nonisolated(unsafe) let preferredCompactColumn: Any?
  nonisolated(unsafe) let sidebar: Sidebar
  nonisolated(unsafe) let content: Content?
  nonisolated(unsafe) let detail: Detail

  public nonisolated init(
    @ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail
  ) where Content == EmptyView {
    columnVisibility = nil
    preferredCompactColumn = nil
    self.sidebar = sidebar()
    content = nil
    self.detail = detail()
  }

  public nonisolated init(
    columnVisibility: Binding<NavigationSplitViewVisibility>,
    @ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail
  ) where Content == EmptyView {
    self.columnVisibility = columnVisibility
    preferredCompactColumn = nil
    self.sidebar = sidebar()
    content = nil
    self.detail = detail()
  }

  @available(iOS 17, macOS 14, *)
  public nonisolated init(
    columnVisibility: Binding<NavigationSplitViewVisibility>,
    preferredCompactColumn: Binding<NavigationSplitViewColumn>,
    @ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail
  ) where Content == EmptyView {
    self.columnVisibility = columnVisibility
    self.preferredCompactColumn = preferredCompactColumn
    self.sidebar = sidebar()
    content = nil
    self.detail = detail()
  }

  public nonisolated init(
    columnVisibility: Binding<NavigationSplitViewVisibility>,
    @ViewBuilder sidebar: () -> Sidebar, @ViewBuilder content: () -> Content,
    @ViewBuilder detail: () -> Detail
  ) {
    self.columnVisibility = columnVisibility
    preferredCompactColumn = nil
    self.sidebar = sidebar()
    self.content = content()
    self.detail = detail()
  }

  @available(iOS 17, macOS 14, *)
  public nonisolated init(
    columnVisibility: Binding<NavigationSplitViewVisibility>,
    preferredCompactColumn: Binding<NavigationSplitViewColumn>,
    @ViewBuilder sidebar: () -> Sidebar, @ViewBuilder content: () -> Content,
    @ViewBuilder detail: () -> Detail
  ) {
    self.columnVisibility = columnVisibility
    self.preferredCompactColumn = preferredCompactColumn
    self.sidebar = sidebar()
    self.content = content()
    self.detail = detail()
  }

  public var body: Never { primitiveBody() }
}

/// `UserInterfaceSizeClass` (iOS 13; not on macOS): a compact or regular width or height.
@available(iOS 13, *)
@available(macOS, unavailable)
public enum UserInterfaceSizeClass: Hashable, Sendable {
  case compact
  case regular
}

/// `EnvironmentValues`: the values a view reads with `@Environment`.
public struct EnvironmentValues: CustomStringConvertible {
  /// What the double gives every view: set it to draw a view in a compact width.
  nonisolated(unsafe) static var current = EnvironmentValues()

  public init() {}

  /// `horizontalSizeClass` (iOS 13; not on macOS): `nil` where the size is not known.
  @available(iOS 13, *)
  @available(macOS, unavailable)
  public var horizontalSizeClass: UserInterfaceSizeClass? {
    get { horizontalSizeClassValue as? UserInterfaceSizeClass }
    set { horizontalSizeClassValue = newValue }
  }
  var horizontalSizeClassValue: Any?

  public var description: String { "EnvironmentValues" }
}

/// `Environment`: a value of the view's environment (`@Environment(\.horizontalSizeClass)`).
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
  let keyPath: KeyPath<EnvironmentValues, Value>

  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
    self.keyPath = keyPath
  }

  public var wrappedValue: Value { EnvironmentValues.current[keyPath: keyPath] }
}

extension View {
  /// `onChange(of:initial:_:)` (iOS 17, macOS 14): runs `action` with the old and new value
  /// when `value` changes, and once when the view appears if `initial`.
  @available(iOS 17, macOS 14, *)
  public nonisolated func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
  ) -> some View {
    _ModifiedView(self, "onChange", OnChange(value: value, initial: initial, action: action))
  }
}

/// What an `onChange(of:initial:_:)` was given: the double runs `action` as SwiftUI would.
@_spi(Behaviour)
public struct OnChange {
  public let value: Any
  public let initial: Bool
  let run: (Any, Any) -> Void

  init<V>(value: V, initial: Bool, action: @escaping (V, V) -> Void) {
    self.value = value
    self.initial = initial
    run = { old, new in
      guard let old = old as? V, let new = new as? V else { return }
      action(old, new)
    }
  }

  /// Runs the action as SwiftUI does when the value changed from `old` to `new`.
  public func changed(from old: Any, to new: Any) { run(old, new) }
}
