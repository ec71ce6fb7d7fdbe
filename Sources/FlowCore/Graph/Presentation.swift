/// How a coordinator can be started, as far as its screens' stacks are concerned
/// (spec section 8, "How a screen can be shown").
public struct StartContext: Hashable, Sendable, CaseIterable {
  /// Whether its first screen sits on a screen of its parent (a push-style child started
  /// from a screen), rather than at the root of a stack.
  public var onParent: Bool
  /// Whether it is in a modal stack presented from outside it.
  public var inOutsideModal: Bool

  public static let allCases = [
    StartContext(onParent: false, inOutsideModal: false),
    StartContext(onParent: false, inOutsideModal: true),
    StartContext(onParent: true, inOutsideModal: false),
    StartContext(onParent: true, inOutsideModal: true),
  ]

  /// How an entry coordinator starts: at the root of the app's stack.
  public static let entry = StartContext(onParent: false, inOutsideModal: false)
}

/// How a node is shown within its coordinator, in one start context.
enum ShowState: Hashable, CaseIterable {
  /// A screen of this coordinator is below it on the stack.
  case pushed(ownModal: Bool)
  /// It is the bottom of this coordinator's part of the stack.
  case bottom(ownModal: Bool)
  /// A start decision: it acts on whatever is below the coordinator.
  case belowCoordinator
  /// The tab container, where there is no stack.
  case tabContainer

  static let allCases: [ShowState] = [
    .pushed(ownModal: false), .pushed(ownModal: true), .bottom(ownModal: false),
    .bottom(ownModal: true), .belowCoordinator, .tabContainer,
  ]

  var index: Int {
    switch self {
    case .pushed(let own): return own ? 1 : 0
    case .bottom(let own): return own ? 3 : 2
    case .belowCoordinator: return 4
    case .tabContainer: return 5
    }
  }

  /// Whether the stack it is on is a modal stack this coordinator presented.
  var inOwnModal: Bool {
    switch self {
    case .pushed(let own), .bottom(let own): return own
    case .belowCoordinator, .tabContainer: return false
    }
  }
}

/// What a `pop` or `dismiss` does in one way its screen can be shown.
enum BackOutcome: Hashable {
  /// It goes back within the coordinator, or is not checked.
  case fine
  /// It cannot happen: nothing to pop, or no modal stack to close.
  case impossible
  /// It leaves the coordinator without finishing it.
  case leak
}

/// The ways each `pop` and `dismiss` can happen, over every way its coordinator can be
/// started: a fixpoint over the module, since how a child is started depends on how its
/// parent's screens are shown.
///
/// Each coordinator has at most four start contexts and each node six show states, so the
/// whole fixpoint visits each step at most 24 times: O(size of the module).
struct Presentation {
  /// One `pop` or `dismiss` step: its coordinator, node and index among the node's steps.
  struct BackStep: Hashable {
    var coordinator: Int
    var node: Int
    var step: Int
  }

  // Flat arrays over the whole module, not one per coordinator: a module of many small
  // coordinators would pay an allocation or three per coordinator for a few bytes each.

  /// The start contexts each coordinator can be in: one bit per context.
  private var contexts: [UInt8]
  /// The outcomes seen for each step of each coordinator, from `stepBase` of the
  /// coordinator (then indexed by `CoordinatorAnalysis.stepOffsets`): one bit per start
  /// context and outcome.
  private var outcomes: [UInt16]
  private let stepBase: [Int]
  /// The show states seen for each node of each coordinator, from `nodeBase` of the
  /// coordinator: one bit per state.
  private var states: [UInt8]
  private let nodeBase: [Int]

  init(analyses: [CoordinatorAnalysis], module: FlowModule) {
    contexts = Array(repeating: 0, count: analyses.count)
    var stepBase: [Int] = []
    var nodeBase: [Int] = []
    stepBase.reserveCapacity(analyses.count)
    nodeBase.reserveCapacity(analyses.count)
    var steps = 0
    var nodes = 0
    for analysis in analyses {
      stepBase.append(steps)
      nodeBase.append(nodes)
      steps += analysis.stepCount
      nodes += analysis.tabsNode + 1
    }
    self.stepBase = stepBase
    self.nodeBase = nodeBase
    outcomes = [UInt16](repeating: 0, count: steps)
    states = [UInt8](repeating: 0, count: nodes)
    var pending: [(Int, StartContext)] = []
    for (index, coordinator) in module.coordinators.enumerated()
    where coordinator.isEntry && module.isFirstDefinition(coordinator: index) {
      _ = insert(.entry, into: index)
      pending.append((index, .entry))
    }
    while let (coordinator, context) = pending.popLast() {
      let children = propagate(analyses[coordinator], coordinator, context)
      for (child, childContext) in children where insert(childContext, into: child) {
        pending.append((child, childContext))
      }
    }
    // A coordinator nobody starts is judged in every context it could be started in, and
    // only what holds in all of them is reported.
    for (index, analysis) in analyses.enumerated() where !isStarted(index) {
      for context in StartContext.allCases {
        _ = propagate(analysis, index, context)
      }
    }
  }

  /// Whether some coordinator starts `coordinator`, or it is an entry.
  func isStarted(_ coordinator: Int) -> Bool { contexts[coordinator] != 0 }

