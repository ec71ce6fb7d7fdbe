#if canImport(SwiftUI)
  import SwiftUI

  /// Shows a stack of a ``SwiftUIRouter`` (its root stack unless told another): a
  /// `NavigationStack` bound to the stack's path, with the sheet or full-screen cover over
  /// it, each shown by another `FlowStackView`, and its alerts.
  ///
  /// What the user does reaches the router through the bindings: going back sets the path,
  /// a swipe sets the sheet's item to `nil`. A screen whose flow says `systemBack: false` has
  /// no back button (and so no swipe back or long-press menu), and a sheet whose top screen
  /// says `dismissible: false` has no swipe down.
  ///
  /// `screen` draws one screen: the app turns the presentables its screen factory made into
  /// views (a ``TabContainer`` into a ``FlowTabView``). Without it (`FlowStackView(router:)`),
  /// ``FlowScreen`` draws them: the views the factory wrapped in ``ScreenView``.
  ///
  /// While the router's ``SwiftUIRouter/animatesTransitions`` is off (around a launch or a
  /// deep link), the changes it shows come in transactions without animation.
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
      let shown = stack.alerts.last
      NavigationStack(path: path) {
        root.navigationDestination(for: StackedScreen.self) { controlled($0) }
      }
      .interactiveDismissDisabled(stack.style == .sheet && !stack.isSwipeable)
      .sheet(item: presented(.sheet)) { next in
        FlowStackView(router: router, stack: next, screen: screen)
      }
      .fullScreenCover(item: presented(.fullScreen)) { next in
        FlowStackView(router: router, stack: next, screen: screen)
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
      .transaction { [router] transaction in
        if !router.animatesTransitions { transaction.disablesAnimations = true }
      }
    }

    /// The stack's root, if it has one.
    @ViewBuilder private var root: some View {
      if let root = stack.root { controlled(root) }
    }

    /// A screen with the system controls its flow turned off.
    private func controlled(_ shown: StackedScreen) -> some View {
      screen(shown).navigationBarBackButtonHidden(!shown.controls.systemBack)
    }

    /// The stack's path, which SwiftUI shortens when the user goes back.
    private var path: Binding<[StackedScreen]> {
      let router = router
      let stack = stack
      return Binding(get: { stack.path }, set: { router.userSetPath($0, of: stack) })
    }

    /// The modal stack over this one when it is presented with `style`, which SwiftUI sets
    /// to `nil` when the user swipes it away.
    private func presented(_ style: ModalStyle) -> Binding<NavigationStackState?> {
      let router = router
      let stack = stack
      return Binding(
        get: { stack.presented?.style == style ? stack.presented : nil },
        set: { item in
          guard item == nil, let shown = stack.presented, shown.style == style else { return }
          router.userDismissed(shown)
        })
    }

    /// Whether `shown` is on screen as `style`; SwiftUI sets it to `false` as it closes it.
    private func isShowing(_ shown: ShownAlert?, as style: FlowAlert.Style) -> Binding<Bool> {
      let router = router
      return Binding(
        get: { shown?.alert.style == style },
        set: { isShown in
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
#endif
