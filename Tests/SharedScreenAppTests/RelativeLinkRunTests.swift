import FlowRuntime
import Foundation
import Testing

/// A relative link (FLOW-SPEC 13.6) in the generated Swift of the shared screens fixture, run on
/// `RecordingRouter`: `account` pushes shared screen Profile onto the top stack, found from the
/// root inward, and the coordinator of that stack's top screen owns it.
@MainActor
@Suite struct RelativeLinkRunTests {
  /// Opens `account` for `handle` on the harness's root and returns how it ended.
  private func openAccount(_ handle: String, in harness: SocialHarness) -> [LinkOutcome] {
    var outcomes: [LinkOutcome] = []
    harness.app.open(.account(id: handle), values: StubLinkValues()) { outcomes.append($0) }
    return outcomes
  }

  @Test func theURLReadsIntoTheRelativeLinkAndBack() throws {
    let url = try #require(URL(string: "myapp://accounts/ada"))
    let link = try #require(FlowLink(url: url))
    #expect(link == .account(id: "ada"))
    #expect(link.url.absoluteString == "/accounts/ada")
  }

  @Test func itPushesOnTheSelectedTabsStackOwnedByThatTabsCoordinator() throws {
    let harness = SocialHarness()
    let timeline = try harness.tab(0)
    let search = try harness.tab(1)
    timeline.clearCalls()
    #expect(openAccount("ada", in: harness) == [.followed])
    #expect(ids(timeline) == [.Timeline.posts, .Shared.profile])
    #expect(inputs(timeline) == ["-", "ada"])
    #expect(ids(search) == [.Search.results])
    // Without animation, as a routed link's steps.
    #expect(timeline.operations == [.notAnimated(.push(.Shared.profile))])
    #expect(timeline.animatesTransitions)

    // Timeline owns it: its events act on Timeline's stack.
    timeline.clearCalls()
    #expect(timeline.send(ProfileEvent.openThread(ThreadID(2))))
    #expect(ids(timeline) == [.Timeline.posts, .Shared.profile, .Shared.thread])
    #expect(timeline.send(ThreadEvent.openProfile(AccountID("bob"))))
    #expect(timeline.send(ProfileEvent.back))
    #expect(timeline.send(ThreadEvent.back))
    #expect(ids(timeline) == [.Timeline.posts, .Shared.profile])
    #expect(timeline.send(ProfileEvent.back))
    #expect(ids(timeline) == [.Timeline.posts])
    #expect(
      timeline.operations == [
        .push(.Shared.thread), .push(.Shared.profile), .pop, .pop, .pop,
      ])
  }

  @Test func itPushesOnTheTabTheUserIsOnWhenThatIsAnotherTab() throws {
    let harness = SocialHarness()
    let timeline = try harness.tab(0)
    let search = try harness.tab(1)
    // The routed link selects the Search tab and shows a profile there.
    var routed: [LinkOutcome] = []
    harness.app.open(.profile(id: "ada"), values: StubLinkValues()) { routed.append($0) }
    #expect(routed == [.followed])
    #expect(openAccount("bob", in: harness) == [.followed])
    #expect(ids(search) == [.Search.results, .Shared.profile, .Shared.profile])
    #expect(inputs(search) == ["-", "ada", "bob"])
    #expect(ids(timeline) == [.Timeline.posts])

    // Search owns it: its popToRoot goes back to Search's first screen.
    #expect(search.send(ProfileEvent.home))
    #expect(ids(search) == [.Search.results])
  }

  @Test func withASheetOnTopItPushesOntoTheSheetsStackOwnedByItsCoordinator() throws {
    let harness = SocialHarness()
    let timeline = try harness.tab(0)
    let owner = try #require(harness.child(TimelineCoordinator.self, of: harness.app))
    #expect(timeline.send(TimelineCoordinator.PostsEvent.author(AccountID("ada"))))
    #expect(timeline.send(ProfileEvent.report(AccountID("ada"))))
    let reporting = try #require(harness.child(ReportingCoordinator.self, of: owner))
    #expect(openAccount("bob", in: harness) == [.followed])
    #expect(
      ids(timeline) == [.Timeline.posts, .Shared.profile, .Reporting.reason, .Shared.profile])
    #expect(timeline.stacks.map(\.count) == [2, 2])
    #expect(inputs(timeline).last == "bob")

    // Reporting owns it, on the sheet's stack: a thread pushes there, and its popToRoot goes
    // back to Reporting's first screen, in the sheet.
    #expect(timeline.send(ProfileEvent.openThread(ThreadID(4))))
    #expect(timeline.stacks.map(\.count) == [2, 3])
    #expect(timeline.send(ThreadEvent.back))
    #expect(timeline.send(ProfileEvent.home))
    #expect(timeline.stacks.map(\.count) == [2, 1])
    #expect(!reporting.isFinished)
    #expect(timeline.send(ReportingCoordinator.ReasonEvent.close))
    #expect(reporting.isFinished)
    #expect(ids(timeline) == [.Timeline.posts, .Shared.profile])
  }

  @Test func anAlertOnTopIsClosedFirstAndNoButtonRuns() throws {
    let harness = SocialHarness()
    let search = try harness.tab(1)
    var routed: [LinkOutcome] = []
    harness.app.open(.profile(id: "ada"), values: StubLinkValues()) { routed.append($0) }
    #expect(routed == [.followed])
    #expect(search.send(ProfileEvent.block(AccountID("ada"))))
    #expect(harness.screens.answer(BlockAnswer.confirm(AccountID("ada"))))
    #expect(search.shownAlerts.map(\.title) == ["ConfirmBlock"])
    search.clearCalls()

    #expect(openAccount("bob", in: harness) == [.followed])
    #expect(search.shownAlerts.isEmpty)
    #expect(search.operations == [.closeAlerts, .notAnimated(.push(.Shared.profile))])
    // `block` would have popped the first profile: it is still there.
    #expect(ids(search) == [.Search.results, .Shared.profile, .Shared.profile])
    #expect(!search.tap("block"))
    #expect(ids(search) == [.Search.results, .Shared.profile, .Shared.profile])
  }

  @Test func itStopsWhenTheTopStacksCoordinatorShowsNoScreenYet() throws {
    let harness = SocialHarness()
    let search = try harness.tab(1)
    var routed: [LinkOutcome] = []
    harness.app.open(.profile(id: "ada"), values: StubLinkValues()) { routed.append($0) }
    #expect(search.send(ProfileEvent.home))
    // Help starts with a decision: its sheet shows nothing until the app answers.
    #expect(search.send(SearchCoordinator.ResultsEvent.help))
    search.clearCalls()
    #expect(openAccount("bob", in: harness) == [.notFollowed(.stopped)])
    #expect(search.operations.isEmpty)
    #expect(ids(search) == [.Search.results])

    // Once it shows its first screen, Help owns what the link pushes, in its sheet.
    #expect(harness.screens.answer(RouteAnswer.thread(ThreadID(9))))
    #expect(openAccount("bob", in: harness) == [.followed])
    #expect(ids(search) == [.Search.results, .Shared.thread, .Shared.profile])
    #expect(search.stacks.map(\.count) == [1, 2])
  }

  @Test func aNewLinkOpenedWhileTheAppMakesTheValueReplacesTheRelativeOne() throws {
    let harness = SocialHarness()
    let timeline = try harness.tab(0)
    let values = LaterValues()
    var first: [LinkOutcome] = []
    var second: [LinkOutcome] = []
    harness.app.open(.account(id: "ada"), values: values) { first.append($0) }
    harness.app.open(.account(id: "bob"), values: values) { second.append($0) }
    #expect(first == [.notFollowed(.replaced)])
    values.answerAll()
    #expect(second == [.followed])
    #expect(inputs(timeline) == ["-", "bob"])
  }
}

