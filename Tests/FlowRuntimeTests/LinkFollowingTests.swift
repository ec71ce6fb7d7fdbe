import FlowRuntime
import Testing

/// A small app written the way generated code is: `Gate` asks whether the user is signed in
/// and starts `Home`, or `Login` first; `Home` lists items and opens one, or pushes (or, as a
/// preview, presents) its settings, which open its about page.
@MainActor
private final class Gate: FlowCoordinator<Never> {
  var answer: (@MainActor (Bool) -> Void)?
  var login: Login?

  override func start() {
    answer = answerOnce { [weak self] (signedIn: Bool) in self?.handle(signedIn) }
  }

  private func handle(_ signedIn: Bool) {
    guard canAct else { return }
    if signedIn {
      start(Home(router: router), style: .push)
    } else {
      let login = Login(router: router)
      self.login = login
      start(login, style: .push) { [weak self] _ in
        guard let self else { return }
        start(Home(router: router), style: .push)
      }
    }
  }
}

@MainActor
private final class Login: FlowCoordinator<Bool> {
  var send: (@MainActor (Bool) -> Void)?

  override func start() {
    nameNextScreen("SignIn")
    send = screenEvents { [weak self] (done: Bool) in self?.finish(done) }
    push(Screen("SignIn"))
  }
}

@MainActor
private final class Home: FlowCoordinator<Never> {
  enum ListEvent {
    case open(Int)
    case settings
    case previewSettings
    case settingsInstead
  }

  enum SettingsEvent {
    case about
  }

  override func start() {
    nameNextScreen("List")
    _ = screenEvents { [weak self] (event: ListEvent) in self?.handle(event) }
    push(Screen("List"))
  }

  private func handle(_ event: ListEvent) {
    guard canAct else { return }
    switch event {
    case .open(let number): push(Screen("Item\(number)"), named: "Item")
    case .settings, .previewSettings, .settingsInstead:
      nameNextScreen("Settings")
      _ = screenEvents { [weak self] (_: SettingsEvent) in
        guard let self, canAct else { return }
        push(Screen("About"), named: "About")
      }
      switch event {
      case .settings: push(Screen("Settings"))
      case .previewSettings: present(Screen("Settings"))
      default: replace(with: Screen("Settings"))
      }
    }
  }
}

/// Home's external events (FLOW-SPEC 7b), as generated code receives them.
private enum HomeExternalEvent {
  /// Pushes the about page over whatever Home shows.
  case showAbout
}

extension Home {
  func receive(_ event: HomeExternalEvent) {
    guard !isFinished else { return }
    switch event {
    case .showAbout:
      endChildren()
      push(Screen("About"), named: "About")
    }
  }
}

extension Coordinator {
  /// What generated `send(_:)` is for Home's external events: delivered to the outermost
  /// running Home; false when none runs.
  @discardableResult
  fileprivate func send(_ event: HomeExternalEvent) -> Bool {
    deliver(to: Home.self) { $0.receive(event) }
  }
}

/// The route to Home's about page through its external event (FLOW-SPEC 13.6): Gate's
/// decision answered "signed in", then the event sent to Home on its list.
@MainActor
private func aboutByEventRoute() -> LinkRoute {
  var route = LinkRoute(link: "about", target: "About")
  route.leg(Gate.self)
  route.decision(to: .child(Home.self))
  route.leg(Home.self, start: "List")
  route.externalEvent(to: .screen("About")) { coordinator in
    coordinator.send(HomeExternalEvent.showAbout)
  }
  return route
}

/// The route to item `number`: Gate's decision answered "signed in", then Home's event.
@MainActor
private func itemRoute(_ number: Int, waits: Bool = true) -> LinkRoute {
  LinkRoute(
    link: "item",
    legs: [
      LinkLeg(Gate.self, start: nil, [.decision(to: .child(Home.self))]),
      LinkLeg(
        Home.self, start: "List",
        [.event(Home.ListEvent.open(number), to: .screen("Item"), carriesLinkValue: true)]),
    ], target: "Item", waits: waits)
}

