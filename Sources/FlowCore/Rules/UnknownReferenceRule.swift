/// References to screens, decisions, alerts, coordinators, types, result cases, requests
/// (r3), tabs (`select`) and rules that do not exist where they are used.
package enum UnknownReferenceRule: DefinitionRule {
  package static let id: RuleID = "unknown-reference"
  package static let severity = Severity.error
  package static let blocksGeneration = true
  package static let drawing = FindingDrawing.problem
  package static let summary =
    "A screen, decision, alert, coordinator, type, result case, request, tab (`select`) or rule "
    + "id that does not exist where it is used, or a name of the wrong kind."
  package static let rationale = """
    A reference that resolves to nothing would be a crash or a dead button at run time. \
    Screens, decisions, alerts and `finish` cases are those of the coordinator that holds \
    the action, and each is named by its own action (`push` a screen, `decide` a decision, \
    `alert` an alert: the message says which kind a name of the wrong kind is); a screen of another coordinator is reached only by starting that coordinator, \
    and the message says so. A shared screen, decision or alert (r3) names shared ones only: \
    a name there that is none is a missing shared node, checked in each owner's copy and \
    reported once naming the owners, or once by itself when no coordinator shows the node. \
    The closest existing name is suggested. The finding is placed \
    at the name that is wrong (`Setings` in `push: Setings`, a handler's case, a type, an \
    entry of `lint: ignore`), except that a `finish` in a coordinator without a result is \
    wrong as a whole and is placed at `finish`. `select: C` shows the tab that starts C in \
    the nearest tab coordinator around the coordinator holding it (itself, or the one it \
    runs in through its parents): it is wrong only when, in no way that coordinator is \
    started, that tab coordinator has such a tab (a coordinator nobody starts is not \
    judged); the message names the tab coordinators found and suggests the closest tab. \
    (r3) `request: r` names a request of the coordinator holding it, and a handler in a \
    start's `on` names a result case or a request of the child. (r3) `show: C` shows C in \
    a column of the nearest split coordinator around its holder, after the holder's own \
    column: it is wrong only when, in every way the holder is started, the holder runs in \
    no split, is on a modal stack presented over the split, is in the last column, or the \
    `column` it names is not in the split or not after the holder's (a coordinator nobody \
    starts is not judged).
    """
  package static let examples: [RuleExample] = [
    .triggering(
      """
      version: 1
      coordinators:
        Chats:
          entry: true
          split: doubleColumn
          start: RoomList
          screens:
            RoomList:
              on:
                selected: { show: Room }
                other: { show: Other, column: ↓supplementary }
        Room:
          start: Timeline
          screens:
            Timeline: { on: { more: { ↓show: Other } } }
        Other:
          start: Page
          screens:
            Page: { on: { next: stay } }
      """),
    .passing(
      """
      version: 1
      coordinators:
        Mail:
          entry: true
          split: tripleColumn
          start: Boxes
          screens:
            Boxes: { on: { open: { show: Folder } } }
        Folder:
          start: Messages
          screens:
            Messages: { on: { read: { show: Message } } }
        Message:
          start: Body
          screens:
            Body: { on: { next: stay } }
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
                chats: { start: Chats, on: { showSettings: stay, ↓openExtrnal: stay } }
        Chats:
          requests: { showSettings: ~, openExternal: ~ }
          start: Rooms
          screens:
            Rooms:
              on:
                settings: { request: ↓showSetings }
                link: { request: openExternal }
      """),
    .passing(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home:
              on:
                chats: { start: Chats, on: { showSettings: stay, openExternal: stay } }
        Chats:
          requests: { showSettings: ~, openExternal: ~ }
          start: Rooms
          screens:
            Rooms:
              on:
                settings: { request: showSettings }
                link: { request: openExternal }
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
                settings: { push: ↓Setings }
                login: { push: ↓Login }
                profile: { payload: ↓Usr, start: ↓Profile }
        Auth:
          result: { done: ~ }
          start: Login
          screens:
            Login: { on: { next: { finish: done } } }
      """),
    .passing(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home:
              on:
                settings: { push: Settings }
                login: { start: Auth, on: { done: stay } }
            Settings: { on: { back: pop } }
        Auth:
          result: { done: ~ }
          start: Login
          screens:
            Login: { on: { next: { finish: done } } }
      """),
    .triggering(
      """
      version: 1
      coordinators:
        Main:
          entry: true
          tabs:
            - start: Shop
            - start: Account
        Shop:
          start: Catalog
          screens:
            Catalog:
              on:
                account: { select: ↓Acount }
                orders: { select: ↓Orders }
                open: { start: Orders, on: { done: stay } }
        Account:
          start: Profile
          screens:
            Profile: { on: { shop: { select: Shop } } }
        Orders:
          result: { done: ~ }
          start: List
          screens:
            List: { on: { close: { finish: done } } }
      """),
    .passing(
      """
      version: 1
      coordinators:
        Main:
          entry: true
          tabs:
            - start: Shop
            - start: Account
        Shop:
          start: Catalog
          screens:
            Catalog:
              on:
                account: { select: Account }
                open: { start: Orders, on: { done: stay } }
        Account:
          start: Profile
          screens:
            Profile: { on: { shop: { select: Shop } } }
        Orders:
          result: { done: ~ }
          start: List
          screens:
            List: { on: { close: { finish: done }, account: { select: Account } } }
      """),
  ]

  /// Resolves every reference of the definitions in `scope` with the module's hash tables:
  /// O(size of those definitions).
  package static func checkDefinitions(
    _ context: ResolvedModule, in scope: FileScope, into findings: inout Findings
  ) {
    let module = context.module
    var resolver = Resolver(
      module: module, graph: context.graph, scope: scope, cut: BackCheck.cutOff(in: context),
      sharedShown: module.shared.isEmpty ? [] : context.analysis.sharedNodesShown())
    resolver.run()
    findings.append(contentsOf: resolver.findings.all)
  }

  /// A `select` names a tab of the container the coordinator is shown in, which depends on
  /// who starts it: the graph's paths, not only the file (spec section 8).
  package static func checkBeyondDefinitions(
    _ context: ResolvedModule, into findings: inout Findings
  ) {
    SelectReferences(module: context.module, analysis: context.analysis).check(into: &findings)
    ShowReferences(module: context.module, analysis: context.analysis).check(into: &findings)
  }
}

