/// `flowc paths`: the paths of a module as text for people or as JSON (the coverage list), each
/// step with its place and the visible stacks after it. Flow text is made printable
/// (``TerminalText``) in the text form; JSON escapes it itself.
package enum PathReport {
  /// The paths as text: a line per path, then a line per step with its place, and the stacks
  /// after it; then the summary (steps against the lower bound, what is not covered).
  package static func text(_ set: PathSet) -> String {
    var output = ""
    for (number, path) in set.paths.enumerated() {
      var head = "path \(number + 1) from '\(path.entry)'"
      if let link = path.link {
        head += " (link '\(link.name)' \(link.url), \(place(link.range)))"
      }
      output += TerminalText.lineStart(head) + "\n"
      output += "  " + TerminalText.printable("start: \(describe(path.start))") + "\n"
      for (index, step) in path.steps.enumerated() {
        let at = step.range.map(place) ?? "-"
        var line = "\(index + 1). \(at): \(describe(step.trigger))"
        let effects = step.effects.map(describe)
        if !effects.isEmpty { line += "; " + effects.joined(separator: "; ") }
        output += "  " + TerminalText.printable(line) + "\n"
        output += "     " + TerminalText.printable("after: \(describe(step.after))") + "\n"
      }
    }
    output += TerminalText.printable(summary(set)) + "\n"
    for goal in set.uncovered {
      output +=
        "  "
        + TerminalText.printable("not covered: \(place(goal.range)): \(describe(goal))") + "\n"
    }
    return output
  }

  /// The summary line: `3 paths, 41 steps for 30 transitions (lower bound 30, 1.37×); ...`.
  package static func summary(_ set: PathSet) -> String {
    let covering = set.coveringPaths.count
    let links = set.paths.count - covering
    let what = set.cover == .screens ? "screens" : "transitions"
    let covered = set.goals.count - set.uncovered.count
    var text =
      "\(covering) path\(covering == 1 ? "" : "s"), \(set.stepCount) step"
      + "\(set.stepCount == 1 ? "" : "s"); lower bound \(set.lowerBound) (every "
      + (set.cover == .screens ? "screen shown once)" : "transition taken once)")
    if set.lowerBound > 0 {
      let hundredths = (set.stepCount * 100 + set.lowerBound / 2) / set.lowerBound
      let fraction = hundredths % 100
      text += ", \(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)x"
    }
    text += "; \(covered) of \(set.goals.count) \(what) covered"
    if links > 0 { text += "; \(links) link path\(links == 1 ? "" : "s")" }
    if !set.limitsReached.isEmpty {
      text += "; stopped early: " + set.limitsReached.joined(separator: ", ")
    }
    return text
  }

  /// The paths as JSON, keys sorted: `{"version":1,"cover","paths":[…],"goals":[…],
  /// "summary":{…}}`; `goals` is the coverage list, each with the step that covers it.
  package static func json(_ set: PathSet) -> String {
    let paths: [JSON] = set.paths.map { path in
      var object: [String: JSON] = [
        "entry": .string(path.entry),
        "start": json(path.start),
        "startEffects": .array(path.startEffects.map { .string(describe($0)) }),
        "steps": .array(
          path.steps.map { step in
            var object = step.range.map(located) ?? [:]
            object["trigger"] = json(step.trigger)
            object["text"] = .string(describe(step.trigger))
            object["effects"] = .array(step.effects.map { .string(describe($0)) })
            object["covers"] = .array(step.covers.map { .integer($0) })
            object["after"] = json(step.after)
            return .object(object)
          }),
      ]
      object["link"] =
        path.link.map { link in
          var object = located(link.range)
          object["name"] = .string(link.name)
          object["url"] = .string(link.url)
          return .object(object)
        } ?? .null
      return .object(object)
    }
    let goals: [JSON] = set.goals.enumerated().map { index, goal in
      var object = located(goal.range)
      object["id"] = .integer(index)
      object["kind"] = .string(goal.kind.rawValue)
      object["coordinator"] = .string(goal.coordinator)
      object["node"] = goal.node.map { .string($0) } ?? .null
      object["name"] = .string(goal.name)
      object["child"] = goal.child.map { .string($0) } ?? .null
      object["covered"] =
        goal.coveredAt.map {
          .object(["path": .integer($0.path + 1), "step": .integer($0.step + 1)])
        } ?? .null
      return .object(object)
    }
    let summary: [String: JSON] = [
      "paths": .integer(set.coveringPaths.count),
      "linkPaths": .integer(set.paths.count - set.coveringPaths.count),
      "steps": .integer(set.stepCount),
      "lowerBound": .integer(set.lowerBound),
      "goals": .integer(set.goals.count),
      "covered": .integer(set.goals.count - set.uncovered.count),
      "limitsReached": .array(set.limitsReached.map { .string($0) }),
    ]
    return JSON.object([
      "version": .integer(1), "cover": .string(set.cover.rawValue), "paths": .array(paths),
      "goals": .array(goals), "summary": .object(summary),
    ]).pretty
  }

  // MARK: Words

  /// A trigger in words: `screen 'SignIn' of 'Auth': event 'close'`.
  package static func describe(_ trigger: PathTrigger) -> String {
    switch trigger {
    case .event(let screen, let event, let payload, _):
      return "\(describe(screen, as: "screen")): event '\(event)'\(payloadText(payload))"
    case .answer(let decision, let name, let payload):
      return "\(describe(decision, as: "decision")): answer '\(name)'\(payloadText(payload))"
    case .tap(let alert, let button, let payload, _):
      return "\(describe(alert, as: "alert")): tap '\(button)'\(payloadText(payload))"
    case .externalEvent(let coordinator, let event, let payload):
      return "'\(coordinator)': external event '\(event)'\(payloadText(payload))"
    case .back(let screen, _):
      return "\(describe(screen, as: "screen")): the user goes back"
    case .swipeDown(let screen, _):
      return "\(describe(screen, as: "screen")): the user swipes the sheet down"
    case .selectTab(let coordinator, let index, let child, _):
      return "tabs of '\(coordinator)': the user selects tab \(index + 1) ('\(child)')"
    case .openLink(let link):
      return "the app opens link '\(link.name)' \(link.url)"
    }
  }

  private static func payloadText(_ payload: TypeReference?) -> String {
    payload.map { " with a \($0.type.description)" } ?? ""
  }

  private static func describe(_ node: PathNode, as kind: String) -> String {
    node.isShared
      ? "shared \(kind) '\(node.name)' of '\(node.coordinator)'"
      : "\(kind) '\(node.name)' of '\(node.coordinator)'"
  }

  /// An effect in words: `'Auth' finishes with 'cancelled'; 'App' handles it`.
  package static func describe(_ effect: PathEffect) -> String {
    switch effect {
    case .started(let child, let parent, let style, let column):
      if let column { return "'\(parent)' shows '\(child)' in the \(column.word) column" }
      return "'\(parent)' starts '\(child)' (\(style.rawValue))"
    case .showedTabs(let coordinator): return "'\(coordinator)' shows its tabs"
    case .asked(let decision): return "\(describe(decision, as: "decision")) is asked"
    case .alertShown(let alert): return "\(describe(alert, as: "alert")) is shown"
    case .finished(let child, let result, let parent):
      return "'\(child)' finishes with '\(result)', handled by '\(parent)'"
    case .left(let child, let result, let parent):
      return "'\(child)' is left and finishes with '\(result)', handled by '\(parent)'"
    case .dropped(let child): return "'\(child)' is dropped"
    case .requested(let child, let request, let parent):
      return parent.isEmpty
        ? "'\(child)' sends request '\(request)' to the app"
        : "'\(child)' sends request '\(request)', handled by '\(parent)'"
    case .selectedTab(let coordinator, let child):
      return "'\(coordinator)' selects the tab of '\(child)'"
    case .entryFinished(let coordinator, let result):
      return "'\(coordinator)' finishes with '\(result)' (the app's)"
    }
  }

  private static func describe(_ goal: PathGoal) -> String {
    let node = goal.node.map { "'\($0)' of " } ?? ""
    switch goal.kind {
    case .screen: return "screen '\(goal.name)' of '\(goal.coordinator)'"
    case .event: return "event '\(goal.name)' of screen \(node)'\(goal.coordinator)'"
    case .decisionCase: return "case '\(goal.name)' of decision \(node)'\(goal.coordinator)'"
    case .button: return "button '\(goal.name)' of alert \(node)'\(goal.coordinator)'"
    case .externalEvent: return "external event '\(goal.name)' of '\(goal.coordinator)'"
    case .handler:
      return "handler of '\(goal.child ?? "")' result '\(goal.name)' in '\(goal.coordinator)'"
    case .requestHandler:
      return "handler of '\(goal.child ?? "")' request '\(goal.name)' in '\(goal.coordinator)'"
    case .request: return "request '\(goal.name)' sent in '\(goal.coordinator)'"
    case .show: return "show of '\(goal.name)' in '\(goal.coordinator)'"
    }
  }

  /// The visible state in words: each router that shows something, its stacks bottom first.
  package static func describe(_ state: PathState) -> String {
    var parts: [String] = []
    for router in state.routers {
      var stacks: [String] = []
      for stack in router.stacks where !stack.screens.isEmpty {
        let screens = stack.screens.map { screen in
          screen.isTabContainer
            ? "\(screen.node.coordinator).tabs(\((screen.selectedTab ?? 0) + 1))"
            : "\(screen.node.isShared ? "Shared" : screen.node.coordinator).\(screen.node.name)"
        }.joined(separator: " > ")
        stacks.append(stack.style.map { "\($0.rawValue): \(screens)" } ?? screens)
      }
      for alert in router.alerts { stacks.append("alert: \(alert.name)") }
      if !stacks.isEmpty { parts.append("\(router.id.name) [\(stacks.joined(separator: " | "))]") }
    }
    if let waiting = state.waitingDecision { parts.append("asks \(waiting.name)") }
    return parts.isEmpty ? "nothing shown" : parts.joined(separator: " ")
  }

  private static func json(_ trigger: PathTrigger) -> JSON {
    var object: [String: JSON] = [:]
    func node(_ node: PathNode) {
      object["coordinator"] = .string(node.coordinator)
      object["node"] = .string(node.name)
      object["shared"] = .bool(node.isShared)
    }
    switch trigger {
    case .event(let screen, let event, let payload, let router):
      object["kind"] = .string("event")
      node(screen)
      object["name"] = .string(event)
      object["payload"] = payload.map { .string($0.type.description) } ?? .null
      object["router"] = .string(router.name)
    case .answer(let decision, let name, let payload):
      object["kind"] = .string("answer")
      node(decision)
      object["name"] = .string(name)
      object["payload"] = payload.map { .string($0.type.description) } ?? .null
    case .tap(let alert, let button, let payload, let router):
      object["kind"] = .string("tap")
      node(alert)
      object["name"] = .string(button)
      object["payload"] = payload.map { .string($0.type.description) } ?? .null
      object["router"] = .string(router.name)
    case .externalEvent(let coordinator, let event, let payload):
      object["kind"] = .string("externalEvent")
      object["coordinator"] = .string(coordinator)
      object["name"] = .string(event)
      object["payload"] = payload.map { .string($0.type.description) } ?? .null
    case .back(let screen, let router):
      object["kind"] = .string("back")
      node(screen)
      object["router"] = .string(router.name)
    case .swipeDown(let screen, let router):
      object["kind"] = .string("swipe")
      node(screen)
      object["router"] = .string(router.name)
    case .selectTab(let coordinator, let index, let child, let router):
      object["kind"] = .string("selectTab")
      object["coordinator"] = .string(coordinator)
      object["tab"] = .integer(index)
      object["name"] = .string(child)
      object["router"] = .string(router.name)
    case .openLink(let link):
      object["kind"] = .string("openLink")
      object["name"] = .string(link.name)
    }
    return .object(object)
  }

  private static func json(_ state: PathState) -> JSON {
    .object([
      "routers": .array(
        state.routers.map { router in
          .object([
            "router": .string(router.id.name),
            "stacks": .array(
              router.stacks.map { stack in
                .object([
                  "style": stack.style.map { .string($0.rawValue) } ?? .null,
                  "screens": .array(
                    stack.screens.map { screen in
                      .string(
                        screen.isTabContainer
                          ? "\(screen.node.coordinator).tabs"
                          : "\(screen.node.isShared ? "Shared" : screen.node.coordinator).\(screen.node.name)"
                      )
                    }),
                ])
              }),
            "alerts": .array(router.alerts.map { .string($0.name) }),
          ])
        }),
      "waiting": state.waitingDecision.map { .string("\($0.coordinator).\($0.name)") } ?? .null,
      "running": .array(state.running.map { .string($0.coordinator) }),
    ])
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
}
