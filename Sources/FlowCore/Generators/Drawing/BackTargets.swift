/// Where the back actions of one coordinator lead, for drawing them (spec section 8):
/// `pop` back to each screen that pushes the current one, `popToRoot` to each bottom of the
/// coordinator below it (its first screen on that stack, or one it shows by `replace` or
/// `present`), `dismiss` to each screen that presents the modal stack it is in. A decision stands for the screens it is decided
/// from. What lies below the coordinator's own part of the stack is ``outside``: its start
/// marker, since the action leaves the coordinator the way it came in.
///
/// Nodes are those of ``CoordinatorGraph`` (screens, then decisions), ``outside`` and
/// ``app``, where external events act: what they push or present goes back there. Each
/// set keeps at most ``limit`` members, so working them out is linear in the size of the
/// coordinator whatever its shape, and a drawing never fans one action out further.
struct BackTargets {
  /// The most places one back action is drawn to.
  static let limit = 4

  /// The node that stands for everything below the coordinator: its start marker.
  let outside: Int
  /// The node that stands for whatever is on top when an external event acts: the `app`
  /// node of the drawing.
  let app: Int
  /// For each node, the screens it acts on: itself for a screen, the screens it is decided
  /// from for a decision (``outside`` for a start decision).
  private var actsOn: [[Int]]
  /// For each screen, the screens right below it on the stack.
  private var below: [[Int]]
  /// For each screen, the screens that presented the modal stack it is in.
  private var presenters: [[Int]]
  /// For each screen, the coordinator's bottoms of the stack it is on, below it or itself.
  private var roots: [[Int]]

  init(_ graph: CoordinatorGraph) {
    let outside = graph.nodeCount
    self.outside = outside
    app = outside + 1
    let count = outside + 2
    var decides = [[Int]](repeating: [], count: count)
    var pushes: [(from: Int, to: Int)] = []
    var presents: [(from: Int, to: Int)] = []
    var bottoms: [Int] = []
    func record(_ step: Step, from owner: Int) {
      switch step.action {
      case .decide(let target), .alert(let target): decides[owner].append(target)
      case .push(let target): pushes.append((owner, target))
      case .present(let target): presents.append((owner, target))
      case .replace(let target): bottoms.append(target)
      default: break
      }
    }
    for node in 0..<graph.nodeCount {
      // An element of a sequence (r3) acts where the one before leads: after a push,
      // present or replace, its screen; after a back element, a place not known here.
      var place: Int? = node
      for step in graph.steps[node] {
        if step.isFirstElement { place = node }
        guard let from = place else { continue }
        record(step, from: from)
        guard step.isElement, !step.isLastElement else { continue }
        switch step.action {
        case .push(let target), .present(let target), .replace(let target): place = target
        default: place = nil
        }
      }
    }

    for step in graph.eventSteps where step.handlerOf.isEmpty { record(step, from: app) }
    actsOn = (0..<count).map { graph.isScreen($0) || $0 >= outside ? [$0] : [] }
    switch graph.root {
    case .node(let start):
      if graph.isScreen(start) { bottoms.append(start) } else { actsOn[start].append(outside) }
    case .tabs(let tabs):
      for tab in tabs {
        for step in tab.handlerSteps { record(step, from: outside) }
      }
    case .unresolved:
      break
    }
    Self.propagate(&actsOn, along: decides)

    below = [[Int]](repeating: [], count: count)
    presenters = [[Int]](repeating: [], count: count)
    roots = [[Int]](repeating: [], count: count)
    presenters[outside] = [outside]
    presenters[app] = [app]
    for bottom in bottoms {
      Self.insert(outside, into: &below[bottom])
      Self.insert(outside, into: &presenters[bottom])
      Self.insert(bottom, into: &roots[bottom])
    }
    var stacked = [[Int]](repeating: [], count: count)
    for push in pushes {
      for screen in actsOn[push.from] {
        Self.insert(screen, into: &below[push.to])
        stacked[screen].append(push.to)
        // Pushed by the start decision: the coordinator's first screen on that stack.
        if screen == outside { Self.insert(push.to, into: &roots[push.to]) }
      }
    }
    for present in presents {
      for screen in actsOn[present.from] { Self.insert(screen, into: &presenters[present.to]) }
      Self.insert(present.to, into: &roots[present.to])
    }
    Self.propagate(&presenters, along: stacked)
    Self.propagate(&roots, along: stacked)
  }

  /// Where a `pop` acting on `node` leads (``outside`` when `node` is `nil`, the tab
  /// container), sorted.
  func pop(actingOn node: Int?) -> [Int] {
    targets(actingOn: node, in: below)
  }

  /// Where a `popToRoot` acting on `node` leads, sorted: never out of the coordinator, but
  /// ``outside`` when nothing is known (the tab container, where it is not allowed).
  func popToRoot(actingOn node: Int?) -> [Int] {
    targets(actingOn: node, in: roots)
  }

  /// Where a `dismiss` acting on `node` leads, sorted.
  func dismiss(actingOn node: Int?) -> [Int] {
    targets(actingOn: node, in: presenters)
  }

  private func targets(actingOn node: Int?, in sets: [[Int]]) -> [Int] {
    var found: [Int] = []
    for screen in actsOn[node ?? outside] {
      for target in sets[screen] { Self.insert(target, into: &found) }
    }
    return found.isEmpty ? [outside] : found.sorted()
  }

  /// Adds `member` to `set` unless it is there or the set is full.
  @discardableResult
  private static func insert(_ member: Int, into set: inout [Int]) -> Bool {
    guard set.count < limit, !set.contains(member) else { return false }
    set.append(member)
    return true
  }

  /// Adds to each node's set the members of the sets of the nodes that lead to it along
  /// `successors`, until nothing changes. A set grows at most ``limit`` times, and each
  /// growth passes it on once, so this is linear in the number of edges.
  private static func propagate(_ sets: inout [[Int]], along successors: [[Int]]) {
    var queued = sets.map { !$0.isEmpty }
    var work = Array(sets.indices.filter { !sets[$0].isEmpty }.reversed())
    while let node = work.popLast() {
      queued[node] = false
      let members = sets[node]
      for next in successors[node] {
        var grew = false
        for member in members where insert(member, into: &sets[next]) { grew = true }
        if grew && !queued[next] {
          queued[next] = true
          work.append(next)
        }
      }
    }
  }
}
