/// A window the user can leave with nothing in it (spec 13.7, r3).
package enum EmptyWindowRule: ModuleRule {
  package static let id: RuleID = "empty-window"
  package static let severity = Severity.warning
  package static let blocksGeneration = false
  package static let drawing = FindingDrawing.problem
  package static let summary =
    "A modal stack that the user can close while nothing is below it: the sheet an entry's "
    + "start decision presents, or a child started there that is dropped when left."
  package static let rationale = """
    An entry coordinator is never left (section 8): when a swipe, a `dismiss` or the user \
    leaving a child removes every screen it shows, nothing ends and nothing runs next, and \
    the window stays empty. That happens when its start decision presents a sheet (or any \
    modal stack with a `dismiss` in it) instead of showing a screen below it, or starts a \
    modal child that is dropped when the user leaves it (no `leave`, or `leave: ~`). A \
    permanent child, and any coordinator its parent's start decision starts at the root of \
    the window, has nothing below it either: when it shows nothing, the coordinators that \
    started it show nothing, and the outermost of them is dropped. The finding is placed \
    once, at the action that presented the stack the user closes. Push the first screen \
    instead of presenting it, present it from a screen, make its screens `dismissible: \
    false` in a `fullScreen` stack without `dismiss`, or give the child a `leave` case whose \
    handler shows a screen. A form sheet and a popover are closed as a sheet is (a tap \
    outside a popover).
    """
  package static let examples: [RuleExample] = [
    .triggering(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Launch
          decisions:
            Launch:
              cases:
                firstRun: { ↓present: Welcome }
                signedOut: { ↓start: Auth, style: formSheet, on: { signedIn: { push: Home } } }
                signedIn: { push: Home }
          screens:
            Welcome: { on: { next: { push: Tour } } }
            Tour: { on: { done: dismiss } }
            Home: { on: { refresh: stay } }
        Auth:
          result: { signedIn: ~ }
          start: Login
          screens:
            Login: { on: { submit: { finish: signedIn } } }
      """),
    .triggering(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Launch
          decisions:
            Launch: { cases: { ready: { start: Board } } }
        Board:
          start: Pick
          decisions:
            Pick: { cases: { news: { ↓present: News, style: popover } } }
          screens:
            News: { on: { read: stay } }
      """),
    .passing(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Launch
          decisions:
            Launch:
              cases:
                firstRun: { present: Welcome, style: fullScreen }
                signedOut:
                  start: Auth
                  style: sheet
                  on: { signedIn: { decide: Launch }, cancelled: { decide: Launch } }
                signedIn: { push: Home }
          screens:
            Welcome: { on: { next: { replace: Home } } }
            Home: { on: { help: { present: Help } } }
            Help: { on: { close: dismiss } }
        Auth:
          result: { signedIn: ~, cancelled: ~ }
          leave: cancelled
          start: Login
          screens:
            Login: { on: { submit: { finish: signedIn } } }
      """),
  ]

  /// Reads, for each way each coordinator is started with nothing below it in the window,
  /// which modal stacks of its start decision the user can close, worked out once by the
  /// module analysis: O(coordinators + start decisions' steps).
  package static func check(_ context: ResolvedModule, into findings: inout Findings) {
    let module = context.module
    let analysis = context.analysis
    for index in module.coordinators.indices where module.isFirstDefinition(coordinator: index) {
      let coordinatorAnalysis = analysis.coordinators[index]
      guard !coordinatorAnalysis.hasUnresolvedStep else { continue }
      let name = module.coordinators[index].name.text
      var reported: Set<[Int]> = []
      for ending in analysis.windowEndings(of: index) {
        let isEntry = module.coordinators[index].isEntry && ending.context == .entry
        for present in ending.closablePresents {
          let step = coordinatorAnalysis.steps[present.node][present.step]
          // A handler of a child's request (r3, spec 13.3) presents over the child, which
          // keeps running below: closing the stack shows the child's screens again.
          guard step.handledRequest == nil, case .present(_, let style) = step.written.kind,
            let closing = Message.Closing(present.exits),
            reported.insert([present.node, present.step]).inserted
          else { continue }
          findings.add(
            Message.closablePresentation(style, closing, coordinator: name, isEntry: isEntry),
            about: context.graph.subject(of: step, at: present.node, in: index),
            at: step.written.range)
        }
        for node in coordinatorAnalysis.steps.indices
        where coordinatorAnalysis.reachable[node] && !coordinatorAnalysis.graph.isScreen(node)
          && !(coordinatorAnalysis.hasEventsNode && node == coordinatorAnalysis.tabsNode)
          && analysis.presentation.was(node, in: index, .belowCoordinator)
        {
          // Only a sequence's first element acts below the coordinator (r3, spec 13.1): the
          // ones after it act on the screen the one before leads to.
          for (position, step) in coordinatorAnalysis.steps[node].enumerated()
          where step.isFirstElement {
            guard step.handledRequest == nil, case .start(let start) = step.action,
              let child = start.child, let style = start.style.presentation
            else { continue }
            // An entry's handler of the child's `leave` case runs next: the window stays
            // empty only when it shows no screen either (spec 13.7).
            let leaveShowingNothing =
              isEntry ? leaveCaseShowingNothing(start.start, of: module.coordinators[child]) : nil
            guard
              !isEntry || droppedWhenLeft(module.coordinators[child]) || leaveShowingNothing != nil,
              let childEnding = analysis.ending(
                of: child, in: StartContext(onParent: false, outsideModal: style.modal))
            else { continue }
            var exits: Exits = []
            if childEnding.exits.contains(.stack) { exits.insert(.selfByAction) }
            if childEnding.exits.contains(.swipe) { exits.insert(.selfByGesture) }
            guard let closing = Message.Closing(exits),
              reported.insert([node, position]).inserted
            else { continue }
            let childName = module.coordinators[child].name.text
            findings.add(
              leaveShowingNothing.map {
                Message.leaveShowsNothing(
                  style, closing, child: childName, leave: $0, coordinator: name)
              }
                ?? Message.droppedChild(
                  style, closing, child: childName, coordinator: name, isEntry: isEntry),
              about: context.graph.subject(of: step, at: node, in: index),
              at: step.written.range)
          }
        }
      }
    }
  }

  /// Whether a coordinator left by the user is dropped: no `leave`, or `leave: ~`.
  private static func droppedWhenLeft(_ coordinator: Coordinator) -> Bool {
    if case .result? = coordinator.leave { return false }
    return true
  }

  /// The child's `leave` case, when the handler `start` has for it shows no screen: `stay`,
  /// or a back action, which acts below the coordinator where nothing of it is shown.
  /// `nil` without a `leave` case, or when its handler shows something (or may: a decision,
  /// an alert, a child).
  private static func leaveCaseShowingNothing(_ start: ChildStart, of child: Coordinator)
    -> String?
  {
    guard case .result(let leave)? = child.leave,
      let handler = start.handlers.first(where: { $0.name.text == leave.text })
    else { return nil }
    switch handler.action.kind {
    case .stay, .pop, .popToRoot, .dismiss: return leave.text
    default: return nil
    }
  }

  /// What the rule says.
  package enum Message: RuleMessage {
    package typealias ReportingRule = EmptyWindowRule

    /// How the user closes a modal stack.
    package enum Closing: Hashable, Sendable {
      /// A swipe down, or a tap outside a popover.
      case gesture
      /// A `dismiss`.
      case dismiss
      /// Either.
      case either

      /// How the user closes a stack with `exits`; `nil` when they cannot.
      init?(_ exits: Exits) {
        switch (exits.contains(.selfByGesture), exits.contains(.selfByAction)) {
        case (true, true): self = .either
        case (true, false): self = .gesture
        case (false, true): self = .dismiss
        case (false, false): return nil
        }
      }
    }

    /// A modal stack the coordinator's start decision presents, which the user can close
    /// with nothing below it.
    case closablePresentation(
      PresentationStyle, Closing, coordinator: String, isEntry: Bool)
    /// A modal child the start decision starts, dropped when the user closes it.
    case droppedChild(
      PresentationStyle, Closing, child: String, coordinator: String, isEntry: Bool)
    /// A modal child the entry's start decision starts, which finishes with its `leave` case
    /// when the user closes it, into a handler that shows no screen.
    case leaveShowsNothing(
      PresentationStyle, Closing, child: String, leave: String, coordinator: String)

    package var name: String {
      switch self {
      case .closablePresentation: "closable-presentation"
      case .droppedChild: "dropped-child"
      case .leaveShowsNothing: "leave-shows-nothing"
      }
    }

    package var english: MessageText {
      switch self {
      case .closablePresentation(let style, let closing, let coordinator, let isEntry):
        "when the user closes this \(Self.kind(style)) (\(Self.how(closing, style))), the "
          + "window is left empty: '\(coordinator)' shows no screen below it"
          + "\(Self.below(isEntry)); push a screen instead, or present it from one"
      case .droppedChild(let style, let closing, let child, let coordinator, let isEntry):
        "when the user closes the \(Self.kind(style)) '\(child)' is started in here "
          + "(\(Self.how(closing, style))), '\(child)' is dropped and the window is left "
          + "empty: '\(coordinator)' shows no screen below it\(Self.below(isEntry)); "
          + "\(Self.advice(isEntry, child: child))"
      case .leaveShowsNothing(let style, let closing, let child, let leave, let coordinator):
        "when the user closes the \(Self.kind(style)) '\(child)' is started in here "
          + "(\(Self.how(closing, style))), '\(child)' finishes with '\(leave)', whose handler "
          + "shows no screen, and the window is left empty: '\(coordinator)' shows no screen "
          + "below it\(Self.below(true)); make that handler show a screen, or start "
          + "'\(child)' from a screen"
      }
    }

    /// What to do about a child dropped with the window left empty.
    private static func advice(_ isEntry: Bool, child: String) -> String {
      isEntry
        ? "start it from a screen, or give '\(child)' a 'leave' case whose handler shows one"
        : "start it from a screen"
    }

    /// How a message names a modal stack of `style`.
    private static func kind(_ style: PresentationStyle) -> String {
      style == .fullScreen ? "full-screen modal" : style.phrase
    }

    /// How the user closes it: a swipe (a tap outside a popover), a `dismiss`, or either.
    private static func how(_ closing: Closing, _ style: PresentationStyle) -> String {
      let gesture = style == .popover ? "a tap outside it" : "a swipe down"
      switch closing {
      case .either: return "\(gesture) or 'dismiss'"
      case .gesture: return gesture
      case .dismiss: return "'dismiss'"
      }
    }

    /// Why nothing shows below the coordinator: an entry is never left; another coordinator
    /// is left, and what started it shows nothing either.
    private static func below(_ isEntry: Bool) -> String {
      isEntry
        ? ", and an entry is never left"
        : ", and it is dropped with the coordinators that started it, which show none either"
    }
  }
}
