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
  /// The sheets, covers and alerts follow the router's presentations on screen
  /// (``NavigationStackState/presentedOnScreen``, ``NavigationStackState/alertOnScreen``),
  /// which change one at a time; each sheet's and cover's `onDismiss` tells the router that
  /// its dismissal has ended. On macOS, which has no full-screen cover, a full-screen stack is
  /// a sheet.
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
          (stack.style?.isDismissibleByUser ?? false) && !stack.isSwipeable
        )
        #if os(macOS)
          .sheet(item: presented(nil), onDismiss: dismissed) { next in
            FlowStackView(router: router, stack: next, screen: screen)
          }
        #else
          .sheet(item: presented(.sheet), onDismiss: dismissed) { next in
            FlowStackView(router: router, stack: next, screen: screen)
          }
          .fullScreenCover(item: presented(.fullScreen), onDismiss: dismissed) { next in
            FlowStackView(router: router, stack: next, screen: screen)
          }
        #endif
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

    /// The stack's screens: a tab container at its root on its own, else a `NavigationStack`.
    @ViewBuilder private var content: some View {
      if let root = stack.root, stack.showsTabs {
        controlled(root)
      } else {
        NavigationStack(path: path) {
          rootScreen.navigationDestination(for: StackedScreen.self) { controlled($0) }
        }
      }
    }

    /// The stack's root, if it has one.
    @ViewBuilder private var rootScreen: some View {
      if let root = stack.root { controlled(root) }
    }

    /// A screen with the system controls its flow turned off, and its own identity.
    private func controlled(_ shown: StackedScreen) -> some View {
      screen(shown).navigationBarBackButtonHidden(!shown.controls.systemBack).id(shown.id)
    }

    /// The stack's path, which SwiftUI shortens when the user goes back.
    private var path: Binding<[StackedScreen]> {
      let router = router
      let stack = stack
      return Binding(
        get: { @MainActor in stack.path },
        set: { @MainActor path in router.userSetPath(path, of: stack) })
    }

    /// The modal stack over this one that SwiftUI shows, when it is presented with `style`
    /// (any style for `nil`). SwiftUI sets the item to `nil` when the user swipes it away;
    /// the router is told which stack this body showed, so that a late `nil` about another
    /// one is not taken for a swipe.
    private func presented(_ style: ModalStyle?) -> Binding<NavigationStackState?> {
      let router = router
      let stack = stack
      let shown = stack.presentedOnScreen
      return Binding(
        get: { @MainActor in
          guard let next = stack.presentedOnScreen, Self.shows(next.style, as: style) else {
            return nil
          }
          return next
        },
        set: { @MainActor item in
          guard item == nil, Self.shows(shown?.style, as: style) else { return }
          router.viewSetItemToNil(over: stack, showing: shown)
        })
    }

    /// Whether a modal stack of `style` is the item of the presentation of `shownAs` (any for
    /// `nil`): a form sheet and a popover are shown as a sheet (a stand-in until the
    /// runtime's own revision 3, branch r3-runtime-30).
    private static func shows(_ style: ModalStyle?, as shownAs: ModalStyle?) -> Bool {
      guard let shownAs else { return true }
      if shownAs == .sheet { return style?.isDismissibleByUser ?? false }
      return style == shownAs
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
#endif
