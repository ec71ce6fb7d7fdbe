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
nonisolated public struct FlowAlert: Sendable, CustomStringConvertible {
  /// How the alert is shown.
  public enum Style: Hashable, Sendable {
    /// In the middle of the screen (UIKit: `.alert`).
    case alert
    /// From the bottom of the screen, as a list of choices (UIKit: `.actionSheet`; SwiftUI:
    /// `.confirmationDialog`).
    case actionSheet
  }

  /// One button: its title and role, and what tapping it does.
  public struct Button: Sendable {
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

    public init(_ title: String, role: Role = .default, action: @escaping @MainActor () -> Void) {
      self.title = title
      self.role = role
      self.action = action
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
