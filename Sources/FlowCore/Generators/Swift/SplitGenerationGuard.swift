extension SwiftGenerator {
  /// (r3) The first `split` value or `show` action of the module of `graph` (spec section
  /// 13.4), in file order, with what it is (`"split"` or `"show"`) and the coordinator that
  /// holds it: split coordinators are checked but not generated yet (the generated code has no
  /// columns to show a child in), so `flowc generate` refuses the module. `nil` when the
  /// module has neither.
  package static func ungeneratedSplit(
    in graph: FlowGraph
  ) -> (range: SourceRange, what: String, coordinator: Identifier)? {
    var first: (range: SourceRange, what: String, coordinator: Identifier)?
    func note(_ range: SourceRange, _ what: String, _ coordinator: Identifier) {
      if let found = first, !range.precedes(found.range) { return }
      first = (range, what, coordinator)
    }
    for (index, coordinator) in graph.module.coordinators.enumerated() {
      if let split = coordinator.split { note(split.range, "split", coordinator.name) }
      let resolved = graph.coordinators[index]
      let steps = resolved.steps.joined() + resolved.eventSteps + resolved.root.tabHandlerSteps
      for step in steps {
        guard case .start(let child) = step.action, child.start.isShow else { continue }
        note(step.written.range, "show", coordinator.name)
      }
    }
    return first
  }
}
