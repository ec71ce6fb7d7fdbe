extension ModuleAnalysis {
  /// (r3) The shared screens, decisions and alerts (as indices of the module's
  /// ``SharedNodes``) that some coordinator can show: those of which an owner's copy is
  /// reachable from its start (spec section 13.2). O(the owners' copies).
  package func sharedNodesShown() -> Set<Coordinator.Node> {
    guard !graph.module.shared.isEmpty else { return [] }
    var shown: Set<Coordinator.Node> = []
    forEachReachableCopy { _, original in shown.insert(original) }
    return shown
  }

  /// (r3) The coordinators (indices of the module's) that can show the shared node `shared`
  /// (an index of the module's ``SharedNodes``): those whose copy of it is reachable from
  /// their start, in module order. O(the owners' copies).
  package func owners(of shared: Coordinator.Node) -> [Int] {
    var owners: [Int] = []
    forEachReachableCopy { owner, original in
      if original == shared, owners.last != owner { owners.append(owner) }
    }
    return owners
  }

  /// Calls `body` with each coordinator (by index, in module order) and the shared original
  /// of each of its copies reachable from its start.
  private func forEachReachableCopy(_ body: (Int, Coordinator.Node) -> Void) {
    let module = graph.module
    for (index, analysis) in coordinators.enumerated() {
      let coordinator = module.coordinators[index]
      for node in 0..<analysis.graph.nodeCount where analysis.reachable[node] {
        if let original = coordinator.original(of: analysis.graph.node(node)) {
          body(index, original)
        }
      }
    }
  }
}
