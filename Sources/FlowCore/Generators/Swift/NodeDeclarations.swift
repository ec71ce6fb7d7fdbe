/// The declarations that screens, decisions and alerts are generated as, alike for a
/// coordinator's own nodes (``CoordinatorGenerator``) and for the shared ones
/// (``SharedScreensGenerator``, r3): the enum of a node's events, answers or buttons, the
/// requirements through which the app makes a screen or an alert and answers a decision, the
/// defaults between a decision's two forms, and the test factory's `RecordingScreens` members.
///
/// The enums' spelling is the caller's: nested in `<C>Coordinator` for a coordinator's own
/// node (`AccountCoordinator.ProfileEvent`), at the top level for a shared one
/// (`ProfileEvent`).
struct NodeDeclarations {
  let names: SwiftNames
  private let facts: SwiftTypeFacts
  private let access: AccessLevel
  /// `any Presentable`, what the app's screens are.
  let presentable: SwiftType
  /// `@MainActor`.
  let mainActor: SwiftAttribute
  /// Whether a declaration made so far spells a Foundation type.
  private(set) var usesFoundation = false

  init(_ context: CoordinatorGenerator.Context) {
    names = context.names
    facts = context.facts
    access = context.access
    presentable = .existential(.named(context.names.runtime("Presentable")))
    mainActor = SwiftAttribute(name: context.names.swift("MainActor"))
  }

  private var visible: [SwiftModifier] { access.modifiers }

  /// The Swift type of `type`, noting whether it is Foundation's.
  mutating func spell(_ type: TypeExpression) -> SwiftType {
    if !usesFoundation, type.names.contains(where: SwiftNames.foundationTypes.contains) {
      usesFoundation = true
    }
    return names.type(type)
  }

  /// The modifiers of a generated enum whose payloads are `payloads`: see
  /// ``SwiftTypeFacts/isNonisolated(payloads:)``.
  func valueType(payloads: [TypeExpression]) -> [SwiftModifier] {
    access.modifiers(nonisolated: facts.isNonisolated(payloads: payloads))
  }

  /// The enum `name` with a case per transition, each with its payload and doc.
  mutating func enumeration(
    _ name: String, doc: String, transitions: [Transition]
  ) -> SwiftEnum {
    SwiftEnum(
      preamble: SwiftPreamble(
        doc: [doc], modifiers: valueType(payloads: transitions.compactMap { $0.payload?.type })),
      name: name,
      inherits: facts.conformances(
        payloads: transitions.compactMap { $0.payload?.type }, names: names),
      cases: transitions.map { item in
        SwiftEnumCase(
          doc: SwiftNames.docLines(item.doc), name: SwiftNames.identifier(item.name.text),
          payload: item.payload.map { spell($0.type) })
      })
  }

  // MARK: Requirements

  /// A requirement of a protocol: `name(_ input: Input, callback: @escaping @MainActor
  /// (Event) -> Void)`, through which the app makes a screen or decides; `callbackType` is
  /// the event, answer or button enum as the protocol spells it.
  mutating func requirement(
    _ name: String, doc: String?, input: TypeExpression?, inputName: String, callback: String,
    callbackType: String, returns: SwiftType?
  ) -> SwiftFunction {
    var parameters: [SwiftParameter] = []
    if let input {
      parameters.append(SwiftParameter(label: "_", name: inputName, type: spell(input)))
    }
    let send = SwiftType.function(
      attributes: [.escaping, mainActor], parameters: [.named(callbackType)],
      returns: .named(names.swift("Void")))
    parameters.append(SwiftParameter(name: callback, type: send))
    return SwiftFunction(
      preamble: SwiftPreamble(doc: SwiftNames.docLines(doc)), name: name,
      parameters: parameters, returns: returns)
  }

  /// `make<Screen>(_ input:send:)`, whose events are `events`.
  mutating func screenRequirement(_ screen: Screen, events: String) -> SwiftFunction {
    requirement(
      "make\(screen.name.text)", doc: screen.doc, input: screen.input?.type,
      inputName: "input", callback: "send", callbackType: events, returns: presentable)
  }

  /// `decide<Decision>(_ payload:answer:)`, the callback form, which the coordinator calls;
  /// its answers are `answers`.
  mutating func decisionRequirement(
    _ decision: Decision, payload: TypeExpression?, answers: String
  ) -> SwiftFunction {
    requirement(
      "decide\(decision.name.text)", doc: decision.doc, input: payload, inputName: "payload",
      callback: "answer", callbackType: answers, returns: nil)
  }

