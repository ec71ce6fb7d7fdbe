/// Why a name written in a flow stands for nothing it may stand for where it is written.
///
/// The graph records one for every type name, every link's `to:` and `via:` name and every
/// action's target it could not resolve, and `unknown-reference` reports it as it stands, so
/// no rule, generator, drawing or editor feature looks the name up again. A reason
/// distinguishes what its finding says and no more.
package enum UnresolvedReason: Hashable, Sendable {
  /// Nothing of the kind wanted has the name. `suggestion` is the closest name of that kind,
  /// when one is close enough to be a likely typo; where a finding about a missing name waits
  /// for a complete module (a type, a coordinator), none is worked out in an incomplete one.
  case missing(suggestion: NameSuggestion?)
  /// The name is one of `kind`, not of the kind wanted (a decision where a link wants a
  /// screen, a coordinator where a type is wanted, a type where a coordinator is wanted).
  /// `suggestion` is the closest name of the kind wanted, where the finding suggests one.
  case wrongKind(NameKind, suggestion: NameSuggestion?)
  /// The name is not one of the holder's, but the coordinator at this index of the module
  /// has a screen, decision or alert of that name: a screen, decision or alert is reached
  /// only in its own coordinator (by starting that one), so this is a mistake of its own,
  /// not a typo.
  case otherCoordinator(Int)
}

/// The kinds of names a flow defines (spec section 2).
package enum NameKind: String, Hashable, Sendable {
  case screen, decision, alert, coordinator, type
}

/// The closest existing name to one that resolves to nothing, as `Suggestion.best` finds it.
package struct NameSuggestion: Hashable, Sendable {
  /// The existing name.
  package var name: String
  /// Whether no other candidate is as close: then `check --fix` may write it.
  package var isUnique: Bool

  /// The closest of `candidates` to `word`, if one is close enough.
  init?(closestTo word: String, in candidates: some Sequence<String>) {
    guard let best = Suggestion.best(to: word, in: candidates) else { return nil }
    name = best.name
    isUnique = best.isUnique
  }
}

/// A reference resolved: to its target, or to why it has none.
package enum Resolution<Target: Sendable>: Sendable {
  case resolved(Target)
  case unresolved(UnresolvedReason)

  /// The target, when the reference resolved.
  package var target: Target? {
    if case .resolved(let target) = self { return target }
    return nil
  }
}

// MARK: Types

/// What a type name stands for (spec section 3).
package enum TypeResolution: Sendable {
  /// A builtin type (`String`, `Int`, …).
  case builtin
  /// The first type declared with the name.
  case declared(TypeDeclaration)
  /// No type: why.
  case unresolved(UnresolvedReason)

  /// The declaration, for a declared type.
  package var declaration: TypeDeclaration? {
    if case .declared(let declaration) = self { return declaration }
    return nil
  }
}

