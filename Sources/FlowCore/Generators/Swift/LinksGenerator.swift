/// Builds `FlowLink.swift`, the module's deep links (spec section 12): `enum FlowLink` with a
/// case per link carrying its params as labelled values, `init?(url:)` that reads a URL
/// into the first link in file order whose pattern it matches, and `url`, which builds one
/// back; `open(_:)` on each entry coordinator, which hands FlowRuntime the link's route as
/// data (a leg per coordinator, a small value per step), and the `FlowLinkValues` protocol
/// through which the app makes the values of `values`. Reading, percent-coding, typed parsing
/// and following are FlowRuntime's (`LinkURL`, `LinkValue`, `follow`): the generated part
/// only lists patterns, params and steps. A route of at most ``explicitRouteLimit`` steps is
/// written out in its link's case; the steps of longer ones are shared
/// (``SharedRouteSteps``), so the file is O(size of the links and the module), however long
/// the routes.
struct LinksGenerator {
  let context: CoordinatorGenerator.Context
  /// The route of each link; `nil` for a module without links.
  let routes: LinkRoutes?
  /// The longest route written out step by step in its link's case; a longer one calls the
  /// steps that links share. Routes of real apps are a handful of steps, and read best in
  /// full; a chain of screens with a link to each would be quadratic written out.
  var explicitRouteLimit = Self.explicitRouteLimit

  /// The default ``explicitRouteLimit``.
  static let explicitRouteLimit = 16

  /// The links to generate: those that could be read whole, in file order.
  private var links: [LinkDefinition] {
    context.module.links.filter { !$0.isBroken && $0.url != nil }
  }

  /// The paths of the files that define the links, in order, without repeats.
  var sources: [String] {
    var paths: [String] = []
    for link in links where paths.last != link.range.file { paths.append(link.range.file) }
    return paths
  }

  /// The file, or `nil` when the module has no link.
  func file(header: String) -> SwiftFile? {
    let links = self.links
    guard !links.isEmpty else { return nil }
    let names = context.names
    let visible = context.access.modifiers
    var cases: [SwiftEnumCase] = []
    var readers: [SwiftStatement] = []
    var writers: [SwiftSwitchCase] = []
    for link in links {
      guard let pattern = link.url else { continue }
      let name = SwiftNames.identifier(link.name.text)
      let params = pattern.paramNames.map { param in
        (name: param, type: link.param(named: param)?.type.type ?? .invalid)
      }
      cases.append(
        SwiftEnumCase(
          doc: Self.doc(link.doc, pattern: pattern), name: name,
          labelled: params.map { param in
            let identifier = SwiftNames.identifier(param.name)
            return SwiftParameter(label: identifier, name: identifier, type: names.type(param.type))
          }))
      readers.append(reader(name, pattern: pattern, params: params))
      writers.append(writer(name, pattern: pattern, params: params))
    }
    let url = SwiftType.named(names.swift("URL"))
    let initializer = SwiftFunction(
      preamble: SwiftPreamble(
        doc: [
          "The link that `url` opens: the first in file order whose pattern it matches. `nil`",
          "when none matches, a param is missing or a value does not parse. The scheme is not",
          "matched; for a scheme other than `http` and `https`, the host is the first segment.",
        ], modifiers: visible + [.nonisolated]),
      name: SwiftFunction.failableInitializer,
      parameters: [SwiftParameter(label: "url", name: "url", type: url)],
      body: [
        .guardStatement(
          .binding("link", .call(names.runtime("LinkURL"), [.value(.identifier("url"))])),
          otherwise: [.returnValue(.nilLiteral)])
      ] + readers + [.returnValue(.nilLiteral)])
    let property = SwiftProperty(
      preamble: SwiftPreamble(
        doc: [
          "The link's URL, which ``init(url:)`` reads back: its path and query items,",
          "percent-encoded, without a scheme or host (resolve it against the app's own).",
        ], modifiers: visible + [.nonisolated]),
      isVariable: true, name: "url", type: url, getter: nil,
      getterBody: [.switchOver(.identifier("self"), cases: writers)])
    var opening: [SwiftDeclaration] = []
    if let protocolDeclaration = valuesProtocol(links) {
      opening.append(.protocolType(protocolDeclaration))
    }
    let shared = sharedSteps(links)
    for entry in entries {
      opening.append(
        .type(
          SwiftTypeDeclaration(
            kind: .extensionType,
            name: GeneratedNames.coordinatorClass.name(
              for: context.module.coordinators[entry].name.text),
            members: [.function(open(links, shared: shared))])))
    }
    if let shared, let routes { opening.append(.function(sharedFunction(shared, routes: routes))) }
    return SwiftFile(
      header: header, imports: ["FlowRuntime", "Foundation"],
      declarations: [
        .enumeration(
          SwiftEnum(
            preamble: SwiftPreamble(
              doc: [
                "The deep links of the flow (FLOW-SPEC section 12): one case per link, with its",
                "params. Give one to `open(_:)` on the entry coordinator to take the app there.",
              ], modifiers: context.access.modifiers(nonisolated: true)),
            name: GeneratedNames.linkEnum.name, inherits: [.named("Hashable"), .named("Sendable")],
            cases: cases)),
        .type(
          SwiftTypeDeclaration(
            kind: .extensionType, name: GeneratedNames.linkEnum.name,
            members: [.function(initializer), .property(property)])),
      ] + opening)
  }

