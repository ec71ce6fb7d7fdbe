/// How a child coordinator is shown: the `style` of a `start`.
nonisolated public enum StartStyle: String, Hashable, Sendable {
  /// On the parent's navigation stack, above the screen that started it.
  case push
  /// In a sheet of its own, presented over the screen that started it: the user can swipe
  /// it away (the flow's `style: sheet`, or `present`).
  case sheet
  /// In a full-screen modal stack of its own, presented over the screen that started it:
  /// no swipe dismisses it.
  case fullScreen
  /// In a form sheet of its own (r3, ``ModalStyle/formSheet``), presented over the screen
  /// that started it: the user can dismiss it as a sheet.
  case formSheet
  /// In a popover of its own (r3, ``ModalStyle/popover``), pointing at the screen that
  /// started it: the user can dismiss it with a tap outside it.
  case popover

  /// The style of the child's modal stack; `nil` for ``push``.
  public var modal: ModalStyle? {
    switch self {
    case .push: nil
    case .sheet: .sheet
    case .fullScreen: .fullScreen
    case .formSheet: .formSheet
    case .popover: .popover
    }
  }

  /// A sheet: the word revision 1 of the flow language used.
  @available(*, deprecated, renamed: "sheet")
  public static var present: StartStyle { .sheet }
}

/// A coordinator: shows screens through its router, keeps the children it starts while
/// they run, and lets each of them go exactly once.
///
/// Generated coordinators subclass ``FlowCoordinator``; the methods here are what their
/// code calls. A child is removed from its parent when it finishes, when the user leaves
/// its screens (it finishes with its ``FlowCoordinator/leaveResult``, or is dropped), or
/// when its parent ends; then nothing refers to it any more and it is deallocated.
@MainActor
open class Coordinator {
  /// How a coordinator was started.
  enum Role: Equatable {
    /// By the app, or by a parent that is not a coordinator.
    case root
    /// By a parent, on the parent's stack.
    case push
    /// By a parent, in a modal stack of its own of that style.
    case modal(ModalStyle)
    /// By a tab coordinator, at the root of a stack of its own.
    case tab
    /// (r3) By a `show`, in that column of the nearest split around its parent.
    case column(SplitColumn)
  }

  /// Shows the coordinator's screens.
  public let router: any Router
  /// The children that run now, in the order they started.
  public private(set) var children: [Coordinator] = []
  /// The coordinator that started this one, while this one runs.
  public private(set) weak var parent: Coordinator?
  /// Whether the coordinator finished or was dropped; then it does nothing more.
  public private(set) var isFinished = false

