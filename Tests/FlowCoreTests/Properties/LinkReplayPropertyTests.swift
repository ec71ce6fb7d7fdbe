import FlowCore
import Foundation
import TestSupport
import Testing

/// On random modules with random links (spec section 12), whose coordinators' external events
/// may push and present screens (13.6) and whose events may run sequences (13.1), every link
/// the check accepts is reached by its *generated* route. The links of
/// ``LinkRoutePropertyTests`` that have a route (with as many more like them, and one to the
/// first screen of each tab, each screen an external event, a sequence or a decision's case
/// shows), with their
/// module's generated Swift and a driver (``LinkReplayDriver``), become one module per seed,
/// compiled by `swiftc` against the FlowRuntime of this test run's build, and one executable
/// that links them all and replays them. Each link is opened from a URL (so `FlowLink(url:)` parses it) on the entry
/// coordinator running on a `RecordingRouter`, from a cold start and after another link (the
/// user then on the last tab of each tab container), with every decision answered the way
/// the route goes (at once, or later).
///
/// Each opening must end `followed`, once, with the link's screen on top and the screens
/// shown (the stacks of the router, then of the selected tab of a tab container on top)
/// exactly those that the route's steps show, the tab that the route selects selected, no
/// alert left shown, and the URL read back into the same link; and nothing the link does
/// until the first answer held back is animated (what a decision answered later shows is the
/// app's own navigation, animated as usual). What each must show is worked out here from
/// the check's route (``LinkRoutes``), never written down.
///
/// CI replays the first 10 seeds that have a link with a route (about 40 s on a loaded
/// machine, mostly `swiftc`); `make props` more, with `FLOWC_PROPS_REPLAY_COUNT`. A
/// failure prints the seed, its YAML and the replay's line;
/// `FLOWC_PROPS_SEED=<seed> FLOWC_PROPS_REPLAY_COUNT=1 swift test --filter
/// LinkReplayPropertyTests` replays it.
@Suite(.notUnderSanitizers) struct LinkReplayPropertyTests {
  static let count =
    Int(ProcessInfo.processInfo.environment["FLOWC_PROPS_REPLAY_COUNT"] ?? "") ?? 10
  /// Whether the seeds are CI's, which go through every kind of step.
  static let isCIRange =
    ProcessInfo.processInfo.environment["FLOWC_PROPS_REPLAY_COUNT"] == nil
    && ProcessInfo.processInfo.environment["FLOWC_PROPS_SEED"] == nil

