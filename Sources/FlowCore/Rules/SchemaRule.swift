/// Flow files whose structure is not the language's: the front end's `limit`, `version` and
/// `structure` problems (see `FrontEndFindings.swift`), and (r3) the one structural rule only
/// the graph can judge: an element of a sequence that a `dismiss` before it brings onto a
/// tab container, where section 4 refuses it.
package enum SchemaRule: ModuleRule {
  package static let id: RuleID = "schema"
  package static let severity = Severity.error
  package static let blocksGeneration = true
  package static let drawing = FindingDrawing.problem
  package static let summary =
    "Wrong structure: an unknown or missing key, a wrong kind of value, a duplicate key, a bad "
    + "version, more than one action."
  package static let rationale = """
    A misspelt key would otherwise be silently ignored and the flow would not do what it \
    says. Every structural problem is reported at the node it is about, with a did-you-mean \
    where a known key or action is close, and decoding goes on so that one run reports them \
    all. A file whose `version` is missing or wrong gets only that finding.
    """
  package static let examples: [RuleExample] = [
    .triggering(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          ↓screns:
            Home: { on: { next: stay } }
      """),
    .triggering(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home:
              on:
                next: ↓popp
                other: { push: Home, ↓present: Home }
      """),
    .triggering(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { next: stay } }
            ↓Home: { on: { next: stay } }
      """),
    .triggering("version: ↓2\ncoordinators: {}\n"),
    .passing(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { doc: The first screen., on: { next: { push: Next } } }
            Next: { on: { back: pop } }
      """),
  ]

  /// Reports each element after the first of a sequence on a screen or alert that acts on
  /// its tab coordinator's tab container, where it is refused, in every way it acts: the
  /// `dismiss` before it closed a stack the container presented (spec 13.1, "by the
  /// container's rules"). The decoder refuses the same actions in the tabs' own handlers.
  package static func check(_ context: ResolvedModule, into findings: inout Findings) {
    checkElementsOnTabContainers(context, into: &findings)
    if !context.module.shared.isEmpty { checkSharedStartDecisions(context.module, into: &findings) }
    if context.module.coordinators.contains(where: { $0.split != nil }) {
      checkStartsOfSplits(context, into: &findings)
    }
  }

  /// (r3) A split coordinator is never shown in a column, and starts at the root of a stack
  /// (spec section 13.4): a `show` of it is reported at the name it shows, and a push-style
  /// `start` of it at that `start`, unless the start acts below its coordinator (a start
  /// decision's) and that coordinator starts at the root of a stack in every way it is
  /// started. O(starts).
  private static func checkStartsOfSplits(
    _ context: ResolvedModule, into findings: inout Findings
  ) {
    let module = context.module
    let presentation = context.analysis.presentation
    for (index, analysis) in context.analysis.coordinators.enumerated()
    where module.isFirstDefinition(coordinator: index) {
      var holderOnParent: Bool?
      for start in analysis.allStarts {
        guard let step = start.action, let child = start.step.child,
          module.coordinators[child].split != nil,
          !analysis.graph.brokenNodes.contains(start.node)
        else { continue }
        let subject = context.graph.subject(of: step, at: start.node, in: index)
        let name = module.coordinators[child].name.text
        if start.step.start.isShow {
          let target = start.step.start.coordinator
          findings.add(
            Message.showOfSplit(name), about: subject.appending(.reference(target.text)),
            at: target.range)
          continue
        }
        guard start.step.style == .push else { continue }
        let onScreen = Self.actsOnScreen(step, node: start.node, in: index, context: context)
        if !onScreen {
          let pushed =
            holderOnParent
            ?? (presentation.isStarted(index)
              && presentation.startContexts(of: index).contains(where: \.onParent))
          holderOnParent = pushed
          guard pushed else { continue }
        }
        findings.add(
          Message.pushedSplit(
            name, holder: onScreen ? nil : module.coordinators[index].name.text),
          about: subject, at: start.step.range)
      }
    }
  }

  /// Whether `step` on `node` of coordinator `index` acts on a screen of its coordinator (a
  /// screen's own event, an element after one that shows a screen, or a node seen on a
  /// screen), rather than below the coordinator (a start decision's) or on a tab container.
  private static func actsOnScreen(
    _ step: Step, node: Int, in index: Int, context: ResolvedModule
  ) -> Bool {
    let graph = context.graph.coordinators[index]
    if step.handlerOf.isEmpty, step.isElement,
      case .sequence(let elements) = step.transition.action.kind,
      elements.prefix(step.elementIndex).contains(where: {
        switch $0.kind {
        case .push, .present, .replace: true
        default: false
        }
      })
    {
      return true
    }
    if node < graph.screenCount { return true }
    return context.analysis.presentation.states(of: node, in: index).contains {
      $0 != .belowCoordinator && $0 != .tabContainer
    }
  }

  private static func checkElementsOnTabContainers(
    _ context: ResolvedModule, into findings: inout Findings
  ) {
    let module = context.module
    let presentation = context.analysis.presentation
    for (index, analysis) in context.analysis.coordinators.enumerated()
    where module.isFirstDefinition(coordinator: index) && !module.coordinators[index].tabs.isEmpty {
      // A broken node, and what only it reaches, may have lost the element before: what it
      // kept proves nothing (spec section 8, "Where findings go").
      for node in 0..<analysis.tabsNode
      where analysis.reachable[node] && !analysis.graph.brokenNodes.contains(node)
        && !analysis.reachedOnlyThroughBroken.contains(node)
      {
        let offset = analysis.stepOffsets[node]
        for (position, step) in analysis.steps[node].enumerated()
        where step.isElement && !step.isFirstElement
          && presentation.isRefusedOnTabContainerAlways(
            coordinator: index, offset: offset, position: position)
        {
          findings.add(
            Message.elementOnTabContainer(
              step.written.keyword, coordinator: module.coordinators[index].name.text),
            about: context.graph.subject(of: step, at: node, in: index),
            at: step.written.range)
        }
      }
    }
  }

  /// (r3) A shared decision that a coordinator starts at (spec section 13.2) is a start
  /// decision there, so its sequences may have no back element (13.1), as the decoder says of
  /// a coordinator's own start decision, which it knows from the text: reported once at the
  /// shared decision, however many coordinators start at it. O(their cases and handlers).
  private static func checkSharedStartDecisions(_ module: FlowModule, into findings: inout Findings)
  {
    var seen: Set<Int> = []
    for (index, coordinator) in module.coordinators.enumerated() {
      guard case .start(let name, _) = coordinator.root,
        case .decision(let own)? = module.node(named: name.text, in: index),
        let original = coordinator.decisions[own].copyOf, seen.insert(original).inserted
      else { continue }
      let decision = module.shared.decisions[original]
      guard !decision.isBroken else { continue }
      let subject = module.shared.subject(of: .decision(original))
      for (element, path) in Decision.backElementsOfStart(decision.cases) {
        findings.add(
          Message.backInStartSequence(element.keyword), about: subject.appending(path),
          at: element.range)
      }
      for (element, path) in Decision.showsWithoutScreenInStart(decision.cases) {
        findings.add(
          Message.showInStartDecision, about: subject.appending(path), at: element.range)
      }
    }
  }

  /// What the rule says from the graph; the front end words its own problems.
  package enum Message: RuleMessage {
    package typealias ReportingRule = SchemaRule

    /// (r3) An element after a `dismiss` that acts on the tab container.
    case elementOnTabContainer(String, coordinator: String)
    /// (r3) A back element in a sequence of a shared decision a coordinator starts at; the
    /// decoder words the same of a coordinator's own start decision.
    case backInStartSequence(String)
    /// (r3) A `show` of a split coordinator (spec 13.4).
    case showOfSplit(String)
    /// (r3) A push-style `start` of a split coordinator from a screen (no holder), or from the
    /// start decision of a holder that starts pushed onto its parent's screen in some way.
    case pushedSplit(String, holder: String?)
    /// (r3) A `show` with no screen before it in a shared decision a coordinator starts at.
    case showInStartDecision

    package var name: String {
      switch self {
      case .elementOnTabContainer: "element-on-tab-container"
      case .backInStartSequence: "back-in-start-sequence"
      case .showOfSplit: "show-of-split"
      case .pushedSplit: "pushed-split"
      case .showInStartDecision: "show-in-start-decision"
      }
    }

    package var english: MessageText {
      switch self {
      case .elementOnTabContainer(let action, let coordinator):
        "'\(action)' after 'dismiss' acts on the tab container of '\(coordinator)', which "
          + "presented the stack 'dismiss' closes and has no navigation stack; use 'present', "
          + "'alert', 'decide', 'finish', 'select', 'stay' or a modal 'start'"
      case .backInStartSequence(let action):
        "'\(action)' is not allowed in a sequence of a start decision: it acts below the "
          + "coordinator, where there is nothing of its own to go back from"
      case .showOfSplit(let split):
        "'\(split)' is a split coordinator, which is never shown in a column of another; "
          + "start it at the root of a stack: as a tab, modally, or as an entry"
      case .pushedSplit(let split, let holder?):
        "'\(split)' is a split coordinator, which starts at the root of a stack; '\(holder)' "
          + "starts pushed onto its parent's screen in some way, so its start decision pushes "
          + "'\(split)' onto that screen; start it as a tab or modally"
      case .pushedSplit(let split, nil):
        "'\(split)' is a split coordinator, which starts at the root of a stack, not pushed onto "
          + "a screen; start it modally ('style: sheet' or 'fullScreen'), as a tab, or from the "
          + "start decision of a coordinator at the root of a stack"
      case .showInStartDecision:
        Decision.showWithoutScreenMessage
      }
    }
  }
}