  var role = Role.root
  /// The top of the navigation when the coordinator started: its screens are above it.
  private(set) var base = StackPosition.origin
  /// Whether it showed a screen of its own: the first one of a modal child opens its stack.
  private(set) var hasShownScreen = false
  private var isListening = false
  /// How many times the router told this coordinator, when it owns its router, that the user
  /// (or UIKit refusing a presentation) took screens away: a sequence stops when it changed.
  private(set) var userUnwinds = 0
  /// How many times the coordinator navigated or started a child, to tell whether it is
  /// still where it asked a decision.
  private(set) var navigations = 0
  /// The value of ``navigations`` when the coordinator last asked a decision: while it is
  /// unchanged, that decision waits for its answer.
  private(set) var askedAt: Int?
  /// The decisions asked and not answered, oldest first, each with where it was asked and
  /// the task that answers it with the app's `async` form, if any.
  private var pendingDecisions: [PendingDecision] = []
  /// The decision ``answerOnce(decision:_:)`` recorded last, which ``ask(_:)`` asks.
  private var lastAsked: PendingDecision?
  /// The tasks that answer decisions of this tree with their `async` form, on the tree's
  /// root, each until it ends (cancelled or not): what ``waitForDecisions()`` waits for.
  private var decisionTasks: [Int: Task<Void, Never>] = [:]
  /// The number of the next task in ``decisionTasks``.
  private var nextTaskNumber = 0
  /// The container of a tab coordinator's tabs, once it shows them (``showTabs(_:)``).
  private(set) var tabContainer: (any Presentable)?
  /// Whether it shows its tabs' container (``showTabs(_:)``): a tab coordinator.
  var showsTabs: Bool { tabContainer != nil }
  /// The type of the coordinator each tab starts, in tab order.
  private var tabTypes: [ObjectIdentifier] = []
  /// For a tab, its index among its tab coordinator's tabs (0 is the first).
  private(set) var tabIndex: Int?
  /// For a tab coordinator, how many modal stacks were presented when it showed its tabs'
  /// container: more now means a modal stack of its own is over the tabs.
  private(set) var tabContainerModals = 0
  /// The identifier ``nameNextScreen(_:)`` gave the next screen, until it is shown.
  private var idOfNextScreen: ScreenID?
  /// The screen whose events ``screenEvents(_:)`` gave a sink for last, until it is shown.
  private var unshownScreen: ShownScreen?
  /// How many screens the coordinator showed, which numbers them.
  private var shownScreens = 0
  /// The number of the screen the coordinator showed last at each position: a screen shown
  /// again at a position, or replaced there, takes it from the one before.
  private var screenAt: [StackPosition: Int] = [:]
  /// The screen the coordinator showed last at each position, for a deep link to read its
  /// name and send it an event (``topScreenName``, ``sendToTopScreen(_:)``).
  private var shownAt: [StackPosition: ShownScreen] = [:]
  /// What follows a deep link from this coordinator (the root), once one was opened.
  var linkFollower: LinkFollower?
  /// The button a deep link taps on the alert this coordinator is about to show: `alert(_:)`
  /// runs it instead of showing the alert.
  private var linkTap: (@MainActor () -> Void)?
  /// (r3) The split container this coordinator shows (``showSplit(_:)``): a split
  /// coordinator.
  var split: SplitColumns?
  /// (r3) For a split coordinator, the child shown in each later column now.
  var shownInColumn: [SplitColumn: WeakCoordinator] = [:]
  /// (r3) For a child started by `show` on a column's own router, where its holder's router
  /// was then: the holder's screen that did the `show` is shown while the holder's router is
  /// not below it.
  var shownFrom: StackPosition?
  /// (r3) The child whose request this coordinator handles now: set while the handler runs,
  /// and while an alert's button or a decision's answer that the handler asked for runs
  /// (they continue it). An action that does not act over the top ends it first
  /// (``endAskingChild()``, FLOW-SPEC 13.3).
  weak var askingChild: Coordinator?

  public init(router: any Router) {
    self.router = router
  }

  /// Shows the coordinator's first screen, or runs its first decision, or starts its tabs.
  open func start() {}

  /// Whether the coordinator handles events and answers now: it has not finished, and no
  /// child it started on its own stack runs above its own top screen (that child's screens,
  /// or its decision, come first). A screen the coordinator showed over such a child while
  /// the child runs (r3: a request's handler, or an external event, that presents) is above
  /// it: its events are the coordinator's. While the coordinator handles a request of a
  /// child, that child does not stop it (FLOW-SPEC 13.3).
  public var canAct: Bool {
    guard !isFinished else { return false }
    let top = ownTopScreen?.position
    return !children.contains { child in
      child.router === router && child !== askingChild && top.map { $0 <= child.base } ?? true
    }
  }

  /// The sink for the events of the screen the coordinator is about to show (the next one it
  /// pushes, presents or replaces with): `handle` runs only while that screen is the top of
  /// the router and the coordinator can act. An event sent after the screen was covered,
  /// popped or replaced, such as the second tap of a double tap on a push, is dropped, since
  /// an event acts on the screen that sent it, and so is one sent while a child the
  /// coordinator started runs or after it ended; each is logged (``FlowLog``), named by the
  /// screen's name (``nameNextScreen(_:)``). Generated coordinators pass it to each
  /// `make<Screen>`.
  public func screenEvents<Event>(
    _ handle: @escaping @MainActor (Event) -> Void
  ) -> @MainActor (Event) -> Void {
    let screen = ShownScreen()
    unshownScreen = screen
    let coordinatorName = String(describing: type(of: self))
    let screenName = idOfNextScreen?.name ?? ""
    // Weak: the screen's `deliver` holds the sink, so a strong capture would keep both alive
    // forever. The coordinator holds the screen while it is shown; once it is gone, the
    // screen is not on top and its events are dropped anyway.
    let sink: @MainActor (Event) -> Void = { [weak self, weak screen] event in
      let refusal: FlowLogMessage.Reason? =
        if let self { self.refusal(of: screen) } else { .coordinatorEnded }
      guard let refusal else { return handle(event) }
      FlowLog.write(
        FlowLogMessage(
          .droppedEvent, refusal, coordinator: coordinatorName,
          node: screen?.name ?? screenName, value: String(describing: event)))
    }
    screen.deliver = { event in
      guard let event = event as? Event else { return false }
      sink(event)
      return true
    }
    return sink
  }