/// The module's type names, resolved once: the one place a type is looked up by its name.
///
/// Every type name the module's definitions write (fields, case payloads, inputs, results,
/// payloads, link params and values) is resolved when the graph is built, each distinct name
/// once (one hash lookup for each name written again), so an unresolved name's did-you-mean
/// is worked out once however many definitions share it, and the rules ask about a written
/// name with one lookup (``reason(of:)``, ``isUsable(_:)``). Any other name (one an editor
/// asks about, a name generated code would make) resolves the same way when asked: O(1) for
/// a builtin, declared or recorded name.
package struct ResolvedTypes: Sendable {
  /// The module and the table, behind one reference: the graph and the rules pass the
  /// resolved types by value (into closures too), and a copy is then one retain, not one
  /// per field of the module.
  private let storage: Storage

  private final class Storage: Sendable {
    let module: FlowModule
    /// What every distinct type name the module writes stands for.
    let written: [String: Written]

    init(module: FlowModule, written: [String: Written]) {
      self.module = module
      self.written = written
    }
  }

  private var module: FlowModule { storage.module }
  private var written: [String: Written] { storage.written }

  /// The type names `coordinator` writes (its input and result, its nodes' inputs and
  /// payloads, its events'), each once, in the order first written.
  private static func typeNames(writtenIn coordinator: Coordinator) -> [String] {
    var names: [String] = []
    var seen: Set<String> = []
    // The name met last: references in a row mostly name the same type, and comparing a
    // name is cheaper than hashing it.
    var last: String?
    func note(_ name: String) {
      guard name != last else { return }
      last = name
      if seen.insert(name).inserted { names.append(name) }
    }
    func note(_ reference: TypeReference?) {
      reference?.forEachNameText(note)
    }
    note(coordinator.input)
    switch coordinator.result {
    case .inline(let cases, _): for item in cases { note(item.payload) }
    case .named(let reference): note(reference)
    case nil: break
    }
    // By index, reading only the types: no copy of each node.
    let screens = coordinator.screens
    for index in screens.indices {
      note(screens[index].input)
      let events = screens[index].events
      for event in events.indices { note(events[event].payload) }
    }
    for decision in coordinator.decisions {
      for item in decision.cases { note(item.payload) }
    }
    for alert in coordinator.alerts {
      note(alert.input)
      for button in alert.buttons { note(button.payload) }
    }
    for event in coordinator.events { note(event.payload) }
    return names
  }

  /// What a written type name stands for, as much as the rules ask.
  private enum Written: Sendable {
    /// A builtin type, or the first type declared with the name, read without a problem.
    case usable
    /// The first type declared with the name, which could not be read (`schema` says why).
    case invalid
    /// No type: why.
    case unresolved(UnresolvedReason)
  }

  init(module: FlowModule) {
    var written: [String: Written] = [:]
    var candidates: [String]?
    // The name resolved last: references in a row mostly name the same type, and comparing
    // a name is cheaper than hashing it.
    var last: String?
    func resolve(_ name: String) {
      guard name != last else { return }
      last = name
      guard written.index(forKey: name) == nil else { return }
      written[name] = Self.written(name, in: module) {
        if let candidates { return candidates }
        let all = Array(TypeExpression.builtins) + module.types.map(\.name.text)
        candidates = all
        return all
      }
    }
    func resolve(_ reference: TypeReference?) {
      reference?.forEachNameText(resolve)
    }
    for type in module.types {
      switch type.kind {
      case .structure(let fields): for field in fields { resolve(field.type) }
      case .enumeration(let cases): for item in cases { resolve(item.payload) }
      case .external, .invalid: break
      }
    }
    // The coordinators write most of the names, each a few names many times: the names each
    // writes are gathered on all cores, and each is resolved once here. What a name stands
    // for depends on the name alone, so the order names are met in changes nothing.
    let coordinatorNames = Parallel.map(count: module.coordinators.count, minimumChunk: 64) {
      Self.typeNames(writtenIn: module.coordinators[$0])
    }
    for names in coordinatorNames {
      for name in names { resolve(name) }
    }
    for link in module.links {
      for param in link.params { resolve(param.type) }
      for value in link.values { resolve(value.type) }
    }
    storage = Storage(module: module, written: written)
  }

  /// What `name` stands for as a type.
  package func resolution(of name: String) -> TypeResolution {
    if TypeExpression.builtins.contains(name) { return .builtin }
    if let declaration = module.type(named: name) { return .declared(declaration) }
    if case .unresolved(let reason)? = written[name] { return .unresolved(reason) }
    let module = self.module
    return .unresolved(
      Self.reason(name, in: module) {
        Array(TypeExpression.builtins) + module.types.map(\.name.text)
      })
  }

  /// Why `name` stands for no type: the reason ``resolution(of:)`` gives, `nil` for a builtin
  /// or declared type. One lookup for a name the module writes.
  package func reason(of name: String) -> UnresolvedReason? {
    switch written[name] {
    case .usable?, .invalid?: return nil
    case .unresolved(let reason)?: return reason
    case nil:
      if case .unresolved(let reason) = resolution(of: name) { return reason }
      return nil
    }
  }

  /// Whether `name` is a builtin type or a declared one that could be read (not
  /// ``TypeDeclaration/Kind/invalid``). One lookup for a name the module writes.
  package func isUsable(_ name: String) -> Bool {
    let module = self.module
    switch written[name] ?? Self.written(name, in: module, candidates: { [] }) {
    case .usable: return true
    case .invalid, .unresolved: return false
    }
  }

  /// What `name` stands for, its reason worked out from `candidates` when it is no type.
  private static func written(
    _ name: String, in module: FlowModule, candidates: () -> [String]
  ) -> Written {
    if TypeExpression.builtins.contains(name) { return .usable }
    if let declaration = module.type(named: name) {
      if case .invalid = declaration.kind { return .invalid }
      return .usable
    }
    return .unresolved(reason(name, in: module, candidates: candidates))
  }

  /// The first type declared with `name`, if any.
  package func declaration(named name: String) -> TypeDeclaration? {
    module.type(named: name)
  }

  /// Why `name`, neither builtin nor declared, is no type: a coordinator's name is of the
  /// wrong kind; any other name is missing, with the closest builtin or declared type name
  /// when the module is complete (a file that did not join it may declare the name).
  private static func reason(
    _ name: String, in module: FlowModule, candidates: () -> [String]
  ) -> UnresolvedReason {
    if module.coordinatorIndex(named: name) != nil {
      return .wrongKind(.coordinator, suggestion: nil)
    }
    guard module.isComplete else { return .missing(suggestion: nil) }
    return .missing(suggestion: NameSuggestion(closestTo: name, in: candidates()))
  }
}

