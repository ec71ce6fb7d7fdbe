/// Translates the graph of one coordinator C into the description of its Swift file (spec
/// section 10): `<C>Result` for an inline result, the `<C>Screens` protocol the app
/// implements (C's own screens, decisions and alerts, and the factory of each coordinator C
/// starts) with its defaults, and the `<C>Coordinator` class, with an event enum per screen,
/// an answer enum per decision and a button enum per alert nested in it; for a coordinator
/// with external events (spec section 7b), the `<C>ExternalEvent` enum and the `send(_:)`
/// through which the app sends one from the coordinator it holds; the identifiers of C's
/// screens (`ScreenID.<C>`), and the conformance of the test factory `RecordingScreens` to
/// `<C>Screens`.
///
/// (r3) A coordinator with requests (spec section 13.3) also gets `<C>Request` and
/// `onRequest`, through which each `request: r` sends; a parent gives each child it starts
/// that has requests its handlers, through the runtime's `requests(of:)`, before it starts it.
///
/// (r3) The coordinator's copies of shared screens, decisions and alerts (``Screen/copyOf``)
/// are declared once for the module by ``SharedScreensGenerator``: `<C>Screens` asks for
/// their factory (`sharedScreens`), and the class makes and handles them as its own nodes,
/// with their top-level enums, on its own router.
///
/// The class's code follows the resolved graph: `start()` runs the start node (or starts the
/// tabs), each screen's events, each decision's answers and each alert's buttons go to one
/// `handle` method whose `switch` has one case per event, answer or button, and each case
/// does exactly its step's action.
/// Every target is the graph's: no name is looked up again.
struct CoordinatorGenerator {
  /// What the generator of a module worked out once for all its coordinators.
  struct Context: Sendable {
    let graph: FlowGraph
    let names: SwiftNames
    let facts: SwiftTypeFacts
    let access: AccessLevel
    /// (r3) The shared screens that relative links open (indices of the module's), worked
    /// out once: each coordinator's copy of one gets `push<Screen>(_:)`.
    let relativeTargets: Set<Int>

    init(graph: FlowGraph, names: SwiftNames, facts: SwiftTypeFacts, access: AccessLevel) {
      self.graph = graph
      self.names = names
      self.facts = facts
      self.access = access
      relativeTargets = LinksGenerator.relativeTargets(of: graph)
    }

    var module: FlowModule { graph.module }
  }

  private let context: Context
  private let coordinator: Coordinator
  /// The coordinator's resolved graph.
  private let graph: CoordinatorGraph
  /// The coordinator's index in the module.
  private let index: Int
  /// The coordinators C starts, other than itself, by name: `<C>Screens` asks for the
  /// factory of each (see ``StartedCoordinators``).
  private let children: [Int]
  /// Whether another coordinator starts C: then `<C>Screens` has the default of the factory
  /// they ask for.
  private let isStarted: Bool
  /// The type of the app's screen factory: `any <C>Screens`.
  private let screensType: SwiftType
  /// For each screen written in C, in order, the name of its identifier in `ScreenID.<C>`:
  /// the lowerCamelCase form of its name (`review`). C's copies of shared screens (r3) come
  /// after them and are identified in `ScreenID.Shared`.
  private let screenIDNames: [String]
  /// For each shared screen of the module, the name of its identifier in `ScreenID.Shared`.
  private let sharedScreenIDNames: [String]
  /// (r3) The shared screens that relative links open (indices of the module's): C's copies
  /// of them get `push<Screen>(_:)`.
  private let relativeTargets: Set<Int>
  /// What nodes are declared as, with whether the file spells a Foundation type.
  private var declarations: NodeDeclarations
  /// `any Presentable`, what the app's screens are.
  private var presentable: SwiftType { declarations.presentable }

  /// For each decision, the payload types it is decided with (`nil`: none), in order.
  private var decisionPayloads: [[TypeExpression?]]

  init(_ context: Context, coordinator index: Int, children: [Int], isStarted: Bool) {
    self.context = context
    self.index = index
    self.isStarted = isStarted
    self.coordinator = context.module.coordinators[index]
    graph = context.graph.coordinators[index]
    self.children = children
    screensType = .existential(
      .named(GeneratedNames.screensProtocol.name(for: coordinator.name.text)))
    screenIDNames = GeneratedNames.screenIdentifiers(of: coordinator)
    sharedScreenIDNames =
      coordinator.screens.contains { $0.copyOf != nil }
      ? GeneratedNames.screenIdentifiers(context.module.shared.screens) : []
    declarations = NodeDeclarations(context)
    relativeTargets = context.relativeTargets
    decisionPayloads = Array(repeating: [], count: self.coordinator.decisions.count)
  }

  private var module: FlowModule { context.module }
  private var names: SwiftNames { context.names }
  private var name: String { coordinator.name.text }
  private var className: String { GeneratedNames.coordinatorClass.name(for: name) }
  private var protocolName: String { GeneratedNames.screensProtocol.name(for: name) }
  private var resultName: String { GeneratedNames.resultEnum.name(for: name) }
  private var externalEventName: String { GeneratedNames.externalEventEnum.name(for: name) }
  private var requestName: String { GeneratedNames.requestEnum.name(for: name) }
  private var visible: [SwiftModifier] { context.access.modifiers }
  /// Whether C shows shared nodes (r3): then `<C>Screens` asks for their factory.
  private var ownsSharedNodes: Bool {
    coordinator.screens.contains { $0.copyOf != nil }
      || coordinator.decisions.contains { $0.copyOf != nil }
      || coordinator.alerts.contains { $0.copyOf != nil }
  }

  /// The factory that makes the node, as the class spells it: `screens`, or
  /// `screens.sharedScreens` for a copy of a shared node (r3).
  private func factory(isCopy: Bool) -> SwiftExpression {
    isCopy ? .member(of: "screens", GeneratedNames.sharedFactory) : .identifier("screens")
  }

  /// The enum of `node`'s events, answers or buttons as the protocol and the test factory
  /// spell it: nested in `<C>Coordinator` for C's own node, at the top level for a copy of a
  /// shared one (r3).
  private func qualified(_ enumName: String, isCopy: Bool) -> String {
    isCopy ? enumName : "\(className).\(enumName)"
  }

  /// The enum of screen `screen`'s events, as the protocol spells it.
  private func events(of screen: Screen) -> String {
    qualified(GeneratedNames.eventEnum.name(for: screen.name.text), isCopy: screen.copyOf != nil)
  }

  /// The enum of decision `decision`'s answers, as the protocol spells it.
  private func answers(of decision: Decision) -> String {
    qualified(
      GeneratedNames.answerEnum.name(for: decision.name.text), isCopy: decision.copyOf != nil)
  }

  /// The enum of alert `alert`'s buttons, as the protocol spells it.
  private func buttons(of alert: Alert) -> String {
    qualified(GeneratedNames.buttonEnum.name(for: alert.name.text), isCopy: alert.copyOf != nil)
  }

