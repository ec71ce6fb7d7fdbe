/// Why a name written in a flow stands for nothing it may stand for where it is written.
///
/// The graph records one for every type name and every link's `to:` and `via:` name it could
/// not resolve, and `unknown-reference` reports it as it stands, so no rule, generator,
/// drawing or editor feature looks the name up again. A reason distinguishes what its
/// finding says and no more.
package enum UnresolvedReason: Hashable, Sendable {
  /// Nothing of the kind wanted has the name. `suggestion` is the closest name of that kind,
  /// when one is close enough to be a likely typo; where a finding about a missing name waits
  /// for a complete module (a type, a coordinator), none is worked out in an incomplete one.
  case missing(suggestion: NameSuggestion?)
  /// The name is one of `kind`, not of the kind wanted (a decision where a link wants a
  /// screen, a coordinator where a type is wanted, a type where a coordinator is wanted).
  /// `suggestion` is the closest name of the kind wanted, where the finding suggests one.
  case wrongKind(NameKind, suggestion: NameSuggestion?)
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
/// payloads, link params and values) that resolves to nothing is resolved with its reason
/// when the graph is built, each distinct name once, so its did-you-mean is worked out once
/// however many definitions share it. Any other name (one an editor asks about, a name
/// generated code would make) resolves the same way when asked: O(1) for a builtin, declared
/// or recorded name.
package struct ResolvedTypes: Sendable {
  private let module: FlowModule
  /// The reason of every unresolved type name the module writes.
  private let unresolved: [String: UnresolvedReason]

  init(module: FlowModule) {
    self.module = module
    var unresolved: [String: UnresolvedReason] = [:]
    var candidates: [String]?
    func resolve(_ reference: TypeReference?) {
      guard let reference else { return }
      for name in reference.names where unresolved[name.text] == nil {
        guard !TypeExpression.builtins.contains(name.text), module.type(named: name.text) == nil
        else { continue }
        unresolved[name.text] = Self.reason(name.text, in: module) {
          if let candidates { return candidates }
          let all = Array(TypeExpression.builtins) + module.types.map(\.name.text)
          candidates = all
          return all
        }
      }
    }
    for type in module.types {
      switch type.kind {
      case .structure(let fields): for field in fields { resolve(field.type) }
      case .enumeration(let cases): for item in cases { resolve(item.payload) }
      case .external, .invalid: break
      }
    }
    for coordinator in module.coordinators {
      resolve(coordinator.input)
      switch coordinator.result {
      case .inline(let cases, _): for item in cases { resolve(item.payload) }
      case .named(let reference): resolve(reference)
      case nil: break
      }
      for screen in coordinator.screens {
        resolve(screen.input)
        for event in screen.events { resolve(event.payload) }
      }
      for decision in coordinator.decisions {
        for item in decision.cases { resolve(item.payload) }
      }
      for alert in coordinator.alerts {
        resolve(alert.input)
        for button in alert.buttons { resolve(button.payload) }
      }
      for event in coordinator.events { resolve(event.payload) }
    }
    for link in module.links {
      for param in link.params { resolve(param.type) }
      for value in link.values { resolve(value.type) }
    }
    self.unresolved = unresolved
  }

  /// What `name` stands for as a type.
  package func resolution(of name: String) -> TypeResolution {
    if TypeExpression.builtins.contains(name) { return .builtin }
    if let declaration = module.type(named: name) { return .declared(declaration) }
    if let reason = unresolved[name] { return .unresolved(reason) }
    let module = self.module
    return .unresolved(
      Self.reason(name, in: module) {
        Array(TypeExpression.builtins) + module.types.map(\.name.text)
      })
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
    return module.links.map { link in
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
