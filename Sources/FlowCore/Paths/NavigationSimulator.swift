/// A simulation of FlowRuntime's navigation state, step by step, as generated coordinators
/// drive a `RecordingRouter` (Sources/FlowRuntime/Coordinator.swift, RecordingRouter.swift,
/// Split.swift, Requests.swift, ExternalEvents.swift, Sequence.swift): the same stacks, the
/// same children, the same leaving, finishing and dropping, in the same order. The path
/// search explores it; the unit tests that `flowc tests` writes replay its paths on the real
/// runtime and compare every state, so a difference shows up as a failing generated test.
///
/// The regular layout of splits only (no collapse); presentations are never refused.

/// A transition of a node, grouped: its steps (one, or one per element of a sequence) and,
/// when its last step starts a child, the handlers of that start grouped the same way.
final class SimTransition: Sendable {
  let steps: [Step]
  let handlers: [SimTransition]
  /// The goal it is (an event, case, button, external event or handler), if any.
  let goal: Int?
  /// (r3) The goal of the request or show its action is, if any.
  let actionGoal: Int?

  init(steps: [Step], handlers: [SimTransition], goal: Int?, actionGoal: Int?) {
    self.steps = steps
    self.handlers = handlers
    self.goal = goal
    self.actionGoal = actionGoal
  }

  var transition: Transition { steps[0].transition }
}

/// A position on a router: how many modal stacks and how many screens on the top one.
struct SimPosition: Hashable, Comparable {
  var modals: Int
  var screens: Int

  static func < (lhs: SimPosition, rhs: SimPosition) -> Bool {
    (lhs.modals, lhs.screens) < (rhs.modals, rhs.screens)
  }
}

/// How a simulated coordinator was started.
enum SimRole: Hashable {
  case root
  case push
  case modal(PresentationStyle)
  case tab
  case column(SplitColumn)
}

struct SimScreen: Hashable {
  /// The coordinator instance that shows it.
  var owner: Int
  /// The node of the owner's type; -1 for a tab container.
  var node: Int
  var systemBack = true
  var dismissible = true
  var selectedTab = 0
}

struct SimLevel: Hashable {
  var style: PresentationStyle?
  var screens: [SimScreen]
}

struct SimAlert: Hashable {
  var owner: Int
  var node: Int
  var level: Int
  /// What the coordinator's navigation count and router top were when it was shown.
  var navigations: Int
  var top: SimPosition
  /// The child whose request the coordinator was handling when it showed it.
  var asking: Int?
}

struct SimSplit: Hashable {
  var layout: SplitLayout
  /// The level of the primary column; `nil` until that stack is shown.
  var level: Int?
  var columns: [SplitColumn: Int]
}

struct SimRouter {
  var id: PathRouterID
  var levels = [SimLevel(style: nil, screens: [])]
  var alerts: [SimAlert] = []
  var tabStacksMade = 0
  var split: SimSplit?
  /// The coordinator the router tells of the user's changes.
  var listener: Int?

  var top: SimPosition {
    SimPosition(modals: levels.count - 1, screens: levels[levels.count - 1].screens.count)
  }

  var topScreen: SimScreen? { levels[levels.count - 1].screens.last }

  @discardableResult
  mutating func removeScreens(above index: Int) -> Bool {
    let last = levels.count - 1
    guard index >= 0, index < levels[last].screens.count - 1 else { return false }
    levels[last].screens.removeSubrange((index + 1)...)
    return true
  }

  @discardableResult
  mutating func removeTopStack() -> Bool {
    guard levels.count > 1 else { return false }
    levels.removeLast()
    closeAlertsAboveTopStack()
    forgetSplitAboveTopStack()
    return true
  }

  mutating func unwind(to position: SimPosition) {
    let level = max(0, position.modals)
    guard level < levels.count else { return }
    levels.removeSubrange((level + 1)...)
    closeAlertsAboveTopStack()
    forgetSplitAboveTopStack()
    if levels[level].screens.count > position.screens {
      levels[level].screens.removeSubrange(max(0, position.screens)...)
    }
  }

