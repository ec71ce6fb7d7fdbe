import FlowCore
import Testing

/// Split coordinators and `show` (spec r3, section 13.4). One test per sentence of 13.4 about
/// checking shows what is reported (rule, place, message) and one what is not; where the
/// sentence is about showing, in both layouts (a regular width, where each column is the
/// root of its own stack, and a compact one, where `show` pushes from the holder's screen).
@Suite struct SplitTests {
  /// A module whose entry `Chats` is a split (`layout`) showing `Room` from its sidebar's
  /// `RoomList` as `show` says (its handlers `on: { left: stay }`), with `chatsScreens` after
  /// `RoomList`; `Room` finishes with `left` from its bottom `Timeline`, has `roomKeys`
  /// before `start`, `timeline` among `Timeline`'s events and `roomScreens` after it; `more`
  /// is appended (more coordinators).
  private func module(
    layout: String = "doubleColumn", show: String = "show: Room", roomList: String = "",
    chatsScreens: String = "", roomKeys: String = "", timeline: String = "",
    roomScreens: String = "", more: String = ""
  ) -> String {
    """
    version: 1
    coordinators:
      Chats:
        entry: true
        split: \(layout)
        start: RoomList
        screens:
          RoomList:
            on:
              selected: { \(show), on: { left: stay } }
    \(roomList)
    \(chatsScreens)
      Room:
        result: { left: ~ }
    \(roomKeys)
        start: Timeline
        screens:
          Timeline:
            on:
              leave: { finish: left }
    \(timeline)
    \(roomScreens)
    \(more)

    """
  }

  // MARK: split: doubleColumn | tripleColumn, beside start

