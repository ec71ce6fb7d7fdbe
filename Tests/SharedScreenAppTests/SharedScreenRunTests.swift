import FlowRuntime
import Foundation
import Testing

/// The generated Swift of shared screens, decisions and alerts (FLOW-SPEC 13.2), run on
/// `RecordingRouter`: each owner shows them on its own stack and runs their actions there.
@MainActor
@Suite struct SharedScreenRunTests {
  /// Opens the profile of `a0` from the timeline, then `levels` times a thread and the profile
  /// of its author, checking the timeline's stack after each push. Returns the stack.
  private func recurse(
    _ levels: Int, on timeline: RecordingRouter, sourceLocation: SourceLocation = #_sourceLocation
  ) -> [ScreenID] {
    #expect(
      timeline.send(TimelineCoordinator.PostsEvent.author(AccountID("a0"))),
      sourceLocation: sourceLocation)
    var expected: [ScreenID] = [.Timeline.posts, .Shared.profile]
    #expect(ids(timeline) == expected, sourceLocation: sourceLocation)
    for level in 1...levels {
      #expect(
        timeline.send(ProfileEvent.openThread(ThreadID(level))), sourceLocation: sourceLocation)
      expected.append(.Shared.thread)
      #expect(ids(timeline) == expected, "level \(level)", sourceLocation: sourceLocation)
      #expect(
        timeline.send(ThreadEvent.openProfile(AccountID("a\(level)"))),
        sourceLocation: sourceLocation)
      expected.append(.Shared.profile)
      #expect(ids(timeline) == expected, "level \(level)", sourceLocation: sourceLocation)
    }
    return expected
  }

  @Test func aProfileAndAThreadRecurseTenLevelsDeepThenPopToTheRoot() throws {
    let harness = SocialHarness()
    let timeline = try harness.tab(0)
    let stack = recurse(10, on: timeline)
    #expect(stack.count == 22)
    var shown = ["-", "a0"]
    for level in 1...10 { shown += ["#\(level)", "a\(level)"] }
    #expect(inputs(timeline) == shown)
    #expect(timeline.modalStyles.isEmpty)

    // The profile on top goes back to the first screen its owner shows on the stack.
    timeline.clearCalls()
    #expect(timeline.send(ProfileEvent.home))
    #expect(timeline.operations == [.popToRoot(at: 0)])
    #expect(ids(timeline) == [.Timeline.posts])
    #expect(try ids(harness.tab(1)) == [.Search.results])
  }

  @Test func aProfileAndAThreadRecurseTenLevelsDeepThenPopBackOneByOne() throws {
    let harness = SocialHarness()
    let timeline = try harness.tab(0)
    var stack = recurse(10, on: timeline)
    timeline.clearCalls()
    while stack.count > 1 {
      let top = try #require(stack.last)
      let sent =
        top == .Shared.profile
        ? timeline.send(ProfileEvent.back) : timeline.send(ThreadEvent.back)
      #expect(sent)
      stack.removeLast()
      #expect(ids(timeline) == stack)
    }
    #expect(ids(timeline) == [.Timeline.posts])
    #expect(timeline.operations == Array(repeating: .pop, count: 21))
    withExtendedLifetime(harness) {}
  }

  @Test func eachTabShowsTheSharedScreensOnItsOwnStack() throws {
    let harness = SocialHarness()
    let timeline = try harness.tab(0)
    let search = try harness.tab(1)
    #expect(timeline.send(TimelineCoordinator.PostsEvent.thread(ThreadID(7))))
    #expect(search.send(SearchCoordinator.ResultsEvent.account(AccountID("ada"))))
    #expect(search.send(ProfileEvent.openThread(ThreadID(8))))
    #expect(ids(timeline) == [.Timeline.posts, .Shared.thread])
    #expect(ids(search) == [.Search.results, .Shared.profile, .Shared.thread])
    #expect(inputs(search) == ["-", "ada", "#8"])

    // The thread on the timeline pushes onto the timeline, not onto the last stack used.
    #expect(timeline.send(ThreadEvent.openProfile(AccountID("bob"))))
    #expect(ids(timeline) == [.Timeline.posts, .Shared.thread, .Shared.profile])
    #expect(ids(search) == [.Search.results, .Shared.profile, .Shared.thread])

    // An external event shows a shared screen on its coordinator's stack, over its top.
    #expect(harness.app.send(SearchExternalEvent.openProfile(AccountID("cy"))))
    #expect(ids(search) == [.Search.results, .Shared.profile, .Shared.thread, .Shared.profile])
    #expect(inputs(search) == ["-", "ada", "#8", "cy"])
    #expect(ids(timeline) == [.Timeline.posts, .Shared.thread, .Shared.profile])
  }

  @Test func aSharedScreenPresentsWithItsStyleAndControls() throws {
    let harness = SocialHarness()
    let timeline = try harness.tab(0)
    #expect(timeline.send(TimelineCoordinator.PostsEvent.thread(ThreadID(1))))
    timeline.clearCalls()
    #expect(timeline.send(ThreadEvent.share))
    #expect(
      timeline.operations == [
        .present(.Shared.shareSheet, style: .formSheet, controls: .init(dismissible: false))
      ])
    #expect(timeline.send(ShareSheetEvent.done))
    #expect(ids(timeline) == [.Timeline.posts, .Shared.thread])
    withExtendedLifetime(harness) {}
  }

  @Test func aSharedDecisionAndAlertActOnTheOwnersStack() throws {
    let harness = SocialHarness()
    let search = try harness.tab(1)
    #expect(search.send(SearchCoordinator.ResultsEvent.account(AccountID("ada"))))
    #expect(search.send(ProfileEvent.block(AccountID("ada"))))
    let asked = try #require(harness.screens.waiting.last)
    #expect(asked.name == "Block")
    #expect(asked.coordinator == "Shared")
    #expect(asked.payload as? AccountID == AccountID("ada"))
    #expect(harness.screens.answer(BlockAnswer.confirm(AccountID("ada"))))
    #expect(search.shownAlerts.map(\.title) == ["ConfirmBlock"])
    #expect(search.tap("block"))
    #expect(ids(search) == [.Search.results])
    withExtendedLifetime(harness) {}
  }

  @Test func aChildThatASharedScreenStartsIsTheOwnersAndItsHandlerRunsThere() throws {
    let harness = SocialHarness()
    let timeline = try harness.tab(0)
    let owner = try #require(harness.child(TimelineCoordinator.self, of: harness.app))
    #expect(timeline.send(TimelineCoordinator.PostsEvent.author(AccountID("ada"))))
    #expect(timeline.send(ProfileEvent.report(AccountID("ada"))))
    #expect(harness.child(ReportingCoordinator.self, of: owner) != nil)
    #expect(ids(timeline) == [.Timeline.posts, .Shared.profile, .Reporting.reason])
    #expect(timeline.modalStyles == [.sheet])

    #expect(
      timeline.send(
        ReportingCoordinator.ReasonEvent.send(Report(account: AccountID("ada"), reason: "spam"))))
    #expect(harness.child(ReportingCoordinator.self, of: owner) == nil)
    #expect(ids(timeline) == [.Timeline.posts, .Shared.profile])
    #expect(timeline.shownAlerts.map(\.title) == ["Reported"])
  }

  @Test func aCoordinatorThatStartsAtASharedScreenOwnsItsStack() throws {
    let harness = SocialHarness()
    let timeline = try harness.tab(0)
    let owner = try #require(harness.child(TimelineCoordinator.self, of: harness.app))
    #expect(timeline.send(TimelineCoordinator.PostsEvent.avatar(AccountID("ada"))))
    let card = try #require(harness.child(CardCoordinator.self, of: owner))
    #expect(ids(timeline) == [.Timeline.posts, .Shared.profile])
    #expect(timeline.modalStyles == [.sheet])
    #expect(timeline.send(ProfileEvent.openThread(ThreadID(3))))
    #expect(ids(timeline) == [.Timeline.posts, .Shared.profile, .Shared.thread])
    #expect(timeline.stacks.map(\.count) == [1, 2])

    // Swiping the sheet away leaves Card, which finishes with its `leave`.
    timeline.userDismisses()
    #expect(card.isFinished)
    #expect(harness.child(CardCoordinator.self, of: owner) == nil)
    #expect(ids(timeline) == [.Timeline.posts])
  }

  /// The example of docs/generated-code.md, "Shared screens".
  @Test func theDocsExampleRecordsEachPushOnTheTabsRouter() throws {
    let screens = RecordingScreens()
    let app = SocialCoordinator(screens: screens, router: RecordingRouter())
    app.start()
    let timeline = try #require(screens.tabContainers.first?.routers.first)
    timeline.send(TimelineCoordinator.PostsEvent.author(AccountID("ada")))
    timeline.send(ProfileEvent.openThread(ThreadID(1)))
    timeline.send(ThreadEvent.openProfile(AccountID("bob")))
    #expect(
      timeline.operations == [
        .push(.Timeline.posts), .push(.Shared.profile), .push(.Shared.thread),
        .push(.Shared.profile),
      ])
    withExtendedLifetime(app) {}
  }

  @Test func aSequenceInASharedScreenRunsOnTheOwnersStack() throws {
    let harness = SocialHarness()
    let timeline = try harness.tab(0)
    #expect(timeline.send(TimelineCoordinator.PostsEvent.thread(ThreadID(1))))
    timeline.clearCalls()
    #expect(timeline.send(ThreadEvent.quote))
    #expect(timeline.operations == [.pop, .push(.Shared.draft)])
    #expect(ids(timeline) == [.Timeline.posts, .Shared.draft])
    withExtendedLifetime(harness) {}
  }

  @Test func aCoordinatorThatStartsWithASharedDecisionAsksItAsShared() throws {
    let harness = SocialHarness()
    let search = try harness.tab(1)
    let owner = try #require(harness.child(SearchCoordinator.self, of: harness.app))
    #expect(search.send(SearchCoordinator.ResultsEvent.help))
    let asked = try #require(harness.screens.waiting.last)
    #expect(asked.description == "Route")
    #expect(asked.coordinator == "Shared")
    #expect(harness.screens.answer(RouteAnswer.profile(AccountID("ada"))))
    #expect(ids(search) == [.Search.results, .Shared.profile])
    #expect(search.modalStyles == [.sheet])
    let help = try #require(harness.child(HelpCoordinator.self, of: owner))

    // Its copy of a shared alert's button with a payload pushes onto its own stack.
    #expect(search.send(ProfileEvent.report(AccountID("ada"))))
    #expect(
      search.send(
        ReportingCoordinator.ReasonEvent.send(Report(account: AccountID("ada"), reason: "spam"))))
    #expect(search.shownAlerts.map(\.title) == ["Reported"])
    #expect(search.shownAlerts.first?.buttons.map(\.title) == ["ok"])
    search.userDismisses()
    #expect(help.isFinished)
    #expect(ids(search) == [.Search.results])
  }

  @Test func aLinkRoutedThroughAnOwnerOpensTheSharedScreenOnItsStack() throws {
    let harness = SocialHarness()
    let values = StubLinkValues()
    var outcomes: [LinkOutcome] = []
    let url = try #require(URL(string: "myapp://search/profiles/ada"))
    let link = try #require(FlowLink(url: url))
    #expect(link == .profile(id: "ada"))
    harness.app.open(link, values: values) { outcomes.append($0) }
    #expect(outcomes == [.followed])
    #expect(try ids(harness.tab(1)) == [.Search.results, .Shared.profile])
    #expect(try inputs(harness.tab(1)) == ["-", "ada"])
    #expect(try ids(harness.tab(0)) == [.Timeline.posts])
  }
}

/// The same shared screens on ``SwiftUIRouter``: the navigation state SwiftUI draws holds the
/// same stack as ``RecordingRouter`` records.
@MainActor
@Suite struct SharedScreenSwiftUITests {
  @Test func aProfileAndAThreadRecurseTenLevelsDeepInTheTabsPathThenPopToTheRoot() throws {
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
    #expect(send(TimelineCoordinator.PostsEvent.author(AccountID("a0"))))
    var expected: [ScreenID] = [.Timeline.posts, .Shared.profile]
    #expect(shown() == expected)
    for level in 1...10 {
      #expect(send(ProfileEvent.openThread(ThreadID(level))))
      #expect(send(ThreadEvent.openProfile(AccountID("a\(level)"))))
      expected += [.Shared.thread, .Shared.profile]
      #expect(shown() == expected, "level \(level)")
    }
    #expect(timeline.topStack.path.count == 21)
    #expect(send(ProfileEvent.home))
    #expect(shown() == [.Timeline.posts])
    #expect(timeline.topStack.path.isEmpty)
    withExtendedLifetime(app) {}
  }
}
