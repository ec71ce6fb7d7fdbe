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

  private var typeIndex: [String: Int] = [:]
  private var coordinatorIndex: [String: Int] = [:]
  private var linkIndex: [String: Int] = [:]
  private var nodeIndex: [[String: Coordinator.Node]] = []

  /// Joins the files, which must already be sorted by path.
  public init(files: [FlowFile], isComplete: Bool = true) {
    types = files.flatMap(\.types)
    coordinators = files.flatMap(\.coordinators)
    links = files.flatMap(\.links)
    sharedUses = files.flatMap(\.sharedUses)
    fileLints = files.compactMap(\.lint)
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
    nodeIndex = Parallel.map(count: all.count, minimumChunk: 64) { index in
      let coordinator = all[index]
      var nodes: [String: Coordinator.Node] = [:]
      nodes.reserveCapacity(
        coordinator.screens.count + coordinator.decisions.count + coordinator.alerts.count)
      for screen in coordinator.screens.indices
      where nodes[coordinator.screens[screen].name.text] == nil {
        nodes[coordinator.screens[screen].name.text] = .screen(screen)
      }
      for decision in coordinator.decisions.indices
      where nodes[coordinator.decisions[decision].name.text] == nil {
        nodes[coordinator.decisions[decision].name.text] = .decision(decision)
      }
      for alert in coordinator.alerts.indices
      where nodes[coordinator.alerts[alert].name.text] == nil {
        nodes[coordinator.alerts[alert].name.text] = .alert(alert)
      }
      return nodes
    }
  }

  /// The screen, decision or alert with this name in the coordinator at `coordinator` (an index
  /// of ``coordinators``); the first, if defined twice.
  public func node(named name: String, in coordinator: Int) -> Coordinator.Node? {
    nodeIndex[coordinator][name]
  }

  /// The names of every screen, decision and alert of the coordinator at `coordinator`.
  public func nodeNames(in coordinator: Int) -> Dictionary<String, Coordinator.Node>.Keys {
    nodeIndex[coordinator].keys
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