  /// The flow's name of the screen this coordinator shows on top of its router, if the top
  /// is one of its screens (and it was named).
  public var topScreenName: String? {
    guard let screen = shownAt[router.top], isOnTop(screen) else { return nil }
    return screen.name
  }

  /// Sends `event` to the screen on top, as the screen itself would: what a deep link's step
  /// does. Returns `false`, and does nothing, when the top is not one of this coordinator's
  /// screens or its events are not of that type.
  @discardableResult
  public func sendToTopScreen<Event>(_ event: Event) -> Bool {
    guard let screen = shownAt[router.top], isOnTop(screen), let deliver = screen.deliver
    else { return false }
    return deliver(event)
  }

  /// Gives the screen the coordinator shows next (with `push`, `present` or `replace`) its
  /// identifier, its coordinator and name in the flow, unless that call names it itself:
  /// what each generated `make<Screen>` does first (`nameNextScreen(.Checkout.review)`), so
  /// that the router records the screen by it and tells its observers the flow's name, and
  /// a dropped event names its screen.
  public func nameNextScreen(_ id: ScreenID) {
    idOfNextScreen = id
  }

  /// Gives the screen the coordinator shows next its name in the flow: ``nameNextScreen(_:)``
  /// with an identifier of the name alone.
  public func nameNextScreen(_ name: String) {
    nameNextScreen(ScreenID(name))
  }

  /// Why an event of `screen` is dropped now, or `nil` when it is handled: it must be on top
  /// (`nil`: gone), and the coordinator must be able to act.
  private func refusal(of screen: ShownScreen?) -> FlowLogMessage.Reason? {
    if isFinished { return .coordinatorEnded }
    guard let screen, isOnTop(screen) else { return .notOnTop }
    return canAct ? nil : .childRuns
  }

  /// This coordinator's screen on top of its router, if the top is one.
  var ownTopScreen: ShownScreen? {
    guard let screen = shownAt[router.top], isOnTop(screen) else { return nil }
    return screen
  }

  /// The screens this coordinator shows now, bottom first, each with its name and how the
  /// flow showed it: what a deep link compares with its route. Empty when the top of the
  /// router is not one of its screens (a child's runs above them). O(screens shown).
  var ownScreens: [ShownScreen] {
    var screens: [ShownScreen] = []
    var screen = ownTopScreen
    while let shown = screen {
      screens.append(shown)
      screen = shown.below
    }
    return screens.reversed()
  }

  /// Whether `screen` was shown and is still the top of the router.
  private func isOnTop(_ screen: ShownScreen) -> Bool {
    guard let position = screen.position else { return false }
    return router.top == position && screenAt[position] == screen.number
  }

  /// Gives the screen that ``screenEvents(_:)`` made a sink for the place it was shown at,
  /// if it `wasShown`: a presentation that the router refused gives it none, so that the
  /// screen below stays the one on top.
  private func didShowScreen(_ wasShown: Bool = true) {
    guard let screen = unshownScreen else { return }
    unshownScreen = nil
    guard wasShown, !isFinished else { return }
    shownScreens += 1
    let position = router.top
    screen.position = position
    screen.number = shownScreens
    screenAt[position] = shownScreens
    shownAt[position] = screen
  }

  // MARK: Navigation

  /// Shows `screen` on the current stack, with the system controls that `controls` leaves
  /// on. The first screen of a coordinator started with a modal style is presented
  /// instead: it opens the coordinator's modal stack. `name` is the screen's name in the
  /// flow, which the router records and tells its observers (generated code passes it).
  public func push(
    _ screen: any Presentable, named name: String? = nil, controls: SystemControls = .standard
  ) {
    endAskingChild()
    if let style = modalStackToOpen {
      return present(screen, named: name, style: style, controls: controls, showing: .push)
    }
    willShow(screen, named: name, showing: .push)
    router.push(screen, controls: controls)
    didShowScreen()
    didNavigate()
  }

