/// Builds the Swift file of one coordinator C (spec section 10): `<C>Result` for an inline
/// result, the `<C>Screens` protocol the app implements, and the `<C>Coordinator` class,
/// with an event enum per screen and an answer enum per decision nested in it.
///
/// The class's code follows the graph: `start()` runs the start node (or starts the tabs),
/// each screen's events and each decision's answers go to one `handle` method whose
/// `switch` has one case per event or answer, and each case does exactly its action.
struct CoordinatorGenerator {
  /// What the generator of a module worked out once for all its coordinators.
  struct Context: Sendable {
    let module: FlowModule
    let names: SwiftNames
    let facts: SwiftTypeFacts
    let access: AccessLevel
  }

  private let context: Context
  private let coordinator: Coordinator
  /// The coordinator's index in the module.
  private let index: Int
  /// The protocols `<C>Screens` inherits: those of the coordinators it starts.
  private let inherited: [String]
  /// The type of the app's screen factory: `any <C>Screens`, or the screens protocol of
  /// another coordinator of a cycle C belongs to (see ``ScreensProtocols``).
  private let screensType: String

  /// For each decision, the payload types it is decided with (`nil`: none), in order.
  private var decisionPayloads: [[TypeExpression?]]
  /// Whether the file spells a Foundation type.
  private var usesFoundation = false

  init(_ context: Context, coordinator index: Int, inherited: [String], screensType: String) {
    self.context = context
    self.coordinator = context.module.coordinators[index]
    self.index = index
    self.inherited = inherited
    self.screensType = screensType
    decisionPayloads = Array(repeating: [], count: self.coordinator.decisions.count)
  }

  private var module: FlowModule { context.module }
  private var names: SwiftNames { context.names }
  private var name: String { coordinator.name.text }
  private var className: String { name + "Coordinator" }
  private var visible: [String] { context.access.modifiers }

  /// The coordinator's file.
  mutating func file(header: String) -> SwiftFile {
    let coordinatorClass = makeClass()
    var declarations: [SwiftDeclaration] = []
    if case .inline(let cases, _) = coordinator.result {
      declarations.append(.enumeration(resultEnum(cases)))
    }
    declarations.append(.protocolType(makeProtocol()))
    declarations.append(.classType(coordinatorClass))
    return SwiftFile(
      header: header, imports: ["FlowRuntime"] + (usesFoundation ? ["Foundation"] : []),
      declarations: declarations)
  }

  // MARK: Types

  private mutating func spell(_ type: TypeExpression) -> String {
    if !usesFoundation, type.names.contains(where: SwiftNames.foundationTypes.contains) {
      usesFoundation = true
    }
    return names.type(type)
  }

  /// The name of the type the coordinator finishes with.
  private var resultType: String {
    switch coordinator.result {
    case .inline: return name + "Result"
    case .named(let reference): return names.type(reference.type)
    case nil: return names.swift("Never")
    }
  }

  private mutating func resultEnum(_ cases: [PayloadCase]) -> SwiftEnum {
    SwiftEnum(
      preamble: SwiftPreamble(doc: ["How \(name) finishes."], modifiers: visible),
      name: resultType,
      inherits: context.facts.conformances(
        payloads: cases.compactMap { $0.payload?.type }, in: module, names: names),
      cases: cases.map { item in
        SwiftEnumCase(
          name: SwiftNames.identifier(item.name.text), payload: item.payload.map { spell($0.type) }
        )
      })
  }

  private mutating func enumeration(
    _ name: String, doc: String, transitions: [Transition]
  ) -> SwiftEnum {
    SwiftEnum(
      preamble: SwiftPreamble(doc: [doc], modifiers: visible), name: name,
      inherits: context.facts.conformances(
        payloads: transitions.compactMap { $0.payload?.type }, in: module, names: names),
      cases: transitions.map { item in
        SwiftEnumCase(
          doc: SwiftNames.docLines(item.doc), name: SwiftNames.identifier(item.name.text),
          payload: item.payload.map { spell($0.type) })
      })
  }

  // MARK: The protocol

  private var sendAttribute: String { "@escaping @\(names.swift("MainActor"))" }
  private var presentable: String { "any \(names.runtime("Presentable"))" }
  private var void: String { names.swift("Void") }

