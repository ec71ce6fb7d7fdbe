import FlowCore
import Foundation
import Testing

@testable import FlowLanguageServer

/// A workspace without files that counts its discoveries: one per check the server runs.
final class CountingWorkspace: WorkspaceProvider, @unchecked Sendable {
  var discoveries = 0

  func discover(root: String) -> WorkspaceDiscovery {
    discoveries += 1
    return WorkspaceDiscovery(paths: [], configuration: Configuration())
  }
  func isFlowFile(_ path: String) -> Bool { path.hasSuffix(".flow.yaml") }
}

/// The editor features answer about the text the editor has, from one check per change.
@Suite struct EditorFeaturesTests {
  let output = CollectedOutput()
  let workspace = CountingWorkspace()

  static let text = """
    version: 1
    coordinators:
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { next: { push: Detail } } }
          Detail: { on: { back: pop } }
    """

  func send(_ server: LanguageServer, _ message: JSON) {
    server.receive(.content(message.serialized))
  }

  func request(_ server: LanguageServer, id: Int, _ method: String, _ params: JSON)
    -> JSON?
  {
    send(
      server,
      .object([
        "jsonrpc": .string("2.0"), "id": .integer(id), "method": .string(method), "params": params,
      ]))
    return output.messages.last { $0["id"]?.integer == id && $0["method"] == nil }
  }

  func notify(_ server: LanguageServer, _ method: String, _ params: JSON) {
    send(server, .object(["jsonrpc": .string("2.0"), "method": .string(method), "params": params]))
  }

  /// `textDocument` and `position` of a place in the one document.
  func place(line: Int, character: Int) -> JSON {
    .object([
      "textDocument": .object(["uri": .string("file:///ws/a.flow.yaml")]),
      "position": .object(["line": .integer(line), "character": .integer(character)]),
    ])
  }

  /// A server initialized on `file:///ws` (its check waits a minute: requests run it) with
  /// ``text`` open as `a.flow.yaml`.
  func openedServer() -> LanguageServer {
    let server = LanguageServer(output: output, workspace: workspace, debounce: .seconds(60))
    _ = request(
      server, id: 1, "initialize",
      .object(["capabilities": .object([:]), "rootUri": .string("file:///ws")]))
    notify(
      server, "textDocument/didOpen",
      .object([
        "textDocument": .object([
          "uri": .string("file:///ws/a.flow.yaml"), "languageId": .string("yaml"),
          "version": .integer(1), "text": .string(Self.text),
        ])
      ]))
    return server
  }

  func change(_ server: LanguageServer, to text: String, version: Int) {
    notify(
      server, "textDocument/didChange",
      .object([
        "textDocument": .object([
          "uri": .string("file:///ws/a.flow.yaml"), "version": .integer(version),
        ]),
        "contentChanges": .array([.object(["text": .string(text)])]),
      ]))
  }

  @Test func aRequestDuringTheDebounceAnswersAboutTheNewTextAndOnlyAChangeChecksAgain() throws {
    let server = openedServer()
    // `push: Detail` on line 6 goes to `Detail:` on line 7 (all ASCII: UTF-16 columns are
    // character offsets).
    let line = Self.text.split(separator: "\n")[6]
    let column = try #require(line.range(of: "Detail"))
    let character = line.distance(from: line.startIndex, to: column.lowerBound)
    let first = request(
      server, id: 2, "textDocument/definition", place(line: 6, character: character))
    #expect(first?["result"]?.array?.first?["range"]?["start"]?["line"] == .integer(7))
    #expect(workspace.discoveries == 1)
    // Nothing changed: the next requests run no check.
    _ = request(server, id: 3, "textDocument/hover", place(line: 6, character: character))
    _ = request(server, id: 4, "textDocument/references", place(line: 6, character: character))
    #expect(workspace.discoveries == 1)
    // A change waiting for its debounce is checked before the request is answered.
    change(
      server, to: Self.text.replacingOccurrences(of: "version: 1\n", with: "version: 1\n\n"),
      version: 2)
    #expect(server.checkDue != nil)
    let moved = request(
      server, id: 5, "textDocument/definition", place(line: 7, character: character))
    #expect(moved?["result"]?.array?.first?["range"]?["start"]?["line"] == .integer(8))
    #expect(workspace.discoveries == 2)
    #expect(server.checkDue == nil)
  }

  @Test func aRefusedRenameIsAnErrorWithItsMessage() throws {
    let server = openedServer()
    var params = place(line: 7, character: 6)
    if case .object(var members) = params {
      members["newName"] = .string("Home")
      params = .object(members)
    }
    let answer = request(server, id: 2, "textDocument/rename", params)
    #expect(answer?["error"]?["code"] == .integer(ResponseError.requestFailed))
    #expect(answer?["error"]?["message"]?.string?.contains("Home") == true)
    #expect(answer?["result"] == nil)
  }

  /// While the text does not parse (a `{` not closed yet), the outline, navigation and the
  /// names completion offers come from the last text that parsed, and completion reads the
  /// cursor's place from the text the editor has (issue 34, item 5); the diagnostics are the
  /// broken text's.
  @Test func aBrokenTextKeepsTheLastGoodParseForNavigationOutlineAndCompletion() throws {
    let server = openedServer()
    func outline(_ id: Int) -> [String] {
      let answer = request(
        server, id: id, "textDocument/documentSymbol",
        .object(["textDocument": .object(["uri": .string("file:///ws/a.flow.yaml")])]))
      return (answer?["result"]?.array ?? []).compactMap { $0["name"]?.string }
    }
    #expect(outline(2) == ["App"])
    // A new event, half typed: `open: { push: ` with no closing brace, on a new line.
    let broken = Self.text + "\n          open: { push: "
    change(server, to: broken, version: 2)
    #expect(outline(3) == ["App"], "the outline went blank")
    let lastLine = broken.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    let completion = request(
      server, id: 4, "textDocument/completion",
      place(line: lastLine, character: "          open: { push: ".count))
    let items = completion?["result"]?["items"]?.array ?? completion?["result"]?.array ?? []
    let labels = Set(items.compactMap { $0["label"]?.string })
    #expect(labels.isSuperset(of: ["Home", "Detail"]), "\(labels)")
    // `push: Detail` on line 6 still goes to `Detail:`.
    let line = Self.text.split(separator: "\n")[6]
    let column = try #require(line.range(of: "Detail"))
    let character = line.distance(from: line.startIndex, to: column.lowerBound)
    let definition = request(
      server, id: 5, "textDocument/definition", place(line: 6, character: character))
    #expect(definition?["result"]?.array?.first?["range"]?["start"]?["line"] == .integer(7))
    // The broken text's own diagnostics were published.
    let published = output.messages.last {
      $0["method"]?.string == "textDocument/publishDiagnostics"
    }
    let codes = published?["params"]?["diagnostics"]?.array?.compactMap { $0["code"]?.string }
    #expect(codes == ["yaml-syntax"], "\(String(describing: codes))")
    // Once it parses again, the features answer from it.
    change(server, to: Self.text.replacingOccurrences(of: "App:", with: "Main:"), version: 3)
    #expect(outline(6) == ["Main"])
    #expect(server.editorCheck == nil)
  }
}