  // MARK: Opening

  /// The coordinators that get `open(_:)`: the entries, or with none, those routes start at.
  private var entries: [Int] {
    let module = context.module
    let marked = module.coordinators.indices.filter { module.coordinators[$0].isEntry }
    guard marked.isEmpty else { return marked }
    var starts: [Int] = []
    for outcome in routes?.outcomes ?? [] {
      if case .routed(let entry, _) = outcome, !starts.contains(entry) {
        starts.append(entry)
      }
    }
    return starts.sorted()
  }

  /// The name of the requirement that makes a value of `type`.
  private func valueMaker(_ type: TypeExpression) -> String {
    "make" + type.names.joined()
  }

  /// `FlowLinkValues`: a `make<Type>(for:answer:)` per type that some link's `values` makes;
  /// `nil` when no link has `values`.
  private func valuesProtocol(_ links: [LinkDefinition]) -> SwiftProtocol? {
    var made: [(TypeExpression, [String])] = []
    for link in links {
      for value in link.values {
        let params = value.params.map(\.text).joined(separator: ", ")
        let use = "`\(link.name.text)`, from \(params)"
        if let index = made.firstIndex(where: { valueMaker($0.0) == valueMaker(value.type.type) }) {
          made[index].1.append(use)
        } else {
          made.append((value.type.type, [use]))
        }
      }
    }
    guard !made.isEmpty else { return nil }
    let names = context.names
    let requirements = made.map { type, uses in
      SwiftFunction(
        preamble: SwiftPreamble(
          doc: ["Makes the value a link needs from its params, answered possibly later; `nil`"]
            + ["stops the link. For " + uses.joined(separator: "; ") + "."]),
        name: valueMaker(type),
        parameters: [
          SwiftParameter(label: "for", name: "link", type: .named(GeneratedNames.linkEnum.name)),
          SwiftParameter(
            label: "answer", name: "answer",
            type: .function(
              attributes: [.escaping, SwiftAttribute(name: "MainActor")],
              parameters: [.optional(names.type(type))], returns: .named("Void"))),
        ], body: nil)
    }
    return SwiftProtocol(
      preamble: SwiftPreamble(
        doc: [
          "What the app makes for links whose route needs a value that no param is (their",
          "`values`): `open(_:values:)` asks it when it follows such a link.",
        ], attributes: [SwiftAttribute(name: "MainActor")], modifiers: context.access.modifiers),
      name: GeneratedNames.linkValuesProtocol.name, requirements: requirements)
  }