  @Test func generatedRoutesReachTheirScreensOnARecordingRouter() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("flowc-link-replay-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    // The first `count` seeds from the first one that have a link with a route: a module
    // costs a few seconds of `swift build`, a seed without links nothing.
    var modules: [UInt64: ReplayedModule] = [:]
    var seeds = PropertyTests.firstSeed..<PropertyTests.firstSeed
    while modules.count < Self.count && seeds.count < 20 * Self.count {
      let seed = seeds.upperBound
      seeds = seeds.lowerBound..<(seed + 1)
      guard let module = try ReplayedModule(seed: seed) else { continue }
      modules[seed] = module
      for file in module.files {
        try write(
          file.contents, to: directory.appendingPathComponent("Sources/R\(seed)/\(file.name)"))
      }
    }
    let replayed = modules.keys.sorted()
    // Both ways of writing a route are replayed: step by step, and the steps links share.
    let shares = modules.values.map { module in
      module.files.contains { $0.contents.contains("flowLinkRoute(") }
    }
    #expect(shares.contains(true) && shares.contains(false), "\(shares)")
    let links = modules.values.map(\.expectations.count).reduce(0, +)
    try #require(modules.count == Self.count, "only \(modules.count) modules to replay in \(seeds)")
    let passes = modules.values.flatMap(\.expectations).flatMap(\.passes)
    let summary = Dictionary(passes.map { ($0, 1) }, uniquingKeysWith: +).sorted { $0.key < $1.key }
      .map { "\($0.value) through \($0.key)" }
    print(
      "replaying \(links) links of seeds \(seeds.lowerBound)..<\(seeds.upperBound): "
        + summary.joined(separator: ", "))
    if Self.isCIRange {
      // CI's seeds go through every kind of step, or the property says little there.
      let kinds: Set = [
        "button", "child", "decision", "external event", "modal", "param", "sequence", "tab",
        "tab after the first", "value",
      ]
      #expect(kinds.isSubset(of: passes), "the routes replayed go through \(Set(passes))")
    }
    try write(main(replayed), to: directory.appendingPathComponent("Sources/Replay/main.swift"))

    let build = try buildReplay(replayed, in: directory)
    guard build.status == 0 else {
      let failing = replayed.filter { build.output.contains("/Sources/R\($0)/") }
      let yaml = failing.map { "seed \($0):\n\(modules[$0]?.yaml ?? "")" }
      Issue.record(
        Comment(
          rawValue: "the replay of seeds \(failing) does not compile\n"
            + "\(yaml.joined(separator: "\n"))\n\(build.output)"))
      return
    }
    let lines = try run(
      directory.appendingPathComponent("Replay").path, seeds: replayed, in: directory,
      modules: modules)
    for seed in replayed {
      guard let module = modules[seed] else { continue }
      check(lines.filter { $0.seed == seed }, of: module)
    }
  }

  /// Runs the replay executable on `seeds` and reads its lines. A seed whose replay crashes
  /// is reported, and the seeds after it run again without it.
  private func run(
    _ executable: String, seeds: [UInt64], in directory: URL, modules: [UInt64: ReplayedModule]
  ) throws -> [LinkReplayLine] {
    var remaining = seeds
    var lines: [LinkReplayLine] = []
    while !remaining.isEmpty {
      let run = try runProcess(
        [executable] + remaining.map(String.init), in: directory, timeout: 120)
      var current: UInt64?
      for text in run.output.split(separator: "\n") {
        if text.hasPrefix("seed "), let seed = UInt64(text.dropFirst(5)) {
          current = seed
        } else if text.hasPrefix("{"),
          let line = try? JSONDecoder().decode(LinkReplayLine.self, from: Data(text.utf8))
        {
          lines.append(line)
        }
      }
      guard run.status != 0 else { break }
      guard let crashed = current, let index = remaining.firstIndex(of: crashed) else {
        Issue.record("the replay failed before any seed:\n\(run.output)")
        break
      }
      Issue.record(
        Comment(
          rawValue: "the replay of seed \(crashed) ended with status \(run.status):\n"
            + "\(run.output.suffix(3000))\n\(modules[crashed]?.yaml ?? "")"))
      remaining = Array(remaining[(index + 1)...])
    }
    return lines
  }

  /// Compares each line of a seed with what the check's routes say; reports the first
  /// line that differs, with the module's YAML.
  private func check(_ lines: [LinkReplayLine], of module: ReplayedModule) {
    for expected in module.expectations {
      for after in [nil, expected.warmAfter] {
        let found = lines.filter { $0.link == expected.link && $0.after == after }
        let problems: [String]
        if found.count != 1 {
          problems = ["\(found.count) lines for this opening"]
        } else {
          problems = expected.problems(with: found[0])
        }
        guard problems.isEmpty else {
          let line = found.first.map(\.json) ?? "none"
          Issue.record(
            Comment(
              rawValue: "seed \(module.seed), link \(expected.link)"
                + (after.map { " opened after \($0)" } ?? " from a cold start") + ": "
                + problems.joined(separator: "; ") + "\nreplay: \(line)\nexpected stack: "
                + "\(expected.stack)\n\(module.yaml)"))
          return
        }
      }
    }
  }

