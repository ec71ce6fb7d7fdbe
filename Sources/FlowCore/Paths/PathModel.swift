/// Test paths through a module's navigation (issue 36): few, short walks from the entry
/// coordinators' starts that together reach every reachable screen or take every transition,
/// each step with what happens, where it is written, and what is visible after it.
///
/// These are the types the test emitters read (`flowc paths`, `flowc tests --kind unit`, and
/// the UI-test kinds); ``testPaths(for:cover:limits:)`` makes them. Names in them are the
/// flow's own, unescaped: every emitter escapes them for its medium.

/// What a set of paths must cover.
package enum PathCoverage: String, Sendable, CaseIterable {
  /// Every screen that can be reached is shown by some step (or by an entry's start).
  case screens
  /// Every transition that can be taken is taken by some step: each screen event, decision
  /// case, alert button, external event, child result handler, and (r3) each request and
  /// `show` (which are actions of those).
  case transitions
}

/// A set of paths and what they cover.
package struct PathSet: Sendable {
  /// What the paths were asked to cover.
  package var cover: PathCoverage
  /// The covering paths, then one path per deep link with a route (``TestPath/link``).
  package var paths: [TestPath]
  /// Everything there is to cover, in file order, each with the first step that covers it.
  package var goals: [PathGoal]
  /// The number of steps of the covering paths (link paths not counted).
  package var stepCount: Int
  /// A lower bound on ``stepCount``: the goals that need a step of their own, each once (for
  /// transitions: the events, decision cases, alert buttons and external events the paths
  /// cover; handlers, requests and shows ride on them).
  package var lowerBound: Int
  /// Why the search stopped short, when it did (a limit reached): the goals it did not reach
  /// are then not proven unreachable. Empty when it ran to its end.
  package var limitsReached: [String]

  package init(
    cover: PathCoverage, paths: [TestPath] = [], goals: [PathGoal] = [], stepCount: Int = 0,
    lowerBound: Int = 0, limitsReached: [String] = []
  ) {
    self.cover = cover
    self.paths = paths
    self.goals = goals
    self.stepCount = stepCount
    self.lowerBound = lowerBound
    self.limitsReached = limitsReached
  }

  /// The covering paths (not the deep links').
  package var coveringPaths: [TestPath] { paths.filter { $0.link == nil } }

  /// The goals no path covers.
  package var uncovered: [PathGoal] { goals.filter { $0.coveredAt == nil } }
}

/// One thing to cover: a screen, or a transition.
package struct PathGoal: Sendable, Equatable {
  /// What kind of thing it is.
  package enum Kind: String, Sendable {
    /// A screen shown (`--cover screens`).
    case screen
    /// A screen's event.
    case event
    /// A decision's case.
    case decisionCase
    /// An alert's button.
    case button
    /// A coordinator's external event (r2).
    case externalEvent
    /// A handler of a child's result case, in a `start` (or a tab, or a `show`).
    case handler
    /// (r3) A handler of a child's request.
    case requestHandler
    /// (r3) A `request: r` action sent (the event, case or button whose action it is).
    case request
    /// (r3) A `show: C` action taken.
    case show
  }

  /// What kind of goal it is.
  package var kind: Kind
  /// The coordinator it belongs to (for a shared node, the owner whose copy it is).
  package var coordinator: String
  /// The screen, decision or alert; `nil` for an external event, and for a tab's handler.
  package var node: String?
  /// The event, case, button, handled case or request; for a ``Kind/screen``, the screen.
  package var name: String
  /// For a handler, the child coordinator whose result or request it handles.
  package var child: String?
  /// Where it is written.
  package var range: SourceRange
  /// Whether it needs a step of its own (counts in ``PathSet/lowerBound``).
  package var needsOwnStep: Bool
  /// The first step that covers it (`step` -1: the path's start, which shows a screen);
  /// `nil` when no path does.
  package var coveredAt: (path: Int, step: Int)?

  package init(
    kind: Kind, coordinator: String, node: String?, name: String, child: String? = nil,
    range: SourceRange, needsOwnStep: Bool
  ) {
    self.kind = kind
    self.coordinator = coordinator
    self.node = node
    self.name = name
    self.child = child
    self.range = range
    self.needsOwnStep = needsOwnStep
  }

  package static func == (lhs: PathGoal, rhs: PathGoal) -> Bool {
    lhs.kind == rhs.kind && lhs.coordinator == rhs.coordinator && lhs.node == rhs.node
      && lhs.name == rhs.name && lhs.child == rhs.child && lhs.range == rhs.range
      && lhs.needsOwnStep == rhs.needsOwnStep && lhs.coveredAt?.path == rhs.coveredAt?.path
      && lhs.coveredAt?.step == rhs.coveredAt?.step
  }
}

