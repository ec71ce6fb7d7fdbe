/// Two definitions that one name, or one generated Swift name, would have to serve.
package enum DuplicateNameRule: OutlineRule {
  package static let id: RuleID = "duplicate-name"
  package static let severity = Severity.error
  package static let blocksGeneration = true
  package static let drawing = FindingDrawing.problem
  package static let summary =
    "A coordinator or type defined twice in the module, two nodes (screens, decisions, alerts) "
    + "of one name in a coordinator, or generated Swift names that collide."
  package static let rationale = """
    Coordinators have one namespace across the module's files and types another (a type \
    `News` and a coordinator `News` do not clash); screens, decisions and alerts share their \
    coordinator's. Generated code adds `<C>Coordinator`, `<C>Screens` \
    and `<C>Result` for each coordinator `C`, and `<C>ExternalEvent` for one with external \
    events: a type with one of those names would collide with it. Inside `<C>Coordinator` \
    it nests `<S>Event` for each screen `S`, `<D>Answer` for each decision `D` and \
    `<A>Button` for each alert `A`: a type of the same name would be hidden there, and so \
    would `<C>ExternalEvent` by the event enum of a screen `<C>External`. A module with links \
    generates `FlowLink`, and `FlowLinkValues` when a link has `values`: a type may not take \
    those names either. A module with shared screens, decisions or alerts (revision 3) \
    generates `SharedScreens` (which a coordinator `Shared` or a type would take) and, once, \
    a top-level `<S>Event`, `<D>Answer` or `<A>Button` for each shared node. A coordinator's \
    requests (revision 3) and its result cases share one namespace too: a parent's `on` \
    handles both by name. The finding is \
    placed once, at the later definition in file order (files \
    sorted by path), with a note at the earlier.
    """
  package static let examples: [RuleExample] = [
    .triggering(files: [
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { next: stay } }
      """,
      """
      version: 1
      coordinators:
        ↓App:
          entry: true
          start: Home
          screens:
            Home: { on: { next: stay } }
      """,
    ]),
    .triggering(
      """
      version: 1
      types:
        AuthResult: { struct: { name: String } }
      coordinators:
        ↓Auth:
          result: { done: ~ }
          start: Login
          screens:
            Login: { on: { next: { finish: done } } }
          decisions:
            ↓Login: { cases: { yes: { finish: done } } }
          alerts:
            ↓Login: { on: { ok: stay } }
      """),
    .triggering(
      """
      version: 1
      types:
        LoginEvent: { struct: { name: String } }
      coordinators:
        Auth:
          entry: true
          start: Login
          screens:
            ↓Login: { on: { next: { payload: LoginEvent, push: Login } } }
      """),
    .triggering(
      """
      version: 1
      types:
        ThreadEvent: { struct: { id: Int } }
      screens:
        Profile: { on: { thread: { payload: ThreadEvent, push: Thread } } }
        ↓Thread: { on: { back: pop } }
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { open: { push: Profile } } }
        ↓Shared:
          start: Profile
      """),
    .passing(
      """
      version: 1
      types:
        Profile: { struct: { name: String } }
        News: { struct: { title: String } }
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { read: { payload: News, start: News, on: { done: stay } } } }
        News:
          input: News
          result: { done: ~ }
          start: Article
          screens:
            Article: { input: News, on: { close: { finish: done } } }
        Settings:
          start: Profile
          screens:
            Profile: { on: { next: stay } }
      """),
  ]

  /// One definition in the module namespace. The Swift names it generates are worked out
  /// when needed (``generated(in:)``), not stored: a module of 250,000 coordinators would
  /// hold a list of them per coordinator for the whole rule.
  private struct Definition {
    var name: Identifier
    var kind: String
    /// The index of the coordinator in the module, for a coordinator.
    var coordinator: Int?
    /// (r3) The shared node, for a shared screen, decision or alert.
    var shared: Coordinator.Node?

    /// What a finding about it is about.
    var subject: SymbolRef {
      if let shared {
        return SymbolRef([DuplicateNameRule.node(SharedNodes.kind(of: shared), name.text)])
      }
      switch kind {
      case "coordinator": return .coordinator(name.text)
      case "link": return .link(name.text)
      default: return .type(name.text)
      }
    }

    /// Each top-level Swift name generated for the definition, with what it is for messages
    /// (`nil`: the name itself), as ``GeneratedNames`` spells them.
    func generated(in module: FlowModule) -> [(name: String, role: String?)] {
      if kind == "link" { return [] }
      if let shared {
        let form = GeneratedNames.nodeEnum(of: shared).form
        return [(form.name(for: name.text), form.role)]
      }
      guard let coordinator else { return [(name.text, GeneratedNames.declaredType.role)] }
      return GeneratedNames.topLevelNames(of: module.coordinators[coordinator]).map {
        ($0.name, $0.form.role)
      }
    }
  }

  /// A name in the namespace of its kind of definition.
  private struct Namespaced: Hashable {
    var kind: String
    var name: String
  }

  /// Checks both namespaces in one pass each, with hash tables: O(definitions).
  package static func check(_ context: ResolvedModule, into findings: inout Findings) {
    let module = context.module
    var definitions: [Definition] = module.types.map { Definition(name: $0.name, kind: "type") }
    definitions.reserveCapacity(module.types.count + module.coordinators.count)
    for (index, coordinator) in module.coordinators.enumerated() {
      definitions.append(
        Definition(name: coordinator.name, kind: "coordinator", coordinator: index))
    }
    definitions.append(contentsOf: module.links.map { Definition(name: $0.name, kind: "link") })
    // (r3) Each shared node generates a top-level enum (spec section 13.2); a second shared
    // node of a name is `checkSharedNames`' finding, so only the first of each takes part.
    let shared = module.shared
    let sharedInOrder = shared.allNodes.sorted {
      shared.name(of: $0).range.precedes(shared.name(of: $1).range)
    }
    var sharedNames: Set<String> = []
    for node in sharedInOrder {
      let name = shared.name(of: node)
      guard sharedNames.insert(name.text).inserted else { continue }
      definitions.append(
        Definition(
          name: name, kind: "shared \(SharedNodes.kind(of: node))", shared: node))
    }
    definitions.sort {
      $0.name.range.precedes($1.name.range)
    }

    // Coordinators and types have namespaces of their own (spec section 2, r2); the Swift
    // names they generate share one, below. The tables hold indices into `definitions`.
    var seen: [Namespaced: Int] = [:]
    seen.reserveCapacity(definitions.count)
    var unique: [Int] = []
    unique.reserveCapacity(definitions.count)
    for (index, definition) in definitions.enumerated() {
      let key = Namespaced(kind: definition.kind, name: definition.name.text)
      if let firstIndex = seen[key] {
        let first = definitions[firstIndex]
        findings.add(
          Message.definedTwice(definition.subject), about: definition.subject,
          at: definition.name.range, notes: [Note("first defined here", at: first.name.range)])
      } else {
        seen[key] = index
        unique.append(index)
      }
    }
    seen = [:]

    var owners: [String: (definition: Int, role: String?)] = [:]
    owners.reserveCapacity(2 * unique.count)
    for index in unique {
      let definition = definitions[index]
      for (swiftName, role) in definition.generated(in: module) {
        if let (firstIndex, firstRole) = owners[swiftName] {
          let first = definitions[firstIndex]
          findings.add(
            Message.generatedCollision(
              definition.subject, swiftName: swiftName, role: role, other: first.subject,
              otherRole: firstRole),
            about: definition.subject, at: definition.name.range,
            notes: [Note("\(first.kind) '\(first.name)' defined here", at: first.name.range)])
          break
        }
        owners[swiftName] = (index, role)
      }
    }
    // A coordinator whose generated name is one the module generates once (`Shared`, whose
    // `SharedScreens` is the shared nodes' protocol, r3); a declared type is reported below.
    for (form, generatedBy, has) in GeneratedNames.ofModule where has(module) {
      guard let (index, role) = owners[form.name], let role else { continue }
      let definition = definitions[index]
      findings.add(
        Message.moduleNameCollision(
          definition.subject, swiftName: form.name, role: role, moduleRole: form.role ?? "type",
          generatedBy: generatedBy),
        about: definition.subject, at: definition.name.range)
    }
    owners = [:]

    checkModuleTypes(module, types: context.graph.types, into: &findings)
    checkNestedNames(module, types: context.graph.types, into: &findings)
    checkLinks(module, types: context.graph.types, into: &findings)

    // Screens, decisions and alerts: the module's name table holds each coordinator's first
    // node of every name (screens before decisions before alerts), so only decisions and
    // alerts (few) need looking up, each against the node the table holds.
    for (index, coordinator) in module.coordinators.enumerated() {
      let nodes =
        coordinator.decisions.map { ($0.name, "decision") }
        + coordinator.alerts.map { ($0.name, "alert") }
      for (name, kind) in nodes {
        let other: Identifier
        let otherKind: String
        switch module.node(named: name.text, in: index) {
        case .screen(let screen): (other, otherKind) = (coordinator.screens[screen].name, "screen")
        case .decision(let decision) where kind == "alert":
          (other, otherKind) = (coordinator.decisions[decision].name, "decision")
        default: continue
        }
        let isLater = other.range.start < name.range.start
        let (first, firstKind) = isLater ? (other, otherKind) : (name, kind)
        let (later, laterKind) = isLater ? (name, kind) : (other, otherKind)
        let subject = coordinator.subject.appending(Self.node(laterKind, later.text))
        findings.add(
          Message.nodeNameTaken(
            subject, by: firstKind, coordinator: coordinator.name.text),
          about: subject, at: later.range,
          notes: [Note("\(firstKind) defined here", at: first.range)])
      }
    }
    checkSharedNames(module, into: &findings)
    checkRequestNames(module, into: &findings)
  }

  /// (r3) A request named as a result case of its coordinator: a parent's `on` could not tell
  /// their handlers apart (spec section 13.3). Placed at the later of the two in file order,
  /// or at the request when the case is one of an enum type's. O(cases + requests).
  private static func checkRequestNames(_ module: FlowModule, into findings: inout Findings) {
    for coordinator in module.coordinators where !coordinator.requests.isEmpty {
      guard let cases = module.resultCases(of: coordinator) else { continue }
      var first: [String: Identifier] = [:]
      for resultCase in cases where first[resultCase.name.text] == nil {
        first[resultCase.name.text] = resultCase.name
      }
      let isInline = if case .inline = coordinator.result { true } else { false }
      for request in coordinator.requests {
        guard let resultCase = first[request.name.text] else { continue }
        let caseIsLater = isInline && request.name.range.precedes(resultCase.range)
        let (later, earlier) = caseIsLater ? (resultCase, request.name) : (request.name, resultCase)
        let subject = coordinator.subject.appending(
          caseIsLater ? .resultCase(later.text) : .request(later.text))
        findings.add(
          Message.requestNameTaken(
            subject, name: later.text, coordinator: coordinator.name.text, caseIsLater: caseIsLater),
          about: subject, at: later.range,
          notes: [
            Note(
              caseIsLater ? "request defined here" : "result case defined here", at: earlier.range)
          ])
      }
    }
  }

  /// (r3) Shared screens, decisions and alerts have one module-wide namespace, reported at
  /// the later of two; a coordinator's own node may not take a shared name, reported at the
  /// coordinator's node (spec section 13.2). O(nodes).
  private static func checkSharedNames(_ module: FlowModule, into findings: inout Findings) {
    let shared = module.shared
    guard !shared.isEmpty else { return }
    var first: [String: Coordinator.Node] = [:]
    let inOrder = shared.allNodes.sorted {
      shared.name(of: $0).range.precedes(shared.name(of: $1).range)
    }
    for node in inOrder {
      let name = shared.name(of: node)
      guard let earlier = first[name.text] else {
        first[name.text] = node
        continue
      }
      let subject = shared.subject(of: node)
      findings.add(
        Message.sharedNameTaken(subject, by: shared.subject(of: earlier)), about: subject,
        at: name.range, notes: [Note("defined here", at: shared.name(of: earlier).range)])
    }
    for coordinator in module.coordinators {
      let own: [(Identifier, String, Bool)] =
        coordinator.screens.map { ($0.name, "screen", $0.copyOf == nil) }
        + coordinator.decisions.map { ($0.name, "decision", $0.copyOf == nil) }
        + coordinator.alerts.map { ($0.name, "alert", $0.copyOf == nil) }
      for (name, kind, isOwn) in own where isOwn {
        guard let node = first[name.text] else { continue }
        let subject = coordinator.subject.appending(Self.node(kind, name.text))
        findings.add(
          Message.ownTakesSharedName(
            subject, shared: shared.subject(of: node), coordinator: coordinator.name.text),
          about: subject, at: name.range,
          notes: [Note("defined here", at: shared.name(of: node).range)])
      }
    }
  }

  /// Reports two links with the same URL pattern (the same literal segments, params in the
  /// same places: no URL could tell them apart), at the later one.
  private static func checkLinks(
    _ module: FlowModule, types: ResolvedTypes, into findings: inout Findings
  ) {
    guard !module.links.isEmpty else { return }
    var patterns: [[String?]: Int] = [:]
    for (index, link) in module.links.enumerated() where module.isFirstDefinition(link: index) {
      guard let url = link.url, !link.isBroken else { continue }
      if let first = patterns[url.shape] {
        let earlier = module.links[first]
        findings.add(
          Message.samePattern(
            link.subject, url: url.text, other: earlier.name.text,
            otherURL: earlier.url?.text ?? ""),
          about: link.subject, at: link.name.range,
          notes: [Note("link '\(earlier.name)' defined here", at: earlier.name.range)])
      } else {
        patterns[url.shape] = index
      }
    }
  }

  /// Reports a declared type that has the name of a type generated once for the module
  /// (``GeneratedNames/ofModule``: `FlowLink`, spec section 12; `SharedScreens`, 13.2).
  private static func checkModuleTypes(
    _ module: FlowModule, types: ResolvedTypes, into findings: inout Findings
  ) {
    for (form, generatedBy, has) in GeneratedNames.ofModule where has(module) {
      guard let type = types.declaration(named: form.name) else { continue }
      findings.add(
        Message.moduleTypeCollision(
          type.subject, swiftName: form.name, role: form.role ?? "type",
          generatedBy: generatedBy),
        about: type.subject, at: type.name.range)
    }
  }

  /// The step of a path to a node of `kind` (`screen`, `decision`, `alert`).
  fileprivate static func node(_ kind: String, _ name: String) -> SymbolRef.Component {
    switch kind {
    case "screen": .screen(name)
    case "decision": .decision(name)
    default: .alert(name)
    }
  }

  /// Reports the enums nested in a generated coordinator class that would hide a declared
  /// type inside it (`<Screen>Event`, `<Decision>Answer` and `<Alert>Button`), and the
  /// screens whose event enum would hide the coordinator's external event enum there.
  private static func checkNestedNames(
    _ module: FlowModule, types: ResolvedTypes, into findings: inout Findings
  ) {
    // The external event enum is named inside the class, where a screen's event enum of the
    // same name would hide it.
    for coordinator in module.coordinators where !coordinator.events.isEmpty {
      let external = GeneratedNames.externalEventEnum.name(for: coordinator.name.text)
      // The screen whose event enum is spelled like the external event enum, if any.
      guard let hiding = GeneratedNames.eventEnum.owner(of: external) else { continue }
      for screen in coordinator.screens where screen.name.text == hiding && screen.copyOf == nil {
        let subject = coordinator.subject.appending(.screen(screen.name.text))
        findings.add(
          Message.hidesExternalEvents(subject, coordinator: coordinator.name.text),
          about: subject, at: screen.name.range)
      }
    }
    // A nested enum is spelled `<node><suffix>`: only a type whose name ends in one of the
    // suffixes can be hidden, and most modules have none (then no node is looked at).
    let suffixes = GeneratedNames.nodeEnums.map { Array($0.form.name(for: "").utf8) }
    let couldBeHidden = module.types.contains { type in
      suffixes.contains { type.name.text.utf8.reversed().starts(with: $0.reversed()) }
    }
    guard couldBeHidden else { return }
    for coordinator in module.coordinators {
      for (nested, name, kind, form) in GeneratedNames.nestedEnums(of: coordinator) {
        guard let type = types.declaration(named: nested) else { continue }
        let subject = coordinator.subject.appending(Self.node(kind, name.text))
        findings.add(
          Message.hidesType(
            subject, role: form.role ?? "enum", nested: nested,
            coordinator: coordinator.name.text),
          about: subject, at: name.range,
          notes: [Note("type '\(nested)' defined here", at: type.name.range)])
      }
    }
  }

  /// What the rule says.
  package enum Message: RuleMessage {
    package typealias ReportingRule = DuplicateNameRule

    /// A coordinator, type or link defined a second time.
    case definedTwice(SymbolRef)
    /// A definition one of whose generated Swift names (`role`, or its own name when `nil`)
    /// is one that `other` generates (`otherRole`) or has.
    case generatedCollision(
      SymbolRef, swiftName: String, role: String?, other: SymbolRef, otherRole: String?)
    /// A screen, decision or alert with the name of an earlier node of another kind.
    case nodeNameTaken(SymbolRef, by: String, coordinator: String)
    /// A link with the URL pattern of an earlier one.
    case samePattern(SymbolRef, url: String, other: String, otherURL: String)
    /// A declared type named as a type generated once for the module (`role`, named
    /// `swiftName`, which `generatedBy` generate: `FlowLink`, `FlowLinkValues`).
    case moduleTypeCollision(SymbolRef, swiftName: String, role: String, generatedBy: String)
    /// (r3) A coordinator one of whose generated names (`role`) is `swiftName`, which
    /// `generatedBy` generate once for the module as a `moduleRole` (`SharedScreens`).
    case moduleNameCollision(
      SymbolRef, swiftName: String, role: String, moduleRole: String, generatedBy: String)
    /// A screen whose event enum hides its coordinator's external event enum.
    case hidesExternalEvents(SymbolRef, coordinator: String)
    /// A node whose nested enum (`role`, named `nested`) hides a declared type.
    case hidesType(SymbolRef, role: String, nested: String, coordinator: String)
    /// (r3) A shared node with the name of an earlier shared node.
    case sharedNameTaken(SymbolRef, by: SymbolRef)
    /// (r3) A coordinator's own node with the name of a shared node.
    case ownTakesSharedName(SymbolRef, shared: SymbolRef, coordinator: String)
    /// (r3) A request and a result case of one name in a coordinator, reported at the later
    /// (the result case when `caseIsLater`).
    case requestNameTaken(SymbolRef, name: String, coordinator: String, caseIsLater: Bool)

    package var name: String {
      switch self {
      case .definedTwice: "defined-twice"
      case .generatedCollision: "generated-collision"
      case .nodeNameTaken: "node-name-taken"
      case .samePattern: "same-url-pattern"
      case .moduleTypeCollision: "generated-type-collision"
      case .moduleNameCollision: "generated-module-collision"
      case .hidesExternalEvents: "hides-external-events"
      case .hidesType: "hides-type"
      case .sharedNameTaken: "shared-name-taken"
      case .ownTakesSharedName: "own-takes-shared-name"
      case .requestNameTaken: "request-name-taken"
      }
    }

    package var english: MessageText {
      switch self {
      case .definedTwice(let definition):
        return "\(definition: definition) is defined twice in the module"
      case .generatedCollision(let definition, let swiftName, let role, let other, let otherRole):
        let mine = role.map { "its \($0) '\(swiftName)'" } ?? "'\(swiftName)'"
        let theirs: MessageText =
          if let otherRole {
            "the \(otherRole) generated for \(definition: other)"
          } else {
            "\(definition: other)"
          }
        return "\(definition: definition) collides in generated Swift: \(mine) has the name of "
          + theirs
      case .nodeNameTaken(let node, let kind, let coordinator):
        let article = kind == "alert" ? "an" : "a"
        return "\(definition: node) has the name of \(article) \(kind) of coordinator "
          + "'\(coordinator)'; screens, decisions and alerts share one namespace"
      case .samePattern(let link, let url, let other, let otherURL):
        return "\(definition: link) has the URL pattern of link '\(other)' ('\(url)' and "
          + "'\(otherURL)'): no URL tells them apart, and the first would always win"
      case .moduleTypeCollision(let type, let swiftName, let role, let generatedBy):
        return "\(definition: type) collides in generated Swift: \(generatedBy) generate the "
          + "\(role) '\(swiftName)'; rename the type"
      case .moduleNameCollision(let definition, let swiftName, let role, let moduleRole, let by):
        return "\(definition: definition) collides in generated Swift: its \(role) "
          + "'\(swiftName)' has the name of the \(moduleRole) that \(by) generate; rename it"
      case .hidesExternalEvents(let screen, let coordinator):
        let external = GeneratedNames.externalEventEnum.name(for: coordinator)
        let className = GeneratedNames.coordinatorClass.name(for: coordinator)
        return "\(definition: screen) collides in generated Swift: its event enum "
          + "'\(className).\(external)' would hide the external event enum '\(external)' of "
          + "'\(coordinator)' inside the coordinator; rename the screen"
      case .hidesType(let node, let role, let nested, let coordinator):
        let className = GeneratedNames.coordinatorClass.name(for: coordinator)
        return "\(definition: node) collides in generated Swift: its \(role) "
          + "'\(className).\(nested)' would hide type '\(nested)' inside "
          + "the coordinator; rename one of them"
      case .sharedNameTaken(let node, let other):
        return "shared \(definition: node) has the name of shared \(definition: other); shared "
          + "screens, decisions and alerts share one namespace in the module"
      case .ownTakesSharedName(let node, let other, let coordinator):
        return "\(definition: node) of coordinator '\(coordinator)' has the name of shared "
          + "\(definition: other); inside '\(coordinator)' the name would mean its own, and the "
          + "shared one could not be shown there; rename one of them"
      case .requestNameTaken(_, let name, let coordinator, let caseIsLater):
        let (later, earlier) = caseIsLater ? ("result case", "request") : ("request", "result case")
        return "\(later) '\(name)' of coordinator '\(coordinator)' has the name of its \(earlier) "
          + "'\(name)'; a parent's 'on' handles both by name, so rename one of them"
      }
    }
  }
}
