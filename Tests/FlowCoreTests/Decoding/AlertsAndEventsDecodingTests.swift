import Testing

@testable import FlowCore

/// Revision 2's alerts (section 6b), `select` (section 7) and external events (section 7b)
/// are read into the model and the graph, with a `schema` finding for each misuse.
@Suite struct AlertsAndEventsDecodingTests {
  private func decode(_ text: String) -> (FlowFile?, [Finding]) {
    var findings = Findings()
    let source = SourceFile(path: "a.flow.yaml", text: text)
    let document = YAMLParser.parse(source, findings: &findings)
    let file = FileDecoder.decode(document, path: "a.flow.yaml", findings: &findings)
    return (file, findings.all)
  }

  private let shop = """
    Shop:
      input: String?
      result: { deleted: ~, done: ~ }
      start: List
      screens:
        List:
          on:
            remove: { payload: String, alert: ConfirmDelete, doc: Asks first. }
            orders: { select: Account }
      alerts:
        ConfirmDelete:
          doc: Asks before deleting.
          input: String
          on:
            delete: { payload: String, finish: deleted }
            keep: stay
      events:
        sessionExpired: { finish: done }
        orderShipped: { payload: String, select: Account }
        openList: popToRoot
    Account:
      start: Home
      screens: { Home: {} }
    """

  @Test func alertsEventsAndTheirActionsAreRead() throws {
    let (file, findings) = decode(flow(shop))
    #expect(findings.isEmpty, "\(described(findings))")
    let coordinator = try #require(file?.coordinators.first)
    let alert = try #require(coordinator.alerts.first)
    #expect(alert.name.text == "ConfirmDelete")
    #expect(alert.doc == "Asks before deleting.")
    #expect(alert.input?.type.description == "String")
    #expect(alert.buttons.map(\.name.text) == ["delete", "keep"])
    #expect(alert.buttons.first?.payload?.type.description == "String")
    #expect(!alert.isBroken)
    #expect(coordinator.events.map(\.name.text) == ["sessionExpired", "orderShipped", "openList"])
    #expect(coordinator.events.map(\.action.keyword) == ["finish", "select", "popToRoot"])
    #expect(coordinator.events[1].payload?.type.description == "String")
    let actions = coordinator.screens[0].events.map(\.action.kind)
    guard case .alert(let shown) = actions[0], case .select(let selected) = actions[1] else {
      return #expect(Bool(false), "\(actions)")
    }
    #expect([shown.text, selected.text] == ["ConfirmDelete", "Account"])
  }

  @Test func theGraphNumbersAlertsAfterDecisionsAndResolvesTheNewActions() throws {
    let module = FlowModule(files: [try #require(decode(flow(shop)).0)])
    let graph = FlowGraph(module: module).coordinators[0]
    #expect(graph.alertStart == 1)
    #expect(graph.nodeCount == 2)
    #expect(graph.isAlert(1) && !graph.isAlert(0) && graph.isScreen(0))
    #expect(graph.node(1) == .alert(0))
    #expect(module.node(named: "ConfirmDelete", in: 0) == .alert(0))
    guard case .alert(1) = graph.steps[0][0].action, case .select(1) = graph.steps[0][1].action
    else { return #expect(Bool(false), "\(graph.steps[0].map(\.action))") }
    #expect(graph.steps[1].map(\.transition.name.text) == ["delete", "keep"])
    #expect(
      graph.eventSteps.map(\.transition.name.text) == [
        "sessionExpired", "orderShipped", "openList",
      ])
    #expect(Array(graph.events).count == 3)
    let payload = FlowGraph(module: module).payload(of: graph.eventSteps[1])
    #expect(payload?.type.description == "String")
  }

  @Test func anAlertNeedsAtLeastOneButton() {
    let (_, findings) = decode(
      flow(
        """
        App:
          start: A
          screens: { A: { on: { a: { alert: None }, b: { alert: Empty }, c: { alert: Bare } } } }
          alerts:
            None: { doc: No buttons. }
            Empty: { on: {} }
            Bare: ~
        """))
    #expect(
      findings.map { "\($0.line):\($0.column) \($0.message)" } == [
        "7:7 alert 'None' needs at least one button in 'on:', such as '{ ok: stay }'",
        "8:20 alert 'Empty' needs at least one button in 'on:', such as '{ ok: stay }'",
        "9:7 alert 'Bare' needs its buttons: 'on:' with at least one, such as '{ ok: stay }'",
      ], "\(described(findings))")
  }

  @Test func alertKeysAreCheckedWithADidYouMean() {
    let (file, findings) = decode(
      flow(
        """
        App:
          start: A
          screens: { A: { on: { a: { alert: Ask } } } }
          alerts:
            Ask: { input: String, buttons: { ok: stay }, on: { ok: stay } }
        """))
    #expect(findings.map(\.rule) == ["schema"])
    #expect(findings.first?.message.contains("'buttons'") == true, "\(described(findings))")
    #expect(file?.coordinators.first?.alerts.first?.isBroken == true)
  }

  @Test func aTabCoordinatorsEventsFollowTheTabContainersRules() {
    let (_, findings) = decode(
      flow(
        """
        Main:
          tabs: [{ start: Shop }]
          events:
            back: pop
            home: { push: Home }
            ask: { alert: Ask }
            shop: { select: Shop }
        Shop:
          start: Home
          screens: { Home: {} }
        """))
    #expect(findings.map(\.line) == [6, 7], "\(described(findings))")
    #expect(findings.allSatisfy { $0.message.contains("tab container") })
  }

  @Test func alertAndSelectAreAllowedInATabsHandlers() {
    let (_, findings) = decode(
      flow(
        """
        Main:
          tabs:
            - start: Shop
              on: { done: { select: Shop }, failed: { alert: Oops } }
          alerts:
            Oops: { on: { ok: stay } }
        Shop:
          result: { done: ~, failed: ~ }
          start: Home
          screens: { Home: { on: { a: { finish: done }, b: { finish: failed } } } }
        """))
    #expect(findings.isEmpty, "\(described(findings))")
  }

  @Test func alertsAndSelectNameWhatExists() throws {
    let findings = try check(
      flow(
        """
        App:
          entry: true
          start: Home
          screens:
            Home:
              on:
                a: { alert: Confirm }
                b: { alert: Cnfirm }
                c: { push: Confirm }
                d: { select: Nowhere }
                e: { alert: Home }
          alerts:
            Confirm: { on: { ok: stay, again: { alert: Confirm } } }
        Late:
          start: Confirm
          alerts: { Confirm: { on: { ok: stay } } }
        """)
    ).of("unknown-reference")
    #expect(
      findings.map { "\($0.line):\($0.column) \($0.message)" } == [
        "10:23 alert 'Cnfirm' does not exist in coordinator 'App'; did you mean 'Confirm'?",
        "11:22 'Confirm' is an alert of coordinator 'App', not a screen; use 'alert: Confirm'",
        "12:24 coordinator 'Nowhere' does not exist",
        "13:23 'Home' is a screen of coordinator 'App', not an alert; use 'push: Home'",
        "17:12 'Confirm' is an alert; a coordinator starts at one of its own screens or decisions",
      ], "\(described(findings))")
  }
}