  /// Shows `screen` in a new modal stack of `style`. If the router refuses the presentation
  /// (UIKit does while something else is presented), it tells the coordinators as if the
  /// user had swiped that stack away: a child whose first screen it was is left.
  public func present(
    _ screen: any Presentable, named name: String? = nil, style: ModalStyle = .sheet,
    controls: SystemControls = .standard
  ) {
    present(screen, named: name, style: style, controls: controls, showing: .present(style))
  }

  /// ``present(_:named:style:controls:)``, recording that the flow showed the screen the way
  /// `showing` says: a `push` or `replace` that opens a modal child's stack is presented, but
  /// a deep link compares it with the route's `push` or `replace`.
  private func present(
    _ screen: any Presentable, named name: String?, style: ModalStyle, controls: SystemControls,
    showing: ScreenShowing
  ) {
    willShow(screen, named: name, showing: showing)
    let before = router.top
    router.present(screen, style: style, controls: controls)
    didShowScreen(router.top.modals > before.modals)
    didNavigate()
  }

  /// Makes `screen` the only screen of this coordinator on the current stack; the screens
  /// of a parent below stay.
  public func replace(
    with screen: any Presentable, named name: String? = nil, controls: SystemControls = .standard
  ) {
    endAskingChild()
    if let style = modalStackToOpen {
      return present(screen, named: name, style: style, controls: controls, showing: .replace)
    }
    willShow(screen, named: name, showing: .replace)
    let top = router.top
    router.replace(
      from: top.modals == base.modals ? base.screens : 0, with: screen, controls: controls)
    didShowScreen()
    didNavigate()
  }

  /// The style of the modal stack that the coordinator's next screen opens, if it opens
  /// one: a modal child's first screen opens its stack. So does the first screen of a
  /// push-style child that such a coordinator started before it showed a screen (from its
  /// start decision, or a handler run there): that child sits on what is below the start
  /// decision, which for a modal start is the new modal stack (FLOW-SPEC section 8). A
  /// stack that such a child opened goes with it when it ends, and the next screen opens it
  /// again.
  private var modalStackToOpen: ModalStyle? {
    guard !hasShownScreen else { return nil }
    switch role {
    case .modal(let style): return style
    case .push: return parent.flatMap { $0.router === router ? $0.modalStackToOpen : nil }
    case .root, .tab, .column: return nil
    }
  }

  /// Goes back one screen. If that takes the last screens of a child away, the child is
  /// left, as when the user goes back.
  public func pop() {
    endAskingChild()
    navigations += 1
    let before = router.top
    router.pop()
    let owner = routerOwner
    owner.reconcile(from: before)
    owner.leaveIfColumnLeft(from: before)
    didNavigate()
  }

  /// Goes back to the first screen this coordinator shows on the current stack (the flow's
  /// `popToRoot`): the one it showed first there, or by `replace`. It pops only this
  /// coordinator's screens, never leaves it, and ends the children whose screens it takes
  /// away, as when the user goes back past them.
  public func popToRoot() {
    endAskingChild()
    navigations += 1
    let before = router.top
    // On the stack it started on, its first screen is just above its parent's; on a modal
    // stack it presented itself, it is the root.
    let first = before.modals == base.modals ? base.screens : 0
    router.popToRoot(at: first)
    routerOwner.reconcile(from: before)
    didNavigate()
  }

  /// Closes the modal stack of the current screen. If that takes the last screens of a
  /// child away, the child is left, as when the user swipes the stack away.
  public func dismiss() {
    endAskingChild()
    navigations += 1
    let before = router.top
    router.dismiss()
    routerOwner.reconcile(from: before)
    didNavigate()
  }

  /// Shows `alert` over whatever is on top (the flow's `alert:`). An alert is not a screen:
  /// the navigation stays where it is, and its buttons act, once it has closed, on the screen
  /// that showed it (generated code hands them to the alert through ``answerOnce(_:)``).
  /// A deep link whose route taps one of its buttons answers it instead: the button's action
  /// runs now and the alert is not shown (the link is the user's choice already made).
  public func alert(_ alert: FlowAlert) {
    if let tap = linkTap {
      linkTap = nil
      let before = navigations
      tap()
      // A link that waited for a decision whose case shows this alert goes on even when the
      // button does not navigate (it asks another decision, say).
      if navigations == before { didNavigate() }
      return
    }
    router.alert(alert)
  }

