/// A screen of a flow as routers record it and tests compare it: the coordinator it belongs
/// to and its name in the flow.
///
/// Generated code declares one for each screen, nested by coordinator, and names each screen
/// it shows with it: `ScreenID.Checkout.review`, written `.Checkout.review` where a
/// `ScreenID` is expected, so a test that names a screen the flow no longer has does not
/// compile. A shared screen (FLOW-SPEC 13.2), which any coordinator shows, is nested in
/// `Shared` whichever coordinator shows it: `.Shared.profile`, `Shared.Profile`. A screen that no flow names (a hand-written coordinator's) is identified by its
/// name alone, `ScreenID("Review")`; a tab coordinator's container by
/// ``tabs(of:)``.
nonisolated public struct ScreenID: Hashable, Sendable, CustomStringConvertible {
  /// The flow's name of the coordinator that shows the screen (`Checkout`), `Shared` for a
  /// shared screen; `nil` for a screen that no flow names.
  public var coordinator: String?
  /// The screen's name in the flow (`Review`), or how a router names a screen without one.
  public var name: String
  /// The accessibility identifier that routers set on the screen's root view when they show
  /// it (`Checkout.Review`, `Profile` for a shared screen), which UI tests look for; `nil`
  /// for a screen that has none. Generated code gives each screen of a flow the one its
  /// `FlowAccessibility` namespace declares. Not part of equality: two identifiers of the
  /// same screen are equal whether or not they carry it.
  public var accessibilityIdentifier: String?

  public init(_ name: String, of coordinator: String? = nil, accessibilityIdentifier: String? = nil)
  {
    self.name = name
    self.coordinator = coordinator
    self.accessibilityIdentifier = accessibilityIdentifier
  }

  public static func == (lhs: ScreenID, rhs: ScreenID) -> Bool {
    lhs.coordinator == rhs.coordinator && lhs.name == rhs.name
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(coordinator)
    hasher.combine(name)
  }

  /// The container of the tabs of a tab coordinator of type `coordinator`, which
  /// ``Coordinator/showTabs(_:)`` shows: `Main.tabs` for `MainCoordinator`.
  public static func tabs(of coordinator: Coordinator.Type) -> ScreenID {
    var name = String(describing: coordinator)
    if name.hasSuffix("Coordinator") && name != "Coordinator" {
      name.removeLast("Coordinator".count)
    }
    return ScreenID("tabs", of: name)
  }

  /// `Checkout.Review`, or `Review` for a screen no flow names.
  public var description: String {
    coordinator.map { "\($0).\(name)" } ?? name
  }
}