  /// C's own decisions (not its copies of shared ones) as the protocol asks for them.
  private var askedDecisions: [NodeDeclarations.AskedDecision] {
    coordinator.decisions.enumerated().compactMap { offset, decision in
      guard decision.copyOf == nil else { return nil }
      return NodeDeclarations.AskedDecision(
        decision: decision, answers: answers(of: decision), payloads: decisionPayloads[offset])
    }
  }

  /// The coordinator's file.
  mutating func file(header: String) -> SwiftFile {
    let coordinatorClass = makeClass()
    var output: [SwiftDeclaration] = []
    if case .inline(let cases, _) = coordinator.result {
      output.append(
        .enumeration(payloadEnum(resultName, doc: "How \(name) finishes.", cases: cases)))
    }
    if !coordinator.requests.isEmpty {
      output.append(
        .enumeration(
          payloadEnum(
            requestName,
            doc: "What \(name) asks of its parent while it keeps running (its flow's `requests`): "
              + "it sends one to `onRequest`.", cases: coordinator.requests)))
    }
    output.append(.protocolType(makeProtocol()))
    let defaults =
      ownFactoryDefault()
      + declarations.decisionDefaults(askedDecisions, owner: name)
    if !defaults.isEmpty {
      output.append(
        .type(SwiftTypeDeclaration(kind: .extensionType, name: protocolName, members: defaults)))
    }
    output.append(.type(coordinatorClass))
    if !coordinator.events.isEmpty {
      output.append(
        .enumeration(
          enumeration(
            externalEventName,
            doc: "The external events of \(name): what the app sends to the running "
              + "coordinator, with `send(_:)` on the coordinator it holds.",
            transitions: coordinator.events)))
      output.append(.type(sendExtension()))
    }
    if let identifiers = screenIdentifiers() { output.append(.type(identifiers)) }
    if let accessibility = FlowAccessibilityGenerator(context: context).extension(
      ofCoordinator: index, identifiers: screenIDNames)
    {
      output.append(.type(accessibility))
    }
    output.append(.type(recordingScreens()))
    return SwiftFile(
      header: header,
      imports: ["FlowRuntime"] + (declarations.usesFoundation ? ["Foundation"] : []),
      declarations: output)
  }

  // MARK: Types

  private mutating func spell(_ type: TypeExpression) -> SwiftType {
    declarations.spell(type)
  }

  /// The type the coordinator finishes with.
  private var resultType: SwiftType {
    switch coordinator.result {
    case .inline: return .named(resultName)
    case .named(let reference): return names.type(reference.type)
    case nil: return .named(names.swift("Never"))
    }
  }

  /// `<C>Result`, for an inline result, or (r3) `<C>Request`: one case per result case or
  /// request, with its payload.
  private mutating func payloadEnum(
    _ enumName: String, doc: String, cases: [PayloadCase]
  ) -> SwiftEnum {
    SwiftEnum(
      preamble: SwiftPreamble(
        doc: [doc],
        modifiers: declarations.valueType(payloads: cases.compactMap { $0.payload?.type })),
      name: enumName,
      inherits: context.facts.conformances(
        payloads: cases.compactMap { $0.payload?.type }, names: names),
      cases: cases.map { item in
        SwiftEnumCase(
          name: SwiftNames.identifier(item.name.text), payload: item.payload.map { spell($0.type) }
        )
      })
  }

  private mutating func enumeration(
    _ name: String, doc: String, transitions: [Transition]
  ) -> SwiftEnum {
    declarations.enumeration(name, doc: doc, transitions: transitions)
  }

  // MARK: The protocol

  private mutating func makeProtocol() -> SwiftProtocol {
    var requirements: [SwiftFunction] = []
    if let tabs = tabsRequirement() { requirements.append(tabs) }
    for screen in coordinator.screens where screen.copyOf == nil {
      requirements.append(declarations.screenRequirement(screen, events: events(of: screen)))
    }
    for decision in askedDecisions { requirements += declarations.requirements(of: decision) }
    for alert in coordinator.alerts where alert.copyOf == nil {
      requirements.append(declarations.alertRequirement(alert, buttons: buttons(of: alert)))
    }
    var properties = children.map { child in
      SwiftProperty(
        preamble: SwiftPreamble(
          doc: [
            "The factory of the screens of \(module.coordinators[child].name.text), which "
              + "\(name) starts."
          ]),
        isVariable: true, name: factoryName(child), type: factoryType(child), isRequirement: true)
    }
    if ownsSharedNodes {
      properties.append(
        SwiftProperty(
          preamble: SwiftPreamble(
            doc: ["The factory of the shared screens, decisions and alerts that \(name) shows."]),
          isVariable: true, name: GeneratedNames.sharedFactory,
          type: .existential(.named(GeneratedNames.sharedScreensProtocol.name)),
          isRequirement: true))
    }
    return SwiftProtocol(
      preamble: SwiftPreamble(
        doc: protocolDoc, attributes: [declarations.mainActor], modifiers: visible),
      name: protocolName, properties: properties, requirements: requirements)
  }

  /// `addressBookScreens`: the name under which `<C>Screens` hands over a child's factory.
  private func factoryName(_ child: Int) -> String {
    names.generated.factory(of: child)
  }

  /// `any AddressBookScreens`.
  private func factoryType(_ child: Int) -> SwiftType {
    .existential(
      .named(GeneratedNames.screensProtocol.name(for: module.coordinators[child].name.text)))
  }

  /// For a coordinator that others start, `var <c>Screens: any <C>Screens { self }` in an
  /// extension of `<C>Screens`: the factory that the protocols of those coordinators ask for,
  /// when the object that makes their screens makes C's too, so an app with one factory
  /// writes nothing more. (One default here, not one per parent: a factory of two parents
  /// that both start C would find two equal defaults, and neither would do.)
  private func ownFactoryDefault() -> [SwiftDeclaration] {
    guard isStarted else { return [] }
    return [
      .property(
        SwiftProperty(
          preamble: SwiftPreamble(
            doc: [
              "This factory itself, for the coordinators that start \(name): one object can "
                + "make their screens and \(name)'s."
            ], modifiers: visible),
          isVariable: true, name: factoryName(index), type: factoryType(index),
          getter: .identifier("self")))
    ]
  }

  /// `make<C>Tabs(_ stacks:)`, for a tab coordinator.
  private func tabsRequirement() -> SwiftFunction? {
    guard case .tabs(let tabs) = coordinator.root else { return nil }
    var doc = [
      "Makes the container that shows the tabs of \(name) (UIKit: a `UITabBarController`), "
        + "given the stack of each, in this order:"
    ]
    for (offset, tab) in tabs.enumerated() {
      let lines = SwiftNames.docLines(tab.doc)
      let summary = lines.isEmpty ? "" : ": " + lines.joined(separator: " ")
      doc.append("\(offset + 1). \(tab.child.coordinator.text)\(summary)")
    }
    return SwiftFunction(
      preamble: SwiftPreamble(doc: doc), name: "make\(name)Tabs",
      parameters: [SwiftParameter(label: "_", name: "stacks", type: .array(presentable))],
      returns: presentable)
  }

