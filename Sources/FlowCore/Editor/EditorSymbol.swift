/// What a name in a flow file stands for: the thing that definitions, references and
/// renames are about. Names are the module's (spec section 2): screens, decisions and
/// alerts share their coordinator's namespace; shared ones (r3, section 13.2) the module's;
/// coordinators, types and links have their own; a result case belongs to its coordinator,
/// or to the enum type its `result` names; a request (r3, section 13.3) to its coordinator.
package enum EditorSymbol: Hashable, Sendable {
  /// A coordinator.
  case coordinator(String)
  /// A screen, decision or alert of a coordinator.
  case node(coordinator: String, name: String)
  /// (r3) A shared screen, decision or alert: one symbol whichever coordinator shows it, so
  /// that its definition, references and rename reach across its owners.
  case shared(String)
  /// A declared type, or a builtin one (which has no definition).
  case type(String)
  /// A case of a coordinator's inline `result`.
  case resultCase(coordinator: String, name: String)
  /// A case of an enum type: a result case when a coordinator's `result` names the type.
  case enumCase(type: String, name: String)
  /// (r3) A request of a coordinator (spec section 13.3): defined at its key under
  /// `requests:`, used by each `request:` of it in the coordinator and by the handler keys
  /// of it in the `on:` of its parents' starts.
  case request(coordinator: String, name: String)
  /// A deep link (spec section 12), defined at its name under `links:`.
  case link(String)

  /// The form its name must have (spec section 2).
  var nameCase: NameCase {
    switch self {
    case .coordinator, .node, .shared, .type: return .upperCamel
    case .resultCase, .enumCase, .request, .link: return .lowerCamel
    }
  }

  /// The name itself.
  var name: String {
    switch self {
    case .coordinator(let name), .shared(let name), .type(let name), .link(let name): return name
    case .node(_, let name), .resultCase(_, let name), .enumCase(_, let name),
      .request(_, let name):
      return name
    }
  }
}

/// One place a symbol's name is written: where it is defined, or used.
struct Occurrence: Sendable {
  /// What the name stands for.
  var symbol: EditorSymbol
  /// Where the name is written (the YAML key or scalar, or the name within a type).
  var range: SourceRange
  /// Whether this is where the symbol is defined.
  var isDefinition: Bool
}

/// Every place a name of the module is written, found in one walk over the module, sorted
/// by file and position so that a position finds its name by binary search, and grouped
/// by symbol so that a symbol finds its places by one hash lookup.
struct SymbolIndex: Sendable {
  /// Every occurrence, by file, then position.
  private var occurrences: [Occurrence] = []
  /// Where each file's occurrences are in ``occurrences``.
  private var spans: [FileName: Range<Int>] = [:]
  /// The occurrences of each symbol, as indices of ``occurrences``, in file order.
  private var bySymbol: [EditorSymbol: [Int]] = [:]

  /// Indexes `module`: O(size of the module), plus sorting each file's names.
  init(module: FlowModule) {
    var walker = Walker(module: module)
    walker.run()
    var found = walker.found
    // Walk order is file order but for merged content: a stable sort by place puts it right.
    found.sort { $0.range.precedes($1.range) }
    occurrences = found
    var start = 0
    while start < found.count {
      let file = found[start].range.fileName
      var end = start + 1
      while end < found.count, found[end].range.fileName == file { end += 1 }
      spans[file] = start..<end
      start = end
    }
    for (offset, occurrence) in found.enumerated() {
      bySymbol[occurrence.symbol, default: []].append(offset)
    }
  }

  /// The occurrence whose name holds `position` in `file`, or ends right at it (a cursor
  /// just past a name means that name): O(log names).
  func occurrence(at position: SourcePosition, in file: FileName) -> Occurrence? {
    guard let span = spans[file] else { return nil }
    // The first occurrence that starts after `position`.
    var low = span.lowerBound
    var high = span.upperBound
    while low < high {
      let middle = (low + high) / 2
      if occurrences[middle].range.start <= position { low = middle + 1 } else { high = middle }
    }
    guard low > span.lowerBound else { return nil }
    let candidate = occurrences[low - 1]
    return position <= candidate.range.end ? candidate : nil
  }

