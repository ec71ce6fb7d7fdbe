extension SwiftGenerator {
  /// (r3) The first request the module of `graph` declares (spec section 13.3), in file order,
  /// with the coordinator that declares it: requests are checked but not generated yet (the
  /// generated parent would not handle them, and the child could not send them), so
  /// `flowc generate` refuses the module. `nil` when no coordinator has requests.
  package static func ungeneratedRequest(
    in graph: FlowGraph
  ) -> (request: Identifier, coordinator: Identifier)? {
    var first: (request: Identifier, coordinator: Identifier)?
    for coordinator in graph.module.coordinators {
      guard let request = coordinator.requests.first else { continue }
      if let found = first, found.request.range.precedes(request.name.range) { continue }
      first = (request.name, coordinator.name)
    }
    return first
  }
}
