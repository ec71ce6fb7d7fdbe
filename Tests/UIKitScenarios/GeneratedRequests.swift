import FlowRuntime
// Requests (FLOW-SPEC 13.3) run by generated code: the coordinators flowc generates from
// flows/chats.flow.yaml on NavigationRouter and the UIKit double. The conversation asks the
// chats list for something and keeps running: a `present` shows a sheet over its screens, and
// a `push` ends it first, popping its screens before the pushed one comes.
@_spi(Behaviour) import UIKit

/// The app's side of the generated `ChatsScreens` (and `ConversationScreens`, through the
/// default factory): each screen a `Screen` named as in the flow, and the `send` of the screens
/// a scenario taps.
final class ChatsApp: ChatsScreens, ConversationScreens {
  private(set) var sendFromList: (@MainActor (ChatsCoordinator.ListEvent) -> Void)?
  private(set) var sendFromShare: (@MainActor (ChatsCoordinator.ShareEvent) -> Void)?
  private(set) var sendFromMessages: (@MainActor (ConversationCoordinator.MessagesEvent) -> Void)?

  func makeList(send: @escaping @MainActor (ChatsCoordinator.ListEvent) -> Void)
    -> any Presentable
  {
    sendFromList = send
    return Screen("List")
  }

  func makeShare(send: @escaping @MainActor (ChatsCoordinator.ShareEvent) -> Void)
    -> any Presentable
  {
    sendFromShare = send
    return Screen("Share")
  }

  func makeProfile(send: @escaping @MainActor (ChatsCoordinator.ProfileEvent) -> Void)
    -> any Presentable
  {
    Screen("Profile")
  }

  func makeMessages(send: @escaping @MainActor (ConversationCoordinator.MessagesEvent) -> Void)
    -> any Presentable
  {
    sendFromMessages = send
    return Screen("Messages")
  }
}

/// The chats list with the conversation started on it, settled.
@MainActor private func openConversation() async throws -> (Fixture, ChatsApp, ChatsCoordinator) {
  let fixture = Fixture()
  let app = ChatsApp()
  let chats = ChatsCoordinator(screens: app, router: fixture.router)
  chats.start()
  await settle()
  try app.sendFromList.orFail("List was not made")(.open)
  await settle()
  try expect(shown(fixture.root) == ["List", "Messages"], "\(shown(fixture.root))")
  return (fixture, app, chats)
}

@MainActor let generatedRequestScenarios: [Scenario] = [
  // `share: { present: Share }`: the sheet is presented over the navigation controller, whose
  // stack keeps the conversation's screen; once it is dismissed, the conversation still runs.
  Scenario("aGeneratedRequestHandledByPresentLeavesTheChildsScreens") {
    let (fixture, app, chats) = try await openConversation()
    try app.sendFromMessages.orFail("Messages was not made")(.share)
    await settle()
    try expect(fixture.presented.count == 1, "presented: \(fixture.presented)")
    let sheet = fixture.presented.first as? UINavigationController
    try expect(shown(sheet) == ["Share"], "in the sheet: \(shown(sheet))")
    try expect(shown(fixture.root) == ["List", "Messages"], "\(shown(fixture.root))")
    try expect(chats.children.count == 1, "the conversation ended")
    try app.sendFromShare.orFail("Share was not made")(.done)
    await settle()
    try expect(fixture.presented.isEmpty, "still presented: \(fixture.presented)")
    try app.sendFromMessages.orFail("Messages was not made")(.close)
    await settle()
    try expect(shown(fixture.root) == ["List"], "\(shown(fixture.root))")
    try expect(chats.children.isEmpty, "the conversation did not finish")
  },
  // `profile: { push: Profile }`: the conversation is ended first, its screen popped, and
  // Profile is pushed onto the list, where the conversation was started.
  Scenario("aGeneratedRequestHandledByPushEndsTheChildFirst") {
    let (fixture, app, chats) = try await openConversation()
    let conversation = try (chats.children.first as? ConversationCoordinator).orFail(
      "no conversation runs")
    try app.sendFromMessages.orFail("Messages was not made")(.profile)
    await settle()
    try expect(shown(fixture.root) == ["List", "Profile"], "\(shown(fixture.root))")
    try expect(conversation.isFinished && chats.children.isEmpty, "the conversation runs on")
    try expect(
      fixture.router.top == StackPosition(modals: 0, screens: 2), "\(fixture.router.top)")
  },
]