  private mutating func makeProtocol() -> SwiftProtocol {
    var requirements: [SwiftFunction] = []
    if case .tabs(let tabs) = coordinator.root {
      var doc = [
        "Makes the container that shows the tabs of \(name) (UIKit: a `UITabBarController`), "
          + "given the stack of each, in this order:"
      ]
      for (offset, tab) in tabs.enumerated() {
        let lines = SwiftNames.docLines(tab.doc)
        let summary = lines.isEmpty ? "" : ": " + lines.joined(separator: " ")
        doc.append("\(offset + 1). \(tab.child.coordinator.text)\(summary)")
      }
      requirements.append(
        SwiftFunction(
          preamble: SwiftPreamble(doc: doc), name: "make\(name)Tabs",
          parameters: [SwiftParameter(label: "_", name: "stacks", type: "[\(presentable)]")],
          returns: presentable))
    }
    for screen in coordinator.screens {
      var parameters: [SwiftParameter] = []
      if let input = screen.input {
        parameters.append(SwiftParameter(label: "_", name: "input", type: spell(input.type)))
      }
      let event = "\(className).\(screen.name.text)Event"
      parameters.append(
        SwiftParameter(name: "send", type: "\(sendAttribute) (\(event)) -> \(void)"))
      requirements.append(
        SwiftFunction(
          preamble: SwiftPreamble(doc: SwiftNames.docLines(screen.doc)),
          name: "make\(screen.name.text)", parameters: parameters, returns: presentable))
    }
    for (offset, decision) in coordinator.decisions.enumerated() {
      for payload in decisionPayloads[offset] {
        var parameters: [SwiftParameter] = []
        if let payload {
          parameters.append(SwiftParameter(label: "_", name: "payload", type: spell(payload)))
        }
        let answer = "\(className).\(decision.name.text)Answer"
        parameters.append(
          SwiftParameter(name: "answer", type: "\(sendAttribute) (\(answer)) -> \(void)"))
        requirements.append(
          SwiftFunction(
            preamble: SwiftPreamble(doc: SwiftNames.docLines(decision.doc)),
            name: "decide\(decision.name.text)", parameters: parameters))
      }
    }
    return SwiftProtocol(
      preamble: SwiftPreamble(
        doc: protocolDoc, attributes: ["@\(names.swift("MainActor"))"], modifiers: visible),
      name: name + "Screens", inherits: inherited, requirements: requirements)
  }

  private var protocolDoc: [String] {
    var parts: [String] = []
    if !coordinator.tabs.isEmpty { parts.append("the container of its tabs") }
    if !coordinator.screens.isEmpty {
      parts.append("its screens (each from its input and a way to send its events)")
    }
    if !coordinator.decisions.isEmpty { parts.append("the answers to its decisions") }
    var text = "What the app provides to run \(name)"
    switch parts.count {
    case 0: text += "."
    case 1: text += ": \(parts[0])."
    default: text += ": \(parts.dropLast().joined(separator: ", ")) and \(parts[parts.count - 1])."
    }
    if !inherited.isEmpty {
      text += " The protocols it inherits ask the same for the coordinators it starts."
    }
    return [text]
  }

  // MARK: The class

