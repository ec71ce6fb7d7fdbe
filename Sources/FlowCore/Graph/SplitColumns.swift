/// (r3) Where each coordinator's screens can be, as far as split coordinators are concerned
/// (spec section 13.4): in a column of the nearest split coordinator around it, on a modal
/// stack presented over a split (no column), or outside any split.
///
/// A split coordinator's own screens are its primary column, however it is started. Another
/// coordinator is where whoever started it puts it: a push-style start or a tab keeps the
/// starter's place, a modal start (or a start from a screen its starter presented) puts it
/// over the split, a `show` in the column it names or the one after the holder's. Worked out
/// by propagation along the starts, as ``NearestTabCoordinators`` is: a coordinator holds at
/// most ``bound`` places, and one that would hold more is judged by no check, so the whole
/// is O(bound² × (coordinators + starts)).
struct SplitColumns: Sendable {
  /// The most places a coordinator holds.
  static let bound = 16

  /// One place a coordinator's screens can be in.
  enum Place: Hashable, Comparable, Sendable {
    /// In this column of the split coordinator at this module index.
    case column(split: Int, SplitColumn)
    /// On a modal stack presented over the split coordinator at this module index.
    case over(split: Int)
    /// Outside any split coordinator.
    case outside

    /// The split coordinator around, if any.
    var split: Int? {
      switch self {
      case .column(let split, _), .over(let split): split
      case .outside: nil
      }
    }

    /// The place of a coordinator presented from this one: over the same split.
    var presented: Place { split.map { .over(split: $0) } ?? .outside }

    private var order: (Int, Int, Int) {
      switch self {
      case .column(let split, let column): (0, split, column.rawValue)
      case .over(let split): (1, split, 0)
      case .outside: (2, 0, 0)
      }
    }

    static func < (lhs: Place, rhs: Place) -> Bool { lhs.order < rhs.order }
  }

  /// The places of each coordinator, sorted; empty for one nobody started puts anywhere.
  let places: [[Place]]
  /// Whether a coordinator can be in more than ``bound`` places.
  let isUnbounded: [Bool]
  /// Whether a coordinator is started at all: an entry, or a reachable start or tab starts it.
  let isStarted: [Bool]

  init(_ analysis: ModuleAnalysis) {
    let module = analysis.graph.module
    let count = module.coordinators.count
    var edges = [[(child: Int, start: Start)]](repeating: [], count: count)
    var isStarted = module.coordinators.map(\.isEntry)
    for (parent, coordinator) in analysis.coordinators.enumerated()
    where module.isFirstDefinition(coordinator: parent) {
      // A broken step may have been the path to any start: every start counts then, so that
      // no way a coordinator may be shown is missed.
      let starts =
        coordinator.hasUnresolvedStep ? coordinator.allStarts : coordinator.reachableStarts
      for start in starts {
        guard let child = start.step.child else { continue }
        isStarted[child] = true
        edges[parent].append((child, Start(start, of: parent, in: analysis)))
      }
    }
    var sets = [Set<Place>](repeating: [], count: count)
    var isUnbounded = [Bool](repeating: false, count: count)
    var pending: [Int] = []
    for (index, coordinator) in module.coordinators.enumerated() {
      if coordinator.splitIsBroken {
        // Its columns are unknown (a `schema` finding): neither it nor what it starts is judged.
        isUnbounded[index] = true
      } else if coordinator.split != nil {
        sets[index] = [.column(split: index, .primary)]
      } else if coordinator.isEntry {
        sets[index] = [.outside]
      } else {
        continue
      }
      pending.append(index)
    }
    while let parent = pending.popLast() {
      for (child, start) in edges[parent]
      where module.coordinators[child].split == nil && !isUnbounded[child] {
        var changed = false
        if isUnbounded[parent] {
          isUnbounded[child] = true
          changed = true
        } else {
          for place in sets[parent] {
            for reached in start.places(from: place, module: module)
            where !sets[child].contains(reached) {
              changed = true
              guard sets[child].count < Self.bound else {
                isUnbounded[child] = true
                break
              }
              sets[child].insert(reached)
            }
          }
        }
        if changed { pending.append(child) }
      }
    }
    places = sets.map { $0.sorted() }
    self.isUnbounded = isUnbounded
    self.isStarted = isStarted
  }

  /// One start (a tab, a `start` or a `show`) as far as places go.
  struct Start {
    /// For a `show`, the column it names (`.some(nil)` when it names none); `nil` for a
    /// `start` or a tab.
    var show: SplitColumn??
    /// Whether it starts its child in a modal stack of its own.
    var isModal: Bool
    /// Whether it can act on a screen of its coordinator's own part of the column's stack,
    /// and whether on a screen in a modal stack its coordinator presented (over the split).
    var onColumn: Bool
    var onOwnModal: Bool

    init(_ start: CoordinatorAnalysis.ReachableStart, of parent: Int, in analysis: ModuleAnalysis) {
      show = start.step.start.show.map { $0.column }
      isModal = start.step.style.isModal && start.step.start.show == nil
      (onColumn, onOwnModal) =
        start.action.map { SplitColumns.whereActs($0, node: start.node, of: parent, in: analysis) }
        ?? (true, false)
    }

    /// The places its child gets from a parent in `place`.
    func places(from place: Place, module: FlowModule) -> [Place] {
      var found: [Place] = []
      if onOwnModal { found.append(place.presented) }
      guard onColumn else { return found }
      if isModal {
        found.append(place.presented)
      } else if let show {
        guard case .column(let split, let column) = place,
          let layout = module.coordinators[split].split?.layout,
          let target = SplitColumns.target(of: show, from: column, in: layout)
        else { return found }
        found.append(.column(split: split, target))
      } else {
        found.append(place)
      }
      return found
    }
  }

  /// The column a `show` naming `named` (`nil`: none) puts its child in, from a holder in
  /// `column` of a split with `layout`: `nil` when there is no such column after the holder's.
  static func target(
    of named: SplitColumn?, from column: SplitColumn, in layout: SplitLayout
  ) -> SplitColumn? {
    guard let named else { return layout.column(after: column) }
    return named > column && layout.columns.contains(named) ? named : nil
  }

  /// Whether `step` (on `node` of coordinator `index`) can act on a screen of the
  /// coordinator's own part of its first stack, and whether on one in a modal stack the
  /// coordinator presented: from the show states its node was seen in, or, for the last
  /// element of a sequence (r3) with a `present` before it and no `dismiss` after that, on the
  /// presented stack only. A handler acts where its start did.
  static func whereActs(
    _ step: Step, node: Int, of index: Int, in analysis: ModuleAnalysis
  ) -> (onColumn: Bool, onOwnModal: Bool) {
    let written = step.transition.action
    if step.handlerOf.isEmpty, step.isElement, case .sequence(let elements) = written.kind {
      var presented = false
      for element in elements.prefix(step.elementIndex) {
        switch element.kind {
        case .present: presented = true
        case .dismiss: presented = false
        default: break
        }
      }
      if presented { return (false, true) }
    }
    let states = analysis.presentation.states(of: node, in: index)
    guard !states.isEmpty else { return (true, false) }
    return (states.contains { !$0.inOwnModal }, states.contains(where: \.inOwnModal))
  }
}