  private var protocolDoc: [String] {
    var parts: [String] = []
    if !children.isEmpty { parts.append("the factory of each coordinator it starts") }
    if !coordinator.tabs.isEmpty { parts.append("the container of its tabs") }
    if coordinator.screens.contains(where: { $0.copyOf == nil }) {
      parts.append("its screens (each from its input and a way to send its events)")
    }
    if coordinator.decisions.contains(where: { $0.copyOf == nil }) {
      parts.append("the answers to its decisions (each in the callback or the `async` form)")
    }
    if coordinator.alerts.contains(where: { $0.copyOf == nil }) {
      parts.append("its alerts (each from its input and a way to send the button tapped)")
    }
    if ownsSharedNodes { parts.append("the factory of the shared screens it shows") }
    var text = "What the app provides to run \(name)"
    text += parts.isEmpty ? "." : ": \(parts.listed())."
    return [text]
  }

  // MARK: The class

  private mutating func makeClass() -> SwiftTypeDeclaration {
    // Bodies first: they find the payloads each decision is decided with.
    let start = startStatements()
    let externalEventsHandler = receiveExternalEvents()
    var screenSections: [[SwiftDeclaration]] = []
    for screen in coordinator.screens.indices { screenSections.append(section(for: screen)) }
    var answerHandlers: [SwiftFunction?] = []
    for decision in coordinator.decisions.indices {
      answerHandlers.append(handler(of: graph.screenCount + decision, "answer"))
    }
    var alertSections: [[SwiftDeclaration]] = []
    for alert in coordinator.alerts.indices { alertSections.append(section(forAlert: alert)) }

    var members: [SwiftDeclaration] = []
    // A copy of a shared node (r3) uses the top-level enum of the shared one.
    for screen in coordinator.screens where screen.copyOf == nil {
      members.append(
        .enumeration(
          enumeration(
            GeneratedNames.eventEnum.name(for: screen.name.text),
            doc: "The events of screen \(screen.name.text).",
            transitions: screen.events)))
    }
    for decision in coordinator.decisions where decision.copyOf == nil {
      members.append(
        .enumeration(
          enumeration(
            GeneratedNames.answerEnum.name(for: decision.name.text),
            doc: "The answers to decision \(decision.name.text).", transitions: decision.cases)))
    }
    for alert in coordinator.alerts where alert.copyOf == nil {
      members.append(
        .enumeration(
          enumeration(
            GeneratedNames.buttonEnum.name(for: alert.name.text),
            doc: "The buttons of alert \(alert.name.text).",
            transitions: alert.buttons)))
    }
    members.append(
      .property(
        SwiftProperty(
          preamble: SwiftPreamble(modifiers: [.private]), isVariable: false, name: "screens",
          type: screensType)))
    var parameters: [SwiftParameter] = []
    var assignments: [SwiftStatement] = []
    if let input = coordinator.input {
      let type = spell(input.type)
      members.append(
        .property(
          SwiftProperty(
            preamble: SwiftPreamble(modifiers: [.private]), isVariable: false, name: "input",
            type: type)))
      parameters.append(SwiftParameter(name: "input", type: type))
      assignments.append(
        .assignment(target: .member(of: "self", "input"), value: .identifier("input")))
    }
    parameters += [
      SwiftParameter(name: "screens", type: screensType),
      SwiftParameter(name: "router", type: .existential(.named(names.runtime("Router")))),
    ]
    assignments += [
      .assignment(target: .member(of: "self", "screens"), value: .identifier("screens")),
      .expression(
        .call(
          .member(of: "super", "init"),
          [SwiftArgument(label: "router", value: .identifier("router"))])),
    ]
    members.append(
      .function(
        SwiftFunction(
          preamble: SwiftPreamble(
            doc: ["Makes the coordinator, which shows nothing until `start()`."],
            modifiers: visible),
          name: SwiftFunction.initializer, parameters: parameters, body: assignments)))
    members.append(
      .function(
        SwiftFunction(
          preamble: SwiftPreamble(doc: [startDoc], modifiers: [.override] + visible),
          name: "start", body: start)))
    if let leaving = leaveResult() { members.append(.property(leaving)) }
    if !coordinator.requests.isEmpty { members.append(.property(onRequest)) }
    for (screen, section) in zip(coordinator.screens, screenSections) {
      members.append(.mark(Self.mark(screen.name, isCopy: screen.copyOf != nil)))
      members += section
    }
    for (offset, decision) in coordinator.decisions.enumerated() {
      members.append(.mark(Self.mark(decision.name, isCopy: decision.copyOf != nil)))
      for payload in decisionPayloads[offset] {
        members.append(.function(decide(decision, payload: payload)))
      }
      if let handler = answerHandlers[offset] { members.append(.function(handler)) }
    }
    for (alert, section) in zip(coordinator.alerts, alertSections) {
      members.append(.mark(Self.mark(alert.name, isCopy: alert.copyOf != nil)))
      members += section
    }
    if let receive = externalEventsHandler {
      members.append(.mark("External events"))
      members.append(.function(receive))
    }

    let doc = SwiftNames.docLines(coordinator.doc)
    return SwiftTypeDeclaration(
      preamble: SwiftPreamble(
        doc: doc.isEmpty ? ["Runs the flow \(name)."] : doc, modifiers: visible + [.final]),
      kind: .classType, name: className,
      inherits: [.named(names.runtime("FlowCoordinator"), arguments: [resultType])],
      members: members)
  }

  /// (r3) `var onRequest: (@MainActor (<C>Request) -> Void)?`: where C's requests go (spec
  /// section 13.3).
  private var onRequest: SwiftProperty {
    SwiftProperty(
      preamble: SwiftPreamble(
        doc: [
          "Where the requests of \(name) go while it runs: the handler of the coordinator that "
            + "started it, which sets it; for a coordinator the app starts itself, the app's. "
            + "The coordinator keeps running while the request is handled."
        ], modifiers: visible),
      isVariable: true, name: "onRequest",
      type: .optional(
        .function(
          attributes: [declarations.mainActor], parameters: [.named(requestName)],
          returns: .named(names.swift("Void")))))
  }

  /// The title of a node's `MARK`: its name, and for a copy of a shared node (r3), `Profile
  /// (shared)`.
  private static func mark(_ name: Identifier, isCopy: Bool) -> String {
    isCopy ? "\(name.text) (shared)" : name.text
  }

