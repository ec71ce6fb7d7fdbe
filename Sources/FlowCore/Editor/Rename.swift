/// Why a rename was refused, in a sentence an editor shows as it is.
package struct RenameRefusal: Error, Hashable, Sendable {
  /// A lowercase sentence that names things in quotes and says what to do.
  package var message: String

  package init(_ message: String) { self.message = message }
}

extension EditorModule {
  /// The span of the name a rename at `position` would change (LSP
  /// `textDocument/prepareRename`); `nil` where there is no name, or a builtin type.
  package func renameRange(at position: EditorPosition, in path: String) -> EditorRange? {
    guard let (found, text) = occurrence(at: position, in: path), isRenamable(found.symbol)
    else { return nil }
    let range = text.spelling(of: found.symbol.name, in: found.range) ?? found.range
    return text.editor(range)
  }

  /// The edits that rename the name at `position` to `newName` everywhere the module writes
  /// it (LSP `textDocument/rename`), in file order; refused when there is no name there,
  /// when `newName` breaks the naming rules (spec section 2) or when it collides with a
  /// name of the same namespace, or with a Swift name generated code derives from one.
  package func rename(
    at position: EditorPosition, in path: String, to newName: String
  ) -> Result<[EditorTextEdit], RenameRefusal> {
    guard let (found, _) = occurrence(at: position, in: path) else {
      return .failure(
        RenameRefusal("there is no screen, coordinator, type, result case or request here"))
    }
    let symbol = found.symbol
    guard isRenamable(symbol) else {
      return .failure(RenameRefusal("'\(symbol.name)' is a builtin type; it cannot be renamed"))
    }
    if let problem = namingProblem(newName, for: symbol) { return .failure(problem) }
    if let problem = collision(newName, for: symbol) { return .failure(problem) }
    var edits: [EditorTextEdit] = []
    for range in unique(index.occurrences(of: symbol).map(\.range)) {
      guard let text = texts[range.file],
        let spelled = text.spelling(of: symbol.name, in: range)
      else { continue }
      edits.append(EditorTextEdit(path: range.file, range: text.editor(spelled), newText: newName))
    }
    return .success(edits)
  }

  private func isRenamable(_ symbol: EditorSymbol) -> Bool {
    if case .type(let name) = symbol, !index.isDefined(symbol),
      TypeExpression.builtins.contains(name)
    {
      return false
    }
    return true
  }

  /// What is wrong with `name` as a name of `symbol`'s kind, as `invalid-name` judges it.
  private func namingProblem(_ name: String, for symbol: EditorSymbol) -> RenameRefusal? {
    let form = symbol.nameCase
    let shown = Self.shown(name)
    guard form.matches(name) else {
      return RenameRefusal("'\(shown)' is not a name: it must be \(form.description)")
    }
    guard name.utf8.count <= InvalidNameRule.maxNameLength else {
      return RenameRefusal(
        "'\(shown)' is \(name.utf8.count) characters long; a name may have at most "
          + "\(InvalidNameRule.maxNameLength)")
    }
    if form == .upperCamel, InvalidNameRule.reserved.contains(name) {
      return RenameRefusal("'\(name)' is reserved (a builtin type or a Swift name); choose another")
    }
    return nil
  }

