import FlowCore
import Foundation
import Testing

/// On random modules with random links (spec section 12), whose coordinators' external events
/// may push and present screens (13.6) and whose events may run sequences (13.1): every route the check finds replays
/// legally on a model interpreter of the flows as written (each step allowed from the state
/// before it, an external event only at a place of its coordinator, its payload given by a
/// param or value that fits, the target on top at the end) and is as short as any; and for every `unreachable-link`, a brute-force search of every
/// state finds no route. Replays from the printed seed like ``PropertyTests``.
@Suite struct LinkRoutePropertyTests {
  /// Where a route stands: a node of a coordinator on top (or being decided, or shown as an
  /// alert), or a tab coordinator's tab container.
  private enum Position: Hashable {
    case node(Coordinator.Node)
    case tabs
  }

  private struct State: Hashable {
    var coordinator: Int
    var position: Position
    /// How many `via` coordinators were passed.
    var passed: Int
  }

  @Test func routesReplayAndUnreachableLinksHaveNoRoute() throws {
    var routes = 0
    var unreachable = 0
    var throughEvents = 0
    var throughSequences = 0
    for seed in PropertyTests.firstSeed..<(PropertyTests.firstSeed + UInt64(PropertyTests.count)) {
      let base = RandomModule(seed: seed, navigatingEvents: true, sequences: true)
      var random = SeededGenerator(seed: seed ^ 0x11_4B5)
      let yaml = base.yaml() + Self.randomLinks(for: base, &random)
      let checked = try Pipeline.check([.source(SourceFile(path: "a.flow.yaml", text: yaml))])
      let others = checked.findings.filter { $0.rule != "unreachable-link" }
      #expect(others.isEmpty, "seed \(seed): \(described(others))\n\(yaml)")
      if !others.isEmpty { return }
      let module = checked.module
      let unreachableAt = Set(
        checked.findings.filter { $0.rule == "unreachable-link" }.map { Place($0) })
      for (index, link) in module.links.enumerated() {
        let shortest = bruteForce(link, in: module)
        switch checked.resolved.links.outcomes[index] {
        case .routed(let entry, let length):
          routes += 1
          let route = try #require(checked.resolved.links.route(ofLink: index))
          if route.steps.contains(where: {
            if case .externalEvent = $0.kind { true } else { false }
          }) {
            throughEvents += 1
          }
          if route.steps.contains(where: { $0.step?.isElement == true }) {
            throughSequences += 1
          }
          #expect(
            route.entry == entry && route.steps.count == length,
            "seed \(seed), link \(link.name): the route built has \(route.steps.count) steps from \(route.entry), the outcome says \(length) from \(entry)"
          )
          let problem = replay(route, of: link, in: checked.resolved)
          #expect(problem == nil, "seed \(seed), link \(link.name): \(problem ?? "")\n\(yaml)")
          #expect(
            shortest == route.steps.count,
            "seed \(seed), link \(link.name): the shortest route has \(String(describing: shortest)) steps, the check found \(route.steps.count)\n\(yaml)"
          )
          if problem != nil || shortest != route.steps.count { return }
        case .unreachable:
          unreachable += 1
          #expect(
            shortest == nil,
            "seed \(seed), link \(link.name): unreachable-link, but a route of \(shortest ?? 0) steps exists\n\(yaml)"
          )
          let place = Place(
            file: "a.flow.yaml", line: link.name.range.start.line,
            column: link.name.range.start.column)
          #expect(unreachableAt.contains(place), "seed \(seed): no finding at \(place)")
          if shortest != nil { return }
        case .unchecked:
          Issue.record("seed \(seed), link \(link.name): not checked\n\(yaml)")
          return
        }
      }
    }
    // The generator makes both kinds, or the property says little.
    #expect(routes > PropertyTests.count / 4, "\(routes) routes")
    #expect(unreachable > PropertyTests.count / 20, "\(unreachable) unreachable links")
    #expect(
      throughEvents > PropertyTests.count / 50, "\(throughEvents) routes through external events")
    #expect(
      throughSequences > PropertyTests.count / 50, "\(throughSequences) routes through sequences")
  }

  // MARK: Random links

  /// A `links:` section of one to four links to random screens, with random params (path and
  /// query, one optional), sometimes a `values` type and sometimes a `via`.
  private static func randomLinks(for module: RandomModule, _ random: inout SeededGenerator)
    -> String
  {
    let links = randomLinkDefinitions(for: module, &random)
    return links.isEmpty ? "" : "links:\n" + links.joined()
  }

  /// The links of ``randomLinks(for:_:)``, each as the YAML of its entry under `links:`
  /// (named `link0`, `link1`, … in order, with URLs `/l0…`, `/l1…` that no two share), so that
  /// a test can keep some of them. Other `names` and `paths` (`link`, `l` by default) make
  /// links that can join these in one module.
  static func randomLinkDefinitions(
    for module: RandomModule, _ random: inout SeededGenerator, names: String = "link",
    paths: String = "l"
  ) -> [String] {
    let screens = module.coordinators.flatMap { coordinator in
      coordinator.screens.map { (coordinator.name, $0.name) }
    }
    guard !screens.isEmpty else { return [] }
    let paramTypes = ["String", "Int", "Bool", "URL"]
    let valueTypes = module.types.map(\.name) + ["\"[String]\""]
    var links: [String] = []
    for index in 0..<Int.random(in: 1...4, using: &random) {
      var text = ""
      let (coordinator, screen) = screens[Int.random(in: 0..<screens.count, using: &random)]
      var params: [(String, String)] = []
      var url = "/\(paths)\(index)"
      for number in 0..<Int.random(in: 0...3, using: &random) {
        let type = paramTypes[Int.random(in: 0..<paramTypes.count, using: &random)]
        params.append(("p\(number)", type))
        url += "/{p\(number)}"
      }
      if Bool.random(using: &random) {
        let type = paramTypes[Int.random(in: 0..<paramTypes.count, using: &random)]
        params.append(("q", type + "?"))
        url += "?q={q}"
      }
      text += "  \(names)\(index):\n    url: '\(url)'\n    to: \(coordinator).\(screen)\n"
      if !params.isEmpty {
        text +=
          "    params: { " + params.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + " }\n"
      }
      if let first = params.first, Int.random(in: 0..<3, using: &random) == 0 {
        let type = valueTypes[Int.random(in: 0..<valueTypes.count, using: &random)]
        text += "    values: { \(type): [\(first.0)] }\n"
      }
      if Int.random(in: 0..<4, using: &random) == 0 {
        let via = module.coordinators[Int.random(in: 0..<module.coordinators.count, using: &random)]
        text += "    via: [\(via.name)]\n"
      }
      links.append(text)
    }
    return links
  }

  // MARK: The model interpreter

  /// Why `route` is not a legal way from its entry's start to the link's screen, or `nil`.
  private func replay(_ route: LinkRoute, of link: LinkDefinition, in resolved: ResolvedModule)
    -> String?
  {
    let module = resolved.module
    guard module.coordinators[route.entry].isEntry else { return "starts at a non-entry" }
    guard var state = start(of: route.entry, passed: 0, via: [], in: module) else {
      return "the entry has no start"
    }
    for (number, step) in route.steps.enumerated() {
      guard step.coordinator == state.coordinator else {
        return "step \(number + 1) acts in another coordinator than the one on top"
      }
      let next: State?
      switch step.kind {
      case .selectTab(let tab, let child):
        guard state.position == .tabs else { return "step \(number + 1) selects a tab off tabs" }
        let tabs = module.coordinators[state.coordinator].tabs
        guard tabs.indices.contains(tab),
          module.coordinatorIndex(named: tabs[tab].child.coordinator.text) == child
        else { return "step \(number + 1) selects a tab that is not there" }
        next = start(of: child, passed: 0, via: [], in: module)
      case .event(let taken), .decisionCase(let taken), .button(let taken):
        guard let from = step.from,
          case .node(let node) = state.position,
          resolved.graph.coordinators[state.coordinator].node(from) == node
        else { return "step \(number + 1) acts from a node that is not on top" }
        let written = transitions(of: node, in: module.coordinators[state.coordinator])
        guard let transition = written.first(where: { $0.name.text == taken.transition.name.text })
        else { return "step \(number + 1): the node has no '\(taken.transition.name)'" }
        if case .decision = node {
        } else if let need = transition.payload?.type {
          guard let source = step.payload, gives(source, need, link) else {
            return "step \(number + 1) needs a payload '\(need)' the link does not give"
          }
        }
        next = self.next(from: state, transition.action, via: [], in: module)
      case .externalEvent(let taken):
        // Sent at a place of its coordinator: a screen on top, or its tab container.
        guard isPlace(state, in: module) else {
          return "step \(number + 1) sends an external event where it cannot be sent"
        }
        switch (state.position, step.from) {
        case (.tabs, nil): break
        case (.node(let node), let from?)
        where resolved.graph.coordinators[state.coordinator].node(from) == node:
          break
        default: return "step \(number + 1) says it is sent at a node that is not on top"
        }
        let events = module.coordinators[state.coordinator].events
        guard let event = events.first(where: { $0.name.text == taken.transition.name.text })
        else { return "step \(number + 1): the coordinator has no '\(taken.transition.name)'" }
        if let need = event.payload?.type {
          guard let source = step.payload, gives(source, need, link) else {
            return "step \(number + 1) needs a payload '\(need)' the link does not give"
          }
        }
        next = self.next(from: state, event.action, via: [], in: module)
      }
      guard let next else { return "step \(number + 1) leads nowhere" }
      state = next
    }
    // `via` is passed in order: greedily, each coordinator the route enters.
    var passed = 0
    for entered in route.coordinators
    where passed < link.via.count
      && module.coordinatorIndex(named: link.via[passed].text) == entered
    {
      passed += 1
    }
    guard passed == link.via.count else { return "the route does not pass through every 'via'" }
    guard let target = link.target,
      let coordinator = module.coordinatorIndex(named: target.coordinator.text),
      state.coordinator == coordinator,
      state.position == .node(module.node(named: target.screen.text, in: coordinator) ?? .alert(-1))
    else { return "the route does not end on the link's screen" }
    return nil
  }

  /// Whether the app can send the external events of the coordinator on top in `state`: at a
  /// screen of a coordinator without tabs, or at a tab coordinator's tab container (spec 7b,
  /// 13.6); not while a decision is asked or an alert shown.
  private func isPlace(_ state: State, in module: FlowModule) -> Bool {
    if case .tabs = module.coordinators[state.coordinator].root { return state.position == .tabs }
    if case .node(.screen) = state.position { return true }
    return false
  }

  /// Whether `source` gives a payload of type `need` as spec section 12 says.
  private func gives(_ source: LinkPayloadSource, _ need: TypeExpression, _ link: LinkDefinition)
    -> Bool
  {
    switch source {
    case .param(let index):
      guard link.params.indices.contains(index) else { return false }
      let type = link.params[index].type.type
      let exact = link.params.filter { $0.type.type == need }.count
      if type == need { return exact == 1 }
      guard case .optional(let wrapped) = need, type == wrapped, exact == 0 else { return false }
      return link.params.filter { $0.type.type == wrapped }.count == 1
    case .value(let index):
      guard link.values.indices.contains(index) else { return false }
      let type = link.values[index].type.type
      if type == need { return true }
      if case .optional(let wrapped) = need { return type == wrapped }
      return false
    }
  }

  /// Whether the link can give a payload of `need` at all (brute force: every param and
  /// value looked at).
  private func canGive(_ need: TypeExpression, _ link: LinkDefinition) -> Bool {
    (link.params.indices.map { LinkPayloadSource.param($0) }
      + link.values.indices.map { LinkPayloadSource.value($0) })
      .contains { gives($0, need, link) }
  }

  private func transitions(of node: Coordinator.Node, in coordinator: Coordinator) -> [Transition] {
    switch node {
    case .screen(let index): return coordinator.screens[index].events
    case .decision(let index): return coordinator.decisions[index].cases
    case .alert(let index): return coordinator.alerts[index].buttons
    }
  }

  /// The state a coordinator begins in, `via` counted.
  private func start(of coordinator: Int, passed: Int, via: [Int], in module: FlowModule)
    -> State?
  {
    let passed = passed < via.count && via[passed] == coordinator ? passed + 1 : passed
    switch module.coordinators[coordinator].root {
    case .start(let name, _):
      switch module.node(named: name.text, in: coordinator) {
      case .screen(let index)?:
        return State(coordinator: coordinator, position: .node(.screen(index)), passed: passed)
      case .decision(let index)?:
        return State(coordinator: coordinator, position: .node(.decision(index)), passed: passed)
      default: return nil
      }
    case .tabs: return State(coordinator: coordinator, position: .tabs, passed: passed)
    case .missing: return nil
    }
  }

  /// Where `action`, taken in `state`, leads, or `nil` when it is not a step of a route.
  private func next(from state: State, _ action: Action, via: [Int], in module: FlowModule)
    -> State?
  {
    let here = state.coordinator
    func node(_ name: Identifier) -> Coordinator.Node? { module.node(named: name.text, in: here) }
    func at(_ found: Coordinator.Node) -> State {
      State(coordinator: here, position: .node(found), passed: state.passed)
    }
    switch action.kind {
    case .push(let name), .present(let name, _), .replace(let name):
      guard let found = node(name), case .screen = found else { return nil }
      return at(found)
    case .decide(let name):
      guard let found = node(name), case .decision = found else { return nil }
      return at(found)
    case .alert(let name):
      guard let found = node(name), case .alert = found else { return nil }
      return at(found)
    case .start(let child):
      guard let index = module.coordinatorIndex(named: child.coordinator.text) else { return nil }
      return start(of: index, passed: state.passed, via: via, in: module)
    case .sequence(let elements):
      // One step to where the last element leads, when every element before it goes forward
      // and so leaves the screens it shows below the last one's (spec 13.1, 12).
      guard let last = elements.last,
        elements.dropLast().allSatisfy({
          switch $0.kind {
          case .push, .present, .replace: true
          default: false
          }
        })
      else { return nil }
      return next(from: state, last, via: via, in: module)
    default:
      return nil
    }
  }

  // MARK: Brute force

  /// The fewest steps of any route to the link's screen, every state of the module tried,
  /// or `nil` when there is none.
  private func bruteForce(_ link: LinkDefinition, in module: FlowModule) -> Int? {
    guard let target = link.target,
      let coordinator = module.coordinatorIndex(named: target.coordinator.text),
      let screen = module.node(named: target.screen.text, in: coordinator)
    else { return nil }
    let via = link.via.compactMap { module.coordinatorIndex(named: $0.text) }
    var seen: Set<State> = []
    var frontier: [State] = []
    for entry in module.coordinators.indices where module.coordinators[entry].isEntry {
      if let state = start(of: entry, passed: 0, via: via, in: module),
        seen.insert(state).inserted
      {
        frontier.append(state)
      }
    }
    var steps = 0
    while !frontier.isEmpty {
      let arrived = frontier.contains {
        $0.coordinator == coordinator && $0.position == .node(screen) && $0.passed == via.count
      }
      if arrived { return steps }
      var next: [State] = []
      for state in frontier {
        var reached: [State] = []
        switch state.position {
        case .tabs:
          for tab in module.coordinators[state.coordinator].tabs {
            guard let child = module.coordinatorIndex(named: tab.child.coordinator.text),
              let begun = start(of: child, passed: state.passed, via: via, in: module)
            else { continue }
            reached.append(begun)
          }
        case .node(let node):
          for transition in transitions(of: node, in: module.coordinators[state.coordinator]) {
            if case .decision = node {
            } else if let need = transition.payload?.type, !canGive(need, link) {
              continue
            }
            if let after = self.next(from: state, transition.action, via: via, in: module) {
              reached.append(after)
            }
          }
        }
        // The coordinator's external events, where it can be sent them.
        if isPlace(state, in: module) {
          for event in module.coordinators[state.coordinator].events {
            if let need = event.payload?.type, !canGive(need, link) { continue }
            if let after = self.next(from: state, event.action, via: via, in: module) {
              reached.append(after)
            }
          }
        }
        for state in reached where seen.insert(state).inserted { next.append(state) }
      }
      frontier = next
      steps += 1
    }
    return nil
  }
}
