import FlowRuntime
// Scenarios of issue 28's UIKit items that use what NavigationRouter and FlowAlert gained for
// it: an alert's anchor, a screen's anchor for popovers, and the app's say on how a modal
// stack is presented.
@_spi(Behaviour) import UIKit

/// A screen with a button that asks for action sheets, which anchor on it.
final class Anchoring: UIViewController, PopoverAnchoring {
  let button = UIView(frame: CGRect(x: 10, y: 20, width: 44, height: 30))

  var popoverAnchor: PopoverAnchor? { .view(button) }
}

/// An action sheet with one button.
func actionSheet(anchor: PopoverAnchor? = nil) -> FlowAlert {
  FlowAlert(
    title: "Share", style: .actionSheet, buttons: [.init("Copy") {}], anchor: anchor)
}

@MainActor let issue28NewAPIScenarios: [Scenario] = [
  // Issue 28: an action sheet given an anchor (the bar button that asked for it) points at
  // it on an iPad, with its arrow.
  Scenario("anActionSheetPointsAtItsAnchor") {
    let fixture = Fixture()
    fixture.router.push(Screen("A"), controls: .standard)
    let item = UIBarButtonItem()
    fixture.router.alert(actionSheet(anchor: .barButtonItem(item)))
    await settle()
    let sheet = try (fixture.presented.last as? UIAlertController).orFail(
      "no action sheet: \(UIKitDouble.log)")
    let popover = try sheet.popoverPresentationController.orFail("no popover")
    try expect(popover.sourceItem === item, "anchored on \(String(describing: popover.sourceItem))")
    try expect(popover.permittedArrowDirections == .any, "no arrow")
  },
  // Issue 28: without an anchor of its own, an action sheet points at what the screen that
  // shows it says (`PopoverAnchoring`): what a popover will do in the language's revision 3.
  Scenario("anActionSheetPointsAtWhatItsScreenSays") {
    let fixture = Fixture()
    let screen = Anchoring()
    fixture.router.push(screen, controls: .standard)
    fixture.router.alert(actionSheet())
    await settle()
    let sheet = try (fixture.presented.last as? UIAlertController).orFail(
      "no action sheet: \(UIKitDouble.log)")
    let popover = try sheet.popoverPresentationController.orFail("no popover")
    try expect(
      popover.sourceView === screen.button, "anchored on \(String(describing: popover.sourceView))")
    try expect(popover.sourceRect == screen.button.bounds, "\(popover.sourceRect)")
  },
  // An action sheet with no anchor at all is centred on the screen below it, without an
  // arrow, rather than refused (UIKit raises on an iPad without one).
  Scenario("anActionSheetWithoutAnAnchorIsCentred") {
    let fixture = Fixture()
    fixture.router.push(Screen("A"), controls: .standard)
    fixture.router.alert(actionSheet())
    await settle()
    let sheet = try (fixture.presented.last as? UIAlertController).orFail(
      "no action sheet: \(UIKitDouble.log)")
    let popover = try sheet.popoverPresentationController.orFail("no popover")
    try expect(
      popover.sourceView === fixture.root.view, "\(String(describing: popover.sourceView))")
    try expect(popover.permittedArrowDirections == [], "an arrow at the centre")
  },
  // Issue 28: a sheet is a page sheet unless the app says otherwise (a form sheet on an iPad),
  // and the router still hears of its swipe down.
  Scenario("theAppChoosesHowASheetIsPresented") {
    let fixture = Fixture()
    var asked: [ModalStyle] = []
    fixture.router.preparePresentation = { stack, style in
      asked.append(style)
      if style == .sheet { stack.modalPresentationStyle = .formSheet }
    }
    fixture.router.push(Screen("A"), controls: .standard)
    fixture.router.present(Screen("B"), style: .sheet, controls: .standard)
    await settle()
    let sheet = try fixture.presented.first.orFail("nothing presented")
    try expect(sheet.modalPresentationStyle == .formSheet, "\(sheet.modalPresentationStyle)")
    try expect(asked == [.sheet], "\(asked)")
    try expect(UIKitDouble.swipeDown(sheet), "no swipe")
    await settle()
    try expect(fixture.unwinds == [StackPosition(modals: 1, screens: 1)], "\(fixture.unwinds)")
  },
]