extension TypeReference {
  /// Calls `body` with the text of each of ``names``, in order, without building the array
  /// of them for a plain name (`Item`, by far the most common reference).
  package func forEachNameText(_ body: (String) -> Void) {
    if case .named(let name) = type {
      body(name)
      return
    }
    for name in names { body(name.text) }
  }

  /// Whether the text of every one of ``names`` satisfies `predicate`; see
  /// ``forEachNameText(_:)``.
  package func allNameTexts(satisfy predicate: (String) -> Bool) -> Bool {
    if case .named(let name) = type { return predicate(name) }
    return names.allSatisfy { predicate($0.text) }
  }
}

// MARK: Links

/// A link's `to:` and `via:` (spec section 12), resolved once for the route search, the
/// drawing and `unknown-reference`.
package struct LinkReferences: Sendable {
  /// Each `via:` coordinator, in order: its index in the module, or why it has none.
  package let via: [Resolution<Int>]
  /// The coordinator of `to:`: its index in the module; `nil` when the link has no `to:`.
  package let coordinator: Resolution<Int>?
  /// The screen of `to:`: its node in that coordinator; `nil` when the link has no `to:` or
  /// its coordinator does not resolve.
  package let screen: Resolution<NodeID>?
  /// (r3) The shared screen of a relative link's `to:`: its index in the module's shared
  /// screens; `nil` for a link that is not relative.
  package var shared: Resolution<Int>? = nil

  /// The coordinator and screen `to:` names, when both resolve.
  package var target: (coordinator: Int, screen: NodeID)? {
    guard let coordinator = coordinator?.target, let screen = screen?.target else { return nil }
    return (coordinator, screen)
  }

  /// The `via:` coordinators, when every one resolves.
  package var viaCoordinators: [Int]? {
    var indices: [Int] = []
    indices.reserveCapacity(via.count)
    for reference in via {
      guard let index = reference.target else { return nil }
      indices.append(index)
    }
    return indices
  }

  /// Resolves the references of every link of `module`, each distinct unresolved name's
  /// did-you-mean worked out once: O(size of the links), plus the candidates of each
  /// suggestion.
  static func resolve(_ module: FlowModule) -> [LinkReferences] {
    guard !module.links.isEmpty else { return [] }
    var coordinators: [String: Resolution<Int>] = [:]
    var screens: [String: NameSuggestion?] = [:]
    func coordinator(_ name: Identifier) -> Resolution<Int> {
      if let known = coordinators[name.text] { return known }
      let resolution: Resolution<Int>
      if let index = module.coordinatorIndex(named: name.text) {
        resolution = .resolved(index)
      } else {
        let suggestion =
          module.isComplete
          ? NameSuggestion(closestTo: name.text, in: module.coordinators.map(\.name.text)) : nil
        resolution =
          module.type(named: name.text) != nil
          ? .unresolved(.wrongKind(.type, suggestion: suggestion))
          : .unresolved(.missing(suggestion: suggestion))
      }
      coordinators[name.text] = resolution
      return resolution
    }
    func screen(_ name: Identifier, in index: Int) -> Resolution<NodeID> {
      switch module.node(named: name.text, in: index) {
      case .screen(let screen): return .resolved(screen)
      case .decision: return .unresolved(.wrongKind(.decision, suggestion: nil))
      case .alert: return .unresolved(.wrongKind(.alert, suggestion: nil))
      case nil:
        let key = "\(index)\u{0}\(name.text)"
        if let known = screens[key] { return .unresolved(.missing(suggestion: known)) }
        let suggestion = NameSuggestion(
          closestTo: name.text, in: module.coordinators[index].screens.map(\.name.text))
        screens[key] = suggestion
        return .unresolved(.missing(suggestion: suggestion))
      }
    }
    func shared(_ name: Identifier) -> Resolution<Int> {
      switch module.sharedNode(named: name.text) {
      case .screen(let index): return .resolved(index)
      case .decision: return .unresolved(.wrongKind(.decision, suggestion: nil))
      case .alert: return .unresolved(.wrongKind(.alert, suggestion: nil))
      case nil:
        return .unresolved(
          .missing(
            suggestion: NameSuggestion(
              closestTo: name.text, in: module.shared.screens.map(\.name.text))))
      }
    }
    return module.links.map { link in
      if let relative = link.relative {
        var references = LinkReferences(via: [], coordinator: nil, screen: nil)
        references.shared = shared(relative)
        return references
      }
      let via = link.via.map(coordinator)
      guard let target = link.target else {
        return LinkReferences(via: via, coordinator: nil, screen: nil)
      }
      let owner = coordinator(target.coordinator)
      return LinkReferences(
        via: via, coordinator: owner, screen: owner.target.map { screen(target.screen, in: $0) })
    }
  }
}

