import FlowCore
import Foundation

/// The Swift that replays the links of one random module on `RecordingRouter`, next to the
/// module's generated code (see ``LinkReplayPropertyTests``): stub screens and factories made
/// from the requirements of the generated `…Screens` and `FlowLinkValues` protocols, and a
/// `replay()` that opens each link from its URL, from a cold start and after another link
/// (and the user's switch to the last tab of each tab container), and prints how each
/// opening ended as one line of JSON (``LinkReplayLine``).
///
/// The stubs are written from the protocols' text, as an app author would copy each
/// requirement, so that the driver depends on nothing but what the generator wrote.
struct LinkReplayDriver {
  /// One link to replay: its name, the URL to open, and the answers its route needs.
  struct Link {
    var name: String
    var url: String
    /// For each decision on the route (`C0.D0`), the Swift of the answer the route takes.
    var answers: [(decision: String, answer: String)]
  }

  /// What a requirement of a generated protocol asks the app for.
  enum Requirement {
    /// A screen (`C0.S1`), from its input and event sink.
    case screen(String)
    /// The container of a tab coordinator's tabs (`C2`).
    case tabs(String)
    /// The answer to a decision (`C0.D0`), of a generated type (`C0Coordinator.D0Answer`).
    case decision(String, answer: String)
    /// An alert (`C0.A0`).
    case alert(String)
    /// A value of a link's `values` (`T0`).
    case value(String)
  }

  let seed: UInt64
  /// The entry coordinator's generated type.
  let entry: String
  /// Each requirement's text as generated, and what it asks for.
  let requirements: [(signature: String, kind: Requirement)]
  /// The generated protocols the stubs conform to.
  let protocols: [String]
  /// The Swift of a value of each `values` type, by the type's Swift spelling.
  let values: [String: String]
  let links: [Link]

  /// The protocols that `files` declare and the requirements of each, in order; throws
  /// ``Unstubbable`` for a requirement the driver does not know how to stub. A decision's
  /// `async` form is left out (its default calls the callback form, which the stubs write),
  /// and so are the factories of started coordinators (their defaults are the stubs
  /// themselves, which conform to every protocol).
  static func requirements(of files: [GeneratedFile]) throws -> (
    protocols: [String], requirements: [(signature: String, kind: Requirement)]
  ) {
    var protocols: [String] = []
    var requirements: [(signature: String, kind: Requirement)] = []
    var current: [Substring] = []
    func finish() throws {
      guard !current.isEmpty else { return }
      let signature = current.joined(separator: "\n")
      current = []
      guard !signature.contains(") async -> ") else { return }
      guard let kind = Self.kind(of: signature) else { throw Unstubbable(signature: signature) }
      requirements.append((signature, kind))
    }
    for file in files {
      var inProtocol = false
      for line in file.contents.split(separator: "\n", omittingEmptySubsequences: false) {
        if !inProtocol {
          if let match = line.firstMatch(of: /^(?:public )?protocol (\w+)/) {
            protocols.append(String(match.1))
            inProtocol = true
          }
          continue
        }
        let trimmed = line.drop { $0 == " " }
        if line == "}" {
          try finish()
          inProtocol = false
        } else if trimmed.isEmpty || trimmed.hasPrefix("///") {
          try finish()
        } else if trimmed.hasPrefix("func ") {
          try finish()
          current.append(line)
        } else if !current.isEmpty {
          current.append(line)
        }
      }
    }
    return (protocols, requirements)
  }

  /// A requirement the driver does not know how to stub.
  struct Unstubbable: Error {
    var signature: String
  }

