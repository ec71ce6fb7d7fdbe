import Testing

@testable import FlowCore

/// A coordinator's nodes by name (``NodeTable``) find what a dictionary of them, the first of
/// each name kept, finds.
@Suite struct NodeTableTests {
  private let range = SourceRange.startOfFile("a.flow.yaml")

  /// A coordinator of `count` nodes whose names repeat, across screens, decisions and alerts.
  private func coordinator(nodes count: Int, using random: inout SeededGenerator) -> Coordinator {
    var coordinator = Coordinator(
      name: Identifier("C", at: range), root: .missing, range: range)
    for _ in 0..<count {
      let name = Identifier("N\(Int.random(in: 0..<(count / 2 + 1), using: &random))", at: range)
      switch Int.random(in: 0..<3, using: &random) {
      case 0: coordinator.screens.append(Screen(name: name, range: range))
      case 1: coordinator.decisions.append(Decision(name: name, range: range))
      default: coordinator.alerts.append(Alert(name: name, range: range))
      }
    }
    return coordinator
  }

  /// The first node of each name: screens, then decisions, then alerts.
  private func firstOfEachName(_ coordinator: Coordinator) -> [String: Coordinator.Node] {
    var nodes: [String: Coordinator.Node] = [:]
    for (index, screen) in coordinator.screens.enumerated() where nodes[screen.name.text] == nil {
      nodes[screen.name.text] = .screen(index)
    }
    for (index, decision) in coordinator.decisions.enumerated()
    where nodes[decision.name.text] == nil {
      nodes[decision.name.text] = .decision(index)
    }
    for (index, alert) in coordinator.alerts.enumerated() where nodes[alert.name.text] == nil {
      nodes[alert.name.text] = .alert(index)
    }
    return nodes
  }

  @Test func findsTheFirstNodeOfEachNameAsADictionaryDoes() {
    var random = SeededGenerator(seed: 35)
    for count in [0, 1, 2, 3, 7, 8, 9, 100, 1_000] {
      let coordinator = coordinator(nodes: count, using: &random)
      let table = NodeTable(coordinator)
      let expected = firstOfEachName(coordinator)
      #expect(table.count == expected.count)
      for name in expected.keys.sorted() + ["N\(count + 1)", "", "n0", "N"] {
        #expect(table.node(named: name, in: coordinator) == expected[name], "\(count): \(name)")
      }
      let module = FlowModule(files: [FlowFile(path: "a.flow.yaml", coordinators: [coordinator])])
      let names = module.nodeNames(in: 0)
      #expect(Set(names) == Set(expected.keys))
      #expect(names.count == expected.count)
      for name in expected.keys { #expect(module.node(named: name, in: 0) == expected[name]) }
    }
  }

  @Test func nodesAddedLaterReplaceTheirNameAndGrowTheTable() {
    var random = SeededGenerator(seed: 7)
    var coordinator = coordinator(nodes: 10, using: &random)
    var table = NodeTable(coordinator)
    // Far more than the table was made for: it grows, and every node is still found.
    for index in 0..<500 {
      coordinator.screens.append(Screen(name: Identifier("Added\(index)", at: range), range: range))
      table.add(.screen(coordinator.screens.count - 1), in: coordinator)
    }
    // A node of a name it holds takes that name's place.
    coordinator.alerts.append(Alert(name: Identifier("Added3", at: range), range: range))
    table.add(.alert(coordinator.alerts.count - 1), in: coordinator)
    var expected = firstOfEachName(coordinator)
    expected["Added3"] = .alert(coordinator.alerts.count - 1)
    #expect(table.count == expected.count)
    for (name, node) in expected { #expect(table.node(named: name, in: coordinator) == node) }
  }
}