/// Link values the test answers later, in order.
@MainActor
final class LaterValues: FlowLinkValues {
  private var waiting: [(handle: String, answer: @MainActor (AccountID?) -> Void)] = []

  func makeAccountID(for link: FlowLink, answer: @escaping @MainActor (AccountID?) -> Void) {
    switch link {
    case .profile(let id), .account(let id): waiting.append((id, answer))
    }
  }

  func answerAll() {
    let answers = waiting
    waiting.removeAll()
    for (handle, answer) in answers { answer(AccountID(handle)) }
  }
}

/// A relative link on ``SwiftUIRouter``: an alert in the navigation state is closed, and the
/// profile pushed onto the tab's path.
@MainActor
@Suite struct RelativeLinkSwiftUITests {
  @Test func anAlertIsClosedAndTheProfilePushedOntoTheTabsPath() throws {
    let screens = RecordingScreens()
    let router = SwiftUIRouter(name: "app")
    let app = SocialCoordinator(screens: screens, router: router)
    app.start()
    let timeline = try #require(screens.tabContainers.last?.stacks.first as? SwiftUIRouter)
    func send<Event>(_ event: Event) -> Bool {
      (timeline.topStack.topScreen?.screen as? StubScreen)?.send(event) ?? false
    }
    func shown() -> [ScreenID] {
      timeline.topStack.screens.map { ($0.screen as? StubScreen)?.id ?? ScreenID("?") }
    }
    #expect(send(TimelineCoordinator.PostsEvent.author(AccountID("ada"))))
    #expect(send(ProfileEvent.block(AccountID("ada"))))
    #expect(screens.answer(BlockAnswer.confirm(AccountID("ada"))))
    #expect(timeline.topStack.alerts.map(\.alert.title) == ["ConfirmBlock"])

    var outcomes: [LinkOutcome] = []
    app.open(.account(id: "bob"), values: StubLinkValues()) { outcomes.append($0) }
    #expect(outcomes == [.followed])
    #expect(timeline.topStack.alerts.isEmpty)
    #expect(shown() == [.Timeline.posts, .Shared.profile, .Shared.profile])
    #expect(timeline.topStack.path.count == 2)
    // Timeline owns it: its back pops it.
    #expect(send(ProfileEvent.back))
    #expect(shown() == [.Timeline.posts, .Shared.profile])
    withExtendedLifetime(app) {}
  }
}