  /// What `name` would collide with as the new name of `symbol`: a name of the same
  /// namespace, or a Swift name generated from another, as `duplicate-name` judges them
  /// (spec section 2; the names are ``GeneratedNames``').
  private func collision(_ name: String, for symbol: EditorSymbol) -> RenameRefusal? {
    guard name != symbol.name else { return nil }
    let module = check.module
    let types = resolved.graph.types
    switch symbol {
    case .coordinator(let old):
      if module.coordinator(named: name) != nil {
        return RenameRefusal("a coordinator named '\(name)' already exists")
      }
      guard let index = module.coordinatorIndex(named: old) else { return nil }
      return generatedCollision(coordinator: index, renamedTo: name)
    case .type:
      if types.declaration(named: name) != nil || TypeExpression.builtins.contains(name) {
        return RenameRefusal("a type named '\(name)' already exists")
      }
      return generatedCollision(type: name)
    case .node(let coordinator, let old):
      guard let owner = module.coordinatorIndex(named: coordinator) else { return nil }
      if let other = module.node(named: name, in: owner),
        !module.coordinators[owner].isCopy(other)
      {
        return RenameRefusal(
          "coordinator '\(coordinator)' already has a screen, decision or alert named '\(name)'")
      }
      if module.sharedNode(named: name) != nil {
        return RenameRefusal("a shared screen, decision or alert named '\(name)' already exists")
      }
      guard let node = module.node(named: old, in: owner) else { return nil }
      return generatedCollision(node: node, of: owner, renamedTo: name)
    case .shared(let old):
      // One namespace: the shared nodes', which no coordinator's own node may take (13.2).
      if module.sharedNode(named: name) != nil {
        return RenameRefusal("a shared screen, decision or alert named '\(name)' already exists")
      }
      for (index, coordinator) in module.coordinators.enumerated() {
        guard let own = module.node(named: name, in: index), !coordinator.isCopy(own) else {
          continue
        }
        return RenameRefusal(
          "coordinator '\(coordinator.name)' has a screen, decision or alert named '\(name)'")
      }
      guard let node = module.sharedNode(named: old) else { return nil }
      return generatedCollision(shared: node, renamedTo: name)
    case .resultCase(let coordinator, _):
      let cases = module.coordinator(named: coordinator).flatMap { module.resultCases(of: $0) }
      if cases?.contains(where: { $0.name.text == name }) ?? false {
        return RenameRefusal("coordinator '\(coordinator)' already has a result case '\(name)'")
      }
      return requestCollision(name, in: coordinator)
    case .request(let coordinator, _):
      // A request and a result case of one coordinator share the `on:` of its starts (13.3).
      let cases = module.coordinator(named: coordinator).flatMap { module.resultCases(of: $0) }
      if cases?.contains(where: { $0.name.text == name }) ?? false {
        return RenameRefusal("coordinator '\(coordinator)' already has a result case '\(name)'")
      }
      return requestCollision(name, in: coordinator)
    case .enumCase(let type, _):
      if case .enumeration(let cases)? = types.declaration(named: type)?.kind,
        cases.contains(where: { $0.name.text == name })
      {
        return RenameRefusal("enum '\(type)' already has a case '\(name)'")
      }
    case .link:
      if index.isDefined(.link(name)) {
        return RenameRefusal("a link named '\(name)' already exists")
      }
    }
    return nil
  }

  /// (r3) A request of `coordinator` named `name`, which a result case or another request of
  /// it renamed to `name` would collide with (spec section 13.3: `duplicate-name`).
  private func requestCollision(_ name: String, in coordinator: String) -> RenameRefusal? {
    guard let found = check.module.coordinator(named: coordinator),
      found.requests.contains(where: { $0.name.text == name })
    else { return nil }
    return RenameRefusal("coordinator '\(coordinator)' already has a request '\(name)'")
  }

  /// `text` as a message shows it: at most 32 characters, control characters replaced.
  private static func shown(_ text: String) -> String {
    let scalars = text.unicodeScalars.prefix(32).map { scalar in
      scalar.properties.generalCategory == .control ? "\u{FFFD}" : Character(scalar)
    }
    return String(scalars) + (text.unicodeScalars.count > 32 ? "…" : "")
  }

  /// What the Swift names generated for the coordinator at `index` would collide with, were
  /// it named `name`: a declared type, a name generated for another coordinator or for the
  /// module, or the event enum of one of its screens.
  private func generatedCollision(coordinator index: Int, renamedTo name: String)
    -> RenameRefusal?
  {
    let module = check.module
    let coordinator = module.coordinators[index]
    for (form, has) in GeneratedNames.ofCoordinator where has(coordinator) {
      let generated = form.name(for: name)
      if resolved.graph.types.declaration(named: generated) != nil {
        return RenameRefusal(
          "type '\(generated)' would collide with the '\(generated)' generated code makes for a "
            + "coordinator '\(name)'")
      }
      for (other, _) in GeneratedNames.coordinators(generating: generated, in: module)
      where other != index {
        return RenameRefusal(
          "'\(generated)', generated for a coordinator '\(name)', is also the name generated "
            + "code makes for coordinator '\(module.coordinators[other].name)'")
      }
      for (fixed, generatedBy, has) in GeneratedNames.ofModule
      where has(module) && fixed.name == generated {
        return RenameRefusal(
          "'\(generated)', generated for a coordinator '\(name)', is the name of the "
            + "\(fixed.role ?? "type") \(generatedBy) generate")
      }
    }
    if !coordinator.events.isEmpty,
      let hiding = GeneratedNames.eventEnum.owner(
        of: GeneratedNames.externalEventEnum.name(for: name)),
      case .screen? = module.node(named: hiding, in: index)
    {
      return RenameRefusal(
        "the event enum of screen '\(hiding)' would hide the external event enum of a "
          + "coordinator '\(name)'")
    }
    return nil
  }

