import FlowCore
import Testing

@testable import FlowLanguageServer

/// What the server wrote, as messages.
final class CollectedOutput: ByteSink, @unchecked Sendable {
  var bytes: [UInt8] = []

  func write(_ bytes: [UInt8]) -> Bool {
    self.bytes += bytes
    return true
  }

  /// The messages written so far, parsed back.
  var messages: [JSON] {
    let reader = MessageReader(ChunkedBytes(bytes, chunk: 1 << 16))
    var found: [JSON] = []
    while case .content(let content) = reader.next() {
      if let value = try? JSON.parse(content) { found.append(value) }
    }
    return found
  }
}

/// A workspace of fixed files in memory-backed paths: none, so that only open documents
/// are checked.
struct NoFiles: WorkspaceProvider {
  func discover(root: String) -> WorkspaceDiscovery {
    WorkspaceDiscovery(paths: [], configuration: Configuration())
  }
  func isFlowFile(_ path: String) -> Bool { path.hasSuffix(".flow.yaml") }
}

@Suite struct LanguageServerTests {
  let output = CollectedOutput()

  func server() -> LanguageServer { LanguageServer(output: output, workspace: NoFiles()) }

  func send(_ server: LanguageServer, _ text: String) {
    server.receive(.content(Array(text.utf8)))
  }

  func answer(to id: Int) -> JSON? {
    output.messages.last { $0["id"]?.integer == id && $0["method"] == nil }
  }

  let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#

