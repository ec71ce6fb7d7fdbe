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
    let types = TypeKnowledge(types: context.graph.types)
    // The elements after a sequence's back element that `invalid-back` reports (r3).
    let cut = BackCheck.cutOff(in: context)
    for (index, graph) in context.graph.coordinators.enumerated()
    where scope.contains(module.coordinators[index].range) {
      let coordinator = module.coordinators[index]
      if case .named(let reference) = coordinator.result, types.isKnown(reference) {
        checkResultType(
          reference, of: coordinator, types: context.graph.types, into: &findings)
      }
      if case .result(let leave) = coordinator.leave,
        let found = context.graph.targets.leaveCase(in: index),
        let payload = graph.results[found].payload
      {
        // Leaving carries nothing: the user's back or swipe has no value to give (r2).
        findings.add(
          Message.leaveWithPayload(
            coordinator.name.text, resultCase: leave.text, payload: payload.type),
          about: coordinator.subject(ofKey: "leave"), at: leave.range)
      }
      let input = coordinator.input
      let source = Message.Source.input(of: coordinator.subject)
      switch (coordinator.root, graph.root) {
      case (.start(let target, let keyRange), .node(let node)) where graph.isScreen(node):
        types.check(
          input, source: source, need: coordinator.screens[node].input,
          target: .screen(target.text), about: coordinator.subject(ofKey: "start"), at: keyRange,
          into: &findings)
      case (.tabs, .tabs(let tabs)):
        for tab in tabs {
          guard let child = tab.start.child else { continue }
          let name = tab.tab.child.coordinator.text
          types.check(
            input, source: source, need: module.coordinators[child].input,
            target: .coordinator(name), about: coordinator.subject.appending(.tab(name)),
            at: tab.tab.range, into: &findings)
        }
      default:
        break
      }
      for node in 0...graph.nodeCount {
        for step in CoordinatorAnalysis.steps(of: node, in: graph)
        where cut.isEmpty || !cut.contains(ObjectIdentifier(step)) {
          let need: TypeReference?
          // The target's name is a string already held: taking it costs no closure context.
          let target: Message.Target
          switch step.action {
          case .push(let screen), .present(let screen), .replace(let screen):
            need = coordinator.screens[screen].input
            target = .screen(coordinator.screens[screen].name.text)
          case .alert(let alert):
            let shown = alert - graph.alertStart
            need = coordinator.alerts[shown].input
            target = .alert(coordinator.alerts[shown].name.text)
          case .finish(let resultCase):
            need = graph.results[resultCase].payload
            target = .resultCase(step.written.finishedCase)
          case .start(let child):
            guard let child = child.child else { continue }
            need = module.coordinators[child].input
            target = .coordinator(module.coordinators[child].name.text)
          case .stay:
            // (r3) A request resolves to staying; it needs its request's payload (13.3).
            guard let request = graph.sentRequest(of: step) else { continue }
            need = graph.requests[request].payload
            target = .request(graph.requests[request].name.text)
          default:
            continue
          }
          guard need != nil else { continue }
          // A handler's payload is the handled case's; an unknown case has none to judge.
          if !step.handlerOf.isEmpty, !step.handlesKnownName { continue }
          let given = context.graph.payload(of: step)
          types.check(
            given, source: .step(step, node: node, of: coordinator), need: need,
            target: target, about: context.graph.subject(of: step, at: node, in: index),
            at: step.written.range, into: &findings)
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
    // The well-typed params, by type: a param reported here does not count for `values`, so
    // one mistake gets one finding.
    var paramOfType: [TypeExpression: LinkParam] = [:]
    for param in link.params where types.isKnown(param.type) {
      let type = param.type.type
      let subject = link.subject.appending(.param(param.name.text))
      switch type {
      case .named(let name) where LinkParam.allowedTypes.contains(name):
        break
      case .optional(.named(let name)) where LinkParam.allowedTypes.contains(name):
        if let url = link.url, !url.isQueryParam(param.name.text) {
          findings.add(
            Message.optionalPathParam(param.name.text, of: link.subject, type: type),
            about: subject, at: param.type.range)
          continue
        }
      default:
        findings.add(
          Message.paramType(param.name.text, of: link.subject, type: type), about: subject,
          at: param.type.range)
        continue
      }
      if paramOfType[type] == nil { paramOfType[type] = param }
    }
    for value in link.values where types.isKnown(value.type) {
      guard let param = paramOfType[value.type.type] else { continue }
      findings.add(
        Message.valueFromParam(of: link.subject, type: value.type.type, param: param.name.text),
        about: link.subject.appending([.key("values"), .reference(value.type.type.description)]),
        at: value.type.range)
    }
  }

  private static func checkResultType(
    _ reference: TypeReference, of coordinator: Coordinator, types: ResolvedTypes,
    into findings: inout Findings
  ) {
    let what: Message.NotAnEnum
    switch reference.type {
    case .named(let name):
      switch types.declaration(named: name)?.kind {
      case .enumeration, .invalid: return
      case .structure: what = .structure(name)
      case .external: what = .external(name)
      case nil: what = .builtin(name)
      }
    default:
      what = .notAName(reference.type)
    }
    findings.add(
      Message.resultNotAnEnum(coordinator.subject, what),
      about: coordinator.subject(ofKey: "result"),
      at: reference.range)
  }

  /// What the rule says.
  package enum Message: RuleMessage {
    package typealias ReportingRule = TypeMismatchRule

    /// `target` needs a payload of type `need`, and `source` gives none.
    case missingPayload(Target, need: TypeExpression, source: Source)
    /// `target` needs a payload of type `need`, and `source` gives `given`.
    case wrongPayload(Target, need: TypeExpression, source: Source, given: TypeExpression)
    /// The `leave` of coordinator names a case with a payload.
    case leaveWithPayload(String, resultCase: String, payload: TypeExpression)
    /// The coordinator's `result` names a type that is not an enum.
    case resultNotAnEnum(SymbolRef, NotAnEnum)
    /// A param of a link, a path segment, is optional.
    case optionalPathParam(String, of: SymbolRef, type: TypeExpression)
    /// A param of a link has a type a URL cannot give.
    case paramType(String, of: SymbolRef, type: TypeExpression)
    /// A link's `values` builds a type a param already gives.
    case valueFromParam(of: SymbolRef, type: TypeExpression, param: String)

    /// What needs a payload.
    package enum Target: Hashable, Sendable {
      case screen(String)
      case alert(String)
      case resultCase(String)
      case coordinator(String)
      /// (r3) A request of the coordinator holding the action.
      case request(String)

      var text: String {
        switch self {
        case .screen(let name): "screen '\(name)'"
        case .alert(let name): "alert '\(name)'"
        case .resultCase(let name): "result case '\(name)'"
        case .request(let name): "request '\(name)'"
        case .coordinator(let name): "coordinator '\(name)'"
        }
      }
    }

    /// Where a payload comes from.
    package enum Source: Hashable, Sendable {
      /// The input of this coordinator.
      case input(of: SymbolRef)
      /// An event of a screen, a case of a decision, a button of an alert.
      case transition(kind: String, name: String, of: SymbolRef)
      /// The handler of a result case of a child.
      case handler(String, child: String)
      /// (r3) The handler of a request of a child.
      case requestHandler(String, child: String)
      /// An external event of a coordinator.
      case externalEvent(String, of: String)

      /// Where the payload of `step` on `node` of `coordinator` comes from.
      static func step(_ step: Step, node: Int, of coordinator: Coordinator) -> Source {
        let name = step.transition.name.text
        if let parent = step.handlerOf.last {
          if step.handledRequest != nil {
            return .requestHandler(name, child: parent.start.coordinator.text)
          }
          return .handler(name, child: parent.start.coordinator.text)
        }
        if node < coordinator.screens.count {
          return .transition(kind: "event", name: name, of: coordinator.subject(of: .screen(node)))
        }
        let decision = node - coordinator.screens.count
        if decision < coordinator.decisions.count {
          return .transition(
            kind: "case", name: name, of: coordinator.subject(of: .decision(decision)))
        }
        let alert = decision - coordinator.decisions.count
        if alert < coordinator.alerts.count {
          return .transition(kind: "button", name: name, of: coordinator.subject(of: .alert(alert)))
        }
        // One past the nodes: the external events (spec section 7b).
        return .externalEvent(name, of: coordinator.name.text)
      }

      /// `event 'x' of screen 'Y'`, `case 'x' of decision 'D'`, `button 'x' of alert 'A'`,
      /// `result case 'x' of 'C'`, `external event 'x' of 'C'`.
      var text: MessageText {
        switch self {
        case .input(let coordinator): "the input of \(definition: coordinator)"
        case .transition(let kind, let name, let node): "\(kind) '\(name)' of \(definition: node)"
        case .handler(let name, let child): "result case '\(name)' of '\(child)'"
        case .requestHandler(let name, let child): "request '\(name)' of '\(child)'"
        case .externalEvent(let name, let coordinator):
          "external event '\(name)' of '\(coordinator)'"
        }
      }

      var none: MessageText {
        switch self {
        case .input(let coordinator): "\(definition: coordinator) has no input to give it"
        default: "\(text) carries none"
        }
      }

      func some(_ type: TypeExpression) -> MessageText {
        switch self {
        case .input: "\(text) is '\(type)'"
        default: "\(text) carries '\(type)'"
        }
      }
    }

    /// What a result type that is not an enum is.
    package enum NotAnEnum: Hashable, Sendable {
      case structure(String)
      case external(String)
      case builtin(String)
      case notAName(TypeExpression)
    }

    package var name: String {
      switch self {
      case .missingPayload: "missing-payload"
      case .wrongPayload: "wrong-payload"
      case .leaveWithPayload: "leave-with-payload"
      case .resultNotAnEnum: "result-not-enum"
      case .optionalPathParam: "optional-path-param"
      case .paramType: "param-type"
      case .valueFromParam: "value-from-param"
      }
    }

    package var english: MessageText {
      switch self {
      case .missingPayload(let target, let need, let source):
        return "\(target.text) needs a payload of type '\(need)', but \(source.none)"
      case .wrongPayload(let target, let need, let source, let given):
        return "\(target.text) needs a payload of type '\(need)', but \(source.some(given))"
      case .leaveWithPayload(let coordinator, let resultCase, let payload):
        return "'leave' of coordinator '\(coordinator)' names case '\(resultCase)', which has a "
          + "payload ('\(payload)'); the user's back or swipe has no value to give it: "
          + "name a case without a payload, or write 'leave: ~'"
      case .resultNotAnEnum(let coordinator, let what):
        let reason: String
        switch what {
        case .structure(let name): reason = "'\(name)' is a struct"
        case .external(let name): reason = "'\(name)' is external"
        case .builtin(let name): reason = "'\(name)' is a builtin type"
        case .notAName(let type): reason = "'\(type)' is not a type name"
        }
        return "the result of \(definition: coordinator) must be an enum type or inline cases; "
          + "\(reason)"
      case .optionalPathParam(let param, let link, let type):
        return "param '\(param)' of \(definition: link) is a path segment and cannot be "
          + "optional ('\(type)'); only a query parameter may be"
      case .paramType(let param, let link, let type):
        return "param '\(param)' of \(definition: link) has type '\(type)'; a link param is "
          + "String, Int, Double, Bool, UUID or URL, or one of these optional in a query; build "
          + "other types from params with 'values'"
      case .valueFromParam(let link, let type, let param):
        return "'values' of \(definition: link) builds '\(type)', which param '\(param)' "
          + "already gives; 'values' is for a type no param has"
      }
    }
  }
}

/// Which type references can be judged: those whose every name is declared and readable.
private struct TypeKnowledge {
  /// The module's type names, as the graph resolved them.
  let types: ResolvedTypes

  /// Whether every name of `reference` is builtin or declared and readable: one lookup of a
  /// recorded name each (``ResolvedTypes/isUsable(_:)``).
  func isKnown(_ reference: TypeReference) -> Bool {
    isReadable(reference.type) && reference.allNameTexts(satisfy: types.isUsable)
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
    _ given: TypeReference?, source: @autoclosure () -> TypeMismatchRule.Message.Source,
    need: TypeReference?, target: @autoclosure () -> TypeMismatchRule.Message.Target,
    about subject: @autoclosure () -> SymbolRef, at range: SourceRange,
    into findings: inout Findings
  ) {
    guard let need, isKnown(need) else { return }
    guard let given else {
      findings.add(
        TypeMismatchRule.Message.missingPayload(target(), need: need.type, source: source()),
        about: subject(), at: range)
      return
    }
    guard isKnown(given), !given.type.flows(into: need.type) else { return }
    findings.add(
      TypeMismatchRule.Message.wrongPayload(
        target(), need: need.type, source: source(), given: given.type),
      about: subject(), at: range)
  }
}
