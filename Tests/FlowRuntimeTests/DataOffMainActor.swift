import FlowRuntime
import Foundation

// FlowRuntime's plain data used off the main actor, as an app's model, networking, analytics
// and persistence code use it. Nothing calls these: they are here to be compiled, by the
// package build and by scripts/check-ios.sh, which also compiles FlowRuntime's sources with
// them and the generated code of flows/ in one module with `-default-isolation MainActor`
// (Xcode 26's default for an app target that vendors the sources), where a type of the
// runtime that is not `nonisolated` would be main-actor isolated with its conformances.
// `Indirect` is not here: a property wrapper that is `nonisolated` makes the `var` it wraps
// in a main-actor struct `nonisolated`, which Swift refuses, so it keeps the default.

nonisolated func linkParams(_ url: URL) -> (id: Int?, page: Double?)? {
  guard let link = LinkURL(url), let match = link.match(["items", nil], query: ["page"]) else {
    return nil
  }
  return (match.value(Int.self, 0), match.optionalValue(Double.self, 1) ?? nil)
}

nonisolated func linkURL(_ id: UUID, flag: Bool, source: URL) -> URL {
  LinkURL.url(
    path: ["items", id.linkText, flag.linkText], query: ["from"], values: [source.linkText])
}

nonisolated func parsed(_ text: String) -> (String?, Int?, Double?, Bool?, UUID?, URL?) {
  (
    String(linkText: text), Int(linkText: text), Double(linkText: text), Bool(linkText: text),
    UUID(linkText: text), URL(linkText: text)
  )
}

nonisolated func wentBack(from before: StackPosition, to after: StackPosition) -> Bool {
  after < before && after != .origin && before.description != after.description
}

nonisolated func styles() -> [String] {
  [ModalStyle.sheet.rawValue, StartStyle.fullScreen.rawValue, "\(StartStyle.push.modal as Any)"]
}

nonisolated func controlsOff(_ controls: SystemControls) -> Bool {
  controls != .standard && !controls.description.isEmpty && controls.hashValue != 0
}

nonisolated func showings() -> Set<ScreenShowing> {
  [.push, .present(.sheet), .replace]
}

nonisolated func outcomes() -> [LinkOutcome] {
  [.followed, .notFollowed(.noValue), .notFollowed(.answeredOtherwise), .notFollowed(.stopped)]
}

nonisolated func logged(_ event: NavigationEvent) -> String {
  event.kind == .shown ? "screen_view \(event.screen) \(event.animated)" : event.description
}

nonisolated func alertTitle(_ alert: FlowAlert) -> String {
  alert.description + "\(alert.style == .actionSheet)"
    + alert.buttons.map { "\($0.title) \($0.role == .cancel)" }.joined()
}

nonisolated func tabTitles(_ labels: [TabLabel]) -> [String] {
  labels.map { $0.title + ($0.systemImage ?? "") }
}

nonisolated func sameObserver(_ first: NavigationObservers.ID, _ second: NavigationObservers.ID)
  -> Bool
{
  first == second
}
