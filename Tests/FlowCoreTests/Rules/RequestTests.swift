import FlowCore
import Testing

/// Requests (spec r3, section 13.3): a child asks its parent without ending. One test per
/// sentence of 13.3 about checking shows what is reported (rule, place, message) and one
/// what is not.
@Suite struct RequestTests {
  /// A module whose entry `App` starts `Chats` from its screens `Home` (its root) and `More`
  /// (pushed) as `start` says, with `handlers` in its `on`, and has `appMore` after its
  /// screens; `Chats` declares `requests`, sends them from `Rooms` as `sends` says, and has
  /// `chatsScreens` after it.
  private func module(
    start: String = "start: Chats", handlers: String, requests: String = "{ showSettings: ~ }",
    sends: String = "settings: { request: showSettings }", appMore: String = "",
    chatsScreens: String = ""
  ) -> String {
    """
    version: 1
    coordinators:
      App:
        entry: true
        start: Home
        screens:
          Home:
            on:
              chats: { \(start), on: { closed: stay, \(handlers) } }
              more: { push: More }
              settings: { push: Settings }
          More:
            on:
              chats: { \(start), on: { closed: stay, \(handlers) } }
          Settings: { on: { done: pop } }
    \(appMore)
      Chats:
        result: { closed: ~ }
        requests: \(requests)
        start: Rooms
        screens:
          Rooms:
            on:
              \(sends)
              close: { finish: closed }
    \(chatsScreens)

    """
  }

  // MARK: `requests` maps lowerCamelCase names to a payload type or ~

