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

    package var name: String {
      switch self {
      case .elementOnTabContainer: "element-on-tab-container"
      case .backInStartSequence: "back-in-start-sequence"
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
      }
    }
  }
}