  @Test func aSplitCoordinatorWithStartAndAShownChildChecksClean() throws {
    #expect(try check(module()).isEmpty)
    #expect(
      try check(module(layout: "tripleColumn", show: "show: Room, column: secondary")).isEmpty)
  }

  @Test func splitOnATabCoordinatorIsASchemaErrorAtSplit() throws {
    let findings = try check(
      """
      version: 1
      coordinators:
        Main:
          entry: true
          split: doubleColumn
          tabs:
            - start: Feed
        Feed:
          start: List
          screens:
            List: { on: { next: stay } }
      """)
    #expect(
      described(findings) == [
        "5:5 coordinator 'Main' has both 'split' and 'tabs'; a split coordinator has 'start' (the "
          + "root of its primary column), a tab coordinator has 'tabs' [schema]"
      ])
  }

  @Test func aSplitValueOtherThanTheTwoLayoutsIsASchemaErrorWithASuggestion() throws {
    let findings = try check(module(layout: "tripleColum"))
    #expect(
      described(findings) == [
        "5:12 'split' must be 'doubleColumn' or 'tripleColumn', not 'tripleColum'; did you mean "
          + "'tripleColumn'? [schema]"
      ])
  }

  // MARK: show: C, a mapping with on and an optional column

  @Test func aShowTakesOnAndColumnButNotStyle() throws {
    let findings = try check(module(show: "show: Room, style: sheet"))
    #expect(
      described(findings) == [
        "10:35 'style' goes only with 'start' or 'present', not with 'show' [schema]"
      ])
  }

  @Test func columnGoesOnlyWithShowAndNamesALaterColumn() throws {
    let onStart = try check(module(show: "start: Room, column: secondary"))
    #expect(
      described(onStart) == ["10:36 'column' goes only with 'show', not with 'start' [schema]"])
    let primary = try check(module(show: "show: Room, column: primary"))
    #expect(
      described(primary) == [
        "10:43 'column' of a show must be 'supplementary' or 'secondary', not 'primary' [schema]"
      ])
  }

  @Test func aShowIsTheLastElementOfASequenceAfterAPushOnly() throws {
    let last = try check(
      module(
        roomList: "          detail: [{ push: Detail }, { show: Room, on: { left: stay } }]",
        chatsScreens: "      Detail: { on: { back: pop } }"))
    #expect(last.isEmpty, "\(described(last))")
    let first = try check(
      module(
        roomList: "          detail: [{ show: Room, on: { left: stay } }, { push: Detail }]",
        chatsScreens: "      Detail: { on: { back: pop } }"))
    #expect(
      described(first) == [
        "11:22 'show' cannot come before other actions in a sequence: only 'pop', 'popToRoot', "
          + "'dismiss', 'push', 'present' and 'replace' can; make it the last [schema]"
      ])
  }

  @Test func aShowIsAllowedOnATabContainerWhereAPushStyleStartIsNot() throws {
    let yaml = """
      version: 1
      coordinators:
        Chats:
          entry: true
          split: doubleColumn
          start: Home
          screens:
            Home: { on: { tabs: { show: Tabs } } }
        Tabs:
          tabs:
            - start: Feed
              on: { open: { ACTION: Room, on: { left: stay } } }
        Feed:
          result: { open: ~ }
          start: List
          screens:
            List: { on: { open: { finish: open } } }
        Room:
          result: { left: ~ }
          start: Timeline
          screens:
            Timeline: { on: { leave: { finish: left } } }
      """
    let show = try check(yaml.replacingOccurrences(of: "ACTION", with: "show"))
    #expect(show.of("schema").isEmpty, "\(described(show))")
    let start = try check(yaml.replacingOccurrences(of: "ACTION", with: "start"))
    #expect(
      described(start, rule: "schema") == [
        "12:23 push-style 'start' is not allowed in a tab's handlers: they run on the tab "
          + "container, which has no navigation stack; use 'present', 'alert', 'decide', "
          + "'finish', 'select', 'stay' or a modal 'start' [schema]"
      ])
  }

  // MARK: show of a split; a push-style start of a split

  @Test func aShowOfASplitCoordinatorIsASchemaErrorAtTheName() throws {
    let findings = try check(
      module(
        roomList: "          mail: { show: Mail }",
        more: """
            Mail:
              split: doubleColumn
              start: Boxes
              screens:
                Boxes: { on: { next: stay } }
          """))
    #expect(
      described(findings) == [
        "11:25 'Mail' is a split coordinator, which is never shown in a column of another; start "
          + "it at the root of a stack: as a tab, modally, or as an entry [schema]"
      ])
  }

  @Test func aPushStyleStartOfASplitFromAScreenIsASchemaErrorAtTheStart() throws {
    let mail = """
        Mail:
          split: doubleColumn
          start: Boxes
          screens:
            Boxes: { on: { next: stay } }
      """
    let pushed = try check(module(roomList: "          mail: { start: Mail }", more: mail))
    #expect(
      described(pushed) == [
        "11:19 'Mail' is a split coordinator, which starts at the root of a stack, not pushed "
          + "onto a screen; start it modally ('style: sheet' or 'fullScreen'), as a tab, or from "
          + "the start decision of a coordinator at the root of a stack [schema]"
      ])
    let modal = try check(
      module(roomList: "          mail: { start: Mail, style: sheet }", more: mail))
    #expect(modal.isEmpty, "\(described(modal))")
  }

  @Test func aStartDecisionMayPushASplitOnlyWhenItsCoordinatorIsAtTheRootOfAStack() throws {
    let yaml = """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { open: { start: Launcher, STYLE } } }
        Launcher:
          start: Pick
          decisions:
            Pick: { cases: { mail: { start: Mail } } }
        Mail:
          split: doubleColumn
          start: Boxes
          screens:
            Boxes: { on: { next: stay } }
      """
    let atRoot = try check(yaml.replacingOccurrences(of: "STYLE", with: "style: sheet"))
    #expect(atRoot.of("schema").isEmpty, "\(described(atRoot))")
    let pushed = try check(yaml.replacingOccurrences(of: "STYLE", with: "style: push"))
    #expect(
      described(pushed, rule: "schema") == [
        "11:32 'Mail' is a split coordinator, which starts at the root of a stack; 'Launcher' "
          + "starts pushed onto its parent's screen in some way, so its start decision pushes "
          + "'Mail' onto that screen; start it as a tab or modally [schema]"
      ])
  }

  // MARK: in a start decision, show acts on the screen the elements before it lead to

  @Test func aShowWithNoScreenBeforeItInAStartDecisionIsASchemaError() throws {
    let yaml = """
      version: 1
      coordinators:
        Chats:
          entry: true
          split: doubleColumn
          start: Launch
          decisions:
            Launch: { cases: { resume: ACTION } }
          screens:
            RoomList: { on: { next: stay } }
        Room:
          start: Timeline
          screens:
            Timeline: { on: { next: stay } }
      """
    let lone = try check(yaml.replacingOccurrences(of: "ACTION", with: "{ show: Room }"))
    #expect(
      described(lone, rule: "schema") == [
        "8:36 'show' is not allowed here in a start decision: it acts below the coordinator, "
          + "where none of its screens is shown to show beside; push the screen to show it from "
          + "first, as in '[{ push: Screen }, { show: Child }]' [schema]"
      ])
    let afterPush = try check(
      yaml.replacingOccurrences(of: "ACTION", with: "[{ push: RoomList }, { show: Room }]"))
    #expect(afterPush.isEmpty, "\(described(afterPush))")
  }

  // MARK: unknown-reference: a show outside any split, after the last column, of a missing
  // column, or over the split

  @Test func aShowOutsideAnySplitIsAnUnknownReferenceAtTheShow() throws {
    let yaml = module().replacingOccurrences(of: "    split: doubleColumn\n", with: "")
    let findings = try check(yaml)
    #expect(
      described(findings) == [
        "9:23 coordinator 'Chats' runs in no split coordinator, in any way it is started, so "
          + "'show: Room' has no column to show it in; use 'start: Room' outside a split "
          + "[unknown-reference]"
      ])
  }

  @Test func aShowIsFineWhenSomeWayTheHolderIsStartedHasAColumnAfterIt() throws {
    // `Lists` is pushed in the split's primary column, and presented over nothing by `Other`.
    let yaml = """
      version: 1
      coordinators:
        Chats:
          entry: true
          split: doubleColumn
          start: Home
          screens:
            Home: { on: { lists: { start: Lists, on: { done: stay } } } }
        Other:
          entry: true
          start: Front
          screens:
            Front: { on: { lists: { start: Lists, style: sheet, on: { done: stay } } } }
        Lists:
          result: { done: ~ }
          start: RoomList
          screens:
            RoomList:
              on:
                selected: { show: Room, on: { left: stay } }
                close: { finish: done }
        Room:
          result: { left: ~ }
          start: Timeline
          screens:
            Timeline: { on: { leave: { finish: left } } }
      """
    #expect(try check(yaml).isEmpty)
    // Without the split, no way has one.
    let outside = try check(
      yaml.replacingOccurrences(of: "    split: doubleColumn\n", with: ""))
    #expect(outside.rules == ["unknown-reference"], "\(described(outside))")
  }

  @Test func aShowFromTheLastColumnHasNoColumnAfterIt() throws {
    let findings = try check(
      module(
        timeline: "          more: { show: Other, on: { done: stay } }",
        more: """
            Other:
              result: { done: ~ }
              start: Page
              screens:
                Page: { on: { close: { finish: done } } }
          """))
    #expect(
      described(findings) == [
        "21:19 'Room' is in the secondary column of split coordinator 'Chats', and no column "
          + "comes after it to show 'Other' in [unknown-reference]"
      ])
  }

  @Test func aShowFromTheSupplementaryColumnGoesToTheSecondary() throws {
    // `Room` is in the supplementary column of a triple-column split; its show has the
    // secondary column after it, without naming it.
    let findings = try check(
      module(
        layout: "tripleColumn",
        timeline: "          more: { show: Other, on: { done: stay } }",
        more: """
            Other:
              result: { done: ~ }
              start: Page
              screens:
                Page: { on: { close: { finish: done } } }
          """))
    #expect(findings.isEmpty, "\(described(findings))")
  }

  @Test func aSplitCoordinatorMayBeATabOrAnEntry() throws {
    let findings = try check(
      """
      version: 1
      coordinators:
        Main:
          entry: true
          tabs:
            - start: Chats
        Chats:
          split: doubleColumn
          start: RoomList
          screens:
            RoomList: { on: { next: stay } }
        Mail:
          entry: true
          split: tripleColumn
          start: Boxes
          screens:
            Boxes: { on: { next: stay } }
      """)
    #expect(findings.isEmpty, "\(described(findings))")
  }

  @Test func aColumnTheSplitLacksIsAnUnknownReferenceAtTheColumn() throws {
    let findings = try check(module(show: "show: Room, column: supplementary"))
    #expect(
      described(findings) == [
        "10:43 split coordinator 'Chats' is 'doubleColumn' and has no supplementary column; use "
          + "'secondary' [unknown-reference]"
      ])
  }

  @Test func aNamedColumnNotAfterTheHoldersIsAnUnknownReferenceAtTheColumn() throws {
    let findings = try check(
      module(
        layout: "tripleColumn", show: "show: Room",
        timeline: "          more: { show: Other, column: supplementary, on: { done: stay } }",
        more: """
            Other:
              result: { done: ~ }
              start: Page
              screens:
                Page: { on: { close: { finish: done } } }
          """))
    #expect(
      described(findings) == [
        "21:40 'Room' is in the supplementary column of split coordinator 'Chats', and the "
          + "supplementary column does not come after it: a 'show' shows its child in a later "
          + "column [unknown-reference]"
      ])
    let later = try check(
      module(
        layout: "tripleColumn", show: "show: Room",
        timeline: "          more: { show: Other, column: secondary, on: { done: stay } }",
        more: """
            Other:
              result: { done: ~ }
              start: Page
              screens:
                Page: { on: { close: { finish: done } } }
          """))
    #expect(later.isEmpty, "\(described(later))")
  }

  @Test func aHolderOnAModalStackOverTheSplitHasNoColumn() throws {
    let sheet = """
        Picker:
          result: { done: ~ }
          start: Choices
          screens:
            Choices:
              on:
                pick: { show: Room, on: { left: stay } }
                close: { finish: done }
      """
    let modal = try check(
      module(
        roomList: "          pick: { start: Picker, style: sheet, on: { done: stay } }",
        more: sheet))
    #expect(
      described(modal) == [
        "29:19 'show: Room' acts on a modal stack presented over split coordinator 'Chats', "
          + "where 'Picker' has no column; show it from a screen in a column, or start it "
          + "modally [unknown-reference]"
      ])
    // Pushed in the primary column instead, its show has the secondary column.
    let pushed = try check(
      module(roomList: "          pick: { start: Picker, on: { done: stay } }", more: sheet))
    #expect(pushed.isEmpty, "\(described(pushed))")
    // The split's own screen presented over its columns has none either.
    let presented = try check(
      module(
        roomList: "          info: { present: Info }",
        chatsScreens: "      Info: { on: { room: { show: Room, on: { left: stay } } } }"))
    #expect(
      described(presented) == [
        "12:29 'show: Room' acts on a modal stack presented over split coordinator 'Chats', "
          + "where 'Chats' has no column; show it from a screen in a column, or start it modally "
          + "[unknown-reference]"
      ])
  }

  @Test func aShowInACoordinatorNobodyStartsIsNotJudged() throws {
    let findings = try check(
      module(
        more: """
            Loose:
              start: Page
              screens:
                Page: { on: { room: { show: Room, on: { left: stay } } } }
          """))
    #expect(findings.rules == ["orphaned-coordinator"], "\(described(findings))")
  }

  // MARK: show counts as a start for section 8

  @Test func aShownChildIsStartedForOrphansAndItsResultsAndRequestsAreHandled() throws {
    // Shown, `Room` is no orphan; its `show` must handle its result cases and requests.
    let findings = try check(
      module(
        show: "show: Room, on: { left: stay }",
        roomKeys: "    requests: { openLink: ~ }",
        timeline: "          link: { request: openLink }"
      ).replacingOccurrences(of: ", on: { left: stay }, on: { left: stay }", with: ", on: {}"))
    #expect(
      described(findings) == [
        "10:23 'Room' can finish with 'left' and send the request 'openLink', which this start "
          + "does not handle [unhandled-result]"
      ])
  }

  @Test func showsCanFormACoordinatorCycle() throws {
    let findings = try check(
      module(
        layout: "tripleColumn",
        timeline: "          folder: { start: Folder, on: { done: stay } }",
        more: """
            Folder:
              result: { done: ~ }
              start: Messages
              screens:
                Messages:
                  on:
                    room: { show: Room, column: secondary, on: { left: stay } }
                    close: { finish: done }
          """))
    #expect(findings.rules == ["coordinator-cycle"], "\(described(findings))")
  }

  @Test func aShowsHandlersRunOnTheHoldersScreenThatDidTheShow() throws {
    // `RoomList` is the root of the primary column: a pop there can never happen.
    let root = try check(
      module(show: "show: Room, on: { left: pop }").replacingOccurrences(
        of: ", on: { left: pop }, on: { left: stay }", with: ", on: { left: pop }"))
    #expect(
      described(root) == [
        "10:47 'pop' on screen 'RoomList' can never happen: it is the bottom of a navigation "
          + "stack there, with nothing of 'Chats' below [invalid-back]"
      ])
    // On a screen pushed in the primary column, the pop goes back to `RoomList`.
    let pushed = try check(
      module(
        roomList: "          more: { push: More }",
        chatsScreens: "      More: { on: { room: { show: Room, on: { left: pop } } } }"))
    #expect(pushed.isEmpty, "\(described(pushed))")
  }

  // MARK: both layouts: a pop at a shown child's bottom

  @Test func aPopAtAShownChildsBottomIsWrongInBothLayoutsAndLeaksWithoutLeave() throws {
    // Regular: the root of the column, it cannot happen; compact: it leaves `Room`, which
    // has no `leave`. Wrong in every way, and leaking in one.
    let findings = try check(module(timeline: "          back: pop"))
    #expect(findings.rules == ["back-leak"], "\(described(findings))")
    #expect(findings.first?.line == 21)
    #expect(findings.first?.column == 17)
  }

  @Test func aPopAtAShownChildsBottomWithLeaveLeavesItInTheCompactLayout() throws {
    // Compact: it leaves `Room` with `left`, as the user's back does: not wrong in that way.
    let findings = try check(module(roomKeys: "    leave: left", timeline: "          back: pop"))
    #expect(findings.isEmpty, "\(described(findings))")
  }

  @Test func aPopOnAScreenPushedInAShownChildIsFineInBothLayouts() throws {
    let findings = try check(
      module(
        timeline: "          thread: { push: Thread }",
        roomScreens: "      Thread: { on: { back: pop } }"))
    #expect(findings.isEmpty, "\(described(findings))")
  }

  @Test func aDismissInAShownChildOfASplitOnNoModalStackCanNeverHappen() throws {
    let findings = try check(module(timeline: "          close: dismiss"))
    #expect(findings.rules == ["invalid-back"], "\(described(findings))")
  }

  @Test func theUsersBackAtAShownChildsBottomExistsInTheCompactLayoutOnly() throws {
    // With hand-written coordinators, the user's back that leaves a child without `leave`
    // is a leak: in a compact width it exists on `Timeline` and leaves `Room`; in a regular
    // one `Timeline` is the root of its column and has no back.
    var configuration = Configuration()
    configuration.children = .removedOnFinish
    let file = SourceFile(path: "a.flow.yaml", text: module())
    let found = try Pipeline.check([.source(file)], configuration: configuration).findings
    #expect(
      described(found) == [
        "18:7 the user's back on screen 'Timeline' goes back into the parent of push-style child "
          + "'Room' without finishing it (children: removed-on-finish): generated code drops it, "
          + "but a hand-written coordinator that removes children only when they finish would "
          + "leak it; add 'leave: <case>' or 'leave: ~' once the app removes it when left, or "
          + "'systemBack: false' [back-leak]"
      ])
    let left = SourceFile(path: "a.flow.yaml", text: module(roomKeys: "    leave: ~"))
    #expect(try Pipeline.check([.source(left)], configuration: configuration).findings.isEmpty)
  }

  // MARK: a shown child is not never-finishes' concern, nor cannot-finish's for that reason

  @Test func aShownChildTheUserCannotEndIsNoRulesFinding() throws {
    // No `finish`, no back on its bottom: in no layout can the user end `Room`.
    let shown = try check(
      module(
        roomKeys: "    leave: left", timeline: "          next: stay"
      ).replacingOccurrences(of: "          leave: { finish: left }\n", with: "")
        .replacingOccurrences(
          of: "      Timeline:\n", with: "      Timeline:\n        systemBack: false\n"))
    #expect(shown.isEmpty, "\(described(shown))")
    // Started full screen instead, the same child never finishes.
    let modal = try check(
      module(
        show: "start: Room, style: fullScreen", roomKeys: "    leave: left",
        timeline: "          next: stay"
      ).replacingOccurrences(of: "          leave: { finish: left }\n", with: "")
        .replacingOccurrences(
          of: "      Timeline:\n", with: "      Timeline:\n        systemBack: false\n"
        )
        .replacingOccurrences(of: "    split: doubleColumn\n", with: ""))
    #expect(modal.rules == ["never-finishes"], "\(described(modal))")
  }

  @Test func aShownChildLeftOnlyByTheCompactBackHasNoTrappedScreen() throws {
    // Regular: no way to end it (nobody's finding); compact: the back at `Timeline` leaves it.
    let findings = try check(
      module(timeline: "          next: stay").replacingOccurrences(
        of: "          leave: { finish: left }\n", with: ""))
    #expect(findings.of("cannot-finish").isEmpty, "\(described(findings))")
    #expect(findings.of("never-finishes").isEmpty, "\(described(findings))")
  }

  @Test func aScreenTrappedInTheCompactLayoutIsCannotFinish() throws {
    // Compact: `Room` can be left from `Timeline`, but not from `Stuck` (no back, no finish).
    let findings = try check(
      module(
        timeline: "          stuck: { push: Stuck }",
        roomScreens: "      Stuck: { systemBack: false, on: { next: stay } }"
      ).replacingOccurrences(of: "          leave: { finish: left }\n", with: ""))
    #expect(
      described(findings, rule: "cannot-finish") == [
        "21:7 screen 'Stuck' of coordinator 'Room' has no path to a 'finish' or out of 'Room' "
          + "when 'Room' is started pushed onto its parent's screen: the user is trapped there and "
          + "'Room' is never removed [cannot-finish]"
      ])
  }

  // MARK: links: a show is a step as a child start is

  @Test func aLinkRouteGoesThroughAShow() throws {
    let yaml =
      module(show: "payload: String, show: Room")
      .replacingOccurrences(of: "  Room:\n", with: "  Room:\n    input: String\n")
        + """
        links:
          room: { url: "/rooms/{id}", params: { id: String }, to: Room.Timeline }

        """
    #expect(try check(yaml).isEmpty)
    let found = try linkRoutes(yaml)
    #expect(
      found["room"] == [
        "from Chats",
        "screen 'RoomList' of 'Chats': event 'selected' shows 'Room' in a column, payload from "
          + "param 'id'",
      ])
  }
}