  /// Compiles each seed's module with `swiftc` against the FlowRuntime that this test run's
  /// build made (``builtModules``; its objects beside them), then the executable that links
  /// them all: no SwiftPM package to resolve, and FlowRuntime is not built again. The first
  /// failing step's status and output, or the last one's.
  private func buildReplay(_ seeds: [UInt64], in directory: URL) throws -> (
    status: Int32, output: String
  ) {
    let objects = directory.appendingPathComponent("objects")
    try FileManager.default.createDirectory(at: objects, withIntermediateDirectories: true)
    let swift6 = ["swiftc", "-swift-version", "6", "-I", builtModules.path, "-I", objects.path]
    for seed in seeds {
      let compile = try runProcess(
        swift6 + [
          "-parse-as-library", "-module-name", "R\(seed)", "-wmo", "-Onone",
          "-emit-module-path", objects.appendingPathComponent("R\(seed).swiftmodule").path,
          "-c", "-o", objects.appendingPathComponent("R\(seed).o").path,
        ] + (try swiftFiles(in: directory.appendingPathComponent("Sources/R\(seed)"))),
        in: directory)
      guard compile.status == 0 else { return compile }
    }
    let runtime = builtModules.deletingLastPathComponent()
      .appendingPathComponent("FlowRuntime.build")
    let runtimeObjects = try FileManager.default.contentsOfDirectory(atPath: runtime.path)
      .filter { $0.hasSuffix(".o") }.sorted().map { runtime.appendingPathComponent($0).path }
    return try runProcess(
      swift6 + ["-module-name", "Replay", "-o", directory.appendingPathComponent("Replay").path]
        + (try swiftFiles(in: directory.appendingPathComponent("Sources/Replay")))
        + seeds.map { objects.appendingPathComponent("R\($0).o").path } + runtimeObjects,
      in: directory)
  }

  /// The executable: replays the seeds named on its command line, each after a line
  /// `seed <n>`, so that a crash names its seed.
  private func main(_ seeds: [UInt64]) -> String {
    let imports = seeds.map { "import R\($0)\n" }.joined()
    let runs = seeds.map { seed in
      """
      if only.isEmpty || only.contains("\(seed)") {
        FileHandle.standardOutput.write(Data("seed \(seed)\\n".utf8))
        R\(seed).replay()
      }

      """
    }
    return "import Foundation\n\(imports)\nlet only = Set(CommandLine.arguments.dropFirst())\n"
      + runs.joined()
  }
}

/// One line the replay prints: how opening one link ended.
struct LinkReplayLine: Codable {
  var seed: UInt64
  var link: String
  /// The link opened before it, for a warm start.
  var after: String?
  /// `FlowLink(url:)` of its URL, described (`link2(p0: 42, q: nil)`), or `nil`.
  var parsed: String
  /// Whether `FlowLink(url: link.url)` gives the link back.
  var roundTrips: Bool
  /// What `onEnd` was told, in order.
  var outcomes: [String]
  /// The screens shown, bottom first: `C0.S1`, a tab container as `C2.tabs:1` (its selected
  /// tab), then what that tab shows.
  var stack: [String]
  /// The alerts shown.
  var alerts: [String]
  /// The transitions made while opening it that were animated.
  var animated: [String]

  var json: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
  }
}

/// What replaying one link must show, from its route.
struct LinkReplayExpectation {
  var link: String
  /// `Coordinator.Screen` of its `to:`.
  var target: String
  /// The screens the route shows, as ``LinkReplayLine/stack`` names them.
  var stack: [String]
  /// The link the replay opens before it for a warm start (the next in file order; itself
  /// when it is the only one).
  var warmAfter: String
  /// What the route goes through (``passes(of:)``), for the test's summary.
  var passes: Set<String>

