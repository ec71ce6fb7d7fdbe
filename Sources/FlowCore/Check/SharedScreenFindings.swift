/// (r3) What the rules found in the owners' copies of shared screens, decisions and alerts,
/// judged across the owners (spec section 13.2).
///
/// The module gives each coordinator a copy of every shared node it can reach (``SharedNodes``),
/// so the rules judge each copy as one of its owner's nodes, at the shared node's place.
/// Around ``SharedFindings``, which makes the findings of one place one, naming the owners in
/// which they were found (each owner reads the shared node as a definition reads anchored
/// content), this pass does what is particular to shared nodes:
///
/// - before: a back action (`invalid-back`, `back-leak`) is kept only when every owner that
///   can show the copy (a coordinator that is started or an entry, whose copy is reachable;
///   when there is none, every owner whose copy is reachable) found it wrong, as a back
///   action of a screen is reported only when wrong in every way it can be shown; and it is
///   `back-leak` when one owner found it leaking, `invalid-back` when it can never happen for
///   any. Findings of other rules are kept, found in some owner (`cannot-finish` names it).
/// - after: each finding about a copy is about the shared node (its subject starts at the
///   shared node, with no coordinator), so that it is one finding across runs however many
///   owners found it.
///
/// O(findings + the owners' copies).
struct SharedScreenFindings {
  /// An owner's copy of a shared node.
  private struct Copy {
    var original: Coordinator.Node
    var owner: Int
  }

  /// Each copy, by its subject in its owner (`coordinator 'App' › screen 'Profile'`).
  private var copies: [SymbolRef: Copy] = [:]
  /// For each shared node, the owners whose back-action verdicts count (see above).
  private var ways: [Coordinator.Node: Set<Int>] = [:]
  private let shared: SharedNodes

  init(_ resolved: ResolvedModule) {
    let module = resolved.module
    shared = module.shared
    guard !shared.isEmpty else { return }
    var showing: [Coordinator.Node: Set<Int>] = [:]
    var started: [Coordinator.Node: Set<Int>] = [:]
    for (index, analysis) in resolved.analysis.coordinators.enumerated()
    where module.isFirstDefinition(coordinator: index) {
      let coordinator = module.coordinators[index]
      let counts = resolved.analysis.isStarted(index) || coordinator.isEntry
      for node in 0..<analysis.graph.nodeCount {
        let written = analysis.graph.node(node)
        let original: Coordinator.Node? =
          switch written {
          case .screen(let at): coordinator.screens[at].copyOf.map { .screen($0) }
          case .decision(let at): coordinator.decisions[at].copyOf.map { .decision($0) }
          case .alert(let at): coordinator.alerts[at].copyOf.map { .alert($0) }
          }
        guard let original else { continue }
        copies[coordinator.subject(of: written)] = Copy(original: original, owner: index)
        guard analysis.reachable[node] else { continue }
        showing[original, default: []].insert(index)
        if counts { started[original, default: []].insert(index) }
      }
    }
    for (original, owners) in showing {
      ways[original] = started[original].flatMap { $0.isEmpty ? nil : $0 } ?? owners
    }
  }

  /// The copy a finding about `subject` was found in, if any.
  private func copy(of subject: SymbolRef) -> Copy? {
    guard subject.path.count >= 2, case .coordinator = subject.path[0] else { return nil }
    return copies[SymbolRef(Array(subject.path.prefix(2)))]
  }

  /// `findings` with the back actions in copies kept only where wrong for every owner.
  func judged(_ findings: [Finding]) -> [Finding] {
    guard !copies.isEmpty else { return findings }
    struct Place: Hashable {
      var original: Coordinator.Node
      var range: SourceRange
    }
    var groups: [Place: [Int]] = [:]
    for (index, finding) in findings.enumerated()
    where finding.rule == InvalidBackRule.id || finding.rule == BackLeakRule.id {
      guard let copy = copy(of: finding.subject) else { continue }
      groups[Place(original: copy.original, range: finding.range), default: []].append(index)
    }
    guard !groups.isEmpty else { return findings }
    var dropped: Set<Int> = []
    for (place, members) in groups {
      let required = ways[place.original] ?? []
      var found: Set<Int> = []
      for member in members {
        guard let owner = copy(of: findings[member].subject)?.owner, required.contains(owner)
        else {
          dropped.insert(member)
          continue
        }
        found.insert(owner)
      }
      guard !required.isEmpty, required.isSubset(of: found) else {
        dropped.formUnion(members)
        continue
      }
      let leaks = members.contains {
        !dropped.contains($0) && findings[$0].rule == BackLeakRule.id
      }
      if leaks {
        for member in members where findings[member].rule == InvalidBackRule.id {
          dropped.insert(member)
        }
      }
    }
    return findings.indices.filter { !dropped.contains($0) }.map { findings[$0] }
  }

  /// `findings` with each one about a copy made about its shared original.
  func resubjected(_ findings: [Finding]) -> [Finding] {
    guard !copies.isEmpty else { return findings }
    return findings.map { finding in
      var moved = finding
      moved.subject = canonical(finding.subject)
      return moved
    }
  }

  /// `subject`, when it is in an owner's copy of a shared node, in the shared node instead.
  func canonical(_ subject: SymbolRef) -> SymbolRef {
    guard let copy = copy(of: subject) else { return subject }
    return SymbolRef(shared.subject(of: copy.original).path + subject.path.dropFirst(2))
  }
}
