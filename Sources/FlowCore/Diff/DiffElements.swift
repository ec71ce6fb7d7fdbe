/// What identifies an element of the navigation across two modules: what it is and the
/// names that lead to it. Screens, decisions and alerts share one kind, as they share a
/// coordinator's namespace: a screen that becomes a decision is changed, not replaced.
struct DiffKey: Hashable, Sendable {
  enum Kind: Hashable, Sendable {
    case coordinator, node, transition, result, request, event, tabHandler, link
  }

  var kind: Kind
  var names: [String]
  /// (r3) Whether it is a shared screen, decision or alert, or a transition of one: shared
  /// names are a namespace of their own (spec section 13.2).
  var isShared = false
}

/// One element of a module's navigation, as the diff compares it.
struct DiffElement: Sendable {
  var key: DiffKey
  /// What it is, for the reader.
  var element: DiffChange.Element
  /// The names shown for it (``DiffChange/path``).
  var path: [String]
  /// (r3) Whether it is a shared node or a transition of one (``DiffChange/isShared``).
  var isShared: Bool { key.isShared }
  /// The element that holds it, if any: what goes with it when it is added or removed.
  var parent: DiffKey?
  /// What it is, in a few words: two elements of one key that differ here are changed.
  var detail: String
  /// Where a reader looks for it: its name.
  var location: SourceRange
  /// Where a drawing places it: its name for a cluster or a node, the action for an edge.
  var places: [SourceRange]
}

/// Lists the elements of a module's navigation, from its resolved graph, in module order.
/// A name defined twice counts once, as the first definition (the later one is a
/// `duplicate-name` finding, and nothing else reads it).
struct DiffElements {
  private(set) var elements: [DiffElement] = []
  private var listed: Set<DiffKey> = []

  init(_ graph: FlowGraph) {
    let module = graph.module
    for index in module.coordinators.indices where module.isFirstDefinition(coordinator: index) {
      add(coordinator: index, of: graph)
    }
    addShared(module.shared)
    // Links (spec section 12): keyed by name, with no parent, located at their name and
    // placed at their name and their url, where the drawing puts their node and entry arrow.
    for (index, link) in module.links.enumerated() where module.isFirstDefinition(link: index) {
      let name = link.name.text
      add(
        DiffElement(
          key: DiffKey(kind: .link, names: [name]), element: .link, path: [name], parent: nil,
          detail: Self.detail(of: link), location: link.name.range,
          places: [link.name.range] + (link.url.map { [$0.range] } ?? [])))
    }
  }

  private mutating func add(_ element: DiffElement) {
    guard listed.insert(element.key).inserted else { return }
    elements.append(element)
  }

  private mutating func add(coordinator index: Int, of graph: FlowGraph) {
    let coordinator = graph.module.coordinators[index]
    let coordinatorGraph = graph.coordinators[index]
    let name = coordinator.name.text
    let key = DiffKey(kind: .coordinator, names: [name])
    var places = [coordinator.name.range]
    switch coordinator.root {
    case .start(_, let keyRange): places.append(keyRange)
    case .tabs(let tabs): places += tabs.map(\.range)
    case .missing: break
    }
    if let split = coordinator.split { places.append(split.range) }
    add(
      DiffElement(
        key: key, element: .coordinator, path: [name], parent: nil,
        detail: Self.detail(of: coordinator), location: coordinator.name.range, places: places))

    for node in 0..<coordinatorGraph.nodeCount {
      // An owner's copy of a shared node (r3) is listed once, as the shared node.
      guard !Self.isCopy(coordinatorGraph.node(node), in: coordinator) else { continue }
      let (element, nodeName, detail) = Self.describe(coordinatorGraph.node(node), in: coordinator)
      let nodeKey = DiffKey(kind: .node, names: [name, nodeName.text])
      add(
        DiffElement(
          key: nodeKey, element: element, path: [name, nodeName.text], parent: key,
          detail: detail, location: nodeName.range, places: [nodeName.range]))
      addSteps(
        coordinatorGraph.transitions(of: node), kind: .transition, names: [name, nodeName.text],
        parent: nodeKey)
    }
    for resultCase in coordinatorGraph.results {
      add(
        DiffElement(
          key: DiffKey(kind: .result, names: [name, resultCase.name.text]), element: .result,
          path: [name, resultCase.name.text], parent: key,
          detail: resultCase.payload.map { "payload: \($0.type.description)" } ?? "no payload",
          location: resultCase.name.range, places: [resultCase.name.range]))
    }
    // (r3) Its requests, described as result cases are; each is drawn as a node at its name.
    for request in coordinatorGraph.requests {
      add(
        DiffElement(
          key: DiffKey(kind: .request, names: [name, request.name.text]), element: .request,
          path: [name, request.name.text], parent: key,
          detail: request.payload.map { "payload: \($0.type.description)" } ?? "no payload",
          location: request.name.range, places: [request.name.range]))
    }
    addSteps(coordinatorGraph.events, kind: .event, names: [name], parent: key)
    if case .tabs(let tabs) = coordinatorGraph.root {
      for tab in tabs {
        addSteps(
          tab.handlers, kind: .tabHandler, names: [name, "tabs", tab.tab.child.coordinator.text],
          parent: key)
      }
    }
  }

