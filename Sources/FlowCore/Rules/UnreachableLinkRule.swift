/// A deep link whose target screen no route from an entry coordinator reaches with the
/// payloads the link can give (spec section 12).
package enum UnreachableLinkRule: ModuleRule {
  package static let id: RuleID = "unreachable-link"
  package static let severity = Severity.error
  package static let blocksGeneration = true
  package static let drawing = FindingDrawing.problem
  package static let summary =
    "A link whose target no route from an entry coordinator reaches with the payloads the "
    + "link can give; the message names the step where every route stops."
  package static let rationale = """
    A link is followed by taking the app from an entry coordinator's start to the target \
    screen, step by step: screen events, decision cases, alert buttons, child starts, the \
    tab to select at a tab container and (r3) the external events of a coordinator, sent \
    at any of its screens the route shows or at its tab container (handlers, requests, back \
    actions and `select` are not steps). An event, button or external event that carries \
    `payload: T` takes it from the one param of type `T` (or of `U`, for `T` = `U?`) or \
    from a type in `values`; with none, or two params that fit, no route takes that step. `via` makes the route pass through \
    those coordinators in order. A link with no route would open nothing at run time, or \
    leave the app halfway; the message says where every route stops: the screen that is in \
    no entry's reach, the step whose payload the link cannot give, or the `via` coordinator \
    that no route passes through. `flowc links` shows the route of every link that has one.
    """
  package static let examples: [RuleExample] = [
    .triggering(
      """
      version: 1
      coordinators:
        Shop:
          entry: true
          start: List
          screens:
            List: { on: { open: { payload: Int, push: Detail } } }
            Detail: { input: Int }
            Lost: {}
      links:
        ↓product: { url: '/products/{name}', params: { name: String }, to: Shop.Detail }
        ↓lost: { url: /lost, to: Shop.Lost }
      """),
    .passing(
      """
      version: 1
      coordinators:
        Shop:
          entry: true
          start: List
          screens:
            List: { on: { open: { payload: Int, push: Detail } } }
            Detail: { input: Int }
      links:
        product: { url: '/products/{id}', params: { id: Int }, to: Shop.Detail }
      """),
  ]

  /// Reads the routes the check found once (``LinkRoutes``): O(links).
  package static func check(_ context: ResolvedModule, into findings: inout Findings) {
    let module = context.module
    for (index, outcome) in context.links.outcomes.enumerated() {
      guard case .unreachable(let why) = outcome else { continue }
      let link = module.links[index]
      let target = link.target?.text ?? ""
      var notes: [Note] = []
      let message: Message
      switch why.reason {
      case .outOfReach(let coordinatorReached):
        let coordinator = link.target?.coordinator.text ?? ""
        let entries = why.entries.map { module.coordinators[$0].name.text }
        if coordinatorReached, let shown = context.graph.links[index].target,
          let element = Self.sequenceElement(
            showing: shown.screen, in: context.graph.coordinators[shown.coordinator])
        {
          notes.append(
            Note(
              "a sequence shows the screen here, but a route takes a sequence whole, to where its last element leads",
              at: element.written.range))
        }
        message =
          coordinatorReached
          ? .screenOutOfReach(
            link.subject, coordinator: coordinator, screen: link.target?.screen.text ?? "",
            entries: entries)
          : .coordinatorOutOfReach(
            link.subject, target: target, coordinator: coordinator, entries: entries)
      case .payload(let step, let type, let fitting):
        message = .payload(
          link.subject, target: target, step: step.summary(in: context.graph, link: link),
          type: type, fitting: fitting.map { link.params[$0].name.text })
        if let range = step.range(in: context.graph) {
          notes.append(Note("every route stops here", at: range))
        }
      case .via(let index):
        let names = link.via
        guard names.indices.contains(index) else { continue }
        message = .via(
          link.subject, target: target, via: names[index].text,
          after: index > 0 ? names[index - 1].text : nil)
        notes.append(Note("'via' asks for it here", at: names[index].range))
      }
      findings.add(message, about: link.subject, at: link.name.range, notes: notes)
    }
    checkRelative(context, into: &findings)
  }

  /// (r3) Relative links (spec section 13.6): no route, but the shared screen they open must
  /// be one some coordinator can show, and their params must give its `input` (section 12's
  /// payload rules; `values` may make it). O(links + the owners' copies).
  private static func checkRelative(_ context: ResolvedModule, into findings: inout Findings) {
    let module = context.module
    guard module.isComplete, !module.shared.screens.isEmpty else { return }
    var shown: Set<Coordinator.Node>?
    for (index, link) in module.links.enumerated()
    where !link.isBroken && module.isFirstDefinition(link: index) {
      guard case .resolved(let screen)? = context.graph.links[index].shared else { continue }
      let name = module.shared.screens[screen].name.text
      let visible = shown ?? context.analysis.sharedNodesShown()
      shown = visible
      if !visible.contains(.screen(screen)) {
        findings.add(
          Message.relativeNotShown(link.subject, screen: name), about: link.subject,
          at: link.name.range)
        continue
      }
      guard let input = module.shared.screens[screen].input?.type, input != .invalid else {
        continue
      }
      let (source, fitting) = Payloads(link).source(of: input)
      guard source == nil else { continue }
      findings.add(
        Message.relativeInput(
          link.subject, screen: name, type: input,
          fitting: fitting.map { link.params[$0].name.text }),
        about: link.subject, at: link.name.range)
    }
  }

  /// The first element of a sequence in `coordinator` that pushes, presents or replaces
  /// `screen`: a route takes a sequence whole, to where its last element leads
  /// (``LinkRoutes/isRouteStep(_:)``), so the finding points at it.
  private static func sequenceElement(showing screen: NodeID, in coordinator: CoordinatorGraph)
    -> Step?
  {
    func shows(_ step: Step) -> Bool {
      guard step.isElement, step.handlerOf.isEmpty else { return false }
      switch step.action {
      case .push(let target), .present(let target), .replace(let target): return target == screen
      default: return false
      }
    }
    for steps in coordinator.steps { if let step = steps.first(where: shows) { return step } }
    return coordinator.eventSteps.first(where: shows)
  }

  /// What the rule says.
  package enum Message: RuleMessage {
    package typealias ReportingRule = UnreachableLinkRule

    /// Routes reach the coordinator of the link's target, and none of its own paths reaches
    /// the screen; routes start at `entries`.
    case screenOutOfReach(SymbolRef, coordinator: String, screen: String, entries: [String])
    /// No route starts the coordinator of the link's target.
    case coordinatorOutOfReach(SymbolRef, target: String, coordinator: String, entries: [String])
    /// Every route stops at a step (`step`, described) that needs a payload of `type`, which
    /// no param or several (`fitting`) give.
    case payload(SymbolRef, target: String, step: String, type: TypeExpression, fitting: [String])
    /// No route passes through the `via` coordinator `via`, after `after`.
    case via(SymbolRef, target: String, via: String, after: String?)
    /// (r3) A relative link to a shared screen that no coordinator can show.
    case relativeNotShown(SymbolRef, screen: String)
    /// (r3) A relative link whose params cannot give its shared screen's input of `type`: no
    /// param or `values` entry has it, or several params (`fitting`) do.
    case relativeInput(SymbolRef, screen: String, type: TypeExpression, fitting: [String])

    package var name: String {
      switch self {
      case .screenOutOfReach: "screen-out-of-reach"
      case .coordinatorOutOfReach: "coordinator-out-of-reach"
      case .payload: "payload"
      case .via: "via"
      case .relativeNotShown: "relative-not-shown"
      case .relativeInput: "relative-input"
      }
    }

    package var english: MessageText {
      switch self {
      case .screenOutOfReach(let link, let coordinator, let screen, let entries):
        return "\(definition: link) cannot be followed: routes reach coordinator "
          + "'\(coordinator)', but no screen event, decision case, alert button or external event "
          + "of it leads to screen '\(screen)' (\(Self.from(entries)))"
      case .coordinatorOutOfReach(let link, let target, let coordinator, let entries):
        return "\(definition: link) cannot be followed: screen '\(target)' is in no entry's "
          + "reach: no route of screen events, decision cases, alert buttons, external events, "
          + "child starts and tabs starts coordinator '\(coordinator)' (\(Self.from(entries)))"
      case .payload(let link, let target, let step, let type, let fitting):
        return "\(definition: link) cannot be followed: every route to '\(target)' stops at the "
          + "step (\(step)), which needs a payload '\(type)'; "
          + "\(Self.unfit(fitting, takingOne: "a payload"))"
      case .via(let link, let target, let via, let after):
        let later = after.map { " after '\($0)'" } ?? ""
        return "\(definition: link) cannot be followed: no route to '\(target)' passes through "
          + "'\(via)'\(later), as 'via' asks"
      case .relativeNotShown(let link, let screen):
        return "\(definition: link) cannot be followed: it opens shared screen '\(screen)' on "
          + "the top stack, and no coordinator can show that screen"
      case .relativeInput(let link, let screen, let type, let fitting):
        return "\(definition: link) cannot be followed: shared screen '\(screen)' needs an input "
          + "'\(type)'; \(Self.unfit(fitting, takingOne: "an input"))"
      }
    }

    /// Why the params `fitting` a type cannot give what takes exactly one of them: several
    /// fit, or none does.
    private static func unfit(_ fitting: [String], takingOne what: String) -> String {
      fitting.count > 1
        ? "params " + UnreachableLinkRule.list(fitting.map { "'\($0)'" })
          + " all fit, and \(what) takes exactly one"
        : "no param of the link has that type: add one, or build it with 'values'"
    }

    /// Where routes start, for messages.
    private static func from(_ entries: [String]) -> String {
      entries.isEmpty
        ? "the module has no coordinator to start from"
        : "routes start at \(UnreachableLinkRule.list(entries.map { "'\($0)'" }))"
    }
  }

  /// `'a'`, `'a' and 'b'`, `'a', 'b' and 'c'`.
  fileprivate static func list(_ items: [String]) -> String {
    items.listed()
  }
}