  /// `open(_:onEnd:)`: a case per link that builds its route and hands it to `follow`.
  private func open(_ links: [LinkDefinition], shared: SharedRouteSteps?) -> SwiftFunction {
    let module = context.module
    let hasValues = links.contains { !$0.values.isEmpty }
    var cases: [SwiftSwitchCase] = []
    for link in links {
      guard let pattern = link.url else { continue }
      let name = SwiftNames.identifier(link.name.text)
      if link.relative != nil {
        cases.append(relativeCase(link, name: name, pattern: pattern))
        continue
      }
      guard let index = module.linkIndex(named: link.name.text), let routes,
        case .routed(let entry, _) = routes.outcomes[index]
      else {
        cases.append(
          SwiftSwitchCase(
            pattern: .enumCase(name, bindings: []),
            body: [.expression(.call("onEnd", [.value(Self.stopped)]))]))
        continue
      }
      // A long route calls the shared steps; a short one is built here, step by step.
      let call = shared?.calls[index]
      let route = call == nil ? routes.route(ofLink: index) : nil
      // The params and values the route's steps carry.
      let payloads = Payloads(link)
      var carried = route?.steps.compactMap(\.payload) ?? []
      if let call, let shared {
        carried = call.slots.compactMap { payloads.source(of: shared.slots[$0]).source }
      }
      var usedParams = Set<Int>()
      var usedValues: [Int] = []
      for source in carried {
        switch source {
        case .param(let param): usedParams.insert(param)
        case .value(let value) where !usedValues.contains(value): usedValues.append(value)
        default: break
        }
      }
      let usedNames = Set(usedParams.map { link.params[$0].name.text })
      var bindings = pattern.paramNames.map {
        usedNames.contains($0) ? SwiftNames.identifier($0) : "_"
      }
      if usedNames.isEmpty { bindings = [] }
      var body: [SwiftStatement] = []
      let made: SwiftExpression
      if let call, let shared {
        let built = sharedCall(call, of: link, entry: entry, slots: shared.slots)
        if usedValues.isEmpty {
          body = [
            .guardStatement(
              .binding("route", built),
              otherwise: [.returnValue(.call("onEnd", [.value(Self.stopped)]))])
          ]
          made = .identifier("route")
        } else {
          made = built
        }
      } else {
        if let route { body = build(route, of: link) }
        made = .identifier("route")
      }
      body = following(made, after: body, values: usedValues, of: link)
      cases.append(SwiftSwitchCase(pattern: .enumCase(name, bindings: bindings), body: body))
    }
    var parameters = [
      SwiftParameter(label: "_", name: "link", type: .named(GeneratedNames.linkEnum.name))
    ]
    if hasValues {
      parameters.append(
        SwiftParameter(
          label: "values", name: "values",
          type: .existential(.named(GeneratedNames.linkValuesProtocol.name))))
    }
    parameters.append(
      SwiftParameter(
        label: "onEnd", name: "onEnd",
        type: .function(
          attributes: [.escaping, SwiftAttribute(name: "MainActor")],
          parameters: [.named(context.names.runtime("LinkOutcome"))], returns: .named("Void")),
        defaultValue: .closure(
          SwiftClosure(parameters: [SwiftClosureParameter(name: "_", type: nil)]))))
    return SwiftFunction(
      preamble: SwiftPreamble(
        doc: [
          "Takes the app to `link`'s screen from wherever it is (FLOW-SPEC section 12): keeps the",
          "part of the navigation that matches the start of the link's route, ends what is above",
          "it and goes the rest of the way without animation. At a decision answered another way",
          "the link waits until the navigation comes back to its route (unless it says",
          "`waits: false`); a new link replaces a waiting one. `onEnd` is told how it ended.",
        ], modifiers: context.access.modifiers),
      name: "open", parameters: parameters,
      body: [.switchOver(.identifier("link"), cases: cases)])
  }