  /// How `line` differs from what the route says.
  func problems(with line: LinkReplayLine) -> [String] {
    var problems: [String] = []
    if line.parsed != link && !line.parsed.hasPrefix(link + "(") {
      problems.append("its URL reads as \(line.parsed)")
    }
    if !line.roundTrips { problems.append("its url does not read back") }
    if line.outcomes != ["followed"] { problems.append("onEnd was told \(line.outcomes)") }
    if line.stack.last != target { problems.append("'\(target)' is not on top") }
    if line.stack != stack { problems.append("the stack is not the route's") }
    if !line.alerts.isEmpty { problems.append("alerts are shown: \(line.alerts)") }
    if !line.animated.isEmpty { problems.append("animated: \(line.animated)") }
    return problems
  }

  /// What `route` goes through: `decision`, `button` (of an alert), `tab` (and `tab after the
  /// first`), `external event` (sent by the link), `child` (a start),
  /// `modal` (a presented screen or child), `sequence` (an event that runs several actions),
  /// `value` (a payload the app makes from params) and `param` (a payload from a param).
  static func passes(of route: LinkRoute) -> Set<String> {
    var passes: Set<String> = []
    for step in route.steps {
      switch step.kind {
      case .decisionCase: passes.insert("decision")
      case .button: passes.insert("button")
      case .selectTab(let tab, _):
        passes.formUnion(tab == 0 ? ["tab"] : ["tab", "tab after the first"])
      case .externalEvent: passes.insert("external event")
      case .event: break
      }
      if step.step?.isElement == true { passes.insert("sequence") }
      switch step.action {
      case .present?: passes.insert("modal")
      case .start(let child)? where child.style != .push: passes.formUnion(["child", "modal"])
      case .start?: passes.insert("child")
      default: break
      }
      switch step.payload {
      case .param?: passes.insert("param")
      case .value?: passes.insert("value")
      case nil: break
      }
    }
    return passes
  }

  /// The screens that `route` shows from a cold start: the entry's first screen (or tab
  /// container), then each screen a step pushes or presents and each child's first screen;
  /// at a tab container, the tab it selects.
  static func stack(of route: LinkRoute, in graph: FlowGraph) -> [String] {
    let module = graph.module
    var stack: [(name: String, coordinator: Int)] = []
    func screen(_ node: NodeID, of coordinator: Int) -> String {
      let owner = module.coordinators[coordinator]
      return "\(owner.name.text).\(owner.screens[node].name.text)"
    }
    func begin(_ coordinator: Int) {
      switch graph.coordinators[coordinator].root {
      case .node(let node) where graph.coordinators[coordinator].isScreen(node):
        stack.append((screen(node, of: coordinator), coordinator))
      case .tabs:
        stack.append(("\(module.coordinators[coordinator].name.text).tabs:0", coordinator))
      default: break
      }
    }
    func show(_ action: ResolvedAction?, of coordinator: Int) {
      switch action {
      case .push(let node)?, .present(let node)?:
        stack.append((screen(node, of: coordinator), coordinator))
      case .replace(let node)?:
        while stack.last?.coordinator == coordinator { stack.removeLast() }
        stack.append((screen(node, of: coordinator), coordinator))
      case .start(let child)?:
        if let index = child.child { begin(index) }
      default:
        // A decision asks, an alert is answered by the link: neither shows a screen.
        break
      }
    }
    begin(route.entry)
    for step in route.steps {
      if case .selectTab(let tab, let child) = step.kind {
        if !stack.isEmpty {
          stack[stack.count - 1].name =
            "\(module.coordinators[step.coordinator].name.text).tabs:\(tab)"
        }
        begin(child)
        continue
      }
      // A sequence's step is its last element; the elements before it show their screens
      // first (spec 13.1), found among the steps of the same event.
      if let taken = step.step, taken.isElement {
        let steps =
          if case .externalEvent = step.kind {
            graph.coordinators[step.coordinator].eventSteps
          } else {
            step.from.map { graph.coordinators[step.coordinator].steps[$0] } ?? []
          }
        for element in steps
        where element.isElement && element.handlerOf.isEmpty
          && element.transition.name == taken.transition.name
          && element.elementIndex < taken.elementIndex
        {
          show(element.action, of: step.coordinator)
        }
      }
      show(step.action, of: step.coordinator)
    }
    return stack.map(\.name)
  }
}

