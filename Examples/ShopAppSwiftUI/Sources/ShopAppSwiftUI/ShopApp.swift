#if canImport(SwiftUI)
  import FlowRuntime
  import SwiftUI

  /// The app: one window showing the router's root stack. `FlowStackView(router:)` draws each
  /// screen the factory made (its `ScreenView`) and the tab bar (on its own, not in a
  /// navigation stack), with no mapping of the app's own; the sheets, covers and alerts over
  /// them follow the router. The shop's tab is a split (its flow's `split: doubleColumn`):
  /// the tab's `FlowStackView` draws it as a `NavigationSplitView` (iOS 16), the catalog's
  /// stack in the sidebar and the product page's in the detail column, each column a
  /// `NavigationStack` of its own that SwiftUI keeps when the width changes; in a compact
  /// width it shows the columns as one stack, the product on top. A URL the app is opened
  /// with is a deep link, followed without animation.
  ///
  /// In an Xcode project, this file belongs to the app target that depends on the package.
  @main
  struct ShopApp: App {
    /// The running flow, made once: SwiftUI keeps the first value of a `State`.
    @State private var shop = RunningShop()

    var body: some Scene {
      WindowGroup {
        FlowStackView(router: shop.router)
          .onOpenURL { url in shop.open(url) }
      }
    }
  }
#endif
