import FlowCore
import Foundation
import Testing

/// `ModuleDiff`: what it lists as added, removed and changed, keyed by names; and the
/// drawing of it (issue 20, item 3).
@Suite struct ModuleDiffTests {
  /// The graph of one file, `path`, with `text`.
  private func graph(_ text: String, path: String = "a.flow.yaml") throws -> FlowGraph {
    try Pipeline.check([.source(SourceFile(path: path, text: text))]).resolved.graph
  }

  private func diff(_ old: String, _ new: String) throws -> ModuleDiff {
    ModuleDiff(
      old: try graph(old, path: "old.flow.yaml"), new: try graph(new, path: "new.flow.yaml"))
  }

  /// Each change as `kind element name: old → new @ file:line:column`.
  private func lines(_ diff: ModuleDiff) -> [String] {
    diff.changes.map { change in
      let place = change.location
      return "\(change.kind) \(change.element) \(change.name): \(change.old ?? "-") → "
        + "\(change.new ?? "-") @ \(place.file):\(place.start.line):\(place.start.column)"
    }
  }

  private let base = """
    version: 1
    coordinators:
      App:
        entry: true
        result: { done: ~ }
        start: Home
        screens:
          Home:
            on:
              next: { push: Detail }
              login: { start: Auth, on: { signedIn: stay, cancelled: pop } }
          Detail: { on: { back: pop, finish: { finish: done } } }
        events:
          expired: { finish: done }
      Auth:
        result: { signedIn: ~, cancelled: ~ }
        start: SignIn
        screens:
          SignIn: { on: { ok: { finish: signedIn }, no: { finish: cancelled } } }

    """

  @Test func theSameModuleHasNoChangesEvenWhenItsDefinitionsMove() throws {
    #expect(try diff(base, base).isEmpty)
    // Auth first, App's screens in another order, on other lines: matched by name.
    let moved = """
      version: 1
      coordinators:

        Auth:
          result: { signedIn: ~, cancelled: ~ }
          start: SignIn
          screens:
            SignIn: { on: { no: { finish: cancelled }, ok: { finish: signedIn } } }
        App:
          entry: true
          result: { done: ~ }
          start: Home
          events:
            expired: { finish: done }
          screens:
            Detail: { on: { finish: { finish: done }, back: pop } }
            Home:
              on:
                login: { start: Auth, on: { cancelled: pop, signedIn: stay } }
                next: { push: Detail }

      """
    let result = try diff(base, moved)
    #expect(result.isEmpty, "\(lines(result))")
    #expect(result.summary == "no changes")
  }

