/// Payloads that are missing or of the wrong type (spec section 7).
package enum TypeMismatchRule: DefinitionRule {
  package static let id: RuleID = "type-mismatch"
  package static let severity = Severity.error
  package static let blocksGeneration = true
  package static let drawing = FindingDrawing.problem
  package static let summary = "A payload missing or of the wrong type."
  package static let rationale = """
    A screen or alert with `input`, a `finish` case with a payload and a coordinator with \
    `input` each need a payload of exactly that type; `T` may flow into `T?`. The payload an \
    action has is its event's, decision case's or alert button's `payload`, the handled result case's in a child \
    handler, and the coordinator's `input` for its `start` node and its tabs. A payload the \
    target does not need is dropped. `result:` naming a type that is not an enum is also a \
    mismatch.
    """
  package static let examples: [RuleExample] = [
    .triggering(
      """
      version: 1
      types:
        Item: { struct: { id: Int } }
      coordinators:
        Shop:
          entry: true
          start: List
          screens:
            List:
              on:
                select: { payload: Int, ↓push: Detail }
                open: { ↓push: Detail }
                remove: { ↓alert: ConfirmRemove }
            Detail: { input: Item, on: { back: pop } }
          alerts:
            ConfirmRemove: { input: Item, on: { remove: stay, keep: stay } }
      """),
    .passing(
      """
      version: 1
      types:
        Item: { struct: { id: Int } }
      coordinators:
        Shop:
          entry: true
          start: List
          screens:
            List:
              on:
                select: { payload: Item, push: Detail }
                search: { payload: String, push: Search }
                open: { payload: Item, push: List }
                remove: { payload: Item, alert: ConfirmRemove }
            Detail: { input: Item, on: { back: pop } }
            Search: { input: String?, on: { back: pop } }
          alerts:
            ConfirmRemove:
              input: Item
              on: { remove: { payload: Item, push: Detail }, keep: stay }
      """),
  ]

  /// Checks every resolved step's payload of the definitions in `scope` against its
  /// target's need, with the targets the graph already resolved: O(size of the module).
  package static func checkDefinitions(
    _ context: ResolvedModule, in scope: FileScope, into findings: inout Findings
  ) {
    let module = context.module
    let types = TypeKnowledge(module: module)
    // The elements after a sequence's back element that `invalid-back` reports (r3).
    let cut = BackCheck.cutOff(in: context)
    for (index, graph) in context.graph.coordinators.enumerated()
    where scope.contains(module.coordinators[index].range) {
      let coordinator = module.coordinators[index]
      if case .named(let reference) = coordinator.result, types.isKnown(reference) {
        checkResultType(reference, of: coordinator, module: module, into: &findings)
      }
      if case .result(let leave) = coordinator.leave, let found = graph.resultCases[leave.text],
        let payload = graph.results[found].payload
      {
        // Leaving carries nothing: the user's back or swipe has no value to give (r2).
        findings.add(
          self,
          "'leave' of coordinator '\(coordinator.name)' names case '\(leave)', which has a "
            + "payload ('\(payload.type)'); the user's back or swipe has no value to give it: "
            + "name a case without a payload, or write 'leave: ~'", at: leave.range)
      }
      let input = coordinator.input
      let source = Source.input(of: coordinator)
      switch (coordinator.root, graph.root) {
      case (.start(let target, let keyRange), .node(let node)) where graph.isScreen(node):
        types.check(
          input, source: source, need: coordinator.screens[node].input,
          target: "screen '\(target)'", at: keyRange, into: &findings)
      case (.tabs, .tabs(let tabs)):
        for tab in tabs {
          guard let child = tab.start.child else { continue }
          types.check(
            input, source: source, need: module.coordinators[child].input,
            target: "coordinator '\(tab.tab.child.coordinator)'", at: tab.tab.range,
            into: &findings)
        }
      default:
        break
      }
      for node in 0...graph.nodeCount {
        for step in CoordinatorAnalysis.steps(of: node, in: graph)
        where cut.isEmpty || !cut.contains(ObjectIdentifier(step)) {
          let need: TypeReference?
          let target: () -> String
          switch step.action {
          case .push(let screen), .present(let screen), .replace(let screen):
            need = coordinator.screens[screen].input
            target = { "screen '\(coordinator.screens[screen].name)'" }
          case .alert(let alert):
            let shown = coordinator.alerts[alert - graph.alertStart]
            need = shown.input
            target = { "alert '\(shown.name)'" }
          case .finish(let resultCase):
            need = graph.results[resultCase].payload
            target = { "result case '\(step.written.finishedCase)'" }
          case .start(let child):
            guard let child = child.child else { continue }
            need = module.coordinators[child].input
            target = { "coordinator '\(module.coordinators[child].name)'" }
          default:
            continue
          }
          guard need != nil else { continue }
          // A handler's payload is the handled case's; an unknown case has none to judge.
          if !step.handlerOf.isEmpty, step.handledCase == nil { continue }
          let given = context.graph.payload(of: step)
          types.check(
            given, source: .step(step, node: node, of: coordinator), need: need,
            target: target(), at: step.written.range, into: &findings)
        }
      }
    }
    for link in module.links where scope.contains(link.range) {
      checkLink(link, types: types, into: &findings)
    }
  }

  /// A link's params have the types a URL can give, optional only in a query, and its
  /// `values` build types no param has (spec section 12).
  private static func checkLink(
    _ link: LinkDefinition, types: TypeKnowledge, into findings: inout Findings
  ) {
    let allowed = "String, Int, Double, Bool, UUID or URL"
    // The well-typed params, by type: a param reported here does not count for `values`, so
    // one mistake gets one finding.
    var paramOfType: [TypeExpression: LinkParam] = [:]
    for param in link.params where types.isKnown(param.type) {
      let type = param.type.type
      switch type {
      case .named(let name) where LinkParam.allowedTypes.contains(name):
        break
      case .optional(.named(let name)) where LinkParam.allowedTypes.contains(name):
        if let url = link.url, !url.isQueryParam(param.name.text) {
          findings.add(
            self,
            "param '\(param.name)' of link '\(link.name)' is a path segment and cannot be "
              + "optional ('\(type)'); only a query parameter may be", at: param.type.range)
          continue
        }
      default:
        findings.add(
          self,
          "param '\(param.name)' of link '\(link.name)' has type '\(type)'; a link param is "
            + "\(allowed), or one of these optional in a query; build other types from params "
            + "with 'values'", at: param.type.range)
        continue
      }
      if paramOfType[type] == nil { paramOfType[type] = param }
    }
    for value in link.values where types.isKnown(value.type) {
      guard let param = paramOfType[value.type.type] else { continue }
      findings.add(
        self,
        "'values' of link '\(link.name)' builds '\(value.type.type)', which param "
          + "'\(param.name)' already gives; 'values' is for a type no param has",
        at: value.type.range)
    }
  }

  private static func checkResultType(
    _ reference: TypeReference, of coordinator: Coordinator, module: FlowModule,
    into findings: inout Findings
  ) {
    let what: String
    switch reference.type {
    case .named(let name):
      switch module.type(named: name)?.kind {
      case .enumeration, .invalid: return
      case .structure: what = "'\(name)' is a struct"
      case .external: what = "'\(name)' is external"
      case nil: what = "'\(name)' is a builtin type"
      }
    default:
      what = "'\(reference.type)' is not a type name"
    }
    findings.add(
      self,
      "the result of coordinator '\(coordinator.name)' must be an enum type or inline cases; "
        + what, at: reference.range)
  }

  /// Where a payload comes from, for messages, described only when a message is made.
  fileprivate enum Source {
    case input(coordinator: String)
    case step(Step, node: Int, of: Coordinator)

    static func input(of coordinator: Coordinator) -> Source {
      .input(coordinator: coordinator.name.text)
    }

    /// `event 'x' of screen 'Y'`, `case 'x' of decision 'D'`, `button 'x' of alert 'A'`,
    /// `result case 'x' of 'C'`, `external event 'x' of 'C'`.
    var transition: String {
      switch self {
      case .input(let coordinator):
        return "the input of coordinator '\(coordinator)'"
      case .step(let step, let node, let coordinator):
        let name = step.transition.name
        if let parent = step.handlerOf.last {
          return "result case '\(name)' of '\(parent.start.coordinator)'"
        }
        if node < coordinator.screens.count {
          return "event '\(name)' of screen '\(coordinator.screens[node].name)'"
        }
        let decision = node - coordinator.screens.count
        if decision < coordinator.decisions.count {
          return "case '\(name)' of decision '\(coordinator.decisions[decision].name)'"
        }
        let alert = decision - coordinator.decisions.count
        if alert < coordinator.alerts.count {
          return "button '\(name)' of alert '\(coordinator.alerts[alert].name)'"
        }
        // One past the nodes: the external events (spec section 7b).
        return "external event '\(name)' of '\(coordinator.name)'"
      }
    }

    func none() -> String {
      switch self {
      case .input(let coordinator): return "coordinator '\(coordinator)' has no input to give it"
      case .step: return "\(transition) carries none"
      }
    }

    func some(_ type: TypeExpression) -> String {
      switch self {
      case .input: return "\(transition) is '\(type)'"
      case .step: return "\(transition) carries '\(type)'"
      }
    }
  }
}

