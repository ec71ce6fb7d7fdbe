import FlowRuntime

/// The app's navigation: the SwiftUI router, and the root coordinator that drives it, started
/// without animation (the first screens appear as they are). The app's entry point keeps it;
/// the tests make their own.
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
}
