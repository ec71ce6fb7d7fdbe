import Foundation
import Testing

/// Requests (FLOW-SPEC 13.3) end to end: checked in every output format, generated, and
/// drawn without an edge that navigates.
@Suite struct RequestCommandTests {
  static let flow = """
    version: 1
    coordinators:
      App:
        entry: true
        requests: { signOutEverywhere: ~ }
        tabs:
          - start: Chats
            on:
              showSettings: { present: Settings }
              openExternal: stay
              signOut: { request: signOutEverywhere }
        screens:
          Settings: { on: { done: dismiss } }
      Chats:
        requests: { showSettings: ~, openExternal: URL, signOut: ~ }
        start: Rooms
        screens:
          Rooms:
            on:
              settings: { request: showSettings }
              link: { payload: URL, request: openExternal }
              signOut: { request: signOut }

    """

  @Test func checkFindsNothingInAModuleWithRequests() throws {
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": Self.flow])
    defer { directory.cleanUp() }
    let result = try flowc(["check"], in: directory.url)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test func aMissingRequestHandlerIsReportedInEveryFormat() throws {
    let broken = Self.flow.replacingOccurrences(of: "          openExternal: stay\n", with: "")
    #expect(broken != Self.flow)
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": broken])
    defer { directory.cleanUp() }
    let message =
      "'Chats' can send the request 'openExternal', which this start does not handle"
    let text = try flowc(["check"], in: directory.url)
    #expect(text.status == 1)
    #expect(
      text.stdout.hasPrefix(
        "flows/app.flow.yaml:7:9: error: \(message) [unhandled-result]\n"), "\(text.stdout)")
    for format in ["json", "sarif", "github"] {
      let result = try flowc(["check", "--format", format], in: directory.url)
      #expect(result.status == 1, "\(format)")
      #expect(result.stdout.contains(message), "\(format): \(result.stdout)")
      #expect(result.stdout.contains("unhandled-result"), "\(format)")
    }
  }

  /// The generated Swift (FLOW-SPEC 13.3): `<C>Request` with the requests' payloads, the
  /// child's `onRequest` and `send(request:to:)` for each `request: r`, and the parent's
  /// handlers given to the child it starts, before it starts it; a request passed on is sent
  /// to the parent's own `onRequest`. Compiled and run by `ExampleAppTests/RequestTests`.
  @Test func generateWritesTheRequestsTheirSendersAndTheirHandlers() throws {
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": Self.flow])
    defer { directory.cleanUp() }
    let result = try flowc(["generate", "--output", "Generated"], in: directory.url)
    #expect(result.status == 0, "\(result.stderr)")
    let chats = try String(
      contentsOf: directory.url.appendingPathComponent("Generated/ChatsCoordinator.swift"),
      encoding: .utf8)
    #expect(
      chats.contains(
        """
        nonisolated enum ChatsRequest: Hashable, Sendable {
          case showSettings
          case openExternal(URL)
          case signOut
        }
        """))
    #expect(chats.contains("  var onRequest: (@MainActor (ChatsRequest) -> Void)?\n"))
    #expect(chats.contains("      send(request: .openExternal(payload), to: onRequest)\n"))
    let app = try String(
      contentsOf: directory.url.appendingPathComponent("Generated/AppCoordinator.swift"),
      encoding: .utf8)
    #expect(
      app.contains(
        """
            tab1.onRequest = requests(of: tab1) { [weak self] request in
              guard let self else { return }
              switch request {
              case .showSettings:
                present(makeSettings())
              case .openExternal:
                break
              case .signOut:
                send(request: .signOutEverywhere, to: onRequest)
              }
            }
            startTab(tab1)
        """))
    #expect(app.contains("nonisolated enum AppRequest: Hashable, Sendable {"))
  }

  /// A request leads to its node in the child's box (no screen changes), and the handlers of
  /// the requests leave from there, as a result handler leaves its result node.
  @Test func graphDrawsAModuleWithRequestsInEveryFormat() throws {
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": Self.flow])
    defer { directory.cleanUp() }
    for format in ["dot", "mermaid", "json"] {
      let result = try flowc(["graph", "--format", format], in: directory.url)
      #expect(result.status == 0, "\(format): \(result.stderr)")
      #expect(result.stdout.contains("Rooms"), "\(format)")
      #expect(result.stdout.contains("Settings"), "\(format)")
      #expect(result.stdout.contains("Chats__request_openExternal"), "\(format)")
    }
    let dot = try flowc(["graph"], in: directory.url).stdout
    #expect(dot.contains("\"Chats_Rooms\" -> \"Chats__request_showSettings\""))
    #expect(dot.contains("\"Chats__request_showSettings\" -> \"App_Settings\""))
  }

  /// `flowc check --fix` adds the handler a start lacks of a request as `stay`, as it does
  /// the handler of a result case.
  @Test func checkFixAddsAMissingRequestHandler() throws {
    let broken = Self.flow.replacingOccurrences(of: "          openExternal: stay\n", with: "")
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": broken])
    defer { directory.cleanUp() }
    let result = try flowc(["check", "--fix"], in: directory.url)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(
      result.stdout
        == "flows/app.flow.yaml:11:1: fixed: added 'openExternal: stay' [unhandled-result]\n"
        + "fixed 1 finding in 1 file\n")
    let fixed = try String(
      contentsOf: directory.url.appendingPathComponent("flows/app.flow.yaml"), encoding: .utf8)
    #expect(fixed.contains("          openExternal: stay\n"))
    #expect(try flowc(["check"], in: directory.url).status == 0)
  }
}