  /// (r3) What the top-level enum generated for the shared node `node` would collide with,
  /// were the node named `name`: a declared type, or another top-level generated name (spec
  /// section 2).
  private func generatedCollision(shared node: Coordinator.Node, renamedTo name: String)
    -> RenameRefusal?
  {
    let module = check.module
    let form = GeneratedNames.nodeEnum(of: node).form
    let generated = form.name(for: name)
    let role = form.role ?? "enum"
    if resolved.graph.types.declaration(named: generated) != nil {
      return RenameRefusal("its \(role) '\(generated)' would collide with type '\(generated)'")
    }
    let own = form.name(for: module.shared.name(of: node).text)
    if GeneratedNames.topLevelNames(of: module).contains(where: {
      $0.name == generated && $0.name != own
    }) {
      return RenameRefusal(
        "its \(role) '\(generated)' would collide with the '\(generated)' generated code "
          + "already makes")
    }
    // An enum nested in a coordinator's class spelt `generated` would be the event enum of
    // its own screen of the new name, which the namespace check refuses first.
    return nil
  }

  /// What a declared type named `name` would collide with: a name generated for a
  /// coordinator or for the module, or an enum generated inside a coordinator's class, which
  /// would hide it there.
  private func generatedCollision(type name: String) -> RenameRefusal? {
    let module = check.module
    if let (index, _) = GeneratedNames.coordinators(generating: name, in: module).first {
      return RenameRefusal(
        "'\(name)' is the name generated code makes for coordinator "
          + "'\(module.coordinators[index].name)'")
    }
    for (form, generatedBy, has) in GeneratedNames.ofModule
    where has(module) && form.name == name {
      return RenameRefusal(
        "'\(name)' is the name of the \(form.role ?? "type") \(generatedBy) generate")
    }
    for (kind, form) in GeneratedNames.nodeEnums {
      guard let owner = form.owner(of: name) else { continue }
      for index in module.coordinators.indices {
        guard let node = module.node(named: owner, in: index),
          GeneratedNames.nodeEnum(of: node).kind == kind
        else { continue }
        return RenameRefusal(
          "'\(name)' is the name of the \(form.role ?? "enum") generated code makes for \(kind) "
            + "'\(owner)' of coordinator '\(module.coordinators[index].name)'")
      }
    }
    return nil
  }

  /// What the enum generated inside its coordinator's class for `node` of the coordinator at
  /// `index` would hide, were the node named `name`: a declared type, or for a screen the
  /// coordinator's external event enum.
  private func generatedCollision(
    node: Coordinator.Node, of index: Int, renamedTo name: String
  ) -> RenameRefusal? {
    let module = check.module
    let form = GeneratedNames.nodeEnum(of: node).form
    let nested = form.name(for: name)
    if resolved.graph.types.declaration(named: nested) != nil {
      return RenameRefusal(
        "its \(form.role ?? "enum") '\(nested)' would hide type '\(nested)' inside the "
          + "coordinator's class")
    }
    let coordinator = module.coordinators[index]
    if !coordinator.events.isEmpty,
      nested == GeneratedNames.externalEventEnum.name(for: coordinator.name.text)
    {
      return RenameRefusal(
        "its \(form.role ?? "enum") '\(nested)' would hide the external event enum of "
          + "coordinator '\(coordinator.name)'")
    }
    return nil
  }
}
