/// How a coordinator can be started, as far as its screens' stacks are concerned
/// (spec section 8, "How a screen can be shown").
public struct StartContext: Hashable, Sendable, CaseIterable {
  /// Whether its first screen sits on a screen of its parent (a push-style child started
  /// from a screen), rather than at the root of a stack.
  public var onParent: Bool
  /// The style of the modal stack presented from outside it that it is in, if it is in
  /// one: a sheet can be swiped away, a full-screen modal cannot.
  public var outsideModal: ModalStyle?

  public static let allCases = [
    StartContext(onParent: false, outsideModal: nil),
    StartContext(onParent: false, outsideModal: .sheet),
    StartContext(onParent: false, outsideModal: .fullScreen),
    StartContext(onParent: true, outsideModal: nil),
    StartContext(onParent: true, outsideModal: .sheet),
    StartContext(onParent: true, outsideModal: .fullScreen),
  ]

  /// How an entry coordinator starts: at the root of the app's stack.
  public static let entry = StartContext(onParent: false, outsideModal: nil)

  /// Its position in ``allCases``: one bit of a set of contexts.
  var index: Int {
    (onParent ? 3 : 0)
      + {
        switch outsideModal {
        case nil: 0
        case .sheet?: 1
        case .fullScreen?: 2
        }
      }()
  }

  /// How a message names this way of being started: "pushed onto its parent's screen",
  /// "at the root of a sheet".
  public var phrase: String {
    switch (onParent, outsideModal) {
    case (true, nil): return "pushed onto its parent's screen"
    case (true, .sheet?): return "pushed onto its parent's screen in a sheet"
    case (true, .fullScreen?): return "pushed onto its parent's screen in a full-screen modal"
    case (false, nil): return "at the root of a stack"
    case (false, .sheet?): return "at the root of a sheet"
    case (false, .fullScreen?): return "at the root of a full-screen modal"
    }
  }
}

/// How a node is shown within its coordinator, in one start context.
enum ShowState: Hashable, CaseIterable {
  /// A screen of this coordinator is below it on the stack; `ownModal` is the style of the
  /// modal stack this coordinator presented that it is in, if any.
  case pushed(ownModal: ModalStyle?)
  /// It is the bottom of this coordinator's part of the stack.
  case bottom(ownModal: ModalStyle?)
  /// A start decision: it acts on whatever is below the coordinator.
  case belowCoordinator
  /// The tab container, where there is no stack.
  case tabContainer

  static let allCases: [ShowState] = [
    .pushed(ownModal: nil), .pushed(ownModal: .sheet), .pushed(ownModal: .fullScreen),
    .bottom(ownModal: nil), .bottom(ownModal: .sheet), .bottom(ownModal: .fullScreen),
    .belowCoordinator, .tabContainer,
  ]

  var index: Int {
    func offset(_ style: ModalStyle?) -> Int {
      switch style {
      case nil: 0
      case .sheet?: 1
      case .fullScreen?: 2
      }
    }
    switch self {
    case .pushed(let own): return offset(own)
    case .bottom(let own): return 3 + offset(own)
    case .belowCoordinator: return 6
    case .tabContainer: return 7
    }
  }

  /// The style of the modal stack this coordinator presented that it is on, if any.
  var ownModal: ModalStyle? {
    switch self {
    case .pushed(let own), .bottom(let own): return own
    case .belowCoordinator, .tabContainer: return nil
    }
  }

  /// Whether a screen of this coordinator is below it.
  var isPushed: Bool {
    if case .pushed = self { return true }
    return false
  }

  /// Whether the stack it is on is a modal stack this coordinator presented.
  var inOwnModal: Bool { ownModal != nil }

  /// Whether it is the bottom of the coordinator's part of the stack it starts on (not of
  /// a modal stack it presented): a back there leaves a push-style child, a dismiss a
  /// modal stack presented from outside.
  var isBaseBottom: Bool { self == .bottom(ownModal: nil) }
}

/// What a `pop`, `popToRoot` or `dismiss` does in one way its screen can be shown.
enum BackOutcome: Hashable {
  /// It goes back within the coordinator, or is not checked.
  case fine
  /// It cannot happen: nothing to pop, or no modal stack to close.
  case impossible
  /// It leaves the coordinator without finishing it.
  case leak
}

/// The user's own ways back on a screen (spec section 8, r2), which no flow file writes.
enum Gesture: Int, CaseIterable {
  /// The back button and the swipe-back gesture: what `pop` does.
  case back
  /// Swiping a sheet down: what `dismiss` does, on a sheet only.
  case swipe
}

