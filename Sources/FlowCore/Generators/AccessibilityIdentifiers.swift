/// The accessibility identifiers of a flow's screens, events and alert buttons, and the launch
/// arguments that answer its decisions in a UI test: spelled here and nowhere else, so that
/// the generated `FlowAccessibility` namespace (``SwiftGenerator``), the identifiers the
/// runtime sets on shown screens, and the UI tests `flowc tests` writes (XCUITest, Maestro)
/// all agree (docs/generated-code.md, "Accessibility identifiers").
///
/// - A coordinator's own screen: `<Coordinator>.<Screen>` (`Auth.SignIn`); a shared screen
///   (FLOW-SPEC 13.2), whichever coordinator shows it: `<Screen>` (`Seller`).
/// - An event: `<screen's identifier>.<event>` (`Auth.SignIn.submitted`, `Seller.follow`).
/// - An alert's button: `<Coordinator>.<Alert>.<button>` (`Checkout.ConfirmOrder.confirm`);
///   a shared alert's: `<Alert>.<button>`.
/// - A decision's answer in a UI test: the launch arguments `-flowc-answer
///   <Coordinator>.<Decision>=<case>` (`-flowc-answer App.Launch=loggedIn`); a shared
///   decision's key is `<Decision>`.
///
/// Names are those of the flow (spec section 2: letters and digits), so an identifier is
/// ASCII with `.` between names; a writer that puts one into Swift or YAML still escapes it.
package enum AccessibilityIdentifiers {
  /// The launch argument that precedes each answer: `-flowc-answer`.
  package static let answerArgument = "-flowc-answer"

  /// The identifier of screen `screen` of coordinator `coordinator`, or of the shared screen
  /// `screen` when `coordinator` is `nil`.
  package static func screen(_ screen: String, of coordinator: String?) -> String {
    qualified(screen, by: coordinator)
  }

  /// The identifier of event `event` of the screen whose identifier is `screenIdentifier`.
  package static func event(_ event: String, onScreen screenIdentifier: String) -> String {
    screenIdentifier + "." + event
  }

  /// The identifier of button `button` of alert `alert` of coordinator `coordinator`, or of
  /// the shared alert `alert` when `coordinator` is `nil`.
  package static func button(_ button: String, ofAlert alert: String, of coordinator: String?)
    -> String
  {
    qualified(alert, by: coordinator) + "." + button
  }

  /// The key that names decision `decision` of coordinator `coordinator` (the shared decision
  /// when `nil`) in an answer: `App.Launch`, `Launch`.
  package static func decisionKey(_ decision: String, of coordinator: String?) -> String {
    qualified(decision, by: coordinator)
  }

  /// The launch arguments that answer decision `decision` of `coordinator` with case
  /// `answer`: `["-flowc-answer", "App.Launch=loggedIn"]`.
  package static func answerArguments(
    _ decision: String, of coordinator: String?, with answer: String
  ) -> [String] {
    [answerArgument, decisionKey(decision, of: coordinator) + "=" + answer]
  }

  // MARK: In a module

  /// The identifier of screen `index` of `coordinator` (an index into its `screens`, which
  /// include its copies of shared screens, FLOW-SPEC 13.2): a copy is identified as the
  /// shared screen.
  package static func screen(_ index: Int, of coordinator: Coordinator) -> String {
    let screen = coordinator.screens[index]
    return self.screen(screen.name.text, of: owner(coordinator, isCopy: screen.copyOf != nil))
  }

  /// The identifier of event `event` of screen `index` of `coordinator`.
  package static func event(_ event: String, ofScreen index: Int, of coordinator: Coordinator)
    -> String
  {
    self.event(event, onScreen: screen(index, of: coordinator))
  }

  /// The identifier of button `button` of alert `index` of `coordinator` (its copies of shared
  /// alerts included).
  package static func button(_ button: String, ofAlert index: Int, of coordinator: Coordinator)
    -> String
  {
    let alert = coordinator.alerts[index]
    return self.button(
      button, ofAlert: alert.name.text, of: owner(coordinator, isCopy: alert.copyOf != nil))
  }

  /// The key of decision `index` of `coordinator` (its copies of shared decisions included).
  package static func decisionKey(_ index: Int, of coordinator: Coordinator) -> String {
    let decision = coordinator.decisions[index]
    return decisionKey(
      decision.name.text, of: owner(coordinator, isCopy: decision.copyOf != nil))
  }

  /// The coordinator that qualifies a node's identifier: none for a copy of a shared node.
  private static func owner(_ coordinator: Coordinator, isCopy: Bool) -> String? {
    isCopy ? nil : coordinator.name.text
  }

  private static func qualified(_ name: String, by coordinator: String?) -> String {
    coordinator.map { $0 + "." + name } ?? name
  }
}