  /// `body`, which builds the route `made`, then `follow(made, onEnd: onEnd)`; for a link whose
  /// route carries `values` (indices of the link's), the app is asked for each first, and
  /// `follow(onEnd:) { answer in … }` is given the route once they are made.
  private func following(
    _ made: SwiftExpression, after body: [SwiftStatement], values usedValues: [Int],
    of link: LinkDefinition
  ) -> [SwiftStatement] {
    var body = body
    guard !usedValues.isEmpty else {
      body.append(
        .expression(
          .call(
            "follow",
            [
              .value(made),
              SwiftArgument(label: "onEnd", value: .identifier("onEnd")),
            ])))
      return body
    }
    body.append(.expression(.call("answer", [.value(made)])))
    for value in usedValues.reversed() {
      let variable = "value\(value + 1)"
      body = [
        .expression(
          .call(
            .member(of: "values", valueMaker(link.values[value].type.type)),
            [SwiftArgument(label: "for", value: .identifier("link"))],
            trailing: SwiftClosure(
              parameters: [SwiftClosureParameter(name: variable, type: nil)],
              body: [
                .guardStatement(
                  .optionalBinding(variable),
                  otherwise: [.returnValue(.call("answer", [.value(.nilLiteral)]))])
              ] + body)))
      ]
    }
    return [
      .expression(
        .call(
          "follow", [SwiftArgument(label: "onEnd", value: .identifier("onEnd"))],
          trailing: SwiftClosure(
            parameters: [SwiftClosureParameter(name: "answer", type: nil)], body: body)))
    ]
  }

  // MARK: Relative links (r3)

  /// The shared screens (indices of the module's) that relative links open (spec section
  /// 13.6), each once: every coordinator with a copy of one (``FlowModule`` gives one to
  /// every coordinator that shows a screen) gets `push<Screen>(_:)` for it.
  static func relativeTargets(of graph: FlowGraph) -> Set<Int> {
    var targets = Set<Int>()
    for (index, link) in graph.module.links.enumerated()
    where link.relative != nil && !link.isBroken {
      if case .resolved(let screen)? = graph.links[index].shared { targets.insert(screen) }
    }
    return targets
  }

  /// The case of a relative link (spec section 13.6): `follow` is given a
  /// `LinkRoute(link:relative:)` whose closure has the coordinator that owns the top stack
  /// push the shared screen, with the input the link's params (or `values`) give, through the
  /// `push<Screen>(_:)` of each coordinator that can own it (those with a copy of it), in
  /// module order. O(those coordinators).
  private func relativeCase(
    _ link: LinkDefinition, name: String, pattern: URLPattern
  ) -> SwiftSwitchCase {
    let module = context.module
    let stop = SwiftSwitchCase(
      pattern: .enumCase(name, bindings: []),
      body: [.expression(.call("onEnd", [.value(Self.stopped)]))])
    guard let index = module.linkIndex(named: link.name.text),
      case .resolved(let target)? = context.graph.links[index].shared
    else { return stop }
    let screen = module.shared.screens[target]
    var arguments: [SwiftArgument] = []
    var bindings: [String] = []
    var usedValues: [Int] = []
    if let input = screen.input?.type {
      switch Payloads(link).source(of: input).source {
      case .param(let param)?:
        let used = link.params[param].name.text
        arguments = [.value(.identifier(SwiftNames.identifier(used)))]
        bindings = pattern.paramNames.map { $0 == used ? SwiftNames.identifier($0) : "_" }
      case .value(let value)?:
        arguments = [.value(.identifier("value\(value + 1)"))]
        usedValues = [value]
      default:
        return stop
      }
    }
    var tries: [SwiftStatement] = []
    for coordinator in module.coordinators
    where coordinator.screens.contains(where: { $0.copyOf == target }) {
      let owner = GeneratedNames.coordinatorClass.name(for: coordinator.name.text)
      tries.append(
        .ifAll(
          [.binding("owner", .conditionalCast(.identifier("owner"), .named(owner)))],
          then: [
            .expression(.call(.member(of: "owner", "push" + screen.name.text), arguments)),
            .returnValue(.boolean(true)),
          ]))
    }
    let route = SwiftExpression.call(
      context.names.runtime("LinkRoute"),
      [
        SwiftArgument(label: "link", value: .string(link.name.text)),
        SwiftArgument(label: "relative", value: .string(screen.name.text)),
      ],
      trailing: SwiftClosure(
        parameters: [SwiftClosureParameter(name: "owner", type: nil)],
        body: tries + [.returnValue(.boolean(false))]))
    return SwiftSwitchCase(
      pattern: .enumCase(name, bindings: bindings),
      body: following(
        .identifier("route"), after: [.constant(name: "route", value: route)],
        values: usedValues, of: link))
  }

