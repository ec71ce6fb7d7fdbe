/// `pop` and `dismiss` that leave a child without finishing it.
package enum BackLeakRule: ModuleRule {
  package static let id: RuleID = "back-leak"
  package static let severity = Severity.warning
  package static let blocksGeneration = false
  package static let drawing = FindingDrawing.problem
  package static let summary =
    "A `pop` or `dismiss` that leaves a child without `leave` without finishing it: `pop` on "
    + "the bottom of a push-style child, `dismiss` in a modal stack presented from outside."
  package static let rationale = """
    `pop` on the first screen of a push-style child goes back into its parent's screens, \
    and `dismiss` in a modal stack that the parent presented closes the child's screens. \
    Either way the child is left without finishing: the generated code drops it (no \
    handler of the parent runs), but a hand-written coordinator that removes a child only \
    when it finishes would leak it. Finish with a result instead and let the parent's \
    handler navigate, or say what leaving means: `leave: c` finishes with `c`, and \
    `leave: ~` says being dropped is intended (no finding then). A parent can be left with \
    the child: one whose start decision started it, showing nothing below it, or one all \
    of whose screens are in the modal stack a `dismiss` closes; where the child has \
    `leave` but such a parent has none, the parent is dropped unnoticed, and the finding \
    names it. It is reported only when the action is wrong in every way the screen can be \
    shown. The user's own back and \
    swipe are not reported, since the generated code removes a child they leave, unless \
    the configuration says `children: removed-on-finish` (coordinators written by hand): \
    then a screen whose back or swipe leaves a child without `leave` is reported at the \
    screen's name. A `pop` or `dismiss` in an external event is judged on every screen \
    that can be on top when the app sends it.
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
                edit: { start: Editor, on: { saved: stay } }
                share: { start: Share, style: present, on: { sent: stay } }
        Editor:
          result: { saved: ~ }
          start: Form
          screens:
            Form: { on: { save: { finish: saved }, back: ↓pop } }
        Share:
          result: { sent: ~ }
          start: Compose
          screens:
            Compose: { on: { send: { finish: sent }, close: ↓dismiss, delete: { alert: Sure } } }
          alerts:
            Sure: { on: { delete: ↓dismiss, keep: stay } }
      """),
    .triggering(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { help: { start: Help, style: sheet } } }
        Help:
          start: Topics
          screens:
            Topics: { on: { ask: { start: Ask, on: { sent: stay, closed: stay } } } }
        Ask:
          result: { sent: ~, closed: ~ }
          leave: closed
          start: Form
          screens:
            Form: { on: { send: { finish: sent }, close: ↓dismiss } }
      """),
    .passing(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home:
              on:
                edit: { start: Editor, on: { saved: stay, cancelled: stay } }
                share: { start: Share, style: sheet, on: { sent: stay } }
        Editor:
          result: { saved: ~, cancelled: ~ }
          start: Form
          screens:
            Form: { on: { save: { finish: saved }, back: { finish: cancelled }, more: { push: More } } }
            More: { on: { done: pop } }
        Share:
          result: { sent: ~ }
          leave: ~
          start: Compose
          screens:
            Compose: { on: { send: { finish: sent }, close: dismiss } }
      """),
  ]

  /// Reads the verdicts on back actions, and on the user's own back and swipe, that the
  /// module analysis worked out once (a fixpoint over at most six start contexts per
  /// coordinator): O(back actions + screens).
  package static func check(_ context: ResolvedModule, into findings: inout Findings) {
    // A `leave` key says what leaving means: a result, or a drop on purpose. The verdict is
    // a leak only where a coordinator without one is left: the action's own, or one left
    // with it (spec section 8, "Leaving").
    BackCheck.forEach(.leak, in: context) { site in
      guard site.coordinator.leave == nil || site.droppedAlong != nil else { return }
      let name = site.coordinator.name.text
      let dropped = site.droppedAlong?.name.text
      let message =
        site.isPop
        ? Message.popIntoParent(site.place, child: name, droppedAlong: dropped)
        : Message.dismissOutside(site.place, child: name, droppedAlong: dropped)
      findings.add(message, about: site.subject, at: site.step.written.range)
    }
    guard context.analysis.children == .removedOnFinish else { return }
    BackCheck.forEachGesture(leaking: context) { coordinator, screen, gesture, dropped in
      guard coordinator.leave == nil || dropped != nil else { return }
      let subject = coordinator.subject.appending(.screen(screen.name.text))
      let message =
        gesture == .back
        ? Message.backIntoParent(
          subject, child: coordinator.name.text, droppedAlong: dropped?.name.text)
        : Message.swipeOutside(
          subject, child: coordinator.name.text, droppedAlong: dropped?.name.text)
      findings.add(message, about: subject, at: screen.name.range)
    }
  }

  /// What the rule says.
  package enum Message: RuleMessage {
    package typealias ReportingRule = BackLeakRule

    /// A `pop` at `place` that goes back into the parent of push-style child `child`, and
    /// leaves `droppedAlong` with it when given.
    case popIntoParent(BackCheck.Place, child: String, droppedAlong: String?)
    /// A `dismiss` at `place` that closes a modal stack presented from outside `child`.
    case dismissOutside(BackCheck.Place, child: String, droppedAlong: String?)
    /// (`children: removed-on-finish`) The user's back on the screen, into the parent.
    case backIntoParent(SymbolRef, child: String, droppedAlong: String?)
    /// (`children: removed-on-finish`) The user's swipe down on the screen, closing a sheet
    /// presented from outside.
    case swipeOutside(SymbolRef, child: String, droppedAlong: String?)

    package var name: String {
      switch self {
      case .popIntoParent: "pop-into-parent"
      case .dismissOutside: "dismiss-outside"
      case .backIntoParent: "back-into-parent"
      case .swipeOutside: "swipe-outside"
      }
    }

    private static let consequence =
      "generated code drops it, but a hand-written coordinator that removes children only "
      + "when they finish would leak it"

    package var english: MessageText {
      switch self {
      case .popIntoParent(let place, let child, let dropped),
        .dismissOutside(let place, let child, let dropped):
        var what: MessageText =
          if case .popIntoParent = self {
            "'pop' \(place.text) goes back into the parent of push-style child '\(child)'"
          } else {
            "'dismiss' \(place.text) closes a modal stack presented from outside '\(child)'"
          }
        var leave = "'leave'"
        if let dropped {
          what = what + " and leaves '\(dropped)' with it"
          leave += " in '\(dropped)'"
        }
        return what + " without finishing it: \(Self.consequence); finish with a result "
          + "instead, or say what leaving means with \(leave)"
      case .backIntoParent(let screen, let child, let dropped),
        .swipeOutside(let screen, let child, let dropped):
        let isBack: Bool
        if case .backIntoParent = self { isBack = true } else { isBack = false }
        var what: MessageText =
          isBack
          ? "the user's back on \(definition: screen) goes back into the parent of push-style "
            + "child '\(child)'"
          : "the user's swipe down on \(definition: screen) closes a sheet presented from "
            + "outside '\(child)'"
        var add = "add 'leave: <case>' or 'leave: ~'"
        if let dropped {
          what = what + " and leaves '\(dropped)' with it"
          add += " to '\(dropped)'"
        }
        let off = isBack ? "systemBack: false" : "dismissible: false"
        return what + " without finishing it (children: removed-on-finish): "
          + "\(Self.consequence); \(add) once the app removes it when left, or '\(off)'"
      }
    }
  }
}