/// How a coordinator is started by one `start` (or tab), for `never-finishes`.
enum StartKind {
  /// As a tab: it lives as long as the tabs.
  case tab
  /// By the parent's start decision, with nothing of the parent below it.
  case fromStartDecision
  /// From a screen, a decision decided there, or a handler run there.
  case other
}

/// The ways each `pop`, `popToRoot` and `dismiss` can happen, over every way its coordinator can be
/// started: a fixpoint over the module, since how a child is started depends on how its
/// parent's screens are shown. The user's own back and swipe on each screen are judged
/// the same way, as if they were a `pop` and a `dismiss` written there.
///
/// Each coordinator has at most six start contexts and each node eight show states, so the
/// whole fixpoint visits each step at most 48 times: O(size of the module).
struct Presentation {
  /// One `pop`, `popToRoot` or `dismiss` step: its coordinator, node and index among the node's steps.
  struct BackStep: Hashable {
    var coordinator: Int
    var node: Int
    var step: Int
  }

  // Flat arrays over the whole module, not one per coordinator: a module of many small
  // coordinators would pay an allocation or three per coordinator for a few bytes each.

  /// The start contexts each coordinator can be in: one bit per context.
  private var contexts: [UInt8]
  /// The start contexts each coordinator is started in other than as a tab or as a
  /// permanent child (spec section 8), by any parent, attached or not: one bit per context.
  private var ordinaryContexts: [UInt8]
  /// For each coordinator and ordinary context (six per coordinator), the first parent
  /// seen starting it that way, or -1.
  private var ordinaryParents: [Int32]
  /// The outcomes seen for each step of each coordinator, from `stepBase` of the
  /// coordinator (then indexed by `CoordinatorAnalysis.stepOffsets`): one bit per start
  /// context and outcome.
  private var outcomes: [UInt32]
  private let stepBase: [Int]
  /// The outcomes seen for the user's own back and swipe on each node, two entries per
  /// node from `nodeBase` of the coordinator (none for a decision).
  private var gestureOutcomes: [UInt32]
  /// The show states seen for each node of each coordinator, from `nodeBase` of the
  /// coordinator: one bit per state.
  private var states: [UInt8]
  private let nodeBase: [Int]

  init(analyses: [CoordinatorAnalysis], module: FlowModule) {
    contexts = Array(repeating: 0, count: analyses.count)
    ordinaryContexts = Array(repeating: 0, count: analyses.count)
    ordinaryParents = Array(repeating: -1, count: analyses.count * StartContext.allCases.count)
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
    outcomes = [UInt32](repeating: 0, count: steps)
    gestureOutcomes = [UInt32](repeating: 0, count: 2 * nodes)
    states = [UInt8](repeating: 0, count: nodes)
    let hasNoResult = module.coordinators.map { $0.result == nil }
    var pending: [(Int, StartContext)] = []
    for (index, coordinator) in module.coordinators.enumerated()
    where coordinator.isEntry && module.isFirstDefinition(coordinator: index) {
      _ = insert(.entry, into: index)
      pending.append((index, .entry))
    }
    while let (coordinator, context) = pending.popLast() {
      let children = propagate(analyses[coordinator], module, coordinator, context)
      for (child, childContext, kind) in children {
        // Permanent: no result, at the root of a stack by the parent's start decision,
        // the parent itself at the root of a stack.
        let permanent = kind == .fromStartDecision && !context.onParent && hasNoResult[child]
        if kind != .tab && !permanent { noteOrdinary(childContext, of: child, by: coordinator) }
        if insert(childContext, into: child) { pending.append((child, childContext)) }
      }
    }
    // A coordinator nobody starts is judged in every context it could be started in, and
    // only what holds in all of them is reported. The children it starts count as started
    // for `never-finishes`; one its start decision starts may be permanent.
    for (index, analysis) in analyses.enumerated() where !isStarted(index) {
      let counts = module.isFirstDefinition(coordinator: index)
      for context in StartContext.allCases {
        for (child, childContext, kind) in propagate(analysis, module, index, context) {
          let permanent = kind == .fromStartDecision && hasNoResult[child]
          if counts && kind != .tab && !permanent {
            noteOrdinary(childContext, of: child, by: index)
          }
        }
      }
    }
  }