  /// (r3) The shared screens, decisions and alerts, each once whichever coordinators show
  /// it, under the path `shared.<name>`, with their transitions and the handlers of the
  /// children they start, as written (spec section 13.2): what an owner's copy does is the
  /// same for every owner.
  private mutating func addShared(_ shared: SharedNodes) {
    for node in shared.allNodes {
      let name = shared.name(of: node)
      let key = DiffKey(kind: .node, names: [name.text], isShared: true)
      let (element, detail): (DiffChange.Element, String)
      switch node {
      case .screen(let index): (element, detail) = (.screen, Self.detail(of: shared.screens[index]))
      case .decision: (element, detail) = (.decision, "decision")
      case .alert(let index): (element, detail) = (.alert, Self.detail(of: shared.alerts[index]))
      }
      add(
        DiffElement(
          key: key, element: element, path: ["shared", name.text], parent: nil, detail: detail,
          location: name.range, places: [name.range]))
      for transition in shared.transitions(of: node) {
        addShared(transition, under: [name.text], parent: key)
      }
    }
  }

  /// (r3) Adds a shared node's `transition` under `names`, then the handlers of each child it
  /// starts under its own.
  private mutating func addShared(_ transition: Transition, under names: [String], parent: DiffKey)
  {
    let path = names + [transition.name.text]
    let key = DiffKey(kind: .transition, names: path, isShared: true)
    add(
      DiffElement(
        key: key, element: .transition, path: ["shared"] + path, parent: parent,
        detail: Self.detail(of: transition), location: transition.name.range,
        places: Self.places(of: transition.action)))
    var starts: [ChildStart] = []
    switch transition.action.kind {
    case .start(let child): starts = [child]
    case .sequence(let elements):
      for element in elements { if case .start(let child) = element.kind { starts.append(child) } }
    default: break
    }
    for child in starts {
      for handler in child.handlers { addShared(handler, under: path, parent: key) }
    }
  }

  /// Where a drawing places the edges of `action`: the action, or each element of a
  /// sequence, as the graph's steps are placed.
  private static func places(of action: Action) -> [SourceRange] {
    guard case .sequence(let elements) = action.kind else { return [action.range] }
    return elements.map(\.range)
  }

  /// Whether `node` of `coordinator` is its copy of a shared node (r3).
  private static func isCopy(_ node: Coordinator.Node, in coordinator: Coordinator) -> Bool {
    switch node {
    case .screen(let index): coordinator.screens[index].copyOf != nil
    case .decision(let index): coordinator.decisions[index].copyOf != nil
    case .alert(let index): coordinator.alerts[index].copyOf != nil
    }
  }

  /// Adds each step of `steps` under `names`, then the handlers nested in it under its own.
  private mutating func addSteps(
    _ steps: NestedSteps, kind: DiffKey.Kind, names: [String], parent: DiffKey
  ) {
    for (step, handlers) in steps {
      let event = step.transition.name
      let path = names + [event.text]
      let key = DiffKey(kind: kind, names: path)
      add(
        DiffElement(
          key: key, element: kind == .event ? .event : .transition, path: path, parent: parent,
          detail: Self.detail(of: step.transition), location: event.range,
          places: [step.written.range]))
      addSteps(handlers, kind: .transition, names: path, parent: key)
    }
  }

  // MARK: Details