// MARK: Action targets

/// Why the names that actions and starts write resolve to nothing where they are written,
/// worked out once when the graph is built: a `push`, `present` or `replace` screen, a
/// `decide` decision, an `alert`, a `start`ed or `select`ed child, a `finish` case, the
/// result case a handler of a child's result handles, a coordinator's `start`, a tab's child
/// and `leave`.
///
/// Only the names that do not resolve have an entry: a valid module's is empty. Each
/// did-you-mean is worked out once per name and the names it is chosen from (a coordinator's
/// screens, the module's coordinators), so a wrong name in content many nodes share
/// (through an alias or a merge key) costs one search, not one per node. O(unresolved names
/// plus the candidates of each suggestion), plus one table of every node's name, built only
/// when a node is named where it is not.
package struct ActionTargets: Sendable {
  /// By the identity of the step (the graph holds every step, so none is reused).
  private var actions: [ObjectIdentifier: UnresolvedReason] = [:]
  private var handledCases: [ObjectIdentifier: UnresolvedReason] = [:]
  /// By coordinator index.
  private var starts: [Int: UnresolvedReason] = [:]
  private var leaves: [Int: UnresolvedReason] = [:]
  /// The result case each `leave: c` names, by coordinator index (few coordinators have one).
  private var leaveCases: [Int: Int] = [:]
  /// By coordinator index and the tab's offset among its tabs.
  private var tabs: [TabPlace: UnresolvedReason] = [:]

  private struct TabPlace: Hashable {
    var coordinator: Int
    var tab: Int
  }

  /// Why the target of `step`'s action resolves to nothing: the screen, decision or alert it
  /// names, the child it starts or selects, the case it finishes with; `nil` when it
  /// resolves, or when nothing can be said (an action that could not be read, a `finish`
  /// in a coordinator whose result names no enum).
  ///
  /// A `finish` in a coordinator without a result is `missing` without a suggestion.
  package func reason(of step: Step) -> UnresolvedReason? {
    actions[ObjectIdentifier(step)]
  }

  /// Why the result case a handler `step` handles is none of its child's: `missing` with the
  /// closest case (without one when the child has no result); `nil` when it is one, the step
  /// is no handler, its child does not resolve, or the child's result names no enum.
  package func reasonOfHandledCase(_ step: Step) -> UnresolvedReason? {
    handledCases[ObjectIdentifier(step)]
  }

  /// Whether some step's target or handled case resolves to nothing: when none does (a valid
  /// module's), ``reason(of:)`` and ``reasonOfHandledCase(_:)`` are `nil` for every step and
  /// a reader need not ask step by step.
  package var hasStepReasons: Bool { !actions.isEmpty || !handledCases.isEmpty }

  /// Why the `start` of the coordinator at `coordinator` is none of its screens or decisions.
  package func reasonOfStart(in coordinator: Int) -> UnresolvedReason? {
    starts[coordinator]
  }

  /// Why the child of tab `tab` of the coordinator at `coordinator` is no coordinator.
  package func reasonOfTab(_ tab: Int, in coordinator: Int) -> UnresolvedReason? {
    tabs[TabPlace(coordinator: coordinator, tab: tab)]
  }

  /// Why the `leave` case of the coordinator at `coordinator` is none of its result cases;
  /// `missing` without a suggestion when it has no result.
  package func reasonOfLeave(in coordinator: Int) -> UnresolvedReason? {
    leaves[coordinator]
  }

  /// The result case `leave: c` of the coordinator at `coordinator` names, as an index of its
  /// ``CoordinatorGraph/results``; `nil` without `leave: c`, or when it names none of them
  /// (``reasonOfLeave(in:)`` says why).
  package func leaveCase(in coordinator: Int) -> Int? {
    leaveCases[coordinator]
  }

  init(module: FlowModule, coordinators graphs: [CoordinatorGraph]) {
    // Most steps resolve: those that do not are found on all cores, and why is then worked
    // out for each in module order.
    let unresolved = Parallel.map(count: graphs.count, minimumChunk: 64) {
      Self.stepsNamingSomethingUnresolved(in: graphs[$0])
    }
    var finder = ReasonFinder(module: module)
    for (index, graph) in graphs.enumerated() {
      let coordinator = module.coordinators[index]
      for step in unresolved[index] {
        let id = ObjectIdentifier(step)
        if case .start(let child) = step.action, child.child == nil {
          actions[id] = finder.child(child.start.coordinator.text, in: index)
        } else if case .unresolved = step.action {
          switch step.written.kind {
          case .push(let name), .present(let name, _), .replace(let name):
            actions[id] = finder.node(name.text, expected: .screen, in: index)
          case .decide(let name):
            actions[id] = finder.node(name.text, expected: .decision, in: index)
          case .alert(let name):
            actions[id] = finder.node(name.text, expected: .alert, in: index)
          case .select(let name):
            actions[id] = finder.child(name.text, in: index)
          case .finish(let name):
            actions[id] = finder.resultCase(name.text, of: index)
          case .request(let name):
            actions[id] = finder.request(name.text, of: index)
          case .start, .pop, .popToRoot, .dismiss, .stay, .invalid, .sequence:
            break  // a sequence's elements are steps of their own (r3)
          }
        }
        // A handler whose action is a sequence is a step per element: its case is the
        // handler's, looked at once, at the first.
        if !step.handlesKnownName, step.isFirstElement, let child = step.handlerOf.last?.child {
          handledCases[id] = finder.handledName(step.transition.name.text, of: child)
        }
      }
      switch (coordinator.root, graph.root) {
      case (.start(let name, _), .unresolved):
        starts[index] = finder.start(name.text, in: index)
      case (.tabs, .tabs(let started)):
        for (offset, tab) in started.enumerated() where tab.start.child == nil {
          tabs[TabPlace(coordinator: index, tab: offset)] = finder.child(
            tab.start.start.coordinator.text, in: index)
        }
      default:
        break
      }
      if case .result(let name)? = coordinator.leave {
        if let found = graph.resultCases[name.text] {
          leaveCases[index] = found
        } else {
          leaves[index] = finder.resultCase(name.text, of: index)
        }
      }
    }
  }

  /// The steps of `graph` that name something that does not resolve
  /// (``namesSomethingUnresolved(_:)``), in the order of its nodes' steps, its tabs'
  /// handlers', its external events'.
  private static func stepsNamingSomethingUnresolved(in graph: CoordinatorGraph) -> [Step] {
    var found: [Step] = []
    for steps in graph.steps {
      for step in steps where namesSomethingUnresolved(step) { found.append(step) }
    }
    if case .tabs(let started) = graph.root {
      for tab in started {
        for step in tab.handlerSteps where namesSomethingUnresolved(step) { found.append(step) }
      }
    }
    for step in graph.eventSteps where namesSomethingUnresolved(step) { found.append(step) }
    return found
  }

  /// Whether `step` names something that does not resolve: its action's target, the child
  /// it starts, the case it handles.
  private static func namesSomethingUnresolved(_ step: Step) -> Bool {
    switch step.action {
    case .unresolved: return true
    case .start(let child) where child.child == nil: return true
    default: return !step.handlesKnownName && step.handlerOf.last?.child != nil
    }
  }
}