  /// Whether some coordinator starts `coordinator`, or it is an entry.
  func isStarted(_ coordinator: Int) -> Bool { contexts[coordinator] != 0 }

  /// The contexts `coordinator` is started in: every context when nobody starts it.
  func startContexts(of coordinator: Int) -> [StartContext] {
    let bits = contexts[coordinator]
    guard bits != 0 else { return StartContext.allCases }
    return StartContext.allCases.filter { bits & (1 << UInt8($0.index)) != 0 }
  }

  /// The contexts `coordinator` is started in other than as a tab or as a permanent child,
  /// each with the first parent seen starting it so.
  func ordinaryStarts(of coordinator: Int) -> [(context: StartContext, parent: Int)] {
    let bits = ordinaryContexts[coordinator]
    guard bits != 0 else { return [] }
    return StartContext.allCases.compactMap { context in
      guard bits & (1 << UInt8(context.index)) != 0 else { return nil }
      let parent = ordinaryParents[coordinator * StartContext.allCases.count + context.index]
      return (context, Int(parent))
    }
  }

  private mutating func noteOrdinary(_ context: StartContext, of child: Int, by parent: Int) {
    let bit = UInt8(1) << UInt8(context.index)
    guard ordinaryContexts[child] & bit == 0 else { return }
    ordinaryContexts[child] |= bit
    ordinaryParents[child * StartContext.allCases.count + context.index] = Int32(
      truncatingIfNeeded: parent)
  }

  /// Adds `context` to those `coordinator` can be in; whether it was new.
  private mutating func insert(_ context: StartContext, into coordinator: Int) -> Bool {
    let bit = UInt8(1) << UInt8(context.index)
    guard contexts[coordinator] & bit == 0 else { return false }
    contexts[coordinator] |= bit
    return true
  }