  /// What the requirement `signature` asks for, from the names in it: `makeS1(…send: …
  /// (C0Coordinator.S1Event) …)` is the screen `C0.S1`; `nil` for anything else.
  private static func kind(of signature: String) -> Requirement? {
    if signature.contains("-> FlowAlert"),
      let match = signature.firstMatch(of: /\((\w+)Coordinator\.\w+Button\)/),
      let name = signature.firstMatch(of: /func make(\w+)\(/)
    {
      return .alert("\(match.1).\(name.1)")
    }
    if signature.contains("_ stacks: [any Presentable]"),
      let match = signature.firstMatch(of: /func make(\w+)Tabs\(/)
    {
      return .tabs(String(match.1))
    }
    if signature.contains("-> any Presentable"),
      let match = signature.firstMatch(of: /send: @escaping @MainActor \((\w+)Coordinator\.\w+\)/),
      let name = signature.firstMatch(of: /func make(\w+)\(/)
    {
      return .screen("\(match.1).\(name.1)")
    }
    if signature.contains("func decide"),
      let match = signature.firstMatch(
        of: /answer: @escaping @MainActor \(((\w+)Coordinator\.\w+)\)/),
      let name = signature.firstMatch(of: /func decide(\w+)\(/)
    {
      return .decision("\(match.2).\(name.1)", answer: String(match.1))
    }
    if signature.contains("for link: FlowLink"),
      let match = signature.firstMatch(of: /answer: @escaping @MainActor \((.+)\?\) -> Void\)/)
    {
      return .value(String(match.1))
    }
    return nil
  }

  /// The driver's Swift, a file of the seed's library target `R<seed>`.
  var source: String {
    var stubs: [String] = []
    for (signature, kind) in requirements {
      let body: String
      switch kind {
      case .screen(let name): body = "StubScreen(\(literal(name)))"
      case .tabs(let name): body = "StubTabs(\(literal(name + ".tabs")), stacks: stacks)"
      case .decision(let name, _): body = "decide(\(literal(name)), answer)"
      case .alert(let name): body = "FlowAlert(title: \(literal(name)), buttons: [])"
      case .value(let type):
        body = values[type].map { "reply { answer(\($0)) }" } ?? "answer(nil)"
      }
      stubs.append(signature + " {\n    " + body + "\n  }")
    }
    let links = self.links.map { link in
      let answers =
        link.answers.isEmpty
        ? "[:]"
        : "["
          + link.answers.map { "\(literal($0.decision)): \($0.answer)" }.joined(
            separator: ", ") + "]"
      return
        "  ReplayedLink(name: \(literal(link.name)), url: \(literal(link.url)), answers: \(answers)),"
    }
    return """
      import FlowRuntime
      import Foundation

      /// A screen the stub factory made, named `Coordinator.Screen` in the router's records.
      @MainActor
      final class StubScreen: Presentable, CustomStringConvertible {
        nonisolated let description: String
        init(_ name: String) { description = name }
      }

      /// A tab container, named `Coordinator.tabs`, with the stacks of its tabs.
      @MainActor
      final class StubTabs: Presentable, CustomStringConvertible {
        nonisolated let description: String
        let stacks: [any Presentable]
        init(_ name: String, stacks: [any Presentable]) {
          description = name
          self.stacks = stacks
        }
      }

      /// The app's factories: stub screens, the route's answers to decisions, a value for
      /// each `values` type; answered at once or, when `later`, only on `flush()`.
      @MainActor
      final class Stubs: \(protocols.joined(separator: ", ")) {
        /// The answer to each decision on the route of the link being followed.
        var answers: [String: Any] = [:]
        let later: Bool
        private var pending: [@MainActor () -> Void] = []

        init(later: Bool) { self.later = later }

        func reply(_ body: @escaping @MainActor () -> Void) {
          if later { pending.append(body) } else { body() }
        }

        func decide<Answer>(_ decision: String, _ answer: @escaping @MainActor (Answer) -> Void) {
          guard let value = answers[decision] as? Answer else { return }
          reply { answer(value) }
        }

        /// Gives every answer held back, and those that they cause.
        func flush() {
          while !pending.isEmpty { pending.removeFirst()() }
        }

      \(stubs.joined(separator: "\n\n"))
      }

      /// A link to open: its name, its URL, the answers its route takes.
      struct ReplayedLink {
        var name: String
        var url: String
        var answers: [String: Any]
      }

      /// What one opening of a link ended with (`LinkReplayLine` in the test).
      struct Line: Encodable {
        var seed: UInt64
        var link: String
        var after: String?
        var parsed: String
        var roundTrips: Bool
        var outcomes: [String]
        var stack: [String]
        var alerts: [String]
        var animated: [String]
      }

      @MainActor
      final class Outcomes {
        var all: [String] = []
      }

      @MainActor
      let links: [ReplayedLink] = [
      \(links.joined(separator: "\n"))
      ]

      /// The screens shown, bottom first: each stack of `router`, then, when a tab container is
      /// on top, what its selected tab shows (the container named `Coordinator.tabs:index`).
      @MainActor
      func shown(_ router: RecordingRouter, alerts: inout [String]) -> [String] {
        var names = router.stacks.flatMap { $0.map { "\\($0)" } }
        alerts += router.shownAlerts.map(\\.description)
        guard let tabs = router.topScreen as? StubTabs else { return names }
        let tab = router.selectedTab(of: tabs)
        names[names.count - 1] += ":\\(tab)"
        guard tabs.stacks.indices.contains(tab), let inside = tabs.stacks[tab] as? RecordingRouter
        else { return names }
        return names + shown(inside, alerts: &alerts)
      }

      /// `router` and the routers of its tab stacks, at every depth.
      @MainActor
      func routers(_ router: RecordingRouter) -> [RecordingRouter] {
        [router] + router.tabStacks.flatMap(routers)
      }

      /// Selects the last tab of every tab container shown, as the user does on the tab bar:
      /// a link through a container must select its tab itself.
      @MainActor
      func switchToLastTabs(_ router: RecordingRouter) {
        for each in routers(router) {
          for case let tabs as StubTabs in each.stacks.joined() where tabs.stacks.count > 1 {
            each.selectTab(at: tabs.stacks.count - 1, of: tabs)
          }
        }
      }

      /// Opens `link` from its URL on `app`, which runs on `router`, then gives every answer
      /// held back: what it parsed as, whether its url reads back, its outcomes, and the
      /// transitions animated before the answers held back (a decision answered later shows
      /// its case as the app's own navigation does).
      @MainActor
      func open(
        _ link: ReplayedLink, on app: \(entry), _ router: RecordingRouter, _ stubs: Stubs
      ) -> (parsed: String, roundTrips: Bool, outcomes: [String], animated: [String]) {
        guard let url = URL(string: link.url), let parsed = FlowLink(url: url) else {
          return ("nil", false, [], [])
        }
        let outcomes = Outcomes()
        stubs.answers = link.answers
        for each in routers(router) { each.clearCalls() }
        app.open(parsed\(protocols.contains("FlowLinkValues") ? ", values: stubs" : "")) { outcome in
          switch outcome {
          case .followed: outcomes.all.append("followed")
          case .notFollowed(let reason): outcomes.all.append("notFollowed(\\(reason))")
          }
        }
        let animated = routers(router).flatMap(\\.operations).filter(\\.isAnimatedTransition)
          .map(\\.description)
        stubs.flush()
        return ("\\(parsed)", FlowLink(url: parsed.url) == parsed, outcomes.all, animated)
      }

      /// Starts the app on a recording router, opens `before` if given, then `link`, and
      /// prints the line of `link`.
      @MainActor
      func replay(_ link: ReplayedLink, after before: ReplayedLink?, later: Bool) {
        let stubs = Stubs(later: later)
        let router = RecordingRouter(name: "root")
        let app = \(entry)(screens: stubs, router: router)
        app.start()
        stubs.flush()
        if let before {
          _ = open(before, on: app, router, stubs)
          switchToLastTabs(router)
        }
        let opened = open(link, on: app, router, stubs)
        var alerts: [String] = []
        let stack = shown(router, alerts: &alerts)
        let line = Line(
          seed: \(seed), link: link.name, after: before?.name, parsed: opened.parsed,
          roundTrips: opened.roundTrips, outcomes: opened.outcomes, stack: stack, alerts: alerts,
          animated: opened.animated)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(line) else { return }
        FileHandle.standardOutput.write(data + Data("\\n".utf8))
      }

      /// Replays each link from a cold start (decisions answered at once on even seeds, later
      /// on odd ones), then after the next one in file order (itself, when it is the only one).
      @MainActor
      public func replay() {
        for (index, link) in links.enumerated() {
          replay(link, after: nil, later: \(seed % 2 == 1))
          replay(link, after: links[(index + 1) % links.count], later: \(seed % 2 == 0))
        }
      }

      """
  }

  /// `text` as a Swift string literal.
  private func literal(_ text: String) -> String {
    var escaped = ""
    for character in text.unicodeScalars {
      switch character {
      case "\\": escaped += "\\\\"
      case "\"": escaped += "\\\""
      case "\n": escaped += "\\n"
      default: escaped.unicodeScalars.append(character)
      }
    }
    return "\"\(escaped)\""
  }
}
