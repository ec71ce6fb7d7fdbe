/// What an editor shows over a name (LSP's `Hover`): Markdown about what it stands for.
package struct EditorHover: Hashable, Sendable {
  /// The name hovered.
  package var range: EditorRange
  /// The text, in Markdown: the node's `doc`, its input and result types, and for a screen
  /// how it can be shown.
  package var markdown: String

  package init(range: EditorRange, markdown: String) {
    self.range = range
    self.markdown = markdown
  }
}

extension EditorModule {
  /// What to show over the name at `position` (LSP `textDocument/hover`); `nil` where no
  /// name is, or it names nothing of the module.
  package func hover(at position: EditorPosition, in path: String) -> EditorHover? {
    guard let (found, text) = occurrence(at: position, in: path) else { return nil }
    let lines: [String]?
    switch found.symbol {
    case .coordinator(let name): lines = coordinatorHover(name)
    case .node(let coordinator, let name): lines = nodeHover(name, in: coordinator)
    case .shared(let name): lines = sharedHover(name)
    case .type(let name): lines = typeHover(name)
    case .resultCase(let coordinator, let name): lines = resultCaseHover(name, of: coordinator)
    case .enumCase(let type, let name): lines = enumCaseHover(name, of: type)
    case .request(let coordinator, let name): lines = requestHover(name, of: coordinator)
    case .link(let name): lines = linkHover(name)
    }
    guard let lines, !lines.isEmpty else { return nil }
    return EditorHover(range: text.editor(found.range), markdown: lines.joined(separator: "\n"))
  }

  // MARK: Each kind

  private func coordinatorHover(_ name: String) -> [String]? {
    let module = check.module
    guard let index = module.coordinatorIndex(named: name) else { return nil }
    let coordinator = module.coordinators[index]
    var lines = [heading(coordinator.isEntry ? "entry coordinator" : "coordinator", name)]
    lines += docLines(coordinator.doc)
    var facts: [String] = []
    if let input = coordinator.input { facts.append("input: \(code("\(input.type)"))") }
    if let cases = module.resultCases(of: coordinator) {
      facts.append("result: " + cases.map(describe).joined(separator: ", "))
    } else {
      facts.append("result: none (it never finishes)")
    }
    switch coordinator.leave {
    case .result(let leave)?: facts.append("when left: finishes with \(code(leave.text))")
    case .dropped?: facts.append("when left: dropped (`leave: ~`)")
    case nil: break
    }
    if let split = coordinator.split {
      // (r3) A split coordinator (spec section 13.4): its columns.
      let columns = split.layout.columns.map(\.word).joined(separator: ", ")
      facts.append("split: \(code(split.layout.rawValue)) (columns: \(columns))")
    }
    let analysis = resolved.analysis
    // (r3) A `show` is listed apart from the starts, with the column it names.
    let starts = analysis.startedBy[index]
    let parents = starts.filter { !$0.start.start.isShow }.map { start in
      let style = start.start.style == .push ? "" : " (\(start.start.style.rawValue))"
      return code(module.coordinators[start.parent].name.text) + style
    }
    let showers = starts.compactMap { start -> String? in
      guard let show = start.start.start.show else { return nil }
      let column = show.column.map { " (column: \($0.word))" } ?? " (in the next column)"
      return code(module.coordinators[start.parent].name.text) + column
    }
    if !parents.isEmpty { facts.append("started by " + Self.list(parents)) }
    if !showers.isEmpty { facts.append("shown by " + Self.list(showers)) }
    if parents.isEmpty, showers.isEmpty, !coordinator.isEntry {
      facts.append("started by no coordinator")
    }
    if analysis.presentation.isStarted(index) {
      let contexts = analysis.presentation.startContexts(of: index).map(\.phrase)
      facts.append("shown " + contexts.joined(separator: "; "))
    }
    return lines + bullets(facts)
  }