  // MARK: Tabs

  /// Shows `container`, the container of a tab coordinator's tabs, on the current stack; the
  /// children it starts next with `startTab` are its tabs, in order. The router records it as
  /// ``ScreenID/tabs(of:)`` of this coordinator's type (`Main.tabs`).
  public func showTabs(_ container: any Presentable) {
    if idOfNextScreen == nil { idOfNextScreen = .tabs(of: type(of: self)) }
    push(container)
    tabContainer = container
    tabContainerModals = router.top.modals
  }

  /// Shows the tab that starts a coordinator of type `coordinator` in the nearest tab
  /// coordinator around this one (itself, or the one it runs in through its parents): the
  /// flow's `select`. The navigation of every tab stays as it was, and nothing ends. Returns
  /// whether it did: nothing happens when that tab coordinator has no such tab, or this
  /// coordinator runs in none.
  @discardableResult
  public func select(_ coordinator: Coordinator.Type) -> Bool {
    var around: Coordinator? = self
    while let candidate = around, candidate.tabContainer == nil { around = candidate.parent }
    guard let tabs = around, let container = tabs.tabContainer,
      let index = tabs.tabTypes.firstIndex(of: ObjectIdentifier(coordinator))
    else { return false }
    tabs.router.selectTab(at: index, of: container)
    return true
  }

  // MARK: Children

  /// Starts `child` on this coordinator's router; `onFinish` runs with its result after
  /// it is removed and its screens are gone.
  public func start<ChildResult>(
    _ child: FlowCoordinator<ChildResult>, style: StartStyle,
    onFinish: @escaping @MainActor (ChildResult) -> Void
  ) {
    if style.modal == nil { endAskingChild() }
    adopt(child, role: style.modal.map(Role.modal) ?? .push)
    child.onFinish = onFinish
    navigating { child.start() }
  }

  /// Starts `child`, which has no result: it runs until it is dropped or this one ends.
  public func start(_ child: FlowCoordinator<Never>, style: StartStyle) {
    if style.modal == nil { endAskingChild() }
    adopt(child, role: style.modal.map(Role.modal) ?? .push)
    navigating { child.start() }
  }

  /// Starts `child` as a tab, on its own router; `onFinish` runs with its result.
  public func startTab<ChildResult>(
    _ child: FlowCoordinator<ChildResult>, onFinish: @escaping @MainActor (ChildResult) -> Void
  ) {
    adopt(child, role: .tab)
    child.onFinish = onFinish
    navigating { child.start() }
  }

  /// Starts `child` as a tab, on its own router; it lives as long as this one.
  public func startTab(_ child: FlowCoordinator<Never>) {
    adopt(child, role: .tab)
    navigating { child.start() }
  }

  /// `handle` for the answer to a decision asked now, or the button of an alert shown now:
  /// called at most once, and only if the answer or tap comes while the coordinator is where
  /// it asked, so that a decision or an alert acts on the screen it was decided or shown
  /// from. An answer that comes twice counts once; one that comes after the coordinator or
  /// the user navigated, or after the coordinator ended, is dropped. Generated code calls
  /// ``answerOnce(decision:_:)`` and ``answerOnce(alert:_:)``, which name what they drop.
  public func answerOnce<Answer>(
    _ handle: @escaping @MainActor (Answer) -> Void
  ) -> @MainActor (Answer) -> Void {
    answerOnce(.droppedAnswer, node: "", pending: nil, handle)
  }

  /// ``answerOnce(_:)`` for the answer to the decision `name`, asked next with ``ask(_:)``: a
  /// late answer is logged with the decision's name, and when the app answers with the
  /// `async` form, its task belongs to this coordinator, which cancels it when it or the user
  /// navigates away from here, or when it ends.
  public func answerOnce<Answer>(
    decision name: String, _ handle: @escaping @MainActor (Answer) -> Void
  ) -> @MainActor (Answer) -> Void {
    // The decisions asked from where the navigation no longer is wait for nothing: an app
    // that never answers them costs nothing as the coordinator goes on asking.
    for stale in pendingDecisions where stale.asked != (navigations, router.top) {
      dropPending(stale, cancelling: .navigated)
    }
    let pending = PendingDecision(name: name, asked: (navigations, router.top))
    pendingDecisions.append(pending)
    lastAsked = pending
    return answerOnce(.droppedAnswer, node: name, pending: pending, handle)
  }