  mutating func closeAlertsAboveTopStack() {
    alerts.removeAll { $0.level > levels.count - 1 }
  }

  mutating func forgetSplitAboveTopStack() {
    if let level = split?.level, level > levels.count - 1 { split = nil }
  }
}

struct SimCoordinator {
  var type: Int
  var router: Int
  var parent: Int?
  var role = SimRole.root
  var base = SimPosition(modals: 0, screens: 0)
  var hasShownScreen = false
  var isListening = false
  var children: [Int] = []
  var isFinished = false
  var navigations = 0
  var hasTabContainer = false
  var tabTypes: [Int] = []
  var split: SimSplit?
  var shownInColumn: [SplitColumn: Int] = [:]
  var shownFrom: SimPosition?
  var askingChild: Int?
  /// The parent's handlers for its results and requests; `nil` for an entry.
  var handlers: [SimTransition]?
}

/// A decision asked and not answered yet.
struct SimWaiting {
  var coordinator: Int
  var node: Int
  var navigations: Int
  var top: SimPosition
  var asking: Int?
}

/// What the user or the app can do in a state.
enum SimMove {
  /// The screen on top of router `router` sends the event of `transition`.
  case event(router: Int, transition: SimTransition)
  /// The app answers the waiting decision with `transition`'s case.
  case answer(SimTransition)
  /// The user taps the button of `transition` on the alert on top of `router`.
  case tap(router: Int, transition: SimTransition)
  /// The app sends coordinator instance `coordinator` its external event `transition`.
  case external(coordinator: Int, transition: SimTransition)
  /// The user's back on router `router`.
  case back(router: Int)
  /// The user swipes the sheet on top of `router` away.
  case swipe(router: Int)
  /// The user selects tab `index` of the tab container on top of `router`.
  case selectTab(router: Int, index: Int)
}

/// The module's transitions grouped for the simulation, and the goals.
struct SimTables {
  let graph: FlowGraph
  /// Coordinator → node → its transitions.
  let nodes: [[[SimTransition]]]
  /// Coordinator → its external events.
  let events: [[SimTransition]]
  /// Coordinator → tab → the tab's handlers.
  let tabs: [[[SimTransition]]]
  /// Every goal, in file order.
  let goals: [PathGoal]
  /// Coordinator → node → the goal of the screen (`--cover screens`), if any.
  let screenGoals: [[Int?]]

  init(analysis: ModuleAnalysis, cover: PathCoverage) {
    let graph = analysis.graph
    self.graph = graph
    let module = graph.module
    let goals = GoalList()
    var screenGoals: [[Int?]] = []
    var nodes: [[[SimTransition]]] = []
    var events: [[SimTransition]] = []
    var tabs: [[[SimTransition]]] = []
    for (index, coordinatorGraph) in graph.coordinators.enumerated() {
      let coordinator = module.coordinators[index]
      let isFirst = module.isFirstDefinition(coordinator: index)
      // A node its coordinator cannot reach (a shared screen's copy that only a relative link
      // opens, say) is no goal: no path of its own can take it.
      let reachable = analysis.coordinators[index].reachable
      var screenGoal = [Int?](repeating: nil, count: coordinatorGraph.nodeCount)
      if cover == .screens, isFirst {
        for (offset, screen) in coordinator.screens.enumerated()
        where reachable.indices.contains(offset) && reachable[offset] {
          screenGoal[offset] = goals.append(
            PathGoal(
              kind: .screen, coordinator: coordinator.name.text, node: screen.name.text,
              name: screen.name.text, range: screen.name.range, needsOwnStep: true))
        }
      }
      screenGoals.append(screenGoal)
      var byNode: [[SimTransition]] = []
      for node in 0..<coordinatorGraph.nodeCount {
        let kind: PathGoal.Kind =
          coordinatorGraph.isScreen(node)
          ? .event : coordinatorGraph.isAlert(node) ? .button : .decisionCase
        let name = Self.name(of: node, in: coordinator, graph: coordinatorGraph)
        byNode.append(
          Self.group(
            coordinatorGraph.transitions(of: node), kind: kind, coordinator: index,
            node: name, graph: graph,
            goals: cover == .transitions && isFirst && reachable.indices.contains(node)
              && reachable[node] ? goals : nil))
      }
      nodes.append(byNode)
      events.append(
        Self.group(
          coordinatorGraph.events, kind: .externalEvent, coordinator: index, node: nil,
          graph: graph, goals: cover == .transitions && isFirst ? goals : nil))
      var byTab: [[SimTransition]] = []
      if case .tabs(let starts) = coordinatorGraph.root {
        for start in starts {
          byTab.append(
            Self.group(
              start.handlers, kind: .handler, coordinator: index, node: nil, graph: graph,
              goals: cover == .transitions && isFirst ? goals : nil,
              child: start.start.child))
        }
      }
      tabs.append(byTab)
    }
    self.goals = goals.list
    self.nodes = nodes
    self.events = events
    self.tabs = tabs
    self.screenGoals = screenGoals
  }