  @Test func aRequestNameThatIsNotLowerCamelCaseIsAnInvalidName() throws {
    let findings = try check(
      module(
        handlers: "ShowSettings: stay", requests: "{ ShowSettings: ~ }",
        sends: "settings: { request: ShowSettings }"))
    #expect(
      described(findings) == [
        "19:17 request name 'ShowSettings' must be lowerCamelCase ([a-z][A-Za-z0-9]*); did you "
          + "mean 'showSettings'? [invalid-name]"
      ])
  }

  @Test func requestsWithAndWithoutPayloadsCheckCleanAndUseTheirTypes() throws {
    let findings = try check(
      """
      version: 1
      types:
        Link: { struct: { url: URL } }
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home:
              on:
                chats:
                  start: Chats
                  on: { showSettings: { push: Settings }, open: { present: Web } }
            Settings: { on: { done: pop } }
            Web: { input: Link, on: { done: dismiss } }
        Chats:
          requests: { showSettings: ~, open: Link }
          start: Rooms
          screens:
            Rooms:
              on:
                settings: { request: showSettings }
                open: { payload: Link, request: open }
      """)
    #expect(findings.isEmpty, "\(described(findings))")
  }

  @Test func anUnknownPayloadTypeOfARequestIsAnUnknownReference() throws {
    let findings = try check(
      module(handlers: "open: stay", requests: "{ open: Lnk }", sends: "open: stay"))
    // Unknown, its type is no payload the checks can judge; still, nothing sends it.
    #expect(
      described(findings) == [
        "19:17 request 'open' of coordinator 'Chats' is never sent by a reachable 'request' "
          + "[unused-result-case]",
        "19:23 unknown type 'Lnk' [unknown-reference]",
      ])
  }

  // MARK: a request named as a result case is a duplicate-name

  @Test func aRequestNamedAsAResultCaseIsADuplicateNameAtTheLater() throws {
    let findings = try check(
      module(handlers: "showSettings: stay", requests: "{ closed: ~, showSettings: ~ }"))
    #expect(
      described(findings, rule: "duplicate-name") == [
        "19:17 request 'closed' of coordinator 'Chats' has the name of its result case 'closed'; "
          + "a parent's 'on' handles both by name, so rename one of them [duplicate-name]"
      ])
    #expect(
      findings.of("duplicate-name").first?.notes.map(\.message) == ["result case defined here"])
    // The case's handler stands for both: no second finding for the same mistake.
    #expect(findings.of("unhandled-result").isEmpty, "\(described(findings))")
  }

  @Test func aResultCaseWrittenAfterARequestOfItsNameIsTheLater() throws {
    let findings = try check(
      """
      version: 1
      coordinators:
        Chats:
          entry: true
          requests: { done: ~ }
          result: { done: ~ }
          start: Rooms
          screens:
            Rooms: { on: { done: { request: done }, close: { finish: done } } }
      """)
    #expect(
      described(findings, rule: "duplicate-name") == [
        "6:15 result case 'done' of coordinator 'Chats' has the name of its request 'done'; a "
          + "parent's 'on' handles both by name, so rename one of them [duplicate-name]"
      ])
  }

  // MARK: `request: r` sends r, with a payload of exactly the request's type

  @Test func aRequestOfNoRequestIsAnUnknownReferenceWithTheClosest() throws {
    let findings = try check(
      module(handlers: "showSettings: stay", sends: "settings: { request: showSetings }"))
    #expect(
      described(findings) == [
        "24:32 request 'showSetings' does not exist in coordinator 'Chats'; did you "
          + "mean 'showSettings'? [unknown-reference]"
      ])
  }

  @Test func aRequestInACoordinatorWithoutRequestsSaysToDeclareIt() throws {
    let findings = try check(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { settings: { request: showSettings } } }
      """)
    #expect(
      described(findings) == [
        "7:42 request 'showSettings' does not exist in coordinator 'App'; declare it "
          + "in its 'requests', such as 'requests: { showSettings: ~ }' "
          + "[unknown-reference]"
      ])
  }

  @Test func aPayloadMissingOrOfAnotherTypeIsATypeMismatch() throws {
    let findings = try check(
      module(
        handlers: "open: stay", requests: "{ open: URL }",
        sends: "open: { request: open }\n          link: { payload: String, request: open }"))
    #expect(
      described(findings) == [
        "24:19 request 'open' needs a payload of type 'URL', but event 'open' of "
          + "screen 'Rooms' carries none [type-mismatch]",
        "25:36 request 'open' needs a payload of type 'URL', but event 'link' of "
          + "screen 'Rooms' carries 'String' [type-mismatch]",
      ])
  }

  @Test func aPayloadOfTheRequestsTypeOrFlowingIntoItsOptionalIsRight() throws {
    let findings = try check(
      module(
        handlers: "open: stay, maybe: stay", requests: "{ open: URL, maybe: URL? }",
        sends: "open: { payload: URL, request: open }\n          "
          + "maybe: { payload: URL, request: maybe }\n          "
          + "extra: { payload: String, request: showSettings }",
      ).replacingOccurrences(of: "maybe: URL? }", with: "maybe: URL?, showSettings: ~ }")
        .replacingOccurrences(of: "maybe: stay }", with: "maybe: stay, showSettings: stay }"))
    #expect(findings.isEmpty, "\(described(findings))")
  }

  // MARK: it does not navigate and does not end the child: it stays where it is

  @Test func aRequestIsNoWayOutOfTheChild() throws {
    // The parent's handler ends the child, but for the checks the request stays where it is:
    // the child, full screen, can neither finish nor be left by itself.
    let findings = try check(
      module(
        start: "start: Chats, style: fullScreen", handlers: "showSettings: { push: Settings }"
      ).replacingOccurrences(of: "          close: { finish: closed }\n", with: ""))
    #expect(
      described(findings) == [
        "17:3 coordinator 'Chats' is started by 'App' at the root of a full-screen "
          + "modal but can neither reach a 'finish' from its start nor be left there, so "
          + "'App' never removes it; add a reachable 'finish', or a way out the user can "
          + "take (the system back, a sheet's swipe) [never-finishes]",
        "18:15 result case 'closed' of coordinator 'Chats' is never produced by a "
          + "reachable 'finish' [unused-result-case]",
      ])
  }

  @Test func aRequestMayOnlyBeTheLastElementOfASequence() throws {
    let findings = try check(
      module(
        handlers: "showSettings: stay",
        sends: "settings: [{ request: showSettings }, { push: Rooms }]"))
    #expect(
      described(findings) == [
        "24:24 'request' cannot come before other actions in a sequence: only 'pop', "
          + "'popToRoot', 'dismiss', 'push', 'present' and 'replace' can; make it the last "
          + "[schema]"
      ])
  }

  @Test func aSequenceEndingWithARequestShowsItsScreenAndSendsIt() throws {
    let findings = try check(
      module(
        handlers: "showSettings: stay",
        sends: "settings: [{ push: Detail }, { request: showSettings }]",
        chatsScreens: "      Detail: { on: { back: pop } }"))
    #expect(findings.isEmpty, "\(described(findings))")
  }

  // MARK: every start handles every result case and every request

  @Test func aStartWithoutAHandlerOfARequestIsUnhandledNamingTheRequest() throws {
    let findings = try check(
      module(
        handlers: "open: stay", requests: "{ showSettings: ~, open: ~ }",
        sends: "settings: { request: showSettings }\n          open: { request: open }"))
    #expect(
      described(findings) == [
        "9:20 'Chats' can send the request 'showSettings', which this start does not "
          + "handle [unhandled-result]",
        "14:20 'Chats' can send the request 'showSettings', which this start does not "
          + "handle [unhandled-result]",
      ])
  }

  @Test func aTabAndAStartInASequenceHandleRequestsToo() throws {
    let findings = try check(
      """
      version: 1
      coordinators:
        App:
          entry: true
          tabs:
            - start: Chats
            - start: Other
              on: { showSettings: { present: Settings } }
          screens:
            Settings: { on: { done: dismiss, chats: [dismiss, { start: Chats, style: sheet }] } }
        Chats:
          requests: { showSettings: ~ }
          start: Rooms
          screens:
            Rooms: { on: { settings: { request: showSettings } } }
        Other:
          requests: { showSettings: ~ }
          start: Rooms
          screens:
            Rooms: { on: { settings: { request: showSettings } } }
      """)
    #expect(
      described(findings) == [
        "6:9 'Chats' can send the request 'showSettings', which this start does not "
          + "handle [unhandled-result]",
        "10:59 'Chats' can send the request 'showSettings', which this start does not "
          + "handle [unhandled-result]",
      ])
  }

  @Test func aHandlerOfNeitherACaseNorARequestIsAnUnknownReference() throws {
    let findings = try check(module(handlers: "showSettings: stay, showSetting: stay"))
    #expect(
      described(findings) == [
        "9:74 coordinator 'Chats' has no result case or request 'showSetting'; did "
          + "you mean 'showSettings'? [unknown-reference]",
        "14:74 coordinator 'Chats' has no result case or request 'showSetting'; did "
          + "you mean 'showSettings'? [unknown-reference]",
      ])
  }

  // MARK: the handler runs on the place that started the child, with the request's payload

  @Test func aRequestHandlerActsWhereTheChildWasStarted() throws {
    // From Home, the root of the entry, a handler's pop can never happen; from More it can,
    // and the alert's pop is judged on both places (wrong on Home only: not reported).
    let findings = try check(
      module(
        handlers: "showSettings: pop, ask: { alert: Sure }",
        requests: "{ showSettings: ~, ask: ~ }",
        sends: "settings: { request: showSettings }\n          ask: { request: ask }",
        appMore: "    alerts:\n      Sure: { on: { back: pop, keep: stay } }"))
    #expect(
      described(findings) == [
        "9:68 'pop' on screen 'Home' can never happen: it is the bottom of a "
          + "navigation stack there, with nothing of 'App' below [invalid-back]"
      ])
  }

  @Test func theButtonsAndCasesAHandlerReachesContinueItWhereTheChildWasStarted() throws {
    // Shown and decided only from Home's handler, the alert's and the decision's `pop` act on
    // Home, the root of the entry's stack: they can never happen there.
    let findings = try check(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home:
              on:
                chats:
                  start: Chats
                  on: { showSettings: { alert: Sure }, ask: { decide: Route } }
          alerts:
            Sure: { on: { back: pop, keep: stay } }
          decisions:
            Route: { cases: { back: pop, stay: stay } }
        Chats:
          requests: { showSettings: ~, ask: ~ }
          start: Rooms
          screens:
            Rooms: { on: { settings: { request: showSettings }, ask: { request: ask } } }
      """)
    #expect(
      described(findings) == [
        "13:27 'pop' in alert 'Sure' can never happen: it is the bottom of a navigation stack "
          + "there, with nothing of 'App' below [invalid-back]",
        "15:31 'pop' in decision 'Route' can never happen: it is the bottom of a navigation "
          + "stack there, with nothing of 'App' below [invalid-back]",
      ])
  }

  @Test func aRequestHandlerTakesTheRequestsPayload() throws {
    let findings = try check(
      module(
        handlers: "open: { present: Web }", requests: "{ open: String }",
        sends: "open: { payload: String, request: open }",
        appMore: "      Web: { input: URL, on: { done: dismiss } }"
      )
      .replacingOccurrences(
        of: "      Settings: { on: { done: pop } }\n",
        with: "      Settings: { on: { done: pop } }\n")
    )
    #expect(
      described(findings) == [
        "9:62 screen 'Web' needs a payload of type 'URL', but request 'open' of "
          + "'Chats' carries 'String' [type-mismatch]",
        "14:62 screen 'Web' needs a payload of type 'URL', but request 'open' of "
          + "'Chats' carries 'String' [type-mismatch]",
      ])
  }

  @Test func aRequestHandlersPushShowsTheParentsScreenAndItsOwnRequestPassesItOn() throws {
    let findings = try check(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { account: { start: Account, on: { signOut: stay } } } }
        Account:
          requests: { signOut: ~ }
          start: Profile
          screens:
            Profile: { on: { chats: { start: Chats, on: { showSettings: { push: Settings }, signOut: { request: signOut } } } } }
            Settings: { on: { done: pop } }
        Chats:
          requests: { showSettings: ~, signOut: ~ }
          start: Rooms
          screens:
            Rooms: { on: { settings: { request: showSettings }, signOut: { request: signOut } } }
      """)
    #expect(findings.isEmpty, "\(described(findings))")
  }

  @Test func aRequestPassedOnNamesARequestOfTheParent() throws {
    let findings = try check(module(handlers: "showSettings: { request: showSettings }"))
    #expect(
      described(findings) == [
        "9:79 request 'showSettings' does not exist in coordinator 'App'; declare it "
          + "in its 'requests', such as 'requests: { showSettings: ~ }' "
          + "[unknown-reference]",
        "14:79 request 'showSettings' does not exist in coordinator 'App'; declare it "
          + "in its 'requests', such as 'requests: { showSettings: ~ }' "
          + "[unknown-reference]",
      ])
  }

  // MARK: a tab's request handlers follow the tab container's rules

  @Test func aTabsRequestHandlerThatPushesIsASchemaError() throws {
    let findings = try check(
      """
      version: 1
      coordinators:
        App:
          entry: true
          tabs:
            - start: Chats
              on: { showSettings: { push: Settings }, openExternal: { present: Settings } }
          screens:
            Settings: { on: { done: dismiss } }
        Chats:
          requests: { showSettings: ~, openExternal: ~ }
          start: Rooms
          screens:
            Rooms:
              on:
                settings: { request: showSettings }
                link: { request: openExternal }
      """)
    #expect(
      described(findings) == [
        "7:31 'push' is not allowed in a tab's handlers: they run on the tab "
          + "container, which has no navigation stack; use 'present', 'alert', 'decide', "
          + "'finish', 'select', 'stay' or a modal 'start' [schema]"
      ])
  }

  // MARK: unused-result-case also reports a request that no reachable action sends

  @Test func aRequestNothingReachableSendsIsUnused() throws {
    let findings = try check(
      module(
        handlers: "showSettings: stay, open: stay", requests: "{ showSettings: ~, open: ~ }",
        sends: "settings: { request: showSettings }",
        chatsScreens: "      Lost: { on: { open: { request: open } } }"))
    #expect(
      described(findings) == [
        "19:34 request 'open' of coordinator 'Chats' is never sent by a reachable "
          + "'request' [unused-result-case]",
        "26:7 screen 'Lost' cannot be reached from its start 'Rooms' in coordinator "
          + "'Chats' [unreachable-screen]",
      ])
  }

  @Test func aRequestSentByAnExternalEventIsUsed() throws {
    let findings = try check(
      module(handlers: "showSettings: stay", sends: "close2: stay")
        .replacingOccurrences(
          of: "    start: Rooms\n",
          with: "    start: Rooms\n    events: { timeout: { request: showSettings } }\n"))
    #expect(findings.isEmpty, "\(described(findings))")
  }

  // MARK: an entry's requests go to the app

  @Test func anEntrysRequestsNeedNoHandler() throws {
    let findings = try check(
      """
      version: 1
      coordinators:
        App:
          entry: true
          requests: { signOutEverywhere: ~, openExternal: URL }
          start: Home
          screens:
            Home:
              on:
                signOut: { request: signOutEverywhere }
                link: { payload: URL, request: openExternal }
      """)
    #expect(findings.isEmpty, "\(described(findings))")
  }

  // MARK: a shared node may not request (13.2)

  @Test func aSharedScreensStartHandlesRequestsFoundOnceNamingTheOwners() throws {
    let findings = try check(
      """
      version: 1
      screens:
        Profile:
          on:
            chats: { start: Chats, on: { closed: stay } }
            chats2: { start: Chats, on: { closed: stay, ask: { present: Profile } } }
            back: pop
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { profile: { push: Profile } } }
        Other:
          entry: true
          start: Home
          screens:
            Home: { on: { profile: { push: Profile } } }
        Chats:
          result: { closed: ~ }
          requests: { ask: ~ }
          start: Rooms
          screens:
            Rooms: { on: { ask: { request: ask }, close: { finish: closed } } }
      """)
    #expect(
      described(findings) == [
        "5:16 'Chats' can send the request 'ask', which this start does not handle (in "
          + "coordinators 'App' and 'Other') [unhandled-result]"
      ])
  }

  @Test func aRequestInASharedScreenIsNotAllowed() throws {
    let findings = try check(
      """
      version: 1
      screens:
        Profile: { on: { settings: { request: showSettings }, back: pop } }
      coordinators:
        App:
          entry: true
          requests: { showSettings: ~ }
          start: Home
          screens:
            Home: { on: { profile: { push: Profile }, settings: { request: showSettings } } }
      """)
    #expect(
      described(findings) == [
        "3:32 'request' is not allowed in a shared screen: it would ask the parent of "
          + "whichever coordinator shows it, whose requests are not known here [schema]"
      ])
  }
}

/// What the checks say of requests once they are generated (spec sections 2 and 13.3):
/// `<C>Request` is a generated top-level name, and a handler that acts over a running child
/// leaves no window empty.
@Suite struct GeneratedRequestCheckTests {
  private let chats = """
    Chats:
      entry: true
      requests: { showSettings: ~ }
      start: Home
      screens:
        Home: { on: { settings: { request: showSettings } } }
    """

  @Test func aTypeNamedAsTheRequestEnumCollides() throws {
    let findings = try check(flow(chats, types: "ChatsRequest: external"))
    #expect(
      described(findings.of("duplicate-name")).map { String($0.prefix(71)) } == [
        "5:3 coordinator 'Chats' collides in generated Swift: its request enum '"
      ])
    let noRequests = chats.replacingOccurrences(of: "  requests: { showSettings: ~ }\n", with: "")
      .replacingOccurrences(of: "{ request: showSettings }", with: "stay")
    #expect(noRequests != chats)
    #expect(
      try check(flow(noRequests, types: "ChatsRequest: external")).of("duplicate-name").isEmpty)
  }

  /// An entry's start decision starts `Main` at the root of the window; Main's request is
  /// handled by presenting a sheet, over Main's screens, which stay below it. The same sheet
  /// presented by the decision itself, or by the handler of Main's result, has nothing below.
  @Test func aRequestHandlersSheetOverTheRunningChildLeavesNoWindowEmpty() throws {
    func app(_ handlers: String) -> String {
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Launch
          decisions:
            Launch:
              cases:
                ready: { start: Main, on: { \(handlers) } }
          screens:
            Help: { on: { close: dismiss } }
        Main:
          result: { done: ~ }
          requests: { help: ~ }
          start: Home
          screens:
            Home: { on: { help: { request: help }, done: { finish: done } } }
      """
    }
    let request = try check(app("help: { present: Help }, done: { decide: Launch }"))
    #expect(request.of("empty-window").isEmpty, "\(described(request))")
    #expect(described(request) == [])
    let result = try check(app("help: stay, done: { present: Help }"))
    #expect(
      described(result.of("empty-window")).map { String($0.prefix(40)) } == [
        "9:59 when the user closes this sheet (a "
      ])
  }
}