/// The route to Home's about page: Gate's decision answered "signed in", then Home's list
/// pushes the settings, which push the about page. No step carries a value of the link.
@MainActor
private func aboutRoute() -> LinkRoute {
  var route = LinkRoute(link: "about", target: "About")
  route.leg(Gate.self)
  route.decision(to: .child(Home.self))
  route.leg(Home.self, start: "List")
  route.event(Home.ListEvent.settings, to: .screen("Settings"))
  route.event(Home.SettingsEvent.about, to: .screen("About"))
  return route
}

/// What links ended with, in order.
@MainActor
private final class Outcomes {
  var all: [LinkOutcome] = []
  func record(_ outcome: LinkOutcome) { all.append(outcome) }
}

@MainActor
@Suite struct LinkFollowingTests {
  private let router = RecordingRouter()
  private let outcomes = Outcomes()

  private func screens() -> [String] { router.screens.map { "\($0)" } }

  @Test func aColdStartWaitsForTheStartDecisionThenGoesTheRestWithoutAnimation() throws {
    let gate = Gate(router: router)
    gate.start()
    gate.follow(itemRoute(7), onEnd: outcomes.record)
    #expect(outcomes.all.isEmpty, "the decision waits for the app")
    try call(#require(gate.answer), true)
    #expect(screens() == ["List", "Item7"])
    #expect(router.operations == [.push(ScreenID("List")), .notAnimated(.push(ScreenID("Item")))])
    #expect(outcomes.all == [.followed])
    #expect(router.animatesTransitions, "animation is back on afterwards")
  }

  @Test func aRouteThroughAnExternalEventSendsItToTheLegsCoordinator() throws {
    let gate = Gate(router: router)
    let home = try signedInHome(gate, .open(3))
    gate.follow(aboutByEventRoute(), onEnd: outcomes.record)
    #expect(
      router.operations == [
        .notAnimated(.unwind(to: .at(0, 1))), .notAnimated(.push(ScreenID("About"))),
      ])
    #expect(screens() == ["List", "About"])
    #expect(gate.children.first === home)
    #expect(outcomes.all == [.followed])
  }

  @Test func anExternalEventThatNoCoordinatorTakesStopsTheLink() throws {
    let gate = Gate(router: router)
    gate.start()
    var route = LinkRoute(link: "about", target: "About")
    route.leg(Gate.self)
    // Sent in Gate's leg, before any Home runs: nobody receives it.
    route.externalEvent(to: .screen("About")) { coordinator in
      coordinator.send(HomeExternalEvent.showAbout)
    }
    gate.follow(route, onEnd: outcomes.record)
    #expect(outcomes.all == [.notFollowed(.stopped)])
    #expect(screens().isEmpty)
  }