  @Test func initializeAnswersWithCapabilitiesOnce() {
    let server = server()
    send(server, initialize)
    #expect(
      answer(to: 1)?["result"]?["capabilities"]?["textDocumentSync"]?["change"] == .integer(1))
    #expect(server.state == .running)
    send(server, initialize.replacingOccurrences(of: "\"id\":1", with: "\"id\":2"))
    #expect(answer(to: 2)?["error"]?["code"] == .integer(ResponseError.invalidRequest))
  }

  @Test func requestsBeforeInitializeAreRefusedAndNotificationsDropped() {
    let server = server()
    send(server, #"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#)
    #expect(answer(to: 3)?["error"]?["code"] == .integer(ResponseError.serverNotInitialized))
    send(server, #"{"jsonrpc":"2.0","method":"initialized"}"#)
    #expect(server.checkDue == nil)
  }

  @Test func unknownMethodsAreNotFoundForRequestsAndIgnoredForNotifications() {
    let server = server()
    send(server, initialize)
    let before = output.messages.count
    send(server, #"{"jsonrpc":"2.0","method":"no/such","params":{}}"#)
    #expect(output.messages.count == before)
    send(server, #"{"jsonrpc":"2.0","id":"x","method":"no/such"}"#)
    let error = output.messages.last
    #expect(error?["id"] == .string("x"))
    #expect(error?["error"]?["code"] == .integer(ResponseError.methodNotFound))
  }

  @Test func brokenMessagesGetParseErrorOrInvalidRequestWithANullID() {
    let server = server()
    send(server, "{")
    #expect(output.messages.last?["error"]?["code"] == .integer(ResponseError.parseError))
    #expect(output.messages.last?["id"] == .null)
    send(server, #"{"jsonrpc":"2.0","id":4}"#)
    #expect(output.messages.last?["error"]?["code"] == .integer(ResponseError.invalidRequest))
    #expect(output.messages.last?["id"] == .integer(4))
    send(server, #"{"jsonrpc":"2.0","id":5,"method":"x","params":3}"#)
    #expect(output.messages.last?["error"]?["code"] == .integer(ResponseError.invalidRequest))
  }

  @Test func exitStatusIsZeroOnlyAfterShutdown() {
    let clean = server()
    send(clean, initialize)
    send(clean, #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
    #expect(answer(to: 2)?["result"] == .null)
    send(clean, #"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#)
    #expect(answer(to: 3)?["error"]?["code"] == .integer(ResponseError.invalidRequest))
    send(clean, #"{"jsonrpc":"2.0","method":"exit"}"#)
    #expect(clean.exitStatus == 0)

    let abrupt = server()
    send(abrupt, initialize)
    abrupt.receive(.end)
    #expect(abrupt.exitStatus == 1)
  }

  /// JSON-RPC lets a client leave `params` out; some send `null` instead (LSP's `shutdown`,
  /// `exit` and `initialized` take none worth reading). Both are no params at all.
  @Test(arguments: ["", #","params":null"#])
  func methodsWithoutParamsTakeThemOmittedOrNull(params: String) {
    let server = server()
    send(server, initialize)
    send(server, #"{"jsonrpc":"2.0","method":"initialized"\#(params)}"#)
    #expect(server.checkDue != nil, "initialized asks for a first check")
    send(server, #"{"jsonrpc":"2.0","id":2,"method":"shutdown"\#(params)}"#)
    #expect(answer(to: 2)?["error"] == nil)
    #expect(answer(to: 2)?["result"] == .null)
    #expect(server.state == .shutDown)
    send(server, #"{"jsonrpc":"2.0","method":"exit"\#(params)}"#)
    #expect(server.exitStatus == 0)
  }

  /// A method that needs params and gets `null` is told which it needs, not that the message
  /// is not one.
  @Test func nullParamsWhereParamsAreNeededAreInvalidParams() {
    let server = server()
    send(server, initialize)
    send(server, #"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":null}"#)
    #expect(answer(to: 2)?["error"]?["code"] == .integer(ResponseError.invalidParams))
    send(server, #"{"jsonrpc":"2.0","id":3,"method":"shutdown","params":3}"#)
    #expect(answer(to: 3)?["error"]?["code"] == .integer(ResponseError.invalidRequest))
  }

  @Test func aChangeWaitsForTheDebounceAndThenPublishes() {
    let server = LanguageServer(output: output, workspace: NoFiles(), debounce: .seconds(60))
    send(server, initialize)
    let open = #"""
      {"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///w/a.flow.yaml","languageId":"yaml","version":1,"text":"version: 1\n"}}}
      """#
    send(server, open)
    server.checkIfDue()
    let published = output.messages.filter {
      $0["method"] == .string("textDocument/publishDiagnostics")
    }
    #expect(published.count == 1)
    #expect(published.first?["params"]?["uri"] == .string("file:///w/a.flow.yaml"))
    #expect(published.first?["params"]?["version"] == .integer(1))

    let change = #"""
      {"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///w/a.flow.yaml","version":2},"contentChanges":[{"text":"version: 1\ncoordinators: [\n"}]}}
      """#
    send(server, change)
    server.checkIfDue()
    // Not yet: the change waits for more.
    #expect(output.messages.count == published.count + 1)
    server.checkIfDue(now: .now + .seconds(61))
    let last = output.messages.last
    #expect(last?["params"]?["version"] == .integer(2))
    #expect(last?["params"]?["diagnostics"]?.array?.first?["code"] == .string("yaml-syntax"))
  }
}

extension LanguageServerTests {
  @Test func requestsPointIntoTheEditorsTextInUTF16Columns() throws {
    let server = server()
    send(server, initialize)
    let open = #"""
      {"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///w/a.flow.yaml","languageId":"yaml","version":1,"text":"# 😀\nab"}}}
      """#
    send(server, open)
    let params = try JSON.parse(
      Array(
        #"{"textDocument":{"uri":"file:///w/a.flow.yaml"},"position":{"line":0,"character":4}}"#
          .utf8))
    let (path, position) = try server.requestedPosition(params)
    #expect(path == "/w/a.flow.yaml")
    #expect(position == SourcePosition(line: 1, column: 4))
    let range = SourceRange(
      file: path, start: SourcePosition(line: 1, column: 3), end: SourcePosition(line: 2, column: 2)
    )
    #expect(
      server.location(range)["range"]
        == .object([
          "start": .object(["line": .integer(0), "character": .integer(2)]),
          "end": .object(["line": .integer(1), "character": .integer(1)]),
        ]))
    #expect(throws: ResponseError.self) { try server.requestedPosition(.object([:])) }
  }
}

extension LanguageServerTests {
  /// The server converts with FlowCore's ``SourceText``, as the editor features do: these
  /// are the cases where its own converter once counted differently.
  @Test func aPositionBetweenTheHalvesOfASurrogatePairIsThatCharacters() throws {
    let server = server()
    send(server, initialize)
    let open = #"""
      {"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///w/a.flow.yaml","languageId":"yaml","version":1,"text":"# 😀x\nab"}}}
      """#
    send(server, open)
    let inside = try JSON.parse(
      Array(
        #"{"textDocument":{"uri":"file:///w/a.flow.yaml"},"position":{"line":0,"character":3}}"#
          .utf8))
    #expect(try server.requestedPosition(inside).position == SourcePosition(line: 1, column: 3))
    // Past the last line: the end of the file.
    let past = try JSON.parse(
      Array(
        #"{"textDocument":{"uri":"file:///w/a.flow.yaml"},"position":{"line":9,"character":0}}"#
          .utf8))
    #expect(try server.requestedPosition(past).position == SourcePosition(line: 2, column: 3))
  }

  /// A misspelt screen after a surrogate pair, a byte order mark, `\r\n`, a lone `\r` or
  /// a U+2028 in a doc is published where the editor shows it.
  @Test(arguments: [
    ("\u{FEFF}", "\n", "", "x", 34), ("", "\r\n", "", "x", 34), ("", "\r", "", "x", 34),
    ("", "\n", "\"😀😀\": stay, ", "x", 48), ("", "\n", "", "one\u{2028}two", 34),
  ])
  func diagnosticsArePublishedInTheEditorsColumns(
    start: String, lineBreak: String, prefix: String, doc: String, character: Int
  ) throws {
    let server = server()
    send(server, initialize)
    let text =
      start
      + [
        "version: 1", "coordinators:", "  App:", "    doc: \"\(doc)\"", "    entry: true",
        "    start: Home", "    screens:",
        "      Home: { on: { \(prefix)next: { push: Detial } } }",
        "      Detail: {}", "",
      ].joined(separator: lineBreak)
    let document: JSON = .object([
      "uri": .string("file:///w/a.flow.yaml"), "languageId": .string("yaml"),
      "version": .integer(1),
      "text": .string(text),
    ])
    let open: JSON = .object([
      "jsonrpc": .string("2.0"), "method": .string("textDocument/didOpen"),
      "params": .object(["textDocument": document]),
    ])
    server.receive(.content(open.serialized))
    server.checkIfDue(now: .now + .seconds(61))
    let published = output.messages.last {
      $0["method"] == .string("textDocument/publishDiagnostics")
    }
    let diagnostic = published?["params"]?["diagnostics"]?.array?.first {
      $0["code"] == .string("unknown-reference")
    }
    #expect(
      diagnostic?["range"]
        == .object([
          "start": .object(["line": .integer(7), "character": .integer(character)]),
          "end": .object(["line": .integer(7), "character": .integer(character + 6)]),
        ]), "\(String(describing: published))")
  }
}

@Suite struct DocumentURITests {
  @Test func pathsAndURIsRoundTrip() {
    let path = "/tmp/a b/é#%.flow.yaml"
    let uri = DocumentURI.uri(of: path)
    #expect(uri == "file:///tmp/a%20b/%C3%A9%23%25.flow.yaml")
    #expect(DocumentURI.path(of: uri) == path)
    #expect(DocumentURI.path(of: "file://localhost/x") == "/x")
  }

  @Test(arguments: ["untitled:1", "file://host/x", "file:///%zz", "file:///a%00b", "file:///%C3"])
  func otherURIsNameNoPath(_ uri: String) {
    #expect(DocumentURI.path(of: uri) == nil)
  }
}