/// Works out why a name resolves to nothing, with the tables and suggestions it needs built
/// on first need and kept for the next name.
private struct ReasonFinder {
  let module: FlowModule
  /// The coordinators that have a screen, decision or alert of each name, in module order.
  private var owners: [String: [Int]]?
  /// The suggestions worked out so far, by the names they were chosen from and the name.
  private var suggestions: [String: NameSuggestion?] = [:]

  init(module: FlowModule) {
    self.module = module
  }

  /// A screen, decision or alert `expected` of the coordinator at `coordinator`: another
  /// of its nodes, a coordinator, a node of another coordinator, or missing.
  mutating func node(_ name: String, expected: NameKind, in coordinator: Int) -> UnresolvedReason? {
    if let found = module.node(named: name, in: coordinator) {
      let kind = Self.kind(of: found)
      return kind == expected ? nil : .wrongKind(kind, suggestion: nil)
    }
    if let other = elsewhere(name, in: coordinator) { return other }
    let owner = module.coordinators[coordinator]
    let shared = module.shared
    // Its own nodes of the kind, then the shared ones (r3) it has no copy of.
    let suggestion = suggest(name, among: "\(expected)s of \(coordinator)") {
      switch expected {
      case .decision:
        owner.decisions.map(\.name.text) + shared.decisions.map(\.name.text)
      case .alert: owner.alerts.map(\.name.text) + shared.alerts.map(\.name.text)
      default: owner.screens.map(\.name.text) + shared.screens.map(\.name.text)
      }
    }
    return .missing(suggestion: suggestion)
  }

