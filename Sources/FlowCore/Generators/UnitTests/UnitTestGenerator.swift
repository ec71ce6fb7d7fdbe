/// `flowc tests --kind unit`: a Swift Testing file per entry coordinator that replays each
/// path of a ``PathSet`` on FlowRuntime's `RecordingRouter` with the `RecordingScreens` stubs
/// that `flowc generate` conforms to every `<C>Screens`, and checks every router's stacks,
/// modal styles and alerts after the start and after every step; and `FlowPathSupport.swift`,
/// the helpers they share and the `FlowPathValue` protocol through which the app makes the
/// values of its external types.
///
/// Names come from the flow: type names are valid Swift identifiers by the checks (a module
/// with errors has no paths), lowerCamelCase names are escaped where they are keywords, as the
/// Swift generator does (``SwiftNames/identifier(_:)``), and every text in a string literal
/// is escaped.
package enum UnitTestGenerator {
  /// The name of the support file.
  package static let supportFile = "FlowPathSupport.swift"

  /// The files for `set`: the support file, then one per entry with paths, named
  /// `<Entry>PathTests.swift`.
  package static func files(
    for set: PathSet, graph: FlowGraph, sources: [String], importing module: String? = nil
  ) -> [GeneratedFile] {
    // A file's path can hold a line break: written as an escape, it cannot end the comment.
    let header =
      SwiftGenerator.headerPrefix + SwiftWriter.commentText(sources.joined(separator: ", "))
      + SwiftGenerator.headerSuffix
    let imported = module.map { "@testable import \($0)\n" } ?? ""
    var files = [
      GeneratedFile(name: supportFile, contents: header + "\n\n" + imported + support)
    ]
    var entries: [String] = []
    var byEntry: [String: [(Int, TestPath)]] = [:]
    for (index, path) in set.paths.enumerated() {
      if byEntry[path.entry] == nil { entries.append(path.entry) }
      byEntry[path.entry, default: []].append((index, path))
    }
    let values = ValueMaker(types: graph.types)
    for entry in entries {
      var text = header + "\n\nimport Foundation\nimport FlowRuntime\nimport Testing\n"
      text += imported + "\n"
      text +=
        "/// The paths of `flowc paths` from \(entry)'s start, replayed on a recording router.\n"
      text += "@MainActor\n@Suite struct \(entry)PathTests {\n"
      var first = true
      for (index, path) in byEntry[entry] ?? [] {
        if !first { text += "\n" }
        first = false
        text += test(path, number: index + 1, graph: graph, values: values)
      }
      text += "}\n"
      files.append(GeneratedFile(name: "\(entry)PathTests.swift", contents: text))
    }
    return files
  }

  private static func test(_ path: TestPath, number: Int, graph: FlowGraph, values: ValueMaker)
    -> String
  {
    let module = graph.module
    let entry = module.coordinators[path.entryIndex]
    var lines: [String] = []
    if let link = path.link {
      lines.append("  /// The route of link '\(comment(link.name))' (\(comment(link.url))).")
    }
    lines.append("  @Test func path\(number)() {")
    lines.append("    let root = FlowRuntime.RecordingRouter()")
    lines.append("    let screens = FlowRuntime.RecordingScreens()")
    var arguments = "screens: screens, router: root"
    if let input = entry.input { arguments = "input: \(values.value(input.type)), " + arguments }
    lines.append("    let entry = \(entry.name.text)Coordinator(\(arguments))")
    lines.append("    entry.start()")
    lines += expectations(path.start, indent: "    ", place: "the start")
    for (index, step) in path.steps.enumerated() {
      let place = step.range.map { "\($0.file):\($0.start.line):\($0.start.column)" } ?? "-"
      lines.append(
        "    // \(index + 1). \(comment(place)): \(comment(PathReport.describe(step.trigger)))")
      lines.append("    " + action(step.trigger, values: values))
      lines += expectations(step.after, indent: "    ", place: "step \(index + 1)")
    }
    lines.append("    _ = entry")
    lines.append("  }")
    return lines.joined(separator: "\n") + "\n"
  }

  private static func router(_ id: PathRouterID) -> String {
    "flowPathRouter(root, \(hops(id)))"
  }

  /// The hops to a router as an array literal of `FlowPathHop`.
  private static func hops(_ id: PathRouterID) -> String {
    let hops = id.hops.map { hop -> String in
      switch hop {
      case .tab(let index): return ".tab(\(index))"
      case .column(let column): return ".column(.\(column.word))"
      }
    }
    return "[\(hops.joined(separator: ", "))]"
  }

  private static func action(_ trigger: PathTrigger, values: ValueMaker) -> String {
    switch trigger {
    case .event(let screen, let event, let payload, let id):
      let type =
        screen.isShared
        ? "\(screen.name)Event" : "\(screen.coordinator)Coordinator.\(screen.name)Event"
      return "flowPathDid(\(router(id))?.send(\(type).\(member(event, payload, values))))"
    case .answer(let decision, let name, let payload):
      let type =
        decision.isShared
        ? "\(decision.name)Answer" : "\(decision.coordinator)Coordinator.\(decision.name)Answer"
      return "flowPathDid(screens.answer(\(type).\(member(name, payload, values))))"
    case .tap(_, let button, _, let id):
      return "flowPathDid(\(router(id))?.tap(\(literal(button))))"
    case .externalEvent(let coordinator, let event, let payload):
      return
        "flowPathDid(entry.send(\(coordinator)ExternalEvent.\(member(event, payload, values))))"
    case .back(_, let id):
      return "\(router(id))?.userPops()"
    case .swipeDown(_, let id):
      return "\(router(id))?.userDismisses()"
    case .selectTab(_, let index, _, let id):
      return "flowPathSelectTab(\(router(id)), \(index))"
    case .openLink(let link):
      return "// open link '\(comment(link.name))'"
    }
  }

  private static func member(_ name: String, _ payload: TypeReference?, _ values: ValueMaker)
    -> String
  {
    let identifier = SwiftNames.identifier(name)
    guard let payload else { return identifier }
    return "\(identifier)(\(values.value(payload.type)))"
  }

  private static func expectations(_ state: PathState, indent: String, place: String)
    -> [String]
  {
    state.routers.map { router in
      "\(indent)flowPathExpect(root, \(hops(router.id)), \(literal(description(router))), \(literal(place)))"
    }
  }

  /// A router as `flowPathDescription` in the support file describes it.
  static func description(_ router: PathRouter) -> String {
    var parts: [String] = []
    for stack in router.stacks {
      let screens = stack.screens.map { screen in
        screen.isTabContainer
          ? "\(screen.node.coordinator).tabs(\(screen.selectedTab ?? 0))"
          : "\(screen.node.isShared ? "Shared" : screen.node.coordinator).\(screen.node.name)"
      }.joined(separator: " > ")
      parts.append(stack.style.map { "\($0.rawValue): \(screens)" } ?? screens)
    }
    for alert in router.alerts { parts.append("alert: \(alert.name)") }
    return parts.joined(separator: " | ")
  }

  /// Whether `name` can be imported: a Swift identifier of ASCII letters, digits and `_`.
  package static func isModuleName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else {
      return false
    }
    return name.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || $0 == "_"
    }
  }

  // Flow text is written as the Swift generator writes it: a comment that no line break in
  // it can end, a literal that no quote in it can end.
  private static func comment(_ text: String) -> String { SwiftWriter.commentText(text) }
  private static func literal(_ text: String) -> String { SwiftWriter.stringLiteral(text) }

  private static let support = """
    import FlowRuntime
    import Testing

    // The tests call these rather than `#expect` on each line: a macro expanded for every check
    // of every step made the tests of flows/ take about a minute to compile.

    /// Expects that what a step did was taken (an event sent, an answer given, a button
    /// tapped); a failure points at the step's line.
    @MainActor
    func flowPathDid(
      _ taken: Bool?, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) {
      #expect(taken == true, comment, sourceLocation: sourceLocation)
    }

    /// Expects that the router reached from `root` along `hops` shows `expected`, as
    /// `flowPathDescription` describes it; a failure points at the step's line.
    @MainActor
    func flowPathExpect(
      _ root: FlowRuntime.RecordingRouter, _ hops: [FlowPathHop], _ expected: String,
      _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation
    ) {
      let shown = flowPathDescription(flowPathRouter(root, hops))
      #expect(shown == expected, comment, sourceLocation: sourceLocation)
    }

    /// How the generated path tests make a value of an external type (`types: { User: external }`):
    /// the app conforms each such type, in a file of its own next to the tests.
    protocol FlowPathValue {
      /// A value to send with events and answers in the path tests.
      static var flowPathValue: Self { get }
    }

    /// A step from a recording router to one it made.
    enum FlowPathHop {
      /// The tab stack at this index of the router's `tabStacks`.
      case tab(Int)
      /// The router of this later column of the router's split.
      case column(FlowRuntime.SplitColumn)
    }

    /// The router reached from `root` along `hops`, if there is one.
    @MainActor
    func flowPathRouter(
      _ root: FlowRuntime.RecordingRouter, _ hops: [FlowPathHop]
    ) -> FlowRuntime.RecordingRouter? {
      var router: FlowRuntime.RecordingRouter? = root
      for hop in hops {
        switch hop {
        case .tab(let index):
          router = router.flatMap { $0.tabStacks.indices.contains(index) ? $0.tabStacks[index] : nil }
        case .column(let column):
          router = router?.column(column)
        }
      }
      return router
    }

    /// What `router` shows: each stack's screens bottom first (`Checkout.Review > Checkout.Payment`),
    /// a modal stack after its style (`sheet: Auth.SignUp`), stacks and alerts apart by ` | `.
    @MainActor
    func flowPathDescription(_ router: FlowRuntime.RecordingRouter?) -> String {
      guard let router else { return "<no router>" }
      var parts: [String] = []
      let styles = [nil] + router.modalStyles.map { Optional($0) }
      for (stack, style) in zip(router.stacks, styles) {
        let screens = stack.map { screen -> String in
          if let stub = screen as? FlowRuntime.StubScreen { return stub.id.description }
          if let tabs = screen as? FlowRuntime.StubTabs {
            return "\\(tabs.coordinator).tabs(\\(router.selectedTab(of: tabs)))"
          }
          return String(describing: screen)
        }.joined(separator: " > ")
        parts.append(style.map { "\\($0.rawValue): \\(screens)" } ?? screens)
      }
      for alert in router.shownAlerts { parts.append("alert: \\(alert.title ?? "")") }
      return parts.joined(separator: " | ")
    }

    /// Selects tab `index` of the tab container on top of `router`, as the user does.
    @MainActor
    func flowPathSelectTab(_ router: FlowRuntime.RecordingRouter?, _ index: Int) {
      guard let router, let tabs = router.topScreen else { return }
      router.selectTab(at: index, of: tabs)
    }

    """
}