/// The walk behind ``UnknownReferenceRule``.
private struct Resolver {
  let module: FlowModule
  var findings = Findings()

  let graph: FlowGraph
  /// The files whose definitions are checked.
  let scope: FileScope
  /// The elements of sequences that are not checked (r3): ``BackCheck/cutOff(in:)``.
  let cut: Set<ObjectIdentifier>
  /// (r3) The shared nodes some coordinator can show: their names are checked in the
  /// owners' copies; the others' here, once (``checkUnshownShared()``).
  let sharedShown: Set<Coordinator.Node>

  typealias Message = UnknownReferenceRule.Message

  init(
    module: FlowModule, graph: FlowGraph, scope: FileScope, cut: Set<ObjectIdentifier>,
    sharedShown: Set<Coordinator.Node>
  ) {
    self.module = module
    self.graph = graph
    self.scope = scope
    self.cut = cut
    self.sharedShown = sharedShown
  }

  mutating func run() {
    for type in module.types where scope.contains(type.name.range) {
      switch type.kind {
      case .structure(let fields):
        for item in fields {
          checkType(item.type, at: type.subject.appending(.field(item.name.text)))
        }
      case .enumeration(let cases):
        for item in cases {
          checkType(item.payload, at: type.subject.appending(.enumCase(item.name.text)))
        }
      case .external, .invalid: break
      }
    }
    for lint in module.fileLints where lint.ignore.first.map({ scope.contains($0.range) }) ?? false
    {
      checkLint(lint, of: .file)
    }
    for type in module.types where scope.contains(type.name.range) {
      checkLint(type.lint, of: type.subject)
    }
    for (index, coordinator) in module.coordinators.enumerated()
    where scope.contains(coordinator.range) {
      let owner = coordinator.subject
      checkType(coordinator.input, at: owner.appending(.key("input")))
      switch coordinator.result {
      case .inline(let cases, _):
        for item in cases {
          checkType(item.payload, at: owner.appending(.resultCase(item.name.text)))
        }
      case .named(let reference): checkType(reference, at: owner.appending(.key("result")))
      case nil: break
      }
      for request in coordinator.requests {
        checkType(request.payload, at: owner.appending(.request(request.name.text)))
      }
      let steps = graph.coordinators[index]
      switch (coordinator.root, steps.root) {
      case (.start(let target, _), .unresolved):
        if let reason = graph.targets.reasonOfStart(in: index) {
          reportStart(target, reason, in: index)
        }
      case (.tabs, .tabs(let tabs)):
        for (offset, tab) in tabs.enumerated() {
          guard let reason = graph.targets.reasonOfTab(offset, in: index) else { continue }
          let child = tab.start.start.coordinator
          reportChild(child, reason, at: owner.appending(.tab(child.text)))
        }
      default:
        break
      }
      if case .result(let leave) = coordinator.leave { checkLeave(leave, of: index) }
      checkLint(coordinator.lint, of: owner)
      // The places are worked out only for a finding (most references resolve), from the
      // names: a place that held the whole coordinator would copy it for every reference.
      let named = SymbolRef.Component.coordinator(coordinator.name.text)
      for written in coordinator.screens {
        let node = SymbolRef.Component.screen(written.name.text)
        checkType(written.input, at: SymbolRef([named, node, .key("input")]))
        checkLint(written.lint, of: SymbolRef([named, node]))
        for event in written.events {
          checkType(
            event.payload, at: SymbolRef([named, node, .event(event.name.text), .key("payload")]))
        }
      }
      for alert in coordinator.alerts {
        checkLint(alert.lint, of: SymbolRef([named, .alert(alert.name.text)]))
      }
      for decision in coordinator.decisions {
        let node = SymbolRef.Component.decision(decision.name.text)
        checkLint(decision.lint, of: SymbolRef([named, node]))
        for item in decision.cases {
          checkType(
            item.payload,
            at: SymbolRef([named, node, .decisionCase(item.name.text), .key("payload")]))
        }
      }
      for event in coordinator.events {
        checkType(
          event.payload, at: owner.appending([.externalEvent(event.name.text), .key("payload")]))
      }
      // The graph resolved every reference it could, and found why the others do not (none
      // in most modules).
      guard graph.targets.hasStepReasons else { continue }
      for node in 0...steps.nodeCount {
        for step in CoordinatorAnalysis.steps(of: node, in: steps)
        where cut.isEmpty || !cut.contains(ObjectIdentifier(step)) {
          let target = graph.targets.reason(of: step)
          let handled = graph.targets.reasonOfHandledCase(step)
          guard target != nil || handled != nil else { continue }
          let place = graph.subject(of: step, at: node, in: index)
          // (r3) A name in an owner's copy of a shared node can only be a shared one.
          let inShared = node < steps.nodeCount && coordinator.isCopy(steps.node(node))
          if let handled { checkHandledCase(step, handled, at: place) }
          if let target { checkAction(step, target, in: index, at: place, inShared: inShared) }
        }
      }
    }
    if !module.shared.isEmpty { checkUnshownShared() }
    for (index, link) in module.links.enumerated() where scope.contains(link.range) {
      checkLink(link, graph.links[index])
    }
  }

  // MARK: Links