  /// ``answerOnce(_:)`` for the buttons of the alert `name`: a late or second tap is logged
  /// with the alert's name.
  public func answerOnce<Answer>(
    alert name: String, _ handle: @escaping @MainActor (Answer) -> Void
  ) -> @MainActor (Answer) -> Void {
    answerOnce(.droppedButton, node: name, pending: nil, handle)
  }

  private func answerOnce<Answer>(
    _ kind: FlowLogMessage.Kind, node: String, pending: PendingDecision?,
    _ handle: @escaping @MainActor (Answer) -> Void
  ) -> @MainActor (Answer) -> Void {
    let once = Once()
    let asked = (navigations, router.top)
    askedAt = navigations
    let coordinatorName = String(describing: type(of: self))
    // An alert or a decision that a request's handler shows continues the handler (r3).
    let answer: @MainActor (Answer) -> Void = { [weak self, weak asking = askingChild] answer in
      let refusal: FlowLogMessage.Reason?
      if let self {
        if let pending { dropPending(pending, cancelling: nil) }
        refusal =
          if !once.claim() {
            .answeredAlready
          } else if isFinished {
            .coordinatorEnded
          } else if asked != (navigations, router.top) {
            .navigated
          } else {
            nil
          }
      } else {
        refusal = .coordinatorEnded
      }
      guard let refusal else {
        guard let self, let asking else { return handle(answer) }
        return self.handling(requestOf: asking) { handle(answer) }
      }
      FlowLog.write(
        FlowLogMessage(
          kind, refusal, coordinator: coordinatorName, node: node,
          value: String(describing: answer)))
    }
    if let button = treeRoot.linkFollower?.takeAlertAnswer(for: self, as: Answer.self) {
      linkTap = { answer(button) }
    }
    return answer
  }

  /// Runs `body`, which asks the app the decision that ``answerOnce(decision:_:)`` recorded
  /// last (it calls the app's `decide<D>(…, answer:)`): when the app answers with the
  /// `async` form, the generated default starts its task here, owned by this coordinator.
  public func ask(_ body: () -> Void) {
    let outer = AsyncDecision.asking
    AsyncDecision.asking = lastAsked.map { (self, $0) }
    lastAsked = nil
    defer { AsyncDecision.asking = outer }
    body()
  }

  /// Runs `operation`, which answers the decision `pending` with the app's `async` form, in
  /// a task this coordinator owns, kept on the tree's root until it ends.
  func run(_ pending: PendingDecision, _ operation: @escaping @MainActor () async -> Void) {
    guard pendingDecisions.contains(where: { $0 === pending }) else { return }
    let root = treeRoot
    let number = root.nextTaskNumber
    root.nextTaskNumber += 1
    AsyncDecision.running += 1
    let task = Task { [weak root] in
      await operation()
      root?.decisionTasks[number] = nil
      AsyncDecision.running -= 1
    }
    root.decisionTasks[number] = task
    pending.task = task
  }

  /// Waits until every task that answers a decision of this coordinator's tree with the
  /// app's `async` form has ended, cancelled or not, with the tasks that their answers
  /// started: what a test awaits after the app's work is done, before it looks at the
  /// navigation (TCA's `store.finish()`).
  public func waitForDecisions() async {
    let root = treeRoot
    while let (number, task) = root.decisionTasks.first {
      await task.value
      root.decisionTasks[number] = nil
    }
  }

  /// Forgets `pending`, which was answered, or, `cancelling` with a reason, whose answer would
  /// now be dropped: its task, if any, is cancelled and the cancellation logged.
  private func dropPending(_ pending: PendingDecision, cancelling reason: FlowLogMessage.Reason?) {
    pendingDecisions.removeAll { $0 === pending }
    if lastAsked === pending { lastAsked = nil }
    guard let task = pending.task else { return }
    pending.task = nil
    guard let reason else { return }
    task.cancel()
    FlowLog.write(
      FlowLogMessage(
        .cancelledDecision, reason, coordinator: String(describing: type(of: self)),
        node: pending.name))
  }