  @Test func aLinkOpenedBeforeTheRootStartsStartsIt() throws {
    let gate = Gate(router: router)
    gate.follow(itemRoute(1), onEnd: outcomes.record)
    try call(#require(gate.answer), true)
    #expect(screens() == ["List", "Item1"])
    #expect(outcomes.all == [.followed])
  }

  @Test func aWarmStartKeepsWhatMatchesAndEndsWhatIsAbove() throws {
    let gate = Gate(router: router)
    gate.start()
    try call(#require(gate.answer), true)
    let home = try #require(gate.children.first as? Home)
    home.sendToTopScreen(Home.ListEvent.settings)
    #expect(screens() == ["List", "Settings"])
    router.clearCalls()
    gate.follow(itemRoute(3), onEnd: outcomes.record)
    #expect(screens() == ["List", "Item3"])
    #expect(
      router.operations == [
        .notAnimated(.unwind(to: .at(0, 1))), .notAnimated(.push(ScreenID("Item"))),
      ])
    #expect(gate.children.first === home, "the running Home is kept")
    #expect(outcomes.all == [.followed])
  }

  /// Signs in and sends Home's list `events`: a warm start.
  private func signedInHome(_ gate: Gate, _ events: Home.ListEvent...) throws -> Home {
    gate.start()
    try call(#require(gate.answer), true)
    let home = try #require(gate.children.first as? Home)
    for event in events { home.sendToTopScreen(event) }
    router.clearCalls()
    return home
  }

  @Test func aWarmStartKeepsTheScreensThatShowTheStartOfTheRouteOneByOne() throws {
    let gate = Gate(router: router)
    let home = try signedInHome(gate, .settings)
    gate.follow(aboutRoute(), onEnd: outcomes.record)
    #expect(
      router.operations == [.notAnimated(.push(ScreenID("About")))],
      "no pop to the list, no new Settings")
    #expect(screens() == ["List", "Settings", "About"])
    #expect(gate.children.first === home)
    #expect(outcomes.all == [.followed])
  }

  @Test func aLinkToTheScreenOnTopKeepsEverything() throws {
    let gate = Gate(router: router)
    let home = try signedInHome(gate, .settings)
    home.sendToTopScreen(Home.SettingsEvent.about)
    router.clearCalls()
    gate.follow(aboutRoute(), onEnd: outcomes.record)
    #expect(router.operations.isEmpty)
    #expect(outcomes.all == [.followed])
  }

  @Test func aWarmStartRemovesWhatIsAboveTheFirstScreenThatDiffers() throws {
    let gate = Gate(router: router)
    _ = try signedInHome(gate, .open(3))
    gate.follow(aboutRoute(), onEnd: outcomes.record)
    #expect(
      router.operations == [
        .notAnimated(.unwind(to: .at(0, 1))), .notAnimated(.push(ScreenID("Settings"))),
        .notAnimated(.push(ScreenID("About"))),
      ])
    #expect(screens() == ["List", "Settings", "About"])
    #expect(outcomes.all == [.followed])
  }

