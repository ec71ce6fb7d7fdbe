/// The definitions one flow file contributes to its module.
public struct FlowFile: Equatable, Sendable {
  /// The file's path, as findings name it.
  public var path: String
  /// Its declared types, in file order.
  public var types: [TypeDeclaration]
  /// Its coordinators, in file order.
  public var coordinators: [Coordinator]
  /// Rules suppressed for every finding placed in the file (`lint:` at its top level).
  public var lint: Lint?
  /// Its deep links (r2), in file order.
  public var links: [LinkDefinition] = []
  /// The content its definitions read through aliases and merge keys, where each is written.
  package var sharedUses: [SharedUse] = []
  /// (r3) Its shared screens, decisions and alerts (its top-level `screens`, `decisions`
  /// and `alerts`), in file order (spec section 13.2).
  package var shared = SharedNodes()

  public init(path: String, types: [TypeDeclaration] = [], coordinators: [Coordinator] = []) {
    self.path = path
    self.types = types
    self.coordinators = coordinators
  }
}

/// Every file of one run, read into one namespace (spec section 1).
///
/// Definitions keep file order (files sorted by path, then position), so "the later
/// definition" of a duplicate is well defined. Lookups go to the first definition.
public struct FlowModule: Sendable {
  /// All declared types, in file order.
  public private(set) var types: [TypeDeclaration]
  /// All coordinators, in file order.
  public private(set) var coordinators: [Coordinator]
  /// All deep links (r2), in file order: when several match a URL, the first wins.
  public private(set) var links: [LinkDefinition]
  /// Whether every file joined the module. A file with a `yaml-syntax` finding or a bad
  /// `version` does not, and then nothing is said that it could have made false.
  public private(set) var isComplete: Bool
  /// The content definitions read through aliases and merge keys, in file order.
  package private(set) var sharedUses: [SharedUse]
  /// The top-level `lint:` of each file that has one, in file order; each entry's range
  /// names its file.
  package private(set) var fileLints: [Lint]

  /// (r3) The shared screens, decisions and alerts of every file, in file order (spec section
  /// 13.2). Each owner also holds a copy of every one it can reach among its own nodes (see
  /// ``SharedNodes``).
  package private(set) var shared: SharedNodes
  /// (r3) What is wrong with the module's structure that no file shows alone: a shared node's
  /// action that names a coordinator's own screen, decision or alert. Reported as the
  /// decoder's problems are (`schema`); the shared node is broken.
  package private(set) var problems: [FrontEndProblem] = []

  private var typeIndex: [String: Int] = [:]
  private var sharedIndex: [String: Coordinator.Node] = [:]
  private var coordinatorIndex: [String: Int] = [:]
  private var linkIndex: [String: Int] = [:]
  private var nodeIndex: [NodeTable] = []

  /// Joins the files, which must already be sorted by path.
  public init(files: [FlowFile], isComplete: Bool = true) {
    types = files.flatMap(\.types)
    coordinators = files.flatMap(\.coordinators)
    links = files.flatMap(\.links)
    sharedUses = files.flatMap(\.sharedUses)
    fileLints = files.compactMap(\.lint)
    shared = SharedNodes(
      screens: files.flatMap(\.shared.screens), decisions: files.flatMap(\.shared.decisions),
      alerts: files.flatMap(\.shared.alerts))
    self.isComplete = isComplete
    for (index, type) in types.enumerated() where typeIndex[type.name.text] == nil {
      typeIndex[type.name.text] = index
    }
    for (index, coordinator) in coordinators.enumerated()
    where coordinatorIndex[coordinator.name.text] == nil {
      coordinatorIndex[coordinator.name.text] = index
    }
    for (index, link) in links.enumerated() where linkIndex[link.name.text] == nil {
      linkIndex[link.name.text] = index
    }
    let all = coordinators
    nodeIndex = Parallel.map(count: all.count, minimumChunk: 64) { NodeTable(all[$0]) }
    if !shared.isEmpty { addSharedCopies() }
  }

  /// The screen, decision or alert with this name in the coordinator at `coordinator` (an index
  /// of ``coordinators``); the first, if defined twice.
  public func node(named name: String, in coordinator: Int) -> Coordinator.Node? {
    nodeIndex[coordinator].node(named: name, in: coordinators[coordinator])
  }

  /// (r3) The shared screen, decision or alert with this name; the first, if defined twice.
  /// Only the resolver (`Graph/References.swift`) looks shared nodes up by name.
  package func sharedNode(named name: String) -> Coordinator.Node? {
    sharedIndex[name]
  }