  private var startDoc: String {
    switch (coordinator.root, graph.root) {
    case (.start(let node, _), .node(let start)) where !graph.isScreen(start):
      return "Starts the flow with decision \(node.text)."
    case (.start(let node, _), _): return "Starts the flow at screen \(node.text)."
    case (.tabs, _): return "Shows the tabs and starts the coordinator of each."
    case (.missing, _): return "Starts the flow."
    }
  }

  /// `leaveResult`, the result case the flow's `leave: c` names (spec section 8,
  /// "Leaving"). None without `leave` or with `leave: ~`: the runtime then drops the
  /// coordinator when the user leaves it. The result is never picked by its shape.
  private func leaveResult() -> SwiftProperty? {
    guard let index = context.graph.targets.leaveCase(in: self.index),
      graph.results[index].payload == nil
    else { return nil }
    let resultCase = graph.results[index].name.text
    return SwiftProperty(
      preamble: SwiftPreamble(
        doc: [
          "\(name) finishes with `\(resultCase)` when the user leaves it (`leave: \(resultCase)`): "
            + "with the system back button or gesture, or by swiping its sheet away."
        ], modifiers: [.override] + visible),
      isVariable: true, name: "leaveResult", type: .optional(resultType),
      getter: .member(.type(resultType), SwiftNames.identifier(resultCase)))
  }

  private mutating func startStatements() -> [SwiftStatement] {
    let input = coordinator.input.map { Payload(expression: .identifier("input"), type: $0.type) }
    switch graph.root {
    case .node(let node):
      // The graph never starts at an alert; an unknown-reference finding says so.
      if graph.isAlert(node) { return [] }
      // (r3) A split coordinator makes its split before its first screen, which is the root
      // of the primary column (spec section 13.4).
      let split: [SwiftStatement] =
        coordinator.split.map {
          [.expression(.call("showSplit", [.value(.implicitMember($0.layout.rawValue))]))]
        } ?? []
      guard graph.isScreen(node) else {
        return split + [.expression(decideCall(node - graph.screenCount, with: input))]
      }
      return split + [
        .expression(.call("push", [.value(make(node, with: input))] + controls(of: node)))
      ]
    case .tabs(let tabs):
      var statements: [SwiftStatement] = []
      for offset in tabs.indices {
        statements.append(
          .constant(
            name: "stack\(offset + 1)", value: .call(.member(of: "router", "makeTabStack"))))
      }
      let views = tabs.indices.map { SwiftExpression.member(of: "stack\($0 + 1)", "view") }
      let container = SwiftExpression.call(
        .member(of: "screens", "make\(name)Tabs"), [.value(.array(views))])
      statements.append(.expression(.call("showTabs", [.value(container)])))
      for (offset, tab) in tabs.enumerated() {
        statements += SwiftNames.docLines(tab.tab.doc).map { .comment($0) }
        let router = SwiftExpression.member(of: "stack\(offset + 1)", "router")
        statements.append(
          .constant(
            name: "tab\(offset + 1)", value: childInit(tab.start, payload: input, router: router)))
        let call = SwiftCall(
          function: .identifier("startTab"), arguments: [.value(.identifier("tab\(offset + 1)"))])
        statements += startChild(
          tab.start, .identifier("tab\(offset + 1)"), handlers: tab.handlers, call: call)
      }
      return statements
    case .unresolved:
      return []
    }
  }

  // MARK: Screens

  /// The payload an action can use: the variable that holds it and its type.
  private struct Payload {
    var expression: SwiftExpression
    var type: TypeExpression
  }

  /// `controls: .init(systemBack: false, dismissible: false)`, the argument through which a
  /// screen is shown with the system controls its flow turns off; none for a screen that
  /// keeps them all (spec section 5).
  private func controls(of screen: NodeID) -> [SwiftArgument] {
    let target = coordinator.screens[screen]
    var off: [SwiftArgument] = []
    if !target.systemBack { off.append(SwiftArgument(label: "systemBack", value: .boolean(false))) }
    if !target.dismissible {
      off.append(SwiftArgument(label: "dismissible", value: .boolean(false)))
    }
    guard !off.isEmpty else { return [] }
    return [SwiftArgument(label: "controls", value: .call(.implicitMember("init"), off))]
  }

  /// `make<Screen>(payload)`, the call of the private helper that makes a screen.
  private func make(_ screen: NodeID, with payload: Payload?) -> SwiftExpression {
    let target = coordinator.screens[screen]
    let arguments: [SwiftArgument] =
      if target.input != nil, let payload { [.value(payload.expression)] } else { [] }
    return .call("make\(target.name.text)", arguments)
  }

  /// The private helper that makes the screen and the handler of its events. A screen
  /// without events gets no handler: its event enum has no case, and Swift warns that code
  /// given a value of it "will never be executed".
  private mutating func section(for index: Int) -> [SwiftDeclaration] {
    let screen = coordinator.screens[index]
    var parameters: [SwiftParameter] = []
    var arguments: [SwiftArgument] = []
    if let input = screen.input {
      parameters.append(SwiftParameter(label: "_", name: "input", type: spell(input.type)))
      arguments.append(.value(.identifier("input")))
    }
    let function = SwiftExpression.member(
      factory(isCopy: screen.copyOf != nil), "make\(screen.name.text)")
    let forwarding = forward(
      "event", of: GeneratedNames.eventEnum.name(for: screen.name.text),
      isEmpty: screen.events.isEmpty)
    // The screen's flow name goes to the router, for its records and observers. Events
    // reach the handler through `screenEvents`, which drops those sent once the screen is
    // no longer on top (a double tap on a push pushes once), as `answerOnce` does for
    // decisions. A screen without events needs no sink.
    let naming = SwiftStatement.expression(
      .call("nameNextScreen", [.value(screenID(index))]))
    let body: [SwiftStatement] =
      screen.events.isEmpty
      ? [naming, .returnValue(.call(function, arguments, trailing: forwarding))]
      : [
        naming,
        .constant(name: "send", value: .call("screenEvents", trailing: forwarding)),
        .returnValue(
          .call(function, arguments + [SwiftArgument(label: "send", value: .identifier("send"))])),
      ]
    let maker = SwiftFunction(
      preamble: SwiftPreamble(modifiers: [.private]), name: "make\(screen.name.text)",
      parameters: parameters, returns: presentable, body: body)
    var section: [SwiftDeclaration] = [.function(maker)]
    if let handler = handler(of: index, "event") { section.append(.function(handler)) }
    if let original = screen.copyOf, relativeTargets.contains(original) {
      section.append(.function(relativePush(index, parameters: parameters)))
    }
    return section
  }