  @Test func listsEachKindOfElementAddedRemovedAndChangedOnce() throws {
    let new =
      base
      .replacingOccurrences(of: "next: { push: Detail }", with: "next: { present: Detail }")
      .replacingOccurrences(
        of: "signedIn: stay, cancelled: pop", with: "signedIn: stay, cancelled: stay"
      )
      .replacingOccurrences(of: "result: { done: ~ }", with: "result: { done: ~, failed: String }")
      .replacingOccurrences(
        of: "expired: { finish: done }", with: "expired: { finish: done }\n      promo: stay"
      )
      .replacingOccurrences(
        of: "Detail: { on: { back: pop, finish: { finish: done } } }",
        with: "Detail: { systemBack: false, on: { back: pop } }\n      Help: { on: { ok: pop } }")
    let result = try diff(base, new)
    #expect(
      lines(result) == [
        "changed transition App.Home.next: push: Detail → present: Detail @ new.flow.yaml:10:11",
        "changed transition App.Home.login.cancelled: pop → stay @ new.flow.yaml:11:55",
        "changed screen App.Detail: screen → screen, systemBack: false @ new.flow.yaml:12:7",
        "added screen App.Help: - → screen @ new.flow.yaml:13:7",
        "added result App.failed: - → payload: String @ new.flow.yaml:5:24",
        "added event App.promo: - → stay @ new.flow.yaml:16:7",
        "removed transition App.Detail.finish: finish: done → - @ old.flow.yaml:12:34",
      ])
    #expect(result.summary == "7 changes: 3 added, 1 removed, 3 changed")
  }

  /// Revision 3's styles (spec 13.5): a present or a start whose style changes is a changed
  /// transition that names both styles; a sheet, the default, is not named.
  @Test func aChangedPresentationStyleIsAChangedTransition() throws {
    let old = base.replacingOccurrences(
      of: "next: { push: Detail }", with: "next: { present: Detail, style: formSheet }")
    let new =
      base
      .replacingOccurrences(
        of: "next: { push: Detail }", with: "next: { present: Detail, style: popover }"
      )
      .replacingOccurrences(
        of: "login: { start: Auth,", with: "login: { start: Auth, style: formSheet,")
    let changes = lines(try diff(old, new))
    #expect(
      changes == [
        "changed transition App.Home.next: present: Detail (formSheet) → present: Detail (popover) @ new.flow.yaml:10:11",
        "changed transition App.Home.login: start: Auth → start: Auth (formSheet) @ new.flow.yaml:11:11",
      ], "\(changes)")
    #expect(lines(try diff(new, new)) == [])
  }

  /// Revision 3: a sequence is described by its elements in order, so a changed element, an
  /// added one, or a lone action that becomes a sequence is a changed transition.
  @Test func aChangedSequenceIsAChangedTransitionNamingItsElements() throws {
    let old = base.replacingOccurrences(
      of: "next: { push: Detail }", with: "next: [popToRoot, { push: Detail }]")
    let new = base.replacingOccurrences(
      of: "next: { push: Detail }",
      with: "next: { payload: Int, do: [popToRoot, { push: Detail }, { push: Detail }] }")
    let changes = lines(try diff(old, new))
    #expect(
      changes == [
        "changed transition App.Home.next: [popToRoot, push: Detail] → [popToRoot, push: Detail, push: Detail], payload: Int @ new.flow.yaml:10:11"
      ], "\(changes)")
    #expect(lines(try diff(base, old)).count == 1)
    #expect(lines(try diff(old, old)) == [])
  }

  @Test func whatAnAddedOrRemovedElementHoldsGoesWithIt() throws {
    let new = base.replacingOccurrences(
      of: "  Auth:\n    result: { signedIn: ~, cancelled: ~ }\n    start: SignIn\n    screens:\n"
        + "      SignIn: { on: { ok: { finish: signedIn }, no: { finish: cancelled } } }\n",
      with: "  Settings:\n    start: General\n    screens:\n      General: { on: { close: pop } }\n"
    )
    let result = try diff(base, new)
    // Not Auth's screen, events and result cases, nor Settings' screen and event.
    #expect(
      lines(result) == [
        "added coordinator Settings: - → start: General @ new.flow.yaml:15:3",
        "removed coordinator Auth: start: SignIn → - @ old.flow.yaml:15:3",
      ])
  }

  @Test func aScreenThatBecomesADecisionIsChanged() throws {
    let old = flowWith(node: "screens:\n      Home: { on: { next: stay } }")
    let new = flowWith(node: "decisions:\n      Home: { cases: { next: stay } }")
    #expect(
      lines(try diff(old, new)) == [
        "changed decision App.Home: screen → decision @ new.flow.yaml:7:7"
      ])
  }

  private func flowWith(node: String) -> String {
    """
    version: 1
    coordinators:
      App:
        entry: true
        start: Home
        \(node)

    """
  }

  @Test func theDrawingColoursTheNewGraphAndDrawsWhatWentFromTheOld() throws {
    let old = try graph(base, path: "old.flow.yaml")
    let newText =
      base
      .replacingOccurrences(of: "next: { push: Detail }", with: "next: { push: Help }")
      .replacingOccurrences(
        of: "Detail: { on: { back: pop, finish: { finish: done } } }",
        with:
          "Detail: { on: { back: pop, finish: { finish: done } } }\n      Help: { on: { ok: pop } }"
      )
      .replacingOccurrences(
        of: "  Auth:\n    result: { signedIn: ~, cancelled: ~ }\n    start: SignIn\n    screens:\n"
          + "      SignIn: { on: { ok: { finish: signedIn }, no: { finish: cancelled } } }\n",
        with: "")
    let new = try graph(newText, path: "new.flow.yaml")
    let diff = ModuleDiff(old: old, new: new)
    let diagram = DiffDrawing.diagram(of: diff, old: old, new: new)
    func emphasis(ofNode id: String) -> FlowDiagram.Emphasis? {
      diagram.nodes.first { $0.id == id }?.emphasis
    }
    #expect(emphasis(ofNode: "App_Help") == .added)
    #expect(emphasis(ofNode: "App_Home") == .normal)
    #expect(emphasis(ofNode: "Auth_SignIn") == .removed)
    #expect(emphasis(ofNode: "Auth__result_cancelled") == .removed)
    let auth = try #require(diagram.clusters.first { $0.name == "Auth" })
    #expect(auth.emphasis == .removed && auth.nodes.count == 4)
    #expect(diagram.clusters.first { $0.name == "App" }?.emphasis == .normal)
    let marked = diagram.edgeLines.enumerated().compactMap { index, line in
      diagram.edges[index].emphasis == .normal ? nil : "\(line) \(diagram.edges[index].emphasis)"
    }
    #expect(
      marked == [
        "App_Home -push-> App_Help \"next\" changed",
        "App_Help -pop-> App_Home \"ok\" added",
        "Auth__start -begin-> Auth_SignIn removed",
        "Auth_SignIn -finish-> Auth__result_signedIn \"ok\" removed",
        "Auth_SignIn -finish-> Auth__result_cancelled \"no\" removed",
      ])
    for text in [DOTWriter.write(diagram), MermaidWriter.write(diagram)] {
      #expect(text.contains("#1a7f37") && text.contains("#cf222e") && text.contains("#bf8700"))
    }
    let run = try runGraphviz(DOTWriter.write(diagram))
    #expect(run.status == 0 && run.warnings == "")
  }

  /// (r3) Two tabs that both push the shared screen Profile, which pushes Thread.
  private let sharedBase = """
    version: 1
    screens:
      Profile:
        on:
          openThread: { push: Thread }
          close: pop
      Thread: { on: { back: pop } }
    coordinators:
      App:
        entry: true
        tabs: [{ start: Feed }, { start: Search }]
      Feed:
        start: Posts
        screens: { Posts: { on: { author: { push: Profile } } } }
      Search:
        start: Results
        screens: { Results: { on: { account: { push: Profile } } } }

    """

  /// A change inside a shared screen is one change, named after the shared screen, however
  /// many coordinators own a copy of it (issue 31); so are an added and a removed one.
  @Test func aChangeInASharedScreenIsReportedOnceNamingIt() throws {
    let changed = sharedBase.replacingOccurrences(
      of: "openThread: { push: Thread }", with: "openThread: { present: Thread }")
    #expect(
      lines(try diff(sharedBase, changed)) == [
        "changed transition shared.Profile.openThread: push: Thread → present: Thread "
          + "@ new.flow.yaml:5:7"
      ])
    let added = sharedBase.replacingOccurrences(
      of: "close: pop\n", with: "close: pop\n      share: { push: Thread }\n")
    #expect(
      lines(try diff(sharedBase, added)) == [
        "added transition shared.Profile.share: - → push: Thread @ new.flow.yaml:7:7"
      ])
    // A screen that stops being shown by one owner is no change of the shared screen.
    let oneOwner = sharedBase.replacingOccurrences(
      of: "account: { push: Profile }", with: "account: stay")
    #expect(
      lines(try diff(sharedBase, oneOwner)) == [
        "changed transition Search.Results.account: push: Profile → stay "
          + "@ new.flow.yaml:17:33"
      ])
    #expect(try diff(sharedBase, sharedBase).isEmpty)
  }

  /// The drawing of a diff marks a changed shared screen's edge once, in the shared box.
  @Test func theDrawingOfADiffMarksASharedChangeOnce() throws {
    let old = try graph(sharedBase, path: "old.flow.yaml")
    let new = try graph(
      sharedBase.replacingOccurrences(
        of: "openThread: { push: Thread }", with: "openThread: { present: Thread }"),
      path: "new.flow.yaml")
    let diagram = DiffDrawing.diagram(of: ModuleDiff(old: old, new: new), old: old, new: new)
    let marked = diagram.edgeLines.enumerated().compactMap { index, line in
      diagram.edges[index].emphasis == .normal ? nil : "\(line) \(diagram.edges[index].emphasis)"
    }
    #expect(marked == ["shared_Profile -present-> shared_Thread \"openThread\" changed"])
  }

  /// A removed shared screen is listed once, and drawn, red and dashed, in the shared box;
  /// with no shared node left, in the old shared box, marked removed.
  @Test func aRemovedSharedScreenIsListedOnceAndDrawnInTheSharedBox() throws {
    let old = try graph(sharedBase, path: "old.flow.yaml")
    let withoutThread = sharedBase.replacingOccurrences(
      of: "openThread: { push: Thread }", with: "openThread: stay"
    ).replacingOccurrences(of: "  Thread: { on: { back: pop } }\n", with: "")
    let new = try graph(withoutThread, path: "new.flow.yaml")
    let diff = ModuleDiff(old: old, new: new)
    #expect(
      lines(diff) == [
        "changed transition shared.Profile.openThread: push: Thread → stay @ new.flow.yaml:5:7",
        "removed screen shared.Thread: screen → - @ old.flow.yaml:7:3",
      ])
    #expect(diff.changes.allSatisfy { $0.isShared && $0.coordinator == "" })
    let diagram = DiffDrawing.diagram(of: diff, old: old, new: new)
    let shared = try #require(diagram.clusters.first { $0.isShared })
    #expect(diagram.clusters.filter(\.isShared).count == 1)
    let thread = try #require(diagram.nodes.firstIndex { $0.id == "shared_Thread" })
    #expect(diagram.nodes[thread].emphasis == .removed && shared.nodes.contains(thread))

    // No shared node left: the old shared box comes over, removed.
    let none = try graph(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens: { Home: {} }

      """, path: "new.flow.yaml")
    let allGone = DiffDrawing.diagram(of: ModuleDiff(old: old, new: none), old: old, new: none)
    let box = try #require(allGone.clusters.first { $0.isShared })
    #expect(box.emphasis == .removed)
    #expect(
      Set(box.nodes.map { allGone.nodes[$0].id }) == ["shared_Profile", "shared_Thread"])
    let run = try runGraphviz(DOTWriter.write(allGone))
    #expect(run.status == 0 && run.warnings == "")
  }

  /// `base` with `links:` of `entries`, one a line.
  private func withLinks(_ entries: [String]) -> String {
    base + "links:\n" + entries.map { "  \($0)\n" }.joined()
  }

  @Test func linksAreAddedRemovedAndChangedByNameAndDrawn() throws {
    let oldText = withLinks([
      "detail: { url: /detail, to: App.Detail }",
      "home: { url: \"/home/{id}\", params: { id: Int }, to: App.Home }",
      "signIn: { url: /sign-in, to: Auth.SignIn }",
    ])
    let newText = withLinks([
      "home: { url: \"/home/{id}\", params: { id: Int }, to: App.Detail, waits: false }",
      "detail: { url: /detail, to: App.Detail }",
      "help: { url: \"/help?q={q}\", params: { q: String? }, to: App.Home, via: [App] }",
    ])
    let old = try graph(oldText, path: "old.flow.yaml")
    let new = try graph(newText, path: "new.flow.yaml")
    let diff = ModuleDiff(old: old, new: new)
    #expect(
      lines(diff) == [
        "changed link home: url: /home/{id}, params: id: Int, to: App.Home → "
          + "url: /home/{id}, params: id: Int, to: App.Detail, waits: false @ new.flow.yaml:21:3",
        "added link help: - → url: /help?q={q}, params: q: String?, to: App.Home, via: App "
          + "@ new.flow.yaml:23:3",
        "removed link signIn: url: /sign-in, to: Auth.SignIn → - @ old.flow.yaml:23:3",
      ])
    #expect(diff.changes.allSatisfy { $0.coordinator == "" })

    let diagram = DiffDrawing.diagram(of: diff, old: old, new: new)
    func emphasis(ofNode id: String) -> FlowDiagram.Emphasis? {
      diagram.nodes.first { $0.id == id }?.emphasis
    }
    #expect(emphasis(ofNode: "link_home") == .changed)
    #expect(emphasis(ofNode: "link_help") == .added)
    #expect(emphasis(ofNode: "link_detail") == .normal)
    #expect(emphasis(ofNode: "link_signIn") == .removed)
    let marked = diagram.edgeLines.enumerated().compactMap { index, line in
      diagram.edges[index].kind != .link || diagram.edges[index].emphasis == .normal
        ? nil : "\(line) \(diagram.edges[index].emphasis)"
    }
    #expect(
      marked == [
        "link_home -link-> App_Detail \"/home/{id}\" changed",
        "link_help -link-> App_Home \"/help?q={q}\" added",
        "link_signIn -link-> Auth_SignIn \"/sign-in\" removed",
      ])
    let run = try runGraphviz(DOTWriter.write(diagram))
    #expect(run.status == 0 && run.warnings == "")
  }

  @Test func markdownCellsShowFlowTextAsTextNeverAsMarkup() throws {
    let nasty = "a|b`c*d_e<img src=x>[l](http://x)@team\u{7}\nz"
    let escaped = DiffMarkdown.escaped(nasty)
    #expect(
      escaped
        == "a\\|b\\`c\\*d\\_e\\<img src\\=x\\>\\[l\\]\\(http\\:\\/\\/x\\)\\@team\u{2407}\u{240A}z")
    #expect(!escaped.contains("\n"))
  }

  @Test func theTextOfAChangeIsPrintable() throws {
    let old = flowWith(node: "screens:\n      Home: { on: { next: stay } }")
    let new = flowWith(node: "screens:\n      Home: { on: { \"n\\e[31mext\": stay } }")
    let text = DiffText.write(try diff(old, new))
    #expect(!text.unicodeScalars.contains { $0.value == 0x1B })
    #expect(text.contains("added transition 'App.Home.n\\u{1B}[31mext'"))
  }

  /// (r3) A child with requests (spec section 13.3) and its parent's handlers of them.
  private let requestBase = """
    version: 1
    coordinators:
      App:
        entry: true
        start: Home
        screens:
          Home:
            on:
              chats: { start: Chats, on: { settings: { present: Help }, open: stay } }
          Help: { on: { done: dismiss } }
      Chats:
        requests: { settings: ~, open: URL }
        start: Rooms
        screens:
          Rooms:
            on:
              settings: { request: settings }
              link: { payload: URL, request: open }

    """

  /// Requests added, removed and whose payload changed are listed like result cases, and the
  /// parents' handlers of them like result handlers (transitions under the start), in every
  /// format; the drawing marks the request's node and the edges of its `request`.
  @Test func requestsAndTheirHandlersAreAddedRemovedAndChanged() throws {
    let newText =
      requestBase
      .replacingOccurrences(
        of: "requests: { settings: ~, open: URL }",
        with: "requests: { settings: ~, open: String, signOut: ~ }"
      )
      .replacingOccurrences(
        of: "on: { settings: { present: Help }, open: stay }",
        with: "on: { settings: stay, open: stay, signOut: stay }"
      )
      .replacingOccurrences(
        of: "link: { payload: URL, request: open }",
        with: "link: { payload: String, request: open }\n          out: { request: signOut }")
    let removedText = requestBase.replacingOccurrences(
      of: "requests: { settings: ~, open: URL }", with: "requests: { settings: ~ }"
    )
    .replacingOccurrences(of: ", open: stay }", with: " }")
    .replacingOccurrences(of: "          link: { payload: URL, request: open }\n", with: "")
    let changed = try diff(requestBase, newText)
    #expect(
      lines(changed) == [
        "changed transition App.Home.chats.settings: present: Help → stay @ new.flow.yaml:9:40",
        "added transition App.Home.chats.signOut: - → stay @ new.flow.yaml:9:68",
        "changed transition Chats.Rooms.link: request: open, payload: URL → request: open, "
          + "payload: String @ new.flow.yaml:18:11",
        "added transition Chats.Rooms.out: - → request: signOut @ new.flow.yaml:19:11",
        "changed request Chats.open: payload: URL → payload: String @ new.flow.yaml:12:30",
        "added request Chats.signOut: - → no payload @ new.flow.yaml:12:44",
      ])
    let removed = try diff(requestBase, removedText)
    #expect(
      lines(removed) == [
        "removed transition App.Home.chats.open: stay → - @ old.flow.yaml:9:69",
        "removed transition Chats.Rooms.link: request: open, payload: URL → - "
          + "@ old.flow.yaml:18:11",
        "removed request Chats.open: payload: URL → - @ old.flow.yaml:12:30",
      ])
    #expect(
      DiffText.write(removed).contains(
        "old.flow.yaml:12:30: removed request 'Chats.open': was payload: URL\n"))
    #expect(
      DiffMarkdown.write(changed).contains(
        "| 🟢 added | request | Chats\\.signOut |  | no payload | new\\.flow\\.yaml\\:12\\:44 |"))
    #expect(DiffJSON.write(changed).contains("\"element\": \"request\""))

    let old = try graph(requestBase, path: "old.flow.yaml")
    let new = try graph(newText, path: "new.flow.yaml")
    let diagram = DiffDrawing.diagram(of: ModuleDiff(old: old, new: new), old: old, new: new)
    #expect(diagram.node("Chats__request_signOut")?.emphasis == .added)
    #expect(diagram.node("Chats__request_open")?.emphasis == .changed)
    #expect(diagram.node("Chats__request_settings")?.emphasis == .normal)
    let marked = diagram.edgeLines.enumerated().compactMap { index, line in
      diagram.edges[index].emphasis == .normal ? nil : "\(line) \(diagram.edges[index].emphasis)"
    }
    #expect(
      marked == [
        "Chats__request_settings -requestHandler-> App_Home \"stay\" changed",
        "Chats__request_signOut -requestHandler-> App_Home \"stay\" added",
        "Chats_Rooms -request-> Chats__request_open \"link\" (String) changed",
        "Chats_Rooms -request-> Chats__request_signOut \"out\" added",
      ])
    let gone = DiffDrawing.diagram(
      of: ModuleDiff(old: old, new: try graph(removedText, path: "new.flow.yaml")), old: old,
      new: try graph(removedText, path: "new.flow.yaml"))
    #expect(gone.nodes.first { $0.label == "open" && $0.kind == .request }?.emphasis == .removed)
  }

  private let splitBase = """
    version: 1
    coordinators:
      Chats:
        entry: true
        split: doubleColumn
        start: Rooms
        screens:
          Rooms:
            on:
              open: { show: Room }
              info: { start: Room }
      Room:
        start: Timeline
        screens: { Timeline: {} }

    """

  /// (r3, spec section 13.4, issue 33) A coordinator's `split` added, removed or changed is
  /// a changed coordinator; a `show` that becomes a `start` (or the reverse), or whose
  /// `column` changes, is a changed transition: in every format, and in the drawing.
  @Test func splitAndShowChangesAreReportedInEveryFormat() throws {
    let newText =
      splitBase
      .replacingOccurrences(of: "split: doubleColumn", with: "split: tripleColumn")
      .replacingOccurrences(
        of: "open: { show: Room }", with: "open: { show: Room, column: secondary }"
      )
      .replacingOccurrences(of: "info: { start: Room }", with: "info: { show: Room }")
    let changed = try diff(splitBase, newText)
    #expect(
      lines(changed) == [
        "changed coordinator Chats: entry, start: Rooms, split: doubleColumn → entry, start: "
          + "Rooms, split: tripleColumn @ new.flow.yaml:3:3",
        "changed transition Chats.Rooms.open: show: Room → show: Room (column: secondary) "
          + "@ new.flow.yaml:10:11",
        "changed transition Chats.Rooms.info: start: Room → show: Room @ new.flow.yaml:11:11",
      ], "\(lines(changed))")
    let unsplit = splitBase.replacingOccurrences(of: "    split: doubleColumn\n", with: "")
    #expect(
      lines(try diff(splitBase, unsplit)) == [
        "changed coordinator Chats: entry, start: Rooms, split: doubleColumn → entry, start: "
          + "Rooms @ new.flow.yaml:3:3"
      ])
    #expect(
      DiffText.write(changed).contains(
        "new.flow.yaml:11:11: changed transition 'Chats.Rooms.info': start: Room → show: Room\n"))
    #expect(
      DiffMarkdown.write(changed).contains(
        "| 🟠 changed | transition | Chats\\.Rooms\\.open | show\\: Room | show\\: Room "
          + "\\(column\\: secondary\\) |"))
    #expect(DiffJSON.write(changed).contains("\"new\": \"show: Room (column: secondary)\""))

    let old = try graph(splitBase, path: "old.flow.yaml")
    let new = try graph(newText, path: "new.flow.yaml")
    let diagram = DiffDrawing.diagram(of: ModuleDiff(old: old, new: new), old: old, new: new)
    let chats = try #require(diagram.clusters.first { $0.name == "Chats" })
    #expect(chats.emphasis == .changed)
    #expect(chats.lanes.map(\.column) == [.primary, .supplementary, .secondary])
    let marked = diagram.edgeLines.enumerated().compactMap { index, line in
      diagram.edges[index].emphasis == .normal ? nil : "\(line) \(diagram.edges[index].emphasis)"
    }
    #expect(
      marked == [
        "Chats__start -begin-> Chats_Rooms changed",
        "Chats_Rooms -show-> Room__start \"open: show → secondary\" [push] changed",
        "Chats_Rooms -show-> Room__start \"info: show → supplementary\" [push] changed",
      ], "\(marked)")
    try expectGraphvizAccepts(DOTWriter.write(diagram))

    // A removed split coordinator comes over with its lanes, their nodes in them.
    let gone = splitBase.replacingOccurrences(of: "Chats:", with: "Talks:")
    let goneGraph = try graph(gone, path: "new.flow.yaml")
    let removed = DiffDrawing.diagram(
      of: ModuleDiff(old: old, new: goneGraph), old: old, new: goneGraph)
    let copy = try #require(removed.clusters.first { $0.name == "Chats" })
    #expect(copy.emphasis == .removed)
    #expect(
      copy.lanes.map { $0.nodes.map { removed.nodes[$0].id } } == [
        ["Chats_Rooms"], ["Chats__column_secondary"],
      ])
    #expect(copy.lanes.flatMap(\.nodes).allSatisfy(copy.nodes.contains))
    try expectGraphvizAccepts(DOTWriter.write(removed))
  }

  /// Keyed by names, the diff of two large modules takes time in proportion to their size:
  /// ten times the screens, about ten times the time (a quadratic match would take a hundred).
  @Test func isLinearInTheModuleSize() throws {
    func module(_ screens: Int, changed: Bool) throws -> FlowGraph {
      var text = "version: 1\ncoordinators:\n  App:\n    entry: true\n    start: S0\n    screens:\n"
      for index in 0..<screens {
        let target = changed && index % 100 == 0 ? "S0" : "S\((index + 1) % screens)"
        text += "      S\(index): { on: { next: { push: \(target) }, back: pop } }\n"
      }
      return try graph(text)
    }
    // The fastest of a few runs of each size: a loaded machine (CI's, or a parallel test
    // run's) slows single runs at random, and a run is never faster than the work it does.
    func seconds(_ screens: Int, runs: Int) throws -> Double {
      let (old, new) = (try module(screens, changed: false), try module(screens, changed: true))
      let clock = ContinuousClock()
      var fastest = Double.infinity
      for _ in 0..<runs {
        var result: ModuleDiff?
        let elapsed = clock.measure { result = ModuleDiff(old: old, new: new) }
        #expect(result?.changes.count == screens / 100)
        let parts = elapsed.components
        fastest = min(fastest, Double(parts.seconds) + Double(parts.attoseconds) / 1e18)
      }
      return fastest
    }
    _ = try seconds(500, runs: 1)
    let small = try seconds(1_000, runs: 5)
    let large = try seconds(10_000, runs: 3)
    #expect(large < max(small, 0.01) * 40, "1,000 screens: \(small) s; 10,000: \(large) s")
  }
}