  /// `var route = LinkRoute(...)`, then a `route.leg(...)` per coordinator the route enters
  /// and a `route.add(...)` per step.
  private func build(_ route: LinkRoute, of link: LinkDefinition) -> [SwiftStatement] {
    var statements: [SwiftStatement] = [
      .variable(name: "route", value: newRoute(of: link)), leg(route.entry),
    ]
    for step in route.steps {
      var payload: SwiftExpression?
      switch step.payload {
      case .param(let param)?:
        payload = .identifier(SwiftNames.identifier(link.params[param].name.text))
      case .value(let index)?:
        payload = .identifier("value\(index + 1)")
      case nil:
        break
      }
      statements += add(step, payload: payload)
    }
    return statements
  }

  /// `LinkRoute(link: "name", target: "Screen")`, with `waits: false` where the link says so.
  private func newRoute(of link: LinkDefinition) -> SwiftExpression {
    var arguments = [
      SwiftArgument(label: "link", value: .string(link.name.text)),
      SwiftArgument(label: "target", value: .string(link.target?.screen.text ?? "")),
    ]
    if !link.waits { arguments.append(SwiftArgument(label: "waits", value: .boolean(false))) }
    return .call(context.names.runtime("LinkRoute"), arguments)
  }

  /// `Name.self` of coordinator `index`'s generated class.
  private func coordinatorType(_ index: Int) -> SwiftExpression {
    .member(
      .identifier(
        GeneratedNames.coordinatorClass.name(for: context.module.coordinators[index].name.text)),
      "self")
  }

  /// `route.leg(...)`: the leg of coordinator `index`, with its start screen if it starts at
  /// one.
  private func leg(_ index: Int) -> SwiftStatement {
    var arguments = [SwiftArgument.value(coordinatorType(index))]
    if let start = startScreen(of: index) {
      arguments.append(SwiftArgument(label: "start", value: .string(start)))
    }
    return .expression(.call(.member(of: "route", "leg"), arguments))
  }

  /// The name of the screen coordinator `index` starts at; `nil` when it starts at a
  /// decision or shows tabs.
  private func startScreen(of index: Int) -> String? {
    let coordinator = context.graph.coordinators[index]
    guard case .node(let node) = coordinator.root, coordinator.isScreen(node) else { return nil }
    return context.module.coordinators[index].screens[node].name.text
  }

  /// The statements that add `step` to `route` (and the leg of the child it enters), its
  /// payload, if it carries one, being `payload`.
  private func add(_ step: FlowCore.LinkStep, payload: SwiftExpression?) -> [SwiftStatement] {
    let module = context.module
    let graph = context.graph
    func add(_ step: String, _ arguments: [SwiftArgument]) -> SwiftStatement {
      .expression(.call(.member(of: "route", step), arguments))
    }
    var statements: [SwiftStatement] = []
    let coordinator = module.coordinators[step.coordinator]
    switch step.kind {
    case .selectTab(_, let child):
      return [add("tab", [.value(coordinatorType(child))]), leg(child)]
    case .button(let graphStep):
      // The link answers the alert itself: see `LinkStep.alertButton` in FlowRuntime.
      guard let from = step.from,
        case .alert(let alert) = graph.coordinators[step.coordinator].node(from)
      else { return [] }
      let buttonType = nodeEnum(
        GeneratedNames.buttonEnum.name(for: coordinator.alerts[alert].name.text),
        of: coordinator, isCopy: coordinator.alerts[alert].copyOf != nil)
      statements.append(
        add("alertButton", sent(buttonType, graphStep, payload: payload, in: step.coordinator)))
    case .decisionCase(let graphStep):
      statements.append(
        add(
          "decision",
          [SwiftArgument(label: "to", value: arrival(graphStep, in: step.coordinator))]))
    case .event(let graphStep):
      guard let from = step.from,
        case .screen(let screen) = graph.coordinators[step.coordinator].node(from)
      else { return [] }
      let eventType = nodeEnum(
        GeneratedNames.eventEnum.name(for: coordinator.screens[screen].name.text),
        of: coordinator, isCopy: coordinator.screens[screen].copyOf != nil)
      statements.append(
        add("event", sent(eventType, graphStep, payload: payload, in: step.coordinator)))
    case .externalEvent(let graphStep):
      // Sent through the coordinator's generated `send(_:)`, which reaches the leg's
      // coordinator: `route.externalEvent(to: ...) { coordinator in coordinator.send(...) }`.
      let eventType = SwiftExpression.identifier(
        GeneratedNames.externalEventEnum.name(for: coordinator.name.text))
      var arguments = sent(eventType, graphStep, payload: payload, in: step.coordinator)
      let event = arguments.removeFirst().value
      statements.append(
        .expression(
          .call(
            .member(of: "route", "externalEvent"), arguments,
            trailing: SwiftClosure(
              parameters: [SwiftClosureParameter(name: "coordinator", type: nil)],
              body: [
                .expression(.call(.member(of: "coordinator", "send"), [.value(event)]))
              ]))))
    }
    if case .start(let child)? = step.action, let index = child.child {
      statements.append(leg(index))
    }
    return statements
  }

