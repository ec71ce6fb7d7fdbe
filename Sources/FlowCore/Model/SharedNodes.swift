/// (r3) The screens, decisions and alerts written at a file's top level, which belong to no
/// coordinator: any coordinator, and any shared node, may show them by name (spec section
/// 13.2).
///
/// While shown, a shared node belongs to the coordinator that showed it (its *owner*), and
/// the module is checked as if each owner had its own copy of every shared node it can reach.
/// ``FlowModule`` makes those copies when it joins the files: each owner's reachable shared
/// nodes are appended to its own screens, decisions and alerts, each marked with the index of
/// its original (``Screen/copyOf``), so that the graph, the analyses and the rules see an
/// owner's copies as its own nodes, and `Check/SharedScreenFindings` then places what they
/// find in a copy once, at the original, naming the owners.
package struct SharedNodes: Equatable, Sendable {
  /// The shared screens, in file order.
  package var screens: [Screen] = []
  /// The shared decisions, in file order.
  package var decisions: [Decision] = []
  /// The shared alerts, in file order.
  package var alerts: [Alert] = []

  package init(screens: [Screen] = [], decisions: [Decision] = [], alerts: [Alert] = []) {
    self.screens = screens
    self.decisions = decisions
    self.alerts = alerts
  }

  /// Whether there are none.
  package var isEmpty: Bool { screens.isEmpty && decisions.isEmpty && alerts.isEmpty }

  /// The node at `node`'s index, as a subject: `screen 'Profile'`, with no coordinator.
  package func subject(of node: Coordinator.Node) -> SymbolRef {
    switch node {
    case .screen(let index): SymbolRef([.screen(screens[index].name.text)])
    case .decision(let index): SymbolRef([.decision(decisions[index].name.text)])
    case .alert(let index): SymbolRef([.alert(alerts[index].name.text)])
    }
  }

  /// The name of the node at `node`'s index.
  package func name(of node: Coordinator.Node) -> Identifier {
    switch node {
    case .screen(let index): screens[index].name
    case .decision(let index): decisions[index].name
    case .alert(let index): alerts[index].name
    }
  }

  /// The range of the node at `node`'s index, from its name to the end of its body.
  package func range(of node: Coordinator.Node) -> SourceRange {
    switch node {
    case .screen(let index): screens[index].range
    case .decision(let index): decisions[index].range
    case .alert(let index): alerts[index].range
    }
  }

  /// The transitions of the node at `node`'s index: its events, cases or buttons.
  func transitions(of node: Coordinator.Node) -> [Transition] {
    switch node {
    case .screen(let index): screens[index].events
    case .decision(let index): decisions[index].cases
    case .alert(let index): alerts[index].buttons
    }
  }

  /// Every node, screens first, then decisions, then alerts.
  var allNodes: [Coordinator.Node] {
    screens.indices.map { .screen($0) } + decisions.indices.map { .decision($0) }
      + alerts.indices.map { .alert($0) }
  }

  /// The word messages name the node's kind with: "screen", "decision", "alert".
  static func kind(of node: Coordinator.Node) -> String {
    switch node {
    case .screen: "screen"
    case .decision: "decision"
    case .alert: "alert"
    }
  }
}

extension Action {
  /// The screen, decision and alert names this action and the actions nested in it (a
  /// sequence's elements, a child's handlers) show, with the action that names each.
  func shownNames(into names: inout [(name: Identifier, action: Action)]) {
    switch kind {
    case .push(let name), .present(let name, _), .replace(let name), .decide(let name),
      .alert(let name):
      names.append((name, self))
    case .start(let child):
      for handler in child.handlers { handler.action.shownNames(into: &names) }
    case .sequence(let elements):
      for element in elements { element.shownNames(into: &names) }
    case .pop, .popToRoot, .dismiss, .stay, .finish, .select, .request, .invalid:
      break
    }
  }
}

extension Coordinator {
  /// (r3) The shared original of `node` (an index of ``FlowModule/shared``) when `node` is
  /// this coordinator's copy of a shared node; `nil` for its own nodes.
  package func original(of node: Node) -> Node? {
    switch node {
    case .screen(let index): screens[index].copyOf.map { .screen($0) }
    case .decision(let index): decisions[index].copyOf.map { .decision($0) }
    case .alert(let index): alerts[index].copyOf.map { .alert($0) }
    }
  }

  /// (r3) Whether `node` is this coordinator's copy of a shared node.
  package func isCopy(_ node: Node) -> Bool { original(of: node) != nil }
}