  private func nodeHover(_ name: String, in coordinatorName: String) -> [String]? {
    let module = check.module
    guard let index = module.coordinatorIndex(named: coordinatorName),
      let node = module.node(named: name, in: index)
    else { return nil }
    let coordinator = module.coordinators[index]
    let owner = "of " + code(coordinatorName)
    switch node {
    case .screen(let screen):
      let definition = coordinator.screens[screen]
      var facts: [String] = []
      if let input = definition.input { facts.append("input: \(code("\(input.type)"))") }
      facts += showing(screen: screen, in: index)
      return [heading("screen", name) + " " + owner] + docLines(definition.doc) + bullets(facts)
    case .decision(let decision):
      let definition = coordinator.decisions[decision]
      let cases = definition.cases.map { item in
        code(item.name.text) + (item.payload.map { ": \(code("\($0.type)"))" } ?? "")
      }
      return [heading("decision", name) + " " + owner] + docLines(definition.doc)
        + bullets(cases.isEmpty ? [] : ["cases: " + cases.joined(separator: ", ")])
    case .alert(let alert):
      let definition = coordinator.alerts[alert]
      var facts: [String] = []
      if let input = definition.input { facts.append("input: \(code("\(input.type)"))") }
      let buttons = definition.buttons.map { code($0.name.text) }
      if !buttons.isEmpty { facts.append("buttons: " + buttons.joined(separator: ", ")) }
      return [heading("alert", name) + " " + owner] + docLines(definition.doc) + bullets(facts)
    }
  }

  /// (r3) A shared screen, decision or alert: what it is, and the coordinators that can show
  /// it (its owners, spec section 13.2), each with how it shows it.
  private func sharedHover(_ name: String) -> [String]? {
    let module = check.module
    guard let node = module.sharedNode(named: name) else { return nil }
    let shared = module.shared
    var lines: [String]
    var facts: [String] = []
    switch node {
    case .screen(let index):
      let definition = shared.screens[index]
      lines = [heading("shared screen", name)] + docLines(definition.doc)
      if let input = definition.input { facts.append("input: \(code("\(input.type)"))") }
    case .decision(let index):
      let definition = shared.decisions[index]
      lines = [heading("shared decision", name)] + docLines(definition.doc)
      let cases = definition.cases.map { item in
        code(item.name.text) + (item.payload.map { ": \(code("\($0.type)"))" } ?? "")
      }
      if !cases.isEmpty { facts.append("cases: " + cases.joined(separator: ", ")) }
    case .alert(let index):
      let definition = shared.alerts[index]
      lines = [heading("shared alert", name)] + docLines(definition.doc)
      if let input = definition.input { facts.append("input: \(code("\(input.type)"))") }
      let buttons = definition.buttons.map { code($0.name.text) }
      if !buttons.isEmpty { facts.append("buttons: " + buttons.joined(separator: ", ")) }
    }
    let owners = resolved.analysis.owners(of: node)
    if owners.isEmpty {
      facts.append("shown by no coordinator: no coordinator reaches it")
    } else {
      let names = owners.map { code(module.coordinators[$0].name.text) }
      let listed = names.prefix(8).joined(separator: ", ") + (names.count > 8 ? ", …" : "")
      facts.append("owners: " + listed)
      // How each owner shows it, for a screen: as the hover of its own screen says.
      if case .screen = node {
        for owner in owners.prefix(8) {
          guard case .screen(let copy)? = module.node(named: name, in: owner) else { continue }
          let how = shownBy(screen: copy, in: owner)
          guard !how.isEmpty else { continue }
          facts.append(
            "in \(code(module.coordinators[owner].name.text)): " + how.joined(separator: "; "))
        }
      }
    }
    return lines + bullets(facts)
  }

  private func typeHover(_ name: String) -> [String]? {
    let type: TypeDeclaration
    switch resolved.graph.types.resolution(of: name) {
    case .declared(let declaration): type = declaration
    case .builtin: return [heading("builtin type", name)]
    case .unresolved: return nil
    }
    var facts: [String] = []
    switch type.kind {
    case .external: facts.append("defined by the app (`external`)")
    case .structure(let fields):
      facts += fields.map { "\(code($0.name.text)): \(code("\($0.type.type)"))" }
    case .enumeration(let cases): facts += cases.map(describe)
    case .invalid: break
    }
    let kind = Self.describe(type.kind).map { "type (\($0))" } ?? "type"
    return [heading(kind, name)] + bullets(facts)
  }

  private func resultCaseHover(_ name: String, of coordinatorName: String) -> [String]? {
    let module = check.module
    guard let coordinator = module.coordinator(named: coordinatorName),
      let item = module.resultCases(of: coordinator)?.first(where: { $0.name.text == name })
    else { return nil }
    return [heading("result case", name) + " of " + code(coordinatorName)]
      + bullets(["payload: " + (item.payload.map { code("\($0.type)") } ?? "none")])
  }