  /// (r3) `push<Screen>(_:)` for C's copy of a shared screen that a relative link opens (spec
  /// section 13.6): `FlowLink`'s `open(_:)` calls it on the coordinator whose screen is on
  /// top of the top stack, which then owns the screen and handles its events.
  private func relativePush(_ index: Int, parameters: [SwiftParameter]) -> SwiftFunction {
    let screen = coordinator.screens[index]
    let input = screen.input.map { Payload(expression: .identifier("input"), type: $0.type) }
    return SwiftFunction(
      preamble: SwiftPreamble(
        doc: [
          "Pushes shared screen \(screen.name.text) onto the stack of this coordinator's top screen;"
            + " this coordinator then owns it and handles its events: what `open(_:)` does for a"
            + " relative link when that stack is on top (FLOW-SPEC 13.6)."
        ], modifiers: visible),
      name: "push\(screen.name.text)", parameters: parameters,
      body: [.expression(.call("push", [.value(make(index, with: input))] + controls(of: index)))])
  }

  /// `{ [weak self] (event: Event) in self?.handle(event) }`, the closure through which the
  /// app sends a screen's events or a decision's answer to its handler; `{ (_: Event) in }`
  /// when there is nothing to handle.
  private func forward(_ parameter: String, of type: String, isEmpty: Bool) -> SwiftClosure {
    guard !isEmpty else {
      return SwiftClosure(parameters: [SwiftClosureParameter(name: "_", type: .named(type))])
    }
    let handle = SwiftExpression.call(
      .member(.optionalChain(.identifier("self")), "handle"), [.value(.identifier(parameter))])
    return SwiftClosure(
      captures: [.weak("self")],
      parameters: [SwiftClosureParameter(name: parameter, type: .named(type))],
      body: [.expression(handle)])
  }

  /// The handler of a screen's events or a decision's answers: `guard canAct`, then a
  /// `switch` with a case per transition. None for a node without transitions, which can
  /// never be sent one (see `section(for:)`).
  private mutating func handler(of node: NodeID, _ parameter: String) -> SwiftFunction? {
    guard !graph.steps[node].isEmpty else { return nil }
    let type: String
    let place: String
    switch graph.node(node) {
    case .screen(let index):
      type = GeneratedNames.eventEnum.name(for: coordinator.screens[index].name.text)
      place = "screen \(coordinator.screens[index].name.text)"
    case .decision(let index):
      type = GeneratedNames.answerEnum.name(for: coordinator.decisions[index].name.text)
      place = "decision \(coordinator.decisions[index].name.text)"
    case .alert(let index):
      type = GeneratedNames.buttonEnum.name(for: coordinator.alerts[index].name.text)
      place = "alert \(coordinator.alerts[index].name.text)"
    }
    var cases: [SwiftSwitchCase] = []
    for (steps, handlers) in Self.grouped(graph.transitions(of: node)) {
      cases.append(
        switchCase(steps, handlers: handlers, comments: false, at: place, over: parameter))
    }
    return SwiftFunction(
      preamble: SwiftPreamble(modifiers: [.private]), name: "handle",
      parameters: [SwiftParameter(label: "_", name: parameter, type: .named(type))],
      body: [
        .guardStatement(.expression(.identifier("canAct")), otherwise: [.returnStatement]),
        .switchOver(.identifier(parameter), cases: cases),
      ])
  }

  // MARK: External events

  /// `receive(_:)`, which runs an external event's action (spec section 7b): on a coordinator
  /// that still runs, after ending the children its own actions started unless the action
  /// acts over whatever is on top. `nil` without external events.
  private mutating func receiveExternalEvents() -> SwiftFunction? {
    guard !graph.eventSteps.isEmpty else { return nil }
    var cases: [SwiftSwitchCase] = []
    for (steps, handlers) in Self.grouped(graph.events) {
      let event = steps.first?.transition.name.text ?? ""
      var item = switchCase(
        steps, handlers: handlers, comments: false, at: "event \(event)", over: "event")
      // A sequence ends children as its first element would (r3, spec section 13.1).
      if let step = steps.first, Self.endsChildren(step) {
        item.body.insert(.expression(.call("endChildren")), at: 0)
      }
      cases.append(item)
    }
    return SwiftFunction(
      preamble: SwiftPreamble(
        doc: [
          "Runs the action of an external event; the app sends one with `send(_:)` on the "
            + "coordinator it holds, which finds the outermost running \(className)."
        ], modifiers: visible),
      name: "receive",
      parameters: [
        SwiftParameter(label: "_", name: "event", type: .named(externalEventName))
      ],
      body: [
        .guardStatement(
          .expression(.not(.identifier("isFinished"))), otherwise: [.returnStatement]),
        .switchOver(.identifier("event"), cases: cases),
      ])
  }

  /// Whether an external event's action first ends the coordinator's children: every action
  /// but those that act over whatever is on top (`alert`, `present`, a modal `start`,
  /// `select`, `stay`).
  private static func endsChildren(_ step: Step) -> Bool {
    switch step.written.kind {
    case .alert, .present, .select, .stay, .request, .invalid, .sequence: return false
    case .start(let start): return start.style.modal == nil
    case .push, .replace, .pop, .popToRoot, .dismiss, .decide, .finish: return true
    }
  }

  /// `extension Coordinator { func send(_ event: <C>ExternalEvent) -> Bool }`: the app sends
  /// the event from the root coordinator it holds, and it reaches the outermost running
  /// `<C>Coordinator` (spec section 10); `false` when none runs, and nothing happens.
  private func sendExtension() -> SwiftTypeDeclaration {
    let receive = SwiftExpression.call(
      .member(of: "coordinator", "receive"), [.value(.identifier("event"))])
    let deliver = SwiftExpression.call(
      .identifier("deliver"),
      [SwiftArgument(label: "to", value: .member(.type(.named(className)), "self"))],
      trailing: SwiftClosure(
        parameters: [SwiftClosureParameter(name: "coordinator", type: nil)],
        body: [.expression(receive)]))
    let send = SwiftFunction(
      preamble: SwiftPreamble(
        doc: [
          "Sends an external event of \(name) to the outermost running \(className): this "
            + "coordinator or one it runs, however deep. Returns whether one ran; when none "
            + "does, nothing happens."
        ], attributes: [SwiftAttribute(name: "discardableResult")], modifiers: visible),
      name: "send",
      parameters: [SwiftParameter(label: "_", name: "event", type: .named(externalEventName))],
      returns: .named(names.swift("Bool")), body: [.expression(deliver)])
    return SwiftTypeDeclaration(
      kind: .extensionType, name: names.runtime("Coordinator"), members: [.function(send)])
  }

  // MARK: Identifiers and the test factory

  /// `.<C>.<screen>`, the identifier generated code names the screen at `index` by; for a
  /// copy of a shared screen (r3), `.Shared.<screen>`.
  private func screenID(_ index: Int) -> SwiftExpression {
    if let original = coordinator.screens[index].copyOf {
      return .member(
        .implicitMember(GeneratedNames.sharedScreenNamespace), sharedScreenIDNames[original])
    }
    return .member(.implicitMember(name), screenIDNames[index])
  }

