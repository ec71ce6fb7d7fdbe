/// (r3) Builds `SharedScreens.swift`, the module's shared screens, decisions and alerts (spec
/// section 13.2), generated once however many coordinators show them: the `SharedScreens`
/// protocol through which the app makes each shared screen and alert and answers each shared
/// decision, with the default that hands a factory over as itself (`sharedScreens`) and the
/// defaults between a decision's two forms; a top-level `<S>Event`, `<D>Answer` and
/// `<A>Button` enum per shared screen, decision and alert; the identifiers of the shared
/// screens (`ScreenID.Shared`), and the conformance of the test factory `RecordingScreens`.
///
/// The owners' classes make and handle their copies (``CoordinatorGenerator``): each asks its
/// own factory's `sharedScreens` for the screen, and runs the shared node's actions on its own
/// router. O(the shared nodes, and the owners' steps for the payloads decisions are decided
/// with).
struct SharedScreensGenerator {
  let context: CoordinatorGenerator.Context

  /// The name that the decisions kept by the test factory, and the runtime's messages about a
  /// decision answered late, give the shared nodes' "coordinator": `Shared`.
  private static let owner = GeneratedNames.sharedScreenNamespace

  /// The paths of the files that define shared nodes, in file order, without repeats.
  var sources: [String] {
    let shared = context.module.shared
    return Set(shared.allNodes.map { shared.range(of: $0).file }).sorted()
  }

  /// The file, or `nil` when the module has no shared node.
  func file(header: String) -> SwiftFile? {
    let shared = context.module.shared
    guard !shared.isEmpty else { return nil }
    let names = context.names
    let visible = context.access.modifiers
    var declarations = NodeDeclarations(context)
    let payloads = Self.decisionPayloads(context.graph)
    let decisions = shared.decisions.enumerated().map { index, decision in
      NodeDeclarations.AskedDecision(
        decision: decision, answers: GeneratedNames.answerEnum.name(for: decision.name.text),
        payloads: payloads[index])
    }
    let alerts = shared.alerts.map { ($0, GeneratedNames.buttonEnum.name(for: $0.name.text)) }

    var requirements: [SwiftFunction] = []
    for screen in shared.screens {
      requirements.append(declarations.screenRequirement(screen, events: Self.events(of: screen)))
    }
    for decision in decisions { requirements += declarations.requirements(of: decision) }
    for (alert, buttons) in alerts {
      requirements.append(declarations.alertRequirement(alert, buttons: buttons))
    }
    let protocolName = GeneratedNames.sharedScreensProtocol.name
    let factoryType = SwiftType.existential(.named(protocolName))
    var output: [SwiftDeclaration] = [
      .protocolType(
        SwiftProtocol(
          preamble: SwiftPreamble(
            doc: [
              "What the app provides to show the shared screens, decisions and alerts, which "
                + "any coordinator shows on its own stack: each screen and alert made once, "
                + "whichever coordinator shows it."
            ], attributes: [declarations.mainActor], modifiers: visible),
          name: protocolName, properties: [], requirements: requirements))
    ]
    let own = SwiftProperty(
      preamble: SwiftPreamble(
        doc: [
          "This factory itself, for the coordinators that show shared screens: one object can "
            + "make their screens and the shared ones."
        ], modifiers: visible),
      isVariable: true, name: GeneratedNames.sharedFactory, type: factoryType,
      getter: .identifier("self"))
    output.append(
      .type(
        SwiftTypeDeclaration(
          kind: .extensionType, name: protocolName,
          members: [.property(own)]
            + declarations.decisionDefaults(decisions, owner: Self.owner))))
    for screen in shared.screens {
      output.append(
        .enumeration(
          declarations.enumeration(
            Self.events(of: screen), doc: "The events of shared screen \(screen.name.text).",
            transitions: screen.events)))
    }
    for decision in decisions {
      output.append(
        .enumeration(
          declarations.enumeration(
            decision.answers,
            doc: "The answers to shared decision \(decision.decision.name.text).",
            transitions: decision.decision.cases)))
    }
    for (alert, buttons) in alerts {
      output.append(
        .enumeration(
          declarations.enumeration(
            buttons, doc: "The buttons of shared alert \(alert.name.text).",
            transitions: alert.buttons)))
    }
    let identifiers = GeneratedNames.screenIdentifiers(shared.screens)
    let namespace = GeneratedNames.sharedScreenNamespace
    if let first = identifiers.first,
      let screenIDs = declarations.screenIdentifiers(
        namespace: namespace, screens: shared.screens, identifiers: identifiers, isShared: true,
        doc: "The shared screens, as routers record them and tests compare them, whichever "
          + "coordinator shows them: `.\(namespace).\(first)`.")
    {
      output.append(.type(screenIDs))
    }
    if let accessibility = FlowAccessibilityGenerator(context: context).sharedExtension() {
      output.append(.type(accessibility))
    }
    var recorded: [NodeDeclarations.RecordedScreen] = []
    for (screen, identifier) in zip(shared.screens, identifiers) {
      recorded.append(
        .init(
          screen: screen, events: Self.events(of: screen),
          id: .member(.implicitMember(namespace), identifier)))
    }
    let members = declarations.recordingMembers(
      screens: recorded, decisions: decisions, alerts: alerts, owner: Self.owner)
    output.append(
      .type(
        SwiftTypeDeclaration(
          preamble: SwiftPreamble(
            doc: [
              "The test factory of the shared screens, decisions and alerts, made as those of "
                + "a coordinator are. See `RecordingScreens`."
            ]),
          kind: .extensionType, name: names.runtime("RecordingScreens"),
          inherits: [.named(protocolName)], members: members)))
    return SwiftFile(
      header: header,
      imports: ["FlowRuntime"] + (declarations.usesFoundation ? ["Foundation"] : []),
      declarations: output)
  }

  /// `<S>Event`, the top-level enum of a shared screen's events.
  private static func events(of screen: Screen) -> String {
    GeneratedNames.eventEnum.name(for: screen.name.text)
  }

  /// For each shared decision, the payload types its owners decide it with (`nil`: none), in
  /// the order the owners (in module order) first do: the forms `SharedScreens` asks for. An
  /// owner decides its copy with the payload its action has, as ``CoordinatorGenerator`` does
  /// (the coordinator's input for its start).
  static func decisionPayloads(_ graph: FlowGraph) -> [[TypeExpression?]] {
    let module = graph.module
    var payloads = [[TypeExpression?]](repeating: [], count: module.shared.decisions.count)
    for (index, coordinatorGraph) in graph.coordinators.enumerated() {
      let coordinator = module.coordinators[index]
      guard coordinator.decisions.contains(where: { $0.copyOf != nil }) else { continue }
      func note(_ node: NodeID, _ payload: TypeExpression?) {
        let offset = node - coordinatorGraph.screenCount
        guard coordinator.decisions.indices.contains(offset),
          let original = coordinator.decisions[offset].copyOf,
          !payloads[original].contains(payload)
        else { return }
        payloads[original].append(payload)
      }
      if case .node(let node) = coordinatorGraph.root, !coordinatorGraph.isScreen(node),
        !coordinatorGraph.isAlert(node)
      {
        note(node, coordinator.input?.type)
      }
      let lists = [coordinatorGraph.eventSteps, coordinatorGraph.root.tabHandlerSteps]
      for steps in lists + coordinatorGraph.steps {
        for step in steps {
          guard case .decide(let target) = step.action else { continue }
          note(target, graph.payload(of: step)?.type)
        }
      }
    }
    return payloads
  }
}