  /// Cancels the tasks of the decisions of this coordinator and its descendants that the
  /// navigation left behind: asked where the coordinator or its router no longer is.
  private func cancelStaleDecisions() {
    for pending in pendingDecisions where pending.asked != (navigations, router.top) {
      dropPending(pending, cancelling: .navigated)
    }
    for child in children { child.cancelStaleDecisions() }
  }

  /// After a navigation: cancels the decision tasks it left behind in the whole tree, then
  /// tells a waiting link.
  func didNavigate() {
    if AsyncDecision.running > 0 { treeRoot.cancelStaleDecisions() }
    linkNavigated()
  }

  // MARK: Lifecycle

  func adopt(_ child: Coordinator, role: Role) {
    willNavigate()
    child.parent = self
    child.role = role
    if role == .tab {
      child.tabIndex = tabTypes.count
      tabTypes.append(ObjectIdentifier(type(of: child)))
    }
    child.base = child.router.top
    children.append(child)
    if AsyncDecision.running > 0 { treeRoot.cancelStaleDecisions() }
  }

  /// Counts the navigation that shows `screen`, and gives the router its name. `showing` is
  /// how the flow shows it, and what it is shown above is the coordinator's own screen below
  /// it once shown (for ``ownScreens``).
  private func willShow(_ screen: any Presentable, named name: String?, showing: ScreenShowing) {
    // Before anything moves: the screen on top now, or for a replace the one below the
    // screens it replaces.
    var below = ownTopScreen
    if showing == .replace {
      let level = router.top.modals
      while let screen = below, screen.position?.modals == level { below = screen.below }
    }
    willNavigate()
    hasShownScreen = true
    // A screen without events gets no sink, but it is still this coordinator's top screen.
    if unshownScreen == nil { unshownScreen = ShownScreen() }
    unshownScreen?.showing = showing
    unshownScreen?.below = below
    if let id = name.map({ ScreenID($0) }) ?? idOfNextScreen {
      router.willShow(screen, as: id)
      unshownScreen?.name = id.name
    }
    idOfNextScreen = nil
  }

  /// Counts a navigation. The coordinator that owns this router (the root, or a tab's
  /// child) listens to what the user does to it, from the first time it navigates.
  private func willNavigate() {
    navigations += 1
    guard !isListening, parent?.router !== router else { return }
    isListening = true
    if role == .root { base = router.top }
    router.onUserUnwind = { [weak self] before in
      self?.userUnwinds += 1
      self?.reconcile(from: before)
      self?.leaveIfColumnLeft(from: before)
      self?.didNavigate()
    }
  }

  /// The outermost running coordinator that shares this one's router.
  var routerOwner: Coordinator {
    var owner = self
    while let parent = owner.parent, parent.router === router { owner = parent }
    return owner
  }

  /// After the navigation went back from `before` to the router's top: leaves the
  /// outermost children on this router that it left, and looks inside the others for theirs
  /// (FLOW-SPEC section 8, "Leaving"). The children of a left child are dropped with it.
  private func reconcile(from before: StackPosition) {
    for child in children where child.router === router && !child.isFinished {
      if child.isLeft(from: before) { child.leave() } else { child.reconcile(from: before) }
    }
  }

  /// Whether going back from `before` left this coordinator: it took every screen shown
  /// above the one that started it away (the coordinator's own and its children's on this
  /// stack, so a coordinator that shows none of its own is left with its child's), or took
  /// the starting screen itself away. A coordinator that shows nothing yet (it waits for a
  /// decision) is left only with its starting screen.
  func isLeft(from before: StackPosition) -> Bool {
    let top = router.top
    return top < base || (top == base && base < before)
  }

  /// Removes every screen this coordinator shows, for a deep link that asks its start
  /// decision again: its next screen is its first again, which opens a modal child's stack.
  func removeOwnScreens() {
    if base < router.top { router.unwind(to: base) }
    hasShownScreen = false
  }

  /// Whether a tab coordinator started this one as a tab: it lives as long as the tabs, and
  /// an external event of the tab coordinator does not end it.
  var isTab: Bool { role == .tab }

  /// (r3) Whether its holder showed it in a column of a split (``show(_:column:onFinish:)``):
  /// beside the holder's screens, not over them.
  var isShownInColumn: Bool {
    if case .column = role { return true }
    return false
  }

