import FlowRuntime
import Testing

/// Alerts (FLOW-SPEC r2, sections 6b and 10), as generated code shows them: over whatever is
/// on top, through the router's `alert` operation, without moving the stack position, with
/// each button's action run once the alert has closed, on the screen that showed it.
@MainActor
@Suite struct AlertTests {
  /// A coordinator whose first screen can show an alert with the buttons `Delete` (a
  /// destructive one that finishes) and `Keep` (which stays), handed to the app's handler
  /// through `answerOnce`, as the generated code does.
  final class Confirming: FlowCoordinator<String> {
    var tapped: [String] = []

    override func start() {
      push(Screen("List"))
    }

    func confirm() {
      let tap = answerOnce { [weak self] (button: String) in self?.handle(button) }
      alert(
        FlowAlert(
          title: "Delete?", message: "It cannot be undone.",
          buttons: [
            .init("Delete", role: .destructive) { tap("delete") },
            .init("Keep", role: .cancel) { tap("keep") },
          ]))
    }

    private func handle(_ button: String) {
      guard canAct else { return }
      tapped.append(button)
      if button == "delete" { finish("deleted") }
    }
  }

  /// The alert `Confirming` shows, as a test expects it: its buttons' actions are not
  /// compared.
  let deleteAlert = FlowAlert(
    title: "Delete?", message: "It cannot be undone.",
    buttons: [.init("Delete", role: .destructive) {}, .init("Keep", role: .cancel) {}])

  @Test func anAlertIsShownOverTheTopAndDoesNotMoveTheStackPosition() {
    let router = RecordingRouter()
    let flow = Confirming(router: router)
    flow.start()
    let before = router.top
    flow.confirm()
    #expect(router.top == before, "an alert is not a modal stack")
    #expect(router.operations == [.push(ScreenID("List")), .alert(deleteAlert)])
    #expect(router.calls == ["push List", "alert Delete? [Delete, Keep]"])
    #expect(router.topAlert?.buttons.map(\.role) == [.destructive, .cancel])
    #expect(router.topAlert?.message == "It cannot be undone.")
    #expect(router.topAlert?.style == .alert)
  }

  @Test func aTappedButtonClosesTheAlertThenActsOnceOnTheScreenThatShowedIt() throws {
    let router = RecordingRouter()
    let flow = Confirming(router: router)
    let results = Results()
    flow.onFinish = results.record()
    flow.start()
    flow.confirm()
    let alert = try #require(router.topAlert)
    #expect(router.tap("Keep"))
    #expect(router.shownAlerts.isEmpty, "the alert closed before its button acted")
    #expect(flow.tapped == ["keep"])
    // The same alert's buttons count once: a second tap of a closed alert does nothing.
    alert.buttons[0].action()
    #expect(flow.tapped == ["keep"])
    #expect(results.values.isEmpty)

    flow.confirm()
    #expect(router.tap("Delete"))
    #expect(flow.tapped == ["keep", "delete"])
    #expect(results.values == ["deleted"])
  }

  @Test func aButtonTappedAfterTheNavigationMovedOnIsDropped() {
    let router = RecordingRouter()
    let flow = Confirming(router: router)
    flow.start()
    flow.confirm()
    flow.push(Screen("Other"))
    #expect(router.tap("Delete"))
    #expect(flow.tapped.isEmpty, "its buttons act on the screen that showed it, now covered")
  }

  @Test func tappingAButtonThatIsNotThereDoesNothing() {
    let router = RecordingRouter()
    let flow = Confirming(router: router)
    flow.start()
    #expect(!router.tap("Delete"), "no alert is shown")
    flow.confirm()
    #expect(!router.tap("Maybe"))
    #expect(router.shownAlerts.count == 1)
    #expect(router.operations.suffix(2) == [.alert(deleteAlert), .tap("Maybe")])
  }

  /// Alerts compare as TCA's `AlertState` does (issue 28): by title, message, style and
  /// buttons, each by its title, role and the case of the button enum it taps.
  @Test func alertsAreEqualByWhatTheUserSeesAndWhatEachButtonTaps() {
    enum Choice { case delete, keep }
    var tapped: [Choice] = []
    let tap: @MainActor (Choice) -> Void = { tapped.append($0) }
    let alert = FlowAlert(
      title: "Delete?", message: "It cannot be undone.",
      buttons: [
        .init("Delete", role: .destructive, tapping: Choice.delete, tap),
        .init("Keep", role: .cancel, tapping: Choice.keep, tap),
      ])
    let same = FlowAlert(
      title: "Delete?", message: "It cannot be undone.",
      buttons: [
        .init("Delete", role: .destructive, tapping: Choice.delete) { _ in },
        .init("Keep", role: .cancel, tapping: Choice.keep) { _ in },
      ])
    #expect(alert == same, "actions are not compared")
    #expect(alert.buttons.map(\.tapping) == ["delete", "keep"])
    var swapped = same
    swapped.buttons[0] = .init("Delete", role: .destructive, tapping: Choice.keep) { _ in }
    #expect(alert != swapped, "a button that taps another case differs")
    var otherRole = same
    otherRole.buttons[1].role = .default
    #expect(alert != otherRole)
    var otherMessage = same
    otherMessage.message = nil
    #expect(alert != otherMessage)
    var sheet = same
    sheet.style = .actionSheet
    #expect(alert != sheet)
    #expect(alert != deleteAlert, "a button made with a closure taps no case that it can tell")
    alert.buttons[1].action()
    #expect(tapped == [.keep])
  }

  @Test func anAlertWithoutATitleIsRecordedByItsButtons() {
    let alert = FlowAlert(title: nil, style: .actionSheet, buttons: [.init("Share") {}])
    #expect(alert.description == "[Share]")
  }

  @Test func anAlertGoesAwayWithTheModalStackItWasShownOver() {
    let router = RecordingRouter()
    let flow = Confirming(router: router)
    flow.start()
    flow.confirm()
    flow.present(Screen("Sheet"))
    flow.confirm()
    #expect(router.shownAlerts.count == 2)
    flow.dismiss()
    #expect(router.shownAlerts.count == 1, "the one over the sheet closed with it")
    router.unwind(to: .origin)
    #expect(router.shownAlerts.count == 1, "the root stack stays, and so does its alert")
    #expect(flow.tapped.isEmpty, "closing an alert taps none of its buttons")
  }
}