  /// A link's `to`, `via`, `values` params, types and `lint` (spec section 12), its `to` and
  /// `via` as the graph resolved them.
  private mutating func checkLink(_ link: LinkDefinition, _ references: LinkReferences) {
    let subject = link.subject
    checkLint(link.lint, of: subject)
    for param in link.params {
      checkType(param.type, at: subject.appending(.param(param.name.text)))
    }
    let params = Set(link.params.map(\.name.text))
    let values = subject.appending(.key("values"))
    for value in link.values {
      checkType(value.type, at: values)
      for param in value.params where !params.contains(param.text) {
        let hint = Hint(param.text, in: link.params.map(\.name.text))
        report(
          .missingValueParam(
            param.text, of: subject, building: value.type.type, suggestion: hint.suggestion),
          hint, param, at: values)
      }
    }
    for (name, resolution) in zip(link.via, references.via) {
      checkCoordinator(name, resolution, at: subject.appending(.key("via")))
    }
    let to = subject.appending(.key("to"))
    // (r3) A relative link's `to:` names a shared screen.
    if let relative = link.relative, case .unresolved(let reason)? = references.shared {
      switch reason {
      case .wrongKind(let kind, _):
        report(
          .relativeLinkToNode(relative.text, kind: kind == .alert ? .alert : .decision),
          about: to.appending(.reference(relative.text)), at: relative.range)
      case .missing(let suggestion):
        let hint = Hint(relative.text, suggestion: suggestion)
        report(
          .missingSharedScreen(relative.text, suggestion: hint.suggestion), hint, relative, at: to)
      case .otherCoordinator:
        break
      }
    }
    guard let target = link.target, let owner = references.coordinator,
      checkCoordinator(target.coordinator, owner, at: to), let coordinator = owner.target,
      case .unresolved(let reason)? = references.screen
    else { return }
    let ownerName = module.coordinators[coordinator].name
    let name = target.screen.text
    let place = to.appending(.reference(name))
    switch reason {
    case .wrongKind(let kind, _):
      report(
        .linkToNode(name, kind: kind == .alert ? .alert : .decision, coordinator: ownerName.text),
        about: place, at: target.screen.range)
    case .missing(let suggestion):
      let hint = Hint(name, suggestion: suggestion)
      report(
        .missingNode(
          name, kind: .screen, coordinator: ownerName.text, suggestion: hint.suggestion),
        hint, target.screen, at: to)
    case .otherCoordinator:
      // `to:` names its coordinator: a screen of another is written with that one's name.
      break
    }
  }

  /// Reports `name`, resolved by the graph as `resolution`, unless it is a coordinator;
  /// whether it is one.
  @discardableResult
  private mutating func checkCoordinator(
    _ name: Identifier, _ resolution: Resolution<Int>, at place: SymbolRef
  ) -> Bool {
    guard case .unresolved(let reason) = resolution else { return true }
    guard module.isComplete else { return false }
    switch reason {
    case .missing(let suggestion):
      let hint = Hint(name.text, suggestion: suggestion)
      report(
        .missingCoordinator(name.text, suggestion: hint.suggestion, isType: false), hint, name,
        at: place)
    case .wrongKind(_, let suggestion):
      let hint = Hint(name.text, suggestion: suggestion)
      report(
        .missingCoordinator(name.text, suggestion: hint.suggestion, isType: true), hint, name,
        at: place)
    case .otherCoordinator:
      break
    }
    return false
  }

  // MARK: Actions

  // A finding about a name that does not resolve is placed at that name, the value of its
  // action (spec section 8): the underline falls on what is misspelt, not on `push`. One
  // about the action as a whole (a `finish` where there is no result) stays at the action.
  // The graph found why each name does not resolve (`FlowGraph.targets`); this says it.

  /// The action of `step`, whose target the graph resolved to nothing for `reason`.
  private mutating func checkAction(
    _ step: Step, _ reason: UnresolvedReason, in coordinator: Int, at place: SymbolRef,
    inShared: Bool
  ) {
    let action = step.written
    switch action.kind {
    case .push(let target), .present(let target, _), .replace(let target):
      reportNode(target, reason, expected: .screen, in: coordinator, at: place, inShared: inShared)
    case .decide(let target):
      reportNode(
        target, reason, expected: .decision, in: coordinator, at: place, inShared: inShared)
    case .alert(let target):
      reportNode(target, reason, expected: .alert, in: coordinator, at: place, inShared: inShared)
    case .select(let target):
      reportChild(target, reason, at: place)
    case .start(let child):
      reportChild(child.coordinator, reason, at: place)
    case .finish(let resultCase):
      let owner = module.coordinators[coordinator]
      guard owner.result != nil else {
        // No case would do: the action, not its value, is what is wrong.
        report(
          .finishWithoutResult(owner.name.text, resultCase: resultCase.text), about: place,
          at: action.range)
        return
      }
      reportResultCase(resultCase, reason, of: owner, at: place)
    case .request(let request):
      guard case .missing(let suggestion) = reason else { return }
      let owner = module.coordinators[coordinator].name.text
      let hint = Hint(request.text, suggestion: suggestion)
      report(
        .missingRequest(request.text, coordinator: owner, suggestion: hint.suggestion), hint,
        request, at: place)
    case .pop, .popToRoot, .dismiss, .stay, .invalid, .sequence:
      break  // a sequence's elements are steps of their own
    }
  }

  private typealias NodeKind = UnknownReferenceRule.Message.NodeKind