  /// Every occurrence of `symbol`, in file order.
  func occurrences(of symbol: EditorSymbol) -> [Occurrence] {
    (bySymbol[symbol] ?? []).map { occurrences[$0] }
  }

  /// The places `symbol` is defined, first definition first.
  func definitions(of symbol: EditorSymbol) -> [Occurrence] {
    occurrences(of: symbol).filter(\.isDefinition)
  }

  /// Whether anything of the module defines `symbol`.
  func isDefined(_ symbol: EditorSymbol) -> Bool {
    bySymbol[symbol]?.contains { occurrences[$0].isDefinition } ?? false
  }
}

/// The walk behind ``SymbolIndex``: every definition and reference the model keeps a place
/// for. A link (spec section 12) is a `.link` definition at its name; the coordinator and
/// screen of its `to:`, its `via:` coordinators and the types of its params and `values:`
/// are references.
///
/// (r3) A shared node is walked once, where it is written: an owner's copy of it (spec
/// section 13.2) is not walked again. A name in a coordinator's action stands for its own
/// node when it has one of that name (the copies aside), else for the shared node; a name
/// in a shared node's action can only stand for a shared node.
private struct Walker {
  let module: FlowModule
  var found: [Occurrence] = []
  /// Where the actions being walked are written: a coordinator (by name and index), or a
  /// shared node (`nil`).
  private var place: (name: String, index: Int)?

  init(module: FlowModule) { self.module = module }

  mutating func run() {
    for type in module.types {
      define(.type(type.name.text), type.name)
      switch type.kind {
      case .structure(let fields):
        for field in fields { use(field.type) }
      case .enumeration(let cases):
        for item in cases {
          define(.enumCase(type: type.name.text, name: item.name.text), item.name)
          use(item.payload)
        }
      case .external, .invalid:
        break
      }
    }
    for (index, coordinator) in module.coordinators.enumerated() {
      place = (coordinator.name.text, index)
      walk(coordinator)
    }
    place = nil
    walkShared()
    for link in module.links { walk(link) }
  }

  /// The symbol `name` stands for where a node is named: in coordinator `coordinator` (by
  /// index), its own node or else a shared one; in a shared node (`nil`), a shared one.
  private func nodeSymbol(_ name: String, in coordinator: (name: String, index: Int)?)
    -> EditorSymbol
  {
    guard let coordinator else { return .shared(name) }
    if let own = module.node(named: name, in: coordinator.index),
      !module.coordinators[coordinator.index].isCopy(own)
    {
      return .node(coordinator: coordinator.name, name: name)
    }
    if module.sharedNode(named: name) != nil { return .shared(name) }
    return .node(coordinator: coordinator.name, name: name)
  }

  /// The shared screens, decisions and alerts, each once (r3).
  private mutating func walkShared() {
    let shared = module.shared
    for screen in shared.screens {
      define(.shared(screen.name.text), screen.name)
      use(screen.input)
      for event in screen.events { walk(event, handling: nil) }
    }
    for decision in shared.decisions {
      define(.shared(decision.name.text), decision.name)
      for item in decision.cases { walk(item, handling: nil) }
    }
    for alert in shared.alerts {
      define(.shared(alert.name.text), alert.name)
      use(alert.input)
      for button in alert.buttons { walk(button, handling: nil) }
    }
  }

  private mutating func walk(_ link: LinkDefinition) {
    define(.link(link.name.text), link.name)
    for param in link.params { use(param.type) }
    for value in link.values { use(value.type) }
    if let target = link.target {
      use(.coordinator(target.coordinator.text), target.coordinator)
      let owner = module.coordinatorIndex(named: target.coordinator.text).map {
        (target.coordinator.text, $0)
      }
      let symbol =
        owner.map { nodeSymbol(target.screen.text, in: $0) }
        ?? .node(coordinator: target.coordinator.text, name: target.screen.text)
      use(symbol, target.screen)
    }
    if let relative = link.relative { use(.shared(relative.text), relative) }
    for coordinator in link.via { use(.coordinator(coordinator.text), coordinator) }
  }