  /// `<C>Coordinator.<enumName>`, the enum of a node of `coordinator`; the top-level
  /// `<enumName>` for its copy of a shared node (r3, spec section 13.2).
  private func nodeEnum(
    _ enumName: String, of coordinator: Coordinator, isCopy: Bool
  ) -> SwiftExpression {
    guard !isCopy else { return .identifier(enumName) }
    return .member(
      .identifier(GeneratedNames.coordinatorClass.name(for: coordinator.name.text)), enumName)
  }

  /// The arguments of a route's `event` or `alertButton`: the case of `type` (the screen's
  /// event enum, the alert's button enum or the coordinator's external event enum) with its
  /// payload `payload`, if any, where it arrives, and whether it carries a link value.
  private func sent(
    _ type: SwiftExpression, _ graphStep: Step, payload: SwiftExpression?, in coordinator: Int
  ) -> [SwiftArgument] {
    var value = SwiftExpression.member(type, SwiftNames.identifier(graphStep.transition.name.text))
    if let payload { value = .call(value, [.value(payload)]) }
    var arguments = [
      SwiftArgument.value(value),
      SwiftArgument(label: "to", value: arrival(graphStep, in: coordinator)),
    ]
    if payload != nil {
      arguments.append(SwiftArgument(label: "carriesLinkValue", value: .boolean(true)))
    }
    return arguments
  }

  // MARK: Shared steps

  /// The steps that the links whose routes are longer than ``explicitRouteLimit`` share;
  /// `nil` when there is none.
  private func sharedSteps(_ links: [LinkDefinition]) -> SharedRouteSteps? {
    guard let routes else { return nil }
    let module = context.module
    var long: [Int] = []
    for link in links {
      guard let index = module.linkIndex(named: link.name.text),
        case .routed(_, let length) = routes.outcomes[index], length > explicitRouteLimit
      else { continue }
      long.append(index)
    }
    guard !long.isEmpty else { return nil }
    return SharedRouteSteps(routes: routes, linkIndices: long)
  }

  /// The name of the shared steps' parameter for the payloads of type number `slot`.
  private static func payloadParameter(_ slot: Int) -> String { "payload\(slot + 1)" }

  /// `flowLinkRoute(LinkRoute(...), entry: E.self, start: "S", steps: [0...5, 9...9],
  /// payload1: id)`: the route of `link`, which starts at coordinator `entry`, from the
  /// shared steps.
  private func sharedCall(
    _ call: SharedRouteSteps.Call, of link: LinkDefinition, entry: Int, slots: [TypeExpression]
  ) -> SwiftExpression {
    var arguments: [SwiftArgument] = [
      .value(newRoute(of: link)),
      SwiftArgument(label: "entry", value: coordinatorType(entry)),
    ]
    if let start = startScreen(of: entry) {
      arguments.append(SwiftArgument(label: "start", value: .string(start)))
    }
    arguments.append(
      SwiftArgument(
        label: "steps",
        value: .array(call.ranges.map { .closedRange($0.lowerBound, $0.upperBound) })))
    let payloads = Payloads(link)
    for slot in call.slots {
      switch payloads.source(of: slots[slot]).source {
      case .param(let param)?:
        arguments.append(
          SwiftArgument(
            label: Self.payloadParameter(slot),
            value: .identifier(SwiftNames.identifier(link.params[param].name.text))))
      case .value(let index)?:
        arguments.append(
          SwiftArgument(
            label: Self.payloadParameter(slot), value: .identifier("value\(index + 1)")))
      case nil:
        break
      }
    }
    return .call(.identifier(SharedRouteSteps.functionName), arguments)
  }

