/// An alert, action sheet or confirmation dialog that the app makes for one of a flow's
/// alerts (FLOW-SPEC section 6b): its title, message and style, and one button for each
/// button the flow names, with the title and role the app gives it.
///
/// The flow names only the buttons and what each does; how they read, and which is the
/// cancel or destructive one, is the app's. The generated `make<Alert>` requirement hands
/// the app a `tap` closure for the alert's button enum: each ``Button`` calls it with its
/// own case. A router shows the alert over whatever is on top and runs the tapped button's
/// action after the alert has closed. UIKit's ``NavigationRouter`` shows a
/// `UIAlertController`; a SwiftUI app can give the same values to `.alert` or
/// `.confirmationDialog`.
///
/// Alerts are `Equatable` by what the user sees and what each button does: the title, the
/// message, the style, and each button's title, role and, for a button made with
/// ``Button/init(_:role:tapping:_:)``, the case of the flow's button enum it taps. A test
/// compares the alert a router was asked to show with the one it expects, as TCA compares an
/// `AlertState`. A button made with a closure of its own taps what no value can say, and its
/// ``Button/tapping`` is `nil`.
nonisolated public struct FlowAlert: Equatable, Sendable, CustomStringConvertible {
  /// How the alert is shown.
  public enum Style: Hashable, Sendable {
    /// In the middle of the screen (UIKit: `.alert`).
    case alert
    /// From the bottom of the screen, as a list of choices (UIKit: `.actionSheet`; SwiftUI:
    /// `.confirmationDialog`).
    case actionSheet
  }

  /// One button: its title and role, and what tapping it does.
  public struct Button: Equatable, Sendable {
    /// What kind of button it is, for how the system draws and orders it.
    public enum Role: Hashable, Sendable {
      /// An ordinary choice.
      case `default`
      /// Keeps things as they are (UIKit puts it apart, and an action sheet's is the tap
      /// outside it).
      case cancel
      /// Destroys something, such as deleting data (drawn in red).
      case destructive
    }

    /// The button's title.
    public var title: String
    /// Its role.
    public var role: Role
    /// What tapping it does, once the alert has closed: the generated `tap` with one case of
    /// the alert's button enum.
    public var action: @MainActor () -> Void
    /// The case of the alert's button enum that tapping it sends, described (`delete`,
    /// `remove(Address(…))`), when it was made with ``init(_:role:tapping:_:)``; `nil` for a
    /// button made with an action of its own.
    public var tapping: String?

    public init(_ title: String, role: Role = .default, action: @escaping @MainActor () -> Void) {
      self.title = title
      self.role = role
      self.action = action
    }

    /// A button that sends `button`, a case of the alert's button enum, to `tap` (the
    /// generated `make<Alert>`'s): `.init("Delete", role: .destructive, tapping: .delete, tap)`.
    /// It compares equal only to a button that taps the same case.
    @MainActor
    public init<Case>(
      _ title: String, role: Role = .default, tapping button: Case,
      _ tap: @escaping @MainActor (Case) -> Void
    ) {
      self.title = title
      self.role = role
      self.action = { tap(button) }
      self.tapping = String(describing: button)
    }

    /// Equal when the title, the role and the case tapped are; the action, a closure, is not
    /// compared.
    public static func == (lhs: Button, rhs: Button) -> Bool {
      lhs.title == rhs.title && lhs.role == rhs.role && lhs.tapping == rhs.tapping
    }
  }

  /// The title.
  public var title: String?
  /// The text under the title.
  public var message: String?
  /// How it is shown.
  public var style: Style
  /// Its buttons, in the order they are shown.
  public var buttons: [Button]
  /// Where an action sheet points on an iPad, where it is a popover: the button that asked for
  /// it. `nil`: where the screen it is shown over says (``PopoverAnchoring``), else centred.
  public var anchor: PopoverAnchor?

  public init(
    title: String?, message: String? = nil, style: Style = .alert, buttons: [Button],
    anchor: PopoverAnchor? = nil
  ) {
    self.title = title
    self.message = message
    self.style = style
    self.buttons = buttons
    self.anchor = anchor
  }

  /// `Title [Delete, Keep]`: the title, then the buttons' titles, as ``RecordingRouter``
  /// records an alert.
  public var description: String {
    let buttons = "[" + buttons.map(\.title).joined(separator: ", ") + "]"
    guard let title, !title.isEmpty else { return buttons }
    return "\(title) \(buttons)"
  }
}
