/// `flowc links`: each link of a module, its URL pattern, and its route step by step with
/// where each step is written, for review (spec section 12).
///
/// Reads the routes the check found (``LinkRoutes``), building each from the shared trees as
/// it prints it; a link without a route shows the `unreachable-link` finding at its name.
/// Linear in the links and their routes (the output's size).
package enum LinkReport {
  /// The report as text: a line per link, then its route's steps, one a line, each with its
  /// place as `FILE:LINE:COLUMN`. Flow text and paths are made printable
  /// (``TerminalText``), as the other text outputs do.
  package static func text(_ resolved: ResolvedModule, findings: [Finding]) -> String {
    let module = resolved.module
    var output = ""
    if module.links.isEmpty { return "no links in the module\n" }
    let messages = unreachableMessages(findings)
    for (index, link) in module.links.enumerated() {
      let url = link.url?.text ?? "?"
      let target = link.target?.text ?? link.relative.map { "\($0.text) (relative)" } ?? "?"
      output +=
        TerminalText.lineStart(
          "\(place(link.name.range)): link '\(link.name.text)' \(url) -> \(target)") + "\n"
      if link.relative != nil {
        // (r3) A relative link has no route: it opens on whatever stack is on top.
        let line =
          if resolved.graph.links[index].shared?.target == nil || link.isBroken {
            "not checked: 'flowc check' lists the findings that keep it from being opened"
          } else {
            messages[link.name.range].map { "cannot be opened: \($0)" }
              ?? "relative: no route; pushed onto the top stack, owned by its coordinator"
          }
        output += "  " + TerminalText.printable(line) + "\n"
        continue
      }
      switch resolved.links.outcomes[index] {
      case .routed:
        guard let route = resolved.links.route(ofLink: index) else { continue }
        let entry = module.coordinators[route.entry]
        output +=
          "  " + TerminalText.printable("from '\(entry.name.text)' (\(place(entry.name.range)))")
          + "\n"
        for (number, step) in route.steps.enumerated() {
          let at = step.range(in: resolved.graph).map(place) ?? "?"
          output +=
            "  "
            + TerminalText.printable(
              "\(number + 1). \(at): \(step.summary(in: resolved.graph, link: link))") + "\n"
        }
      case .unreachable:
        let message =
          messages[link.name.range] ?? "unreachable-link is turned off or suppressed here"
        output += "  " + TerminalText.printable("no route: \(message)") + "\n"
      case .unchecked:
        output += "  not checked: 'flowc check' lists the findings that keep it from a route\n"
      }
    }
    return output
  }

  /// The report as JSON, keys sorted: `{"version":1,"links":[{"name","url","to","file",
  /// "line","column","route":{"entry","steps":[…]}|null,"problem":TEXT|null}]}`.
  package static func json(_ resolved: ResolvedModule, findings: [Finding]) -> String {
    let module = resolved.module
    var links: [JSON] = []
    let messages = unreachableMessages(findings)
    for (index, link) in module.links.enumerated() {
      var object = located(link.name.range)
      object["name"] = .string(link.name.text)
      object["url"] = link.url.map { .string($0.text) } ?? .null
      object["to"] =
        link.target.map { .string($0.text) } ?? link.relative.map { .string($0.text) } ?? .null
      object["relative"] = .bool(link.relative != nil)
      object["route"] = .null
      object["problem"] = .null
      if link.relative != nil {
        // (r3) No route: a problem only when the link cannot be opened.
        object["problem"] = messages[link.name.range].map { .string($0) } ?? .null
        links.append(.object(object))
        continue
      }
      switch resolved.links.outcomes[index] {
      case .routed:
        guard let route = resolved.links.route(ofLink: index) else { break }
        object["route"] = .object([
          "entry": .string(module.coordinators[route.entry].name.text),
          "steps": .array(route.steps.map { step(json: $0, link: link, resolved: resolved) }),
        ])
      case .unreachable:
        object["problem"] = .string(
          messages[link.name.range] ?? "unreachable-link is turned off or suppressed here")
      case .unchecked:
        object["problem"] = .string("not checked: 'flowc check' lists the findings")
      }
      links.append(.object(object))
    }
    return JSON.object(["version": .integer(1), "links": .array(links)]).pretty
  }

  private static func step(json step: LinkStep, link: LinkDefinition, resolved: ResolvedModule)
    -> JSON
  {
    let graph = resolved.graph
    var object = step.range(in: graph).map(located) ?? [:]
    object["coordinator"] = .string(graph.module.coordinators[step.coordinator].name.text)
    object["text"] = .string(step.summary(in: graph, link: link))
    switch step.kind {
    case .event(let taken), .decisionCase(let taken), .button(let taken),
      .externalEvent(let taken):
      object["kind"] = .string(kindName(step.kind))
      object["name"] = .string(taken.transition.name.text)
      object["action"] = .string(taken.written.keyword)
    case .selectTab(let tab, let child):
      object["kind"] = .string("tab")
      object["tab"] = .integer(tab)
      object["name"] = .string(graph.module.coordinators[child].name.text)
    }
    switch step.payload {
    case .param(let index)? where link.params.indices.contains(index):
      object["payload"] = .object(["param": .string(link.params[index].name.text)])
    case .value(let index)? where link.values.indices.contains(index):
      object["payload"] = .object(["value": .string(link.values[index].type.type.description)])
    default:
      object["payload"] = .null
    }
    return .object(object)
  }

  private static func located(_ range: SourceRange) -> [String: JSON] {
    [
      "file": .string(range.file), "line": .integer(range.start.line),
      "column": .integer(range.start.column),
    ]
  }

  private static func place(_ range: SourceRange) -> String {
    "\(range.file):\(range.start.line):\(range.start.column)"
  }

  /// `event`, `case`, `button`, `tab` or `externalEvent`.
  private static func kindName(_ kind: LinkStep.Kind) -> String {
    switch kind {
    case .event: return "event"
    case .decisionCase: return "case"
    case .button: return "button"
    case .selectTab: return "tab"
    case .externalEvent: return "externalEvent"
    }
  }

  /// The message of each `unreachable-link` finding, by the link name it is placed at.
  private static func unreachableMessages(_ findings: [Finding]) -> [SourceRange: String] {
    var messages: [SourceRange: String] = [:]
    for finding in findings where finding.rule == UnreachableLinkRule.id {
      messages[finding.range] = finding.message
    }
    return messages
  }
}
