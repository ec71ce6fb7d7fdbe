/// A path (``TestPath``) as a UI test drives the app through it: the launch arguments that
/// answer its decisions, then what to tap, swipe and wait for, each by the accessibility
/// identifiers of ``AccessibilityIdentifiers``. What the XCUITest and Maestro writers
/// (``XCUITestWriter``, ``MaestroWriter``) share, so that both take the same steps.
package struct UITestScript: Sendable, Equatable {
  /// One thing the test does.
  package enum Action: Sendable, Equatable {
    /// Wait for the screen with this identifier to appear.
    case expectScreen(String)
    /// Tap the element with this identifier (a control that sends an event, an alert button).
    case tap(String)
    /// The navigation bar's back button.
    case back
    /// A swipe down on the sheet whose top screen has this identifier.
    case swipeDown(String)
    /// The tab at `index` (0 the first) of a tab bar of `count` tabs.
    case selectTab(index: Int, count: Int)
    /// Something a UI test cannot do (the app sends an external event, opens a link): the
    /// test stops here, saying why.
    case stop(String)
  }

  /// One step: a comment that says what it is, and its actions.
  package struct Step: Sendable, Equatable {
    /// `Step 2: SignIn sends submitted (flows/auth.flow.yaml:12:9)`: what the flow says
    /// happens, with control characters replaced (it goes into comments).
    package var comment: String
    package var actions: [Action]

    package init(comment: String, actions: [Action]) {
      self.comment = comment
      self.actions = actions
    }
  }

  /// The entry coordinator the path starts.
  package var entry: String
  /// The test's name among the entry's: `path1`, `path2`, … for covering paths (numbered
  /// per entry), `link` + the link's name (`linkProduct`) for a deep link's path.
  package var name: String
  /// What the path is, for the test's documentation.
  package var summary: String
  /// The launch arguments, in order: `-flowc-answer <key>=<case>` for each decision the
  /// path answers.
  package var arguments: [String]
  /// The flow files the path's steps are written in, in order of first use.
  package var sources: [String]
  /// The steps; the first is the launch (its screen).
  package var steps: [Step]

  package init(
    entry: String, name: String, summary: String, arguments: [String], sources: [String],
    steps: [Step]
  ) {
    self.entry = entry
    self.name = name
    self.summary = summary
    self.arguments = arguments
    self.sources = sources
    self.steps = steps
  }

  /// The scripts of `paths` of `module`, in order: each entry's covering paths, then the
  /// links' paths. `displayPath` maps a flow file's path to the one comments name.
  package static func scripts(
    for paths: PathSet, of module: FlowModule, displayPath: (String) -> String = { $0 }
  ) -> [UITestScript] {
    // The number of tabs of each tab coordinator, by its definition's name (the first one).
    var tabCounts: [String: Int] = [:]
    for coordinator in module.coordinators where !coordinator.tabs.isEmpty {
      tabCounts[coordinator.name.text] = tabCounts[coordinator.name.text] ?? coordinator.tabs.count
    }
    var counts: [String: Int] = [:]
    return paths.paths.map { path in
      let name: String
      if let link = path.link {
        name = "link" + upperFirst(link.name)
      } else {
        counts[path.entry, default: 0] += 1
        name = "path\(counts[path.entry, default: 0])"
      }
      return script(path, name: name, tabCounts: tabCounts, displayPath: displayPath)
    }
  }

  private static func script(
    _ path: TestPath, name: String, tabCounts: [String: Int],
    displayPath: (String) -> String
  ) -> UITestScript {
    var arguments: [String] = []
    var sources: [String] = []
    func place(_ range: SourceRange?) -> String {
      guard let range else { return "" }
      let file = displayPath(range.file)
      if !sources.contains(file) { sources.append(file) }
      return " (\(file):\(range.start.line):\(range.start.column))"
    }
    var steps = [
      Step(
        comment: "Launch: \(path.entry) starts", actions: expectations(path.start))
    ]
    for (index, step) in path.steps.enumerated() {
      var actions: [Action] = []
      let what: String
      switch step.trigger {
      case .event(let screen, let event, _, _):
        what = "\(screen.name) sends \(event)"
        actions.append(
          .tap(AccessibilityIdentifiers.event(event, onScreen: identifier(of: screen))))
      case .answer(let decision, let answer, let payload):
        arguments += AccessibilityIdentifiers.answerArguments(
          decision.name, of: decision.isShared ? nil : decision.coordinator, with: answer)
        what =
          payload == nil
          ? "\(decision.name) is answered \(answer) (the launch argument)"
          : "\(decision.name) is answered \(answer): a case with a payload, which the app "
            + "makes from the launch argument itself"
      case .tap(let alert, let button, _, _):
        what = "\(alert.name)'s button \(button) is tapped"
        actions.append(
          .tap(
            AccessibilityIdentifiers.button(
              button, ofAlert: alert.name, of: alert.isShared ? nil : alert.coordinator)))
      case .externalEvent(let coordinator, let event, _):
        what = "the app sends \(coordinator)'s external event \(event)"
        actions.append(.stop("a UI test cannot send an external event (\(coordinator).\(event))"))
      case .back(let screen, _):
        what = "the user goes back from \(screen.name)"
        actions.append(.back)
      case .swipeDown(let screen, _):
        what = "the user swipes \(screen.name)'s sheet down"
        actions.append(.swipeDown(identifier(of: screen)))
      case .selectTab(let coordinator, let tab, let child, _):
        what = "the user selects tab \(tab + 1) of \(coordinator) (\(child))"
        let count = tabCounts[coordinator] ?? 0
        actions.append(.selectTab(index: tab, count: max(count, tab + 1)))
      case .openLink(let link):
        what = "the app opens link \(link.name)"
        actions.append(.stop("a UI test opens no link with values it does not know (\(link.url))"))
      }
      if !actions.contains(where: { if case .stop = $0 { true } else { false } }) {
        actions += expectations(step.after)
      }
      steps.append(
        Step(
          comment: commentSafe("Step \(index + 1): \(what)\(place(step.range))"), actions: actions))
      if case .stop = actions.last { break }
    }
    let covering = path.link.map { "the route of link \($0.name) (\($0.url))" } ?? "a covering path"
    return UITestScript(
      entry: path.entry, name: name,
      summary: commentSafe("\(covering) of \(path.entry), \(path.steps.count) steps"),
      arguments: arguments, sources: sources, steps: steps)
  }

  /// Waiting for the screen the user sees in `state`, if it has an identifier.
  private static func expectations(_ state: PathState) -> [Action] {
    visibleScreen(state).map { [.expectScreen(identifier(of: $0))] } ?? []
  }

  /// The screen on top of what the user sees: the root router's top screen, or through a
  /// tab container the selected tab's, or the top of a split's later column that shows one;
  /// `nil` for a tab container without its tab's router.
  static func visibleScreen(_ state: PathState) -> PathNode? {
    var router = state.router(.root)
    var visited = 0
    while let current = router, visited <= state.routers.count {
      visited += 1
      let columns = [SplitColumn.secondary, .supplementary].compactMap { column in
        state.router(PathRouterID(current.id.hops + [.column(column)]))
      }
      if let column = columns.first(where: { $0.top != nil }), current.stacks.count <= 1 {
        router = column
        continue
      }
      guard let top = current.top else { return nil }
      guard top.isTabContainer else { return top.node }
      router = state.router(PathRouterID(current.id.hops + [.tab(top.selectedTab ?? 0)]))
    }
    return nil
  }

  /// The accessibility identifier of a screen a step names.
  static func identifier(of screen: PathNode) -> String {
    AccessibilityIdentifiers.screen(screen.name, of: screen.isShared ? nil : screen.coordinator)
  }

  /// `text` with every control character and line separator (a line break in a file name)
  /// replaced by `?`: what goes into a comment of the generated Swift or YAML, which a line
  /// break would end.
  static func commentSafe(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map {
          $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028
            || $0.value == 0x2029 ? "?" : $0
        }))
  }

  private static func upperFirst(_ name: String) -> String {
    name.prefix(1).uppercased() + name.dropFirst()
  }
}
