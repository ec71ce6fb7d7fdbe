/// Result cases that nothing finishes with.
public enum UnusedResultCaseRule: ModuleRule {
  public static let id: RuleID = "unused-result-case"
  public static let severity = Severity.warning
  public static let summary = "A result case that no reachable `finish` produces."
  public static let rationale = """
    Every parent must handle every result case of its child, so a case that is never \
    produced makes each parent write a handler that never runs. For an enum type used as \
    a result, a case is unused when no coordinator using the type finishes with it; the \
    finding is placed at the case in the type.
    """
  public static let examples: [RuleExample] = [
    .triggering(
      """
      version: 1
      types:
        Outcome: { enum: { done: ~, ↓failed: String } }
      coordinators:
        Upload:
          result: Outcome
          start: Progress
          screens:
            Progress: { on: { ok: { finish: done } } }
        Pick:
          result: { picked: ~, ↓cancelled: ~ }
          start: List
          screens:
            List: { on: { choose: { finish: picked } } }
      """),
    .passing(
      """
      version: 1
      types:
        Outcome: { enum: { done: ~, failed: String } }
      coordinators:
        Upload:
          result: Outcome
          start: Progress
          screens:
            Progress: { on: { ok: { finish: done } } }
        Retry:
          result: Outcome
          start: Again
          screens:
            Again: { on: { error: { payload: String, finish: failed } } }
      """),
  ]

  /// Unions each coordinator's reachable finishes, worked out once: O(coordinators + cases).
  public static func check(_ context: CheckContext, into findings: inout Findings) {
    let module = context.module
    var byType: [String: (cases: [PayloadCase], used: Set<Int>, sure: Bool)] = [:]
    for (index, coordinator) in module.coordinators.enumerated() {
      let analysis = context.analysis.coordinators[index]
      switch coordinator.result {
      case .inline(let cases, _):
        guard !analysis.hasUnresolvedStep else { continue }
        for (position, resultCase) in cases.enumerated()
        where !analysis.finishedCases.contains(position) {
          findings.add(
            self,
            "result case '\(resultCase.name)' of coordinator '\(coordinator.name)' is never "
              + "produced by a reachable 'finish'", at: resultCase.name.range)
        }
      case .named(let reference):
        guard case .named(let name) = reference.type, let cases = module.resultCases(of: coordinator)
        else { continue }
        var entry = byType[name] ?? (cases, [], true)
        entry.used.formUnion(analysis.finishedCases)
        entry.sure = entry.sure && !analysis.hasUnresolvedStep
        byType[name] = entry
      case nil:
        continue
      }
    }
    for name in byType.keys.sorted() {
      guard let entry = byType[name], entry.sure else { continue }
      for (position, enumCase) in entry.cases.enumerated() where !entry.used.contains(position) {
        findings.add(
          self,
          "case '\(enumCase.name)' of result type '\(name)' is never produced: no coordinator "
            + "with this result finishes with it", at: enumCase.name.range)
      }
    }
  }
}

/// Declared types that nothing uses.
public enum UnusedTypeRule: ModuleRule {
  public static let id: RuleID = "unused-type"
  public static let severity = Severity.warning
  public static let summary = "A declared type that nothing uses."
  public static let rationale = """
    A type is used when a coordinator's `input` or `result`, a screen's `input` or a \
    `payload` names it, directly or through the fields and cases of used types. An unused \
    type is generated for nothing, or names an external type the app no longer needs.
    """
  public static let examples: [RuleExample] = [
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
  /// fields and cases name: one pass over the module and one over the types, O(size).
  public static func check(_ context: CheckContext, into findings: inout Findings) {
    let module = context.module
    guard module.isComplete else { return }
    var used: Set<String> = []
    var pending: [String] = []
    func use(_ reference: TypeReference?) {
      for name in reference?.names ?? [] where used.insert(name.text).inserted {
        pending.append(name.text)
      }
    }
    for coordinator in module.coordinators {
      use(coordinator.input)
      switch coordinator.result {
      case .inline(let cases, _): for resultCase in cases { use(resultCase.payload) }
      case .named(let reference): use(reference)
      case nil: break
      }
      for screen in coordinator.screens {
        use(screen.input)
        for event in screen.events { use(event.payload) }
      }
      for decision in coordinator.decisions {
        for decisionCase in decision.cases { use(decisionCase.payload) }
      }
    }
    while let name = pending.popLast() {
      switch module.type(named: name)?.kind {
      case .structure(let fields): for field in fields { use(field.type) }
      case .enumeration(let cases): for enumCase in cases { use(enumCase.payload) }
      default: break
      }
    }
    for type in module.types where !used.contains(type.name.text) {
      if case .invalid = type.kind { continue }
      findings.add(self, "type '\(type.name)' is declared but never used", at: type.name.range)
    }
  }
}

/// `lint: ignore` entries that suppress nothing.
public enum UnusedSuppressionRule: Rule {
  public static let id: RuleID = "unused-suppression"
  public static let severity = Severity.warning
  public static let summary = "A `lint: ignore` entry that suppresses nothing."
  public static let rationale = """
    A suppression that no longer matches a finding hides nothing today but would hide a \
    real problem tomorrow. Remove it. (Entries naming an unknown rule are reported as \
    `unknown-reference` instead, and entries for a rule turned `off` in the configuration \
    are not reported.)
    """
  public static let examples: [RuleExample] = [
    .triggering(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          lint: { ignore: [↓unreachable-screen] }
          screens:
            Home: { on: { next: { push: Next } } }
            Next: { on: { back: pop } }
      """),
    .passing(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { next: { push: Next } } }
            Next: { on: { back: pop } }
            Draft:
              lint: { ignore: [unreachable-screen] }
              on: { back: pop }
      """),
  ]
}