  /// `extension ScreenID { enum <C> { static let review = ScreenID("Review", of: "<C>") } }`:
  /// the identifiers of C's screens, which routers record and tests compare
  /// (`.Checkout.review`). `nil` for a coordinator without screens of its own.
  private func screenIdentifiers() -> SwiftTypeDeclaration? {
    guard let first = screenIDNames.first else { return nil }
    return declarations.screenIdentifiers(
      namespace: name, screens: coordinator.screens.filter { $0.copyOf == nil },
      identifiers: screenIDNames,
      doc: "The screens of \(name), as routers record them and tests compare them: "
        + "`.\(name).\(first)`.")
  }

  /// `extension RecordingScreens: <C>Screens`: the test factory makes each of C's screens as
  /// a stub that keeps its `send`, keeps each decision until a test answers it, and makes
  /// each alert with a button for each of the flow's buttons without a payload.
  private mutating func recordingScreens() -> SwiftTypeDeclaration {
    var members: [SwiftDeclaration] = []
    func add(_ requirement: SwiftFunction, _ body: SwiftExpression) {
      var function = requirement
      function.preamble = SwiftPreamble(modifiers: visible)
      function.body = [.expression(body)]
      members.append(.function(function))
    }
    if let tabs = tabsRequirement() {
      add(
        tabs,
        .call(
          "tabs",
          [SwiftArgument(label: "of", value: .string(name)), .value(.identifier("stacks"))]))
    }
    // C's copies of shared nodes (r3) are made by the conformance to `SharedScreens`.
    var screens: [NodeDeclarations.RecordedScreen] = []
    for (index, screen) in coordinator.screens.enumerated() where screen.copyOf == nil {
      screens.append(.init(screen: screen, events: events(of: screen), id: screenID(index)))
    }
    members += declarations.recordingMembers(
      screens: screens, decisions: askedDecisions,
      alerts: coordinator.alerts.filter { $0.copyOf == nil }.map { ($0, buttons(of: $0)) },
      owner: name)
    var parts: [String] = []
    if !coordinator.tabs.isEmpty { parts.append("makes the container of its tabs") }
    if !screens.isEmpty {
      parts.append("makes its screens as stubs that keep their `send`")
    }
    if coordinator.decisions.contains(where: { $0.copyOf == nil }) {
      parts.append("keeps its decisions until a test answers them")
    }
    if coordinator.alerts.contains(where: { $0.copyOf == nil }) {
      parts.append("makes its alerts with a button for each of the flow's")
    }
    var doc = "The test factory of \(name)"
    doc += parts.isEmpty ? "." : ": it \(parts.listed())."
    return SwiftTypeDeclaration(
      preamble: SwiftPreamble(doc: [doc + " See `RecordingScreens`."]),
      kind: .extensionType, name: names.runtime("RecordingScreens"),
      inherits: [.named(protocolName)], members: members)
  }

  // MARK: Alerts

  /// `show<Alert>(payload)`, the call of the private helper that shows an alert.
  private func show(_ alert: NodeID, with payload: Payload?) -> SwiftExpression {
    let target = coordinator.alerts[alert - graph.alertStart]
    let arguments: [SwiftArgument] =
      if target.input != nil, let payload { [.value(payload.expression)] } else { [] }
    return .call("show\(target.name.text)", arguments)
  }

  /// The private helper that shows an alert, and the handler of its buttons: the app makes
  /// the alert from its input and a `tap` that reaches the handler at most once, and only
  /// while the coordinator is still where it showed it (`answerOnce`), since its buttons act
  /// on that screen (spec section 6b).
  private mutating func section(forAlert index: Int) -> [SwiftDeclaration] {
    let alert = coordinator.alerts[index]
    var parameters: [SwiftParameter] = []
    var arguments: [SwiftArgument] = []
    if let input = alert.input {
      parameters.append(SwiftParameter(label: "_", name: "input", type: spell(input.type)))
      arguments.append(.value(.identifier("input")))
    }
    arguments.append(SwiftArgument(label: "tap", value: .identifier("tap")))
    let closure = forward(
      "button", of: GeneratedNames.buttonEnum.name(for: alert.name.text),
      isEmpty: alert.buttons.isEmpty)
    let once = SwiftExpression.call(
      "answerOnce", [SwiftArgument(label: "alert", value: .string(alert.name.text))],
      trailing: closure)
    let shower = SwiftFunction(
      preamble: SwiftPreamble(modifiers: [.private]), name: "show\(alert.name.text)",
      parameters: parameters,
      body: [
        .constant(name: "tap", value: once),
        .expression(
          .call(
            "alert",
            [
              .value(
                .call(
                  .member(factory(isCopy: alert.copyOf != nil), "make\(alert.name.text)"),
                  arguments))
            ])),
      ])
    guard let handler = handler(of: graph.alertStart + index, "button") else {
      return [.function(shower)]
    }
    return [.function(shower), .function(handler)]
  }

  // MARK: Decisions

  /// The call of the private helper that asks the app to decide, recording the payload it
  /// is decided with.
  private mutating func decideCall(_ decision: Int, with payload: Payload?) -> SwiftExpression {
    if !decisionPayloads[decision].contains(payload?.type) {
      decisionPayloads[decision].append(payload?.type)
    }
    return .call(
      "decide\(coordinator.decisions[decision].name.text)",
      payload.map { [.value($0.expression)] } ?? [])
  }

  private mutating func decide(_ decision: Decision, payload: TypeExpression?) -> SwiftFunction {
    var arguments: [SwiftArgument] = payload == nil ? [] : [.value(.identifier("payload"))]
    arguments.append(SwiftArgument(label: "answer", value: .identifier("answer")))
    let closure = forward(
      "answer", of: GeneratedNames.answerEnum.name(for: decision.name.text),
      isEmpty: decision.cases.isEmpty)
    let once = SwiftExpression.call(
      "answerOnce", [SwiftArgument(label: "decision", value: .string(decision.name.text))],
      trailing: closure)
    let ask = SwiftExpression.call(
      .member(factory(isCopy: decision.copyOf != nil), "decide\(decision.name.text)"), arguments)
    return SwiftFunction(
      preamble: SwiftPreamble(modifiers: [.private]), name: "decide\(decision.name.text)",
      parameters: payload.map { [SwiftParameter(label: "_", name: "payload", type: spell($0))] }
        ?? [],
      body: [
        .constant(name: "answer", value: once),
        .expression(
          .call(
            "ask",
            trailing: SwiftClosure(
              parameters: [], body: launchAnswer(decision) + [.expression(ask)]))),
      ])
  }

