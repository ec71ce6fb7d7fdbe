/// Payloads that are missing or of the wrong type (spec section 7).
public enum TypeMismatchRule: ModuleRule {
  public static let id: RuleID = "type-mismatch"
  public static let severity = Severity.error
  public static let summary = "A payload missing or of the wrong type."
  public static let rationale = """
    A screen with `input`, a `finish` case with a payload and a coordinator with `input` \
    each need a payload of exactly that type; `T` may flow into `T?`. The payload an action \
    has is its event's or decision case's `payload`, the handled result case's in a child \
    handler, and the coordinator's `input` for its `start` node and its tabs. A payload the \
    target does not need is dropped. `result:` naming a type that is not an enum is also a \
    mismatch.
    """
  public static let examples: [RuleExample] = [
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
            Detail: { input: Item, on: { back: pop } }
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
            Detail: { input: Item, on: { back: pop } }
            Search: { input: String?, on: { back: pop } }
      """),
  ]

  /// Checks every action's payload against its target's need: O(size of the module).
  public static func check(_ context: CheckContext, into findings: inout Findings) {
    let module = context.module
    let types = TypeKnowledge(module: module)
    for (index, coordinator) in module.coordinators.enumerated() {
      if case .named(let reference) = coordinator.result, types.isKnown(reference) {
        checkResultType(reference, of: coordinator, module: module, into: &findings)
      }
      let input = coordinator.input
      let source = Source.input(of: coordinator)
      switch coordinator.root {
      case .start(let target, let keyRange):
        if case .screen(let screen) = module.node(named: target.text, in: index) {
          types.check(
            input, source: source, need: coordinator.screens[screen].input,
            target: "screen '\(target)'", at: keyRange, into: &findings)
        }
      case .tabs(let tabs):
        for tab in tabs {
          let child = module.coordinator(named: tab.child.coordinator.text)
          types.check(
            input, source: source, need: child?.input,
            target: "coordinator '\(tab.child.coordinator)'", at: tab.range, into: &findings)
        }
      case .missing:
        break
      }
      module.forEachAction(in: index) { site in
        guard !site.payloadIsUnknown else { return }
        let need: TypeReference?
        let target: String
        switch site.action.kind {
        case .push(let name), .present(let name), .replace(let name):
          guard case .screen(let screen) = module.node(named: name.text, in: index) else { return }
          need = coordinator.screens[screen].input
          target = "screen '\(name)'"
        case .finish(let name):
          need = module.resultCases(of: coordinator)?.first { $0.name.text == name.text }?.payload
          target = "result case '\(name)'"
        case .start(let child):
          need = module.coordinator(named: child.coordinator.text)?.input
          target = "coordinator '\(child.coordinator)'"
        case .pop, .dismiss, .stay, .decide, .invalid:
          return
        }
        types.check(
          site.payload, source: .transition(site.source), need: need, target: target,
          at: site.action.range, into: &findings)
      }
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

  /// Where a payload comes from, for messages.
  fileprivate enum Source {
    case input(coordinator: String)
    case transition(String)

    static func input(of coordinator: Coordinator) -> Source {
      .input(coordinator: coordinator.name.text)
    }

    func none() -> String {
      switch self {
      case .input(let coordinator): return "coordinator '\(coordinator)' has no input to give it"
      case .transition(let source): return "\(source) carries none"
      }
    }

    func some(_ type: TypeExpression) -> String {
      switch self {
      case .input(let coordinator): return "the input of coordinator '\(coordinator)' is '\(type)'"
      case .transition(let source): return "\(source) carries '\(type)'"
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
    target: String, at range: SourceRange, into findings: inout Findings
  ) {
    guard let need, isKnown(need) else { return }
    guard let given else {
      findings.add(
        TypeMismatchRule.self,
        "\(target) needs a payload of type '\(need.type)', but \(source.none())", at: range)
      return
    }
    guard isKnown(given), !given.type.flows(into: need.type) else { return }
    findings.add(
      TypeMismatchRule.self,
      "\(target) needs a payload of type '\(need.type)', but \(source.some(given.type))",
      at: range)
  }
}
