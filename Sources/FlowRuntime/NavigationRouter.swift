#if canImport(UIKit)
  import UIKit

  /// The UIKit router: a `UINavigationController` for the root stack, and one presented
  /// over it for each modal stack; a tab container is shown on its own, never inside a
  /// navigation controller.
  ///
  /// **What it believes and what UIKit shows.** ``top`` is where the coordinators asked the
  /// navigation to be; the router gets UIKit there one transition at a time (a queue: each
  /// transition starts when the one before has ended, so a dismiss followed by a present in
  /// the same turn works). It never trusts a transition it has not seen end: after every
  /// transition, and on every callback UIKit gives it, it compares what UIKit shows with what
  /// it believes, view controller by view controller, and tells the coordinator what is gone
  /// (``Router/onUserUnwind``): screens the user popped (the back button, its long-press menu,
  /// a swipe back that was not cancelled), a sheet swiped away, a presentation UIKit refused
  /// (its presenter not in a window, say). A presentation or dismissal waits for any
  /// transition in flight where it is made, the app's own included, and for a push or pop in
  /// any of its stacks (a tab's navigation controller is a child of its container, whose
  /// `transitionCoordinator` does not show it).
  ///
  /// It learns of a sheet that went away without owning its presentation delegate: its modal
  /// stacks see themselves dismissed (`viewDidDisappear(_:)` with `isBeingDismissed`), so a
  /// screen that sets `presentationController?.delegate` itself (a "Discard changes?"
  /// confirmation) keeps the router informed. A delegate set before the router's own is
  /// forwarded every call; so is the root navigation controller's delegate
  /// (``navigationDelegate``).
  ///
  /// It presents from the top presented view controller (over a share sheet that something
  /// else showed), but never from an alert: UIKit would dismiss what the alert presents with
  /// it, so a presentation waits for the alert to close. It dismisses a modal stack from what
  /// presented it (so that what the stack presents goes with it).
  ///
  /// **Tabs.** A `UITabBarController` shown at the root of the root stack becomes the
  /// window's root view controller (``window``, else the window whose root view controller the
  /// navigation controller is; ``rootViewController``); at the root of a navigation controller
  /// in a container of the app's own, or pushed above other screens (which UIKit cannot do),
  /// it is presented full screen over them, a modal stack in ``top``; presented, it is
  /// presented itself. Each tab is a navigation controller of a router of its own
  /// (``makeTabStack()``), which presents over the tab container: what a tab presented goes
  /// when the router takes the tab container away. ``selectTab(at:of:)`` sets its
  /// `selectedIndex`.
  ///
  /// A modal stack is presented as a page sheet (``ModalStyle/sheet``), a form sheet
  /// (``ModalStyle/formSheet``), a popover (``ModalStyle/popover``) or full screen
  /// (``ModalStyle/fullScreen``), unless ``preparePresentation`` chooses another style. A
  /// popover points at what the screen that presents it says (``PopoverAnchoring``), else at
  /// the middle of that screen, without an arrow; in a compact width UIKit shows it as a sheet
  /// (iOS 13 and later: as a form sheet, which is a sheet there). The user dismisses a form
  /// sheet and a popover as a sheet, and the router hears of it the same way. An
  /// action sheet, a popover on an iPad, points at its alert's ``FlowAlert/anchor``, else at
  /// what the screen on top says (``PopoverAnchoring``), else at the middle of the screen. A
  /// screen shown with `systemBack` off gets `navigationItem.hidesBackButton` (so no back
  /// button and no long-press menu), and while it is the top screen its stack's
  /// `interactivePopGestureRecognizer` and (iOS 26) `interactiveContentPopGestureRecognizer`
  /// are disabled; a screen shown with `dismissible` off gets `isModalInPresentation`, and
  /// while it is the top screen of a modal stack so does that stack, so that the sheet cannot
  /// be swiped away. A router only ever turns these on: a screen that hides its back button
  /// itself keeps it hidden.
  @MainActor
  public final class NavigationRouter: NSObject, Router {
    /// The root stack, while the root shows no tab container.
    public let navigationController: UINavigationController
    /// The window whose root view controller is ``rootViewController``: the router sets it
    /// when the root changes to a tab container and back. Without one, a router finds the
    /// window whose root view controller its navigation controller is, when it shows a tab
    /// container at the root.
    public weak var window: UIWindow? {
      didSet { window?.rootViewController = rootViewController }
    }
    /// Whether the transitions the router starts from now on are animated; turn it off for
    /// the launch, a deep link or a restoration, and on again after (``withoutAnimation(_:)``
    /// does both). A tab's router animates when it and the router that made it
    /// (``makeTabStack()``) do.
    public var animatesTransitions = true
    /// Told each time the screen on top changes, by what the router did or saw UIKit do,
    /// with the flow's name of the screen (``observeNavigation(_:)``).
    public let navigationObservers: NavigationObservers? = NavigationObservers()
    /// How long, in seconds, the router waits for a transition in flight before it presents or dismisses
    /// anyway (a user holding a swipe back is one); a transition of its own whose end UIKit
    /// never reports (a completion that never comes) holds the ones after it twice as long at
    /// most. Then the router goes on, and compares what UIKit shows with what it believes.
    public var transitionTimeout: TimeInterval = 3
    /// The root navigation controller's delegate of the app's own: the router is the
    /// navigation controller's delegate and forwards every call to this one. One set before
    /// the router was made is kept here.
    public weak var navigationDelegate: (any UINavigationControllerDelegate)?
    public var onUserUnwind: (@MainActor (_ before: StackPosition) -> Void)?
    /// Called with each modal stack (or tab container) the router is about to present, and the
    /// flow's style for it, after the router gave it its presentation style (a sheet is a
    /// `.pageSheet`, a form sheet `.formSheet`, a popover `.popover`, a full-screen stack
    /// `.fullScreen`) and before it presents it: set another `modalPresentationStyle` here, or
    /// a sheet's detents (`sheetPresentationController`, after the style), or those of the
    /// sheet a popover becomes in a compact width
    /// (`popoverPresentationController?.adaptiveSheetPresentationController`, iOS 15). The
    /// router sets its presentation delegate after this, and keeps one the app set here; it
    /// anchors a popover (whatever set the style) when it presents it, unless the app
    /// anchored it here.
    public var preparePresentation:
      (@MainActor (_ presented: UIViewController, _ style: ModalStyle) -> Void)?

    /// The router whose ``makeTabStack()`` made this one.
    private weak var maker: NavigationRouter?
    /// (r3) The split container whose primary column is this router's root stack, or whose
    /// later column this router is (``makeSplit(_:)``).
    private var splitHost: SplitHost?

    /// (r3) The split container this router shows at the root of its window, once a split
    /// coordinator made it (``makeSplit(_:)``): set its `preferredDisplayMode` or
    /// `preferredSplitBehavior` here.
    public var splitViewController: UISplitViewController? { splitHost?.controller }
    /// Whether the next transition is animated.
    private var animates: Bool { animatesTransitions && maker?.animates != false }
    /// The flow's names of the screens the coordinators showed (``willShow(_:named:)``), by
    /// the identity of their view controllers, each held weakly.
    private var names: [ObjectIdentifier: NamedScreen] = [:]
    /// What ``whenIdle(_:)`` was given while the router was not idle, in order.
    private var idleWaiters: [@MainActor () -> Void] = []
    /// Whether the router is waiting to run ``idleWaiters``: for a transition UIKit is making
    /// where it presents, then a turn of the main run loop, then a comparison with UIKit.
    private var isSettling = false
    /// What the router believes is shown, root first; never empty.
    private var levels: [Level]
    /// The transitions that wait for the one in flight.
    private var waiting: [Step] = []
    /// Whether a transition of the router is in flight: its end not seen yet.
    private var isBusy = false
    /// Whether a comparison with UIKit is due once the transitions have ended.
    private var needsReconcile = false
    /// Whether a comparison is scheduled for the next turn of the main run loop.
    private var isReconcileScheduled = false
    /// The end of the transition in flight, while there is one.
    private var currentStep: StepEnd?

    /// A router whose root stack is `navigationController`; put ``rootViewController`` in a
    /// window, or give the router the window (``init(window:)``).
    public init(navigationController: UINavigationController = UINavigationController()) {
      self.navigationController = navigationController
      levels = [
        Level(host: navigationController, screens: navigationController.viewControllers)
      ]
      navigationDelegate = navigationController.delegate
      super.init()
      navigationController.delegate = self
    }

    /// A router that shows its root in `window`.
    public convenience init(window: UIWindow) {
      self.init()
      self.window = window
      window.rootViewController = rootViewController
    }

    /// What the window shows: the root navigation controller, or the tab container shown at
    /// its root.
    public var rootViewController: UIViewController { root.host }

    /// The window whose root the router's root is: ``window``, else the window of the root
    /// navigation controller when it is that window's root view controller (a router made
    /// with ``init(navigationController:)`` for a navigation controller the app put there).
    private var rootWindow: UIWindow? {
      if let window { return window }
      guard let window = navigationController.viewIfLoaded?.window,
        window.rootViewController === navigationController
      else { return nil }
      return window
    }

    private var root: Level { levels[0] }
    private var topLevel: Level { levels[levels.count - 1] }

    public var top: StackPosition {
      StackPosition(modals: levels.count - 1, screens: topLevel.screens.count)
    }

    // MARK: Transitions

    public func push(_ screen: any Presentable, controls: SystemControls) {
      let viewController = shown(screen, controls)
      let level = topLevel
      if viewController is UITabBarController {
        guard levels.count == 1, level.screens.isEmpty, let window = rootWindow else {
          // UIKit cannot push a tab bar controller: it goes over the stack, with no way back
          // but the flow's, as the roots of its tabs have none. So does one at the root of a
          // navigation controller that is not a window's root (in a container of the app's).
          return presentLevel(viewController, style: .fullScreen)
        }
        self.window = window
        levels[0] = Level(host: viewController, screens: [viewController])
        enqueue { [weak self] done in
          self?.window?.rootViewController = viewController
          done()
        }
        return
      }
      level.screens.append(viewController)
      show(level)
    }

    public func present(_ screen: any Presentable, style: ModalStyle, controls: SystemControls) {
      presentLevel(shown(screen, controls), style: style)
    }

    /// Presents a new level over the top presented view controller: `viewController` in a
    /// navigation stack of its own, or itself if it is a tab container.
    private func presentLevel(_ viewController: UIViewController, style: ModalStyle) {
      let host: UIViewController
      if viewController is UITabBarController {
        host = viewController
      } else {
        let stack = ModalStack(rootViewController: viewController)
        stack.delegate = self
        stack.onDismissed = { [weak self] in self?.scheduleReconcile() }
        host = stack
      }
      // The style first: the presentation controller is made for the style it finds.
      host.modalPresentationStyle = Self.presentationStyle(of: style)
      preparePresentation?(host, style)
      // A popover points at the screen that presents it: the top screen now.
      let presentingScreen = topLevel.screens.last
      let level = Level(host: host, screens: [viewController])
      if let presentation = host.presentationController {
        level.forwarded = presentation.delegate
        presentation.delegate = self
      }
      levels.append(level)
      let animated = animates
      enqueue { done in
        self.whenStill(presents: true, { self.topPresented }) { presenter in
          if let popover = host.popoverPresentationController, !Self.isAnchored(popover) {
            // UIKit raises an exception for a popover without an anchor.
            let anchor = (presentingScreen as? any PopoverAnchoring)?.popoverAnchor
            Self.anchor(popover, on: anchor, over: presentingScreen ?? presenter)
          }
          presenter.present(host, animated: animated) { done() }
          // Refused: UIKit logged it and calls nothing; the comparison finds it missing.
          if host.presentingViewController == nil { done() }
        }
      }
      applyControls()
    }

    public func replace(from index: Int, with screen: any Presentable, controls: SystemControls) {
      let level = topLevel
      level.screens = level.screens.prefix(max(0, index)) + [shown(screen, controls)]
      show(level)
    }

    public func pop() {
      let level = topLevel
      guard level.screens.count > 1 else { return }
      level.screens.removeLast()
      show(level)
    }

    /// Pops to the top stack's view controller at `index`, all at once.
    public func popToRoot(at index: Int) {
      let level = topLevel
      guard index >= 0, index < level.screens.count - 1 else { return }
      level.screens.removeSubrange((index + 1)...)
      show(level)
    }

    /// Dismisses the top modal stack from the view controller that presented it, so that
    /// what the stack presents (an alert, a tab's modal) goes with it.
    public func dismiss() {
      guard levels.count > 1 else { return }
      dismissLevels(from: levels.count - 1)
    }

    public func unwind(to position: StackPosition) {
      let index = max(0, position.modals)
      if index < levels.count - 1 { dismissLevels(from: index + 1) }
      let level = topLevel
      if index == levels.count - 1, level.screens.count > position.screens {
        level.screens.removeSubrange(max(0, position.screens)...)
        if index == 0, level.screens.isEmpty, level.host !== navigationController {
          // The tab container or (r3) the split at the root goes: the root navigation
          // controller is back, out of the split's primary column, and a split coordinator
          // started again makes a split of its own.
          let container = level.host
          let split = splitHost
          splitHost = nil
          levels[0] = Level(host: navigationController, screens: [])
          enqueue { [weak self] done in
            guard let self else { return done() }
            if container.presentedViewController != nil { container.dismiss(animated: false) }
            split?.controller.setViewController(nil, for: .primary)
            navigationController.setViewControllers([], animated: false)
            window?.rootViewController = navigationController
            done()
          }
        } else {
          show(level)
        }
      }
    }

    public func makeTabStack() -> (router: any Router, view: any Presentable) {
      let router = NavigationRouter()
      router.maker = self
      return (router, router.navigationController)
    }

    public func selectTab(at index: Int, of container: any Presentable) {
      guard let tabs = container.viewControllerToShow as? UITabBarController,
        index >= 0, index < tabs.viewControllers?.count ?? 0
      else { return }
      enqueue { done in
        tabs.selectedIndex = index
        done()
      }
    }

    /// Takes the modal stacks from `index` up away: dismissed from what presented the first.
    private func dismissLevels(from index: Int) {
      let host = levels[index].host
      levels.removeSubrange(index...)
      let animated = animates
      enqueue { done in
        self.whenStill({ host }) { _ in
          guard let presenter = host.presentingViewController else { return done() }
          presenter.dismiss(animated: animated) { done() }
          // Refused: UIKit logged it and calls nothing.
          if host.presentingViewController != nil, !host.isBeingDismissed { done() }
        }
      }
      applyControls()
    }

    /// Gets `level`'s navigation stack to the screens the router believes it has, with a
    /// push, a pop or a new set of screens.
    private func show(_ level: Level) {
      applyControls()
      guard let stack = level.stack else { return }
      let screens = level.screens
      let animated = animates
      let split = level === root ? splitHost : nil
      enqueue { done in
        // (r3) A collapsed split shows every column on its compact stack.
        if let split, split.collapsed {
          let compact = split.compactStack
          Self.move(compact, to: split.collapsedScreens, animated: animated)
          return self.whenStill({ compact }) { _ in done() }
        }
        let wasEmpty = stack.viewControllers.isEmpty
        Self.move(stack, to: screens, animated: animated)
        // A column that shows a child again is brought into view (an iPad in portrait).
        if let split, let column = split.column(of: self), wasEmpty, !screens.isEmpty {
          split.controller.show(column.uiKit)
        }
        self.whenStill({ stack }) { _ in done() }
      }
    }

    /// Gets `stack` to `screens` with a push, a pop or a new set of screens.
    private static func move(
      _ stack: UINavigationController, to screens: [UIViewController], animated: Bool
    ) {
      let shown = stack.viewControllers
      if screens.count == shown.count, zip(screens, shown).allSatisfy({ $0 === $1 }) { return }
      let kept = zip(screens, shown).prefix { $0 === $1 }.count
      if shown.isEmpty {
        stack.setViewControllers(screens, animated: false)
      } else if kept == shown.count, screens.count == kept + 1 {
        stack.pushViewController(screens[kept], animated: animated)
      } else if kept == screens.count, let last = screens.last {
        stack.popToViewController(last, animated: animated)
      } else {
        stack.setViewControllers(screens, animated: animated)
      }
    }

    // MARK: The queue

    /// One transition: it calls its argument once when it has ended (or UIKit refused it).
    private typealias Step = (_ done: @escaping @MainActor () -> Void) -> Void

    /// Runs `step` now if nothing is in flight, otherwise after what is.
    private func enqueue(_ step: @escaping Step) {
      waiting.append(step)
      runWaiting()
    }

    /// Runs the waiting transitions in order while none is in flight. A transition whose
    /// end UIKit never reports holds the queue for ``transitionTimeout`` at most, so that one
    /// missed callback cannot stop the router; one that waits for the user to close an alert
    /// holds it until then.
    private func runWaiting() {
      while !isBusy, !waiting.isEmpty {
        let step = waiting.removeFirst()
        isBusy = true
        let end = StepEnd()
        currentStep = end
        let done: @MainActor () -> Void = { [weak self] in
          guard !end.isDone else { return }
          end.isDone = true
          self?.isBusy = false
          self?.reportTop()
          self?.runWaiting()
        }
        step(done)
        // Twice: a transition may first wait that long for the one in flight.
        if !end.isDone { endLate(end, after: transitionTimeout * 2, done) }
      }
      if !isBusy, waiting.isEmpty, needsReconcile { scheduleReconcile() }
      settle()
    }

    // MARK: Idle

    /// Calls `body` once the router is idle: its queue of transitions has ended, no
    /// transition that UIKit makes where it presents is in flight (a swipe back the user is
    /// making, finished or cancelled), and it has compared what UIKit shows with what it
    /// believes, telling ``onUserUnwind`` of what the user changed meanwhile. At once when it
    /// is idle already and nothing given before waits; otherwise later, in order, each after
    /// the transitions that the one before started. A transition whose end UIKit never
    /// reports is waited for ``transitionTimeout`` at most, as the queue does.
    public func whenIdle(_ body: @escaping @MainActor () -> Void) {
      if idleWaiters.isEmpty, isIdle { return body() }
      idleWaiters.append(body)
      settle()
    }

    /// Whether nothing is in flight or due: no transition of the router's, no comparison with
    /// UIKit, no transition where it presents.
    private var isIdle: Bool {
      !isBusy && waiting.isEmpty && !needsReconcile && !isReconcileScheduled && !isSettling
        && transitionInFlight(around: topPresented) == nil
    }

    /// Once the queue has ended, waits for a transition in flight where the router presents,
    /// and a turn of the main run loop (UIKit's callbacks about the transition that ended come
    /// then), compares with UIKit, and runs what waits for the router to be idle.
    private func settle() {
      guard !idleWaiters.isEmpty, !isSettling, !isBusy, waiting.isEmpty else { return }
      isSettling = true
      DispatchQueue.main.async { [weak self] in
        guard let self else { return }
        whenStill({ self.topPresented }) { _ in
          DispatchQueue.main.async { [weak self] in self?.runIdleWaiters() }
        }
      }
    }

    /// Compares with UIKit, then runs what waits for the router to be idle, in order, while
    /// it is: one that starts a transition holds the others until the router is idle again.
    private func runIdleWaiters() {
      isSettling = false
      guard !isBusy, waiting.isEmpty else { return }
      reconcile()
      while !idleWaiters.isEmpty, !isBusy, waiting.isEmpty, !needsReconcile {
        idleWaiters.removeFirst()()
      }
      settle()
    }

    /// Ends the transition of `end` after `delay` if it has not ended, unless it waits for the
    /// user to close an alert, and has the router compare with UIKit then.
    private func endLate(
      _ end: StepEnd, after delay: TimeInterval, _ done: @escaping @MainActor () -> Void
    ) {
      DispatchQueue.main.asyncAfter(deadline: .now() + delay) { [weak self] in
        guard let self, !end.isDone else { return }
        if end.waitsForUser { return endLate(end, after: delay, done) }
        needsReconcile = true
        done()
      }
    }

    /// Calls `act` with the view controller `target` gives once no transition moves it, what
    /// is above it or a stack of this router, since UIKit refuses to present or dismiss
    /// during one (and a presentation during a push in a child navigation controller, which
    /// the outermost view controller's `transitionCoordinator` does not see, starts
    /// mid-animation); after ``transitionTimeout`` it calls it anyway. A presentation
    /// (`presents`) also waits while an alert is up: UIKit would have the alert present it,
    /// and dismiss it with the alert.
    private func whenStill(
      presents: Bool = false,
      _ target: @escaping @MainActor () -> UIViewController,
      _ act: @escaping @MainActor (UIViewController) -> Void
    ) {
      let end = StepEnd()
      let step = currentStep
      let once: @MainActor () -> Void = {
        guard !end.isDone else { return }
        end.isDone = true
        step?.waitsForUser = false
        act(target())
      }
      func check() {
        guard !end.isDone else { return }
        if let transition = transitionInFlight(around: target()) {
          transition.animate(alongsideTransition: nil) { _ in check() }
          return
        }
        if presents, alertOnTop != nil {
          // UIKit says nothing when an alert of the app's own closes: look again.
          step?.waitsForUser = true
          DispatchQueue.main.asyncAfter(deadline: .now() + min(0.1, transitionTimeout)) {
            check()
          }
          return
        }
        once()
      }
      check()
      guard !end.isDone else { return }
      DispatchQueue.main.asyncAfter(deadline: .now() + transitionTimeout) {
        if step?.waitsForUser != true { once() }
      }
    }

    /// A transition in flight that moves `target` (or a parent of it), a stack of this router
    /// (a tab's navigation controller is a child of its container), or what is presented over
    /// `target`.
    private func transitionInFlight(around target: UIViewController)
      -> (any UIViewControllerTransitionCoordinator)?
    {
      if let transition = target.transitionCoordinator { return transition }
      for level in levels {
        if let transition = level.stack?.transitionCoordinator { return transition }
      }
      var moving: UIViewController? = target.presentationContext
      while let candidate = moving {
        if let transition = candidate.transitionCoordinator { return transition }
        moving = candidate.presentedViewController
      }
      return nil
    }

    /// An alert presented over this router's root and not being dismissed.
    private var alertOnTop: UIAlertController? {
      var presented = root.host.presentationContext.presentedViewController
      while let controller = presented {
        if let alert = controller as? UIAlertController, !alert.isBeingDismissed { return alert }
        presented = controller.presentedViewController
      }
      return nil
    }

    /// The view controller at the top of the presentations over this router's root: what
    /// presents next.
    private var topPresented: UIViewController {
      var presenter = root.host.presentationContext
      while let presented = presenter.presentedViewController, !presented.isBeingDismissed {
        presenter = presented
      }
      return presenter
    }

    // MARK: Comparing with UIKit

    /// Compares with UIKit on the next turn of the main run loop, once the router's own
    /// transitions have ended: a callback comes in the middle of UIKit's work.
    private func scheduleReconcile() {
      needsReconcile = true
      guard !isReconcileScheduled else { return }
      isReconcileScheduled = true
      DispatchQueue.main.async { [weak self] in
        guard let self else { return }
        isReconcileScheduled = false
        if !isBusy, waiting.isEmpty { reconcile() }
      }
    }

    /// Drops, by identity, what the router believes is shown and UIKit does not show: modal
    /// stacks no longer presented (and those above them), screens no longer on their stack
    /// (a stack a transition still moves is looked at when it ends). Then tells the
    /// coordinator where the top was, if it moved.
    private func reconcile() {
      needsReconcile = false
      let before = top
      if let gone = levels.indices.dropFirst().first(where: {
        levels[$0].host.presentingViewController == nil
      }) {
        levels.removeSubrange(gone...)
      }
      for level in levels {
        guard let (stack, shown) = shownScreens(of: level), stack.transitionCoordinator == nil
        else { continue }
        let kept = zip(level.screens, shown).prefix { $0 === $1 }.count
        level.screens.removeSubrange(kept...)
      }
      guard top != before else { return }
      applyControls()
      reportTop()
      onUserUnwind?(before)
    }

    /// The navigation controller that shows `level`'s screens, and what it shows of them:
    /// the level's own stack, or for the root stack of a collapsed split's column, its part
    /// of the compact stack (r3).
    private func shownScreens(
      of level: Level
    ) -> (UINavigationController, [UIViewController])? {
      if level === root, let split = splitHost, split.collapsed {
        return (split.compactStack, split.collapsedPart(of: self))
      }
      guard let stack = level.stack else { return nil }
      return (stack, stack.viewControllers)
    }

    // MARK: Split containers (r3)

    /// Makes a split container of `style` whose primary column is the root stack, shown as
    /// the window's root view controller, and a router for each later column, each with a
    /// navigation controller of its own. It is the split's delegate: in a compact width its
    /// `compact` column is a navigation controller that shows every column's screens in order,
    /// moved there when it collapses and back when it expands, so that the user's back at a
    /// column's bottom screen takes it away (its router tells its coordinator).
    ///
    /// Only at the root of the root stack, before its first screen, in a window: elsewhere (a
    /// tab's stack, a modal start) the router shows every column on its one stack, as
    /// ``Router``'s default does.
    public func makeSplit(_ style: SplitStyle) -> SplitColumns {
      guard levels.count == 1, root.screens.isEmpty, root.host === navigationController,
        splitHost == nil, let window = rootWindow
      else {
        return SplitColumns(
          style: style,
          routers: Dictionary(uniqueKeysWithValues: style.columns.dropFirst().map { ($0, self) }))
      }
      let split = SplitHost(style: style, primary: self)
      split.controller.setViewController(navigationController, for: .primary)
      var routers: [SplitColumn: any Router] = [:]
      for column in style.columns.dropFirst() {
        let router = NavigationRouter()
        router.maker = self
        router.splitHost = split
        split.columns.append((column, router))
        split.controller.setViewController(router.navigationController, for: column.uiKit)
        routers[column] = router
      }
      split.controller.setViewController(split.compactStack, for: .compact)
      splitHost = split
      levels[0] = Level(host: split.controller, screens: [], stack: navigationController)
      self.window = window
      return SplitColumns(style: style, routers: routers)
    }

    /// Compares with UIKit now, if nothing of the router's is in flight: before a split moves
    /// its screens between its columns and its compact stack.
    fileprivate func reconcileIfIdle() {
      if !isBusy, waiting.isEmpty { reconcile() }
    }

    /// Has the router compare with UIKit soon: the compact stack of its split changed.
    fileprivate func compactStackChanged() {
      scheduleReconcile()
    }

    /// The root stack's screens, as the router believes them.
    fileprivate var rootScreens: [UIViewController] { root.screens }

    // MARK: Observers

    public func willShow(_ screen: any Presentable, named name: String) {
      remember(screen.viewControllerToShow, as: name)
    }

    /// Remembers the screen's name, and gives its view the screen's accessibility identifier
    /// (``ScreenID/accessibilityIdentifier``), which UI tests look for, unless the app gave
    /// the view one of its own: an identifier the app set is never overwritten.
    public func willShow(_ screen: any Presentable, as id: ScreenID) {
      let controller = screen.viewControllerToShow
      remember(controller, as: id.name)
      if let identifier = id.accessibilityIdentifier {
        Self.identify(controller, as: identifier)
      }
    }

    /// Sets `identifier` on the view of `controller` (loading it, as showing it would), unless
    /// the view has a non-empty identifier already.
    static func identify(_ controller: UIViewController, as identifier: String) {
      let view: UIView = controller.view
      if view.accessibilityIdentifier?.isEmpty ?? true {
        view.accessibilityIdentifier = identifier
      }
    }

    private func remember(_ controller: UIViewController, as name: String) {
      if names.count > 64 { names = names.filter { $0.value.controller != nil } }
      names[ObjectIdentifier(controller)] = NamedScreen(controller: controller, name: name)
    }

    /// Tells the observers which screen the router believes is on top now, by the flow's
    /// name the coordinators gave it (else its type's).
    private func reportTop() {
      guard let observers = navigationObservers else { return }
      let screen = levels.last?.screens.last
      var name: String?
      if let screen {
        let named = names[ObjectIdentifier(screen)]
        name = named?.controller === screen ? named?.name : String(describing: type(of: screen))
      }
      observers.topChanged(to: screen, named: name, animated: animates)
    }

    // MARK: Alerts

    /// Presents a `UIAlertController` made from `alert` over the top presented view
    /// controller, after the transition in flight: UIKit closes the alert before it runs the
    /// tapped action's handler. An alert is not one of this router's levels: ``top`` does not
    /// move, and a dismissal of the stack it is shown over takes it with it. An action sheet,
    /// a popover on an iPad, points at the alert's ``FlowAlert/anchor``, else at what the
    /// screen on top says (``PopoverAnchoring``), else at the middle of the view it is shown
    /// over, without an arrow.
    public func alert(_ alert: FlowAlert) {
      let controller = UIAlertController(
        title: alert.title, message: alert.message,
        preferredStyle: alert.style == .actionSheet ? .actionSheet : .alert)
      for button in alert.buttons {
        let action = button.action
        controller.addAction(
          UIAlertAction(title: button.title, style: Self.style(of: button.role)) { _ in
            action()
          })
      }
      let anchor = alert.anchor ?? (topLevel.screens.last as? any PopoverAnchoring)?.popoverAnchor
      let animated = animates
      enqueue { done in
        self.whenStill(presents: true, { self.topPresented }) { presenter in
          if let popover = controller.popoverPresentationController {
            Self.anchor(popover, on: anchor, over: presenter)
          }
          presenter.present(controller, animated: animated) { done() }
          if controller.presentingViewController == nil { done() }
        }
      }
    }

    /// Dismisses the alert presented over this router's root, if one is, after the transitions
    /// asked for before (an alert still to be presented is presented first): UIKit runs no
    /// button's handler, since only a tap runs one. What a relative link does before it pushes
    /// (r3, FLOW-SPEC 13.6).
    public func closeAlerts() {
      let animated = animates
      enqueue { done in
        guard let alert = self.alertOnTop, let presenter = alert.presentingViewController else {
          return done()
        }
        presenter.dismiss(animated: animated) { done() }
      }
    }

    /// How UIKit presents a modal stack of `style`; a popover is anchored when it is
    /// presented.
    private static func presentationStyle(of style: ModalStyle) -> UIModalPresentationStyle {
      switch style {
      case .sheet: .pageSheet
      case .fullScreen: .fullScreen
      case .formSheet: .formSheet
      case .popover: .popover
      }
    }

    private static func style(of role: FlowAlert.Button.Role) -> UIAlertAction.Style {
      switch role {
      case .default: .default
      case .cancel: .cancel
      case .destructive: .destructive
      }
    }

    // MARK: System controls

    /// The view controller of `screen`, with the system controls that `controls` turns off
    /// turned off for as long as it is shown.
    private func shown(_ screen: any Presentable, _ controls: SystemControls) -> UIViewController {
      let viewController = screen.viewControllerToShow
      if !controls.systemBack { viewController.navigationItem.hidesBackButton = true }
      if !controls.dismissible { viewController.isModalInPresentation = true }
      return viewController
    }

    /// Gives each stack the system controls of its top screen: the swipe-back gestures (the
    /// edge swipe, and iOS 26's pan from anywhere in the content) only where its back button
    /// shows, and a modal stack that cannot be swiped away while its top screen cannot.
    private func applyControls() {
      for (index, level) in levels.enumerated() {
        guard let top = level.screens.last else { continue }
        let goesBack = !top.navigationItem.hidesBackButton
        level.stack?.interactivePopGestureRecognizer?.isEnabled = goesBack
        if #available(iOS 26, macCatalyst 26, visionOS 26, *) {
          level.stack?.interactiveContentPopGestureRecognizer?.isEnabled = goesBack
        }
        if index > 0, level.host !== top {
          level.host.isModalInPresentation = top.isModalInPresentation
        }
      }
      splitHost?.applyCompactControls()
    }

    /// Anchors `popover` on `anchor`, or without one at the middle of `presenter`'s view,
    /// without an arrow: UIKit raises an exception for a popover without an anchor.
    private static func anchor(
      _ popover: UIPopoverPresentationController, on anchor: PopoverAnchor?,
      over presenter: UIViewController
    ) {
      switch anchor?.source {
      case .view(let view, let rect)?:
        popover.sourceView = view
        popover.sourceRect = rect ?? view.bounds
      case .barButtonItem(let item)?:
        if #available(iOS 16, macCatalyst 16, *) {
          popover.sourceItem = item
        } else {
          popover.barButtonItem = item
        }
      case nil:
        popover.sourceView = presenter.view
        popover.sourceRect = CGRect(
          x: presenter.view.bounds.midX, y: presenter.view.bounds.midY, width: 0, height: 0)
        popover.permittedArrowDirections = []
      }
    }

    /// Whether the app anchored `popover` already (in ``preparePresentation``).
    private static func isAnchored(_ popover: UIPopoverPresentationController) -> Bool {
      if popover.sourceView != nil { return true }
      if #available(iOS 16, macCatalyst 16, *) { return popover.sourceItem != nil }
      return popover.barButtonItem != nil
    }

    /// The delegate of the app's own for `presentationController`, if one was set before
    /// the router's.
    private func forwarded(_ presentationController: UIPresentationController)
      -> (any UIAdaptivePresentationControllerDelegate)?
    {
      levels.first { $0.host === presentationController.presentedViewController }?.forwarded
    }
  }

  extension NavigationRouter: UINavigationControllerDelegate {
    public func navigationController(
      _ navigationController: UINavigationController, willShow viewController: UIViewController,
      animated: Bool
    ) {
      if navigationController === self.navigationController {
        navigationDelegate?.navigationController(
          navigationController, willShow: viewController, animated: animated)
      }
    }

    public func navigationController(
      _ navigationController: UINavigationController, didShow viewController: UIViewController,
      animated: Bool
    ) {
      if navigationController === self.navigationController {
        navigationDelegate?.navigationController(
          navigationController, didShow: viewController, animated: animated)
      }
      scheduleReconcile()
    }
  }

  extension NavigationRouter: UIAdaptivePresentationControllerDelegate {
    public func presentationControllerShouldDismiss(
      _ presentationController: UIPresentationController
    ) -> Bool {
      forwarded(presentationController)?.presentationControllerShouldDismiss(
        presentationController) ?? true
    }

    public func presentationControllerDidAttemptToDismiss(
      _ presentationController: UIPresentationController
    ) {
      forwarded(presentationController)?.presentationControllerDidAttemptToDismiss(
        presentationController)
    }

    public func presentationControllerWillDismiss(
      _ presentationController: UIPresentationController
    ) {
      forwarded(presentationController)?.presentationControllerWillDismiss(presentationController)
    }

    public func presentationControllerDidDismiss(
      _ presentationController: UIPresentationController
    ) {
      forwarded(presentationController)?.presentationControllerDidDismiss(presentationController)
      scheduleReconcile()
    }
  }

  /// Whether a transition of a router's queue has ended, and whether it waits for the user to
  /// close an alert.
  @MainActor
  private final class StepEnd {
    var isDone = false
    var waitsForUser = false
  }

  /// One level of what a router shows: the root, or a modal stack over it.
  @MainActor
  /// A screen's name as its coordinator gave it, with the view controller held weakly, so
  /// that one whose memory is reused is not taken for it.
  private struct NamedScreen {
    weak var controller: UIViewController?
    let name: String
  }

  private final class Level {
    /// What is presented (or the window's root): a navigation controller, or a tab container
    /// shown on its own.
    let host: UIViewController
    /// The screens the router believes the level shows, bottom first.
    var screens: [UIViewController]
    /// The presentation delegate that was set before the router's, which it forwards to.
    weak var forwarded: (any UIAdaptivePresentationControllerDelegate)?

    /// The navigation controller of its screens when its host is not one (a split's primary
    /// column, r3).
    private let ownStack: UINavigationController?

    init(host: UIViewController, screens: [UIViewController], stack: UINavigationController? = nil)
    {
      self.host = host
      self.screens = screens
      ownStack = stack
    }

    /// The level's navigation stack; `nil` for a tab container shown on its own.
    var stack: UINavigationController? { ownStack ?? host as? UINavigationController }
  }

  /// (r3) A split container that a ``NavigationRouter`` shows
  /// (``NavigationRouter/makeSplit(_:)``): the `UISplitViewController`, the router of each
  /// column, and the compact stack that shows every column's screens while it is collapsed.
  /// It is the split's delegate, and the compact stack's.
  @MainActor
  private final class SplitHost: NSObject, UISplitViewControllerDelegate,
    UINavigationControllerDelegate
  {
    let controller: UISplitViewController
    /// The router whose root stack is the primary column.
    weak var primary: NavigationRouter?
    /// The router of each later column, left to right.
    var columns: [(column: SplitColumn, router: NavigationRouter)] = []
    /// What the split shows while it is collapsed: every column's screens, in order.
    let compactStack = UINavigationController()
    /// Whether the screens are on the compact stack: from the moment UIKit asks which column
    /// to show collapsed until it asks how to expand.
    private(set) var collapsed = false

    init(style: SplitStyle, primary: NavigationRouter) {
      controller = UISplitViewController(
        style: style == .tripleColumn ? .tripleColumn : .doubleColumn)
      self.primary = primary
      super.init()
      controller.delegate = self
      compactStack.delegate = self
    }

    /// The routers of the columns, left to right.
    private var routers: [NavigationRouter] {
      (primary.map { [$0] } ?? []) + columns.map(\.router)
    }

    /// The column whose router `router` is, if it is a later one.
    func column(of router: NavigationRouter) -> SplitColumn? {
      columns.first { $0.router === router }?.column
    }

    /// Every column's screens, as their routers believe them, left to right.
    var collapsedScreens: [UIViewController] { routers.flatMap(\.rootScreens) }

    /// What the compact stack shows of `router`'s screens: its part, after the screens the
    /// columns before it believe they show.
    func collapsedPart(of router: NavigationRouter) -> [UIViewController] {
      var offset = 0
      for earlier in routers {
        if earlier === router { break }
        offset += earlier.rootScreens.count
      }
      let shown = compactStack.viewControllers
      return offset < shown.count ? Array(shown[offset...]) : []
    }

    /// Collapsing: the columns' screens move to the compact stack, which UIKit shows.
    func splitViewController(
      _ svc: UISplitViewController,
      topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column
    ) -> UISplitViewController.Column {
      for router in routers { router.reconcileIfIdle() }
      let screens = collapsedScreens
      for router in routers { router.navigationController.setViewControllers([], animated: false) }
      collapsed = true
      compactStack.setViewControllers(screens, animated: false)
      applyCompactControls()
      return .compact
    }

    /// Expanding: what the user left of each column on the compact stack goes back to it.
    func splitViewController(
      _ svc: UISplitViewController,
      displayModeForExpandingToProposedDisplayMode proposedDisplayMode: UISplitViewController
        .DisplayMode
    ) -> UISplitViewController.DisplayMode {
      for router in routers { router.reconcileIfIdle() }
      collapsed = false
      compactStack.setViewControllers([], animated: false)
      for router in routers {
        router.navigationController.setViewControllers(router.rootScreens, animated: false)
      }
      return proposedDisplayMode
    }

    /// The compact stack changed (the user's back): every column's router compares.
    func navigationController(
      _ navigationController: UINavigationController, didShow viewController: UIViewController,
      animated: Bool
    ) {
      for router in routers { router.compactStackChanged() }
      applyCompactControls()
    }

    /// While collapsed, gives the compact stack the swipe-back gestures of its top screen, as
    /// each router does for its own stacks: only where its back button shows.
    func applyCompactControls() {
      guard collapsed, let top = compactStack.viewControllers.last else { return }
      let goesBack = !top.navigationItem.hidesBackButton
      compactStack.interactivePopGestureRecognizer?.isEnabled = goesBack
      if #available(iOS 26, macCatalyst 26, visionOS 26, *) {
        compactStack.interactiveContentPopGestureRecognizer?.isEnabled = goesBack
      }
    }
  }

  extension SplitColumn {
    /// UIKit's column.
    fileprivate var uiKit: UISplitViewController.Column {
      switch self {
      case .primary: .primary
      case .supplementary: .supplementary
      case .secondary: .secondary
      }
    }
  }

  /// A modal stack of a router: it tells the router when it was dismissed, however (by the
  /// router, by a swipe the router's presentation delegate did not hear of).
  private final class ModalStack: UINavigationController {
    var onDismissed: (@MainActor () -> Void)?

    override func viewDidDisappear(_ animated: Bool) {
      super.viewDidDisappear(animated)
      if isBeingDismissed || presentingViewController == nil { onDismissed?() }
    }
  }

  extension UIViewController {
    /// The outermost parent: what UIKit presents from for it.
    fileprivate var presentationContext: UIViewController {
      var context = self
      while let parent = context.parent { context = parent }
      return context
    }
  }
#endif
