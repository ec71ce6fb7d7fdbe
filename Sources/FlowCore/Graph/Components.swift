/// The strongly connected components of a directed graph whose nodes are `0..<count`:
/// groups of nodes that reach each other.
///
/// Tarjan's algorithm with an explicit stack, so that no graph, however deep, overflows the
/// call stack: O(nodes + edges).
struct Components {
  /// For each node, the index of its component.
  private(set) var component: [Int]
  /// For each node, whether it lies on a cycle: its component has more than one node, or
  /// it has an edge to itself.
  private(set) var isCyclic: [Bool]

  init(count: Int, edges: (Int) -> [Int]) {
    component = Array(repeating: -1, count: count)
    isCyclic = Array(repeating: false, count: count)
    var index = Array(repeating: -1, count: count)
    var low = Array(repeating: 0, count: count)
    var onStack = Array(repeating: false, count: count)
    var stack: [Int] = []
    var next = 0
    var components = 0
    // Each frame: a node and its edges, with how many of them were followed.
    var frames: [(node: Int, edges: [Int], position: Int)] = []

    // Numbers a node on first sight and starts following its edges.
    func enter(_ node: Int) {
      index[node] = next
      low[node] = next
      next += 1
      stack.append(node)
      onStack[node] = true
      frames.append((node, edges(node), 0))
    }

    for root in 0..<count where index[root] < 0 {
      enter(root)
      while let frame = frames.last {
        let node = frame.node
        if frame.position < frame.edges.count {
          let target = frame.edges[frame.position]
          frames[frames.count - 1].position += 1
          if target == node { isCyclic[node] = true }
          if index[target] < 0 {
            enter(target)
          } else if onStack[target] {
            low[node] = min(low[node], index[target])
          }
          continue
        }
        frames.removeLast()
        if let parent = frames.last?.node { low[parent] = min(low[parent], low[node]) }
        guard low[node] == index[node] else { continue }
        var members: [Int] = []
        while let member = stack.popLast() {
          onStack[member] = false
          component[member] = components
          members.append(member)
          if member == node { break }
        }
        if members.count > 1 { for member in members { isCyclic[member] = true } }
        components += 1
      }
    }
  }
}
