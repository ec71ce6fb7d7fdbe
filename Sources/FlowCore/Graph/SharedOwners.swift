extension ModuleAnalysis {
  /// (r3) The shared screens, decisions and alerts (as indices of the module's
  /// ``SharedNodes``) that some coordinator can show: those of which an owner's copy is
  /// reachable from its start (spec section 13.2). O(the owners' copies).
  package func sharedNodesShown() -> Set<Coordinator.Node> {
    let module = graph.module
    guard !module.shared.isEmpty else { return [] }
    var shown: Set<Coordinator.Node> = []
    for (index, analysis) in coordinators.enumerated() {
      let coordinator = module.coordinators[index]
      for node in 0..<analysis.graph.nodeCount where analysis.reachable[node] {
        switch analysis.graph.node(node) {
        case .screen(let at):
          if let original = coordinator.screens[at].copyOf { shown.insert(.screen(original)) }
        case .decision(let at):
          if let original = coordinator.decisions[at].copyOf { shown.insert(.decision(original)) }
        case .alert(let at):
          if let original = coordinator.alerts[at].copyOf { shown.insert(.alert(original)) }
        }
      }
    }
    return shown
  }
}

extension ModuleAnalysis {
  /// (r3) The coordinators (indices of the module's) that can show the shared node `shared`
  /// (an index of the module's ``SharedNodes``): those whose copy of it is reachable from
  /// their start, in module order. O(the owners' copies).
  package func owners(of shared: Coordinator.Node) -> [Int] {
    let module = graph.module
    return module.coordinators.indices.filter { index in
      let coordinator = module.coordinators[index]
      let analysis = coordinators[index]
      return (0..<analysis.graph.nodeCount).contains { node in
        analysis.reachable[node] && coordinator.original(of: analysis.graph.node(node)) == shared
      }
    }
  }
}