/// One path: an entry coordinator started on fresh routers, then its steps in order.
package struct TestPath: Sendable, Equatable {
  /// The entry coordinator the path starts (its name in the flow).
  package var entry: String
  /// Its index in the module's coordinators.
  package var entryIndex: Int
  /// For a deep link's path, the link; `nil` for a covering path.
  package var link: PathLink?
  /// What is visible once the entry has started, before the first step.
  package var start: PathState
  /// What the entry's start did: children started, a decision asked, ...
  package var startEffects: [PathEffect]
  /// The steps, in order.
  package var steps: [PathStep]

  package init(
    entry: String, entryIndex: Int, link: PathLink? = nil, start: PathState,
    startEffects: [PathEffect] = [], steps: [PathStep] = []
  ) {
    self.entry = entry
    self.entryIndex = entryIndex
    self.link = link
    self.start = start
    self.startEffects = startEffects
    self.steps = steps
  }
}

/// The deep link a path follows: its steps are the link's route (`flowc links`), each taken
/// as the user (or the app) would; a UI test may open the URL instead and expect the state
/// after the last step.
package struct PathLink: Sendable, Equatable {
  /// The link's name.
  package var name: String
  /// Its URL pattern, as written (`/products/{id}?ref={source}`).
  package var url: String
  /// Its index in the module's links.
  package var index: Int
  /// Where its name is written.
  package var range: SourceRange

  package init(name: String, url: String, index: Int, range: SourceRange) {
    self.name = name
    self.url = url
    self.index = index
    self.range = range
  }
}

/// One step of a path: what happens, where it is written, what it led to, what it covers and
/// what is visible after it.
package struct PathStep: Sendable, Equatable {
  /// What the user or the app does.
  package var trigger: PathTrigger
  /// Where the event, case, button or external event is written; for the user's own back,
  /// swipe or tab selection (which no flow writes), the screen or tab it acts on.
  package var range: SourceRange?
  /// What followed, in order: children started, finished, left; handlers run; requests sent.
  package var effects: [PathEffect]
  /// The goals it covers first, as indices of ``PathSet/goals``.
  package var covers: [Int]
  /// What is visible after it.
  package var after: PathState

  package init(
    trigger: PathTrigger, range: SourceRange?, effects: [PathEffect] = [], covers: [Int] = [],
    after: PathState
  ) {
    self.trigger = trigger
    self.range = range
    self.effects = effects
    self.covers = covers
    self.after = after
  }
}

/// A node of a coordinator as a step names it: the owner coordinator, the node's name, and
/// whether it is a shared node (r3, spec 13.2: generated code names its screens `.Shared.x`
/// and its event enums at the top level).
package struct PathNode: Sendable, Hashable {
  /// The coordinator that shows or asks it (a shared node's owner).
  package var coordinator: String
  /// The screen, decision or alert.
  package var name: String
  /// Whether it is a shared screen, decision or alert.
  package var isShared: Bool

  package init(coordinator: String, name: String, isShared: Bool = false) {
    self.coordinator = coordinator
    self.name = name
    self.isShared = isShared
  }
}

