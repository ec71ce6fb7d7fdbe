/// The steps that links with long routes share in generated `FlowLink.swift`: the union of
/// their routes as the check keeps them (paths in shared search trees, ``LinkRoutes``),
/// numbered so that each route is a few ranges of numbers, and one function,
/// `flowLinkRoute(_:entry:start:steps:…)`, that adds the steps of a list of ranges to a
/// route in order.
///
/// A link whose route is longer than ``LinksGenerator/explicitRouteLimit`` steps calls it
/// instead of listing its steps, so that a push chain of N screens with a link to each is N
/// numbered steps, not N²/2 statements. The trees' nodes are numbered depth first, the child
/// with the most nodes below it first (heavy paths): each child that comes first is numbered
/// right after its parent, so the route to any node is one range per other child on its
/// path, at most log₂ of the nodes. A step that carries a payload takes it from a parameter
/// for its type (`payload1: T? = nil`, …), which each link fills from its param or its
/// `values` value; the function gives `nil` when a step's payload is missing, which the links
/// that call it never leave out. O(the shared nodes), and each link O(its parts and ranges).
struct SharedRouteSteps {
  /// The name of the generated function.
  static let functionName = "flowLinkRoute"

  /// What one link passes.
  struct Call {
    /// The ranges of step numbers, in order.
    var ranges: [ClosedRange<Int>]
    /// The payload types its steps carry, by their number among ``SharedRouteSteps/slots``,
    /// in order.
    var slots: [Int]
  }

  /// The payload types the steps carry, in the order the function's parameters take them.
  private(set) var slots: [TypeExpression] = []
  /// The call of each link that uses the shared steps, by its index in the module.
  private(set) var calls: [Int: Call] = [:]
  /// The steps in number order: the edge each takes, and its payload's parameter (an index of
  /// ``slots``), if any.
  private(set) var steps: [(edge: Int, slot: Int?)] = []

  /// The shared steps of the links at `linkIndices`, each of which has a route in `routes`.
  init(routes: LinkRoutes, linkIndices: [Int]) {
    // The nodes of every route's parts, each once, with its parent (-1 under a tree's
    // start) and the edge that leads to it, in the order first met.
    var nodes: [RouteNode: Int] = [:]
    var parent: [Int] = []
    var edge: [Int] = []
    var ends: [Int: [Int]] = [:]
    for link in linkIndices {
      var linkEnds: [Int] = []
      for end in routes.ends(ofLink: link) ?? [] {
        var walked: [Int] = []
        var node = end
        var top = -1
        while true {
          if let known = nodes[node] {
            top = known
            break
          }
          guard let (taken, above) = routes.parent(of: node) else { break }
          nodes[node] = edge.count
          walked.append(edge.count)
          edge.append(taken)
          parent.append(-1)
          node = above
        }
        for (offset, local) in walked.enumerated() {
          parent[local] = offset + 1 < walked.count ? walked[offset + 1] : top
        }
        // A part with no step (its tree starts at the target) adds no range.
        if let local = nodes[end] { linkEnds.append(local) }
      }
      ends[link] = linkEnds
    }
    let count = edge.count
    var children = [[Int]](repeating: [], count: count)
    var roots: [Int] = []
    for local in 0..<count {
      if parent[local] < 0 { roots.append(local) } else { children[parent[local]].append(local) }
    }
    // Sizes, children before parents: a depth-first order from the roots, read backwards.
    var visit: [Int] = []
    var pending = roots
    while let local = pending.popLast() {
      visit.append(local)
      pending += children[local]
    }
    var size = [Int](repeating: 1, count: count)
    for local in visit.reversed() where parent[local] >= 0 {
      size[parent[local]] += size[local]
    }
    // Numbers, depth first, the largest child first (the first of equals).
    var number = [Int](repeating: 0, count: count)
    var head = Array(0..<count)
    var slotsOnPath = [[Int]](repeating: [], count: count)
    var slotOf: [TypeExpression: Int] = [:]
    var stack = Array(roots.reversed())
    while let local = stack.popLast() {
      number[local] = steps.count
      var slot: Int?
      if let (_, payload) = routes.step(ofEdge: edge[local]), let payload, payload != .invalid {
        slot = slotOf[payload] ?? slots.count
        if slot == slots.count {
          slotOf[payload] = slots.count
          slots.append(payload)
        }
      }
      steps.append((edge[local], slot))
      var onPath = parent[local] >= 0 ? slotsOnPath[parent[local]] : []
      if let slot, !onPath.contains(slot) {
        onPath.append(slot)
        onPath.sort()
      }
      slotsOnPath[local] = onPath
      let kids = children[local]
      guard let heavy = kids.indices.max(by: { size[kids[$0]] < size[kids[$1]] }) else {
        continue
      }
      head[kids[heavy]] = head[local]
      for (offset, kid) in kids.enumerated().reversed() where offset != heavy {
        stack.append(kid)
      }
      stack.append(kids[heavy])
    }
    for (link, linkEnds) in ends {
      var ranges: [ClosedRange<Int>] = []
      var used = Set<Int>()
      for end in linkEnds {
        used.formUnion(slotsOnPath[end])
        var part: [ClosedRange<Int>] = []
        var local = end
        while local >= 0 {
          part.append(number[head[local]]...number[local])
          local = parent[head[local]]
        }
        for range in part.reversed() {
          if let last = ranges.last, last.upperBound + 1 == range.lowerBound {
            ranges[ranges.count - 1] = last.lowerBound...range.upperBound
          } else {
            ranges.append(range)
          }
        }
      }
      calls[link] = Call(ranges: ranges, slots: used.sorted())
    }
  }
}
