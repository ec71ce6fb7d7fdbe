import FlowCommandLine
import FlowCore
import Testing

/// `flowc links` on relative links (FLOW-SPEC 13.6): no route, said so in text and JSON,
/// and why one cannot be opened when it cannot.
@Suite struct RelativeLinksCommandTests {
  private let flow = """
    version: 1
    types:
      AccountID: external
    screens:
      Profile: { input: AccountID, on: { back: pop } }
    coordinators:
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { profile: { payload: AccountID, push: Profile } } }
    links:
      profile: { url: '/people/{id}', params: { id: String }, values: { AccountID: [id] }, to: Profile }

    """

  private func run(_ arguments: [String], _ text: String) -> CommandResult {
    FlowCommandLine.run(
      Invocation(arguments: arguments, readStandardInput: { _ in .bytes(Array(text.utf8)) }))
  }

  @Test func aRelativeLinkHasNoRouteAndSaysSo() {
    let result = run(["links", "-"], flow)
    #expect(result.status == .success, "\(result.errors)")
    #expect(
      result.output == """
        <stdin>:13:3: link 'profile' /people/{id} -> Profile (relative)
          relative: no route; pushed onto the top stack, owned by its coordinator

        """)
  }

  @Test func aRelativeLinkThatCannotBeOpenedSaysWhy() {
    let result = run(
      ["links", "-"], flow.replacingOccurrences(of: "values: { AccountID: [id] }, ", with: ""))
    #expect(result.status == .findings)
    #expect(
      result.output.hasSuffix(
        "  cannot be opened: link 'profile' cannot be followed: shared screen 'Profile' needs "
          + "an input 'AccountID'; no param of the link has that type: add one, or build it "
          + "with 'values'\n"))
  }

  @Test func jsonSaysWhichLinksAreRelative() {
    let result = run(["links", "--format", "json", "-"], flow)
    #expect(result.status == .success)
    #expect(result.output.contains("\"relative\": true"), "\(result.output)")
    #expect(result.output.contains("\"to\": \"Profile\""), "\(result.output)")
    #expect(result.output.contains("\"route\": null"), "\(result.output)")
    #expect(result.output.contains("\"problem\": null"), "\(result.output)")
    let routed = run(
      ["links", "--format", "json", "-"],
      flow.replacingOccurrences(of: "to: Profile }", with: "to: App.Profile }"))
    #expect(routed.output.contains("\"relative\": false"), "\(routed.output)")
    #expect(routed.output.contains("\"to\": \"App.Profile\""), "\(routed.output)")
  }
}