/// What the user or the app does in a step.
package enum PathTrigger: Sendable, Equatable {
  /// The screen on top of `router` sends `event` (the user tapped it), with a payload of
  /// `payload`'s type when it declares one.
  case event(screen: PathNode, event: String, payload: TypeReference?, router: PathRouterID)
  /// The app answers the decision asked with `case` (a payload of that type when it has one).
  case answer(decision: PathNode, case: String, payload: TypeReference?)
  /// The user taps `button` of the alert on top of `router` (r2).
  case tap(alert: PathNode, button: String, payload: TypeReference?, router: PathRouterID)
  /// The app sends the external event `event` of the running coordinator `coordinator` (r2),
  /// through the entry it holds.
  case externalEvent(coordinator: String, event: String, payload: TypeReference?)
  /// The user's back button or swipe-back gesture on the screen on top of `router`.
  case back(screen: PathNode, router: PathRouterID)
  /// The user swipes the sheet on top of `router` down (or taps outside a popover).
  case swipeDown(screen: PathNode, router: PathRouterID)
  /// The user selects the tab at `index` (0 the first) of tab coordinator `coordinator`,
  /// whose child is `child`; the container is on `router`.
  case selectTab(coordinator: String, index: Int, child: String, router: PathRouterID)
  /// The app opens the deep link (a UI test's one step for a link's path).
  case openLink(PathLink)
}

/// Something a step (or an entry's start) made happen, in order.
package enum PathEffect: Sendable, Equatable {
  /// Child `child` was started by `parent` with `style` (for a `show`, in `column`).
  case started(child: String, parent: String, style: StartStyle, column: SplitColumn?)
  /// A tab coordinator `coordinator` started its tabs and shows their container.
  case showedTabs(coordinator: String)
  /// Decision `decision` was asked: the app must answer it (the next step does).
  case asked(decision: PathNode)
  /// Alert `alert` is shown over what is on top.
  case alertShown(alert: PathNode)
  /// `child` finished with `result`; `parent`'s handler ran.
  case finished(child: String, result: String, parent: String)
  /// `child` was left by the user (or a `pop`/`dismiss`) and finished with its `leave` case
  /// `result`; `parent`'s handler ran.
  case left(child: String, result: String, parent: String)
  /// `child` ended without a result: left without `leave`, ended by an external event, a
  /// request's handler, a `show` replacing it, or with its parent.
  case dropped(child: String)
  /// `child` sent request `request` to `parent`, whose handler ran (or, for an entry, the
  /// app's closure got it: `parent` is empty).
  case requested(child: String, request: String, parent: String)
  /// The tab of `child` was selected in tab coordinator `coordinator`.
  case selectedTab(coordinator: String, child: String)
  /// An entry finished with `result`: the app's `onFinish` got it.
  case entryFinished(coordinator: String, result: String)
}

/// Which router of a run a step acts on: the root router the entry was started with, or one
/// made from it: a tab's stack (the router that made it and the index among the tab stacks it
/// made, 0 the first, counted over the whole run), or a later column of a split (r3).
package struct PathRouterID: Sendable, Hashable {
  /// One hop from a router to a router it made.
  package enum Hop: Sendable, Hashable {
    /// The tab stack at this index of the router's `tabStacks`.
    case tab(Int)
    /// The router of this later column of the split the router made.
    case column(SplitColumn)
  }

  /// The hops from the root router, in order; empty for the root router.
  package var hops: [Hop]

  package init(_ hops: [Hop] = []) {
    self.hops = hops
  }

  /// The root router.
  package static let root = PathRouterID()

  /// `router`, `router.tab1`, `router.tab3.secondary`: how a RecordingRouter made along the
  /// hops names itself.
  package var name: String {
    hops.reduce("router") { name, hop in
      switch hop {
      case .tab(let index): return "\(name).tab\(index + 1)"
      case .column(let column): return "\(name).\(column.word)"
      }
    }
  }
}

/// What is visible: every router of the run that shows something, the root first, each with
/// its stacks; the decision waiting for the app, if any; the coordinators running.
package struct PathState: Sendable, Equatable {
  /// The routers, the root first, then in the order they were made; a router that was made
  /// and shows nothing now is still listed (empty stacks).
  package var routers: [PathRouter]
  /// The decision asked and not answered yet, if any.
  package var waitingDecision: PathNode?
  /// The coordinators running, outermost first, each with its depth (0: the entry) in a
  /// depth-first walk of the tree, children in the order they started.
  package var running: [PathRunning]

  package init(
    routers: [PathRouter] = [], waitingDecision: PathNode? = nil, running: [PathRunning] = []
  ) {
    self.routers = routers
    self.waitingDecision = waitingDecision
    self.running = running
  }

  /// The router with this identifier.
  package func router(_ id: PathRouterID) -> PathRouter? {
    routers.first { $0.id == id }
  }
}

