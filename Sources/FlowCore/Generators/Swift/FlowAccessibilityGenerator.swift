/// Builds `FlowAccessibility.swift`: the accessibility identifiers of the module's screens,
/// events and alert buttons, for UI tests (`flowc tests --kind xcuitest|maestro`). The
/// identifiers are spelled by ``AccessibilityIdentifiers``; this file only names them.
///
/// ```swift
/// nonisolated enum FlowAccessibility {
///   enum Auth {
///     static let signIn = "Auth.SignIn"      // set by the router on the shown screen
///     enum SignIn {
///       static let submitted = "Auth.SignIn.submitted"   // for the app's control
///     }
///   }
///   enum Shared { static let seller = "Seller" }   // FLOW-SPEC 13.2
/// }
/// ```
///
/// One enum per coordinator (`Shared` for the shared nodes: no coordinator of a module with
/// shared nodes has that name), with a constant per screen under the screen identifier's
/// name (`ScreenID.Auth.signIn`), and an enum per screen with events (their constants) and
/// per alert (its buttons'), named as the node. O(names in the module).
struct FlowAccessibilityGenerator {
  let context: CoordinatorGenerator.Context

  /// The file, or `nil` for a module without screens.
  func file(header: String) -> SwiftFile? {
    let module = context.module
    guard
      GeneratedNames.ofModule.contains(where: {
        $0.form == GeneratedNames.accessibilityNamespace && $0.has(module)
      })
    else { return nil }
    let visible = context.access.modifiers
    var members: [SwiftDeclaration] = []
    for coordinator in module.coordinators {
      let screens = coordinator.screens.indices.filter { coordinator.screens[$0].copyOf == nil }
      let alerts = coordinator.alerts.indices.filter { coordinator.alerts[$0].copyOf == nil }
      guard !screens.isEmpty || !alerts.isEmpty else { continue }
      let name = coordinator.name.text
      let identifiers = GeneratedNames.screenIdentifiers(of: coordinator)
      var inner: [SwiftDeclaration] = []
      for (index, identifier) in zip(screens, identifiers) {
        let screen = coordinator.screens[index]
        inner += screenMembers(
          screen, identifier: identifier,
          value: AccessibilityIdentifiers.screen(index, of: coordinator))
      }
      for index in alerts {
        let alert = coordinator.alerts[index]
        inner.append(
          alertEnum(alert) {
            AccessibilityIdentifiers.button($0, ofAlert: index, of: coordinator)
          })
      }
      members.append(
        namespace(
          name, doc: "The screens of \(name), the events of each and the buttons of its alerts.",
          members: inner))
    }
    let shared = module.shared
    if !shared.screens.isEmpty || !shared.alerts.isEmpty {
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
      members.append(
        namespace(
          GeneratedNames.sharedScreenNamespace,
          doc: "The shared screens (whichever coordinator shows them), their events and the "
            + "buttons of the shared alerts.",
          members: inner))
    }
    let root = SwiftTypeDeclaration(
      preamble: SwiftPreamble(
        doc: [
          "The accessibility identifiers of the flow's screens, of their events and of the "
            + "alerts' buttons, which UI tests look for (`flowc tests --kind xcuitest`). "
            + "Routers set each screen's on its root view when they show it, unless the app "
            + "set one; the app sets an event's on the control that sends it "
            + "(`button.accessibilityIdentifier = FlowAccessibility.Auth.SignIn.submitted`) "
            + "and an alert button's on the button, if it draws its alerts itself.",
          "",
          "In debug builds the coordinators also answer decisions from the launch arguments "
            + "`-flowc-answer <Coordinator>.<Decision>=<case>` once the app calls "
            + "`FlowLaunchAnswers.read()`.",
        ], modifiers: visible + [.nonisolated]),
      kind: .namespace, name: GeneratedNames.accessibilityNamespace.name, members: members)
    return SwiftFile(header: header, imports: [], declarations: [.type(root)])
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
        preamble: SwiftPreamble(doc: [doc], modifiers: context.access.modifiers),
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