  /// A screen, decision or alert `expected` that `target` names none of, for `reason`;
  /// `inShared` when `target` is written in a shared node (r3), which names shared nodes
  /// only: then a missing name is no coordinator's.
  private mutating func reportNode(
    _ target: Identifier, _ reason: UnresolvedReason, expected: NodeKind, in coordinator: Int,
    at place: SymbolRef, inShared: Bool
  ) {
    let owner = module.coordinators[coordinator].name.text
    let name = target.text
    let subject = place.appending(.reference(name))
    if inShared {
      switch reason {
      case .missing:
        reportMissingShared(target, expected: expected, at: place)
        return
      case .wrongKind(let kind, _) where kind != .coordinator:
        guard let found = NodeKind(rawValue: kind.rawValue) else { return }
        report(
          .wrongKindOfSharedNode(name, found: found, expected: expected), about: subject,
          at: target.range)
        return
      default:
        break
      }
    }
    switch reason {
    case .wrongKind(.coordinator, _):
      report(.coordinatorNotNode(name, expected: expected), about: subject, at: target.range)
    case .wrongKind(let kind, _):
      guard let found = NodeKind(rawValue: kind.rawValue) else { return }
      report(
        .wrongKindOfNode(name, found: found, expected: expected, coordinator: owner),
        about: subject, at: target.range)
    case .otherCoordinator(let other):
      report(
        .nodeOfOtherCoordinator(
          name, kind: expected, owner: module.coordinators[other].name.text, coordinator: owner),
        about: subject, at: target.range)
    case .missing(let suggestion):
      let hint = Hint(name, suggestion: suggestion)
      report(
        .missingNode(name, kind: expected, coordinator: owner, suggestion: hint.suggestion),
        hint, target, at: place)
    }
  }

  // MARK: Shared nodes no coordinator shows (r3)

  /// A name in a shared node that is no shared node of kind `expected`: shared nodes name
  /// shared nodes only (spec section 13.2), so the hint is the closest shared one.
  private mutating func reportMissingShared(
    _ target: Identifier, expected: NodeKind, at place: SymbolRef
  ) {
    let shared = module.shared
    let names: [Identifier] =
      switch expected {
      case .screen: shared.screens.map(\.name)
      case .decision: shared.decisions.map(\.name)
      case .alert: shared.alerts.map(\.name)
      }
    let hint = Hint(target.text, in: names.map(\.text))
    report(
      .missingSharedNode(target.text, kind: expected, suggestion: hint.suggestion), hint, target,
      at: place)
  }

  /// The names in the shared nodes that no coordinator can show, which no owner's copy
  /// checks: each once, at the shared node. O(their actions).
  private mutating func checkUnshownShared() {
    let shared = module.shared
    for node in shared.allNodes where !sharedShown.contains(node) {
      guard scope.contains(shared.range(of: node)) else { continue }
      let subject = shared.subject(of: node)
      switch node {
      case .screen(let index):
        let screen = shared.screens[index]
        guard !screen.isBroken else { continue }
        checkType(screen.input, at: subject.appending(.key("input")))
        checkLint(screen.lint, of: subject)
        for event in screen.events {
          let place = subject.appending(.event(event.name.text))
          checkType(event.payload, at: place.appending(.key("payload")))
          checkUnshown(event.action, at: place)
        }
      case .decision(let index):
        let decision = shared.decisions[index]
        guard !decision.isBroken else { continue }
        checkLint(decision.lint, of: subject)
        for item in decision.cases {
          let place = subject.appending(.decisionCase(item.name.text))
          checkType(item.payload, at: place.appending(.key("payload")))
          checkUnshown(item.action, at: place)
        }
      case .alert(let index):
        let alert = shared.alerts[index]
        guard !alert.isBroken else { continue }
        checkType(alert.input, at: subject.appending(.key("input")))
        checkLint(alert.lint, of: subject)
        for button in alert.buttons {
          checkUnshown(button.action, at: subject.appending(.button(button.name.text)))
        }
      }
    }
  }

  /// The names of `action` (each element of a sequence), written in a shared node no
  /// coordinator shows, at `place`.
  private mutating func checkUnshown(_ action: Action, at place: SymbolRef) {
    let elements = action.elements
    for (position, element) in elements.enumerated() {
      let at = elements.count > 1 ? place.appending(.element(position)) : place
      switch element.kind {
      case .push(let target), .present(let target, _), .replace(let target):
        checkUnshownNode(target, expected: .screen, at: at)
      case .decide(let target):
        checkUnshownNode(target, expected: .decision, at: at)
      case .alert(let target):
        checkUnshownNode(target, expected: .alert, at: at)
      case .start(let start):
        let name = start.coordinator
        guard let child = module.coordinator(named: name.text) else {
          checkUnshownCoordinator(name, at: at)
          continue
        }
        let cases = module.resultCases(of: child)
        let requests = child.requests.map(\.name.text)
        for handler in start.handlers where !requests.contains(handler.name.text) {
          let handled = at.appending(.handler(handler.name.text))
          if let cases, !cases.contains(where: { $0.name.text == handler.name.text }) {
            let hint = Hint(handler.name.text, in: cases.map(\.name.text) + requests)
            report(
              requests.isEmpty
                ? .missingHandledCase(
                  handler.name.text, child: name.text, suggestion: hint.suggestion)
                : .missingHandledName(
                  handler.name.text, child: name.text, suggestion: hint.suggestion),
              hint, handler.name, at: handled, naming: false)
          } else if cases == nil, !requests.isEmpty, child.result == nil {
            let hint = Hint(handler.name.text, in: requests)
            report(
              .missingHandledName(handler.name.text, child: name.text, suggestion: hint.suggestion),
              hint, handler.name, at: handled, naming: false)
          } else if cases == nil {
            report(
              .handlerWithoutResult(name.text, resultCase: handler.name.text), about: handled,
              at: handler.name.range)
          }
          checkType(handler.payload, at: handled.appending(.key("payload")))
          checkUnshown(handler.action, at: handled)
        }
      case .select(let target):
        if module.coordinator(named: target.text) == nil { checkUnshownCoordinator(target, at: at) }
      case .finish, .request, .pop, .popToRoot, .dismiss, .stay, .invalid, .sequence:
        break  // `finish` and `request` in a shared node are `schema` findings of the decoder's
      }
    }
  }

