/// References to screens, decisions, alerts, coordinators, types, result cases, tabs
/// (`select`) and rules that do not exist where they are used.
package enum UnknownReferenceRule: DefinitionRule {
  package static let id: RuleID = "unknown-reference"
  package static let severity = Severity.error
  package static let blocksGeneration = true
  package static let drawing = FindingDrawing.problem
  package static let summary =
    "A screen, decision, alert, coordinator, type, result case, tab (`select`) or rule id that "
    + "does not exist where it is used, or a name of the wrong kind."
  package static let rationale = """
    A reference that resolves to nothing would be a crash or a dead button at run time. \
    Screens, decisions, alerts and `finish` cases are those of the coordinator that holds \
    the action, and each is named by its own action (`push` a screen, `decide` a decision, \
    `alert` an alert: the message says which kind a name of the wrong kind is); a screen of another coordinator is reached only by starting that coordinator, \
    and the message says so. The closest existing name is suggested. The finding is placed \
    at the name that is wrong (`Setings` in `push: Setings`, a handler's case, a type, an \
    entry of `lint: ignore`), except that a `finish` in a coordinator without a result is \
    wrong as a whole and is placed at `finish`. `select: C` shows the tab that starts C in \
    the nearest tab coordinator around the coordinator holding it (itself, or the one it \
    runs in through its parents): it is wrong only when, in no way that coordinator is \
    started, that tab coordinator has such a tab (a coordinator nobody starts is not \
    judged); the message names the tab coordinators found and suggests the closest tab.
    """
  package static let examples: [RuleExample] = [
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
    var resolver = Resolver(
      module: context.module, graph: context.graph, scope: scope,
      cut: BackCheck.cutOff(in: context))
    resolver.run()
    findings.append(contentsOf: resolver.findings.all)
  }

  /// A `select` names a tab of the container the coordinator is shown in, which depends on
  /// who starts it: the graph's paths, not only the file (spec section 8).
  package static func checkBeyondDefinitions(
    _ context: ResolvedModule, into findings: inout Findings
  ) {
    SelectReferences(module: context.module, analysis: context.analysis).check(into: &findings)
  }
}

/// The walk behind ``UnknownReferenceRule``.
private struct Resolver {
  let module: FlowModule
  var findings = Findings()
  /// The coordinators that define a screen or decision of each name, built on first need.
  private var owners: [String: [String]]?
  /// The did-you-mean hints worked out so far, by scope and name.
  private var hints: [String: Hint] = [:]

  let graph: FlowGraph
  /// The files whose definitions are checked.
  let scope: FileScope
  /// The elements of sequences that are not checked (r3): ``BackCheck/cutOff(in:)``.
  let cut: Set<ObjectIdentifier>

  init(module: FlowModule, graph: FlowGraph, scope: FileScope, cut: Set<ObjectIdentifier>) {
    self.module = module
    self.graph = graph
    self.scope = scope
    self.cut = cut
  }

  mutating func run() {
    for type in module.types where scope.contains(type.name.range) {
      switch type.kind {
      case .structure(let fields): for item in fields { checkType(item.type) }
      case .enumeration(let cases): for item in cases { checkType(item.payload) }
      case .external, .invalid: break
      }
    }
    for lint in module.fileLints where lint.ignore.first.map({ scope.contains($0.range) }) ?? false
    {
      checkLint(lint)
    }
    for type in module.types where scope.contains(type.name.range) { checkLint(type.lint) }
    for (index, coordinator) in module.coordinators.enumerated()
    where scope.contains(coordinator.range) {
      checkType(coordinator.input)
      switch coordinator.result {
      case .inline(let cases, _): for item in cases { checkType(item.payload) }
      case .named(let reference): checkType(reference)
      case nil: break
      }
      let steps = graph.coordinators[index]
      switch (coordinator.root, steps.root) {
      case (.start(let target, _), .unresolved):
        checkStartNode(target, in: index)
      case (.tabs, .tabs(let tabs)):
        for tab in tabs { checkStart(tab.start, in: index) }
      default:
        break
      }
      if case .result(let leave) = coordinator.leave { checkLeave(leave, of: coordinator) }
      checkLint(coordinator.lint)
      for screen in coordinator.screens.indices {
        checkType(coordinator.screens[screen].input)
        checkLint(coordinator.screens[screen].lint)
        for event in coordinator.screens[screen].events { checkType(event.payload) }
      }
      for alert in coordinator.alerts { checkLint(alert.lint) }
      for decision in coordinator.decisions.indices {
        checkLint(coordinator.decisions[decision].lint)
        for item in coordinator.decisions[decision].cases { checkType(item.payload) }
      }
      for event in coordinator.events { checkType(event.payload) }
      // The graph resolved every reference it could; only what it could not, and the
      // handlers' case names, need a look.
      for node in 0...steps.nodeCount {
        for step in CoordinatorAnalysis.steps(of: node, in: steps)
        where cut.isEmpty || !cut.contains(ObjectIdentifier(step)) {
          switch step.action {
          case .unresolved: checkAction(step.written, in: index)
          case .start(let child): checkStart(child, in: index)
          default: break
          }
        }
      }
    }
    for link in module.links where scope.contains(link.range) { checkLink(link) }
  }