  /// `decide<Decision>(_ payload:) async -> <answers>`, the `async` form.
  mutating func asyncDecisionRequirement(
    _ decision: Decision, payload: TypeExpression?, answers: String
  ) -> SwiftFunction {
    SwiftFunction(
      preamble: SwiftPreamble(doc: SwiftNames.docLines(decision.doc)),
      name: "decide\(decision.name.text)",
      parameters: payload.map { [SwiftParameter(label: "_", name: "payload", type: spell($0))] }
        ?? [],
      isAsync: true, returns: .named(answers))
  }

  /// `make<Alert>(_ input:tap:) -> FlowAlert`, whose buttons are `buttons`.
  mutating func alertRequirement(_ alert: Alert, buttons: String) -> SwiftFunction {
    requirement(
      "make\(alert.name.text)", doc: alert.doc, input: alert.input?.type, inputName: "input",
      callback: "tap", callbackType: buttons, returns: .named(names.runtime("FlowAlert")))
  }

  /// A decision as the protocol asks for it: the decision, its answer enum as spelled there,
  /// and the payload types it is decided with (`nil`: none), in order.
  struct AskedDecision {
    var decision: Decision
    var answers: String
    var payloads: [TypeExpression?]
  }

  /// The requirements of each decision: for each payload it is decided with, the callback
  /// form and, for a decision with cases, the `async` form.
  mutating func requirements(of decision: AskedDecision) -> [SwiftFunction] {
    var requirements: [SwiftFunction] = []
    for payload in decision.payloads {
      requirements.append(
        decisionRequirement(decision.decision, payload: payload, answers: decision.answers))
      // A decision without cases has no answer to return: only the callback form.
      if !decision.decision.cases.isEmpty {
        requirements.append(
          asyncDecisionRequirement(
            decision.decision, payload: payload, answers: decision.answers))
      }
    }
    return requirements
  }

  /// A default for each form of each decision that calls the other form, so that the app
  /// writes one, for an extension of the protocol; `owner` names the coordinator (or
  /// `Shared`) in the runtime's messages. A decision without cases has only the callback
  /// form, and no default: its `async` form could never return.
  mutating func decisionDefaults(
    _ decisions: [AskedDecision], owner: String
  ) -> [SwiftDeclaration] {
    var members: [SwiftDeclaration] = []
    let asyncDecision = names.runtime("AsyncDecision")
    for asked in decisions where !asked.decision.cases.isEmpty {
      let decision = asked.decision
      let decisionName = decision.name.text
      let names: [SwiftArgument] = [
        SwiftArgument(label: "decision", value: .string(decisionName)),
        SwiftArgument(label: "of", value: .string(owner)),
      ]
      for payload in asked.payloads {
        let arguments: [SwiftArgument] = payload == nil ? [] : [.value(.identifier("payload"))]
        var callback = decisionRequirement(decision, payload: payload, answers: asked.answers)
        callback.preamble = SwiftPreamble(
          doc: [
            "Answers \(decisionName) with the `async` form, in a task that the coordinator "
              + "owns and cancels when the navigation leaves or the coordinator ends: what runs "
              + "when the app writes only that form."
          ], modifiers: visible)
        let awaited = SwiftExpression.await(
          .call(.member(of: "self", "decide\(decisionName)"), arguments))
        callback.body = [
          .expression(
            .call(
              .member(.identifier(asyncDecision), "answer"),
              [.value(.identifier("answer"))] + names,
              trailing: SwiftClosure(parameters: [], body: [.expression(awaited)])))
        ]
        var async = asyncDecisionRequirement(decision, payload: payload, answers: asked.answers)
        async.preamble = SwiftPreamble(
          doc: [
            "Answers \(decisionName) with the callback form: what runs when the app writes "
              + "only that form."
          ], modifiers: visible)
        let ask = SwiftExpression.call(
          "decide\(decisionName)",
          arguments + [SwiftArgument(label: "answer", value: .identifier("answer"))])
        async.body = [
          .returnValue(
            .await(
              .call(
                .member(.identifier(asyncDecision), "value"), names,
                trailing: SwiftClosure(
                  parameters: [SwiftClosureParameter(name: "answer", type: nil)],
                  body: [.expression(ask)]))))
        ]
        members += [.function(callback), .function(async)]
      }
    }
    return members
  }