  /// A node name in a shared node no coordinator shows: a shared node of kind `expected`, or
  /// a coordinator's own node (which the front end reports), or nothing.
  private mutating func checkUnshownNode(
    _ target: Identifier, expected: NodeKind, at place: SymbolRef
  ) {
    let name = target.text
    if let found = module.sharedNode(named: name) {
      let kind: NodeKind =
        switch found {
        case .screen: .screen
        case .decision: .decision
        case .alert: .alert
        }
      guard kind != expected else { return }
      report(
        .wrongKindOfSharedNode(name, found: kind, expected: expected),
        about: place.appending(.reference(name)), at: target.range)
      return
    }
    if module.coordinator(named: name) != nil {
      report(
        .coordinatorNotNode(name, expected: expected), about: place.appending(.reference(name)),
        at: target.range)
      return
    }
    // A coordinator's own node: the front end's `schema` finding says it is not allowed.
    for index in module.coordinators.indices where module.node(named: name, in: index) != nil {
      return
    }
    reportMissingShared(target, expected: expected, at: place)
  }

  /// A coordinator name (`start`, `select`) in a shared node no coordinator shows that
  /// names no coordinator; reported only in a complete module.
  private mutating func checkUnshownCoordinator(_ name: Identifier, at place: SymbolRef) {
    guard module.isComplete else { return }
    let hint = Hint(name.text, in: module.coordinators.map(\.name.text))
    report(
      .missingCoordinator(name.text, suggestion: hint.suggestion, isType: false), hint, name,
      at: place)
  }

  /// A coordinator's `start`, which names none of its screens or decisions for `reason`.
  private mutating func reportStart(
    _ target: Identifier, _ reason: UnresolvedReason, in coordinator: Int
  ) {
    let range = target.range
    let owner = module.coordinators[coordinator]
    let name = target.text
    let place = owner.subject(ofKey: "start")
    let subject = place.appending(.reference(name))
    switch reason {
    case .wrongKind(.coordinator, _):
      report(.startAtCoordinator(name), about: subject, at: range)
    case .wrongKind:
      report(.startAtAlert(name), about: subject, at: range)
    case .otherCoordinator(let other):
      report(
        .startAtOtherCoordinator(name, owner: module.coordinators[other].name.text),
        about: subject, at: range)
    case .missing(let suggestion):
      let hint = Hint(name, suggestion: suggestion)
      report(
        .missingStart(name, coordinator: owner.name.text, suggestion: hint.suggestion), hint,
        target, at: place)
    }
  }

  /// A child (started, selected or a tab's) that names no coordinator, for `reason`; a
  /// missing one only in a complete module.
  private mutating func reportChild(
    _ child: Identifier, _ reason: UnresolvedReason, at place: SymbolRef
  ) {
    let name = child.text
    switch reason {
    case .wrongKind(let kind, _):
      guard let found = NodeKind(rawValue: kind.rawValue) else { return }
      report(
        .nodeNotCoordinator(name, kind: found), about: place.appending(.reference(name)),
        at: child.range)
    case .missing(let suggestion):
      guard module.isComplete else { return }
      let hint = Hint(name, suggestion: suggestion)
      report(
        .missingCoordinator(name, suggestion: hint.suggestion, isType: false), hint, child,
        at: place)
    case .otherCoordinator:
      break
    }
  }

  /// A result case of `owner` (which has a result) that it does not have (`finish`, `leave`).
  private mutating func reportResultCase(
    _ resultCase: Identifier, _ reason: UnresolvedReason, of owner: Coordinator,
    at place: SymbolRef
  ) {
    guard case .missing(let suggestion) = reason else { return }
    let hint = Hint(resultCase.text, suggestion: suggestion)
    report(
      .missingResultCase(
        resultCase.text, coordinator: owner.name.text, suggestion: hint.suggestion),
      hint, resultCase, at: place)
  }

  /// `leave: c` names a result case of its own coordinator (r2).
  private mutating func checkLeave(_ resultCase: Identifier, of coordinator: Int) {
    guard let reason = graph.targets.reasonOfLeave(in: coordinator) else { return }
    let owner = module.coordinators[coordinator]
    let place = owner.subject(ofKey: "leave")
    guard owner.result != nil else {
      report(
        .leaveWithoutResult(owner.name.text, resultCase: resultCase.text),
        about: place.appending(.reference(resultCase.text)), at: resultCase.range)
      return
    }
    reportResultCase(resultCase, reason, of: owner, at: place)
  }

  /// A handler `step` of a child's result (at `place`) whose case is none of the child's, for
  /// `reason`.
  private mutating func checkHandledCase(
    _ step: Step, _ reason: UnresolvedReason, at place: SymbolRef
  ) {
    guard let start = step.handlerOf.last, let index = start.child,
      case .missing(let suggestion) = reason
    else { return }
    let child = start.start.coordinator.text
    let handled = step.transition.name
    let started = module.coordinators[index]
    guard started.result != nil || !started.requests.isEmpty else {
      report(
        .handlerWithoutResult(child, resultCase: handled.text), about: place, at: handled.range)
      return
    }
    let hint = Hint(handled.text, suggestion: suggestion)
    // Revision 2's words where the child has no requests (r3): its findings read as before.
    report(
      started.requests.isEmpty
        ? .missingHandledCase(handled.text, child: child, suggestion: hint.suggestion)
        : .missingHandledName(handled.text, child: child, suggestion: hint.suggestion), hint,
      handled, at: place, naming: false)
  }

  // MARK: Types and rules

