import FlowCore
import Testing

/// How deep links' routes grow (issue 27): the check keeps them as shared search trees, not
/// one whole route per link, and searches once per start, not once per `via`; the Swift
/// generated for them shares their common parts. Each bound is a count, not a time.
@Suite struct LinkRouteBoundTests {
  /// One entry coordinator whose screens push one another in a chain of `screens`, with a
  /// link to each screen: link `k`'s route has `k` steps, the routes `screens²/2`.
  static func pushChain(_ screens: Int) -> String {
    var text = "version: 1\ncoordinators:\n  App:\n    entry: true\n    start: S0\n    screens:\n"
    for index in 0..<screens {
      let next = index + 1 < screens ? "next: { push: S\(index + 1) }" : "again: { push: S0 }"
      text += "      S\(index): { on: { \(next) } }\n"
    }
    text += "links:\n"
    for index in 0..<screens { text += "  l\(index): { url: /s\(index), to: App.S\(index) }\n" }
    return text
  }

  /// An entry whose first screen starts each of `count` children, with a link to each child's
  /// second screen that names the child in its `via`: `count` different `via` lists.
  static func children(_ count: Int, via: (Int) -> Int = { $0 }) -> String {
    var text = "version: 1\ncoordinators:\n  App:\n    entry: true\n    start: Home\n"
    text += "    screens:\n      Home:\n        on:\n"
    for index in 0..<count { text += "          c\(index): { start: C\(index) }\n" }
    for index in 0..<count {
      text += "  C\(index):\n    start: A\n    screens:\n"
      text += "      A: { on: { next: { push: B } } }\n      B: { on: { again: { push: A } } }\n"
    }
    text += "links:\n"
    for index in 0..<count {
      text += "  l\(index): { url: /c\(index), to: C\(index).B, via: [C\(via(index))] }\n"
    }
    return text
  }

  /// One entry coordinator of `screens` screens in a push chain, with an external event per
  /// screen but the first that pushes it (carrying `payload`, when given, as the chain's
  /// events do then too), and a link to each screen: every screen is a place the `screens`
  /// events can be sent at, `screens²` edges if each place had its own.
  static func eventsToEveryScreen(_ screens: Int, payload: String? = nil) -> String {
    let carried = payload.map { "payload: \($0), " } ?? ""
    var text = "version: 1\ncoordinators:\n  App:\n    entry: true\n    start: S0\n    events:\n"
    for index in 1..<screens { text += "      e\(index): { \(carried)push: S\(index) }\n" }
    text += "    screens:\n"
    for index in 0..<screens {
      let next = index + 1 < screens ? "next: { \(carried)push: S\(index + 1) }" : "back: pop"
      text += "      S\(index): { on: { \(next) } }\n"
    }
    text += "links:\n"
    for index in 0..<screens { text += "  l\(index): { url: /s\(index), to: App.S\(index) }\n" }
    return text
  }

  private func resolved(_ yaml: String) throws -> ResolvedModule {
    try Pipeline.check([.source(SourceFile(path: "a.flow.yaml", text: yaml))]).resolved
  }