/// Which type references can be judged: those whose every name is declared and readable.
private struct TypeKnowledge {
  let module: FlowModule

  func isKnown(_ reference: TypeReference) -> Bool {
    isReadable(reference.type)
      && reference.names.allSatisfy { name in
        if TypeExpression.builtins.contains(name.text) { return true }
        guard let type = module.type(named: name.text) else { return false }
        if case .invalid = type.kind { return false }
        return true
      }
  }

  private func isReadable(_ type: TypeExpression) -> Bool {
    switch type {
    case .named: return true
    case .optional(let wrapped), .array(let wrapped): return isReadable(wrapped)
    case .dictionary(let key, let value): return isReadable(key) && isReadable(value)
    case .invalid: return false
    }
  }

  /// Reports when `given` cannot be passed where `need` is needed.
  func check(
    _ given: TypeReference?, source: TypeMismatchRule.Source, need: TypeReference?,
    target: @autoclosure () -> String, at range: SourceRange, into findings: inout Findings
  ) {
    guard let need, isKnown(need) else { return }
    guard let given else {
      findings.add(
        TypeMismatchRule.self,
        "\(target()) needs a payload of type '\(need.type)', but \(source.none())", at: range)
      return
    }
    guard isKnown(given), !given.type.flows(into: need.type) else { return }
    findings.add(
      TypeMismatchRule.self,
      "\(target()) needs a payload of type '\(need.type)', but \(source.some(given.type))",
      at: range)
  }
}
