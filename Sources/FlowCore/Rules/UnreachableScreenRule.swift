/// Screens, decisions and alerts that no path from their coordinator's start reaches.
package enum UnreachableScreenRule: ModuleRule {
  package static let id: RuleID = "unreachable-screen"
  package static let severity = Severity.warning
  package static let blocksGeneration = false
  package static let drawing = FindingDrawing.unreachable
  package static let summary =
    "A screen, decision or alert that cannot be reached from its coordinator's start."
  package static let rationale = """
    Reachability is true reachability from the coordinator's `start` (for a tab \
    coordinator, from its tabs' handlers), following push, present, replace, decide, \
    alert (with the alert's buttons) and the handlers of started children: screens that \
    only point at each other are still unreachable. Such a screen is dead code in the flow and in the generated Swift.
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
            Home: { on: { next: { push: Detail } } }
            Detail: { on: { back: pop } }
            ↓Island: { on: { next: { push: Shore } } }
            ↓Shore: { on: { back: pop, again: { push: Island } } }
          decisions:
            ↓Unused: { cases: { yes: { push: Home } } }
          alerts:
            ↓Forgotten: { on: { ok: stay } }
      """),
    .passing(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { next: { decide: Route } } }
            Detail: { on: { back: pop } }
          decisions:
            Route: { cases: { detail: { push: Detail }, stay: stay, ask: { alert: Sure } } }
          alerts:
            Sure: { on: { yes: { push: Detail }, no: stay } }
      """),
  ]

  /// One pass over each coordinator's reachability: O(nodes).
  package static func check(_ context: ResolvedModule, into findings: inout Findings) {
    let module = context.module
    // The shared nodes (r3) that some owner's copy shows.
    var shown: Set<Coordinator.Node> = []
    defer {
      for node in module.shared.allNodes where !shown.contains(node) {
        let subject = module.shared.subject(of: node)
        findings.add(
          Message.sharedNotShown(subject), about: subject,
          at: module.shared.name(of: node).range)
      }
    }
    for (index, analysis) in context.analysis.coordinators.enumerated() {
      let coordinator = module.coordinators[index]
      if analysis.hasUnresolvedStep || coordinator.root == .missing {
        // What it reaches is not known: its copies may be shown.
        for node in 0..<analysis.graph.nodeCount {
          if let original = coordinator.original(of: analysis.graph.node(node)) {
            shown.insert(original)
          }
        }
        continue
      }
      let origin: Message.Origin
      switch coordinator.root {
      case .start(let start, _): origin = .start(start.text)
      case .tabs: origin = .tabs
      case .missing: continue
      }
      for node in 0..<analysis.graph.nodeCount {
        let written = analysis.graph.node(node)
        // An owner's copy of a shared node (r3) is judged across its owners, below.
        if let original = coordinator.original(of: written) {
          if analysis.reachable[node] { shown.insert(original) }
          continue
        }
        guard !analysis.reachable[node] else { continue }
        let name: Identifier
        switch written {
        case .screen(let screen): name = coordinator.screens[screen].name
        case .decision(let decision): name = coordinator.decisions[decision].name
        case .alert(let alert): name = coordinator.alerts[alert].name
        }
        let subject = coordinator.subject(of: written)
        findings.add(
          Message.unreachable(subject, from: origin, coordinator: coordinator.name.text),
          about: subject, at: name.range)
      }
    }
  }

  /// What the rule says.
  package enum Message: RuleMessage {
    package typealias ReportingRule = UnreachableScreenRule

    /// The screen, decision or alert that no path from `origin` reaches.
    case unreachable(SymbolRef, from: Origin, coordinator: String)
    /// (r3) The shared screen, decision or alert that no coordinator can show.
    case sharedNotShown(SymbolRef)

    /// Where paths through a coordinator begin.
    package enum Origin: Hashable, Sendable {
      /// At its `start`, this screen or decision.
      case start(String)
      /// At its tabs.
      case tabs
    }

    package var name: String {
      switch self {
      case .unreachable: "unreachable"
      case .sharedNotShown: "shared-not-shown"
      }
    }

    package var english: MessageText {
      switch self {
      case .unreachable(let node, let origin, let coordinator):
        let from: String
        switch origin {
        case .start(let start): from = "its start '\(start)'"
        case .tabs: from = "its tabs"
        }
        return "\(definition: node) cannot be reached from \(from) in coordinator '\(coordinator)'"
      case .sharedNotShown(let node):
        return "shared \(definition: node) cannot be shown: no coordinator reaches it from a "
          + "node it can reach"
      }
    }
  }
}
