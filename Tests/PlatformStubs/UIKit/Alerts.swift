/// `UIAlertAction`: `@MainActor class UIAlertAction`, one button of an alert.
@MainActor
open class UIAlertAction: NSObject {
  /// `UIAlertAction.Style`.
  public enum Style: Int, Sendable, Hashable {
    case `default` = 0
    case cancel = 1
    case destructive = 2
  }

  open private(set) var title: String?
  open private(set) var style: Style = .default
  open var isEnabled = true
  /// Kept so that a behaviour double can tap the button.
  let handler: ((UIAlertAction) -> Void)?

  public convenience init(
    title: String?, style: UIAlertAction.Style, handler: ((UIAlertAction) -> Void)? = nil
  ) {
    self.init(handler: handler)
    self.title = title
    self.style = style
  }

  init(handler: ((UIAlertAction) -> Void)?) {
    self.handler = handler
    super.init()
  }
}

/// `UIAlertController`: `@MainActor class UIAlertController : UIViewController`, an alert or
/// an action sheet, presented like any view controller.
@MainActor
open class UIAlertController: UIViewController {
  /// `UIAlertController.Style`.
  public enum Style: Int, Sendable, Hashable {
    case actionSheet = 0
    case alert = 1
  }

  open var message: String?
  open private(set) var preferredStyle: Style = .alert
  open private(set) var actions: [UIAlertAction] = []
  open var preferredAction: UIAlertAction?

  public convenience init(
    title: String?, message: String?, preferredStyle: UIAlertController.Style
  ) {
    self.init(nibName: nil, bundle: nil)
    self.title = title
    self.message = message
    self.preferredStyle = preferredStyle
    // The double is an iPad's UIKit: an action sheet is a popover, which must be anchored.
    if preferredStyle == .actionSheet { modalPresentationStyle = .popover }
  }

  open func addAction(_ action: UIAlertAction) {
    actions.append(action)
  }
}