  private mutating func makeClass() -> SwiftClass {
    // Bodies first: they find the payloads each decision is decided with.
    let start = startStatements()
    var screenSections: [[SwiftDeclaration]] = []
    for screen in coordinator.screens { screenSections.append(section(for: screen)) }
    var answerHandlers: [SwiftFunction?] = []
    for decision in coordinator.decisions { answerHandlers.append(handler(for: decision)) }

    var members: [SwiftDeclaration] = []
    for screen in coordinator.screens {
      members.append(
        .enumeration(
          enumeration(
            "\(screen.name.text)Event", doc: "The events of screen \(screen.name.text).",
            transitions: screen.events)))
    }
    for decision in coordinator.decisions {
      members.append(
        .enumeration(
          enumeration(
            "\(decision.name.text)Answer",
            doc: "The answers to decision \(decision.name.text).", transitions: decision.cases)))
    }
    members.append(
      .property(
        SwiftProperty(
          preamble: SwiftPreamble(modifiers: ["private"]), keyword: "let", name: "screens",
          type: screensType)))
    var parameters: [SwiftParameter] = []
    var assignments: [SwiftStatement] = []
    if let input = coordinator.input {
      let type = spell(input.type)
      members.append(
        .property(
          SwiftProperty(
            preamble: SwiftPreamble(modifiers: ["private"]), keyword: "let", name: "input",
            type: type)))
      parameters.append(SwiftParameter(name: "input", type: type))
      assignments.append(.line("self.input = input"))
    }
    let router = "any \(names.runtime("Router"))"
    parameters += [
      SwiftParameter(name: "screens", type: screensType),
      SwiftParameter(name: "router", type: router),
    ]
    members.append(
      .function(
        SwiftFunction(
          preamble: SwiftPreamble(
            doc: ["Makes the coordinator, which shows nothing until `start()`."],
            modifiers: visible),
          name: "init", parameters: parameters,
          body: assignments + [
            .line("self.screens = screens"), .line("super.init(router: router)"),
          ]
        )))
    members.append(
      .function(
        SwiftFunction(
          preamble: SwiftPreamble(doc: [startDoc], modifiers: ["override"] + visible),
          name: "start", body: start)))
    if let leaving = resultWhenLeft() { members.append(.property(leaving)) }
    for (screen, section) in zip(coordinator.screens, screenSections) {
      members.append(.mark(screen.name.text))
      members += section
    }
    for (offset, decision) in coordinator.decisions.enumerated() {
      members.append(.mark(decision.name.text))
      for payload in decisionPayloads[offset] {
        members.append(.function(decide(decision, payload: payload)))
      }
      if let handler = answerHandlers[offset] { members.append(.function(handler)) }
    }

    let doc = SwiftNames.docLines(coordinator.doc)
    return SwiftClass(
      preamble: SwiftPreamble(
        doc: doc.isEmpty ? ["Runs the flow \(name)."] : doc, modifiers: visible + ["final"]),
      name: className,
      inherits: ["\(names.runtime("FlowCoordinator"))<\(resultType)>"], members: members)
  }

  private var startDoc: String {
    switch coordinator.root {
    case .start(let node, _):
      switch module.node(named: node.text, in: index) {
      case .decision: return "Starts the flow with decision \(node.text)."
      default: return "Starts the flow at screen \(node.text)."
      }
    case .tabs: return "Shows the tabs and starts the coordinator of each."
    case .missing: return "Starts the flow."
    }
  }

  /// `resultWhenLeft`, when the result has exactly one case without a payload.
  private func resultWhenLeft() -> SwiftProperty? {
    let free = (module.resultCases(of: coordinator) ?? []).filter { $0.payload == nil }
    guard free.count == 1, let only = free.first else { return nil }
    return SwiftProperty(
      preamble: SwiftPreamble(
        doc: [
          "\(name) finishes with `\(only.name.text)` when the user leaves it with the back "
            + "gesture or by swiping its modal stack away."
        ], modifiers: ["override"] + visible),
      keyword: "var", name: "resultWhenLeft", type: "\(resultType)?",
      getter: "\(resultType).\(SwiftNames.identifier(only.name.text))")
  }

  private mutating func startStatements() -> [SwiftStatement] {
    let input = coordinator.input.map { Payload(expression: "input", type: $0.type) }
    switch coordinator.root {
    case .start(let node, _):
      switch module.node(named: node.text, in: index) {
      case .screen(let screen):
        return [.line("push(\(make(coordinator.screens[screen], with: input)))")]
      case .decision(let decision):
        return [.line(decideCall(decision, with: input))]
      case nil:
        return []
      }
    case .tabs(let tabs):
      var statements: [SwiftStatement] = []
      for offset in tabs.indices {
        statements.append(.line("let stack\(offset + 1) = router.makeTabStack()"))
      }
      let views = tabs.indices.map { "stack\($0 + 1).view" }.joined(separator: ", ")
      statements.append(.line("push(screens.make\(name)Tabs([\(views)]))"))
      for (offset, tab) in tabs.enumerated() {
        statements += SwiftNames.docLines(tab.doc).map { .comment($0) }
        let router = "stack\(offset + 1).router"
        statements.append(
          .line("let tab\(offset + 1) = \(childInit(tab.child, payload: input, router: router))"))
        statements += startChild(tab.child, call: "startTab(tab\(offset + 1))")
      }
      return statements
    case .missing:
      return []
    }
  }

  // MARK: Screens

  /// The payload an action can use: the variable that holds it and its type.
  private struct Payload {
    var expression: String
    var type: TypeExpression
  }

