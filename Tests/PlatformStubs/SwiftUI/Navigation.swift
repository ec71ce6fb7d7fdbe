/// `NavigationPath`: a type-erased list of the values a navigation stack shows.
public struct NavigationPath: Equatable {
  public var count: Int = 0
  public var isEmpty: Bool { count == 0 }
  public init() {}
}

/// `NavigationStack`: a root view with views pushed over it, one per value of its path.
@MainActor @preconcurrency
public struct NavigationStack<Data, Root: View>: View {
  public nonisolated init(@ViewBuilder root: () -> Root) where Data == NavigationPath {}

  public nonisolated init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root)
  where Data == NavigationPath {}

  public nonisolated init(path: Binding<Data>, @ViewBuilder root: () -> Root)
  where
    Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
    Data.Element: Hashable
  {}

  public var body: Never { primitiveBody() }
}

/// `TabView`: one tab of its content shown at a time, with a tab bar.
@MainActor @preconcurrency
public struct TabView<SelectionValue: Hashable, Content: View>: View {
  public nonisolated init(
    selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content
  ) {}
  public var body: Never { primitiveBody() }
}

extension View {
  /// `navigationDestination(for:destination:)`.
  public nonisolated func navigationDestination<D: Hashable, C: View>(
    for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
  ) -> some View { _ModifiedView(self) }

  /// `navigationBarBackButtonHidden(_:)`: hides the back button, and with it the swipe
  /// back and the long-press menu.
  public nonisolated func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true)
    -> some View
  { _ModifiedView(self) }

  /// `tag(_:includeOptional:)`.
  public nonisolated func tag<V: Hashable>(_ tag: V, includeOptional: Bool = true) -> some View {
    _ModifiedView(self)
  }

  /// `tabItem(_:)`.
  public nonisolated func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View {
    _ModifiedView(self)
  }

  /// `transaction(_:)`.
  public nonisolated func transaction(_ transform: @escaping (inout Transaction) -> Void)
    -> some View
  { _ModifiedView(self) }
}
