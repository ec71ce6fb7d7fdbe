/// How a coordinator can be started, as far as its screens' stacks are concerned
/// (spec section 8, "How a screen can be shown").
package struct StartContext: Hashable, Sendable, CaseIterable {
  /// Whether its first screen sits on a screen of its parent (a push-style child started
  /// from a screen), rather than at the root of a stack.
  package var onParent: Bool
  /// The style of the modal stack presented from outside it that it is in, if it is in
  /// one: a sheet can be swiped away, a full-screen modal cannot.
  package var outsideModal: ModalStyle?

  package static let allCases = [
    StartContext(onParent: false, outsideModal: nil),
    StartContext(onParent: false, outsideModal: .sheet),
    StartContext(onParent: false, outsideModal: .fullScreen),
    StartContext(onParent: true, outsideModal: nil),
    StartContext(onParent: true, outsideModal: .sheet),
    StartContext(onParent: true, outsideModal: .fullScreen),
  ]

  /// How an entry coordinator starts: at the root of the app's stack.
  package static let entry = StartContext(onParent: false, outsideModal: nil)

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
  package var phrase: String {
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

/// Where an element of a sequence acts (r3): the state of its screen, and that of the
/// screen below when the sequence itself pushed it there.
struct SequencePlace: Hashable {
  var state: ShowState
  var below: ShowState?
}

/// What a `pop`, `popToRoot` or `dismiss` does in one way its screen can be shown.
enum BackOutcome: Hashable {
  /// It goes back within the coordinator, or is not checked.
  case fine
  /// It cannot happen: nothing to pop, or no modal stack to close.
  case impossible
  /// It leaves the coordinator without finishing it, and every coordinator it leaves (those
  /// left with it included) has a `leave` key.
  case left
  /// It leaves the coordinator without finishing it, and with it at least one coordinator
  /// without a `leave` key: its own, or one left with it (spec section 8, "Leaving").
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
  /// (r3) By a `show`, in a column of a split coordinator (spec section 13.4): it ends when
  /// another `show` replaces it, like a tab, so it is no concern of `never-finishes`.
  case shown

  /// Whether `never-finishes` asks it to end: neither a tab nor a shown child (r3).
  var isOrdinary: Bool { self == .other || self == .fromStartDecision }
}

/// The ways each `pop`, `popToRoot` and `dismiss` can happen, over every way its coordinator can be
/// started: a fixpoint over the module, since how a child is started depends on how its
/// parent's screens are shown. The user's own back and swipe on each screen are judged
/// the same way, as if they were a `pop` and a `dismiss` written there. Leaving a child may
/// leave a parent with it (spec section 8, "Leaving"): each context of a coordinator also
/// keeps the first parent without `leave` seen to be left with it, which turns a back that
/// leaves only coordinators with `leave` into a leak.
///
/// Each coordinator has at most six start contexts, each walked at most three times (when it
/// is new, and when each kind of parent left with it is first known), and each node eight
/// show states, so the whole fixpoint visits each step at most 144 times: O(size of the
/// module).
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
  /// The start contexts in which each coordinator has nothing below it in the window and, when
  /// all it shows goes, nothing runs next (spec 13.7, `empty-window`): started by the start
  /// decision of an entry, at the root of a stack, and dropped when left (no `leave`, or
  /// `leave: ~`), or by the start decision of a coordinator started so. One bit per context.
  private var windowBare: [UInt8]
  /// The start contexts in which some parent starts each coordinator (attached or not), or
  /// in which an entry starts: one bit per context. Where the user can end a coordinator is
  /// worked out in these, so that a parent finds its children's.
  private var askedContexts: [UInt8]
  /// For each coordinator and context (six per coordinator), a coordinator without `leave`
  /// that is left whenever it is (a parent whose start decision started it, showing nothing
  /// below it), or -1: the first seen (spec section 8, "Leaving").
  private var leftAlong: [Int32]
  /// The same for a `dismiss` or swipe of the modal stack it was started in, presented from
  /// outside it: the parents all of whose screens are in that stack go with it.
  private var dismissedAlong: [Int32]
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
  /// For each step, indexed as ``outcomes``: whether, as an element after the first of a
  /// sequence on a screen or alert (r3), it was seen acting on the tab container where
  /// section 4 refuses it (bit 0), or acting anywhere else (bit 1). A `dismiss` of a stack
  /// the tab container presented leads there (spec 13.1).
  private var tabContainerElements: [UInt8]
  /// The outcomes seen for the user's own back and swipe on each node, two entries per
  /// node from `nodeBase` of the coordinator (none for a decision).
  private var gestureOutcomes: [UInt32]
  /// The show states seen for each node of each coordinator, from `nodeBase` of the
  /// coordinator: one bit per state.
  private var states: [UInt8]
  private let nodeBase: [Int]

  init(analyses: [CoordinatorAnalysis], module: FlowModule) {
    contexts = Array(repeating: 0, count: analyses.count)
    askedContexts = Array(repeating: 0, count: analyses.count)
    windowBare = Array(repeating: 0, count: analyses.count)
    leftAlong = Array(repeating: -1, count: analyses.count * StartContext.allCases.count)
    dismissedAlong = leftAlong
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
    tabContainerElements = [UInt8](repeating: 0, count: steps)
    gestureOutcomes = [UInt32](repeating: 0, count: 2 * nodes)
    states = [UInt8](repeating: 0, count: nodes)
    let hasNoResult = module.coordinators.map { $0.result == nil }
    let dropsWhenLeft = module.coordinators.map { coordinator in
      if case .result? = coordinator.leave { return false }
      return true
    }
    var pending: [(Int, StartContext)] = []
    for (index, coordinator) in module.coordinators.enumerated()
    where coordinator.isEntry && module.isFirstDefinition(coordinator: index) {
      _ = insert(.entry, into: index)
      askedContexts[index] |= 1 << UInt8(StartContext.entry.index)
      pending.append((index, .entry))
    }
    // Each coordinator and context is walked again only when it is new, or when a parent
    // left with it is first known (twice at most): each at most three times.
    while let (coordinator, context) = pending.popLast() {
      let children = propagate(analyses[coordinator], module, coordinator, context)
      let isEntry = module.coordinators[coordinator].isEntry && context == .entry
      let isBare = windowBare[coordinator] & (1 << UInt8(context.index)) != 0
      for child in children {
        // Permanent: no result, at the root of a stack by the parent's start decision,
        // the parent itself at the root of a stack.
        let permanent =
          child.kind == .fromStartDecision && !context.onParent && hasNoResult[child.index]
        if child.kind.isOrdinary && !permanent {
          noteOrdinary(child.context, of: child.index, by: coordinator)
        }
        askedContexts[child.index] |= 1 << UInt8(child.context.index)
        let isNew = insert(child.context, into: child.index)
        let slot = child.index * StartContext.allCases.count + child.context.index
        var learnt = false
        if leftAlong[slot] < 0 && child.leftAlong >= 0 {
          leftAlong[slot] = child.leftAlong
          learnt = true
        }
        if dismissedAlong[slot] < 0 && child.dismissedAlong >= 0 {
          dismissedAlong[slot] = child.dismissedAlong
          learnt = true
        }
        // Nothing below it in the window, and nothing runs when all it shows goes: the
        // outermost coordinator left with it, the entry's child, is dropped (spec 13.7).
        let bit = UInt8(1) << UInt8(child.context.index)
        if child.kind == .fromStartDecision, !child.context.onParent,
          isBare || (isEntry && dropsWhenLeft[child.index]), windowBare[child.index] & bit == 0
        {
          windowBare[child.index] |= bit
          learnt = true
        }
        if isNew || learnt { pending.append((child.index, child.context)) }
      }
    }
    // A coordinator nobody starts is judged in every context it could be started in, and
    // only what holds in all of them is reported. The children it starts count as started
    // for `never-finishes`; one its start decision starts may be permanent.
    for (index, analysis) in analyses.enumerated() where !isStarted(index) {
      let counts = module.isFirstDefinition(coordinator: index)
      for context in StartContext.allCases {
        for child in propagate(analysis, module, index, context) {
          askedContexts[child.index] |= 1 << UInt8(child.context.index)
          let permanent = child.kind == .fromStartDecision && hasNoResult[child.index]
          if counts && child.kind.isOrdinary && !permanent {
            noteOrdinary(child.context, of: child.index, by: index)
          }
        }
      }
    }
  }

  /// The contexts in which where the user can end `coordinator` is worked out: those it is
  /// started in (by any parent, or as an entry), and every context when nobody starts it.
  func solvedContexts(of coordinator: Int) -> [StartContext] {
    let bits = askedContexts[coordinator] | (isStarted(coordinator) ? contexts[coordinator] : 0xFF)
    return StartContext.allCases.filter { bits & (1 << UInt8($0.index)) != 0 }
  }

  /// The contexts in which `coordinator` has nothing below it in the window, and nothing runs
  /// when all it shows goes (``windowBare``); an entry's own context is not among them.
  func windowContexts(of coordinator: Int) -> [StartContext] {
    let bits = windowBare[coordinator]
    guard bits != 0 else { return [] }
    return StartContext.allCases.filter { bits & (1 << UInt8($0.index)) != 0 }
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

  /// A child that one `start` (or tab) of a coordinator walked in one context starts.
  private struct ChildStart {
    /// The child's index in the module.
    var index: Int
    /// The context it is started in.
    var context: StartContext
    /// How it is started, for `never-finishes`.
    var kind: StartKind
    /// A coordinator without `leave` left whenever the child is, or -1.
    var leftAlong: Int32
    /// A coordinator without `leave` left when the modal stack the child was started in is
    /// dismissed, or -1.
    var dismissedAlong: Int32
  }

  /// Walks the nodes of one coordinator in one context, recording back outcomes; returns the
  /// contexts its reachable starts give their children, and how each is started.
  private mutating func propagate(
    _ analysis: CoordinatorAnalysis, _ module: FlowModule, _ coordinator: Int,
    _ context: StartContext
  ) -> [ChildStart] {
    let graph = analysis.graph
    let owner = module.coordinators[coordinator]
    let screens = owner.screens
    let slot = coordinator * StartContext.allCases.count + context.index
    let along = leftAlong[slot]
    let dismissAlong = dismissedAlong[slot]
    // Whether this coordinator, left with a child, is dropped without a `leave` of its own:
    // an entry started as one is never left (spec section 8, "Leaving").
    let isBare = owner.leave == nil && !(owner.isEntry && context == .entry)
    let me = Int32(truncatingIfNeeded: coordinator)
    // Who is dropped when this coordinator is left with a child: itself or one left with it.
    let droppedWithMe = isBare ? me : along
    let droppedWithMyStack = isBare ? me : dismissAlong
    // The start decision, which acts below the coordinator however it is reached.
    var startDecision = -1
    if case .node(let root) = graph.root, !graph.isScreen(root) { startDecision = root }
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
    var children: [ChildStart] = []
    if case .tabs(let tabs) = graph.root {
      for tab in tabs {
        guard let child = tab.start.child else { continue }
        let modal = context.outsideModal
        // A tab is left only with the stack of the whole tab coordinator.
        children.append(
          ChildStart(
            index: child, context: StartContext(onParent: false, outsideModal: modal),
            kind: .tab, leftAlong: -1, dismissedAlong: droppedWithMyStack))
      }
    }
    let contextIndex = context.index
    let events = analysis.hasEventsNode ? analysis.tabsNode : nil
    // The states of the screens that present a modal stack, where the elements after a
    // sequence's `dismiss` act (r3), and those elements waiting for them.
    var presenters: UInt8 = 0
    var afterDismiss: [(node: Int, position: Int)] = []
    var continued: Set<Int> = []

    /// What the step at `position` of `node`'s steps does in `state`; returns the states of
    /// the places it leads to, where the next element of its sequence acts (none when it
    /// cannot go on there), as a set of ``ShowState/index`` bits: no array per step.
    func act(_ node: Int, _ position: Int, in state: ShowState) -> UInt8 {
      let step = analysis.steps[node][position]
      let stepIndex = stepBase[coordinator] + analysis.stepOffsets[node] + position
      // The decoder applies the tab container's rules to the tabs' handlers and a tab
      // coordinator's events, and section 4 does not to decisions they decide; an element
      // after a `dismiss` on a screen or alert is left to the checks (r3, spec 13.1).
      if step.isElement, !step.isFirstElement, graph.isScreen(node) || graph.isAlert(node),
        node != analysis.tabsNode
      {
        let refused = state == .tabContainer && Self.isRefusedOnTabContainer(step.action)
        tabContainerElements[stepIndex] |= refused ? 1 : 2
      }
      switch step.action {
      case .push(let target):
        switch state {
        case .belowCoordinator:
          visit(target, .bottom(ownModal: nil))
          return Self.states(.bottom(ownModal: nil))
        case .tabContainer: return 0  // not allowed there (a schema finding)
        default:
          visit(target, .pushed(ownModal: state.ownModal))
          return Self.states(.pushed(ownModal: state.ownModal))
        }
      case .present(let target):
        presenters |= 1 << UInt8(state.index)
        visit(target, .bottom(ownModal: step.modalStyle))
        return Self.states(.bottom(ownModal: step.modalStyle))
      case .replace(let target):
        guard state != .tabContainer else { return 0 }
        visit(target, .bottom(ownModal: state.ownModal))
        return Self.states(.bottom(ownModal: state.ownModal))
      case .decide(let target):
        // A start decision acts on whatever is below the coordinator, however it is
        // reached (spec section 8): from a screen, an alert or an external event too.
        visit(target, target == startDecision ? .belowCoordinator : state)
      case .alert(let target):
        visit(target, state)
      case .start(let start):
        // A child started from a broken node, or from what only a broken node reaches,
        // does not count as started (spec section 8).
        guard let child = start.child, analysis.countsStarts(on: node) else { break }
        // An external event's start is not the start decision's, wherever it acts.
        let kind: StartKind =
          state == .belowCoordinator && node != events ? .fromStartDecision : .other
        if start.start.isShow {
          // (r3) Shown in a column (spec 13.4): in a regular width at the root of the column's
          // stack, in a compact one pushed onto the holder's screen; both are ways it is shown.
          let modal = state.ownModal ?? context.outsideModal
          let sharesStack = state.ownModal == nil && context.outsideModal != nil
          let along = sharesStack ? droppedWithMyStack : -1
          children.append(
            ChildStart(
              index: child, context: StartContext(onParent: false, outsideModal: modal),
              kind: .shown, leftAlong: -1, dismissedAlong: along))
          children.append(
            ChildStart(
              index: child, context: StartContext(onParent: true, outsideModal: modal),
              kind: .shown, leftAlong: -1, dismissedAlong: along))
        } else if state == .belowCoordinator {
          // Nothing of this coordinator is below the child: left with it (spec section 8,
          // "Leaving"), and with the stack it shares with it when it is pushed.
          let modal = start.style.modal
          children.append(
            ChildStart(
              index: child,
              context: modal.map { StartContext(onParent: false, outsideModal: $0) } ?? context,
              kind: kind, leftAlong: droppedWithMe,
              dismissedAlong: modal == nil ? droppedWithMyStack : droppedWithMe))
        } else if let modal = start.style.modal {
          children.append(
            ChildStart(
              index: child, context: StartContext(onParent: false, outsideModal: modal),
              kind: kind, leftAlong: -1, dismissedAlong: -1))
        } else if state != .tabContainer {
          // On a screen of this coordinator: when the modal stack they share was presented
          // from outside it, dismissing that stack leaves this coordinator too.
          let modal = state.ownModal ?? context.outsideModal
          let sharesStack = state.ownModal == nil && context.outsideModal != nil
          children.append(
            ChildStart(
              index: child, context: StartContext(onParent: true, outsideModal: modal),
              kind: kind, leftAlong: -1, dismissedAlong: sharesStack ? droppedWithMyStack : -1))
        }
      case .pop, .popToRoot, .dismiss:
        var outcome = Self.outcome(of: step.action, in: state, context: context)
        let dropped: Int32
        if case .pop = step.action {
          dropped = droppedWithMe
        } else {
          dropped = droppedWithMyStack
        }
        outcome = Self.bare(outcome, dropped)
        guard !step.isLastElement else {
          outcomes[stepIndex] |= Self.bit(outcome, contextIndex)
          return 0
        }
        // Not the last of its sequence: leaving the coordinator is as wrong as not
        // happening, since the elements after it could not run (r3, spec section 13.1).
        let checked = state != .belowCoordinator && state != .tabContainer
        outcomes[stepIndex] |= Self.bit(outcome == .fine ? .fine : .impossible, contextIndex)
        guard checked, outcome == .fine else { return 0 }
        switch step.action {
        case .pop:
          // Back onto the screen below, which is pushed or this coordinator's bottom.
          return Self.states(.pushed(ownModal: state.ownModal))
            | Self.states(.bottom(ownModal: state.ownModal))
        case .popToRoot:
          return Self.states(.bottom(ownModal: state.ownModal))
        default:
          afterDismiss.append((node, position + 1))
          return 0
        }
      default:
        break
      }
      return 0
    }

    /// Runs the sequence of `node`'s steps from `position` on, from each of `places`. A
    /// place remembers the state of the screen below it when an element of the sequence
    /// pushed it there, so that a `pop` after a `push` goes back to exactly that screen.
    func run(_ node: Int, from position: Int, on places: [ShowState]) {
      let steps = analysis.steps[node]
      var places = places.map { SequencePlace(state: $0, below: nil) }
      var position = position
      while !places.isEmpty, position < steps.count {
        let step = steps[position]
        var next: Set<SequencePlace> = []
        for place in places {
          var landing = act(node, position, in: place.state)
          if case .pop = step.action, let below = place.below, landing != 0 {
            landing = Self.states(below)
          }
          let isPush: Bool
          if case .push = step.action { isPush = true } else { isPush = false }
          for state in ShowState.allCases where landing & Self.states(state) != 0 {
            next.insert(SequencePlace(state: state, below: isPush ? place.state : nil))
          }
        }
        guard !step.isLastElement else { break }
        position += 1
        places = next.sorted {
          ($0.state.index, $0.below?.index ?? -1) < ($1.state.index, $1.below?.index ?? -1)
        }
      }
    }

    while true {
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
            gestureOutcomes[slot + Gesture.back.rawValue] |= Self.bit(
              Self.bare(outcome, droppedWithMe), contextIndex)
          }
          if screens[node].dismissible {
            let outcome = Self.swipeOutcome(in: state, context: context)
            gestureOutcomes[slot + Gesture.swipe.rawValue] |= Self.bit(
              Self.bare(outcome, droppedWithMyStack), contextIndex)
          }
        }
        for (position, step) in analysis.steps[node].enumerated() where step.isFirstElement {
          // A lone action (most) only acts: no sequence goes on from where it leads.
          if step.isLastElement {
            _ = act(node, position, in: state)
          } else {
            run(node, from: position, on: [state])
          }
        }
      }
      // The elements after a `dismiss` act on the screens that presented its stack (r3): in
      // every state such a screen was seen in, known as the walk goes on.
      let known = presenters
      var index = 0
      while index < afterDismiss.count {
        let (node, position) = afterDismiss[index]
        index += 1
        let stepIndex = analysis.stepOffsets[node] + position
        let places = ShowState.allCases.filter {
          presenters & (1 << UInt8($0.index)) != 0
            && continued.insert(stepIndex * kinds + $0.index).inserted
        }
        run(node, from: position, on: places)
      }
      if pending.isEmpty && presenters == known { break }
    }
    return children
  }

  /// `state` as a set of one, in the bits ``Presentation/propagate(_:_:_:_:)``'s walk
  /// passes states in.
  private static func states(_ state: ShowState) -> UInt8 {
    1 << UInt8(state.index)
  }

  /// Whether section 4 refuses `action` on a tab container, which has no stack: `push`,
  /// `replace`, `pop`, `popToRoot`, `dismiss` and a push-style `start` (not a `show`, r3).
  private static func isRefusedOnTabContainer(_ action: ResolvedAction) -> Bool {
    switch action {
    case .push, .replace, .pop, .popToRoot, .dismiss: return true
    case .start(let start): return start.style.modal == nil && !start.start.isShow
    default: return false
    }
  }

  /// Whether the step at `position` among those from `offset` of `coordinator` (an element
  /// of a sequence, after the first) acts on the tab container, where it is refused, in
  /// every way it acts (r3, spec 13.1 with section 4).
  func isRefusedOnTabContainerAlways(coordinator: Int, offset: Int, position: Int) -> Bool {
    tabContainerElements[stepBase[coordinator] + offset + position] == 1
  }

  /// `outcome`, with a coordinator that leaving drops without `leave` taken into account:
  /// `dropped` is the first such coordinator left, or -1.
  private static func bare(_ outcome: BackOutcome, _ dropped: Int32) -> BackOutcome {
    outcome == .left && dropped >= 0 ? .leak : outcome
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
      return ownModal != nil || !context.onParent ? .impossible : .left
    case (_, .pushed(let ownModal)), (_, .bottom(let ownModal)):
      if ownModal != nil { return .fine }
      return context.outsideModal != nil ? .left : .impossible
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
      case nil: return context.outsideModal == .sheet ? .left : .impossible
      }
    }
  }

  /// The bit of `outcome` in start context number `context`: four per context.
  private static func bit(_ outcome: BackOutcome, _ context: Int) -> UInt32 {
    let position =
      switch outcome {
      case .fine: 0
      case .impossible: 1
      case .left: 2
      case .leak: 3
      }
    return 1 << UInt32(context * 4 + position)
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
    func seen(in context: Int) -> UInt32 { (bits >> UInt32(context * 4)) & 0b1111 }
    if started {
      var union: UInt32 = 0
      for context in StartContext.allCases.indices { union |= seen(in: context) }
      return Self.aggregate(union)
    }
    let verdicts = Set(StartContext.allCases.indices.map { Self.aggregate(seen(in: $0)) })
    guard verdicts.count == 1, let verdict = verdicts.first else { return nil }
    return verdict
  }

  /// The verdict of a set of outcomes (bits: fine, impossible, left, leak): `nil` when it
  /// is fine in some way, or leaves only coordinators with `leave` where it can happen.
  private static func aggregate(_ outcomes: UInt32) -> BackOutcome? {
    if outcomes == 0 || outcomes & 0b0001 != 0 { return nil }
    if outcomes == 0b0010 { return .impossible }
    return outcomes & 0b1000 != 0 ? .leak : nil
  }

  /// The coordinator without `leave` that `step` leaves with its own coordinator, when that
  /// one has `leave` itself: `nil` when it has none, or the step leaves nothing else.
  func droppedAlong(_ step: BackStep, offset: Int, isPop: Bool) -> Int? {
    droppedAlong(
      outcomes[stepBase[step.coordinator] + offset + step.step], in: step.coordinator,
      isPop: isPop)
  }

  /// The same for the user's own `gesture` on `node`.
  func droppedAlong(_ gesture: Gesture, node: Int, in coordinator: Int) -> Int? {
    let slot = 2 * (nodeBase[coordinator] + node) + gesture.rawValue
    return droppedAlong(gestureOutcomes[slot], in: coordinator, isPop: gesture == .back)
  }

  private func droppedAlong(_ bits: UInt32, in coordinator: Int, isPop: Bool) -> Int? {
    for context in StartContext.allCases.indices
    where (bits >> UInt32(context * 4)) & 0b1000 != 0 {
      let slot = coordinator * StartContext.allCases.count + context
      let dropped = isPop ? leftAlong[slot] : dismissedAlong[slot]
      if dropped >= 0 && Int(dropped) != coordinator { return Int(dropped) }
    }
    return nil
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
  /// How the user can dismiss the modal stack of a `present` step (a sheet unless it says
  /// otherwise; a form sheet and a popover are dismissed as a sheet, spec 13.5).
  var modalStyle: ModalStyle {
    if case .present(_, let style) = written.kind { return style.modal }
    return .sheet
  }
}