/// One seed's module with the random links that have a route, its generated Swift and the
/// replay driver, and what replaying each link must show.
struct ReplayedModule {
  let seed: UInt64
  let yaml: String
  let files: [GeneratedFile]
  let expectations: [LinkReplayExpectation]

  /// `nil` when no link of the seed has a route.
  init?(seed: UInt64) throws {
    self.seed = seed
    let base = RandomModule(seed: seed, navigatingEvents: true, sequences: true)
    // The links of ``LinkRoutePropertyTests``, as many more like them, one to the first
    // screen of each tab (random targets seldom fall in a tab, let alone in each) and one to
    // each screen an external event shows.
    var all: [String] = []
    for batch in 0..<2 {
      var random = SeededGenerator(seed: seed ^ 0x11_4B5 ^ (UInt64(batch) << 40))
      all += LinkRoutePropertyTests.randomLinkDefinitions(
        for: base, &random, names: batch == 0 ? "link" : "moreLink",
        paths: batch == 0 ? "l" : "m")
    }
    for coordinator in base.coordinators {
      for tab in coordinator.tabs {
        let child = base.coordinators[tab.child]
        guard let first = child.screens.first else { continue }
        all.append(
          "  tab\(tab.child):\n    url: /t\(tab.child)\n    to: \(child.name).\(first.name)\n")
      }
    }
    // And one to each screen an external event shows (spec 13.6), with a param, or a value
    // made from one, for the event's payload: its route goes through the event when that is
    // the shortest way there.
    let paramTypes: Set = ["String", "Int", "Bool", "URL"]
    for (c, coordinator) in base.coordinators.enumerated() {
      for event in coordinator.events where event.name.hasPrefix("show") {
        guard let screen = event.action.split(separator: " ").dropLast().last else { continue }
        var text = "  event\(c)\(event.name):\n    url: /e\(c)\(event.name)"
        var payload = event.payload
        if case let type? = payload, type.hasSuffix("?") { payload = String(type.dropLast()) }
        switch payload {
        case nil:
          text += "\n"
        case let type? where paramTypes.contains(type):
          text += "/{p}\n    params: { p: \(type) }\n"
        case let type?:
          text += "/{p}\n    params: { p: String }\n    values: { '\(type)': [p] }\n"
        }
        all.append(text + "    to: \(coordinator.name).\(screen)\n")
      }
    }
    // And one to the last screen of each sequence (spec 13.1), with a param for the payload
    // its `do:` form carries: the route sends the sequence's event, which runs every element.
    for (c, coordinator) in base.coordinators.enumerated() {
      for screen in coordinator.screens {
        for event in screen.events where event.name.hasPrefix("seq") {
          guard let last = event.action.split(separator: " ").dropLast().last else { continue }
          var text = "  sequence\(c)\(event.name):\n    url: /s\(c)\(event.name)"
          text += event.payload == nil ? "\n" : "/{p}\n    params: { p: String }\n"
          all.append(text + "    to: \(coordinator.name).\(last)\n")
        }
      }
    }
    // And one to each screen a decision's case shows, which a route reaches by answering it.
    for (c, coordinator) in base.coordinators.enumerated() {
      for decision in coordinator.decisions {
        for answer in decision.cases where answer.payload == nil {
          let words = answer.action.split(separator: " ")
          guard words.first == "{", words.count == 4, ["push:", "present:"].contains(words[1])
          else { continue }
          all.append(
            "  decision\(c)\(decision.name)\(answer.name):\n    url: /d\(c)\(decision.name)"
              + "\(answer.name)\n    to: \(coordinator.name).\(words[2])\n")
        }
      }
    }
    let first = try Self.check(base.yaml() + Self.section(all))
    try #require(
      first.module.links.count == all.count, "seed \(seed): links lost\n\(first.module.links)")
    let kept = all.indices.filter { first.resolved.links.route(ofLink: $0) != nil }.map { all[$0] }
    guard !kept.isEmpty else { return nil }
    yaml = base.yaml() + Self.section(kept)
    let checked = try Self.check(yaml)
    let errors = checked.findings.filter { $0.severity == .error }
    try #require(errors.isEmpty, "seed \(seed): \(described(errors))\n\(yaml)")