  /// Adds `context` to those `coordinator` can be in; whether it was new.
  private mutating func insert(_ context: StartContext, into coordinator: Int) -> Bool {
    let bit = UInt8(1) << UInt8(StartContext.allCases.firstIndex(of: context) ?? 0)
    guard contexts[coordinator] & bit == 0 else { return false }
    contexts[coordinator] |= bit
    return true
  }

  /// Walks the nodes of one coordinator in one context, recording back outcomes; returns the
  /// contexts its reachable starts give their children.
  private mutating func propagate(
    _ analysis: CoordinatorAnalysis, _ coordinator: Int, _ context: StartContext
  ) -> [(Int, StartContext)] {
    let graph = analysis.graph
    let kinds = ShowState.allCases.count
    var visited = [Bool](repeating: false, count: (analysis.tabsNode + 1) * kinds)
    var pending: [(Int, ShowState)] = []
    func visit(_ node: Int, _ state: ShowState) {
      let key = node * kinds + state.index
      guard !visited[key] else { return }
      visited[key] = true
      pending.append((node, state))
    }
    switch graph.root {
    case .node(let node):
      visit(node, graph.isScreen(node) ? .bottom(ownModal: false) : .belowCoordinator)
    case .tabs: visit(analysis.tabsNode, .tabContainer)
    case .unresolved: break
    }
    var children: [(Int, StartContext)] = []
    if case .tabs(let tabs) = graph.root {
      for tab in tabs {
        guard let child = tab.start.child else { continue }
        let modal = context.inOutsideModal
        children.append((child, StartContext(onParent: false, inOutsideModal: modal)))
      }
    }
    let contextIndex = StartContext.allCases.firstIndex(of: context) ?? 0
    while let (node, state) = pending.popLast() {
      states[nodeBase[coordinator] + node] |= 1 << UInt8(state.index)
      let steps = analysis.steps[node]
      let offset = analysis.stepOffsets[node]
      for (index, step) in steps.enumerated() {
        switch step.action {
        case .push(let target):
          switch state {
          case .belowCoordinator: visit(target, .bottom(ownModal: false))
          case .tabContainer: break  // not allowed there (a schema finding)
          default: visit(target, .pushed(ownModal: state.inOwnModal))
          }
        case .present(let target):
          visit(target, .bottom(ownModal: true))
        case .replace(let target):
          if state != .tabContainer { visit(target, .bottom(ownModal: state.inOwnModal)) }
        case .decide(let target):
          visit(target, state)
        case .start(let start):
          // A child started from a broken node does not count as started (spec section 8).
          guard let child = start.child, !graph.brokenNodes.contains(node) else { break }
          if start.style.isModal {
            children.append((child, StartContext(onParent: false, inOutsideModal: true)))
          } else if state == .belowCoordinator {
            children.append((child, context))
          } else if state != .tabContainer {
            let modal = state.inOwnModal || context.inOutsideModal
            children.append((child, StartContext(onParent: true, inOutsideModal: modal)))
          }
        case .pop, .dismiss:
          let outcome = Self.outcome(of: step.action, in: state, context: context)
          outcomes[stepBase[coordinator] + offset + index] |= Self.bit(outcome, contextIndex)
        default:
          break
        }
      }
    }
    return children
  }

  /// What a back action does in one show state and start context.
  private static func outcome(
    of action: ResolvedAction, in state: ShowState, context: StartContext
  ) -> BackOutcome {
    switch (action, state) {
    case (_, .belowCoordinator), (_, .tabContainer):
      return .fine  // not checked (spec section 8)
    case (.pop, .pushed):
      return .fine
    case (.pop, .bottom(let ownModal)):
      return ownModal || !context.onParent ? .impossible : .leak
    case (_, .pushed(let ownModal)), (_, .bottom(let ownModal)):
      if ownModal { return .fine }
      return context.inOutsideModal ? .leak : .impossible
    }
  }

  /// The bit of `outcome` in start context number `context`.
  private static func bit(_ outcome: BackOutcome, _ context: Int) -> UInt16 {
    let position =
      switch outcome {
      case .fine: 0
      case .impossible: 1
      case .leak: 2
      }
    return 1 << UInt16(context * 3 + position)
  }

  /// The verdict on one back step: `nil` when it is fine in some way it can happen (or it
  /// is on an unreachable node), otherwise whether it can never happen or only leaks.
  func verdict(_ step: BackStep, started: Bool, offset: Int) -> BackOutcome? {
    let bits = outcomes[stepBase[step.coordinator] + offset + step.step]
    guard bits != 0 else { return nil }
    func seen(in context: Int) -> UInt16 { (bits >> UInt16(context * 3)) & 0b111 }
    if started {
      var union: UInt16 = 0
      for context in StartContext.allCases.indices { union |= seen(in: context) }
      return Self.aggregate(union)
    }
    let verdicts = Set(StartContext.allCases.indices.map { Self.aggregate(seen(in: $0)) })
    guard verdicts.count == 1, let verdict = verdicts.first else { return nil }
    return verdict
  }

  /// The verdict of a set of outcomes (bits: fine, impossible, leak).
  private static func aggregate(_ outcomes: UInt16) -> BackOutcome? {
    if outcomes == 0 || outcomes & 0b001 != 0 { return nil }
    return outcomes == 0b010 ? .impossible : .leak
  }

  /// The show states a node was seen in, in any context.
  func states(of node: Int, in coordinator: Int) -> Set<ShowState> {
    let bits = states[nodeBase[coordinator] + node]
    return Set(ShowState.allCases.filter { bits & (1 << UInt8($0.index)) != 0 })
  }
}
