/// `pop`, `popToRoot` and `dismiss` that can never happen.
package enum InvalidBackRule: ModuleRule {
  package static let id: RuleID = "invalid-back"
  package static let severity = Severity.error
  package static let blocksGeneration = false
  package static let drawing = FindingDrawing.problem
  package static let summary =
    "`pop` on a screen that is always the bottom of a stack root; `popToRoot` on a screen that "
    + "is always the first its coordinator shows on its stack; `dismiss` on a screen that can "
    + "never be in a modal stack; a back action of a sequence, not its last, that leaves the "
    + "coordinator or can never happen."
  package static let rationale = """
    A screen is the bottom of a stack root when it is the first screen of an entry, tab or \
    modal (`sheet` or `fullScreen`) coordinator, is shown only by `replace` there, or only \
    by `present`. \
    There is nothing to pop back to, and a `dismiss` outside any modal stack does nothing: \
    the button is dead. (r3) A back action of a sequence that is not its last must not \
    leave the coordinator either: the actions after it could not run. A `popToRoot` goes back to the first screen its coordinator shows on \
    the stack (the first screen, one shown by `replace`, or one shown by `present`), and \
    never further: on that screen itself it does nothing. It is reported only when it holds in every way the screen can be \
    shown (every path, every way its coordinator is started). One in an external event is \
    judged on every screen that can be on top when the app sends it, and placed at the \
    event's action.
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
            Home: { on: { back: ↓pop, close: ↓dismiss, info: { present: Info }, top: ↓popToRoot } }
            Info: { on: { back: ↓pop, close: dismiss } }
      """),
    .triggering(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { open: { start: Child, on: { done: stay } } } }
        Child:
          result: { done: ~ }
          leave: done
          start: First
          screens:
            First: { on: { again: [↓pop, { push: First }], next: { push: Second } } }
            Second: { on: { restart: [pop, pop], done: { finish: done } } }
      """),
    .passing(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { next: { push: Detail }, info: { present: Info } } }
            Detail: { on: { back: pop, more: { push: Detail }, top: popToRoot } }
            Info: { on: { close: dismiss, next: { push: More } } }
            More: { on: { back: pop, close: dismiss, swap: [dismiss, { push: Detail }] } }
      """),
  ]

  /// Reads the verdicts on back actions that the module analysis worked out once (a
  /// fixpoint over at most four start contexts per coordinator): O(back actions).
  package static func check(_ context: ResolvedModule, into findings: inout Findings) {
    BackCheck.forEach(.impossible, in: context) { site in
      let keyword = site.step.written.keyword
      let owner = site.coordinator.name.text
      if !site.step.isLastElement {
        // Before other elements of a sequence (r3): leaving is as wrong as not happening.
        findings.add(
          Message.backBeforeLaterElements(keyword, site.place, coordinator: owner),
          about: site.subject, at: site.step.written.range)
        return
      }
      let message: Message
      if site.isPopToRoot {
        message = .popToRootOnFirst(keyword, site.place, coordinator: owner)
      } else if !site.isPop {
        message = .dismissOutsideModal(keyword, site.place)
      } else if site.states.allSatisfy({ $0.ownModal != nil && !$0.isPushed }) {
        message = .popAtPresentedRoot(keyword, site.place)
      } else {
        message = .popAtStackBottom(keyword, site.place, coordinator: owner)
      }
      findings.add(message, about: site.subject, at: site.step.written.range)
    }
  }

  /// What the rule says.
  package enum Message: RuleMessage {
    package typealias ReportingRule = InvalidBackRule

    /// A `popToRoot` on a screen that is always the first its coordinator shows there.
    case popToRootOnFirst(String, BackCheck.Place, coordinator: String)
    /// A `dismiss` on a screen never in a modal stack.
    case dismissOutsideModal(String, BackCheck.Place)
    /// A `pop` on a screen only ever presented, at the root of its modal stack.
    case popAtPresentedRoot(String, BackCheck.Place)
    /// A `pop` on the bottom of a navigation stack, nothing of its coordinator below.
    case popAtStackBottom(String, BackCheck.Place, coordinator: String)
    /// (r3) A back element of a sequence, not its last, that leaves its coordinator or can
    /// never happen, in every way it acts: the elements after it could not run.
    case backBeforeLaterElements(String, BackCheck.Place, coordinator: String)

    package var name: String {
      switch self {
      case .popToRootOnFirst: "pop-to-root-on-first"
      case .dismissOutsideModal: "dismiss-outside-modal"
      case .popAtPresentedRoot: "pop-at-presented-root"
      case .popAtStackBottom: "pop-at-stack-bottom"
      case .backBeforeLaterElements: "back-before-later-elements"
      }
    }

    package var english: MessageText {
      switch self {
      case .popToRootOnFirst(let keyword, let place, let coordinator):
        "'\(keyword)' \(place.text) can never happen: the screen is always the first "
          + "\(name: .coordinator(coordinator)) shows on its stack; remove it or use 'stay'"
      case .dismissOutsideModal(let keyword, let place):
        "'\(keyword)' \(place.text) can never happen: the screen is never in a modal stack"
      case .popAtPresentedRoot(let keyword, let place):
        "'\(keyword)' \(place.text) can never happen: it is only shown by 'present', at the "
          + "root of a modal stack"
      case .popAtStackBottom(let keyword, let place, let coordinator):
        "'\(keyword)' \(place.text) can never happen: it is the bottom of a navigation stack "
          + "there, with nothing of \(name: .coordinator(coordinator)) below"
      case .backBeforeLaterElements(let keyword, let place, let coordinator):
        "'\(keyword)' \(place.text) leaves \(name: .coordinator(coordinator)) or can never happen, in every way "
          + "it acts, so the actions after it in the sequence could not run; make it the last "
          + "action or remove it"
      }
    }
  }
}
