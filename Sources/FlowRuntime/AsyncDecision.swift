/// How a decision's two forms reach each other: the generated `<C>Screens` protocol asks for
/// each decision both as `decide<D>(…, answer:)` (a callback, answered now or later) and as
/// `decide<D>(…) async -> <D>Answer`, with a default for each that calls the other, so the
/// app writes the one it likes.
///
/// The coordinator always asks the callback form, at once, so a decision answered
/// synchronously navigates in the same turn. When the app wrote the `async` form, the
/// callback form's default (``answer(_:decision:of:with:)``) runs it in a task that the
/// coordinator that asked owns: the task is cancelled when that coordinator or the user
/// navigates away from where it asked, or when the coordinator ends, and an answer that
/// comes after that is dropped with a ``FlowLog`` message that names it. A decision with
/// neither form written would call one default from the other forever; instead it is never
/// answered, and a fault is logged.
@MainActor
public enum AsyncDecision {
  /// The coordinator that asks a decision now, and the decision, while it calls the app's
  /// callback form (``Coordinator/ask(_:)``).
  static var asking: (coordinator: Coordinator, decision: PendingDecision)?
  /// The decisions (`Coordinator.Decision`) whose `async` default calls their callback form
  /// now: a callback default reached from there means neither form is the app's.
  private static var bridging: Set<String> = []
  /// How many tasks that coordinators own to answer their decisions run now, cancelled or
  /// not: while there is none, a navigation has no task to cancel.
  static var running = 0

  /// Answers a decision with its `async` form: what the callback form's generated default
  /// does. Asked by a coordinator, `operation` runs in a task that coordinator owns (see
  /// above) and its result goes to `answer`; called by the app itself, in a task of its own.
  public static func answer<Answer>(
    _ answer: @escaping @MainActor (Answer) -> Void, decision: String, of coordinator: String,
    with operation: @escaping @MainActor () async -> Answer
  ) {
    guard !bridging.contains("\(coordinator).\(decision)") else {
      FlowLog.write(
        FlowLogMessage(
          .unansweredDecision, .notImplemented, coordinator: coordinator + "Coordinator",
          node: decision))
      return
    }
    guard let asker = asking else {
      Task { answer(await operation()) }
      return
    }
    asking = nil
    asker.coordinator.run(asker.decision) { answer(await operation()) }
  }

  /// Answers a decision with its callback form, awaiting the answer: what the `async` form's
  /// generated default does. `ask` calls the callback form with the closure that answers.
  public static func value<Answer>(
    decision: String, of coordinator: String,
    _ ask: (_ answer: @escaping @MainActor (Answer) -> Void) -> Void
  ) async -> Answer {
    let box = AnswerBox<Answer>()
    let key = "\(coordinator).\(decision)"
    let outer = bridging.contains(key)
    bridging.insert(key)
    ask { box.receive($0) }
    if !outer { bridging.remove(key) }
    return await box.value
  }
}

/// Where the callback form's answer waits for the `async` form that awaits it: the first
/// answer counts.
@MainActor
private final class AnswerBox<Answer> {
  private var answer: Answer?
  private var waiting: CheckedContinuation<Void, Never>?

  func receive(_ answer: Answer) {
    guard self.answer == nil else { return }
    self.answer = answer
    waiting?.resume()
    waiting = nil
  }

  /// The answer, once it came. With neither form of the decision written it never comes,
  /// and the task that awaits it stays suspended (a fault is logged).
  var value: Answer {
    get async {
      while true {
        if let answer { return answer }
        await withCheckedContinuation { waiting = $0 }
      }
    }
  }
}

/// A decision a coordinator asked and has not had answered: where it asked, and the task
/// that answers it with the `async` form, if the app wrote that one.
@MainActor
final class PendingDecision {
  /// The decision's name in the flow.
  let name: String
  /// The coordinator's navigations and the router's top when it asked.
  let asked: (navigations: Int, top: StackPosition)
  /// The task that runs the app's `async` form.
  var task: Task<Void, Never>?

  init(name: String, asked: (navigations: Int, top: StackPosition)) {
    self.name = name
    self.asked = asked
  }
}