  // MARK: Identifiers and the test factory

  /// `extension ScreenID { enum <namespace> { static let review = ScreenID("Review", of:
  /// "<namespace>", accessibilityIdentifier: "<namespace>.Review") } }`: the identifiers of
  /// `screens` (each named by `identifiers`), which routers record and tests compare
  /// (`.Checkout.review`), documented by `doc`, each with the accessibility identifier that
  /// routers set on the screen, as ``AccessibilityIdentifiers`` spells it (a shared screen's,
  /// `isShared`, is its name alone). `nil` without screens.
  func screenIdentifiers(
    namespace: String, screens: [Screen], identifiers: [String], isShared: Bool = false,
    doc: String
  ) -> SwiftTypeDeclaration? {
    guard !screens.isEmpty else { return nil }
    let type = names.screenID
    var members: [SwiftDeclaration] = []
    for (screen, identifier) in zip(screens, identifiers) {
      members.append(
        .property(
          SwiftProperty(
            preamble: SwiftPreamble(modifiers: visible + [.static]), isVariable: false,
            name: identifier, type: nil,
            initialValue: .call(
              .identifier(type),
              [
                .value(.string(screen.name.text)),
                SwiftArgument(label: "of", value: .string(namespace)),
                SwiftArgument(
                  label: "accessibilityIdentifier",
                  value: .string(
                    AccessibilityIdentifiers.screen(
                      screen.name.text, of: isShared ? nil : namespace))),
              ]))))
    }
    let enclosing = SwiftTypeDeclaration(
      preamble: SwiftPreamble(doc: [doc], modifiers: visible + [.nonisolated]),
      kind: .namespace, name: namespace, members: members)
    return SwiftTypeDeclaration(
      kind: .extensionType, name: names.runtime("ScreenID"), members: [.type(enclosing)])
  }

  /// A screen as the test factory makes it: the screen, its event enum as the protocol spells
  /// it, and its identifier.
  struct RecordedScreen {
    var screen: Screen
    var events: String
    var id: SwiftExpression
  }

  /// The members of an extension of `RecordingScreens` that make `screens` as stubs that keep
  /// their `send`, keep `decisions` until a test answers them, and make `alerts` (each with
  /// its button enum as the protocol spells it) with a button for each of the flow's buttons
  /// without a payload; `owner` names the coordinator (or `Shared`) in the decisions kept.
  mutating func recordingMembers(
    screens: [RecordedScreen], decisions: [AskedDecision],
    alerts: [(alert: Alert, buttons: String)], owner: String
  ) -> [SwiftDeclaration] {
    var members: [SwiftDeclaration] = []
    let visible = self.visible
    func add(_ requirement: SwiftFunction, _ body: SwiftExpression) {
      var function = requirement
      function.preamble = SwiftPreamble(modifiers: visible)
      function.body = [.expression(body)]
      members.append(.function(function))
    }
    func input(_ type: TypeReference?) -> [SwiftArgument] {
      type == nil ? [] : [SwiftArgument(label: "input", value: .identifier("input"))]
    }
    for item in screens {
      add(
        screenRequirement(item.screen, events: item.events),
        .call(
          "screen",
          [.value(item.id)] + input(item.screen.input)
            + [SwiftArgument(label: "send", value: .identifier("send"))]))
    }
    for asked in decisions {
      for payload in asked.payloads {
        var arguments: [SwiftArgument] = [
          .value(.string(asked.decision.name.text)),
          SwiftArgument(label: "of", value: .string(owner)),
        ]
        if payload != nil {
          arguments.append(SwiftArgument(label: "payload", value: .identifier("payload")))
        }
        arguments.append(SwiftArgument(label: "answer", value: .identifier("answer")))
        add(
          decisionRequirement(asked.decision, payload: payload, answers: asked.answers),
          .call("decision", arguments))
      }
    }
    for (alert, buttonEnum) in alerts {
      let buttons = alert.buttons.filter { $0.payload == nil }.map {
        SwiftExpression.implicitMember(SwiftNames.identifier($0.name.text))
      }
      add(
        alertRequirement(alert, buttons: buttonEnum),
        .call(
          "alert",
          [.value(.string(alert.name.text))] + input(alert.input)
            + [
              SwiftArgument(label: "buttons", value: .array(buttons)),
              SwiftArgument(label: "tap", value: .identifier("tap")),
            ]))
    }
    return members
  }
}
