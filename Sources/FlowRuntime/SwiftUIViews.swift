#if canImport(SwiftUI)
  import SwiftUI

  /// Shows a stack of a ``SwiftUIRouter`` (its root stack unless told another): a
  /// `NavigationStack` bound to the stack's path, with the sheet or full-screen cover over
  /// it, each shown by another `FlowStackView`, and its alerts. A stack whose root is a tab
  /// container shows it on its own, not in a `NavigationStack`: its tabs have stacks of their
  /// own, and SwiftUI does not support a navigation stack in another.
  ///
  /// What the user does reaches the router through the bindings: going back sets the path,
  /// a swipe sets the sheet's item to `nil`. A screen whose flow says `systemBack: false` has
  /// no back button (and so no swipe back or long-press menu), and a sheet whose top screen
  /// says `dismissible: false` has no swipe down. Each screen is drawn with its own identity
  /// (`.id`): a screen that replaces another of the same type is a new view, with new state.
  ///
  /// `screen` draws one screen: the app turns the presentables its screen factory made into
  /// views (a ``TabContainer`` into a ``FlowTabView``). Without it (`FlowStackView(router:)`),
  /// ``FlowScreen`` draws them: the views the factory wrapped in ``ScreenView``.
  ///
  /// The sheets, popovers, covers and alerts follow the router's presentations on screen
  /// (``NavigationStackState/presentedOnScreen``, ``NavigationStackState/alertOnScreen``),
  /// which change one at a time; each sheet's and cover's `onDismiss` tells the router that
  /// its dismissal has ended. A form sheet (r3) is a sheet with form sizing
  /// (`presentationSizing(.form)`) on iOS 18 and macOS 15, a plain sheet before; a popover
  /// (r3) points at this stack's view and is a sheet in a compact width
  /// (`presentationCompactAdaptation(.sheet)`). On macOS, which has no full-screen cover, a
  /// full-screen stack is a sheet.
  @available(iOS 17, macOS 14, *)
  public struct FlowStackView<Screen: View>: View {
    private let router: SwiftUIRouter
    private let stack: NavigationStackState
    private let screen: (StackedScreen) -> Screen

    public init(
      router: SwiftUIRouter, stack: NavigationStackState? = nil,
      @ViewBuilder screen: @escaping (StackedScreen) -> Screen
    ) {
      self.router = router
      self.stack = stack ?? router.rootStack
      self.screen = screen
    }

    public var body: some View {
      let shown = stack.alertOnScreen
      content
        .interactiveDismissDisabled(
          stack.style?.isDismissibleByUser == true && !stack.isSwipeable
        )
        #if os(macOS)
          .sheet(item: presented([.sheet, .formSheet, .fullScreen]), onDismiss: dismissed) {
            next in
            sized(FlowStackView(router: router, stack: next, screen: screen), as: next.style)
          }
        #else
          .sheet(item: presented([.sheet, .formSheet]), onDismiss: dismissed) { next in
            sized(FlowStackView(router: router, stack: next, screen: screen), as: next.style)
          }
          .fullScreenCover(item: presented([.fullScreen]), onDismiss: dismissed) { next in
            FlowStackView(router: router, stack: next, screen: screen)
          }
        #endif
        .popover(item: presented([.popover])) { next in
          FlowStackView(router: router, stack: next, screen: screen)
            .presentationCompactAdaptation(.sheet)
        }
        .alert(
          shown?.alert.title ?? "", isPresented: isShowing(shown, as: .alert), presenting: shown,
          actions: buttons(of:), message: message(of:)
        )
        .confirmationDialog(
          shown?.alert.title ?? "", isPresented: isShowing(shown, as: .actionSheet),
          titleVisibility: shown?.alert.title == nil ? .hidden : .visible, presenting: shown,
          actions: buttons(of:), message: message(of:)
        )
    }

    /// The stack's screens: a tab container at its root on its own; the primary column of a
    /// split (r3) in a ``FlowSplitView``; else a `NavigationStack`.
    @ViewBuilder private var content: some View {
      if let root = stack.root, stack.showsTabs {
        controlled(root)
      } else if let split = stack.split {
        FlowSplitView(router: router, split: split, screen: screen) { navigationStack }
      } else {
        navigationStack
      }
    }

    /// The stack's root and path in a `NavigationStack`.
    private var navigationStack: some View {
      NavigationStack(path: path) {
        rootScreen.navigationDestination(for: StackedScreen.self) { controlled($0) }
      }
    }

    /// The stack's root, if it has one.
    @ViewBuilder private var rootScreen: some View {
      if let root = stack.root { controlled(root) }
    }

    /// A screen with the system controls its flow turned off, its accessibility identifier,
    /// and its own identity.
    private func controlled(_ shown: StackedScreen) -> some View {
      identified(screen(shown), as: shown.accessibilityIdentifier)
        .navigationBarBackButtonHidden(!shown.controls.systemBack).id(shown.id)
    }

    /// The stack's path, which SwiftUI shortens when the user goes back.
    private var path: Binding<[StackedScreen]> {
      let router = router
      let stack = stack
      return Binding(
        get: { @MainActor in stack.path },
        set: { @MainActor path in router.userSetPath(path, of: stack) })
    }

    /// A sheet's content: with form sizing for a form sheet, where SwiftUI has it (iOS 18,
    /// macOS 15); a plain sheet otherwise.
    @ViewBuilder private func sized(_ content: some View, as style: ModalStyle?) -> some View {
      if style == .formSheet {
        if #available(iOS 18, macOS 15, *) {
          content.presentationSizing(.form)
        } else {
          content
        }
      } else {
        content
      }
    }

    /// The modal stack over this one that SwiftUI shows, when it is presented with one of
    /// `styles`. SwiftUI sets the item to `nil` when the user swipes it away (or taps outside
    /// a popover); the router is told which stack this body showed, so that a late `nil`
    /// about another one is not taken for a swipe.
    private func presented(_ styles: Set<ModalStyle>) -> Binding<NavigationStackState?> {
      let router = router
      let stack = stack
      let shown = stack.presentedOnScreen
      return Binding(
        get: { @MainActor in
          guard let next = stack.presentedOnScreen, let style = next.style,
            styles.contains(style)
          else { return nil }
          return next
        },
        set: { @MainActor item in
          guard item == nil, let style = shown?.style, styles.contains(style) else { return }
          router.viewSetItemToNil(over: stack, showing: shown)
        })
    }

    /// What a sheet's or cover's `onDismiss` does: tells the router the dismissal has ended.
    private func dismissed() {
      router.viewDismissed(over: stack)
    }

    /// Whether `shown` is on screen as `style`; SwiftUI sets it to `false` as it closes it.
    private func isShowing(_ shown: ShownAlert?, as style: FlowAlert.Style) -> Binding<Bool> {
      let router = router
      return Binding(
        get: { @MainActor in shown?.alert.style == style },
        set: { @MainActor isShown in
          if !isShown, let shown { router.userClosed(shown) }
        })
    }

    private func buttons(of shown: ShownAlert) -> some View {
      let router = router
      return ForEach(shown.alert.buttons.indices, id: \.self) { index in
        let button = shown.alert.buttons[index]
        Button(button.title, role: Self.role(of: button.role)) {
          _ = router.userTapped(button: index, of: shown)
        }
      }
    }

    @ViewBuilder private func message(of shown: ShownAlert) -> some View {
      if let message = shown.alert.message { Text(message) }
    }

    private static func role(of role: FlowAlert.Button.Role) -> ButtonRole? {
      switch role {
      case .default: nil
      case .cancel: .cancel
      case .destructive: .destructive
      }
    }
  }

  /// Shows a ``TabContainer``: a `TabView` whose selection is the container's (the flow's
  /// `select`, or the user's tap), with each tab's stack in a ``FlowStackView``.
  @available(iOS 17, macOS 14, *)
  public struct FlowTabView<Screen: View, Label: View>: View {
    @Bindable private var container: TabContainer
    private let label: (Int) -> Label
    private let screen: (StackedScreen) -> Screen

    /// `label` draws the tab bar item of the tab at an index (0 is the first).
    public init(
      _ container: TabContainer, @ViewBuilder label: @escaping (Int) -> Label,
      @ViewBuilder screen: @escaping (StackedScreen) -> Screen
    ) {
      _container = Bindable(container)
      self.label = label
      self.screen = screen
    }

    public var body: some View {
      TabView(selection: $container.selection) {
        ForEach(container.tabs.indices, id: \.self) { index in
          FlowStackView(router: container.tabs[index], screen: screen)
            .tabItem { label(index) }
            .tag(index)
        }
      }
    }
  }

  /// (r3) Shows a split (FLOW-SPEC 13.4, ``SplitState``): a `NavigationSplitView` whose
  /// sidebar is the primary column's `NavigationStack` (`sidebar`) and whose later columns
  /// each show their router's stacks in a ``FlowStackView`` (an empty column shows an empty
  /// stack: the app's placeholder is its own view over it). SwiftUI keeps every column's
  /// stack when the width changes. In a compact width the column on top is the last one that
  /// shows a screen (`preferredCompactColumn`); when the user goes back from a later column's
  /// root, SwiftUI sets it to an earlier column, and the router leaves the child shown there
  /// (``SwiftUIRouter/userShowedColumn(_:of:)``). The width's size class tells the router the
  /// layout (`horizontalSizeClass`; a Mac is always regular). The sidebar's visibility in a
  /// regular width is the view's own state.
  @available(iOS 17, macOS 14, *)
  struct FlowSplitView<Screen: View, Sidebar: View>: View {
    let router: SwiftUIRouter
    let split: SplitState
    let screen: (StackedScreen) -> Screen
    let sidebar: Sidebar
    @State private var visibility = NavigationSplitViewVisibility.automatic
    #if !os(macOS)
      @Environment(\.horizontalSizeClass) private var sizeClass
    #endif

    init(
      router: SwiftUIRouter, split: SplitState,
      screen: @escaping (StackedScreen) -> Screen, @ViewBuilder sidebar: () -> Sidebar
    ) {
      self.router = router
      self.split = split
      self.screen = screen
      self.sidebar = sidebar()
    }

    var body: some View {
      #if os(macOS)
        columns
      #else
        columns.onChange(of: sizeClass, initial: true) { _, sizeClass in
          router.viewChangedLayout(sizeClass == .compact ? .compact : .regular, of: split)
        }
      #endif
    }

    /// Two or three columns, as the split's style says.
    @ViewBuilder private var columns: some View {
      if split.style == .tripleColumn {
        NavigationSplitView(
          columnVisibility: $visibility, preferredCompactColumn: compactColumn
        ) {
          sidebar
        } content: {
          column(.supplementary)
        } detail: {
          column(.secondary)
        }
      } else {
        NavigationSplitView(
          columnVisibility: $visibility, preferredCompactColumn: compactColumn
        ) {
          sidebar
        } detail: {
          column(.secondary)
        }
      }
    }

    /// The stacks of a later column, if the split has it.
    @ViewBuilder private func column(_ column: SplitColumn) -> some View {
      if let columnRouter = split.columns[column] {
        FlowStackView(router: columnRouter, screen: screen)
      }
    }

    /// The column on top in a compact width: the router's choice; SwiftUI sets it when the
    /// user goes back to an earlier column.
    private var compactColumn: Binding<NavigationSplitViewColumn> {
      let router = router
      let split = split
      return Binding(
        get: { @MainActor in Self.viewColumn(split.compactColumn) },
        set: { @MainActor column in
          router.userShowedColumn(Self.splitColumn(column), of: split)
        })
    }

    /// SwiftUI's column for a split's column.
    static func viewColumn(_ column: SplitColumn) -> NavigationSplitViewColumn {
      switch column {
      case .primary: .sidebar
      case .supplementary: .content
      case .secondary: .detail
      }
    }

    /// A split's column for SwiftUI's.
    static func splitColumn(_ column: NavigationSplitViewColumn) -> SplitColumn {
      switch column {
      case .sidebar: .primary
      case .content: .supplementary
      default: .secondary
      }
    }
  }

  /// `content` as an accessibility container (`.contain`: its own elements stay as they are,
  /// with the identifiers the app gave them) identified as `identifier`, which UI tests look
  /// for; `content` itself when there is none.
  @available(iOS 17, macOS 14, *)
  @ViewBuilder private func identified(_ content: some View, as identifier: String?) -> some View {
    if let identifier {
      content.accessibilityElement(children: .contain).accessibilityIdentifier(identifier)
    } else {
      content
    }
  }
#endif