  // MARK: Links

  /// A link's `to`, `via`, `values` params, types and `lint` (spec section 12).
  private mutating func checkLink(_ link: LinkDefinition) {
    checkLint(link.lint)
    for param in link.params { checkType(param.type) }
    let params = Set(link.params.map(\.name.text))
    for value in link.values {
      checkType(value.type)
      for param in value.params where !params.contains(param.text) {
        report(
          "link '\(link.name)' has no param '\(param)' to build '\(value.type.type)' from",
          Hint(param.text, in: link.params.map(\.name.text)), at: param.range)
      }
    }
    for name in link.via { checkCoordinator(name) }
    guard let target = link.target, checkCoordinator(target.coordinator),
      let coordinator = module.coordinatorIndex(named: target.coordinator.text)
    else { return }
    let owner = module.coordinators[coordinator]
    let name = target.screen.text
    switch module.node(named: name, in: coordinator) {
    case .screen: return
    case .decision:
      report(
        "'\(name)' is a decision of coordinator '\(owner.name)', not a screen; a link opens a "
          + "screen", at: target.screen.range)
    case .alert:
      report(
        "'\(name)' is an alert of coordinator '\(owner.name)', not a screen; a link opens a "
          + "screen", at: target.screen.range)
    case nil:
      let hint = didYouMean(name, among: "screens of \(coordinator)") {
        Self.nodeNames(of: .screen, in: owner)
      }
      report(
        "screen '\(name)' does not exist in coordinator '\(owner.name)'", hint,
        at: target.screen.range)
    }
  }

  /// Reports `name` unless it is a coordinator; whether it is one.
  @discardableResult
  private mutating func checkCoordinator(_ name: Identifier) -> Bool {
    guard module.coordinator(named: name.text) == nil else { return true }
    guard module.isComplete else { return false }
    let module = self.module
    var hint = didYouMean(name.text, among: "coordinators") {
      module.coordinators.map(\.name.text)
    }
    if module.type(named: name.text) != nil { hint.text += "; '\(name)' is a type" }
    report("coordinator '\(name)' does not exist", hint, at: name.range)
    return false
  }

  // MARK: Actions

  // A finding about a name that does not resolve is placed at that name, the value of its
  // action (spec section 8): the underline falls on what is misspelt, not on `push`. One
  // about the action as a whole (a `finish` where there is no result) stays at the action.

  /// A child start: the child must exist, and every handler must name one of its cases.
  private mutating func checkStart(_ child: ChildStep, in coordinator: Int) {
    guard let index = child.child else {
      checkChild(child.start.coordinator, in: coordinator)
      return
    }
    let cases = graph.coordinators[index].resultCases
    for handler in child.start.handlers where cases[handler.name.text] == nil {
      checkHandlerName(handler.name, of: child.start.coordinator.text)
    }
  }

  private mutating func checkAction(_ action: Action, in coordinator: Int) {
    switch action.kind {
    case .push(let target), .present(let target, _), .replace(let target):
      checkNode(target, expected: .screen, in: coordinator)
    case .decide(let target):
      checkNode(target, expected: .decision, in: coordinator)
    case .alert(let target):
      checkNode(target, expected: .alert, in: coordinator)
    case .select(let target):
      checkChild(target, in: coordinator)
    case .finish(let resultCase):
      checkFinish(resultCase, of: action, in: coordinator)
    case .start(let child):
      checkChild(child.coordinator, in: coordinator)
    case .pop, .popToRoot, .dismiss, .stay, .invalid, .sequence:
      break  // a sequence's elements are steps of their own
    }
  }

  private enum NodeKind: String {
    case screen, decision, alert