  @Test func aScreenShownAnotherWayIsNotKept() throws {
    let gate = Gate(router: router)
    _ = try signedInHome(gate, .previewSettings)
    #expect(router.stacks.map { $0.map { "\($0)" } } == [["List"], ["Settings"]])
    gate.follow(aboutRoute(), onEnd: outcomes.record)
    #expect(router.stacks.map { $0.map { "\($0)" } } == [["List", "Settings", "About"]])
    #expect(
      router.operations.first == .notAnimated(.unwind(to: .at(0, 1))), "the presented one goes")
    #expect(outcomes.all == [.followed])
  }

  @Test func aScreenARouteShowsByReplaceIsKept() throws {
    let gate = Gate(router: router)
    _ = try signedInHome(gate, .settingsInstead)
    var route = LinkRoute(link: "about", target: "About")
    route.leg(Gate.self)
    route.decision(to: .child(Home.self))
    route.leg(Home.self, start: "List")
    route.event(Home.ListEvent.settingsInstead, to: .screen("Settings", shown: .replace))
    route.event(Home.SettingsEvent.about, to: .screen("About"))
    gate.follow(route, onEnd: outcomes.record)
    #expect(router.operations == [.notAnimated(.push(ScreenID("About")))])
    #expect(screens() == ["Settings", "About"])
    #expect(outcomes.all == [.followed])
    // A route that pushes the settings over the list: Home's first screen is not the
    // route's, so Gate asks again and starts another Home.
    router.clearCalls()
    gate.answer = nil
    gate.follow(aboutRoute(), onEnd: outcomes.record)
    #expect(router.operations == [.notAnimated(.unwind(to: .at(0, 0)))])
    try call(#require(gate.answer), true)
    #expect(screens() == ["List", "Settings", "About"])
    #expect(outcomes.all == [.followed, .followed])
  }

  @Test func aScreenReachedWithAValueOfTheLinkIsShownAgain() throws {
    let gate = Gate(router: router)
    _ = try signedInHome(gate, .open(3))
    gate.follow(itemRoute(3), onEnd: outcomes.record)
    #expect(
      router.operations == [
        .notAnimated(.unwind(to: .at(0, 1))), .notAnimated(.push(ScreenID("Item"))),
      ],
      "the item shown may be another one: the link shows its own")
    #expect(outcomes.all == [.followed])
  }

  @Test func aDecisionAnsweredTheOtherWayWaitsAndGoesOnAfterSignIn() throws {
    let gate = Gate(router: router)
    gate.start()
    gate.follow(itemRoute(5), onEnd: outcomes.record)
    try call(#require(gate.answer), false)
    #expect(screens() == ["SignIn"])
    #expect(outcomes.all.isEmpty, "the link waits")
    try call(#require(gate.login?.send), true)
    #expect(screens() == ["List", "Item5"])
    #expect(outcomes.all == [.followed])
  }

  @Test func aWarmStartWhereTheDecisionWentTheOtherWayAsksItAgain() throws {
    let gate = Gate(router: router)
    gate.start()
    try call(#require(gate.answer), false)
    gate.answer = nil
    gate.follow(itemRoute(2), onEnd: outcomes.record)
    #expect(screens() == [], "the sign-in screen is ended")
    #expect(gate.children.isEmpty)
    try call(#require(gate.answer, "asked again"), true)
    #expect(screens() == ["List", "Item2"])
    #expect(outcomes.all == [.followed])
  }

  @Test func aLinkThatDoesNotWaitIsDroppedWhenTheDecisionGoesTheOtherWay() throws {
    let gate = Gate(router: router)
    gate.start()
    gate.follow(itemRoute(5, waits: false), onEnd: outcomes.record)
    try call(#require(gate.answer), false)
    #expect(outcomes.all == [.notFollowed(.answeredOtherwise)])
    try call(#require(gate.login?.send), true)
    #expect(screens() == ["List"], "nothing more happens")
  }

  @Test func aNewLinkReplacesAWaitingOne() throws {
    let gate = Gate(router: router)
    gate.start()
    gate.follow(itemRoute(1), onEnd: outcomes.record)
    gate.follow(itemRoute(2), onEnd: outcomes.record)
    #expect(outcomes.all == [.notFollowed(.replaced)])
    try call(#require(gate.answer), true)
    #expect(screens() == ["List", "Item2"])
    #expect(outcomes.all == [.notFollowed(.replaced), .followed])
  }

  @Test func valuesAreAskedAndTheLinkGoesOnWhenTheAppAnswers() throws {
    let gate = Gate(router: router)
    gate.start()
    try call(#require(gate.answer), true)
    var answer: (@MainActor (LinkRoute?) -> Void)?
    gate.follow(onEnd: outcomes.record) { answer = $0 }
    #expect(screens() == ["List"], "nothing happens before the value")
    try call(#require(answer), itemRoute(9))
    #expect(screens() == ["List", "Item9"])
    #expect(outcomes.all == [.followed])
  }

  @Test func noValueStopsTheLinkAndALateAnswerToAReplacedOneIsIgnored() throws {
    let gate = Gate(router: router)
    gate.start()
    try call(#require(gate.answer), true)
    var first: (@MainActor (LinkRoute?) -> Void)?
    gate.follow(onEnd: outcomes.record) { first = $0 }
    gate.follow(onEnd: outcomes.record) { $0(nil) }
    try call(#require(first), itemRoute(4))
    #expect(outcomes.all == [.notFollowed(.replaced), .notFollowed(.noValue)])
    #expect(screens() == ["List"])
  }

  @Test func aRouteFromAnotherEntryIsNotFollowed() {
    let home = Home(router: router)
    home.start()
    home.follow(itemRoute(1), onEnd: outcomes.record)
    #expect(outcomes.all == [.notFollowed(.stopped)])
  }
}

/// A root that starts at a decision: whether there are books; its cases show `Books` (which
/// opens a `Book`) or `Empty`.
@MainActor
private final class Shelf: FlowCoordinator<Never> {
  enum BooksEvent { case open }
  var answer: (@MainActor (Bool) -> Void)?

  override func start() {
    answer = answerOnce { [weak self] (hasBooks: Bool) in
      guard let self, canAct else { return }
      if hasBooks {
        nameNextScreen("Books")
        _ = screenEvents { [weak self] (_: BooksEvent) in self?.push(Screen("Book"), named: "Book")
        }
        push(Screen("Books"))
      } else {
        push(Screen("Empty"), named: "Empty")
      }
    }
  }
}

@MainActor
@Suite struct LinkDecisionStartTests {
  private let router = RecordingRouter()
  private let outcomes = Outcomes()

  private var bookRoute: LinkRoute {
    var route = LinkRoute(link: "book", target: "Book")
    route.leg(Shelf.self)
    route.decision(to: .screen("Books"))
    route.event(Shelf.BooksEvent.open, to: .screen("Book"))
    return route
  }

  @Test func aScreenTheStartDecisionShowedIsKeptWithoutAskingAgain() throws {
    let shelf = Shelf(router: router)
    shelf.start()
    try call(#require(shelf.answer), true)
    router.clearCalls()
    shelf.answer = nil
    shelf.follow(bookRoute, onEnd: outcomes.record)
    #expect(shelf.answer == nil, "not asked again")
    #expect(router.operations == [.notAnimated(.push(ScreenID("Book")))])
    #expect(outcomes.all == [.followed])
  }

  @Test func anotherCasesScreenGoesAndTheDecisionIsAskedAgain() throws {
    let shelf = Shelf(router: router)
    shelf.start()
    try call(#require(shelf.answer), false)
    shelf.answer = nil
    router.clearCalls()
    shelf.follow(bookRoute, onEnd: outcomes.record)
    #expect(router.operations == [.notAnimated(.unwind(to: .at(0, 0)))])
    try call(#require(shelf.answer, "asked again"), true)
    #expect(router.screens.map { "\($0)" } == ["Books", "Book"])
    #expect(outcomes.all == [.followed])
  }
}

/// A coordinator whose screen `Shelf` has an event that is a sequence (FLOW-SPEC 13.1),
/// as generated code performs it: `openChapter` pushes `Book`, then `Chapter`.
private final class Reader: FlowCoordinator<Never> {
  enum ShelfEvent { case openChapter }

  override func start() {
    nameNextScreen("Shelf")
    _ = screenEvents { [weak self] (event: ShelfEvent) in
      guard let self else { return }
      perform(
        [
          { [self] in push(Screen("Book"), named: "Book") },
          { [self] in push(Screen("Chapter"), named: "Chapter") },
        ],
        at: "screen Shelf", after: String(describing: event))
    }
    push(Screen("Shelf"))
  }
}

/// A route whose step is a sequence: the link sends its event once, the sequence shows each
/// element's screen, and the link is followed when the last one is on top.
@MainActor
@Suite struct LinkThroughASequenceTests {
  private let router = RecordingRouter()
  private let outcomes = Outcomes()

  private var chapterRoute: LinkRoute {
    var route = LinkRoute(link: "chapter", target: "Chapter")
    route.leg(Reader.self, start: "Shelf")
    route.event(Reader.ShelfEvent.openChapter, to: .screen("Chapter"))
    return route
  }

  @Test func theSequenceRunsWholeAndTheLinkIsFollowed() {
    let reader = Reader(router: router)
    reader.start()
    reader.follow(chapterRoute, onEnd: outcomes.record)
    #expect(router.screens.map { "\($0)" } == ["Shelf", "Book", "Chapter"])
    #expect(outcomes.all == [.followed])
  }

  @Test func onAWarmStartTheSequenceRunsAgainFromItsScreen() {
    let reader = Reader(router: router)
    reader.start()
    reader.follow(chapterRoute, onEnd: outcomes.record)
    reader.follow(chapterRoute, onEnd: outcomes.record)
    #expect(router.screens.map { "\($0)" } == ["Shelf", "Book", "Chapter"])
    #expect(outcomes.all == [.followed, .followed])
  }
}

/// Calls `answer` with `value`: `try #require(answer)(value)` written in one go crashes the
/// Swift 6.3 type checker.
@MainActor
private func call<Value>(_ answer: @MainActor (Value) -> Void, _ value: Value) {
  answer(value)
}

/// A coordinator whose screen `Settings` asks, in an alert, before deleting: its button
/// `review` pushes `Orders`, as generated code hands the buttons to the alert.
@MainActor
private final class Account: FlowCoordinator<Never> {
  enum SettingsEvent { case delete }
  enum ConfirmButton: Sendable { case review, keep }

  override func start() {
    nameNextScreen("Settings")
    _ = screenEvents { [weak self] (_: SettingsEvent) in self?.confirm() }
    push(Screen("Settings"))
  }

  private func confirm() {
    let tap = answerOnce { [weak self] (button: ConfirmButton) in self?.handle(button) }
    alert(
      FlowAlert(
        title: "Delete?",
        buttons: [.init("Review") { tap(.review) }, .init("Keep", role: .cancel) { tap(.keep) }]
      ))
  }

  private func handle(_ button: ConfirmButton) {
    guard canAct, button == .review else { return }
    push(Screen("Orders"), named: "Orders")
  }
}

@MainActor
@Suite struct LinkAlertTests {
  private let router = RecordingRouter()
  private let outcomes = Outcomes()

  private func ordersRoute<Button: Sendable>(_ button: Button = Account.ConfirmButton.review)
    -> LinkRoute
  {
    var route = LinkRoute(link: "orders", target: "Orders")
    route.leg(Account.self, start: "Settings")
    route.event(Account.SettingsEvent.delete, to: .asking)
    route.alertButton(button, to: .screen("Orders"))
    return route
  }

  @Test func aLinkAnswersAnAlertOnItsRouteWithoutShowingIt() {
    let account = Account(router: router)
    account.start()
    account.follow(ordersRoute(), onEnd: outcomes.record)
    #expect(router.screens.map { "\($0)" } == ["Settings", "Orders"])
    #expect(router.shownAlerts.isEmpty, "the link taps the button; no alert stays on screen")
    #expect(!router.operations.contains { if case .alert = $0 { true } else { false } })
    #expect(outcomes.all == [.followed])
  }

  @Test func theUserStillSeesTheAlertOutsideALink() {
    let account = Account(router: router)
    account.start()
    account.follow(ordersRoute(), onEnd: outcomes.record)
    account.sendToTopScreen(Account.SettingsEvent.delete)
    #expect(router.topAlert == nil, "Orders is on top: its screen takes no Settings event")
    account.popToRoot()
    account.sendToTopScreen(Account.SettingsEvent.delete)
    #expect(router.topAlert.map { "\($0)" } == "Delete? [Review, Keep]")
  }

  @Test func aButtonTheAlertDoesNotHaveStopsTheLinkAndTheAlertShows() {
    let account = Account(router: router)
    account.start()
    account.follow(ordersRoute("review"), onEnd: outcomes.record)
    #expect(router.topAlert.map { "\($0)" } == "Delete? [Review, Keep]")
    #expect(outcomes.all == [.notFollowed(.stopped)])
  }
}

/// A coordinator whose screen `Settings` asks the app (decision `Check`) whether to confirm a
/// deletion: one case shows the alert `Confirm`, whose button `review` pushes `Orders`; the
/// other pushes `Help`. Written as generated code hands the answers and buttons over.
@MainActor
private final class Vault: FlowCoordinator<Never> {
  enum SettingsEvent { case delete }
  enum ConfirmButton: Sendable { case review, keep }

  /// The answer to the decision asked last: `true` confirms (the alert), `false` helps.
  var answer: (@MainActor (Bool) -> Void)?
  /// The answer the app gives as soon as it is asked, if any.
  var answersAtOnce: Bool?

  override func start() {
    nameNextScreen("Settings")
    _ = screenEvents { [weak self] (_: SettingsEvent) in self?.check() }
    push(Screen("Settings"))
  }

  private func check() {
    answer = answerOnce { [weak self] (confirms: Bool) in
      guard let self, canAct else { return }
      if confirms { confirm() } else { push(Screen("Help"), named: "Help") }
    }
    if let answersAtOnce { answer?(answersAtOnce) }
  }

  private func confirm() {
    let tap = answerOnce { [weak self] (button: ConfirmButton) in
      guard let self, canAct, button == .review else { return }
      push(Screen("Orders"), named: "Orders")
    }
    alert(
      FlowAlert(
        title: "Delete?",
        buttons: [.init("Review") { tap(.review) }, .init("Keep", role: .cancel) { tap(.keep) }]
      ))
  }
}

/// A route through an alert that a decision's case shows (FLOW-SPEC sections 6b, 12): the
/// app's answer picks the case; the link answers the alert that case shows.
@MainActor
@Suite struct LinkDecisionAlertTests {
  private let router = RecordingRouter()
  private let outcomes = Outcomes()

  private func screens() -> [String] { router.screens.map { "\($0)" } }

  private func ordersRoute(waits: Bool = true) -> LinkRoute {
    var route = LinkRoute(link: "orders", target: "Orders", waits: waits)
    route.leg(Vault.self, start: "Settings")
    route.event(Vault.SettingsEvent.delete, to: .asking)
    route.decision(to: .asking)
    route.alertButton(Vault.ConfirmButton.review, to: .screen("Orders"))
    return route
  }

  @Test func theCaseThatShowsTheAlertHasTheLinkAnswerItWithoutShowingIt() throws {
    let vault = Vault(router: router)
    vault.start()
    vault.follow(ordersRoute(), onEnd: outcomes.record)
    #expect(outcomes.all.isEmpty, "the decision waits for the app")
    try call(#require(vault.answer), true)
    #expect(screens() == ["Settings", "Orders"])
    #expect(router.shownAlerts.isEmpty, "the link taps the button; no alert stays on screen")
    #expect(!router.operations.contains { if case .alert = $0 { true } else { false } })
    #expect(outcomes.all == [.followed])
  }

  @Test func anAnswerGivenAtOnceIsFollowedToo() {
    let vault = Vault(router: router)
    vault.answersAtOnce = true
    vault.start()
    vault.follow(ordersRoute(), onEnd: outcomes.record)
    #expect(screens() == ["Settings", "Orders"])
    #expect(router.shownAlerts.isEmpty)
    #expect(outcomes.all == [.followed])
  }

  @Test func anotherCaseLeavesTheLinkWaitingAndALaterAlertIsTheUsers() throws {
    let vault = Vault(router: router)
    vault.start()
    vault.follow(ordersRoute(), onEnd: outcomes.record)
    try call(#require(vault.answer), false)
    #expect(screens() == ["Settings", "Help"])
    #expect(outcomes.all.isEmpty, "the link waits, as at any decision answered another way")
    router.userPops()
    vault.sendToTopScreen(Vault.SettingsEvent.delete)
    try call(#require(vault.answer), true)
    #expect(
      router.topAlert.map { "\($0)" } == "Delete? [Review, Keep]",
      "the user's own alert is shown: the link answered only the one it asked for")
  }

  @Test func anotherCaseDropsALinkThatDoesNotWait() throws {
    let vault = Vault(router: router)
    vault.start()
    vault.follow(ordersRoute(waits: false), onEnd: outcomes.record)
    try call(#require(vault.answer), false)
    #expect(outcomes.all == [.notFollowed(.answeredOtherwise)])
    #expect(screens() == ["Settings", "Help"])
  }
}