  private mutating func walk(_ coordinator: Coordinator) {
    let name = coordinator.name.text
    define(.coordinator(name), coordinator.name)
    use(coordinator.input)
    switch coordinator.result {
    case .inline(let cases, _):
      for item in cases {
        define(.resultCase(coordinator: name, name: item.name.text), item.name)
        use(item.payload)
      }
    case .named(let reference):
      use(reference)
    case nil:
      break
    }
    for request in coordinator.requests {
      define(.request(coordinator: name, name: request.name.text), request.name)
      use(request.payload)
    }
    if case .result(let leave) = coordinator.leave {
      use(resultCase(leave, of: name), leave)
    }
    switch coordinator.root {
    case .start(let start, _):
      use(nodeSymbol(start.text, in: place), start)
    case .tabs(let tabs):
      for tab in tabs { walk(tab.child) }
    case .missing:
      break
    }
    // An owner's copies of shared nodes are walked once, as the shared nodes.
    for screen in coordinator.screens where screen.copyOf == nil {
      define(.node(coordinator: name, name: screen.name.text), screen.name)
      use(screen.input)
      for event in screen.events { walk(event, handling: nil) }
    }
    for decision in coordinator.decisions where decision.copyOf == nil {
      define(.node(coordinator: name, name: decision.name.text), decision.name)
      for item in decision.cases { walk(item, handling: nil) }
    }
    for alert in coordinator.alerts where alert.copyOf == nil {
      define(.node(coordinator: name, name: alert.name.text), alert.name)
      use(alert.input)
      for button in alert.buttons { walk(button, handling: nil) }
    }
    for event in coordinator.events { walk(event, handling: nil) }
  }

  /// A transition written at ``place``; `child` is the coordinator whose result or request
  /// (r3) it handles, for a handler.
  private mutating func walk(_ transition: Transition, handling child: String?) {
    if let child { use(handled(transition.name, of: child), transition.name) }
    use(transition.payload)
    for action in transition.action.elements { walk(action) }
  }

  /// An action written at ``place``, or one element of its sequence (r3).
  private mutating func walk(_ action: Action) {
    switch action.kind {
    case .push(let target), .present(let target, _), .replace(let target), .decide(let target),
      .alert(let target):
      use(nodeSymbol(target.text, in: place), target)
    case .finish(let target):
      // A shared node cannot finish (a `schema` finding): its case names no coordinator's.
      if let place { use(resultCase(target, of: place.name), target) }
    case .select(let target):
      use(.coordinator(target.text), target)
    case .start(let start):
      walk(start)
    case .request(let target):
      // A shared node cannot send a request (a `schema` finding): it names no coordinator's.
      if let place { use(.request(coordinator: place.name, name: target.text), target) }
    case .pop, .popToRoot, .dismiss, .stay, .invalid, .sequence:
      break
    }
  }

  private mutating func walk(_ start: ChildStart) {
    use(.coordinator(start.coordinator.text), start.coordinator)
    for handler in start.handlers {
      walk(handler, handling: start.coordinator.text)
    }
  }

  /// The symbol a handler key `name` of a start of `coordinator` stands for: its result case
  /// of that name, else (r3) its request of that name, else (a name of neither) a result case,
  /// as the graph resolves a handler.
  private func handled(_ name: Identifier, of coordinator: String) -> EditorSymbol {
    if let child = module.coordinator(named: coordinator),
      !(module.resultCases(of: child)?.contains { $0.name.text == name.text } ?? false),
      child.requests.contains(where: { $0.name.text == name.text })
    {
      return .request(coordinator: coordinator, name: name.text)
    }
    return resultCase(name, of: coordinator)
  }

  /// The symbol of result case `name` of `coordinator`: its inline case, or the case of the
  /// enum type its `result` names.
  private func resultCase(_ name: Identifier, of coordinator: String) -> EditorSymbol {
    if case .named(let reference)? = module.coordinator(named: coordinator)?.result,
      case .named(let type) = reference.type
    {
      return .enumCase(type: type, name: name.text)
    }
    return .resultCase(coordinator: coordinator, name: name.text)
  }

  private mutating func define(_ symbol: EditorSymbol, _ name: Identifier) {
    found.append(Occurrence(symbol: symbol, range: name.range, isDefinition: true))
  }

  private mutating func use(_ symbol: EditorSymbol, _ name: Identifier) {
    found.append(Occurrence(symbol: symbol, range: name.range, isDefinition: false))
  }

  private mutating func use(_ reference: TypeReference?) {
    guard let reference else { return }
    for name in reference.names { use(.type(name.text), name) }
  }
}