  /// Reports each name of `reference` that the graph resolved to no type, with its reason.
  /// `place` is worked out only for a finding.
  private mutating func checkType(
    _ reference: TypeReference?, at place: @autoclosure () -> SymbolRef
  ) {
    guard let reference,
      !reference.allNameTexts(satisfy: { graph.types.reason(of: $0) == nil })
    else { return }
    for name in reference.names {
      guard let reason = graph.types.reason(of: name.text) else { continue }
      switch reason {
      case .wrongKind:
        report(
          .coordinatorNotType(name.text), about: place().appending(.reference(name.text)),
          at: name.range)
      case .missing(let suggestion):
        guard module.isComplete else { continue }
        let hint = Hint(name.text, suggestion: suggestion)
        report(.missingType(name.text, suggestion: hint.suggestion), hint, name, at: place())
      case .otherCoordinator:
        // Types are the module's, not a coordinator's.
        continue
      }
    }
  }

  /// The `lint: ignore` entries of `owner` (the file, when `.file`), worked out only when
  /// there are some.
  private mutating func checkLint(_ lint: Lint?, of owner: @autoclosure () -> SymbolRef) {
    guard let lint else { return }
    let known = RuleRegistry.ids.map(\.rawValue)
    let place = owner().appending(.key("lint"))
    for entry in lint.ignore where !known.contains(entry.text) {
      let hint = Hint(entry.text, in: known)
      report(.unknownRule(entry.text, suggestion: hint.suggestion), hint, entry, at: place)
    }
  }

  // MARK: Helpers

  private mutating func report(_ message: Message, about subject: SymbolRef, at range: SourceRange)
  {
    findings.add(message, about: subject, at: range)
  }

  /// `message` about the name `written` at `place` (the name joins the place, unless
  /// `naming` is false: a handler is named by the case it handles), with the hint's
  /// suggestion and, when it is the only closest name, its fix.
  private mutating func report(
    _ message: Message, _ hint: Hint, _ written: Identifier, at place: SymbolRef,
    naming: Bool = true
  ) {
    findings.add(
      message, about: naming ? place.appending(.reference(written.text)) : place,
      at: written.range, suggestion: hint.suggestion,
      fixIts: hint.fix(for: written).map { [$0] } ?? [])
  }
}

/// The closest name to one that resolves to nothing, and whether no other is as close.
struct Hint {
  /// The closest candidate, if one is close enough.
  var suggestion: String?
  /// Whether no other candidate is as close: then writing it is the fix.
  var isUnique = false

  init(_ name: String, in candidates: some Sequence<String>) {
    self.init(name, suggestion: NameSuggestion(closestTo: name, in: candidates))
  }

  /// The hint of `suggestion`, the closest name to `name` the graph found.
  init(_ name: String, suggestion: NameSuggestion?) {
    self.suggestion = suggestion?.name
    isUnique = suggestion?.isUnique ?? false
  }

