import FlowCommandLine
import FlowCore
import Testing

/// `flowc links` (spec section 12): each link, its URL pattern and its route step by step
/// with places, text and JSON, flow text escaped, exit statuses as `flowc check` has them.
@Suite struct LinksCommandTests {
  private let flow = """
    version: 1
    coordinators:
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { open: { payload: Int, push: Detail } } }
          Detail: { input: Int }
    links:
      detail: { url: '/items/{id}', params: { id: Int }, to: App.Detail }

    """

  private func run(_ arguments: [String], _ text: String) -> CommandResult {
    FlowCommandLine.run(
      Invocation(arguments: arguments, readStandardInput: { _ in .bytes(Array(text.utf8)) }))
  }

  @Test func eachLinkAndItsRouteWithPlaces() {
    let result = run(["links", "-"], flow)
    #expect(result.status == .success, "\(result.errors)")
    #expect(
      result.output == """
        <stdin>:10:3: link 'detail' /items/{id} -> App.Detail
          from 'App' (<stdin>:3:3)
          1. <stdin>:7:43: screen 'Home' of 'App': event 'open' pushes 'Detail', payload from param 'id'

        """)
  }

  @Test func aLinkWithoutARouteSaysWhyAndFails() {
    let result = run(
      ["links", "-"], flow.replacingOccurrences(of: "id: Int }, to", with: "id: String }, to"))
    #expect(result.status == .findings)
    #expect(result.output.contains("  no route: link 'detail' cannot be followed: every route"))
    #expect(result.errors.contains("'flowc check' lists them"))
  }

  @Test func jsonHasEveryStep() {
    let result = run(["links", "--format", "json", "-"], flow)
    #expect(result.status == .success)
    #expect(result.output.contains("\"payload\": {\n"))
    #expect(result.output.contains("\"param\": \"id\""))
    #expect(result.output.contains("\"entry\": \"App\""))
    #expect(result.output.contains("\"kind\": \"event\""))
  }

  /// A step through an external event (FLOW-SPEC 13.6): placed at the event's action, named
  /// with the screen it is sent at; `externalEvent` in JSON.
  @Test func aStepThroughAnExternalEventSaysWhereItIsSent() {
    let flow = """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          events:
            promo: { payload: Int, present: Detail }
          screens:
            Home: {}
            Detail: { input: Int }
      links:
        detail: { url: '/items/{id}', params: { id: Int }, to: App.Detail }

      """
    let text = run(["links", "-"], flow)
    #expect(text.status == .success, "\(text.errors)")
    #expect(
      text.output == """
        <stdin>:12:3: link 'detail' /items/{id} -> App.Detail
          from 'App' (<stdin>:3:3)
          1. <stdin>:7:30: screen 'Home' of 'App': external event 'promo' presents 'Detail' (sheet), payload from param 'id'

        """)
    let json = run(["links", "--format", "json", "-"], flow)
    #expect(json.status == .success)
    #expect(json.output.contains("\"kind\": \"externalEvent\""), "\(json.output)")
    #expect(json.output.contains("\"name\": \"promo\""), "\(json.output)")
    #expect(json.output.contains("\"action\": \"present\""), "\(json.output)")
  }

  @Test func flowTextIsEscaped() {
    let result = run(
      ["links", "-"], flow.replacingOccurrences(of: "to: App.Detail", with: "to: \"App.De\\etail\"")
    )
    #expect(result.status == .findings)
    #expect(result.output.contains("-> App.De\\u{1B}tail"), "\(result.output)")
    #expect(!result.output.contains("\u{1B}"), "\(result.output)")
  }

  @Test func theHelpListsIt() {
    #expect(run(["--help"], "").output.contains("links"))
    #expect(
      run(["help", "links"], "").output.contains(
        "USAGE: flowc links [PATH...] [--format text|json]"))
  }
}