    let graph = checked.resolved.graph
    let module = checked.module
    var options = SwiftGenerator.Options(access: .internal) { _ in "seed-\(seed).flow.yaml" }
    // Odd seeds follow every route through the steps links share (`flowLinkRoute`), which
    // only routes longer than any of these take otherwise.
    if seed % 2 == 1 { options.explicitRouteLimit = 0 }
    var files = SwiftGenerator.generate(graph, routes: checked.resolved.links, options: options)
    let (protocols, requirements) = try LinkReplayDriver.requirements(of: files)
    let samples = SampleValues(module: module)
    var values: [String: String] = [:]
    for link in module.links {
      for value in link.values {
        values[value.type.type.description] = samples.swift(value.type.type)
      }
    }
    var answerTypes: [String: String] = [:]
    for case (_, .decision(let decision, let answer)) in requirements {
      answerTypes[decision] = answer
    }

    var links: [LinkReplayDriver.Link] = []
    var expectations: [LinkReplayExpectation] = []
    var entry: Int?
    for (index, link) in module.links.enumerated() {
      guard let route = checked.resolved.links.route(ofLink: index), let target = link.target,
        let url = Self.url(of: link, number: index), entry == nil || entry == route.entry,
        let answers = Self.answers(on: route, in: graph, types: answerTypes, samples: samples)
      else { continue }
      entry = route.entry
      links.append(.init(name: link.name.text, url: url, answers: answers))
      expectations.append(
        LinkReplayExpectation(
          link: link.name.text, target: target.text,
          stack: LinkReplayExpectation.stack(of: route, in: graph), warmAfter: "",
          passes: LinkReplayExpectation.passes(of: route)))
    }
    // The warm start opens the next link first, as the driver does.
    for index in expectations.indices {
      expectations[index].warmAfter = expectations[(index + 1) % expectations.count].link
    }
    self.expectations = expectations
    guard let entry else { return nil }

