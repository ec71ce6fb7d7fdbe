/// Builds `FlowLink.swift`, the module's deep links (spec section 12): `enum FlowLink` with a
/// case per link carrying its params as labelled values, `init?(url:)` that reads a URL
/// into the first link in file order whose pattern it matches, and `url`, which builds one
/// back; `open(_:)` on each entry coordinator, which hands FlowRuntime the link's route as
/// data (a leg per coordinator, a small value per step), and the `FlowLinkValues` protocol
/// through which the app makes the values of `values`. Reading, percent-coding, typed parsing
/// and following are FlowRuntime's (`LinkURL`, `LinkValue`, `follow`): the generated part
/// only lists patterns, params and steps. O(size of the links and their routes).
struct LinksGenerator {
  let context: CoordinatorGenerator.Context
  /// The route of each link; `nil` for a module without links.
  let routes: LinkRoutes?

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
    for entry in entries {
      opening.append(
        .type(
          SwiftTypeDeclaration(
            kind: .extensionType,
            name: GeneratedNames.coordinatorClass.name(
              for: context.module.coordinators[entry].name.text),
            members: [.function(open(links))])))
    }
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
      if case .route(let route) = outcome, !starts.contains(route.entry) {
        starts.append(route.entry)
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
  private func open(_ links: [LinkDefinition]) -> SwiftFunction {
    let module = context.module
    let hasValues = links.contains { !$0.values.isEmpty }
    var cases: [SwiftSwitchCase] = []
    for link in links {
      guard let pattern = link.url else { continue }
      let name = SwiftNames.identifier(link.name.text)
      guard let index = module.linkIndex(named: link.name.text),
        let route = routes?.route(ofLink: index)
      else {
        cases.append(
          SwiftSwitchCase(
            pattern: .enumCase(name, bindings: []),
            body: [
              .expression(
                .call(
                  "onEnd",
                  [
                    .value(
                      .call(.implicitMember("notFollowed"), [.value(.implicitMember("stopped"))]))
                  ]
                ))
            ]))
        continue
      }
      // The params and values the route's steps carry.
      var usedParams = Set<Int>()
      var usedValues: [Int] = []
      for step in route.steps {
        switch step.payload {
        case .param(let param)?: usedParams.insert(param)
        case .value(let value)? where !usedValues.contains(value): usedValues.append(value)
        default: break
        }
      }
      let usedNames = Set(usedParams.map { link.params[$0].name.text })
      var bindings = pattern.paramNames.map {
        usedNames.contains($0) ? SwiftNames.identifier($0) : "_"
      }
      if usedNames.isEmpty { bindings = [] }
      var body = build(route, of: link)
      if usedValues.isEmpty {
        body.append(
          .expression(
            .call(
              "follow",
              [
                .value(.identifier("route")),
                SwiftArgument(label: "onEnd", value: .identifier("onEnd")),
              ])))
      } else {
        body.append(.expression(.call("answer", [.value(.identifier("route"))])))
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
        body = [
          .expression(
            .call(
              "follow", [SwiftArgument(label: "onEnd", value: .identifier("onEnd"))],
              trailing: SwiftClosure(
                parameters: [SwiftClosureParameter(name: "answer", type: nil)], body: body)))
        ]
      }
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

  /// `var route = LinkRoute(...)`, then a `route.leg(...)` per coordinator the route enters
  /// and a `route.add(...)` per step.
  private func build(_ route: LinkRoute, of link: LinkDefinition) -> [SwiftStatement] {
    let module = context.module
    let graph = context.graph
    func coordinatorType(_ index: Int) -> SwiftExpression {
      .member(
        .identifier(
          GeneratedNames.coordinatorClass.name(for: module.coordinators[index].name.text)),
        "self")
    }
    func leg(_ index: Int) -> SwiftStatement {
      var arguments = [SwiftArgument.value(coordinatorType(index))]
      let coordinator = graph.coordinators[index]
      if case .node(let node) = coordinator.root, coordinator.isScreen(node) {
        arguments.append(
          SwiftArgument(
            label: "start", value: .string(module.coordinators[index].screens[node].name.text)))
      }
      return .expression(.call(.member(of: "route", "leg"), arguments))
    }
    func add(_ step: String, _ arguments: [SwiftArgument]) -> SwiftStatement {
      .expression(.call(.member(of: "route", step), arguments))
    }
    var arguments = [
      SwiftArgument(label: "link", value: .string(link.name.text)),
      SwiftArgument(label: "target", value: .string(link.target?.screen.text ?? "")),
    ]
    if !link.waits { arguments.append(SwiftArgument(label: "waits", value: .boolean(false))) }
    var statements: [SwiftStatement] = [
      .variable(name: "route", value: .call(context.names.runtime("LinkRoute"), arguments)),
      leg(route.entry),
    ]
    for step in route.steps {
      let coordinator = module.coordinators[step.coordinator]
      switch step.kind {
      case .selectTab(_, let child):
        statements.append(add("tab", [.value(coordinatorType(child))]))
        statements.append(leg(child))
        continue
      case .button(let graphStep):
        // The link answers the alert itself: see `LinkStep.alertButton` in FlowRuntime.
        guard let from = step.from,
          case .alert(let alert) = graph.coordinators[step.coordinator].node(from)
        else { continue }
        let buttonType = SwiftExpression.member(
          .identifier(GeneratedNames.coordinatorClass.name(for: coordinator.name.text)),
          GeneratedNames.buttonEnum.name(for: coordinator.alerts[alert].name.text))
        statements.append(
          add("alertButton", sent(buttonType, graphStep, step: step, link: link)))
      case .decisionCase(let graphStep):
        statements.append(
          add(
            "decision",
            [SwiftArgument(label: "to", value: arrival(graphStep, in: step.coordinator))]))
      case .event(let graphStep):
        guard let from = step.from,
          case .screen(let screen) = graph.coordinators[step.coordinator].node(from)
        else { continue }
        let eventType = SwiftExpression.member(
          .identifier(GeneratedNames.coordinatorClass.name(for: coordinator.name.text)),
          GeneratedNames.eventEnum.name(for: coordinator.screens[screen].name.text))
        statements.append(add("event", sent(eventType, graphStep, step: step, link: link)))
      }
      if case .start(let child)? = step.action, let index = child.child {
        statements.append(leg(index))
      }
    }
    return statements
  }

  /// The arguments of a route's `event` or `alertButton`: the case of `type` (the screen's
  /// event enum or the alert's button enum) with its payload from the link, where it
  /// arrives, and whether it carries a link value.
  private func sent(
    _ type: SwiftExpression, _ graphStep: Step, step: FlowCore.LinkStep, link: LinkDefinition
  ) -> [SwiftArgument] {
    var value = SwiftExpression.member(type, SwiftNames.identifier(graphStep.transition.name.text))
    switch step.payload {
    case .param(let param)?:
      value = .call(
        value, [.value(.identifier(SwiftNames.identifier(link.params[param].name.text)))])
    case .value(let index)?:
      value = .call(value, [.value(.identifier("value\(index + 1)"))])
    case nil:
      break
    }
    var arguments = [
      SwiftArgument.value(value),
      SwiftArgument(label: "to", value: arrival(graphStep, in: step.coordinator)),
    ]
    if step.payload != nil {
      arguments.append(SwiftArgument(label: "carriesLinkValue", value: .boolean(true)))
    }
    return arguments
  }

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
