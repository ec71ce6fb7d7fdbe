/// Screens the user can reach but never leave with a result.
package enum CannotFinishRule: ModuleRule {
  package static let id: RuleID = "cannot-finish"
  package static let severity = Severity.warning
  package static let blocksGeneration = false
  package static let drawing = FindingDrawing.problem
  package static let summary =
    "A reachable screen from which the user can neither reach a `finish` nor leave the "
    + "coordinator, in a way it is started in which the user can end it at all."
  package static let rationale = """
    The paths of section 8 are followed from the screen: forward through push, present, \
    replace, decide and child handlers, and back through `pop` to every screen that pushes \
    it and through `dismiss` to every screen that presents its stack. The user's own ways \
    back count too: the system back on every screen that is not the root of a stack (unless \
    it says `systemBack: false`) and the swipe down on a sheet (unless `dismissible: \
    false`; a full-screen modal has none), so a pushed screen needs no `back: pop` event. \
    Leaving the coordinator is a way out like finishing it: a back on the bottom of a \
    push-style child, a dismiss or swipe of a modal stack presented from outside it, or \
    leaving a child that takes all of its screens with it (a sheet swiped away from the \
    child's screen on top). An entry is never left: a sheet its start decision presented \
    ends nothing when it is swiped away, so the entry's other screens are not traps. A \
    screen with no way out traps the user, and the coordinator is never removed from its \
    parent. It is checked in each way the coordinator is started in which the user can \
    end it at all (the message names the way); with `children: removed-on-finish`, the \
    user's back and swipe do not count as leaving a coordinator without `leave`. External \
    events (section 7b) do not count: the app sends them, not the user, so an event that \
    would end the coordinator does not free a screen the user cannot leave, while the \
    screens an event shows are checked like any other. The back button's long-press menu \
    goes past screens whose own back is off. The check follows screens, not whole paths: \
    a screen that one action presents as a sheet and another full screen counts the \
    sheet's swipe as a way out in both, so a trap on the full-screen path alone is not \
    reported.
    """
  package static let examples: [RuleExample] = [
    .triggering(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home:
              on:
                pick: { start: Picker, style: fullScreen, on: { picked: stay } }
                edit: { start: Editor, on: { saved: stay } }
        Picker:
          result: { picked: ~ }
          start: List
          screens:
            List: { on: { choose: { finish: picked }, help: { replace: Help } } }
            ↓Help: { on: { more: { push: More } } }
            ↓More: { on: { like: stay } }
        Editor:
          result: { saved: ~ }
          start: Form
          screens:
            Form: { on: { save: { finish: saved }, preview: { push: Preview } } }
            ↓Preview: { systemBack: false, on: { zoom: { present: Zoom, style: fullScreen } } }
            ↓Zoom: { on: { like: stay } }
      """),
    .passing(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { pick: { start: Picker, on: { picked: stay } } } }
        Picker:
          result: { picked: ~ }
          start: List
          screens:
            List: { on: { choose: { finish: picked }, info: { push: Info }, help: { present: Help } } }
            Info: { on: { deeper: { push: Info } } }
            Help: { on: { like: stay } }
      """),
    .passing(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Launch
          decisions:
            Launch: { cases: { intro: { present: Intro }, home: { push: Home } } }
          screens:
            Intro: { on: { ok: stay } }
            Home: { on: { more: { push: More } } }
            More: { systemBack: false, on: { like: stay } }
      """),
  ]

  /// Reads, for each way each coordinator is started, where the user can end it, worked out
  /// once: O(nodes).
  package static func check(_ context: ResolvedModule, into findings: inout Findings) {
    let module = context.module
    for (index, coordinator) in module.coordinators.enumerated() {
      guard !context.analysis.coordinators[index].hasUnresolvedStep else { continue }
      // Only the ways in which the user can end it at all; the others are
      // `never-finishes`' business, or nobody's.
      let endings = context.analysis.startEndings(of: index).filter(\.canEnd)
      guard let first = endings.first else { continue }
      var trapped: [(screen: Int, way: StartContext?)] = []
      if context.analysis.isStarted(index) {
        var seen: Set<Int> = []
        for ending in endings {
          for screen in ending.trapped where seen.insert(screen).inserted {
            trapped.append((screen, ending.context))
          }
        }
        trapped.sort { $0.screen < $1.screen }
      } else {
        // Nobody starts it: only what holds in every way it could be started.
        var common = Set(first.trapped)
        for ending in endings.dropFirst() { common.formIntersection(ending.trapped) }
        trapped = common.sorted().map { ($0, nil) }
      }
      for (screen, way) in trapped {
        let subject = coordinator.subject(of: .screen(screen))
        findings.add(
          Message.trapped(subject, coordinator: coordinator.name.text, when: way),
          about: subject, at: coordinator.screens[screen].name.range)
      }
    }
  }

  /// What the rule says.
  package enum Message: RuleMessage {
    package typealias ReportingRule = CannotFinishRule

    /// The screen from which the user can neither finish its coordinator nor leave it, in
    /// the way it is started that is given (or in every way, when none is).
    case trapped(SymbolRef, coordinator: String, when: StartContext?)

    package var name: String { "trapped" }

    package var english: MessageText {
      switch self {
      case .trapped(let screen, let coordinator, let way):
        let started = way.map { " when '\(coordinator)' is started \($0.phrase)" } ?? ""
        return "\(definition: screen) of coordinator '\(coordinator)' has no path to a 'finish' "
          + "or out of '\(coordinator)'\(started): the user is trapped there and "
          + "'\(coordinator)' is never removed"
      }
    }
  }
}