    let driver = LinkReplayDriver(
      seed: seed, entry: "\(module.coordinators[entry].name.text)Coordinator",
      requirements: requirements, protocols: protocols, values: values, links: links)
    files.append(GeneratedFile(name: "Replay.swift", contents: driver.source))
    if !base.externalTypes.isEmpty {
      // The app's own types, as an app would write them.
      let types = base.externalTypes.map { "struct \($0): Hashable, Sendable {}\n" }
      files.append(GeneratedFile(name: "External.swift", contents: types.joined()))
    }
    self.files = files
  }

  private static func check(_ yaml: String) throws -> CheckResult {
    try Pipeline.check([.source(SourceFile(path: "a.flow.yaml", text: yaml))])
  }

  private static func section(_ links: [String]) -> String {
    links.isEmpty ? "" : "links:\n" + links.joined()
  }

  /// The answer to each decision on `route`, as Swift of the generated answer type: the
  /// route's case, with a sample payload. `nil` when a payload cannot be made.
  private static func answers(
    on route: LinkRoute, in graph: FlowGraph, types: [String: String], samples: SampleValues
  ) -> [(decision: String, answer: String)]? {
    var answers: [(decision: String, answer: String)] = []
    for step in route.steps {
      guard case .decisionCase(let taken) = step.kind, let from = step.from,
        case .decision(let index) = graph.coordinators[step.coordinator].node(from)
      else { continue }
      let coordinator = graph.module.coordinators[step.coordinator]
      let decision = "\(coordinator.name.text).\(coordinator.decisions[index].name.text)"
      guard let type = types[decision], !answers.contains(where: { $0.decision == decision })
      else { return nil }
      var answer = "\(type).`\(taken.transition.name.text)`"
      if let payload = taken.transition.payload?.type {
        guard let value = samples.swift(payload) else { return nil }
        answer += "(\(value))"
      }
      answers.append((decision, answer))
    }
    return answers
  }

  /// A URL the link matches: a sample value of each param's type, percent-encoded, and on
  /// even links its optional query param and an unknown query item; odd links use a custom
  /// scheme, whose host is the first segment.
  private static func url(of link: LinkDefinition, number: Int) -> String? {
    guard let pattern = link.url else { return nil }
    func value(_ name: String) -> String? {
      guard let param = link.param(named: name) else { return nil }
      var type = param.type.type
      if case .optional(let wrapped) = type { type = wrapped }
      let text: String
      switch type {
      case .named("String"): text = "a b/é?&=%"
      case .named("Int"): text = "-42"
      case .named("Double"): text = "1.5"
      case .named("Bool"): text = "true"
      case .named("UUID"): text = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
      case .named("URL"): text = "https://example.com/a?b=c"
      default: return nil
      }
      return text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)
    }
    var segments: [String] = []
    for segment in pattern.segments {
      switch segment {
      case .literal(let text): segments.append(text)
      case .param(let name):
        guard let text = value(name) else { return nil }
        segments.append(text)
      }
    }
    var query: [String] = []
    for item in pattern.query {
      let optional = link.param(named: item.param).map {
        if case .optional = $0.type.type { return true }
        return false
      }
      if optional == false || number.isMultiple(of: 2) {
        guard let text = value(item.param) else { return nil }
        query.append("\(item.key)=\(text)")
      }
    }
    if number.isMultiple(of: 2) { query.append("unknown=1") }
    let path =
      segments.joined(separator: "/") + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    return number.isMultiple(of: 2) ? "https://example.com/" + path : "app://" + path
  }
}

/// A value of each type of a module, as Swift: what the app answers a decision or a
/// `values` request with in the replay.
struct SampleValues {
  let module: FlowModule

  /// `nil` for a type it cannot make (unknown, or recursive without an end).
  func swift(_ type: TypeExpression, depth: Int = 0) -> String? {
    guard depth < 8 else { return nil }
    switch type {
    case .optional: return "nil"
    case .array: return "[]"
    case .dictionary: return "[:]"
    case .invalid: return nil
    case .named(let name):
      switch name {
      case "String": return "\"text\""
      case "Int": return "7"
      case "Double": return "0.5"
      case "Bool": return "true"
      case "Date": return "Date(timeIntervalSince1970: 0)"
      case "URL": return "URL(fileURLWithPath: \"/sample\")"
      case "UUID": return "UUID()"
      case "Data": return "Data()"
      default: break
      }
      guard let declaration = module.types.first(where: { $0.name.text == name }) else {
        return nil
      }
      switch declaration.kind {
      case .external: return "\(name)()"
      case .structure(let fields):
        var arguments: [String] = []
        for field in fields {
          guard let value = swift(field.type.type, depth: depth + 1) else { return nil }
          arguments.append("`\(field.name.text)`: \(value)")
        }
        return "\(name)(\(arguments.joined(separator: ", ")))"
      case .enumeration(let cases):
        if let plain = cases.first(where: { $0.payload == nil }) {
          return "\(name).`\(plain.name.text)`"
        }
        for enumCase in cases {
          if let payload = enumCase.payload, let value = swift(payload.type, depth: depth + 1) {
            return "\(name).`\(enumCase.name.text)`(\(value))"
          }
        }
        return nil
      case .invalid: return nil
      }
    }
  }
}