/// Swift expressions for values of the module's types, for payloads and inputs.
struct ValueMaker {
  /// The module's type names, resolved (``FlowGraph/types``).
  let types: ResolvedTypes

  func value(_ type: TypeExpression, depth: Int = 0) -> String {
    switch type {
    case .optional: return "nil"
    case .array: return "[]"
    case .dictionary: return "[:]"
    case .invalid: return "fatalError()"
    case .named(let name):
      switch name {
      case "String": return "\"x\""
      case "Int": return "0"
      case "Double": return "0"
      case "Bool": return "false"
      case "Date": return "Foundation.Date(timeIntervalSince1970: 0)"
      case "URL": return "Foundation.URL(fileURLWithPath: \"/\")"
      case "UUID": return "Foundation.UUID()"
      case "Data": return "Foundation.Data()"
      default: break
      }
      guard let declaration = types.declaration(named: name), depth < 32 else {
        return "\(name).flowPathValue"
      }
      switch declaration.kind {
      case .external: return "\(name).flowPathValue"
      case .structure(let fields):
        let arguments = fields.map { field in
          "\(SwiftNames.identifier(field.name.text)): \(value(field.type.type, depth: depth + 1))"
        }
        return "\(name)(\(arguments.joined(separator: ", ")))"
      case .enumeration(let cases):
        guard let chosen = cases.first(where: { $0.payload == nil }) ?? cases.first else {
          return "\(name).flowPathValue"
        }
        let identifier = SwiftNames.identifier(chosen.name.text)
        guard let payload = chosen.payload else { return "\(name).\(identifier)" }
        return "\(name).\(identifier)(\(value(payload.type, depth: depth + 1)))"
      default:
        return "\(name).flowPathValue"
      }
    }
  }
}