  @Test func aPushChainWithALinkToEachScreenKeepsLinearRouteData() throws {
    let screens = 2_000
    let resolved = try resolved(Self.pushChain(screens))
    // The routes hold 1,999,000 steps between them; the check keeps a tree of 2,000.
    #expect(
      resolved.links.retainedEntries <= 4 * screens,
      "\(resolved.links.retainedEntries) route entries kept for \(screens) screens")
    for index in [0, 1, 999, screens - 1] {
      let route = try #require(resolved.links.route(ofLink: index))
      #expect(route.steps.count == index)
      #expect(
        route.steps.last.map { $0.summary(in: resolved.graph, link: resolved.module.links[index]) }
          == (index == 0 ? nil : "screen 'S\(index - 1)' of 'App': event 'next' pushes 'S\(index)'")
      )
    }
  }

  @Test func childrenEachWithTheirOwnViaAreSearchedInLinearWork() throws {
    let count = 1_000
    let resolved = try resolved(Self.children(count))
    // About 3,000 nodes: one search per `via` would make room for 6,000,000 states.
    #expect(
      resolved.links.searchedStates <= 8 * 3 * count,
      "\(resolved.links.searchedStates) search states for \(count) children")
    for index in [0, 1, count - 1] {
      let route = try #require(resolved.links.route(ofLink: index))
      let link = resolved.module.links[index]
      #expect(
        route.steps.map { $0.summary(in: resolved.graph, link: link) } == [
          "screen 'Home' of 'App': event 'c\(index)' starts 'C\(index)' (push)",
          "screen 'A' of 'C\(index)': event 'next' pushes 'B'",
        ])
    }
  }

  /// Explaining links without a route is linear too: 1,000 links each through a child that
  /// does not lead to its screen, and 1,000 links into a chain whose every step needs a
  /// payload that no link gives.
  @Test func linksWithoutARouteAreExplainedInLinearWork() throws {
    let count = 1_000
    let wrongVia = try resolved(Self.children(count) { ($0 + 1) % count })
    let chain = try resolved(
      Self.pushChain(count).replacingOccurrences(of: "{ push:", with: "{ payload: Int, push:"))
    for (links, what) in [(wrongVia.links, "wrong via"), (chain.links, "blocked payloads")] {
      // The chain's first screen is its entry's start: its link's route has no step.
      let unexplained = links.outcomes.dropFirst(what == "wrong via" ? 0 : 1).filter {
        if case .unreachable = $0 { return false }
        return true
      }
      #expect(unexplained.isEmpty, "\(what): \(unexplained.count) links with a route")
      #expect(
        links.searchedStates <= 8 * 3 * count,
        "\(what): \(links.searchedStates) search states for \(count) links")
    }
    let link = wrongVia.module.links[5]
    guard case .unreachable(let why) = wrongVia.links.outcomes[5], case .via(0) = why.reason
    else { return #expect(Bool(false), "\(link.name): \(wrongVia.links.outcomes[5])") }
    guard case .unreachable(let blocked) = chain.links.outcomes[5],
      case .payload(let step, _, _) = blocked.reason
    else { return #expect(Bool(false), "\(chain.links.outcomes[5])") }
    #expect(
      step.summary(in: chain.graph, link: chain.module.links[5])
        == "screen 'S0' of 'App': event 'next' pushes 'S1'")
  }

  /// External events are taken once per search, at the first place of their coordinator
  /// reached, not once per place (spec 13.6): routes through them, and links that no route
  /// reaches because every event needs a payload, cost work linear in the module.
  @Test func routesThroughExternalEventsAreSearchedInLinearWork() throws {
    let screens = 2_000
    let routed = try resolved(Self.eventsToEveryScreen(screens))
    let blocked = try resolved(Self.eventsToEveryScreen(screens, payload: "Int"))
    for (links, what) in [(routed.links, "routed"), (blocked.links, "blocked")] {
      // 4,000 vertices and 4,000 edges; each screen sending every event would be 4,000,000.
      #expect(
        links.examinedEdges <= 8 * 2 * screens,
        "\(what): \(links.examinedEdges) edges looked at for \(screens) screens and events")
      #expect(
        links.retainedEntries <= 4 * screens,
        "\(what): \(links.retainedEntries) route entries kept for \(screens) screens")
    }
    for index in [2, 999, screens - 1] {
      let route = try #require(routed.links.route(ofLink: index))
      #expect(
        route.steps.map { $0.summary(in: routed.graph, link: routed.module.links[index]) } == [
          "screen 'S0' of 'App': external event 'e\(index)' pushes 'S\(index)'"
        ])
    }
    // Every route stops at a step that needs an `Int`; the most direct crosses one, the
    // event to the screen, where the chain of `next` crosses 999.
    let link = blocked.module.links[999]
    guard case .unreachable(let why) = blocked.links.outcomes[999],
      case .payload(let step, _, _) = why.reason
    else { return #expect(Bool(false), "\(blocked.links.outcomes[999])") }
    #expect(
      step.summary(in: blocked.graph, link: link)
        == "screen 'S0' of 'App': external event 'e999' pushes 'S999'")
  }

  @Test func theSwiftOfAPushChainsLinksGrowsLinearly() throws {
    let small = try #require(try generate(Self.pushChain(200))["FlowLink.swift"]).utf8.count
    let large = try #require(try generate(Self.pushChain(400))["FlowLink.swift"]).utf8.count
    // Written out link by link, the routes take 20,000 and 80,000 statements.
    #expect(large <= 400 * 600, "FlowLink.swift is \(large) bytes for 400 screens")
    #expect(
      Double(large) <= 2.3 * Double(small), "\(small) bytes for 200 screens, \(large) for 400")
  }
}