  /// The names of every screen, decision and alert of the coordinator at `coordinator`, each
  /// once, in the order ``node(named:in:)`` prefers them: screens, decisions, then alerts,
  /// each in file order.
  public func nodeNames(in coordinator: Int) -> [String] {
    let nodes = coordinators[coordinator]
    var names: [String] = []
    names.reserveCapacity(nodeIndex[coordinator].count)
    func add(_ name: String, _ node: Coordinator.Node) {
      if self.node(named: name, in: coordinator) == node { names.append(name) }
    }
    for index in nodes.screens.indices { add(nodes.screens[index].name.text, .screen(index)) }
    for index in nodes.decisions.indices {
      add(nodes.decisions[index].name.text, .decision(index))
    }
    for index in nodes.alerts.indices { add(nodes.alerts[index].name.text, .alert(index)) }
    return names
  }

  /// The first type declared with this name: the resolver's lookup (``FlowGraph``'s
  /// `types`), which every other reader asks instead, so that a type name is resolved, with
  /// why it does not resolve, in one place.
  package func type(named name: String) -> TypeDeclaration? {
    typeIndex[name].map { types[$0] }
  }

  /// The index in ``coordinators`` of the first coordinator with this name.
  public func coordinatorIndex(named name: String) -> Int? {
    coordinatorIndex[name]
  }

  /// Whether the coordinator at `index` is the first of its name: a later one is a
  /// duplicate, which starts nothing and gets no findings but `duplicate-name` (spec
  /// section 8).
  public func isFirstDefinition(coordinator index: Int) -> Bool {
    coordinatorIndex[coordinators[index].name.text] == index
  }

  /// The index in ``links`` of the first link with this name.
  public func linkIndex(named name: String) -> Int? {
    linkIndex[name]
  }

  /// Whether the link at `index` is the first of its name: a later one is a duplicate, which
  /// gets no findings but `duplicate-name` and no route.
  public func isFirstDefinition(link index: Int) -> Bool {
    linkIndex[links[index].name.text] == index
  }

  /// The first coordinator with this name.
  public func coordinator(named name: String) -> Coordinator? {
    coordinatorIndex[name].map { coordinators[$0] }
  }

  /// The result cases of a coordinator: inline, or those of the enum type it names.
  /// `nil` when it has no result, or names something that is not an enum.
  public func resultCases(of coordinator: Coordinator) -> [PayloadCase]? {
    switch coordinator.result {
    case nil: return nil
    case .inline(let cases, _): return cases
    case .named(let reference):
      guard case .named(let name) = reference.type, let type = type(named: name),
        case .enumeration(let cases) = type.kind
      else { return nil }
      return cases
    }
  }
}

extension Coordinator {
  /// A screen, decision or alert of a coordinator: they share one namespace.
  public enum Node: Hashable, Sendable {
    /// The screen at this index of ``Coordinator/screens``.
    case screen(Int)
    /// The decision at this index of ``Coordinator/decisions``.
    case decision(Int)
    /// The alert at this index of ``Coordinator/alerts``.
    case alert(Int)
  }

}