    /// The action that leads to a node of this kind.
    var action: String {
      switch self {
      case .screen: return "push"
      case .decision: return "decide"
      case .alert: return "alert"
      }
    }
  }

  private mutating func checkNode(_ target: Identifier, expected: NodeKind, in coordinator: Int) {
    let owner = module.coordinators[coordinator]
    let name = target.text
    let found: NodeKind?
    switch module.node(named: name, in: coordinator) {
    case .screen: found = .screen
    case .decision: found = .decision
    case .alert: found = .alert
    case nil: found = nil
    }
    switch found {
    case expected?:
      return
    case let other?:
      report(
        "'\(name)' is \(other == .alert ? "an" : "a") \(other.rawValue) of coordinator "
          + "'\(owner.name)', not \(expected == .alert ? "an" : "a") \(expected.rawValue); use "
          + "'\(other.action): \(name)'", at: target.range)
    case nil:
      if module.coordinator(named: name) != nil {
        report(
          "'\(name)' is a coordinator, not a \(expected.rawValue); use 'start: \(name)'",
          at: target.range)
      } else if let elsewhere = otherOwner(of: name, besides: owner.name.text) {
        report(
          "\(expected.rawValue) '\(name)' belongs to coordinator '\(elsewhere)', not "
            + "'\(owner.name)'; reach it by starting '\(elsewhere)'", at: target.range)
      } else {
        let hint = didYouMean(name, among: "\(expected)s of \(coordinator)") {
          Self.nodeNames(of: expected, in: owner)
        }
        report(
          "\(expected.rawValue) '\(name)' does not exist in coordinator '\(owner.name)'",
          hint, at: target.range)
      }
    }
  }

  private mutating func checkStartNode(_ target: Identifier, in coordinator: Int) {
    let range = target.range
    let owner = module.coordinators[coordinator]
    let name = target.text
    let rule = "a coordinator starts at one of its own screens or decisions"
    switch module.node(named: name, in: coordinator) {
    case .screen, .decision: return
    case .alert:
      report("'\(name)' is an alert; \(rule)", at: range)
      return
    case nil: break
    }
    if module.coordinator(named: name) != nil {
      report("'\(name)' is a coordinator; \(rule)", at: range)
    } else if let elsewhere = otherOwner(of: name, besides: owner.name.text) {
      report("'\(name)' belongs to coordinator '\(elsewhere)'; \(rule)", at: range)
    } else {
      report(
        "start '\(name)' is not a screen or decision of coordinator '\(owner.name)'",
        Hint(name, in: module.nodeNames(in: coordinator)), at: range)
    }
  }

  private mutating func checkChild(_ child: Identifier, in coordinator: Int) {
    let range = child.range
    let name = child.text
    guard module.coordinator(named: name) == nil else { return }
    switch module.node(named: name, in: coordinator) {
    case .screen:
      report("'\(name)' is a screen, not a coordinator; use 'push: \(name)'", at: range)
    case .decision:
      report("'\(name)' is a decision, not a coordinator; use 'decide: \(name)'", at: range)
    case .alert:
      report("'\(name)' is an alert, not a coordinator; use 'alert: \(name)'", at: range)
    case nil:
      guard module.isComplete else { return }
      let module = self.module
      let hint = didYouMean(name, among: "coordinators") { module.coordinators.map(\.name.text) }
      report("coordinator '\(name)' does not exist", hint, at: range)
    }
  }

  private mutating func checkFinish(
    _ resultCase: Identifier, of action: Action, in coordinator: Int
  ) {
    let owner = module.coordinators[coordinator]
    guard owner.result != nil else {
      // No case would do: the action, not its value, is what is wrong.
      report(
        "coordinator '\(owner.name)' has no result to finish with; declare it, such as "
          + "'result: { \(resultCase): ~ }'", at: action.range)
      return
    }
    guard let cases = module.resultCases(of: owner) else { return }
    guard !cases.contains(where: { $0.name.text == resultCase.text }) else { return }
    report(
      "result case '\(resultCase)' does not exist in coordinator '\(owner.name)'",
      Hint(resultCase.text, in: cases.map(\.name.text)), at: resultCase.range)
  }