  /// Whether the screen that started this coordinator is still shown (perhaps covered):
  /// only then may its parent's handler run, since a handler acts on that screen.
  var isStartingScreenShown: Bool {
    guard let parent, role != .tab else { return true }
    if let shownFrom, parent.router !== router { return shownFrom <= parent.router.top }
    return base <= router.top
  }

  /// The user left the coordinator's screens: it is dropped, unless it finishes instead.
  func leave() {
    drop()
  }

  /// Ends the coordinator and removes it from its parent without a result: no handler runs.
  func drop() {
    let parent = self.parent
    end()
    parent?.remove(self)
  }

  /// Marks this coordinator and all its descendants finished, and lets go of them; the tasks
  /// of the decisions they asked are cancelled.
  func end() {
    isFinished = true
    for pending in pendingDecisions { dropPending(pending, cancelling: .coordinatorEnded) }
    let running = children
    children.removeAll()
    for child in running {
      child.end()
      // A child shown in a later column on the column's own router leaves it empty (r3).
      if child.shownFrom != nil, child.router !== router, child.base < child.router.top {
        child.router.unwind(to: child.base)
      }
    }
  }

  /// Removes a child that ended, and goes back to where the navigation was when it started.
  func remove(_ child: Coordinator) {
    children.removeAll { $0 === child }
    if child.role == .tab {
      // The tab's stack stays as it was (the tab still shows it), but the modal stacks the
      // child presented over the tab container go with it.
      for _ in child.base.modals..<max(child.base.modals, child.router.top.modals) {
        child.router.dismiss()
      }
    } else if child.base < child.router.top {
      child.router.unwind(to: child.base)
    }
  }
}

/// A coordinator that finishes with a typed result, which goes to whoever started it.
/// Generated coordinators subclass it; one without a result uses `Never`.
@MainActor
open class FlowCoordinator<Result>: Coordinator {
  /// Runs once with the result when the coordinator finishes. A parent sets it when it
  /// starts the coordinator; the app sets it on a coordinator it starts itself.
  public var onFinish: (@MainActor (Result) -> Void)?

  /// The result the coordinator finishes with when the user leaves it (its flow's
  /// `leave: c`): with the system back button or gesture, by swiping its sheet away, or
  /// when a `pop` or `dismiss` takes its screens away. `nil` (no `leave`, or `leave: ~`)
  /// drops it instead: it is removed and its parent's handler does not run.
  open var leaveResult: Result? { nil }

  /// Finishes the coordinator, once: ends its children, removes it from its parent, goes
  /// back to the screen that started it, then hands `result` to the parent's handler. If
  /// that screen is gone, the coordinator is dropped instead: no handler runs on a screen
  /// that is not shown.
  public func finish(_ result: Result) {
    guard !isFinished else { return }
    guard isStartingScreenShown else { return drop() }
    let handler = onFinish
    let parent = self.parent
    end()
    parent?.remove(self)
    handler?(result)
  }

  /// Finishes with ``leaveResult``, or is dropped without one. When several coordinators
  /// are left together, only the outermost gets here; the others end with it.
  override func leave() {
    if let result = leaveResult { finish(result) } else { super.leave() }
  }

  override func end() {
    onFinish = nil
    super.end()
  }
}

/// A screen a coordinator shows, as its event sink knows it: where it was shown, and its
/// number among the coordinator's screens. `nil` until it is shown.
@MainActor
final class ShownScreen {
  var position: StackPosition?
  var number = 0
  /// Its name in the flow, if the coordinator gave it one.
  var name: String?
  /// How the flow showed it.
  var showing = ScreenShowing.push
  /// The coordinator's own screen it was shown above (for a replace, the one below the
  /// screens it replaced); `nil` above a parent's screen or at the root. Navigation only
  /// takes screens away from the top, so while this screen is shown, the chain below it is
  /// what the coordinator shows below it.
  var below: ShownScreen?
  /// Hands the screen's event sink an event of the right type; false for another type.
  var deliver: (@MainActor (Any) -> Bool)?
}

/// A flag that can be claimed once.
@MainActor
private final class Once {
  private var claimed = false

  func claim() -> Bool {
    defer { claimed = true }
    return !claimed
  }
}
