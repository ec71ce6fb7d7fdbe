/// Declared types that nothing uses.
package enum UnusedTypeRule: OutlineRule {
  package static let id: RuleID = "unused-type"
  package static let severity = Severity.warning
  package static let blocksGeneration = false
  package static let drawing = FindingDrawing.problem
  package static let summary = "A declared type that nothing uses."
  package static let rationale = """
    A type is used when a coordinator's `input` or `result`, a screen's or alert's `input` or \
    a `payload` (of an event, a decision case or an alert's button) names it, directly or through the fields and cases of used types. An unused \
    type is generated for nothing, or names an external type the app no longer needs.
    """
  package static let examples: [RuleExample] = [
    .triggering(
      """
      version: 1
      types:
        User: external
        ↓Address: { struct: { street: String } }
        ↓Draft: { struct: { address: Address } }
        ↓Theme: { enum: { light: ~ } }
      coordinators:
        App:
          entry: true
          input: "[String: User]?"
          start: Home
          screens:
            Home: { on: { next: stay } }
      """),
    .passing(
      """
      version: 1
      types:
        User: external
        Address: { struct: { street: String } }
        Profile: { struct: { user: User, addresses: "[Address]" } }
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { open: { payload: Profile, push: Home } } }
      """),
  ]

  /// Marks the types named by coordinators, screens and payloads, then the types their
  /// fields and cases name: one pass over the module and one over the types, O(size). The
  /// pass stops once every type is used (then none is reported), as in most modules early.
  package static func check(_ context: ResolvedModule, into findings: inout Findings) {
    let module = context.module
    guard module.isComplete else { return }
    var used: Set<String> = []
    var pending: [String] = []
    // The names of the types that would be reported, not used yet.
    var unused = Set(
      module.types.lazy.filter {
        if case .invalid = $0.kind { return false }
        return true
      }.map(\.name.text))
    func use(_ reference: TypeReference?) {
      reference?.forEachNameText { name in
        guard used.insert(name).inserted else { return }
        pending.append(name)
        unused.remove(name)
      }
    }
    for coordinator in module.coordinators {
      guard !unused.isEmpty else { return }
      use(coordinator.input)
      switch coordinator.result {
      case .inline(let cases, _): for resultCase in cases { use(resultCase.payload) }
      case .named(let reference): use(reference)
      case nil: break
      }
      for request in coordinator.requests { use(request.payload) }
      for screen in coordinator.screens {
        use(screen.input)
        for event in screen.events { use(event.payload) }
      }
      for decision in coordinator.decisions {
        for decisionCase in decision.cases { use(decisionCase.payload) }
      }
      for event in coordinator.events { use(event.payload) }
      for alert in coordinator.alerts {
        use(alert.input)
        for button in alert.buttons { use(button.payload) }
      }
    }
    // (r3) Shared nodes use their types whether or not a coordinator shows them (the owners'
    // copies above use the same ones).
    guard !unused.isEmpty else { return }
    for screen in module.shared.screens {
      use(screen.input)
      for event in screen.events { use(event.payload) }
    }
    for decision in module.shared.decisions {
      for decisionCase in decision.cases { use(decisionCase.payload) }
    }
    for alert in module.shared.alerts {
      use(alert.input)
      for button in alert.buttons { use(button.payload) }
    }
    for link in module.links {
      for param in link.params { use(param.type) }
      for value in link.values { use(value.type) }
    }
    while let name = pending.popLast() {
      switch context.graph.types.declaration(named: name)?.kind {
      case .structure(let fields): for field in fields { use(field.type) }
      case .enumeration(let cases): for enumCase in cases { use(enumCase.payload) }
      default: break
      }
    }
    for type in module.types where !used.contains(type.name.text) {
      if case .invalid = type.kind { continue }
      findings.add(Message.unused(type.subject), about: type.subject, at: type.name.range)
    }
  }

  /// What the rule says.
  package enum Message: RuleMessage {
    package typealias ReportingRule = UnusedTypeRule

    /// The type that nothing uses.
    case unused(SymbolRef)

    package var name: String { "unused" }

    package var english: MessageText {
      switch self {
      case .unused(let type): "\(definition: type) is declared but never used"
      }
    }
  }
}
