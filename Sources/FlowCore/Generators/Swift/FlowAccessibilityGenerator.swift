/// The accessibility identifiers of the module's screens, events and alert buttons, for UI
/// tests (`flowc tests --kind xcuitest|maestro`): each coordinator's file extends FlowRuntime's
/// `FlowAccessibility` with an enum of its own, `SharedScreens.swift` with `Shared`. The
/// identifiers are spelled by ``AccessibilityIdentifiers``; this only names them.
///
/// ```swift
/// extension FlowAccessibility {
///   nonisolated enum Auth {
///     static let signIn = "Auth.SignIn"      // set by the router on the shown screen
///     nonisolated enum SignIn {
///       static let submitted = "Auth.SignIn.submitted"   // for the app's control
///     }
///   }
/// }
/// ```
///
/// A constant per screen under its `ScreenID` name, and an enum per screen with events
/// (their constants) and per alert (its buttons'), named as the node. O(names in the module).
struct FlowAccessibilityGenerator {
  let context: CoordinatorGenerator.Context

  /// `extension FlowAccessibility { nonisolated enum <C> { … } }`: the identifiers of the
  /// screens and alerts of the coordinator at `index` (its own, not its copies of shared
  /// ones), for its file; `nil` when it has neither. `identifiers` are its own screens'
  /// names in `ScreenID.<C>` (``GeneratedNames/screenIdentifiers(of:)``), which its
  /// generator has worked out already.
  func `extension`(ofCoordinator index: Int, identifiers: [String]) -> SwiftTypeDeclaration? {
    let coordinator = context.module.coordinators[index]
    let screens = coordinator.screens.indices.filter { coordinator.screens[$0].copyOf == nil }
    let alerts = coordinator.alerts.indices.filter { coordinator.alerts[$0].copyOf == nil }
    guard !screens.isEmpty || !alerts.isEmpty else { return nil }
    let name = coordinator.name.text
    var inner: [SwiftDeclaration] = []
    for (index, identifier) in zip(screens, identifiers) {
      inner += screenMembers(
        coordinator.screens[index], identifier: identifier,
        value: AccessibilityIdentifiers.screen(index, of: coordinator))
    }
    for index in alerts {
      inner.append(
        alertEnum(coordinator.alerts[index]) {
          AccessibilityIdentifiers.button($0, ofAlert: index, of: coordinator)
        })
    }
    return extended(
      namespace(
        name,
        doc: "The accessibility identifiers of \(name)'s screens, of their events and of its "
          + "alerts' buttons, which UI tests look for: the router sets a screen's on the screen "
          + "it shows, the app puts an event's on the control that sends it.",
        members: inner))
  }

  /// `extension FlowAccessibility { nonisolated enum Shared { … } }`: the identifiers of the
  /// shared screens and alerts (r3), for `SharedScreens.swift`; `nil` without any.
  func sharedExtension() -> SwiftTypeDeclaration? {
    let shared = context.module.shared
    guard !shared.screens.isEmpty || !shared.alerts.isEmpty else { return nil }
    var inner: [SwiftDeclaration] = []
    let identifiers = GeneratedNames.screenIdentifiers(shared.screens)
    for (screen, identifier) in zip(shared.screens, identifiers) {
      inner += screenMembers(
        screen, identifier: identifier,
        value: AccessibilityIdentifiers.screen(screen.name.text, of: nil))
    }
    for alert in shared.alerts {
      inner.append(
        alertEnum(alert) {
          AccessibilityIdentifiers.button($0, ofAlert: alert.name.text, of: nil)
        })
    }
    return extended(
      namespace(
        GeneratedNames.sharedScreenNamespace,
        doc: "The accessibility identifiers of the shared screens (whichever coordinator shows "
          + "them), of their events and of the shared alerts' buttons.",
        members: inner))
  }

  /// `declaration` in an extension of FlowRuntime's `FlowAccessibility`.
  private func extended(_ declaration: SwiftDeclaration) -> SwiftTypeDeclaration {
    SwiftTypeDeclaration(
      kind: .extensionType,
      name: context.names.runtime(GeneratedNames.accessibilityNamespace.name),
      members: [declaration])
  }

  /// The constant of a screen's identifier, then the enum of its events' if it has any.
  private func screenMembers(_ screen: Screen, identifier: String, value: String)
    -> [SwiftDeclaration]
  {
    let name = screen.name.text
    var members: [SwiftDeclaration] = [
      constant(identifier, value, doc: "Screen \(name), which the router identifies.")
    ]
    if !screen.events.isEmpty {
      members.append(
        namespace(
          name, doc: "The events of screen \(name), for the controls that send them.",
          members: screen.events.map { event in
            constant(
              SwiftNames.identifier(event.name.text),
              AccessibilityIdentifiers.event(event.name.text, onScreen: value), doc: nil)
          }))
    }
    return members
  }

  /// The enum of an alert's buttons' identifiers, each spelled by `identifier`.
  private func alertEnum(_ alert: Alert, identifier: (String) -> String) -> SwiftDeclaration {
    namespace(
      alert.name.text, doc: "The buttons of alert \(alert.name.text).",
      members: alert.buttons.map { button in
        constant(
          SwiftNames.identifier(button.name.text), identifier(button.name.text), doc: nil)
      })
  }

  private func namespace(_ name: String, doc: String, members: [SwiftDeclaration])
    -> SwiftDeclaration
  {
    .type(
      SwiftTypeDeclaration(
        preamble: SwiftPreamble(doc: [doc], modifiers: context.access.modifiers + [.nonisolated]),
        kind: .namespace, name: name, members: members))
  }

  private func constant(_ name: String, _ value: String, doc: String?) -> SwiftDeclaration {
    .property(
      SwiftProperty(
        preamble: SwiftPreamble(
          doc: doc.map { [$0] } ?? [], modifiers: context.access.modifiers + [.static]),
        isVariable: false, name: name, type: nil, initialValue: .string(value)))
  }
}