  /// A coordinator's `start`: one of its screens or decisions.
  mutating func start(_ name: String, in coordinator: Int) -> UnresolvedReason? {
    switch module.node(named: name, in: coordinator) {
    case .screen, .decision: return nil
    case .alert: return .wrongKind(.alert, suggestion: nil)
    case nil: break
    }
    if let other = elsewhere(name, in: coordinator) { return other }
    return .missing(
      suggestion: NameSuggestion(closestTo: name, in: module.nodeNames(in: coordinator)))
  }

  /// A child `start`ed or `select`ed from the coordinator at `coordinator`: a coordinator,
  /// not one of its nodes. The suggestion waits for a complete module.
  mutating func child(_ name: String, in coordinator: Int) -> UnresolvedReason? {
    guard module.coordinatorIndex(named: name) == nil else { return nil }
    if let found = module.node(named: name, in: coordinator) {
      return .wrongKind(Self.kind(of: found), suggestion: nil)
    }
    guard module.isComplete else { return .missing(suggestion: nil) }
    let module = self.module
    return .missing(
      suggestion: suggest(name, among: "coordinators") { module.coordinators.map(\.name.text) })
  }

  /// A result case of the coordinator at `coordinator`, which it does not have: `nil` when its
  /// cases are unknown (its result names no enum).
  func resultCase(_ name: String, of coordinator: Int) -> UnresolvedReason? {
    let owner = module.coordinators[coordinator]
    guard owner.result != nil else { return .missing(suggestion: nil) }
    guard let cases = module.resultCases(of: owner) else { return nil }
    guard !cases.contains(where: { $0.name.text == name }) else { return nil }
    return .missing(suggestion: NameSuggestion(closestTo: name, in: cases.map(\.name.text)))
  }