  /// (r3) A request (spec section 13.3): its payload, and who handles it: each start of its
  /// coordinator with the action its `on:` gives it, or the app for an entry.
  private func requestHover(_ name: String, of coordinatorName: String) -> [String]? {
    let module = check.module
    guard let index = module.coordinatorIndex(named: coordinatorName),
      let item = module.coordinators[index].requests.first(where: { $0.name.text == name })
    else { return nil }
    var facts = ["payload: " + (item.payload.map { code("\($0.type)") } ?? "none")]
    if module.coordinators[index].isEntry {
      facts.append("handled by the app (an entry coordinator's requests go to the app)")
    }
    let starts = resolved.analysis.startedBy[index]
    for (parent, start) in starts.prefix(8) {
      let handler = start.start.handlers.first { $0.name.text == name }
      let action = handler.map { code(DiffElements.detail(of: $0)) } ?? "not handled"
      let starter = start.transition.map { " (\(code($0)))" } ?? " (a tab)"
      facts.append(
        "handled by \(code(module.coordinators[parent].name.text))\(starter): \(action)")
    }
    if starts.count > 8 { facts.append("handled by \(starts.count - 8) more starts") }
    if starts.isEmpty, !module.coordinators[index].isEntry {
      facts.append("handled by no coordinator: none starts \(code(coordinatorName))")
    }
    return [heading("request", name) + " of " + code(coordinatorName)] + bullets(facts)
  }

  private func enumCaseHover(_ name: String, of typeName: String) -> [String]? {
    guard case .enumeration(let cases)? = resolved.graph.types.declaration(named: typeName)?.kind,
      let item = cases.first(where: { $0.name.text == name })
    else { return nil }
    return [heading("case", name) + " of enum " + code(typeName)]
      + bullets(["payload: " + (item.payload.map { code("\($0.type)") } ?? "none")])
  }

  private func linkHover(_ name: String) -> [String]? {
    let module = check.module
    guard let index = module.linkIndex(named: name) else { return nil }
    let link = module.links[index]
    var facts: [String] = []
    if let url = link.url { facts.append("url: \(code(url.text))") }
    let params = link.params.map { "\(code($0.name.text)): \(code("\($0.type.type)"))" }
    if !params.isEmpty { facts.append("params: " + params.joined(separator: ", ")) }
    if let target = link.target { facts.append("opens \(code(target.text))") }
    if !link.via.isEmpty {
      facts.append("via " + link.via.map { code($0.text) }.joined(separator: ", "))
    }
    return [heading("link", name)] + docLines(link.doc) + bullets(facts)
  }

  // MARK: How a screen is shown

  /// How a `present` step shows its screen, for a hover: "presented from", or with its style
  /// when it is a form sheet or a popover ("presented as a popover from", r3). A sheet and a
  /// full-screen modal are told apart by where the screen sits ("in a full-screen modal").
  private static func presented(_ step: Step) -> String {
    guard case .present(_, let style) = step.written.kind else { return "presented from" }
    switch style {
    case .sheet, .fullScreen: return "presented from"
    case .formSheet: return "presented as a form sheet from"
    case .popover: return "presented as a popover from"
    }
  }

  /// How screen `screen` of coordinator `index` can be shown (spec section 8, "How a screen
  /// can be shown"), from the module analysis: what shows it, where it sits on the stack,
  /// how its coordinator is started, and what the system back does there.
  private func showing(screen: Int, in index: Int) -> [String] {
    let module = check.module
    let analysis = resolved.analysis
    let coordinator = module.coordinators[index]
    let owner = code(coordinator.name.text)
    var facts = shownBy(screen: screen, in: index)
    let states = analysis.presentation.states(of: screen, in: index)
    guard analysis.coordinators[index].reachable[screen], !states.isEmpty else {
      return facts + ["not reachable from the start of \(owner)"]
    }
    var places: [String] = []
    if states.contains(where: \.isPushed) { places.append("on a screen of \(owner)") }
    if states.contains(.bottom(ownModal: nil)) {
      places.append("at the bottom of \(owner)'s part of the stack")
    }
    if states.contains(where: { $0.ownModal == .sheet }) {
      places.append("in a sheet \(owner) presents")
    }
    if states.contains(where: { $0.ownModal == .fullScreen }) {
      places.append("in a full-screen modal \(owner) presents")
    }
    if !places.isEmpty { facts.append("on the stack: " + places.joined(separator: "; ")) }
    let contexts = analysis.presentation.startContexts(of: index)
    if analysis.presentation.isStarted(index) {
      facts.append("\(owner) is shown " + contexts.map(\.phrase).joined(separator: "; "))
    }
    facts.append(
      "system back: " + systemBack(screen: coordinator.screens[screen], states, contexts, owner))
    return facts
  }

