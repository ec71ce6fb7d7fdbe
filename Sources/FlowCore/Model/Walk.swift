/// An action together with where it stands: what leads to it and what payload it has.
public struct ActionSite: Sendable {
  /// Where the outermost transition of an action belongs.
  public enum Origin: Hashable, Sendable {
    /// An event of this screen, or a handler nested in one.
    case screen(Int)
    /// A case of this decision, or a handler nested in one.
    case decision(Int)
    /// A handler of this tab, or one nested in it.
    case tab(Int)
  }

  /// The action.
  public var action: Action
  /// The event, decision case or handler that leads to it.
  public var transition: Transition
  /// Where its outermost transition belongs.
  public var origin: Origin
  /// The payload available to the action (spec section 7): the event's or decision case's
  /// `payload`, or in a handler the handled result case's. `nil` when there is none.
  public var payload: TypeReference?
  /// Whether the payload is unknown because the handled case could not be resolved; then
  /// no rule should judge it.
  public var payloadIsUnknown: Bool
  /// What the transition is, and whose.
  public enum Source: Sendable {
    /// An event of this screen.
    case event(screen: Identifier)
    /// A case of this decision.
    case decisionCase(decision: Identifier)
    /// A handler of a result case of this child coordinator.
    case handler(child: Identifier)
  }

  /// What the transition is, and whose.
  public var sourceKind: Source

  /// The transition, for messages: `event 'submitted' of screen 'Login'`,
  /// `case 'new' of decision 'Launch'`, `result case 'done' of 'Auth'`. Built only when
  /// asked for, since it is needed only for findings.
  public var source: String {
    let name = transition.name
    switch sourceKind {
    case .event(let screen): return "event '\(name)' of screen '\(screen)'"
    case .decisionCase(let decision): return "case '\(name)' of decision '\(decision)'"
    case .handler(let child): return "result case '\(name)' of '\(child)'"
    }
  }
  /// The `start` whose handler this action is, if it is one.
  public var parentStart: ChildStart?
}

extension FlowModule {
  /// Calls `body` for every action of the coordinator at index `coordinator`: events,
  /// decision cases, and child-result handlers at any depth (tabs' included), in file order.
  public func forEachAction(in coordinator: Int, _ body: (ActionSite) -> Void) {
    let owner = coordinators[coordinator]
    for index in owner.screens.indices {
      let screen = owner.screens[index].name
      for event in owner.screens[index].events {
        visit(
          event, origin: .screen(index), payload: event.payload, unknown: false,
          source: .event(screen: screen), parent: nil, body)
      }
    }
    for index in owner.decisions.indices {
      let decision = owner.decisions[index].name
      for decisionCase in owner.decisions[index].cases {
        visit(
          decisionCase, origin: .decision(index), payload: decisionCase.payload, unknown: false,
          source: .decisionCase(decision: decision), parent: nil, body)
      }
    }
    for (index, tab) in owner.tabs.enumerated() {
      visitHandlers(of: tab.child, origin: .tab(index), body)
    }
  }

  private func visit(
    _ transition: Transition, origin: ActionSite.Origin, payload: TypeReference?, unknown: Bool,
    source: ActionSite.Source, parent: ChildStart?, _ body: (ActionSite) -> Void
  ) {
    body(
      ActionSite(
        action: transition.action, transition: transition, origin: origin, payload: payload,
        payloadIsUnknown: unknown, sourceKind: source, parentStart: parent))
    if case .start(let child) = transition.action.kind {
      visitHandlers(of: child, origin: origin, body)
    }
  }

  private func visitHandlers(
    of child: ChildStart, origin: ActionSite.Origin, _ body: (ActionSite) -> Void
  ) {
    let cases = coordinator(named: child.coordinator.text).flatMap { resultCases(of: $0) }
    for handler in child.handlers {
      let handled = cases?.first { $0.name.text == handler.name.text }
      visit(
        handler, origin: origin, payload: handled?.payload, unknown: handled == nil,
        source: .handler(child: child.coordinator), parent: child, body)
    }
  }
}
