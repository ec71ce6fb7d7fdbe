/// Starts of a child that do not handle every case it can finish with.
package enum UnhandledResultRule: ModuleRule {
  package static let id: RuleID = "unhandled-result"
  package static let severity = Severity.error
  package static let blocksGeneration = true
  package static let drawing = FindingDrawing.problem
  package static let summary =
    "A `start` whose `on` lacks a handler for some result case of the child."
  package static let rationale = """
    When a child finishes, the parent removes it and runs the handler of its result case. \
    A case without a handler leaves the parent with nothing to do: generated code could not \
    compile the switch, and a hand-written coordinator would keep the finished child alive. \
    Tab children may have no result; where they have one, the tab must handle every case.
    """
  package static let examples: [RuleExample] = [
    .triggering(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { login: { ↓start: Auth, on: { loggedIn: stay } } } }
        Auth:
          result: { loggedIn: ~, cancelled: ~ }
          start: Login
          screens:
            Login: { on: { ok: { finish: loggedIn }, close: { finish: cancelled } } }
      """),
    .passing(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home:
              on:
                login: { start: Auth, on: { loggedIn: stay, cancelled: stay } }
        Auth:
          result: { loggedIn: ~, cancelled: ~ }
          start: Login
          screens:
            Login: { on: { ok: { finish: loggedIn }, close: { finish: cancelled } } }
      """),
  ]

  /// Looks at every start once, with the child's cases in a set: O(starts + cases).
  package static func check(_ context: ResolvedModule, into findings: inout Findings) {
    let module = context.module
    for coordinator in context.graph.coordinators {
      var starts: [ChildStep] = []
      for steps in coordinator.steps {
        for step in steps { if case .start(let child) = step.action { starts.append(child) } }
      }
      for step in coordinator.eventSteps {
        if case .start(let child) = step.action { starts.append(child) }
      }
      if case .tabs(let tabs) = coordinator.root {
        for tab in tabs {
          starts.append(tab.start)
          for step in tab.handlerSteps {
            if case .start(let child) = step.action { starts.append(child) }
          }
        }
      }
      for start in starts {
        guard let child = start.child else { continue }
        let childCoordinator = module.coordinators[child]
        let cases = context.graph.coordinators[child].results
        let handled = Set(start.start.handlers.map(\.name.text))
        let missing = cases.map(\.name.text).filter { !handled.contains($0) }
        guard !missing.isEmpty else { continue }
        findings.add(
          self,
          "'\(childCoordinator.name)' can finish with \(MappingReader.list(missing, conjunction: "and")), "
            + "which this start does not handle", at: start.range)
      }
    }
  }
}
