import FlowCore
import Testing

/// The drawing's structure, built from small flows.
@Suite struct DiagramBuilderTests {
  private let cleanFlow = flow(
    """
    App:
      entry: true
      start: Home
      screens: { Home: {} }
    """)

  @Test func aClusterHoldsItsStartScreensDecisionsAndResultCasesInOrder() throws {
    let diagram = try drawing(
      flow(
        """
        Auth:
          input: String?
          result: { signedIn: User, cancelled: ~ }
          start: Check
          screens:
            SignIn: { input: String?, on: { done: { payload: User, finish: signedIn } } }
            Help: { on: { close: { finish: cancelled } } }
          decisions:
            Check: { cases: { fresh: { push: SignIn } } }
        """, types: "User: external"))
    let cluster = try #require(diagram.clusters.first)
    #expect(cluster.id == "cluster_Auth")
    #expect(cluster.detail == "(String?) → signedIn(User) · cancelled")
    #expect(
      cluster.nodes.map { diagram.nodes[$0].id } == [
        "Auth__start", "Auth_SignIn", "Auth_Help", "Auth_Check", "Auth__result_signedIn",
        "Auth__result_cancelled",
      ])
    #expect(
      cluster.nodes.map { diagram.nodes[$0].kind } == [
        .start, .screen, .screen, .decision, .result, .result,
      ])
    #expect(diagram.node("Auth_SignIn")?.detail == "String?")
    #expect(diagram.node("Auth__result_signedIn")?.detail == "User")
    #expect(diagram.node("Auth_SignIn")?.location?.start == SourcePosition(line: 10, column: 7))
    #expect(
      diagram.edgeLines == [
        "Auth__start -begin-> Auth_Check",
        "Auth_SignIn -finish-> Auth__result_signedIn \"done\" (User)",
        "Auth_Help -finish-> Auth__result_cancelled \"close\"",
        "Auth_Check -push-> Auth_SignIn \"fresh\"",
      ])
  }

  /// Revision 3: a sequence is one edge per element, numbered, each from where the one
  /// before leads: after a push, from the pushed screen; after a back element, from the one
  /// screen it goes back to.
  @Test func aSequenceIsOneNumberedEdgePerElementFromWhereTheOneBeforeLeads() throws {
    let diagram = try drawing(
      flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { deep: { payload: Int, do: [{ push: List }, { push: Item }] } } }
            List: { on: { open: { payload: Int, push: Item } } }
            Item: { input: Int, on: { track: { present: Track } } }
            Track: { on: { close: dismiss, all: [dismiss, pop] } }
        """))
    #expect(
      diagram.edgeLines.filter { $0.contains("(1)") || $0.contains("(2)") } == [
        "App_Home -push-> App_List \"(1) deep\" (Int)",
        "App_List -push-> App_Item \"(2) deep\" (Int)",
        "App_Track -dismiss-> App_Item \"(1) all\"",
        "App_Item -pop-> App_List \"(2) all\"",
      ], "\(diagram.edgeLines)")
  }

  /// Revision 2: a full-screen modal, a screen without the system's back or swipe, and what
  /// a coordinator does when it is left are drawn, in every format.
  @Test func stylesSystemControlsAndLeaveAreDrawn() throws {
    let diagram = try drawing(
      flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home:
              on:
                terms: { start: Terms, style: fullScreen, on: { accepted: stay, declined: stay } }
                help: { present: Help, style: fullScreen }
                tips: { present: Help }
            Help: { dismissible: false, on: { close: dismiss } }
        Terms:
          result: { accepted: ~, declined: ~ }
          leave: declined
          start: Read
          screens:
            Read: { systemBack: false, on: { yes: { finish: accepted }, no: { finish: declined } } }
        """))
    #expect(diagram.clusters.map(\.detail) == [nil, "→ accepted · declined (left: declined)"])
    #expect(diagram.node("Terms_Read")?.controls == ["no back"])
    #expect(diagram.node("App_Help")?.controls == ["no swipe"])
    #expect(diagram.node("App_Home")?.controls == [])
    #expect(
      diagram.edges.map(\.modal) == [
        nil, .fullScreen, nil, nil, .fullScreen, .sheet, nil, nil, nil, nil,
      ])
    let dot = DOTWriter.write(diagram)
    #expect(dot.contains("full screen</font>"))
    #expect(dot.contains("no back</font>"))
    #expect(dot.contains("no swipe</font>"))
    let mermaid = MermaidWriter.write(diagram)
    #expect(mermaid.contains("|\"help<br/>full screen\"|"))
    #expect(mermaid.contains("Read<br/>no back"))
  }

  @Test func everyActionHasItsKindOfEdge() throws {
    let diagram = try drawing(
      flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home:
              on:
                a: { push: Two }
                b: { present: Two }
                c: { replace: Two }
                d: { decide: Gate }
                e: stay
                f: { payload: Int, start: Child, style: present, on: { done: { push: Two }, gone: stay } }
            Two: { on: { back: pop, close: dismiss } }
          decisions:
            Gate: { cases: { yes: { start: Child, on: { done: stay, gone: { start: Child, on: { done: stay, gone: stay } } } } } }
        Child:
          result: { done: ~, gone: ~ }
          start: Only
          screens:
            Only: { on: { ok: { finish: done }, no: { finish: gone } } }
        """))
    #expect(
      diagram.edgeLines == [
        "App__start -begin-> App_Home",
        "App_Home -push-> App_Two \"a\"",
        "App_Home -present-> App_Two \"b\"",
        "App_Home -replace-> App_Two \"c\"",
        "App_Home -decide-> App_Gate \"d\"",
        "App_Home -stay-> App_Home \"e\"",
        "App_Home -start-> Child__start \"f\" (Int) [sheet]",
        "Child__result_done -handler-> App_Two \"push\"",
        "Child__result_gone -handler-> App_Home \"stay\"",
        // Two is shown by push (from Home), present and replace (the bottom: out of App).
        "App_Two -pop-> App_Home \"back\"",
        "App_Two -pop-> App__start \"back\"",
        "App_Two -dismiss-> App_Home \"close\"",
        "App_Two -dismiss-> App__start \"close\"",
        "App_Gate -start-> Child__start \"yes\" [push]",
        "Child__result_done -handler-> App_Gate \"stay\"",
        "Child__result_gone -start-> Child__start \"start\" [push]",
        "Child__result_done -handler-> App_Gate \"stay\"",
        "Child__result_gone -handler-> App_Gate \"stay\"",
        "Child__start -begin-> Child_Only",
        "Child_Only -finish-> Child__result_done \"ok\"",
        "Child_Only -finish-> Child__result_gone \"no\"",
      ])
    let actions = diagram.edges.map(\.action)
    #expect(actions.first == "" && actions[1] == "push" && actions[9] == "pop")
  }

  @Test func backEdgesLeadBelowTheScreenAsSectionEightFollowsPaths() throws {
    let diagram = try drawing(
      flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { check: { decide: Gate }, modal: { present: Sheet } } }
            Pushed: { on: { back: pop } }
            Sheet: { on: { next: { push: Deep }, close: dismiss } }
            Deep: { on: { close: dismiss, back: pop, more: { decide: Again } } }
          decisions:
            Gate: { cases: { yes: { push: Pushed }, no: pop } }
            Again: { cases: { done: dismiss } }
        """))
    let back = diagram.edgeLines.filter { $0.contains("-pop->") || $0.contains("-dismiss->") }
    #expect(
      back == [
        // Pushed by a decision: back to the screen it was decided from.
        "App_Pushed -pop-> App_Home \"back\"",
        // A modal stack's bottom closes to its presenter…
        "App_Sheet -dismiss-> App_Home \"close\"",
        // …and so does any screen pushed onto it, or a decision decided there.
        "App_Deep -dismiss-> App_Home \"close\"",
        "App_Deep -pop-> App_Sheet \"back\"",
        // A decision acts on the screen it was decided from: Home is App's bottom.
        "App_Gate -pop-> App__start \"no\"",
        "App_Again -dismiss-> App_Home \"done\"",
      ])
  }

  @Test func aFocusedCoordinatorCollapsesItsChildrenAndNamesHandledCases() throws {
    let yaml = flow(
      """
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { go: { start: Child, on: { done: { start: Other, on: { ok: stay } } } } } }
      Child:
        result: { done: User }
        start: Only
        screens: { Only: { on: { ok: { payload: User, finish: done } } } }
      Other:
        result: { ok: ~ }
        start: Only
        screens: { Only: { on: { ok: { finish: ok } } } }
      """, types: "User: external")
    let diagram = try drawing(yaml, focus: "App")
    #expect(diagram.clusters.map(\.name) == ["App"])
    #expect(
      diagram.nodes.filter { $0.cluster == nil }.map(\.id) == [
        "Child__coordinator", "Other__coordinator",
      ])
    #expect(diagram.node("Child__coordinator")?.detail == "done(User)")
    #expect(diagram.node("Child__coordinator")?.kind == .coordinator)
    #expect(
      diagram.edgeLines == [
        "App__start -begin-> App_Home",
        "App_Home -start-> Child__coordinator \"go\" [push]",
        "Child__coordinator -start-> Other__coordinator \"done: start\" [push]",
        "Other__coordinator -handler-> App_Home \"ok: stay\"",
      ])
  }

  /// (r3) A request (spec section 13.3) leads to its node in the child's box, dotted, not a
  /// stay; the parent's handlers of it leave from there, as a result's leave its result
  /// node, drawn apart; one passed on leads to the parent's own request; one of no request
  /// leads to a missing node. Collapsed, the child names its requests and its handlers are
  /// labelled with the request.
  @Test func aRequestLeadsToItsNodeAndItsHandlersLeaveFromThere() throws {
    let yaml = flow(
      """
      App:
        entry: true
        requests: { out: ~ }
        start: Home
        screens:
          Home:
            on:
              go:
                start: Chats
                on: { done: stay, prefs: { present: Home }, open: stay, bye: { request: out } }
      Chats:
        result: { done: ~ }
        requests: { prefs: ~, open: URL, bye: ~ }
        start: Rooms
        screens:
          Rooms:
            on:
              settings: { request: prefs }
              link: { payload: URL, request: open }
              bye: { request: bye }
              typo: { request: prefz }
              close: { finish: done }
      """)
    let diagram = try drawing(yaml)
    let chats = try #require(diagram.clusters.first { $0.name == "Chats" })
    #expect(chats.detail == "→ done (asks: prefs · open(URL) · bye)")
    #expect(chats.requests == ["prefs", "open(URL)", "bye"])
    #expect(diagram.node("Chats__request_open")?.kind == .request)
    #expect(diagram.node("Chats__request_open")?.detail == "URL")
    #expect(
      diagram.edgeLines == [
        "App__start -begin-> App_Home",
        "App_Home -start-> Chats__start \"go\" [push]",
        "Chats__result_done -handler-> App_Home \"stay\"",
        "Chats__request_prefs -requestHandler-> App_Home \"present\"",
        "Chats__request_open -requestHandler-> App_Home \"stay\"",
        "Chats__request_bye -requestHandler-> App__request_out \"request\"",
        "Chats__start -begin-> Chats_Rooms",
        "Chats_Rooms -request-> Chats__request_prefs \"settings\"",
        "Chats_Rooms -request-> Chats__request_open \"link\" (URL)",
        "Chats_Rooms -request-> Chats__request_bye \"bye\"",
        "Chats_Rooms -request-> Chats__missing_prefz \"typo\"",
        "Chats_Rooms -finish-> Chats__result_done \"close\"",
      ])
    #expect(
      diagram.edges.first { $0.kind == .request && $0.label == "typo" }?.emphasis == .problem)

    let focused = try drawing(yaml, focus: "App")
    #expect(focused.node("Chats__coordinator")?.detail == "done (asks: prefs · open(URL) · bye)")
    #expect(
      focused.edgeLines.filter { $0.contains("Chats__coordinator -") } == [
        "Chats__coordinator -handler-> App_Home \"done: stay\"",
        "Chats__coordinator -requestHandler-> App_Home \"prefs: present\"",
        "Chats__coordinator -requestHandler-> App_Home \"open: stay\"",
        "Chats__coordinator -requestHandler-> App__request_out \"bye: request\"",
      ])
    for text in [DOTWriter.write(diagram), MermaidWriter.write(diagram)] {
      #expect(text.contains("#00838f"))
    }
    let dot = DOTWriter.write(diagram)
    #expect(dot.contains("shape=house"))
    #expect(dot.contains("style=dotted, color=\"#00838f\", arrowhead=odiamond"))
    try expectGraphvizAccepts(dot)
  }

  @Test func anEmptyModuleOrAnUnknownFocusDrawsNothing() throws {
    let checked = try Pipeline.check([.source(SourceFile(path: "a.flow.yaml", text: cleanFlow))])
    let graph = FlowGraph(module: checked.module)
    let outside = DiagramBuilder.diagram(of: graph, focusingOn: 7, findings: [])
    #expect(outside.clusters.isEmpty && outside.nodes.isEmpty && outside.edges.isEmpty)
    let empty = try drawing("version: 1\n")
    #expect(empty.clusters.isEmpty && empty.nodes.isEmpty && empty.edges.isEmpty)
    #expect(DOTWriter.write(empty).hasSuffix("arrowsize=0.7];\n}\n"))
    #expect(MermaidWriter.write(empty) == "flowchart TB\n")
    try expectGraphvizAccepts(DOTWriter.write(empty))
  }

  @Test func tabsBeginAtTheTabContainerAndTheirHandlersActOnIt() throws {
    let diagram = try drawing(
      flow(
        """
        Home:
          entry: true
          tabs:
            - start: Feed
            - start: Settings
              on: { help: { present: Help } }
          screens:
            Help: { on: { close: dismiss } }
        Feed:
          start: Posts
          screens: { Posts: {} }
        Settings:
          result: { help: ~ }
          start: Options
          screens: { Options: { on: { help: { finish: help } } } }
        """))
    #expect(diagram.node("Home__start")?.kind == .tabs)
    #expect(diagram.node("Home__start")?.label == "tabs")
    #expect(
      Array(diagram.edgeLines.prefix(5)) == [
        "Home__start -tab-> Feed__start \"tab 1\" [push]",
        "Home__start -tab-> Settings__start \"tab 2\" [push]",
        "Settings__result_help -handler-> Home_Help \"present\"",
        "Home_Help -dismiss-> Home__start \"close\"",
        "Feed__start -begin-> Feed_Posts",
      ])
  }

  @Test func namesThatDoNotExistBecomeMissingNodes() throws {
    let diagram = try drawing(
      flow(
        """
        App:
          entry: true
          start: Hom
          screens:
            Home:
              on:
                a: { push: Setings }
                b: { push: Setings }
                c: { start: Atuh, on: { done: { push: Home } } }
                d: { start: Child, on: { don: stay } }
        Child:
          result: { done: ~ }
          start: Only
          screens: { Only: { on: { ok: { finish: done } } } }
        """))
    let missing = diagram.nodes.filter { $0.kind == .missing }
    #expect(missing.map(\.id) == ["App__missing_Hom", "App__missing_Setings", "App__missing_Atuh"])
    #expect(missing.allSatisfy { $0.emphasis == .problem && $0.cluster == 0 })
    #expect(
      Array(diagram.edgeLines.prefix(7)) == [
        "App__start -begin-> App__missing_Hom",
        "App_Home -push-> App__missing_Setings \"a\"",
        "App_Home -push-> App__missing_Setings \"b\"",
        "App_Home -start-> App__missing_Atuh \"c\" [push]",
        "App__missing_Atuh -handler-> App_Home \"done: push\"",
        "App_Home -start-> Child__start \"d\" [push]",
        "App_Home -handler-> App_Home \"don: stay\"",
      ])
    // Each of them is where the unknown-reference finding is (and 'd' leaves 'done'
    // unhandled).
    let marked = diagram.edges.filter { !$0.findings.isEmpty }.map {
      "\($0.event) \($0.findings.map(\.rule.rawValue))"
    }
    #expect(
      marked == [
        " [\"unknown-reference\"]", "a [\"unknown-reference\"]", "b [\"unknown-reference\"]",
        "c [\"unknown-reference\"]", "d [\"unhandled-result\"]", "don [\"unknown-reference\"]",
      ])
  }

  @Test func identifiersAreUniqueAndSafeForAnyName() throws {
    let diagram = try drawing(
      """
      version: 1
      coordinators:
        "A b":
          start: "Ä"
          screens:
            "Ä": { on: { x: { push: "Ö" } } }
            "Ö": {}
            "_": {}
            "end": {}
        "A_b":
          start: "x\\"y"
          screens: { "x\\"y": {} }
      """)
    let ids = diagram.nodes.map(\.id) + diagram.clusters.map(\.id)
    #expect(Set(ids).count == ids.count, "\(ids)")
    for id in ids {
      #expect(id.contains("_"), "\(id)")
      #expect(
        id.unicodeScalars.allSatisfy {
          ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
            || $0 == "_"
        }, "\(id)")
    }
    #expect(diagram.clusters.map(\.id) == ["cluster_A_b", "cluster_A_b_2"])
    #expect(
      diagram.nodes.prefix(5).map(\.id) == ["A_b__start", "A_b__", "A_b___2", "A_b___3", "A_b_end"])
    #expect(diagram.nodes.prefix(5).map(\.label) == ["", "Ä", "Ö", "_", "end"])
  }
}