  /// What shows screen `screen` of coordinator `index`: "the start of", "pushed from" its
  /// nodes, "shown by external event", in the order the coordinator writes them.
  private func shownBy(screen: Int, in index: Int) -> [String] {
    let coordinator = check.module.coordinators[index]
    let graph = resolved.graph.coordinators[index]
    let owner = code(coordinator.name.text)
    var byHow: [String: [String]] = [:]
    var order: [String] = []
    func note(_ how: String, _ from: String) {
      if byHow[how] == nil { order.append(how) }
      if !(byHow[how]?.contains(from) ?? false) { byHow[how, default: []].append(from) }
    }
    for node in 0..<graph.nodeCount {
      // An element of a sequence (r3) acts where the one before leads: the screen it pushed,
      // presented or replaced with; after a back element, a place not named here.
      var place: Int? = node
      for step in graph.steps[node] {
        if step.isFirstElement { place = node }
        if let from = place {
          switch step.action {
          case .push(screen): note("pushed from", nodeName(from, of: coordinator, graph))
          case .present(screen):
            note(Self.presented(step), nodeName(from, of: coordinator, graph))
          case .replace(screen):
            note("replaces the stack from", nodeName(from, of: coordinator, graph))
          default: break
          }
        }
        guard step.isElement, !step.isLastElement else { continue }
        switch step.action {
        case .push(let target), .present(let target), .replace(let target): place = target
        default: place = nil
        }
      }
    }
    for step in graph.eventSteps {
      switch step.action {
      case .push(screen), .present(screen), .replace(screen):
        note("shown by external event", code(step.transition.name.text))
      default: break
      }
    }
    var facts: [String] = []
    if case .node(screen) = graph.root { facts.append("the start of \(owner)") }
    for how in order {
      let names = byHow[how] ?? []
      let shown = names.prefix(8).joined(separator: ", ") + (names.count > 8 ? ", …" : "")
      facts.append("\(how) \(shown)")
    }
    return facts
  }

  /// What the system's back button and swipe do on a screen in its show states.
  private func systemBack(
    screen: Screen, _ states: Set<ShowState>, _ contexts: [StartContext], _ owner: String
  ) -> String {
    guard screen.systemBack else { return "off (`systemBack: false`)" }
    var outcomes: [String] = []
    if states.contains(where: \.isPushed) { outcomes.append("goes back within \(owner)") }
    if states.contains(.bottom(ownModal: nil)) {
      if contexts.contains(where: \.onParent) { outcomes.append("leaves \(owner)") }
      if contexts.contains(where: { !$0.onParent }) { outcomes.append("has nothing to go back to") }
    }
    if states.contains(where: { !$0.isPushed && $0.inOwnModal }) {
      outcomes.append("has nothing to go back to in its modal stack")
    }
    return outcomes.isEmpty ? "has nothing to go back to" : Self.list(outcomes, conjunction: "or")
  }

  private func nodeName(_ node: NodeID, of coordinator: Coordinator, _ graph: CoordinatorGraph)
    -> String
  {
    switch graph.node(node) {
    case .screen(let index): return code(coordinator.screens[index].name.text)
    case .decision(let index): return "decision " + code(coordinator.decisions[index].name.text)
    case .alert(let index): return "alert " + code(coordinator.alerts[index].name.text)
    }
  }

  // MARK: Markdown

  private func heading(_ kind: String, _ name: String) -> String { "**\(kind)** \(code(name))" }

  private func docLines(_ doc: String?) -> [String] {
    guard let doc, !doc.isEmpty else { return [] }
    return ["", doc]
  }

  private func bullets(_ facts: [String]) -> [String] {
    facts.isEmpty ? [] : [""] + facts.map { "- " + $0 }
  }

  private func describe(_ item: PayloadCase) -> String {
    code(item.name.text) + (item.payload.map { " (\(code("\($0.type)")))" } ?? "")
  }

  /// `text` as a Markdown code span, whatever backticks or line breaks it holds.
  func code(_ text: String) -> String {
    let flat = String(text.map { $0.isNewline ? " " : $0 })
    var fence = "`"
    while flat.contains(fence) { fence += "`" }
    let padding = flat.hasPrefix("`") || flat.hasSuffix("`") ? " " : ""
    return fence + padding + flat + padding + fence
  }

  /// `a`, `a and b`, `a, b and c`.
  static func list(_ items: [String], conjunction: String = "and") -> String {
    items.listed(conjunction: conjunction)
  }
}