  /// (r3) A request of the coordinator at `coordinator`, which it does not have (spec section
  /// 13.3): missing, with the closest of its requests.
  func request(_ name: String, of coordinator: Int) -> UnresolvedReason? {
    let requests = module.coordinators[coordinator].requests.map(\.name.text)
    guard !requests.contains(name) else { return nil }
    return .missing(suggestion: NameSuggestion(closestTo: name, in: requests))
  }

  /// What a handler of the child at `coordinator` names, which is none of its result cases
  /// nor (r3) of its requests: missing without a suggestion when it has neither, with the
  /// closest of them otherwise; `nil` when its cases are unknown (its result names no enum).
  func handledName(_ name: String, of coordinator: Int) -> UnresolvedReason? {
    let owner = module.coordinators[coordinator]
    var names = owner.requests.map(\.name.text)
    if owner.result != nil {
      guard let cases = module.resultCases(of: owner) else { return nil }
      names = cases.map(\.name.text) + names
    }
    guard !names.isEmpty else { return .missing(suggestion: nil) }
    guard !names.contains(name) else { return nil }
    return .missing(suggestion: NameSuggestion(closestTo: name, in: names))
  }

  /// A name that is none of the coordinator at `coordinator`'s nodes: a coordinator's, or a
  /// node's of another coordinator (the first in module order with another name).
  private mutating func elsewhere(_ name: String, in coordinator: Int) -> UnresolvedReason? {
    if module.coordinatorIndex(named: name) != nil {
      return .wrongKind(.coordinator, suggestion: nil)
    }
    if owners == nil {
      var table: [String: [Int]] = [:]
      for (index, owner) in module.coordinators.enumerated() {
        for screen in owner.screens { table[screen.name.text, default: []].append(index) }
        for decision in owner.decisions { table[decision.name.text, default: []].append(index) }
        for alert in owner.alerts { table[alert.name.text, default: []].append(index) }
      }
      owners = table
    }
    let holder = module.coordinators[coordinator].name.text
    return owners?[name]?.first { module.coordinators[$0].name.text != holder }
      .map { .otherCoordinator($0) }
  }

  private mutating func suggest(
    _ name: String, among scope: String, _ candidates: () -> [String]
  ) -> NameSuggestion? {
    let key = scope + "\u{0}" + name
    if let known = suggestions[key] { return known }
    let suggestion = NameSuggestion(closestTo: name, in: candidates())
    suggestions[key] = suggestion
    return suggestion
  }

  private static func kind(of node: Coordinator.Node) -> NameKind {
    switch node {
    case .screen: .screen
    case .decision: .decision
    case .alert: .alert
    }
  }
}