  /// The fix that writes the suggestion in place of `written`, when it is the only one.
  func fix(for written: Identifier) -> FixIt? {
    guard isUnique, let suggestion else { return nil }
    return .replace(written.text, at: written.range, with: suggestion)
  }
}
extension UnknownReferenceRule {
  /// What the rule says.
  package enum Message: RuleMessage {
    package typealias ReportingRule = UnknownReferenceRule

    /// A screen, decision or alert.
    package enum NodeKind: String, Hashable, Sendable {
      case screen, decision, alert

      /// `a screen`, `an alert`.
      var withArticle: String { self == .alert ? "an alert" : "a \(rawValue)" }

      /// The action that leads to a node of this kind.
      var action: String {
        switch self {
        case .screen: "push"
        case .decision: "decide"
        case .alert: "alert"
        }
      }
    }

    /// A screen, decision or alert that the coordinator does not have.
    case missingNode(String, kind: NodeKind, coordinator: String, suggestion: String?)
    /// A node of another kind than the action needs.
    case wrongKindOfNode(String, found: NodeKind, expected: NodeKind, coordinator: String)
    /// A coordinator named where a node is needed.
    case coordinatorNotNode(String, expected: NodeKind)
    /// A node of another coordinator.
    case nodeOfOtherCoordinator(String, kind: NodeKind, owner: String, coordinator: String)
    /// A coordinator that does not exist (and, when `isType`, a type of that name does).
    case missingCoordinator(String, suggestion: String?, isType: Bool)
    /// A node named where a coordinator is needed.
    case nodeNotCoordinator(String, kind: NodeKind)
    /// A coordinator's `start` that is an alert.
    case startAtAlert(String)
    /// A coordinator's `start` that is a coordinator.
    case startAtCoordinator(String)
    /// A coordinator's `start` that is a node of another coordinator.
    case startAtOtherCoordinator(String, owner: String)
    /// A coordinator's `start` that names nothing of it.
    case missingStart(String, coordinator: String, suggestion: String?)
    /// A `finish` in a coordinator without a result.
    case finishWithoutResult(String, resultCase: String)
    /// A `leave` of a coordinator without a result.
    case leaveWithoutResult(String, resultCase: String)
    /// A result case the coordinator does not have (`finish`, `leave`).
    case missingResultCase(String, coordinator: String, suggestion: String?)
    /// A handler of a case of a child that has no result.
    case handlerWithoutResult(String, resultCase: String)
    /// A handler of a case the child does not have.
    case missingHandledCase(String, child: String, suggestion: String?)
    /// (r3) A handler of a name that is none of the child's result cases nor requests, for a
    /// child that has requests.
    case missingHandledName(String, child: String, suggestion: String?)
    /// (r3) A `request` naming no request of the coordinator that holds it.
    case missingRequest(String, coordinator: String, suggestion: String?)
    /// A coordinator named where a type is needed.
    case coordinatorNotType(String)
    /// A type that does not exist.
    case missingType(String, suggestion: String?)
    /// A rule id of `lint: ignore` that names no rule.
    case unknownRule(String, suggestion: String?)
    /// A link's `to` that names a decision or an alert.
    case linkToNode(String, kind: NodeKind, coordinator: String)
    /// (r3) A relative link's `to` that names no shared screen.
    case missingSharedScreen(String, suggestion: String?)
    /// (r3) A name in a shared node's action that is no shared node.
    case missingSharedNode(String, kind: NodeKind, suggestion: String?)
    /// (r3) A shared node of another kind than a shared node's action needs.
    case wrongKindOfSharedNode(String, found: NodeKind, expected: NodeKind)
    /// (r3) A relative link's `to` that names a shared decision or alert.
    case relativeLinkToNode(String, kind: NodeKind)
    /// A link's `values` entry built from a param the link does not have.
    case missingValueParam(String, of: SymbolRef, building: TypeExpression, suggestion: String?)
    /// A `select` in a coordinator that runs in no tab coordinator.
    case selectOutsideTabs(holder: String, selected: String)
    /// (r3) A `show` in a coordinator that runs in no split coordinator (spec 13.4).
    case showOutsideSplit(holder: String, shown: String)
    /// (r3) A `show` in a coordinator whose screens are on a modal stack over the split.
    case showOverSplit(holder: String, shown: String, split: String)
    /// (r3) A `show` whose `column` the split coordinator does not have.
    case missingColumn(SplitColumn, split: String, layout: SplitLayout)
    /// (r3) A `show` with no column after the holder's, or naming one that is not after it.
    case noColumnAfter(
      holder: String, shown: String, column: SplitColumn, named: SplitColumn?, split: String)
    /// A `select` of a coordinator that no tab around the holder starts.
    case noTabStarts(
      selected: String, tabCoordinators: [String], holder: String?, suggestion: String?,
      tabs: [String])

    package var name: String {
      switch self {
      case .missingNode: "missing-node"
      case .wrongKindOfNode: "wrong-kind-of-node"
      case .coordinatorNotNode: "coordinator-not-node"
      case .nodeOfOtherCoordinator: "node-of-other-coordinator"
      case .missingCoordinator: "missing-coordinator"
      case .nodeNotCoordinator: "node-not-coordinator"
      case .startAtAlert: "start-at-alert"
      case .startAtCoordinator: "start-at-coordinator"
      case .startAtOtherCoordinator: "start-at-other-coordinator"
      case .missingStart: "missing-start"
      case .finishWithoutResult: "finish-without-result"
      case .leaveWithoutResult: "leave-without-result"
      case .missingResultCase: "missing-result-case"
      case .handlerWithoutResult: "handler-without-result"
      case .missingHandledCase: "missing-handled-case"
      case .missingHandledName: "missing-handled-name"
      case .missingRequest: "missing-request"
      case .coordinatorNotType: "coordinator-not-type"
      case .missingType: "missing-type"
      case .unknownRule: "unknown-rule"
      case .linkToNode: "link-to-node"
      case .missingSharedScreen: "missing-shared-screen"
      case .missingSharedNode: "missing-shared-node"
      case .wrongKindOfSharedNode: "wrong-kind-of-shared-node"
      case .relativeLinkToNode: "relative-link-to-node"
      case .missingValueParam: "missing-value-param"
      case .selectOutsideTabs: "select-outside-tabs"
      case .noTabStarts: "no-tab-starts"
      case .showOutsideSplit: "show-outside-split"
      case .showOverSplit: "show-over-split"
      case .missingColumn: "missing-column"
      case .noColumnAfter: "no-column-after"
      }
    }

    /// `; did you mean 'x'?`, or nothing.
    private static func hint(_ suggestion: String?) -> String {
      suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }

    private static let startRule = "a coordinator starts at one of its own screens or decisions"

    /// The name it suggests, if any.
    var suggestion: String? {
      switch self {
      case .missingNode(_, _, _, let suggestion), .missingCoordinator(_, let suggestion, _),
        .missingStart(_, _, let suggestion), .missingResultCase(_, _, let suggestion),
        .missingHandledCase(_, _, let suggestion), .missingType(_, let suggestion),
        .missingHandledName(_, _, let suggestion), .missingRequest(_, _, let suggestion),
        .unknownRule(_, let suggestion), .missingValueParam(_, _, _, let suggestion),
        .noTabStarts(_, _, _, let suggestion, _), .missingSharedScreen(_, let suggestion),
        .missingSharedNode(_, _, let suggestion):
        suggestion
      default:
        nil
      }
    }

    package var english: MessageText {
      switch self {
      case .missingNode(let name, let kind, let coordinator, let suggestion):
        // The coordinator as a definition: the same name missing in the owners' copies of a
        // shared screen (r3) is one finding, naming them.
        return "\(kind.rawValue) '\(name)' does not exist in "
          + "\(definition: .coordinator(coordinator))\(Self.hint(suggestion))"
      case .wrongKindOfNode(let name, let found, let expected, let coordinator):
        return "'\(name)' is \(found.withArticle) of coordinator '\(coordinator)', not "
          + "\(expected.withArticle); use '\(found.action): \(name)'"
      case .coordinatorNotNode(let name, let expected):
        return "'\(name)' is a coordinator, not a \(expected.rawValue); use 'start: \(name)'"
      case .nodeOfOtherCoordinator(let name, let kind, let owner, let coordinator):
        return "\(kind.rawValue) '\(name)' belongs to coordinator '\(owner)', not "
          + "'\(coordinator)'; reach it by starting '\(owner)'"
      case .missingCoordinator(let name, let suggestion, let isType):
        let type = isType ? "; '\(name)' is a type" : ""
        return "coordinator '\(name)' does not exist\(Self.hint(suggestion))\(type)"
      case .nodeNotCoordinator(let name, let kind):
        return "'\(name)' is \(kind.withArticle), not a coordinator; use '\(kind.action): \(name)'"
      case .startAtAlert(let name):
        return "'\(name)' is an alert; \(Self.startRule)"
      case .startAtCoordinator(let name):
        return "'\(name)' is a coordinator; \(Self.startRule)"
      case .startAtOtherCoordinator(let name, let owner):
        return "'\(name)' belongs to coordinator '\(owner)'; \(Self.startRule)"
      case .missingStart(let name, let coordinator, let suggestion):
        return "start '\(name)' is not a screen or decision of coordinator '\(coordinator)'"
          + "\(Self.hint(suggestion))"
      case .finishWithoutResult(let coordinator, let resultCase):
        return "coordinator '\(coordinator)' has no result to finish with; declare it, such as "
          + "'result: { \(resultCase): ~ }'"
      case .leaveWithoutResult(let coordinator, let resultCase):
        return "coordinator '\(coordinator)' has no result to leave with; declare one, such as "
          + "'result: { \(resultCase): ~ }', or write 'leave: ~' to be dropped"
      case .missingResultCase(let resultCase, let coordinator, let suggestion):
        return "result case '\(resultCase)' does not exist in coordinator '\(coordinator)'"
          + "\(Self.hint(suggestion))"
      case .handlerWithoutResult(let child, let resultCase):
        return "coordinator '\(child)' has no result, so there is no case '\(resultCase)' to "
          + "handle"
      case .missingHandledCase(let resultCase, let child, let suggestion):
        return "coordinator '\(child)' has no result case '\(resultCase)'\(Self.hint(suggestion))"
      case .missingHandledName(let name, let child, let suggestion):
        return "coordinator '\(child)' has no result case or request '\(name)'"
          + "\(Self.hint(suggestion))"
      case .missingRequest(let request, let coordinator, let suggestion):
        let requests = "request '\(request)' does not exist in coordinator '\(coordinator)'"
        guard suggestion == nil else { return "\(requests)\(Self.hint(suggestion))" }
        return "\(requests); declare it in its 'requests', such as "
          + "'requests: { \(request): ~ }'"
      case .coordinatorNotType(let name):
        return "'\(name)' is a coordinator, not a type"
      case .missingType(let name, let suggestion):
        return "unknown type '\(name)'\(Self.hint(suggestion))"
      case .unknownRule(let name, let suggestion):
        return "unknown rule '\(name)' in 'lint: ignore'\(Self.hint(suggestion))"
      case .missingSharedScreen(let name, let suggestion):
        return "shared screen '\(name)' does not exist (a link's 'to' without 'Coordinator.' "
          + "names a shared screen)\(Self.hint(suggestion))"
      case .missingSharedNode(let name, let kind, let suggestion):
        return "shared \(kind.rawValue) '\(name)' does not exist\(Self.hint(suggestion))"
      case .wrongKindOfSharedNode(let name, let found, let expected):
        return "'\(name)' is a shared \(found.rawValue), not \(expected.withArticle); use "
          + "'\(found.action): \(name)'"
      case .relativeLinkToNode(let name, let kind):
        return "'\(name)' is a shared \(kind.rawValue), not a screen: a link opens a screen"
      case .linkToNode(let name, let kind, let coordinator):
        return "'\(name)' is \(kind.withArticle) of coordinator '\(coordinator)', not a screen; a "
          + "link opens a screen"
      case .missingValueParam(let param, let link, let type, let suggestion):
        return "\(definition: link) has no param '\(param)' to build '\(type)' from"
          + "\(Self.hint(suggestion))"
      case .selectOutsideTabs(let holder, let selected):
        return "coordinator '\(holder)' runs in no tab coordinator, in any way it is started, so "
          + "'select: \(selected)' has no tab to show; select a tab from a coordinator that runs "
          + "in one"
      case .noTabStarts(let selected, let tabCoordinators, let holder, let suggestion, let tabs):
        let names = tabCoordinators.map { "'\($0)'" }
        var text = "no tab of \(names.joined(separator: " or ")) starts coordinator '\(selected)'"
        if let holder {
          text +=
            names.count == 1
            ? ", the nearest tab coordinator around '\(holder)'"
            : ", the nearest tab coordinators around '\(holder)'"
        }
        if let suggestion { return "\(text)\(Self.hint(suggestion))" }
        guard !tabs.isEmpty else { return "\(text)" }
        let shown = tabs.prefix(5).map { "'\($0)'" }
        return "\(text); the tabs start \(shown.joined(separator: ", "))"
          + (tabs.count > shown.count ? ", …" : "")
      case .showOutsideSplit(let holder, let shown):
        return "coordinator '\(holder)' runs in no split coordinator, in any way it is started, so "
          + "'show: \(shown)' has no column to show it in; use 'start: \(shown)' outside a split"
      case .showOverSplit(let holder, let shown, let split):
        return "'show: \(shown)' acts on a modal stack presented over split coordinator "
          + "'\(split)', where '\(holder)' has no column; show it from a screen in a column, or "
          + "start it modally"
      case .missingColumn(let column, let split, let layout):
        return "split coordinator '\(split)' is '\(layout.rawValue)' and has no "
          + "\(column.word) column; use 'secondary'"
      case .noColumnAfter(let holder, let shown, let column, let named, let split):
        let holderPlace =
          "'\(holder)' is in the \(column.word) column of split coordinator '\(split)'"
        guard let named else {
          return "\(holderPlace), and no column comes after it to show '\(shown)' in"
        }
        return "\(holderPlace), and the \(named.word) column does not come after it: a "
          + "'show' shows its child in a later column"
      }
    }
  }
}
