import FlowRuntime
import Foundation

/// The app's navigation: the SwiftUI router, and the root coordinator that drives it, started
/// without animation (the first screens appear as they are), and the deep links it follows,
/// also without animation. The app's entry point keeps it; the tests make their own.
@MainActor
final class RunningShop {
  let router: SwiftUIRouter
  let screens: ScreenFactory
  let app: AppCoordinator

  init(router: SwiftUIRouter = SwiftUIRouter(), screens: ScreenFactory = ScreenFactory()) {
    self.router = router
    self.screens = screens
    app = AppCoordinator(screens: screens, router: router)
    router.withoutAnimation { app.start() }
  }

  /// Follows the link `url` opens (`myshop://products/2`, `https://…/orders`) from wherever
  /// the app is, without animation: what the entry point's `onOpenURL` calls. Returns
  /// whether the URL is one of the flows' links.
  @discardableResult
  func open(_ url: URL, onEnd: @escaping @MainActor (LinkOutcome) -> Void = { _ in }) -> Bool {
    guard let link = FlowLink(url: url) else { return false }
    app.open(link, values: screens, onEnd: onEnd)
    return true
  }
}