  static func name(of node: NodeID, in coordinator: Coordinator, graph: CoordinatorGraph)
    -> String
  {
    switch graph.node(node) {
    case .screen(let index): return coordinator.screens[index].name.text
    case .decision(let index): return coordinator.decisions[index].name.text
    case .alert(let index): return coordinator.alerts[index].name.text
    }
  }

  /// Groups nested steps into transitions, adding a goal for each (when `goals` is given).
  private static func group(
    _ nested: NestedSteps, kind: PathGoal.Kind, coordinator: Int, node: String?,
    graph: FlowGraph, goals: GoalList?, child: Int? = nil
  ) -> [SimTransition] {
    var result: [SimTransition] = []
    var steps: [Step] = []
    var handlers: NestedSteps?
    func flush() {
      guard let first = steps.first else { return }
      let owner = graph.module.coordinators[coordinator].name.text
      var goal: Int?
      var actionGoal: Int?
      if let goals {
        var goalKind = kind
        var childName: String?
        if kind == .handler, let child {
          childName = graph.module.coordinators[child].name.text
          if first.handledRequest != nil { goalKind = .requestHandler }
        }
        goal = goals.append(
          PathGoal(
            kind: goalKind, coordinator: owner, node: node, name: first.transition.name.text,
            child: childName, range: first.transition.name.range,
            needsOwnStep: kind != .handler))
        let last = steps[steps.count - 1]
        if graph.coordinators[coordinator].sentRequest(of: last) != nil,
          case .request(let name) = last.written.kind
        {
          actionGoal = goals.append(
            PathGoal(
              kind: .request, coordinator: owner, node: node, name: name.text,
              range: last.written.range, needsOwnStep: false))
        } else if case .start(let start) = last.action, start.start.isShow {
          actionGoal = goals.append(
            PathGoal(
              kind: .show, coordinator: owner, node: node, name: start.start.coordinator.text,
              range: last.written.range, needsOwnStep: false))
        }
      }
      var grouped: [SimTransition] = []
      if let handlers, case .start(let start) = steps[steps.count - 1].action {
        grouped = group(
          handlers, kind: .handler, coordinator: coordinator, node: node, graph: graph,
          goals: goals, child: start.child)
      }
      result.append(
        SimTransition(steps: steps, handlers: grouped, goal: goal, actionGoal: actionGoal))
      steps = []
      handlers = nil
    }
    for (step, nestedHandlers) in nested {
      if step.isFirstElement { flush() }
      steps.append(step)
      if case .start = step.action { handlers = nestedHandlers }
    }
    flush()
    return result
  }
}

/// The goals being built, by reference, so that the grouping can add to them at any depth.
final class GoalList {
  init() {}
  var list: [PathGoal] = []
  func append(_ goal: PathGoal) -> Int {
    list.append(goal)
    return list.count - 1
  }
}

