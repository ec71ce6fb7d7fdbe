import Testing

@testable import FlowCore

/// The compressed adjacency the endings solver walks backwards: built from edges given twice
/// by a function (to count, then to place), with no list of the edges.
@Suite struct AdjacencyTests {
  @Test func eachNodesNeighboursAreItsEdgesTargetsInTheOrderGiven() {
    let edges: [(Int32, Int32)] = [(2, 0), (0, 3), (2, 1), (0, 1), (2, 2), (4, -1)]
    let adjacency = Adjacency(nodes: 5) { add in
      for (from, to) in edges { add(from, to) }
    }
    #expect(Array(adjacency.neighbours(of: 0)) == [3, 1])
    #expect(Array(adjacency.neighbours(of: 1)).isEmpty)
    #expect(Array(adjacency.neighbours(of: 2)) == [0, 1, 2])
    #expect(Array(adjacency.neighbours(of: 3)).isEmpty)
    // A child edge's source is written as a negative number: kept as it is.
    #expect(Array(adjacency.neighbours(of: 4)) == [-1])
  }

  @Test func randomGraphsGroupEveryEdgeUnderItsSource() {
    var generator = SeededGenerator(seed: 35)
    for _ in 0..<50 {
      let nodes = Int.random(in: 1...40, using: &generator)
      let edges = (0..<Int.random(in: 0...200, using: &generator)).map { _ in
        (
          Int32(Int.random(in: 0..<nodes, using: &generator)),
          Int32(Int.random(in: -5..<nodes, using: &generator))
        )
      }
      let adjacency = Adjacency(nodes: nodes) { add in
        for (from, to) in edges { add(from, to) }
      }
      for node in 0..<nodes {
        let expected = edges.filter { $0.0 == Int32(node) }.map { Int($0.1) }
        #expect(Array(adjacency.neighbours(of: node)) == expected)
      }
    }
  }
}