  /// A coordinator in a few words: `entry, input: User, start: Login`, and (r3) its columns:
  /// `split: doubleColumn`. Its result cases, nodes and events are elements of their own.
  static func detail(of coordinator: Coordinator) -> String {
    var parts: [String] = []
    if coordinator.isEntry { parts.append("entry") }
    if let input = coordinator.input { parts.append("input: \(input.type.description)") }
    if case .named(let type) = coordinator.result {
      parts.append("result: \(type.type.description)")
    }
    switch coordinator.leave {
    case .result(let name): parts.append("leave: \(name.text)")
    case .dropped: parts.append("leave: ~")
    case nil: break
    }
    switch coordinator.root {
    case .start(let name, _): parts.append("start: \(name.text)")
    case .tabs(let tabs):
      let children = tabs.map { tab in
        tab.child.coordinator.text
          + (tab.child.style == .push ? "" : " (\(tab.child.style.rawValue))")
      }
      parts.append("tabs: " + children.joined(separator: ", "))
    case .missing: parts.append("no start")
    }
    if let split = coordinator.split { parts.append("split: \(split.layout.rawValue)") }
    return parts.joined(separator: ", ")
  }

  /// A link in a few words: `url: /item/{id}, params: id: Int, to: Shop.Item, via: Shop,
  /// values: Item(id), waits: false`, leaving out what it does not have (and `waits` when it
  /// is the default).
  static func detail(of link: LinkDefinition) -> String {
    var parts = ["url: " + (link.url?.text ?? "~")]
    if !link.params.isEmpty {
      let params = link.params.map { "\($0.name.text): \($0.type.type.description)" }
      parts.append("params: " + params.joined(separator: ", "))
    }
    parts.append("to: " + (link.target?.text ?? link.relative?.text ?? "~"))
    if !link.via.isEmpty { parts.append("via: " + link.via.map(\.text).joined(separator: ", ")) }
    if !link.values.isEmpty {
      let values = link.values.map { value in
        "\(value.type.type.description)(\(value.params.map(\.text).joined(separator: ", ")))"
      }
      parts.append("values: " + values.joined(separator: ", "))
    }
    if !link.waits { parts.append("waits: false") }
    return parts.joined(separator: ", ")
  }

  /// What a node is, its name, and its detail: `screen, input: User, systemBack: false`.
  static func describe(_ node: Coordinator.Node, in coordinator: Coordinator) -> (
    DiffChange.Element, Identifier, String
  ) {
    switch node {
    case .screen(let index):
      let screen = coordinator.screens[index]
      return (.screen, screen.name, detail(of: screen))
    case .decision(let index):
      return (.decision, coordinator.decisions[index].name, "decision")
    case .alert(let index):
      let alert = coordinator.alerts[index]
      return (.alert, alert.name, detail(of: alert))
    }
  }

  /// A screen in a few words: `screen, input: User, systemBack: false`.
  private static func detail(of screen: Screen) -> String {
    var parts = ["screen"]
    if let input = screen.input { parts.append("input: \(input.type.description)") }
    if !screen.systemBack { parts.append("systemBack: false") }
    if !screen.dismissible { parts.append("dismissible: false") }
    return parts.joined(separator: ", ")
  }

  /// An alert in a few words: `alert, input: String`.
  private static func detail(of alert: Alert) -> String {
    "alert" + (alert.input.map { ", input: \($0.type.description)" } ?? "")
  }

  /// An action in a few words: `push: Settings`, `start: Auth (sheet)`, `pop`, with the
  /// payload it carries: `finish: done, payload: User`. A `start`'s handlers are elements of
  /// their own.
  static func detail(of transition: Transition) -> String {
    var text = detail(of: transition.action)
    if let payload = transition.payload { text += ", payload: \(payload.type.description)" }
    return text
  }

  /// An action without its payload; a sequence (r3) as its elements in order:
  /// `[dismiss, push: Room]`; a `show` (r3) with the column it names: `show: Room (column:
  /// secondary)`.
  private static func detail(of action: Action) -> String {
    let text: String
    switch action.kind {
    case .push(let name), .replace(let name), .decide(let name), .finish(let name),
      .alert(let name), .select(let name), .request(let name):
      text = "\(action.keyword): \(name.text)"
    case .present(let name, let style):
      text = "present: \(name.text)" + (style == .sheet ? "" : " (\(style.rawValue))")
    case .start(let child) where child.isShow:
      text =
        "show: \(child.coordinator.text)"
        + (child.show?.column.map { " (column: \($0.word))" } ?? "")
    case .start(let child):
      text =
        "start: \(child.coordinator.text)"
        + (child.style == .push ? "" : " (\(child.style.rawValue))")
    case .pop, .popToRoot, .dismiss, .stay, .invalid:
      text = action.keyword
    case .sequence(let elements):
      text = "[" + elements.map { detail(of: $0) }.joined(separator: ", ") + "]"
    }
    return text
  }
}