extension FlowModule {
  /// (r3) Indexes the shared nodes, reports the actions of theirs that name a coordinator's
  /// own node, and gives each coordinator a copy of every shared node it can reach from its
  /// own nodes, directly or through other shared nodes (spec section 13.2): O(coordinators'
  /// sizes + owners × the shared nodes each reaches).
  ///
  /// A relative link's shared screen (13.6) is pushed on the top stack, owned by the
  /// coordinator of that stack's top screen: every coordinator that shows a screen (its own,
  /// or a shared one it reaches) can be that owner, so each also gets a copy of the target of
  /// every relative link and of what that target reaches. A module without relative links
  /// gets the copies it got before.
  fileprivate mutating func addSharedCopies() {
    for node in shared.allNodes where sharedIndex[shared.name(of: node).text] == nil {
      sharedIndex[shared.name(of: node).text] = node
    }
    var ownNames: Set<String> = []
    for offset in coordinators.indices { ownNames.formUnion(nodeNames(in: offset)) }
    // The shared nodes each shared node names, and what it may not name.
    var edges: [Coordinator.Node: [(name: String, node: Coordinator.Node)]] = [:]
    for node in shared.allNodes {
      var names: [(name: Identifier, action: Action)] = []
      for transition in shared.transitions(of: node) {
        transition.action.shownNames(into: &names)
      }
      var broken = false
      for (name, action) in names {
        if let target = sharedIndex[name.text] {
          edges[node, default: []].append((name.text, target))
        } else if ownNames.contains(name.text) {
          broken = true
          let kind = SharedNodes.kind(of: node)
          problems.append(
            FrontEndProblem(
              .structure, "shared-names-own-node",
              "'\(action.keyword): \(name.text)' is not allowed in a shared \(kind): '\(name.text)' "
                + "is a coordinator's own node, and a shared \(kind) does not know which "
                + "coordinator shows it; make '\(name.text)' shared too",
              about: shared.subject(of: node).appending(.reference(name.text)), at: name.range))
        }
      }
      if broken { markBroken(node) }
    }
    let all = coordinators
    let index = nodeIndex
    let shared = self.shared
    let sharedIndex = self.sharedIndex
    let edgeTable = edges
    var relative: [String] = []
    for link in links where !link.isBroken {
      guard let name = link.relative?.text, case .screen? = sharedIndex[name],
        !relative.contains(name)
      else { continue }
      relative.append(name)
    }
    let relativeTargets = relative
    let copies = Parallel.map(count: all.count, minimumChunk: 64) { offset in
      Self.reachableShared(
        from: all[offset], own: index[offset], shared: shared, sharedIndex: sharedIndex,
        edges: edgeTable, relativeTargets: relativeTargets)
    }
    for (offset, reached) in copies.enumerated() where !reached.isEmpty {
      // The owner reads each shared node it copies, as a definition reads anchored content:
      // what is found in its copy is placed once at the original, naming the owners.
      let owner = coordinators[offset].name
      let reader = DefinitionName(kind: .coordinator, name: owner, coordinator: owner.text)
      for node in reached {
        sharedUses.append(SharedUse(content: shared.range(of: node), user: reader))
        switch node {
        case .screen(let original):
          var copy = shared.screens[original]
          copy.copyOf = original
          coordinators[offset].screens.append(copy)
          nodeIndex[offset].add(
            .screen(coordinators[offset].screens.count - 1), in: coordinators[offset])
        case .decision(let original):
          var copy = shared.decisions[original]
          copy.copyOf = original
          coordinators[offset].decisions.append(copy)
          nodeIndex[offset].add(
            .decision(coordinators[offset].decisions.count - 1), in: coordinators[offset])
        case .alert(let original):
          var copy = shared.alerts[original]
          copy.copyOf = original
          coordinators[offset].alerts.append(copy)
          nodeIndex[offset].add(
            .alert(coordinators[offset].alerts.count - 1), in: coordinators[offset])
        }
      }
    }
  }

  private mutating func markBroken(_ node: Coordinator.Node) {
    switch node {
    case .screen(let index): shared.screens[index].isBroken = true
    case .decision(let index): shared.decisions[index].isBroken = true
    case .alert(let index): shared.alerts[index].isBroken = true
    }
  }

  /// The shared nodes `coordinator` can reach, screens, decisions then alerts, each in file
  /// order:
  /// those its own nodes, external events, tabs and `start` name where it has no node of
  /// that name, then those these name, and so on. A coordinator that shows a screen also
  /// reaches the shared screens of `relativeTargets`, the names relative links open (13.6).
  private static func reachableShared(
    from coordinator: Coordinator, own: NodeTable, shared: SharedNodes,
    sharedIndex: [String: Coordinator.Node],
    edges: [Coordinator.Node: [(name: String, node: Coordinator.Node)]],
    relativeTargets: [String]
  ) -> [Coordinator.Node] {
    var names: [(name: Identifier, action: Action)] = []
    var transitions = coordinator.events
    for screen in coordinator.screens { transitions += screen.events }
    for decision in coordinator.decisions { transitions += decision.cases }
    for alert in coordinator.alerts { transitions += alert.buttons }
    for tab in coordinator.tabs { transitions += tab.child.handlers }
    for transition in transitions { transition.action.shownNames(into: &names) }
    var seeds = names.map(\.name.text)
    if case .start(let start, _) = coordinator.root { seeds.append(start.text) }
    func isOwn(_ name: String) -> Bool { own.node(named: name, in: coordinator) != nil }
    var reached: Set<Coordinator.Node> = []
    var work: [Coordinator.Node] = []
    for name in seeds where !isOwn(name) {
      if let node = sharedIndex[name], reached.insert(node).inserted { work.append(node) }
    }
    func walk() {
      while let node = work.popLast() {
        for edge in edges[node] ?? [] where !isOwn(edge.name) {
          if reached.insert(edge.node).inserted { work.append(edge.node) }
        }
      }
    }
    walk()
    let showsScreen =
      !coordinator.screens.isEmpty
      || reached.contains { if case .screen = $0 { true } else { false } }
    if showsScreen, !relativeTargets.isEmpty {
      for name in relativeTargets where !isOwn(name) {
        if let node = sharedIndex[name], reached.insert(node).inserted { work.append(node) }
      }
      walk()
    }
    func order(_ node: Coordinator.Node) -> (Int, Int) {
      switch node {
      case .screen(let index): (0, index)
      case .decision(let index): (1, index)
      case .alert(let index): (2, index)
      }
    }
    return reached.sorted { order($0) < order($1) }
  }
}
