/// The definitions that are broken, and so cause no findings of other rules (spec section
/// 8, "Where findings go"): a screen, decision, alert or type with a `schema` problem
/// inside, a later duplicate of a coordinator, type or node, and what only those reach: the
/// nodes reached only through a broken node, and a coordinator started only from those.
///
/// The decoder keeps what it can of a broken definition (the first of two actions, say), so
/// what the rules would say about it rests on a guess: a later duplicate is never started or
/// used, a screen that lost an action may seem trapped. The one finding that says what is
/// wrong (the `schema` problem, the `duplicate-name` at the later name) is enough; every
/// other finding placed inside such a definition is dropped. The graph does its part:
/// a start on a broken node does not count as starting a child, a broken reachable node
/// makes its coordinator's reachability uncertain, and a later duplicate starts nothing.
struct BrokenDefinitions {
  /// The broken definitions of each file, from name to end of body, sorted and merged into
  /// disjoint spans (a broken screen inside a duplicate coordinator is one span).
  private var spans: [FileName: [(start: SourcePosition, end: SourcePosition)]] = [:]
  /// Where each broken definition's name starts, for the `duplicate-name` finding there.
  private var names: Set<SourceRange> = []

  /// The broken definitions of `resolved`: O(definitions).
  init(_ resolved: ResolvedModule) {
    let module = resolved.module
    var ranges: [(range: SourceRange, name: SourceRange)] = []
    var seenTypes: Set<String> = []
    for type in module.types where type.isBroken || !seenTypes.insert(type.name.text).inserted {
      ranges.append((type.range, type.name.range))
    }
    for (index, coordinator) in module.coordinators.enumerated() {
      guard module.isFirstDefinition(coordinator: index),
        !resolved.analysis.isReachedOnlyThroughBroken[index]
      else {
        ranges.append((coordinator.range, coordinator.name.range))
        continue
      }
      for screen in coordinator.screens where screen.isBroken {
        ranges.append((screen.range, screen.name.range))
      }
      // What only a broken node reaches is as uncertain as the broken node itself.
      let analysis = resolved.analysis.coordinators[index]
      for node in analysis.reachedOnlyThroughBroken.sorted() {
        switch analysis.graph.node(node) {
        case .screen(let screen):
          ranges.append((coordinator.screens[screen].range, coordinator.screens[screen].name.range))
        case .decision(let decision):
          let decision = coordinator.decisions[decision]
          ranges.append((decision.range, decision.name.range))
        case .alert(let alert):
          ranges.append((coordinator.alerts[alert].range, coordinator.alerts[alert].name.range))
        }
      }
      for decision in coordinator.decisions {
        // A decision with a screen's name is the later one when it comes after the screen.
        var isLaterDuplicate = false
        if case .screen(let screen) = module.node(named: decision.name.text, in: index) {
          isLaterDuplicate = coordinator.screens[screen].range.start < decision.range.start
          if !isLaterDuplicate {
            let screen = coordinator.screens[screen]
            ranges.append((screen.range, screen.name.range))
          }
        }
        if decision.isBroken || isLaterDuplicate {
          ranges.append((decision.range, decision.name.range))
        }
      }
      for alert in coordinator.alerts {
        // An alert with the name of a screen or decision is the later one when it comes
        // after it; otherwise that node is.
        var earlier: (range: SourceRange, name: SourceRange)?
        switch module.node(named: alert.name.text, in: index) {
        case .screen(let screen):
          earlier = (coordinator.screens[screen].range, coordinator.screens[screen].name.range)
        case .decision(let decision):
          earlier = (
            coordinator.decisions[decision].range, coordinator.decisions[decision].name.range
          )
        case .alert, nil: break
        }
        var isLaterDuplicate = false
        if let earlier {
          isLaterDuplicate = earlier.range.start < alert.range.start
          if !isLaterDuplicate { ranges.append(earlier) }
        }
        if alert.isBroken || isLaterDuplicate { ranges.append((alert.range, alert.name.range)) }
      }
    }
    // (r3) A shared node with a `schema` error, or a later one of a taken shared name; the
    // owners' copies of a broken one are broken themselves, above.
    let shared = module.shared
    var sharedNames: Set<String> = []
    let sharedInOrder = shared.allNodes.sorted {
      shared.range(of: $0).precedes(shared.range(of: $1))
    }
    for node in sharedInOrder {
      let isLater = !sharedNames.insert(shared.name(of: node).text).inserted
      let isBroken =
        switch node {
        case .screen(let at): shared.screens[at].isBroken
        case .decision(let at): shared.decisions[at].isBroken
        case .alert(let at): shared.alerts[at].isBroken
        }
      if isBroken || isLater {
        ranges.append((shared.range(of: node), shared.name(of: node).range))
      }
    }
    for (index, link) in module.links.enumerated()
    where link.isBroken || !module.isFirstDefinition(link: index) {
      ranges.append((link.range, link.name.range))
    }
    for (range, name) in ranges {
      names.insert(Self.start(of: name))
      spans[range.fileName, default: []].append((range.start, range.end))
    }
    for (file, list) in spans {
      let sorted = list.sorted { $0.start < $1.start }
      var merged: [(start: SourcePosition, end: SourcePosition)] = []
      for span in sorted {
        if let last = merged.last, span.start < last.end {
          merged[merged.count - 1].end = max(last.end, span.end)
        } else {
          merged.append(span)
        }
      }
      spans[file] = merged
    }
  }

  /// `findings` without those other rules placed inside a broken definition: O(findings ×
  /// log definitions).
  func apply(to findings: [Finding]) -> [Finding] {
    guard !spans.isEmpty else { return findings }
    let frontEnd = Set(FrontEndProblem.Kind.allCases.map { $0.rule.id })
    return findings.filter { finding in
      if frontEnd.contains(finding.rule) { return true }
      guard isInside(finding.range) else { return true }
      return finding.rule == DuplicateNameRule.id && names.contains(Self.start(of: finding.range))
    }
  }

  /// Whether `range` starts inside a broken definition.
  private func isInside(_ range: SourceRange) -> Bool {
    guard let list = spans[range.fileName],
      let index = list.lastIndex(startingAtOrBefore: range.start, start: \.start)
    else { return false }
    return range.start < list[index].end
  }

  /// An empty range at the start of `range`, to compare places.
  private static func start(of range: SourceRange) -> SourceRange {
    SourceRange(file: range.fileName, start: range.start, end: range.start)
  }
}
