/// Result cases that nothing finishes with, and (r3) requests that nothing sends.
package enum UnusedResultCaseRule: ModuleRule {
  package static let id: RuleID = "unused-result-case"
  package static let severity = Severity.warning
  package static let blocksGeneration = false
  package static let drawing = FindingDrawing.problem
  package static let summary =
    "A result case that no reachable `finish` produces and that is not the coordinator's "
    + "`leave`, or a request that no reachable `request` sends."
  package static let rationale = """
    Every parent must handle every result case of its child, so a case that is never \
    produced makes each parent write a handler that never runs. For an enum type used as \
    a result, a case is unused when no coordinator using the type finishes or leaves with \
    it; the finding is placed at the case in the type. The `leave` case is used: the \
    coordinator finishes with it when the user leaves it (the system back on its first \
    screen, a sheet swiped away), and the parent's handler runs. A `finish` in an external \
    event (section 7b) produces its case like any other. A case that a start of the \
    coordinator leaves without a handler is `unhandled-result`'s finding there, not this \
    one's: one mistake, one finding. The same holds for a coordinator's requests (revision \
    3): every parent must handle each of them, so one that no reachable `request` action \
    sends (external events count) makes each parent write a handler that never runs.
    """
  package static let examples: [RuleExample] = [
    .triggering(
      """
      version: 1
      types:
        Outcome: { enum: { done: ~, ↓failed: String } }
      coordinators:
        Upload:
          result: Outcome
          start: Progress
          screens:
            Progress: { on: { ok: { finish: done } } }
        Pick:
          result: { picked: ~, ↓cancelled: ~ }
          start: List
          screens:
            List: { on: { choose: { finish: picked } } }
        Chats:
          entry: true
          requests: { showSettings: ~, ↓signOut: ~ }
          start: Rooms
          screens:
            Rooms: { on: { settings: { request: showSettings } } }
      """),
    .passing(
      """
      version: 1
      types:
        Outcome: { enum: { done: ~, failed: String } }
      coordinators:
        Upload:
          result: Outcome
          start: Progress
          screens:
            Progress: { on: { ok: { finish: done } } }
        Retry:
          result: Outcome
          start: Again
          screens:
            Again: { on: { error: { payload: String, finish: failed } } }
        Pick:
          result: { picked: ~, cancelled: ~ }
          leave: cancelled
          start: List
          screens:
            List: { on: { choose: { finish: picked } } }
        Chats:
          entry: true
          requests: { showSettings: ~, signOut: ~ }
          start: Rooms
          screens:
            Rooms: { on: { settings: { request: showSettings } } }
          events:
            sessionEnded: { request: signOut }
      """),
  ]

  /// Unions each coordinator's reachable finishes, worked out once: O(coordinators + cases
  /// + starts' handlers).
  package static func check(_ context: ResolvedModule, into findings: inout Findings) {
    let module = context.module
    let (unhandled, unhandledRequests) = casesLeftUnhandled(context)
    var byType: [String: (cases: [PayloadCase], used: Set<Int>, sure: Bool)] = [:]
    for (index, coordinator) in module.coordinators.enumerated() {
      let analysis = context.analysis.coordinators[index]
      // The `leave` case is what it finishes with when the user leaves it; a case some start
      // does not handle is that start's `unhandled-result`.
      var used = analysis.finishedCases.union(unhandled[index] ?? [])
      if let leave = context.graph.targets.leaveCase(in: index) { used.insert(leave) }
      switch coordinator.result {
      case .inline(let cases, _):
        guard !analysis.hasUnresolvedStep else { continue }
        for (position, resultCase) in cases.enumerated() where !used.contains(position) {
          findings.add(
            Message.neverFinished(resultCase.name.text, of: coordinator.subject),
            about: coordinator.subject.appending(.resultCase(resultCase.name.text)),
            at: resultCase.name.range)
        }
      case .named(let reference):
        guard case .named(let name) = reference.type,
          let cases = module.resultCases(of: coordinator)
        else { continue }
        var entry = byType[name] ?? (cases, [], true)
        entry.used.formUnion(used)
        entry.sure = entry.sure && !analysis.hasUnresolvedStep
        byType[name] = entry
      case nil:
        break
      }
      // (r3) A request no reachable action sends; one some start leaves unhandled is that
      // start's `unhandled-result`.
      let requests = context.graph.coordinators[index].requests
      guard !requests.isEmpty, !analysis.hasUnresolvedStep else { continue }
      let unsent = unhandledRequests[index] ?? []
      for (position, request) in requests.enumerated()
      where !analysis.sentRequests.contains(position) && !unsent.contains(position) {
        findings.add(
          Message.neverSent(request.name.text, of: coordinator.subject),
          about: coordinator.subject.appending(.request(request.name.text)),
          at: request.name.range)
      }
    }
    for name in byType.keys.sorted() {
      guard let entry = byType[name], entry.sure else { continue }
      for (position, enumCase) in entry.cases.enumerated() where !entry.used.contains(position) {
        findings.add(
          Message.neverProduced(enumCase.name.text, ofType: name),
          about: SymbolRef.type(name).appending(.enumCase(enumCase.name.text)),
          at: enumCase.name.range)
      }
    }
  }

  /// For each coordinator, the indices of its result cases, and of its requests (r3), that
  /// some start of it, anywhere (as `unhandled-result` looks at them), has no handler for.
  private static func casesLeftUnhandled(_ context: ResolvedModule) -> (
    cases: [Int: Set<Int>], requests: [Int: Set<Int>]
  ) {
    var unhandled: [Int: Set<Int>] = [:]
    var requests: [Int: Set<Int>] = [:]
    for analysis in context.analysis.coordinators {
      for start in analysis.allStarts {
        guard let child = start.step.child else { continue }
        let handled = Set(start.step.start.handlers.map(\.name.text))
        let graph = context.graph.coordinators[child]
        for (position, resultCase) in graph.results.enumerated()
        where !handled.contains(resultCase.name.text) {
          unhandled[child, default: []].insert(position)
        }
        for (position, request) in graph.requests.enumerated()
        where !handled.contains(request.name.text) {
          requests[child, default: []].insert(position)
        }
      }
    }
    return (unhandled, requests)
  }

  /// What the rule says.
  package enum Message: RuleMessage {
    package typealias ReportingRule = UnusedResultCaseRule

    /// An inline result case of the coordinator that no reachable `finish` produces.
    case neverFinished(String, of: SymbolRef)
    /// A case of an enum result type that no coordinator with the result finishes with.
    case neverProduced(String, ofType: String)
    /// (r3) A request of the coordinator that no reachable `request` sends.
    case neverSent(String, of: SymbolRef)

    package var name: String {
      switch self {
      case .neverFinished: "never-finished"
      case .neverProduced: "never-produced"
      case .neverSent: "never-sent"
      }
    }

    package var english: MessageText {
      switch self {
      case .neverFinished(let resultCase, let coordinator):
        "result case '\(resultCase)' of \(definition: coordinator) is never produced by a "
          + "reachable 'finish'"
      case .neverProduced(let enumCase, let type):
        "case '\(enumCase)' of result type '\(type)' is never produced: no coordinator with "
          + "this result finishes with it"
      case .neverSent(let request, let coordinator):
        "request '\(request)' of \(definition: coordinator) is never sent by a reachable "
          + "'request'"
      }
    }
  }
}