  /// `flowLinkRoute(_:entry:start:steps:payload1:…)`: a `switch` over the shared steps'
  /// numbers, each case adding its step to the route.
  private func sharedFunction(_ shared: SharedRouteSteps, routes: LinkRoutes) -> SwiftFunction {
    let names = context.names
    var cases: [SwiftSwitchCase] = []
    for (number, step) in shared.steps.enumerated() {
      guard let (taken, _) = routes.step(ofEdge: step.edge) else { continue }
      var body: [SwiftStatement] = []
      var payload: SwiftExpression?
      if let slot = step.slot {
        let parameter = Self.payloadParameter(slot)
        body.append(
          .guardStatement(.optionalBinding(parameter), otherwise: [.returnValue(.nilLiteral)]))
        payload = .identifier(parameter)
      }
      body += add(taken, payload: payload)
      cases.append(SwiftSwitchCase(pattern: .integer(number), body: body))
    }
    cases.append(SwiftSwitchCase(pattern: .otherwise, body: [.returnValue(.nilLiteral)]))
    let route = SwiftType.named(names.runtime("LinkRoute"))
    var parameters = [
      SwiftParameter(label: "_", name: "route", type: route),
      SwiftParameter(
        label: "entry", name: "entry",
        type: .named(names.runtime("Coordinator") + ".Type")),
      SwiftParameter(
        label: "start", name: "start", type: .optional(.named(names.swift("String"))),
        defaultValue: .nilLiteral),
      SwiftParameter(
        label: "steps", name: "ranges",
        type: .array(.named(names.swift("ClosedRange"), arguments: [.named(names.swift("Int"))]))),
    ]
    for (slot, type) in shared.slots.enumerated() {
      parameters.append(
        SwiftParameter(
          label: Self.payloadParameter(slot), name: Self.payloadParameter(slot),
          type: .optional(names.type(type)), defaultValue: .nilLiteral))
    }
    return SwiftFunction(
      preamble: SwiftPreamble(
        doc: [
          "The route of a link whose route is long (FLOW-SPEC section 12): `route` with a leg",
          "in its entry coordinator `entry`, then the steps numbered `ranges`, in order. Links",
          "share these steps, so that a route is a few ranges of numbers instead of a statement",
          "per step. A step's payload is the parameter for its type; `nil` when one is missing.",
        ], attributes: [SwiftAttribute(name: "MainActor")], modifiers: [.private]),
      name: SharedRouteSteps.functionName, parameters: parameters, returns: .optional(route),
      body: [
        .variable(name: "route", value: .identifier("route")),
        .expression(
          .call(
            .member(of: "route", "leg"),
            [
              .value(.identifier("entry")),
              SwiftArgument(label: "start", value: .identifier("start")),
            ])),
        .forIn(
          "range", in: .identifier("ranges"),
          body: [
            .forIn(
              "step", in: .identifier("range"),
              body: [.switchOver(.identifier("step"), cases: cases)])
          ]),
        .returnValue(.identifier("route")),
      ])
  }

  /// `.notFollowed(.stopped)`.
  private static let stopped = SwiftExpression.call(
    .implicitMember("notFollowed"), [.value(.implicitMember("stopped"))])

