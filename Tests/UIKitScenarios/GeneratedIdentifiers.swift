import FlowRuntime
// Accessibility identifiers (issue 36): the coordinator flowc generates from
// flows/rooms.flow.yaml names each screen with a `ScreenID` that carries the identifier of
// `FlowAccessibility`, and NavigationRouter sets it on the view of each screen it shows, for
// UI tests to find; an identifier the app set itself stays.
@_spi(Behaviour) import UIKit

@MainActor let generatedIdentifierScenarios: [Scenario] = [
  // Each shown screen's view carries `<Coordinator>.<Screen>`, pushed or presented.
  Scenario("eachShownScreenHasItsAccessibilityIdentifier") {
    let fixture = Fixture()
    let app = RoomsApp()
    let rooms = RoomsCoordinator(screens: app, router: fixture.router)
    rooms.start()
    await settle()
    try app.sendFromList.orFail("List was not made")(.open)
    await settle()
    let identifiers = fixture.root.viewControllers.map { $0.viewIfLoaded?.accessibilityIdentifier }
    try expect(
      identifiers == ["Rooms.List", "Rooms.Room", "Rooms.Thread"],
      "identifiers on the stack: \(identifiers)")
    try expect(
      FlowAccessibility.Rooms.list == "Rooms.List"
        && FlowAccessibility.Rooms.List.compose == "Rooms.List.compose",
      "FlowAccessibility spells \(FlowAccessibility.Rooms.list), \(FlowAccessibility.Rooms.List.compose)"
    )
  },
  Scenario("aPresentedScreenHasItsAccessibilityIdentifier") {
    let fixture = Fixture()
    let app = RoomsApp()
    let rooms = RoomsCoordinator(screens: app, router: fixture.router)
    rooms.start()
    await settle()
    try app.sendFromList.orFail("List was not made")(.compose)
    await settle()
    let presented = (fixture.presented.first as? UINavigationController)?.viewControllers.first
    try expect(
      presented?.viewIfLoaded?.accessibilityIdentifier == "Rooms.Compose",
      "the presented screen's identifier: \(String(describing: presented?.viewIfLoaded?.accessibilityIdentifier))"
    )
  },
  // The app's own identifier on a screen's view is kept; one without is given the flow's.
  Scenario("anIdentifierTheAppSetIsKept") {
    let fixture = Fixture()
    let own = Screen("Own")
    own.view.accessibilityIdentifier = "app.own"
    let plain = Screen("Plain")
    fixture.router.willShow(own, as: ScreenID("Own", of: "C", accessibilityIdentifier: "C.Own"))
    fixture.router.push(own, controls: .standard)
    fixture.router.willShow(
      plain, as: ScreenID("Plain", of: "C", accessibilityIdentifier: "C.Plain"))
    fixture.router.push(plain, controls: .standard)
    await settle()
    try expect(
      own.view.accessibilityIdentifier == "app.own",
      "\(String(describing: own.view.accessibilityIdentifier))")
    try expect(
      plain.view.accessibilityIdentifier == "C.Plain",
      "\(String(describing: plain.view.accessibilityIdentifier))")
    // A screen named without an identifier (a hand-written coordinator's) gets none.
    let unnamed = Screen("Unnamed")
    fixture.router.willShow(unnamed, as: ScreenID("Unnamed"))
    fixture.router.push(unnamed, controls: .standard)
    await settle()
    try expect(unnamed.viewIfLoaded?.accessibilityIdentifier == nil, "an identifier was invented")
  },
]
