import FlowCore
import Testing

/// On random modules with random links, many with a `via` of one to three coordinators
/// (repeats and entries included): the route the check keeps as parts of shared search trees
/// is, step for step and from the same entry, the route that one search of the graph's
/// product with the link's `via` finds (``LinkRoutes/referenceRoute(ofLink:)``), the direct
/// reading of spec section 12; a link has one exactly when the reference finds one; and
/// where a link has none, where every route stops (out of reach, a blocked payload, a `via`)
/// is what a direct search says, step and `via` coordinator included.
/// Replays from the printed seed like ``PropertyTests``.
@Suite struct LinkRouteTreePropertyTests {
  @Test func sharedTreesGiveTheRoutesOfADirectSearch() throws {
    var compared = 0
    var throughVia = 0
    var stops: [Substring: Int] = [:]
    for seed in PropertyTests.firstSeed..<(PropertyTests.firstSeed + UInt64(PropertyTests.count)) {
      let base = RandomModule(seed: seed, navigatingEvents: true, sequences: true)
      var random = SeededGenerator(seed: seed ^ 0x7EE5)
      let names = base.coordinators.map(\.name)
      var links = LinkRoutePropertyTests.randomLinkDefinitions(for: base, &random)
      for (index, link) in links.enumerated() where !link.contains("via:") && !names.isEmpty {
        guard Bool.random(using: &random) else { continue }
        let via = (0..<Int.random(in: 1...3, using: &random)).map { _ in
          names[Int.random(in: 0..<names.count, using: &random)]
        }
        links[index] = link + "    via: [\(via.joined(separator: ", "))]\n"
      }
      guard !links.isEmpty else { continue }
      let yaml = base.yaml() + "links:\n" + links.joined()
      let checked = try Pipeline.check([.source(SourceFile(path: "a.flow.yaml", text: yaml))])
      let resolved = checked.resolved
      for (index, link) in checked.module.links.enumerated() {
        let reference = resolved.links.referenceRoute(ofLink: index)
        let route = resolved.links.route(ofLink: index)
        func words(_ route: LinkRoute?) -> [String]? {
          route.map { route in
            ["from \(checked.module.coordinators[route.entry].name.text)"]
              + route.steps.map { $0.summary(in: resolved.graph, link: link) }
          }
        }
        #expect(
          words(route) == words(reference),
          "seed \(seed), link \(link.name): the check's route\n\(words(route) ?? [])\nthe direct search's\n\(words(reference) ?? [])\n\(yaml)"
        )
        if words(route) != words(reference) { return }
        if case .unreachable(let why) = resolved.links.outcomes[index] {
          let found = String(describing: why.reason)
          let expected = resolved.links.referenceUnreachable(ofLink: index).map {
            String(describing: $0)
          }
          #expect(
            found == expected,
            "seed \(seed), link \(link.name): routes stop at \(found), the direct search says \(expected ?? "nothing")\n\(yaml)"
          )
          if found != expected { return }
          stops[found.prefix { $0 != "(" }, default: 0] += 1
        }
        if route != nil {
          compared += 1
          if !link.via.isEmpty { throughVia += 1 }
        }
      }
    }
    // Both kinds of routes are compared, or the property says little.
    #expect(compared > PropertyTests.count / 4, "\(compared) routes")
    #expect(throughVia > PropertyTests.count / 20, "\(throughVia) routes through a 'via'")
    // Random modules are clean, so every screen is in an entry's reach: `LinkRouteTests`
    // covers a screen out of reach.
    for reason in ["payload", "via"] {
      #expect(
        stops[Substring(reason), default: 0] > PropertyTests.count / 50,
        "\(stops[Substring(reason), default: 0]) links without a route, '\(reason)'")
    }
  }
}