  /// `make<Screen>(payload)`, the call of the private helper that makes a screen.
  private func make(_ screen: Screen, with payload: Payload?) -> String {
    let argument = screen.input != nil ? payload?.expression ?? "" : ""
    return "make\(screen.name.text)(\(argument))"
  }

  /// The private helper that makes the screen and the handler of its events. A screen
  /// without events gets no handler: its event enum has no case, and Swift warns that code
  /// given a value of it "will never be executed".
  private mutating func section(for screen: Screen) -> [SwiftDeclaration] {
    let event = "\(screen.name.text)Event"
    var parameters: [SwiftParameter] = []
    var arguments = ""
    if let input = screen.input {
      parameters.append(SwiftParameter(label: "_", name: "input", type: spell(input.type)))
      arguments = "(input)"
    }
    let make = "screens.make\(screen.name.text)\(arguments)"
    let maker = SwiftFunction(
      preamble: SwiftPreamble(modifiers: ["private"]), name: "make\(screen.name.text)",
      parameters: parameters, returns: presentable,
      body: [
        screen.events.isEmpty
          ? .line("\(make) { (_: \(event)) in }")
          : .block(
            opening: "\(make) { [weak self] (event: \(event)) in",
            body: [.line("self?.handle(event)")], closing: "}")
      ])
    guard !screen.events.isEmpty else { return [.function(maker)] }
    var cases: [SwiftSwitchCase] = []
    for transition in screen.events {
      cases.append(switchCase(transition, payload: transition.payload?.type, comments: false))
    }
    let handler = SwiftFunction(
      preamble: SwiftPreamble(modifiers: ["private"]), name: "handle",
      parameters: [SwiftParameter(label: "_", name: "event", type: event)],
      body: guarded(.switchOver("event", cases: cases)))
    return [.function(maker), .function(handler)]
  }

  /// `guard canAct`, then the switch.
  private func guarded(_ statement: SwiftStatement) -> [SwiftStatement] {
    [.line("guard canAct else { return }"), statement]
  }

  // MARK: Decisions

  /// The call of the private helper that asks the app to decide, recording the payload it
  /// is decided with.
  private mutating func decideCall(_ decision: Int, with payload: Payload?) -> String {
    if !decisionPayloads[decision].contains(payload?.type) {
      decisionPayloads[decision].append(payload?.type)
    }
    return "decide\(coordinator.decisions[decision].name.text)(\(payload?.expression ?? ""))"
  }

  private mutating func decide(_ decision: Decision, payload: TypeExpression?) -> SwiftFunction {
    let answer = "\(decision.name.text)Answer"
    let argument = payload == nil ? "" : "payload, "
    return SwiftFunction(
      preamble: SwiftPreamble(modifiers: ["private"]), name: "decide\(decision.name.text)",
      parameters: payload.map { [SwiftParameter(label: "_", name: "payload", type: spell($0))] }
        ?? [],
      body: [
        decision.cases.isEmpty
          ? .line("let answer = answerOnce { (_: \(answer)) in }")
          : .block(
            opening: "let answer = answerOnce { [weak self] (answer: \(answer)) in",
            body: [.line("self?.handle(answer)")], closing: "}"),
        .line("screens.decide\(decision.name.text)(\(argument)answer: answer)"),
      ])
  }

  /// The handler of a decision's answers; none for a decision without cases, which can
  /// never be answered (see `section(for:)`).
  private mutating func handler(for decision: Decision) -> SwiftFunction? {
    guard !decision.cases.isEmpty else { return nil }
    var cases: [SwiftSwitchCase] = []
    for transition in decision.cases {
      cases.append(switchCase(transition, payload: transition.payload?.type, comments: false))
    }
    return SwiftFunction(
      preamble: SwiftPreamble(modifiers: ["private"]), name: "handle",
      parameters: [
        SwiftParameter(label: "_", name: "answer", type: "\(decision.name.text)Answer")
      ],
      body: guarded(.switchOver("answer", cases: cases)))
  }

  // MARK: Actions

  /// One case of a `switch` over events, answers or a child's result: the transition's
  /// action, with its payload bound only when the action uses it.
  private mutating func switchCase(
    _ transition: Transition, payload: TypeExpression?, comments: Bool
  ) -> SwiftSwitchCase {
    let available = payload.map { Payload(expression: "payload", type: $0) }
    let used = available != nil && uses(transition.action)
    var pattern = "case .\(SwiftNames.identifier(transition.name.text))"
    if used { pattern += "(let payload)" }
    var body: [SwiftStatement] =
      comments ? SwiftNames.docLines(transition.doc).map { .comment($0) } : []
    body += statements(for: transition.action, payload: used ? available : nil)
    return SwiftSwitchCase(pattern: pattern, body: body)
  }