  /// In debug builds, the answer given at launch for `decision` (`-flowc-answer
  /// Auth.CheckCredentials=rejected`, read by `FlowLaunchAnswers`), if it is a case without a
  /// payload: the coordinator answers with it instead of asking the app. Nothing for a
  /// decision whose cases all carry a payload, which only the app can make.
  private func launchAnswer(_ decision: Decision) -> [SwiftStatement] {
    let cases = decision.cases.filter { $0.payload == nil }.map(\.name.text)
    guard !cases.isEmpty else { return [] }
    let key = AccessibilityIdentifiers.decisionKey(
      decision.name.text, of: decision.copyOf == nil ? coordinator.name.text : nil)
    let next = SwiftExpression.call(
      .member(.identifier(context.names.runtime("FlowLaunchAnswers")), "next"),
      [
        SwiftArgument(label: "for", value: .string(key)),
        SwiftArgument(label: "among", value: .array(cases.map { .string($0) })),
      ])
    let answers = cases.map { name in
      SwiftSwitchCase(
        pattern: .string(name),
        body: [
          .expression(
            .call("answer", [.value(.implicitMember(SwiftNames.identifier(name)))]))
        ])
    }
    return [
      .conditional(
        "DEBUG",
        [
          .constant(name: "given", value: next),
          .ifAll(
            [.optionalBinding("given")],
            then: [
              .switchOver(
                .identifier("given"),
                cases: answers + [SwiftSwitchCase(pattern: .otherwise, body: [])]),
              .returnStatement,
            ]),
        ])
    ]
  }

  // MARK: Actions

  /// The steps of `steps`, each lone action alone and a sequence's elements together (r3),
  /// with the handlers nested in the last.
  private static func grouped(_ steps: NestedSteps) -> [(steps: [Step], handlers: NestedSteps)] {
    var groups: [(steps: [Step], handlers: NestedSteps)] = []
    var pending: [Step] = []
    for (step, handlers) in steps {
      pending.append(step)
      guard step.isLastElement else { continue }
      groups.append((pending, handlers))
      pending = []
    }
    return groups
  }

  /// One case of a `switch` over `trigger` (events, answers or a child's result) of `node`:
  /// the step's action, with the payload bound only when the action uses it; for a sequence
  /// (r3), its elements in order, through ``sequenceCall(_:at:after:)``.
  private mutating func switchCase(
    _ steps: [Step], handlers: NestedSteps, comments: Bool, at node: String, over trigger: String
  ) -> SwiftSwitchCase {
    guard let step = steps.first else {
      return SwiftSwitchCase(pattern: .otherwise, body: [])
    }
    let available = context.graph.payload(of: step).map {
      Payload(expression: .identifier("payload"), type: $0.type)
    }
    let used = available != nil && steps.contains { uses($0) }
    let pattern = SwiftPattern.enumCase(
      SwiftNames.identifier(step.transition.name.text), bindings: used ? ["payload"] : [])
    var body: [SwiftStatement] =
      comments ? SwiftNames.docLines(step.transition.doc).map { .comment($0) } : []
    guard steps.count > 1 else {
      body += statements(for: step, handlers: handlers, payload: used ? available : nil)
      return SwiftSwitchCase(pattern: pattern, body: body)
    }
    var elements: [SwiftExpression] = []
    for (index, element) in steps.enumerated() {
      let nested = index == steps.count - 1 ? handlers : NestedSteps([][...], depth: 0)
      let payload = used && uses(element) ? available : nil
      elements.append(
        .closure(
          SwiftClosure(
            captures: [.strong("self")], parameters: [],
            body: statements(for: element, handlers: nested, payload: payload))))
    }
    body.append(.expression(sequenceCall(elements, at: node, after: trigger)))
    return SwiftSwitchCase(pattern: pattern, body: body)
  }

  /// The one place that says how a sequence's elements run (r3, spec section 13.1): each a
  /// closure of the actions it does, handed to the runtime's `Coordinator.perform(_:at:after:)`,
  /// which runs each once the router has finished the one before and stops (telling the app)
  /// when one can no longer act. `node` names where the sequence is written, for the
  /// runtime's message (`screen Inbox`), and `trigger` is the value the `switch` is over (the
  /// event, answer, button or result): `perform([{ [self] in … }, …], at: "screen Inbox",
  /// after: String(describing: event))`.
  private func sequenceCall(
    _ elements: [SwiftExpression], at node: String, after trigger: String
  ) -> SwiftExpression {
    let described = SwiftExpression.call(
      context.names.swift("String"),
      [SwiftArgument(label: "describing", value: .identifier(trigger))])
    return .call(
      "perform",
      [
        .value(.array(elements)), SwiftArgument(label: "at", value: .string(node)),
        SwiftArgument(label: "after", value: described),
      ])
  }

  /// Whether the step's action passes on a payload it is given.
  private func uses(_ step: Step) -> Bool {
    switch step.action {
    case .push(let target), .present(let target), .replace(let target):
      return coordinator.screens[target].input != nil
    case .decide:
      return true
    case .alert(let target):
      return coordinator.alerts[target - graph.alertStart].input != nil
    case .finish(let resultCase):
      return graph.results[resultCase].payload != nil
    case .start(let child):
      return child.child.map { module.coordinators[$0].input != nil } ?? false
    case .stay:
      // A request (r3) passes its payload on; any other stay has none to pass.
      return graph.sentRequest(of: step).map { graph.requests[$0].payload != nil } ?? false
    case .pop, .popToRoot, .dismiss, .select, .unresolved:
      return false
    }
  }

  private mutating func statements(
    for step: Step, handlers: NestedSteps, payload: Payload?
  ) -> [SwiftStatement] {
    switch step.action {
    case .push(let target):
      let screen = SwiftArgument.value(make(target, with: payload))
      return [.expression(.call("push", [screen] + controls(of: target)))]
    case .present(let target):
      var arguments = [SwiftArgument.value(make(target, with: payload))]
      if case .present(_, let style) = step.written.kind, style != .sheet {
        arguments.append(SwiftArgument(label: "style", value: .implicitMember(style.rawValue)))
      }
      return [.expression(.call("present", arguments + controls(of: target)))]
    case .replace(let target):
      let screen = SwiftArgument(label: "with", value: make(target, with: payload))
      return [.expression(.call("replace", [screen] + controls(of: target)))]
    case .pop:
      return [.expression(.call("pop"))]
    case .popToRoot:
      return [.expression(.call("popToRoot"))]
    case .dismiss:
      return [.expression(.call("dismiss"))]
    case .alert(let target):
      return [.expression(show(target, with: payload))]
    case .select(let index):
      let type = SwiftExpression.member(
        of: GeneratedNames.coordinatorClass.name(for: module.coordinators[index].name.text), "self")
      return [.expression(.call("select", [.value(type)]))]
    case .stay:
      guard let request = graph.sentRequest(of: step) else { return [] }
      return [.expression(send(request: request, payload: payload))]
    case .unresolved:
      return []
    case .decide(let target):
      return [.expression(decideCall(target - graph.screenCount, with: payload))]
    case .finish(let resultCase):
      var value = SwiftExpression.implicitMember(
        SwiftNames.identifier(graph.results[resultCase].name.text))
      if let payload { value = .call(value, [.value(payload.expression)]) }
      return [.expression(.call("finish", [.value(value)]))]
    case .start(let child):
      if let show = child.start.show { return statements(showing: child, show, handlers, payload) }
      let style = SwiftExpression.implicitMember(child.style.rawValue)
      let call = SwiftCall(
        function: .identifier("start"),
        arguments: [.value(.identifier("child")), SwiftArgument(label: "style", value: style)])
      return [
        .constant(
          name: "child", value: childInit(child, payload: payload, router: .identifier("router")))
      ] + startChild(child, .identifier("child"), handlers: handlers, call: call)
    }
  }

