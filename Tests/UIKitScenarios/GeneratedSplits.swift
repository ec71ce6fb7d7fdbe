import FlowRuntime
// Split coordinators (FLOW-SPEC 13.4) run by generated code: the coordinators flowc generates
// from flows/mail.flow.yaml on NavigationRouter and the UIKit double. The mailbox list is the
// primary column of a UISplitViewController at the window's root; `show: Mailbox` puts the
// mailbox in the secondary column, or on the one stack once the split has collapsed, and each
// column keeps its screens when the width changes.
@_spi(Behaviour) import UIKit

/// The app's side of the generated `MailScreens` (and `MailboxScreens`, through the default
/// factory): each screen a `Screen` named as in the flow, and the `send` of the screens the
/// scenarios tap.
final class MailApp: MailScreens, MailboxScreens {
  private(set) var sendFromMailboxes: (@MainActor (MailCoordinator.MailboxesEvent) -> Void)?
  private(set) var sendFromMessages: (@MainActor (MailboxCoordinator.MessagesEvent) -> Void)?

  func makeMailboxes(send: @escaping @MainActor (MailCoordinator.MailboxesEvent) -> Void)
    -> any Presentable
  {
    sendFromMailboxes = send
    return Screen("Mailboxes")
  }

  func makeArchive(send: @escaping @MainActor (MailCoordinator.ArchiveEvent) -> Void)
    -> any Presentable
  {
    Screen("Archive")
  }

  func makeMessages(
    _ input: String, send: @escaping @MainActor (MailboxCoordinator.MessagesEvent) -> Void
  ) -> any Presentable {
    sendFromMessages = send
    return Screen("Messages(\(input))")
  }

  func makeMessage(send: @escaping @MainActor (MailboxCoordinator.MessageEvent) -> Void)
    -> any Presentable
  {
    Screen("Message")
  }
}

/// The generated split coordinator started at the root of a window, settled, with `mailbox`
/// shown and, when `reading`, its first message read.
@MainActor private func openMailbox(_ mailbox: String = "Inbox", reading: Bool = true) async throws
  -> (
    Fixture, MailApp, MailCoordinator, UISplitViewController
  )
{
  let fixture = Fixture()
  let app = MailApp()
  let mail = MailCoordinator(screens: app, router: fixture.router)
  mail.start()
  await settle()
  let split = try fixture.router.splitViewController.orFail("no split view controller")
  try app.sendFromMailboxes.orFail("Mailboxes was not made")(.open(mailbox))
  await settle()
  if reading {
    try app.sendFromMessages.orFail("Messages was not made")(.read)
    await settle()
  }
  return (fixture, app, mail, split)
}

@MainActor let generatedSplitScenarios: [Scenario] = [
  // `showSplit(.doubleColumn)` before the first screen: the split is the window's root, the
  // list its primary column, and the mailbox and what it pushes are on the secondary column.
  Scenario("aGeneratedShowPutsTheChildInTheSecondaryColumn") {
    let (fixture, _, mail, split) = try await openMailbox()
    try expect(fixture.window.rootViewController === split, "the split is not the window's root")
    try expect(names(split.viewController(for: .primary)) == ["Mailboxes"], "primary")
    let secondary = names(split.viewController(for: .secondary))
    try expect(secondary == ["Messages(Inbox)", "Message"], "secondary: \(secondary)")
    try expect(mail.children.count == 1, "children: \(mail.children.count)")
  },
  // A second `show` drops the mailbox shown before (its `closed` handler does not run: nothing
  // is pushed on the list) and shows the new one at the root of the column.
  Scenario("aGeneratedShowReplacesTheMailboxShownBefore") {
    let (_, app, mail, split) = try await openMailbox()
    let first = try mail.children.first.orFail("no mailbox")
    try app.sendFromMailboxes.orFail("Mailboxes was not made")(.open("Sent"))
    await settle()
    try expect(first.isFinished, "the first mailbox still runs")
    try expect(names(split.viewController(for: .primary)) == ["Mailboxes"], "a handler ran")
    let secondary = names(split.viewController(for: .secondary))
    try expect(secondary == ["Messages(Sent)"], "secondary: \(secondary)")
  },
  // The mailbox finishes: its column shows nothing, and the holder's handler pushes onto the
  // list, in the primary column, where the `show` was.
  Scenario("aGeneratedShownChildThatFinishesEmptiesItsColumn") {
    let (_, app, mail, split) = try await openMailbox(reading: false)
    try app.sendFromMessages.orFail("Messages was not made")(.close)
    await settle()
    try expect(mail.children.isEmpty, "the mailbox still runs")
    try expect(names(split.viewController(for: .secondary)).isEmpty, "the column is not empty")
    let primary = names(split.viewController(for: .primary))
    try expect(primary == ["Mailboxes", "Archive"], "primary: \(primary)")
  },
  // Collapsed in the middle of the flow and expanded again, every column keeps its screens and
  // the mailbox still runs; in the compact width the user's back at the mailbox's first screen
  // leaves it (`leave: closed`), and its handler runs.
  Scenario("aGeneratedSplitKeepsItsStateThroughALayoutChange") {
    let (_, _, mail, split) = try await openMailbox()
    UIKitDouble.collapse(split)
    await settle()
    let compact = try (split.viewController(for: .compact) as? UINavigationController).orFail(
      "no compact stack")
    try expect(
      names(compact) == ["Mailboxes", "Messages(Inbox)", "Message"], "\(names(compact))")
    UIKitDouble.expand(split)
    await settle()
    try expect(names(split.viewController(for: .primary)) == ["Mailboxes"], "primary")
    let secondary = names(split.viewController(for: .secondary))
    try expect(secondary == ["Messages(Inbox)", "Message"], "secondary: \(secondary)")
    try expect(mail.children.count == 1, "the mailbox ended")
    UIKitDouble.collapse(split)
    await settle()
    UIKitDouble.tapBack(on: compact)
    await settle()
    UIKitDouble.tapBack(on: compact)
    await settle()
    try expect(mail.children.isEmpty, "the user's back did not leave the mailbox")
    try expect(names(compact) == ["Mailboxes", "Archive"], "after leaving: \(names(compact))")
  },
]
