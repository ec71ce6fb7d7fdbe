/// (r3) Where a drawing puts what a `show` shows (spec section 13.4): the columns of split
/// coordinators each coordinator's screens can be in, and the children shown in each column.
///
/// A drawing's view, from the graph alone: a split coordinator's screens are its primary
/// column; a push-style start or a tab keeps its starter's columns, a `show` puts its child
/// in the column it names or the one after its holder's, and a modal start puts its child
/// over the split, in no column. The checks (`SplitColumns`) also follow which screens a
/// start acts on; where the two differ, the checks have a finding to draw. Each coordinator
/// holds at most ``bound`` columns (one that would hold more keeps those it has), so the
/// work is O(bound × starts).
struct SplitLanes {
  /// The most columns a coordinator holds.
  static let bound = 16

  /// A column of the split coordinator at a module index.
  struct Place: Hashable {
    var split: Int
    var column: SplitColumn
  }

  /// For each coordinator, the columns its screens can be in.
  let places: [Set<Place>]
  /// For each column, the coordinators a `show` puts there, in module order.
  let shown: [Place: [Int]]

  init(_ graph: FlowGraph) {
    let module = graph.module
    let count = module.coordinators.count
    var places = [Set<Place>](repeating: [], count: count)
    var pending: [Int] = []
    for (index, coordinator) in module.coordinators.enumerated() where coordinator.split != nil {
      places[index] = [Place(split: index, column: .primary)]
      pending.append(index)
    }
    var shown: [Place: Set<Int>] = [:]
    var starts: [[ChildStep]?] = Array(repeating: nil, count: pending.isEmpty ? 0 : count)
    while let parent = pending.popLast() {
      if starts[parent] == nil { starts[parent] = Self.starts(of: graph.coordinators[parent]) }
      for start in starts[parent] ?? [] {
        guard let child = start.child, module.coordinators[child].split == nil else { continue }
        var changed = false
        for place in places[parent] {
          let reached: Place
          if let show = start.start.show {
            guard let layout = module.coordinators[place.split].split?.layout,
              let column = SplitColumns.target(of: show.column, from: place.column, in: layout)
            else { continue }
            reached = Place(split: place.split, column: column)
            shown[reached, default: []].insert(child)
          } else if start.style.isModal {
            continue
          } else {
            reached = place
          }
          guard places[child].count < Self.bound, places[child].insert(reached).inserted else {
            continue
          }
          changed = true
        }
        if changed { pending.append(child) }
      }
    }
    self.places = places
    self.shown = shown.mapValues { $0.sorted() }
  }

  /// The column a `show` held by coordinator `holder` puts its child in: the one every
  /// column of the holder leads to, else the one it names; `nil` when neither tells.
  func column(of show: ChildStart.Show, heldBy holder: Int, in module: FlowModule) -> SplitColumn? {
    var targets: Set<SplitColumn> = []
    for place in places[holder] {
      guard let layout = module.coordinators[place.split].split?.layout,
        let column = SplitColumns.target(of: show.column, from: place.column, in: layout)
      else { continue }
      targets.insert(column)
    }
    return targets.count == 1 ? targets.first : show.column
  }

  /// Every start of a coordinator that names one: its tabs, and the starts and shows of its
  /// nodes, external events and handlers.
  private static func starts(of coordinator: CoordinatorGraph) -> [ChildStep] {
    var found: [ChildStep] = []
    func add(_ steps: [Step]) {
      for step in steps {
        if case .start(let child) = step.action, child.child != nil { found.append(child) }
      }
    }
    if case .tabs(let tabs) = coordinator.root {
      for tab in tabs where tab.start.child != nil { found.append(tab.start) }
    }
    add(coordinator.root.tabHandlerSteps)
    for steps in coordinator.steps { add(steps) }
    add(coordinator.eventSteps)
    return found
  }
}
