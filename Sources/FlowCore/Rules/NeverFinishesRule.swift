/// Children that can never finish, so their parent never removes them.
package enum NeverFinishesRule: ModuleRule {
  package static let id: RuleID = "never-finishes"
  package static let severity = Severity.error
  package static let blocksGeneration = false
  package static let drawing = FindingDrawing.problem
  package static let summary =
    "A coordinator that some parent starts (not as a tab or a permanent child) and that, in "
    + "some way it is started, can neither reach a `finish` nor be left."
  package static let rationale = """
    A child is removed from its parent when it finishes or when the user leaves it: the \
    system back on the bottom of a push-style child, the swipe down of a sheet presented \
    for it, or a `pop` or `dismiss` that goes past its screens. Leaving a child of its own \
    can leave it too: a sheet swiped away while a push-style child is on top takes the \
    coordinator it was started for with it, and a coordinator whose start decision \
    started the child shows nothing once the child is gone. A child that, in some way \
    it is started, can do neither stays in its parent's children for as long as the parent \
    lives: a leak, and a stack that only grows. A full-screen modal has no swipe, and \
    `systemBack: false` or `dismissible: false` turn the user's own ways out off. Tabs and \
    permanent children are exempt: a child with no result that the parent's start decision \
    starts at the root of a stack, while the parent itself starts at the root of one (a \
    dashboard that is the app for as long as it runs), lives as long as its parent, \
    however the start decision is reached (from an external event, say). With \
    `children: removed-on-finish`, the user's back and swipe do not count as leaving a \
    child without `leave`. External events (section 7b) count: a child that the app ends \
    with an event (an expired session, say) is not stuck.
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
                profile: { start: Profile, style: fullScreen }
                help: { start: Help, style: sheet, on: { done: stay } }
        ↓Profile:
          start: Show
          screens:
            Show: { on: { edit: { push: Edit } } }
            Edit: { on: { save: pop } }
        ↓Help:
          result: { done: ~ }
          start: Topics
          screens:
            Topics: { dismissible: false, on: { next: stay } }
            Bye: { on: { close: { finish: done } } }
      """),
    .passing(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Launch
          decisions:
            Launch: { cases: { ready: { start: Dashboard } } }
        Dashboard:
          tabs:
            - start: Feed
        Feed:
          start: List
          screens:
            List: { on: { about: { start: About }, terms: { start: Terms, style: sheet } } }
        About:
          start: Page
          screens:
            Page: { on: { like: stay } }
        Terms:
          start: Text
          screens:
            Text: { on: { read: stay } }
      """),
    .passing(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { open: { start: Session, style: fullScreen, on: { expired: stay } } } }
        Session:
          result: { expired: ~ }
          start: Dashboard
          screens:
            Dashboard: { on: { refresh: stay } }
          events:
            sessionExpired: { finish: expired }
      """),
    .passing(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Launch
          decisions:
            Launch: { cases: { ready: { start: Board }, tour: { push: Tour } } }
          screens:
            Tour: { on: { help: { start: Help, style: sheet } } }
          events:
            reset: { decide: Launch }
        Board:
          start: Main
          screens:
            Main: { systemBack: false, on: { refresh: stay } }
        Help:
          start: Topics
          screens:
            Topics: { dismissible: false, on: { ask: { start: Ask, on: { sent: stay } } } }
        Ask:
          result: { sent: ~ }
          start: Form
          screens:
            Form: { on: { send: { finish: sent } } }
      """),
  ]

  /// Reads, for each way each coordinator is started other than as a tab or as a permanent
  /// child, whether the user can end it, worked out once: O(coordinators).
  package static func check(_ context: ResolvedModule, into findings: inout Findings) {
    let module = context.module
    for (index, coordinator) in module.coordinators.enumerated() {
      guard !context.analysis.coordinators[index].hasUnresolvedStep,
        let stuck = context.analysis.ordinaryStarts(of: index).first(where: {
          !$0.ending.canEndWithEvents
        }),
        module.coordinators.indices.contains(stuck.parent)
      else { continue }
      let parent = module.coordinators[stuck.parent].name.text
      let way = stuck.ending.context
      let message =
        coordinator.result == nil
        ? Message.noResult(coordinator.subject, parent: parent, way: way)
        : Message.cannotEnd(coordinator.subject, parent: parent, way: way)
      findings.add(message, about: coordinator.subject, at: coordinator.name.range)
    }
  }

  /// What the rule says.
  package enum Message: RuleMessage {
    package typealias ReportingRule = NeverFinishesRule

    /// The coordinator, without a result, that `parent` starts in `way` and the user
    /// cannot leave there.
    case noResult(SymbolRef, parent: String, way: StartContext)
    /// The coordinator that `parent` starts in `way` and that can neither finish nor be
    /// left there.
    case cannotEnd(SymbolRef, parent: String, way: StartContext)

    package var name: String {
      switch self {
      case .noResult: "no-result"
      case .cannotEnd: "cannot-end"
      }
    }

    package var english: MessageText {
      let (coordinator, parent, way, what): (SymbolRef, String, StartContext, String)
      switch self {
      case .noResult(let child, let starter, let context):
        (coordinator, parent, way, what) =
          (child, starter, context, "has no result and cannot be left there")
      case .cannotEnd(let child, let starter, let context):
        (coordinator, parent, way, what) =
          (child, starter, context, "can neither reach a 'finish' from its start nor be left there")
      }
      return "\(definition: coordinator) is started by '\(parent)' \(way.phrase) but \(what), so "
        + "'\(parent)' never removes it; add a reachable 'finish', or a way out the user can "
        + "take (the system back, a sheet's swipe)"
    }
  }
}
