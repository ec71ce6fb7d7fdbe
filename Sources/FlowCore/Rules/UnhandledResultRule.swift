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
    let graph = context.graph
    for coordinator in graph.coordinators {
      // Each start with the step whose action it is (none for a tab) and its node.
      var starts: [(start: ChildStep, step: Step?, node: NodeID)] = []
      for (node, steps) in coordinator.steps.enumerated() {
        for step in steps {
          if case .start(let child) = step.action { starts.append((child, step, node)) }
        }
      }
      for step in coordinator.eventSteps {
        if case .start(let child) = step.action {
          starts.append((child, step, coordinator.nodeCount))
        }
      }
      if case .tabs(let tabs) = coordinator.root {
        for tab in tabs {
          starts.append((tab.start, nil, coordinator.nodeCount))
          for step in tab.handlerSteps {
            if case .start(let child) = step.action {
              starts.append((child, step, coordinator.nodeCount))
            }
          }
        }
      }
      for (start, step, node) in starts {
        guard let child = start.child else { continue }
        let cases = graph.coordinators[child].results
        let handled = Set(start.start.handlers.map(\.name.text))
        let missing = cases.map(\.name.text).filter { !handled.contains($0) }
        guard !missing.isEmpty else { continue }
        let subject =
          step.map { graph.subject(of: $0, at: node, in: coordinator.index) }
          ?? module.coordinators[coordinator.index].subject.appending(
            .tab(start.start.coordinator.text))
        findings.add(
          Message.unhandled(child: module.coordinators[child].name.text, cases: missing),
          about: subject, at: start.range)
      }
    }
  }

  /// What the rule says.
  package enum Message: RuleMessage {
    package typealias ReportingRule = UnhandledResultRule

    /// A start of `child` that handles none of `cases`.
    case unhandled(child: String, cases: [String])

    package var name: String { "unhandled" }

    package var english: MessageText {
      switch self {
      case .unhandled(let child, let cases):
        "'\(child)' can finish with \(MappingReader.list(cases, conjunction: "and")), which "
          + "this start does not handle"
      }
    }
  }
}
