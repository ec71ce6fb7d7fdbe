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
