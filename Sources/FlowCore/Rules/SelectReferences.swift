/// The `select: C` half of ``UnknownReferenceRule`` (spec section 7): a `select` whose
/// coordinator exists but that no tab can show. The nearest tab coordinator around the
/// coordinator that holds the action must, in at least one way that coordinator is started,
/// have a tab that starts C. A coordinator nobody starts is not judged, nor one whose ways
/// are too many to tell (``NearestTabCoordinators/bound``), nor any when a broken node may
/// have started coordinators the graph does not know of.
///
/// O(size of the module): one pass over every step, with the nearest tab coordinators
/// worked out once.
struct SelectReferences {
  let module: FlowModule
  let analysis: ModuleAnalysis

  /// Appends a finding for each `select` that no tab can show, at the coordinator it names.
  func check(into findings: inout Findings) {
    guard !analysis.isAttachmentUncertain else { return }
    let graph = analysis.graph
    var nearest: NearestTabCoordinators?
    var tabChildren: [Int: Set<Int>] = [:]
    var messages: [String: UnknownReferenceRule.Message] = [:]
    for (index, coordinator) in graph.coordinators.enumerated() {
      // Each `select` with its node (the tabs' node for external events and tab handlers).
      var steps: [(step: Step, node: NodeID)] = []
      for (node, list) in coordinator.steps.enumerated() {
        for step in list where Self.isSelect(step) { steps.append((step, node)) }
      }
      for step in coordinator.eventSteps where Self.isSelect(step) {
        steps.append((step, coordinator.nodeCount))
      }
      if case .tabs(let tabs) = coordinator.root {
        for tab in tabs {
          for step in tab.handlerSteps where Self.isSelect(step) {
            steps.append((step, coordinator.nodeCount))
          }
        }
      }
      guard !steps.isEmpty else { continue }
      let found = nearest ?? NearestTabCoordinators(analysis)
      nearest = found
      guard found.isStarted[index], !found.isUnbounded[index],
        !analysis.isReachedOnlyThroughBroken[index]
      else { continue }
      let around = found.sets[index]
      for tabCoordinator in around where tabChildren[tabCoordinator] == nil {
        tabChildren[tabCoordinator] = Set(children(ofTabs: tabCoordinator))
      }
      for (step, node) in steps {
        guard case .select(let selected) = step.action,
          case .select(let name) = step.written.kind,
          !around.contains(where: { tabChildren[$0]?.contains(selected) ?? false })
        else { continue }
        // Worked out once per coordinator and name: many nodes may share one wrong select
        // through a merge key, and the tabs may be many.
        let key = "\(index)\u{0}\(name.text)"
        let message = messages[key] ?? self.message(name.text, in: index, around: around)
        messages[key] = message
        findings.add(
          message,
          about: graph.subject(of: step, at: node, in: index).appending(.reference(name.text)),
          at: name.range, suggestion: message.suggestion)
      }
    }
  }

  private static func isSelect(_ step: Step) -> Bool {
    if case .select = step.action { true } else { false }
  }

  /// The coordinators the tabs of tab coordinator `index` start, in tab order.
  private func children(ofTabs index: Int) -> [Int] {
    guard case .tabs(let list) = analysis.graph.coordinators[index].root else { return [] }
    return list.compactMap(\.start.child)
  }

  /// Names the tab coordinators found around `holder` and suggests the closest tab child.
  private func message(
    _ selected: String, in holder: Int, around: [Int]
  ) -> UnknownReferenceRule.Message {
    let holderName = module.coordinators[holder].name.text
    guard !around.isEmpty else {
      return .selectOutsideTabs(holder: holderName, selected: selected)
    }
    var tabNames: [String] = []
    var seen = Set<Int>()
    for tabCoordinator in around {
      for child in children(ofTabs: tabCoordinator) where seen.insert(child).inserted {
        tabNames.append(module.coordinators[child].name.text)
      }
    }
    return .noTabStarts(
      selected: selected, tabCoordinators: around.map { module.coordinators[$0].name.text },
      holder: around != [holder] ? holderName : nil,
      suggestion: Suggestion.closest(to: selected, in: tabNames), tabs: tabNames)
  }
}
