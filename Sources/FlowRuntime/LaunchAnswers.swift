import Foundation

/// Answers to the flow's decisions given as launch arguments, for UI tests that must take a
/// path through a decision without the server or the state that decides it:
/// `-flowc-answer App.Launch=loggedIn` (several pairs allowed), which `flowc tests --kind
/// xcuitest` and `--kind maestro` write for the decisions on each path.
///
/// Nothing is answered unless the app opts in, in its debug builds only, before it starts
/// its root coordinator:
///
/// ```swift
/// #if DEBUG
///   FlowLaunchAnswers.read()
/// #endif
/// ```
///
/// Generated coordinators look for an answer in debug builds only (`#if DEBUG`) each time
/// they ask a decision, before they ask the app. A decision is named by its key
/// (`<Coordinator>.<Decision>`, a shared decision by its name: `AccessibilityIdentifiers` in
/// FlowCore spells them); an answer keyed by the decision's name alone (`Launch=loggedIn`)
/// answers it too, where no answer has the whole key. Several answers to one decision are
/// used in order, one each time it is asked; the last one then answers every later asking.
/// A case with a payload cannot be made from a launch argument: the generated code leaves
/// such an answer to the app, whose `decide…` can take it with ``next(for:among:)`` and make
/// the payload itself.
@MainActor
public enum FlowLaunchAnswers {
  /// The launch argument that precedes each answer.
  public static let argument = "-flowc-answer"

  /// The answers not used yet, by key, in order; the last one of each stays.
  private static var answers: [String: [String]] = [:]

  /// Reads the answers in `arguments` (the process's launch arguments unless told others),
  /// in place of any read before: each `-flowc-answer` followed by `<key>=<case>`, or by
  /// several pairs joined by `,` (how `flowc tests --kind maestro` passes them). A pair
  /// without `=` or with an empty side is ignored: the decision is then the app's to answer,
  /// and a UI test sees the screen the app shows instead.
  public static func read(_ arguments: [String] = ProcessInfo.processInfo.arguments) {
    answers = [:]
    var index = arguments.startIndex
    while index < arguments.endIndex {
      defer { index += 1 }
      guard names.contains(arguments[index]), index + 1 < arguments.endIndex else { continue }
      index += 1
      for pair in arguments[index].split(separator: ",") {
        guard let equals = pair.firstIndex(of: "=") else { continue }
        let key = String(pair[..<equals])
        let answer = String(pair[pair.index(after: equals)...])
        guard !key.isEmpty, !answer.isEmpty else { continue }
        answers[key, default: []].append(answer)
      }
    }
  }

  /// How the argument may be spelled: as `flowc tests --kind xcuitest` writes it, and as
  /// Maestro may pass the key of its `arguments` map (with one dash, two, or none).
  private static let names: Set<String> = [argument, "-" + argument, "flowc-answer"]

  /// Whether any answer was read.
  public static var isEmpty: Bool { answers.isEmpty }

  /// The next answer given for the decision `key` (`Auth.CheckCredentials`), or for its name
  /// alone (`CheckCredentials`) when none has the whole key, if it is one of `cases`; `nil`
  /// otherwise, leaving an answer that is not one of them for the app. Every case when
  /// `cases` is `nil`. An answer is used up unless it is the last one for its key.
  public static func next(for key: String, among cases: [String]? = nil) -> String? {
    var found = key
    if answers[key] == nil, let dot = key.lastIndex(of: ".") {
      found = String(key[key.index(after: dot)...])
    }
    guard let queue = answers[found], let answer = queue.first else { return nil }
    if let cases, !cases.contains(answer) { return nil }
    if queue.count > 1 { answers[found] = Array(queue.dropFirst()) }
    return answer
  }
}