  /// (r3) `let child = C(…, router: columnRouter(.secondary))` and `show(child, column:
  /// .secondary) { … }`: the flow's `show: C` (spec section 13.4). The runtime finds the split
  /// around the holder and the column; where there is none (the compact layout is the split's
  /// business, not the generated code's), `show` is a push-style start.
  private mutating func statements(
    showing child: ChildStep, _ show: ChildStart.Show, _ handlers: NestedSteps, _ payload: Payload?
  ) -> [SwiftStatement] {
    let column = show.column.map { SwiftExpression.implicitMember($0.word) }
    let router = SwiftExpression.call("columnRouter", column.map { [.value($0)] } ?? [])
    var arguments = [SwiftArgument.value(.identifier("child"))]
    if let column { arguments.append(SwiftArgument(label: "column", value: column)) }
    let call = SwiftCall(function: .identifier("show"), arguments: arguments)
    return [.constant(name: "child", value: childInit(child, payload: payload, router: router))]
      + startChild(child, .identifier("child"), handlers: handlers, call: call)
  }

  /// (r3) `send(request: .<r>(payload), to: onRequest)`: the flow's `request: r`, which hands
  /// the request to whoever handles C's requests (spec section 13.3).
  private func send(request: Int, payload: Payload?) -> SwiftExpression {
    var value = SwiftExpression.implicitMember(
      SwiftNames.identifier(graph.requests[request].name.text))
    if let payload { value = .call(value, [.value(payload.expression)]) }
    return .call(
      "send",
      [
        SwiftArgument(label: "request", value: value),
        SwiftArgument(label: "to", value: .identifier("onRequest")),
      ])
  }

  /// `<Child>Coordinator(input: payload, screens: screens.<child>Screens, router: router)`,
  /// or with `screens` itself for a coordinator that starts itself.
  private func childInit(
    _ child: ChildStep, payload: Payload?, router: SwiftExpression
  ) -> SwiftExpression {
    var arguments: [SwiftArgument] = []
    if let index = child.child, module.coordinators[index].input != nil, let payload {
      arguments.append(SwiftArgument(label: "input", value: payload.expression))
    }
    var screens = SwiftExpression.identifier("screens")
    if let index = child.child, children.contains(index) {
      screens = .member(screens, factoryName(index))
    }
    arguments += [
      SwiftArgument(label: "screens", value: screens),
      SwiftArgument(label: "router", value: router),
    ]
    return .call(GeneratedNames.coordinatorClass.name(for: child.start.coordinator.text), arguments)
  }

  /// `call`, followed by the handlers of the child's result as a closure when it has one;
  /// (r3) before it, for a child with requests, the handlers of its requests given to
  /// `child`'s `onRequest` (spec section 13.3).
  private mutating func startChild(
    _ child: ChildStep, _ started: SwiftExpression, handlers: NestedSteps, call: SwiftCall
  ) -> [SwiftStatement] {
    guard let index = child.child else { return [.expression(.call(call))] }
    let childGraph = context.graph.coordinators[index]
    let (results, requests) = handlers.partitioned { $0.handledRequest == nil }
    var statements: [SwiftStatement] = []
    if !childGraph.requests.isEmpty {
      let closure = handlerClosure(
        of: child, requests, over: "request", cases: childGraph.requests.count,
        handled: { $0.handledRequest })
      let handle = SwiftExpression.call(
        .identifier("requests"), [SwiftArgument(label: "of", value: started)], trailing: closure)
      statements.append(.assignment(target: .member(started, "onRequest"), value: handle))
    }
    guard module.coordinators[index].result != nil else {
      return statements + [.expression(.call(call))]
    }
    var call = call
    call.trailing = handlerClosure(
      of: child, results, over: "result", cases: childGraph.results.count,
      handled: { $0.handledCase })
    return statements + [.expression(.call(call))]
  }

  /// `{ [weak self] result in guard let self else { return }; switch result { … } }`: the
  /// handlers of `steps`, each a case of a `switch` over `trigger`, with a `default` that does
  /// nothing when `handled` leaves one of the `cases` without a handler.
  private mutating func handlerClosure(
    of child: ChildStep, _ steps: NestedSteps, over trigger: String, cases: Int,
    handled: (Step) -> Int?
  ) -> SwiftClosure {
    var covered = [Bool](repeating: false, count: cases)
    var switchCases: [SwiftSwitchCase] = []
    var usesSelf = false
    for (steps, nested) in Self.grouped(steps) {
      switchCases.append(
        switchCase(
          steps, handlers: nested, comments: true, at: "start \(child.start.coordinator.text)",
          over: trigger))
      guard let step = steps.first else { continue }
      if let handledCase = handled(step), covered.indices.contains(handledCase) {
        covered[handledCase] = true
      }
      switch step.written.kind {
      case .stay, .invalid: break
      default: usesSelf = true
      }
    }
    if covered.contains(false) {
      switchCases.append(SwiftSwitchCase(pattern: .otherwise, body: []))
    }
    var body: [SwiftStatement] = []
    if usesSelf {
      body.append(.guardStatement(.optionalBinding("self"), otherwise: [.returnStatement]))
    }
    body.append(.switchOver(.identifier(trigger), cases: switchCases))
    return SwiftClosure(
      captures: usesSelf ? [.weak("self")] : [],
      parameters: [SwiftClosureParameter(name: trigger, type: nil)], body: body)
  }
}

/// The access level of generated declarations (`--access`).
public enum AccessLevel: String, CaseIterable, Sendable {
  /// Visible in the app's module only: no modifier is written.
  case `internal`
  /// Visible to modules that import the app's: for generated code in a package of its own.
  case `public`

  /// The modifiers to write.
  var modifiers: [SwiftModifier] { self == .public ? [.public] : [] }

  /// The modifiers of a generated struct or enum, with `nonisolated` for one that is plain
  /// data (``SwiftTypeFacts/isNonisolated(_:)``). Built with `-default-isolation MainActor`
  /// (Xcode 26's default for apps), a type without it is main-actor isolated, and comparing,
  /// hashing or coding it off the main actor does not compile.
  func modifiers(nonisolated: Bool) -> [SwiftModifier] {
    nonisolated ? modifiers + [.nonisolated] : modifiers
  }
}