  /// Where `step` arrives: the screen it shows and how (`.screen("Terms", shown:
  /// .present(.fullScreen))`), the child it starts, or `.asking` for a decision or an alert.
  private func arrival(_ step: Step, in coordinator: Int) -> SwiftExpression {
    let graph = context.graph.coordinators[coordinator]
    let screens = context.module.coordinators[coordinator].screens
    switch step.action {
    case .push(let node), .present(let node), .replace(let node):
      guard case .screen(let screen) = graph.node(node) else { return .implicitMember("asking") }
      var arguments = [SwiftArgument.value(.string(screens[screen].name.text))]
      // How it is shown, which a screen already shown must match to be kept (a push, the
      // runtime's default, is not written).
      switch step.action {
      case .present:
        var style = "sheet"
        if case .present(_, let written) = step.written.kind { style = written.rawValue }
        arguments.append(
          SwiftArgument(
            label: "shown",
            value: .call(.implicitMember("present"), [.value(.implicitMember(style))])))
      case .replace:
        arguments.append(SwiftArgument(label: "shown", value: .implicitMember("replace")))
      default:
        break
      }
      return .call(.implicitMember("screen"), arguments)
    case .start(let child):
      guard let index = child.child else { return .implicitMember("asking") }
      return .call(
        .implicitMember("child"),
        [
          .value(
            .member(
              .identifier(
                GeneratedNames.coordinatorClass.name(
                  for: context.module.coordinators[index].name.text)), "self"))
        ])
    default:
      return .implicitMember("asking")
    }
  }

  /// A case's doc: the link's `doc`, then its pattern.
  private static func doc(_ doc: String?, pattern: URLPattern) -> [String] {
    let lines = SwiftNames.docLines(doc)
    return (lines.isEmpty ? [] : lines + [""]) + ["`\(pattern.text)`"]
  }

  /// `if let match = link.match([...], query: [...]), let id = ..., ... { self = ...; return }`.
  private func reader(
    _ name: String, pattern: URLPattern, params: [(name: String, type: TypeExpression)]
  ) -> SwiftStatement {
    let names = context.names
    let segments = pattern.segments.map { segment -> SwiftExpression in
      switch segment {
      case .literal(let text): return .string(text)
      case .param: return .nilLiteral
      }
    }
    var arguments: [SwiftArgument] = [.value(.array(segments))]
    if !pattern.query.isEmpty {
      arguments.append(
        SwiftArgument(label: "query", value: .array(pattern.query.map { .string($0.key) })))
    }
    let match = SwiftExpression.call(.member(of: "link", "match"), arguments)
    var conditions: [SwiftCondition] = [
      params.isEmpty ? .expression(.isNotNil(match)) : .binding("match", match)
    ]
    var values: [SwiftArgument] = []
    for (index, param) in params.enumerated() {
      let identifier = SwiftNames.identifier(param.name)
      let read: String
      let type: TypeExpression
      if case .optional(let wrapped) = param.type {
        read = "optionalValue"
        type = wrapped
      } else {
        read = "value"
        type = param.type
      }
      conditions.append(
        .binding(
          identifier,
          .call(
            .member(of: "match", read),
            [.value(.member(.type(names.type(type)), "self")), .value(.integer(index))])))
      values.append(SwiftArgument(label: identifier, value: .identifier(identifier)))
    }
    let made: SwiftExpression =
      values.isEmpty ? .implicitMember(name) : .call(.implicitMember(name), values)
    return .ifAll(
      conditions, then: [.assignment(target: .identifier("self"), value: made), .returnStatement])
  }

  /// `case .name(let a, let b): return LinkURL.url(path: [...], query: [...])`.
  private func writer(
    _ name: String, pattern: URLPattern, params: [(name: String, type: TypeExpression)]
  ) -> SwiftSwitchCase {
    let optional = Set(
      params.filter { if case .optional = $0.type { true } else { false } }.map(\.name))
    func text(_ param: String) -> SwiftExpression {
      let value = SwiftExpression.identifier(SwiftNames.identifier(param))
      return .member(optional.contains(param) ? .optionalChain(value) : value, "linkText")
    }
    let path = pattern.segments.map { segment -> SwiftExpression in
      switch segment {
      case .literal(let literal): return .string(literal)
      case .param(let param): return text(param)
      }
    }
    var arguments = [SwiftArgument(label: "path", value: .array(path))]
    if !pattern.query.isEmpty {
      arguments.append(
        SwiftArgument(label: "query", value: .array(pattern.query.map { .string($0.key) })))
      arguments.append(
        SwiftArgument(label: "values", value: .array(pattern.query.map { text($0.param) })))
    }
    return SwiftSwitchCase(
      pattern: .enumCase(name, bindings: params.map { SwiftNames.identifier($0.name) }),
      body: [
        .returnValue(.call(.member(of: context.names.runtime("LinkURL"), "url"), arguments))
      ])
  }
}
