/// Starts of a child that do not handle every case it can finish with, and (r3) every request
/// it can send.
package enum UnhandledResultRule: ModuleRule {
  package static let id: RuleID = "unhandled-result"
  package static let severity = Severity.error
  package static let blocksGeneration = true
  package static let drawing = FindingDrawing.problem
  package static let summary =
    "A `start` whose `on` lacks a handler for some result case or request of the child."
  package static let rationale = """
    When a child finishes, the parent removes it and runs the handler of its result case. \
    A case without a handler leaves the parent with nothing to do: generated code could not \
    compile the switch, and a hand-written coordinator would keep the finished child alive. \
    Tab children may have no result; where they have one, the tab must handle every case. \
    A child's requests (revision 3) are handled beside its result cases: a request without \
    a handler would have nobody to answer it while the child keeps running. An entry \
    coordinator's requests go to the app, which needs no handler in a flow file.
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
    .triggering(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { chats: { ↓start: Chats, on: { closed: stay } } } }
        Chats:
          result: { closed: ~ }
          requests: { showSettings: ~ }
          start: Rooms
          screens:
            Rooms: { on: { settings: { request: showSettings }, close: { finish: closed } } }
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
                chats: { start: Chats, on: { closed: stay, showSettings: { present: Settings } } }
            Settings: { on: { done: dismiss } }
        Chats:
          result: { closed: ~ }
          requests: { showSettings: ~ }
          start: Rooms
          screens:
            Rooms: { on: { settings: { request: showSettings }, close: { finish: closed } } }
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
        // A request named as a result case is `duplicate-name`'s: its case's handler stands.
        var requests = graph.coordinators[child].requests.map(\.name.text).filter {
          !handled.contains($0)
        }
        if !requests.isEmpty, !cases.isEmpty {
          let caseNames = Set(cases.map(\.name.text))
          requests.removeAll { caseNames.contains($0) }
        }
        guard !missing.isEmpty || !requests.isEmpty else { continue }
        let subject =
          step.map { graph.subject(of: $0, at: node, in: coordinator.index) }
          ?? module.coordinators[coordinator.index].subject.appending(
            .tab(start.start.coordinator.text))
        let name = module.coordinators[child].name.text
        findings.add(
          requests.isEmpty
            ? Message.unhandled(child: name, cases: missing)
            : Message.unhandledRequests(child: name, cases: missing, requests: requests),
          about: subject, at: start.range)
      }
    }
  }

  /// What the rule says.
  package enum Message: RuleMessage {
    package typealias ReportingRule = UnhandledResultRule

    /// A start of `child` that handles none of `cases`.
    case unhandled(child: String, cases: [String])
    /// (r3) A start of `child` that handles none of `requests`, nor of `cases` (maybe none).
    case unhandledRequests(child: String, cases: [String], requests: [String])

    package var name: String {
      switch self {
      case .unhandled: "unhandled"
      case .unhandledRequests: "unhandled-request"
      }
    }

    package var english: MessageText {
      switch self {
      case .unhandled(let child, let cases):
        "'\(child)' can finish with \(MappingReader.list(cases, conjunction: "and")), which "
          + "this start does not handle"
      case .unhandledRequests(let child, let cases, let requests):
        "'\(child)' can "
          + (cases.isEmpty
            ? "" : "finish with \(MappingReader.list(cases, conjunction: "and")) and ")
          + "send the request\(requests.count == 1 ? "" : "s") "
          + "\(MappingReader.list(requests, conjunction: "and")), which this start does not "
          + "handle"
      }
    }
  }
}