/// One operation a ``RecordingRouter`` was asked for, or one thing the user did to it, as a
/// value that tests compare: `.push(.Checkout.review)`, `.present(.Account.tracking)`,
/// `.notAnimated(.push(.Shop.products))`.
///
/// A screen is its ``ScreenID``: the one its coordinator gave it (generated code gives the
/// flow's), otherwise its name as the router records it. System controls and styles are
/// those the call carried; `.standard` and `.sheet` are the defaults, so
/// `.present(.Checkout.bankVerification, controls: .init(dismissible: false))` says only what
/// differs. Its `description` is the text of ``RecordingRouter/calls``, but with the screen's
/// identifier: `push Checkout.Review`.
nonisolated public indirect enum RouterOperation: Equatable, Sendable, CustomStringConvertible {
  /// `push(_:controls:)`.
  case push(ScreenID, controls: SystemControls = .standard)
  /// `present(_:style:controls:)`.
  case present(ScreenID, style: ModalStyle = .sheet, controls: SystemControls = .standard)
  /// `replace(from:with:controls:)`.
  case replace(from: Int, with: ScreenID, controls: SystemControls = .standard)
  /// `pop()`.
  case pop
  /// `popToRoot(at:)`.
  case popToRoot(at: Int)
  /// `dismiss()`.
  case dismiss
  /// `unwind(to:)`.
  case unwind(to: StackPosition)
  /// `selectTab(at:of:)`: the tab's index (0 the first) and the container.
  case selectTab(Int, of: ScreenID)
  /// `alert(_:)`.
  case alert(FlowAlert)
  /// ``Router/closeAlerts()``: the alerts shown were closed without a button (r3: a relative
  /// link opened over them).
  case closeAlerts
  /// ``RecordingRouter/tap(_:)``: the title of the button tapped.
  case tap(String)
  /// ``Router/makeSplit(_:)`` (r3): a split container of that style.
  case split(SplitStyle)
  /// ``RecordingRouter/collapse()`` (r3): the split collapsed into one stack.
  case collapse
  /// ``RecordingRouter/expand()`` (r3): the split shows its columns side by side again.
  case expand
  /// ``RecordingRouter/userPops(reported:)``: the system back button or swipe.
  case userPop
  /// ``RecordingRouter/userPops(to:reported:)``: the back button's long-press menu, to the
  /// screen at that index of the top stack.
  case userPopTo(Int)
  /// ``RecordingRouter/userDismisses(reported:)``: a swipe down.
  case userDismiss
  /// ``RecordingRouter/reportMissedChanges()``.
  case reportMissedChanges
  /// ``RecordingRouter/finishTransitions()``: the transition in flight ended.
  case finishTransitions
  /// ``Router/sequenceStopped(before:of:)``: a flow's sequence stopped before its element
  /// (1 is the first) of that many, which could no longer act.
  case stoppedSequence(before: Int, of: Int)
  /// The operation, made while ``RecordingRouter/animatesTransitions`` was off.
  case notAnimated(RouterOperation)
  /// A presentation that ``RecordingRouter/refusesPresentations`` refused.
  case refused(RouterOperation)
  /// A gesture made with `reported: false`: no one was told.
  case unreported(RouterOperation)

  /// The operation without ``notAnimated(_:)``, ``refused(_:)`` and ``unreported(_:)``.
  public var base: RouterOperation {
    switch self {
    case .notAnimated(let operation), .refused(let operation), .unreported(let operation):
      operation.base
    default: self
    }
  }

  /// Whether it is a transition (a push, presentation, replace, pop, dismissal or unwind)
  /// that was made, animated: not one made while animation was off, nor a refused one.
  public var isAnimatedTransition: Bool {
    switch self {
    case .push, .present, .replace, .pop, .popToRoot, .dismiss, .unwind: true
    default: false
    }
  }

  /// `push Checkout.Review [dismissible: false, not animated]`.
  public var description: String {
    let (text, notes) = parts
    return notes.isEmpty ? text : "\(text) [\(notes.joined(separator: ", "))]"
  }

  /// The text and the notes in brackets, in the order ``RecordingRouter/calls`` has them.
  private var parts: (String, [String]) {
    func with(_ text: String, _ notes: [String]) -> (String, [String]) {
      (text, notes.filter { !$0.isEmpty })
    }
    switch self {
    case .push(let screen, let controls):
      return with("push \(screen)", [controls.description])
    case .present(let screen, let style, let controls):
      return with(
        "present \(screen)", [style == .sheet ? "" : style.rawValue, controls.description])
    case .replace(let index, let screen, let controls):
      return with("replace from \(index) with \(screen)", [controls.description])
    case .pop: return ("pop", [])
    case .popToRoot(let index): return ("pop to root \(index)", [])
    case .dismiss: return ("dismiss", [])
    case .unwind(let position): return ("unwind to \(position)", [])
    case .selectTab(let index, let container): return ("select tab \(index) of \(container)", [])
    case .alert(let alert): return ("alert \(alert)", [])
    case .closeAlerts: return ("close alerts", [])
    case .tap(let title): return ("tap \(title)", [])
    case .split(let style): return ("split \(style.rawValue)", [])
    case .collapse: return ("collapse", [])
    case .expand: return ("expand", [])
    case .userPop: return ("user pop", [])
    case .userPopTo(let index): return ("user pop to \(index)", [])
    case .userDismiss: return ("user dismiss", [])
    case .reportMissedChanges: return ("report missed changes", [])
    case .finishTransitions: return ("finish transitions", [])
    case .stoppedSequence(let element, let count):
      return ("stop sequence before \(element) of \(count)", [])
    case .notAnimated(let operation):
      let (text, notes) = operation.parts
      return (text, notes + ["not animated"])
    case .refused(let operation):
      let (text, notes) = operation.parts
      return (text, notes + ["refused"])
    case .unreported(let operation):
      let (text, notes) = operation.parts
      return (text, notes + ["unreported"])
    }
  }
}