  /// `leave: c` names a result case of its own coordinator (r2).
  private mutating func checkLeave(_ resultCase: Identifier, of owner: Coordinator) {
    guard owner.result != nil else {
      report(
        "coordinator '\(owner.name)' has no result to leave with; declare one, such as "
          + "'result: { \(resultCase): ~ }', or write 'leave: ~' to be dropped",
        at: resultCase.range)
      return
    }
    guard let cases = module.resultCases(of: owner) else { return }
    guard !cases.contains(where: { $0.name.text == resultCase.text }) else { return }
    report(
      "result case '\(resultCase)' does not exist in coordinator '\(owner.name)'",
      Hint(resultCase.text, in: cases.map(\.name.text)), at: resultCase.range)
  }

  private mutating func checkHandlerName(_ handled: Identifier, of child: String) {
    guard let coordinator = module.coordinator(named: child) else { return }
    guard coordinator.result != nil else {
      report(
        "coordinator '\(child)' has no result, so there is no case '\(handled)' to handle",
        at: handled.range)
      return
    }
    guard let cases = module.resultCases(of: coordinator) else { return }
    report(
      "coordinator '\(child)' has no result case '\(handled)'",
      Hint(handled.text, in: cases.map(\.name.text)), at: handled.range)
  }

  // MARK: Types and rules

  private mutating func checkType(_ reference: TypeReference?) {
    guard let reference else { return }
    for name in reference.names {
      let text = name.text
      if TypeExpression.builtins.contains(text) || module.type(named: text) != nil { continue }
      if module.coordinator(named: text) != nil {
        report("'\(text)' is a coordinator, not a type", at: name.range)
        continue
      }
      guard module.isComplete else { continue }
      let module = self.module
      let hint = didYouMean(text, among: "types") {
        Array(TypeExpression.builtins) + module.types.map(\.name.text)
      }
      report("unknown type '\(text)'", hint, at: name.range)
    }
  }

  private mutating func checkLint(_ lint: Lint?) {
    guard let lint else { return }
    let known = RuleRegistry.ids.map(\.rawValue)
    for entry in lint.ignore where !known.contains(entry.text) {
      report(
        "unknown rule '\(entry)' in 'lint: ignore'", Hint(entry.text, in: known), at: entry.range)
    }
  }

  // MARK: Helpers

  /// `; did you mean …` for `name` among the names `candidates` gives, worked out once per
  /// name and `scope`: a wrong name in content that many nodes share (through a merge key
  /// or an alias) is found in each, and searching every name again for each would make
  /// the check quadratic.
  private mutating func didYouMean(
    _ name: String, among scope: String, _ candidates: () -> [String]
  ) -> Hint {
    let key = scope + "\u{0}" + name
    if let known = hints[key] { return known }
    let hint = Hint(name, in: candidates())
    hints[key] = hint
    return hint
  }

  private mutating func report(_ message: String, at range: SourceRange) {
    findings.add(UnknownReferenceRule.self, message, at: range)
  }

  /// `message`, then the hint's did-you-mean, with its fix.
  private mutating func report(_ message: String, _ hint: Hint, at range: SourceRange) {
    findings.add(UnknownReferenceRule.self, message + hint.text, at: range, fix: hint.fix)
  }

  private static func nodeNames(of kind: NodeKind, in coordinator: Coordinator) -> [String] {
    switch kind {
    case .screen: return coordinator.screens.map(\.name.text)
    case .decision: return coordinator.decisions.map(\.name.text)
    case .alert: return coordinator.alerts.map(\.name.text)
    }
  }

  /// A coordinator other than `coordinator` that has a screen or decision named `name`.
  private mutating func otherOwner(of name: String, besides coordinator: String) -> String? {
    if owners == nil {
      var table: [String: [String]] = [:]
      for owner in module.coordinators {
        for screen in owner.screens { table[screen.name.text, default: []].append(owner.name.text) }
        for decision in owner.decisions {
          table[decision.name.text, default: []].append(owner.name.text)
        }
        for alert in owner.alerts { table[alert.name.text, default: []].append(owner.name.text) }
      }
      owners = table
    }
    return owners?[name]?.first { $0 != coordinator }
  }
}

/// What to say about a name that resolves to nothing: `; did you mean 'x'?` for the closest
/// candidate, and the fix that writes it when no other candidate is as close.
private struct Hint {
  /// `; did you mean 'x'?`, or empty.
  var text: String
  /// `name` becomes the closest candidate, when that one is unambiguous.
  var fix: Fix?

  init(_ name: String, in candidates: some Sequence<String>) {
    let best = Suggestion.best(to: name, in: candidates)
    text = best.map { "; did you mean '\($0.name)'?" } ?? ""
    fix = best.flatMap { $0.isUnique ? Fix(replacing: name, with: $0.name) : nil }
  }
}