  /// Whether the action passes on a payload it is given.
  private func uses(_ action: Action) -> Bool {
    switch action.kind {
    case .push(let target), .present(let target), .replace(let target):
      return screen(named: target.text)?.input != nil
    case .decide:
      return true
    case .finish(let resultCase):
      return module.resultCases(of: coordinator)?.first { $0.name.text == resultCase.text }?
        .payload != nil
    case .start(let child):
      return module.coordinator(named: child.coordinator.text)?.input != nil
    case .pop, .dismiss, .stay, .invalid:
      return false
    }
  }

  private func screen(named name: String) -> Screen? {
    guard case .screen(let offset) = module.node(named: name, in: index) else { return nil }
    return coordinator.screens[offset]
  }

  private mutating func statements(for action: Action, payload: Payload?) -> [SwiftStatement] {
    switch action.kind {
    case .push(let target):
      return screen(named: target.text).map { [.line("push(\(make($0, with: payload)))")] } ?? []
    case .present(let target):
      return screen(named: target.text).map { [.line("present(\(make($0, with: payload)))")] }
        ?? []
    case .replace(let target):
      return screen(named: target.text).map {
        [.line("replace(with: \(make($0, with: payload)))")]
      } ?? []
    case .pop:
      return [.line("pop()")]
    case .dismiss:
      return [.line("dismiss()")]
    case .stay, .invalid:
      return []
    case .decide(let target):
      guard case .decision(let decision) = module.node(named: target.text, in: index) else {
        return []
      }
      return [.line(decideCall(decision, with: payload))]
    case .finish(let resultCase):
      let value = ".\(SwiftNames.identifier(resultCase.text))"
      return [.line("finish(\(value)\(payload.map { "(\($0.expression))" } ?? ""))")]
    case .start(let child):
      let style = child.style == .present ? ".present" : ".push"
      return [.line("let child = \(childInit(child, payload: payload, router: "router"))")]
        + startChild(child, call: "start(child, style: \(style))")
    }
  }

  /// `<Child>Coordinator(input: payload, screens: screens, router: router)`.
  private func childInit(_ child: ChildStart, payload: Payload?, router: String) -> String {
    let target = module.coordinator(named: child.coordinator.text)
    var arguments: [String] = []
    if target?.input != nil, let payload { arguments.append("input: \(payload.expression)") }
    arguments += ["screens: screens", "router: \(router)"]
    return "\(child.coordinator.text)Coordinator(\(arguments.joined(separator: ", ")))"
  }

  /// `call`, followed by the handlers of the child's result as a closure when it has one.
  private mutating func startChild(
    _ child: ChildStart, call: String
  ) -> [SwiftStatement] {
    guard let target = module.coordinator(named: child.coordinator.text), target.result != nil
    else { return [.line(call)] }
    let cases = module.resultCases(of: target) ?? []
    var switchCases: [SwiftSwitchCase] = []
    for handler in child.handlers {
      let handled = cases.first { $0.name.text == handler.name.text }
      switchCases.append(switchCase(handler, payload: handled?.payload?.type, comments: true))
    }
    let handled = Set(child.handlers.map(\.name.text))
    if cases.contains(where: { !handled.contains($0.name.text) }) {
      switchCases.append(SwiftSwitchCase(pattern: "default", body: []))
    }
    let usesSelf = child.handlers.contains { handler in
      switch handler.action.kind {
      case .stay, .invalid: return false
      default: return true
      }
    }
    var body: [SwiftStatement] = usesSelf ? [.line("guard let self else { return }")] : []
    body.append(.switchOver("result", cases: switchCases))
    return [
      .block(
        opening: "\(call) { \(usesSelf ? "[weak self] " : "")result in", body: body,
        closing: "}")
    ]
  }
}

/// The access level of generated declarations (`--access`).
public enum AccessLevel: String, CaseIterable, Sendable {
  /// Visible in the app's module only: no modifier is written.
  case `internal`
  /// Visible to modules that import the app's: for generated code in a package of its own.
  case `public`

  /// The modifiers to write.
  var modifiers: [String] { self == .public ? ["public"] : [] }
}