/// A running coordinator in a ``PathState``.
package struct PathRunning: Sendable, Equatable {
  /// Its name in the flow.
  package var coordinator: String
  /// How deep it is: 0 for the entry.
  package var depth: Int

  package init(coordinator: String, depth: Int) {
    self.coordinator = coordinator
    self.depth = depth
  }
}

/// One router's screens: its root stack, then each modal stack presented on it, and the
/// alerts shown over them.
package struct PathRouter: Sendable, Equatable {
  /// Which router it is.
  package var id: PathRouterID
  /// The root stack, then each modal stack, bottom first.
  package var stacks: [PathStack]
  /// The alerts shown and not closed yet, the one on top last.
  package var alerts: [PathNode]

  package init(id: PathRouterID, stacks: [PathStack], alerts: [PathNode] = []) {
    self.id = id
    self.stacks = stacks
    self.alerts = alerts
  }

  /// The screen on top of the top stack.
  package var top: PathScreen? { stacks.last?.screens.last }
}

/// A navigation stack: the root one (no style), or a modal one with its style.
package struct PathStack: Sendable, Equatable {
  /// `nil` for a router's root stack; the style a modal stack was presented with.
  package var style: PresentationStyle?
  /// Its screens, bottom first.
  package var screens: [PathScreen]

  package init(style: PresentationStyle?, screens: [PathScreen]) {
    self.style = style
    self.screens = screens
  }
}

/// A screen on a stack: a flow's screen, or a tab coordinator's container of tabs.
package struct PathScreen: Sendable, Equatable {
  /// The screen (its owner is the coordinator that shows it); for a tab container, the tab
  /// coordinator and the name `tabs` (generated code's `ScreenID.tabs(of:)`).
  package var node: PathNode
  /// Whether it is a tab coordinator's container.
  package var isTabContainer: Bool
  /// For a tab container, the tab it shows (0 the first).
  package var selectedTab: Int?
  /// Whether the system's back works on it (`systemBack`).
  package var systemBack: Bool
  /// Whether its sheet can be swiped away while it is on top (`dismissible`).
  package var dismissible: Bool

  package init(
    node: PathNode, isTabContainer: Bool = false, selectedTab: Int? = nil,
    systemBack: Bool = true, dismissible: Bool = true
  ) {
    self.node = node
    self.isTabContainer = isTabContainer
    self.selectedTab = selectedTab
    self.systemBack = systemBack
    self.dismissible = dismissible
  }
}

/// How far the search may go on a big or adversarial module; reaching a limit stops it and
/// ``PathSet/limitsReached`` says which.
package struct PathSearchLimits: Sendable {
  /// The most states one search for the next goal looks at.
  package var statesPerSearch: Int
  /// The most steps all covering paths take together.
  package var totalSteps: Int
  /// The most screens a simulated stack holds (deeper pushes are not explored).
  package var stackDepth: Int
  /// The most coordinators running at once (deeper starts are not explored).
  package var runningCoordinators: Int

  package init(
    statesPerSearch: Int = 4_000, totalSteps: Int = 200_000, stackDepth: Int = 24,
    runningCoordinators: Int = 64
  ) {
    self.statesPerSearch = statesPerSearch
    self.totalSteps = totalSteps
    self.stackDepth = stackDepth
    self.runningCoordinators = runningCoordinators
  }

  /// The limits `flowc paths` and `flowc tests` use.
  package static let standard = PathSearchLimits()
}

/// The paths of a checked module (its resolved graph and link routes): covering paths from
/// every entry coordinator's start (with no entry, every coordinator nobody starts), then one
/// path per deep link with a route. Deterministic; bounded by `limits`.
package func testPaths(
  for resolved: ResolvedModule, cover: PathCoverage = .transitions,
  limits: PathSearchLimits = .standard
) -> PathSet {
  PathGenerator(resolved: resolved, cover: cover, limits: limits).run()
}

/// The paths of `result`'s module (see ``testPaths(for:cover:limits:)``).
package func testPaths(
  for result: CheckResult, cover: PathCoverage = .transitions,
  limits: PathSearchLimits = .standard
) -> PathSet {
  testPaths(for: result.resolved, cover: cover, limits: limits)
}