  /// Walks the nodes of one coordinator in one context, recording back outcomes; returns the
  /// contexts its reachable starts give their children, and how each is started.
  private mutating func propagate(
    _ analysis: CoordinatorAnalysis, _ module: FlowModule, _ coordinator: Int,
    _ context: StartContext
  ) -> [(Int, StartContext, StartKind)] {
    let graph = analysis.graph
    let screens = module.coordinators[coordinator].screens
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
      visit(node, graph.isScreen(node) ? .bottom(ownModal: nil) : .belowCoordinator)
    case .tabs: visit(analysis.tabsNode, .tabContainer)
    case .unresolved: break
    }
    var children: [(Int, StartContext, StartKind)] = []
    if case .tabs(let tabs) = graph.root {
      for tab in tabs {
        guard let child = tab.start.child else { continue }
        let modal = context.outsideModal
        children.append((child, StartContext(onParent: false, outsideModal: modal), .tab))
      }
    }
    let contextIndex = context.index
    let events = analysis.hasEventsNode ? analysis.tabsNode : nil
    while let (node, state) = pending.popLast() {
      states[nodeBase[coordinator] + node] |= 1 << UInt8(state.index)
      // An external event acts on whichever reachable screen is on top, or on the start
      // decision's place (spec section 7b): its node is shown in every state they are.
      if let events, node != events, node < graph.screenCount || state == .belowCoordinator {
        visit(events, state)
      }
      if node < graph.screenCount, node < screens.count {
        let slot = 2 * (nodeBase[coordinator] + node)
        if screens[node].systemBack {
          let outcome = Self.outcome(of: .pop, in: state, context: context)
          gestureOutcomes[slot + Gesture.back.rawValue] |= Self.bit(outcome, contextIndex)
        }
        if screens[node].dismissible {
          let outcome = Self.swipeOutcome(in: state, context: context)
          gestureOutcomes[slot + Gesture.swipe.rawValue] |= Self.bit(outcome, contextIndex)
        }
      }
      let steps = analysis.steps[node]
      let offset = analysis.stepOffsets[node]
      for (index, step) in steps.enumerated() {
        switch step.action {
        case .push(let target):
          switch state {
          case .belowCoordinator: visit(target, .bottom(ownModal: nil))
          case .tabContainer: break  // not allowed there (a schema finding)
          default: visit(target, .pushed(ownModal: state.ownModal))
          }
        case .present(let target):
          visit(target, .bottom(ownModal: step.modalStyle))
        case .replace(let target):
          if state != .tabContainer { visit(target, .bottom(ownModal: state.ownModal)) }
        case .decide(let target), .alert(let target):
          visit(target, state)
        case .start(let start):
          // A child started from a broken node, or from what only a broken node reaches,
          // does not count as started (spec section 8).
          guard let child = start.child, analysis.countsStarts(on: node) else { break }
          // An external event's start is not the start decision's, wherever it acts.
          let kind: StartKind =
            state == .belowCoordinator && node != events ? .fromStartDecision : .other
          if let modal = start.style.modal {
            children.append((child, StartContext(onParent: false, outsideModal: modal), kind))
          } else if state == .belowCoordinator {
            children.append((child, context, kind))
          } else if state != .tabContainer {
            let modal = state.ownModal ?? context.outsideModal
            children.append((child, StartContext(onParent: true, outsideModal: modal), kind))
          }
        case .pop, .popToRoot, .dismiss:
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
    case (.pop, .pushed), (.popToRoot, .pushed):
      return .fine
    case (.popToRoot, .bottom):
      return .impossible  // it never leaves the coordinator (spec section 8)
    case (.pop, .bottom(let ownModal)):
      return ownModal != nil || !context.onParent ? .impossible : .leak
    case (_, .pushed(let ownModal)), (_, .bottom(let ownModal)):
      if ownModal != nil { return .fine }
      return context.outsideModal != nil ? .leak : .impossible
    }
  }

  /// What the user's swipe down does in one show state and start context: it closes a
  /// sheet only.
  private static func swipeOutcome(in state: ShowState, context: StartContext) -> BackOutcome {
    switch state {
    case .belowCoordinator, .tabContainer: return .impossible
    case .pushed(let own), .bottom(let own):
      switch own {
      case .sheet?: return .fine
      case .fullScreen?: return .impossible
      case nil: return context.outsideModal == .sheet ? .leak : .impossible
      }
    }
  }

  /// The bit of `outcome` in start context number `context`.
  private static func bit(_ outcome: BackOutcome, _ context: Int) -> UInt32 {
    let position =
      switch outcome {
      case .fine: 0
      case .impossible: 1
      case .leak: 2
      }
    return 1 << UInt32(context * 3 + position)
  }

  /// The verdict on one back step: `nil` when it is fine in some way it can happen (or it
  /// is on an unreachable node), otherwise whether it can never happen or only leaks.
  func verdict(_ step: BackStep, started: Bool, offset: Int) -> BackOutcome? {
    Self.verdict(outcomes[stepBase[step.coordinator] + offset + step.step], started: started)
  }

  /// The verdict on the user's own `gesture` on `node`, judged as ``verdict(_:started:offset:)``
  /// judges a back action written there.
  func verdict(_ gesture: Gesture, node: Int, in coordinator: Int, started: Bool)
    -> BackOutcome?
  {
    let slot = 2 * (nodeBase[coordinator] + node) + gesture.rawValue
    return Self.verdict(gestureOutcomes[slot], started: started)
  }

  private static func verdict(_ bits: UInt32, started: Bool) -> BackOutcome? {
    guard bits != 0 else { return nil }
    func seen(in context: Int) -> UInt32 { (bits >> UInt32(context * 3)) & 0b111 }
    if started {
      var union: UInt32 = 0
      for context in StartContext.allCases.indices { union |= seen(in: context) }
      return Self.aggregate(union)
    }
    let verdicts = Set(StartContext.allCases.indices.map { Self.aggregate(seen(in: $0)) })
    guard verdicts.count == 1, let verdict = verdicts.first else { return nil }
    return verdict
  }

  /// The verdict of a set of outcomes (bits: fine, impossible, leak).
  private static func aggregate(_ outcomes: UInt32) -> BackOutcome? {
    if outcomes == 0 || outcomes & 0b001 != 0 { return nil }
    return outcomes == 0b010 ? .impossible : .leak
  }

  /// The show states a node was seen in, in any context.
  func states(of node: Int, in coordinator: Int) -> Set<ShowState> {
    let bits = states[nodeBase[coordinator] + node]
    return Set(ShowState.allCases.filter { bits & (1 << UInt8($0.index)) != 0 })
  }

  /// Whether `node` was seen in `state`, in any context.
  func was(_ node: Int, in coordinator: Int, _ state: ShowState) -> Bool {
    states[nodeBase[coordinator] + node] & (1 << UInt8(state.index)) != 0
  }
}

extension Step {
  /// The modal style of a `present` step (a sheet unless it says otherwise).
  var modalStyle: ModalStyle {
    if case .present(_, let style) = written.kind { return style }
    return .sheet
  }
}
