import Dispatch
import FlowCore

/// The flowc language server: LSP 3.17 over one message stream, with the editor's unsaved
/// text laid over the workspace's files, and every rule's findings published as
/// diagnostics.
///
/// It runs on one thread: ``receive(_:)`` handles one framed message (a test calls it
/// directly), and ``checkIfDue(now:)`` runs a check that is due. ``run(_:)`` is the
/// process's loop around both.
package final class LanguageServer {
  /// Where in its life the server is (LSP's lifecycle).
  package enum State: Equatable {
    /// Before `initialize`: every request but it is refused.
    case uninitialized
    /// Between `initialize` and `shutdown`.
    case running
    /// After `shutdown`: only `exit` is left.
    case shutDown
  }

  /// A document the editor has open: its text wins over the disk.
  struct OpenDocument {
    var uri: String
    var version: Int?
    var text: [UInt8]
  }

  package private(set) var state = State.uninitialized
  /// The exit status once `exit` was received: 0 after `shutdown`, 1 without.
  package private(set) var exitStatus: Int32?

  let output: ByteSink
  let workspace: WorkspaceProvider
  /// The workspace root, an absolute path, from `initialize`; `nil` without one (then only
  /// the open documents are checked).
  var root: String?
  var documents: [String: OpenDocument] = [:]
  let checker = ModuleChecker()
  /// The diagnostics last published for each file that has had any, by path.
  var published: [String: JSON] = [:]
  /// Files whose diagnostics the next check publishes even when they did not change: the
  /// documents just opened, changed or saved, so an editor always hears back.
  var mustPublish: Set<String> = []
  /// When the next check is due, if one is.
  package private(set) var checkDue: ContinuousClock.Instant?
  /// How long changes wait for more changes before the module is checked again.
  var debounce: Duration
  /// The last workspace problem shown, so it is shown once, not after every edit.
  var shownProblem: String?
  /// The result of the last check, for features that read the module.
  package private(set) var lastCheck: CheckResult?
  /// The editor features' index of the last check, made on the first request after it.
  var editor: EditorModule?
  /// The last text of each open document that parsed (no `yaml-syntax` finding), by path:
  /// while the text the editor has does not parse, navigation, the outline and the names
  /// completion offers come from it (issue 34, item 5).
  var lastGoodText: [String: [UInt8]] = [:]
  /// The check the editor features answer from when an open document does not parse: its
  /// last good text in place of the broken one; `nil` when every document parses.
  package private(set) var editorCheck: (check: CheckResult, live: [SourceFile])?

  package init(
    output: ByteSink, workspace: WorkspaceProvider, debounce: Duration = .milliseconds(50)
  ) {
    self.output = output
    self.workspace = workspace
    self.debounce = debounce
  }

  // MARK: Messages

  /// Handles one unit of the input stream.
  package func receive(_ frame: FramedMessage) {
    switch frame {
    case .content(let bytes):
      let json: JSON
      do {
        json = try JSON.parse(bytes)
      } catch {
        send(
          OutgoingMessage.error(
            ResponseError(
              code: ResponseError.parseError,
              message: "invalid JSON at byte \(error.offset): \(error.reason)"), id: .null))
        return
      }
      switch IncomingMessage.decode(json) {
      case .success(let message): handle(message)
      case .failure(let invalid):
        send(
          OutgoingMessage.error(
            ResponseError(code: ResponseError.invalidRequest, message: invalid.reason),
            id: invalid.id))
      }
    case .malformedHeader(let reason):
      log("skipped a message with \(reason)")
    case .tooLarge(let length):
      log("skipped a message of \(length) bytes, more than this server reads")
    case .end:
      if exitStatus == nil { exitStatus = state == .shutDown ? 0 : 1 }
    }
  }

  /// Handles one JSON-RPC message, per the lifecycle.
  package func handle(_ message: IncomingMessage) {
    switch message {
    case .request(let id, let method, let params):
      let answer: Result<JSON, ResponseError>
      if state == .uninitialized && method != "initialize" {
        answer = .failure(
          ResponseError(
            code: ResponseError.serverNotInitialized, message: "the server is not initialized"))
      } else if state == .shutDown {
        answer = .failure(
          ResponseError(
            code: ResponseError.invalidRequest, message: "the server is shutting down"))
      } else if let handler = Self.requests[method] {
        do throws(ResponseError) {
          answer = .success(try handler(self, params))
        } catch {
          answer = .failure(error)
        }
      } else {
        answer = .failure(
          ResponseError(
            code: ResponseError.methodNotFound, message: "unknown method '\(method)'"))
      }
      switch answer {
      case .success(let result): send(OutgoingMessage.result(result, id: id))
      case .failure(let error): send(OutgoingMessage.error(error, id: id))
      }
    case .notification(let method, let params):
      if method == "exit" {
        exitStatus = state == .shutDown ? 0 : 1
        return
      }
      // Before `initialize` notifications are dropped; unknown ones are ignored (`$/` ones
      // included, as the protocol allows).
      guard state == .running, let handler = Self.notifications[method] else { return }
      handler(self, params)
    case .response:
      break
    }
  }

  // MARK: Lifecycle

  /// `initialize`: the root, the options, and what the server can do.
  func initialize(_ params: JSON?) throws(ResponseError) -> JSON {
    guard state == .uninitialized else {
      throw ResponseError(code: ResponseError.invalidRequest, message: "already initialized")
    }
    let folder = params?["workspaceFolders"]?.array?.first?["uri"]?.string
    if let uri = folder ?? params?["rootUri"]?.string, let path = DocumentURI.path(of: uri) {
      root = path
    } else if let path = params?["rootPath"]?.string, path.hasPrefix("/") {
      root = path
    }
    if let milliseconds = params?["initializationOptions"]?["debounceMilliseconds"]?.integer,
      (0...10_000).contains(milliseconds)
    {
      debounce = .milliseconds(milliseconds)
    }
    state = .running
    return .object([
      "capabilities": Self.capabilities,
      "serverInfo": .object([
        "name": .string("flowc"), "version": .string(FlowcVersion.current),
      ]),
    ])
  }

  /// What the server can do, for `initialize`'s answer.
  static let capabilities: JSON = .object([
    "positionEncoding": .string("utf-16"),
    "textDocumentSync": .object([
      "openClose": .bool(true),
      // Full: each change sends the whole text.
      "change": .integer(1),
      "save": .object(["includeText": .bool(false)]),
    ]),
    "definitionProvider": .bool(true),
    "referencesProvider": .bool(true),
    "renameProvider": .object(["prepareProvider": .bool(true)]),
    "hoverProvider": .bool(true),
    // No trigger characters: after `push:` a name needs its space first, and a space
    // typed anywhere should not open a menu; typing a name's first letter does.
    "completionProvider": .object([:]),
    "documentSymbolProvider": .bool(true),
    "codeActionProvider": .object(["codeActionKinds": .array([.string("quickfix")])]),
  ])

  /// `shutdown`: no more work; `exit` follows.
  func shutdown() -> JSON {
    state = .shutDown
    checkDue = nil
    return .null
  }

  // MARK: Documents

  /// The path of a document's URI, for files only.
  func documentPath(_ params: JSON?) -> (uri: String, path: String)? {
    guard let uri = params?["textDocument"]?["uri"]?.string,
      let path = DocumentURI.path(of: uri)
    else { return nil }
    return (uri, path)
  }

  func didOpen(_ params: JSON?) {
    guard let (uri, path) = documentPath(params),
      let text = params?["textDocument"]?["text"]?.string
    else { return }
    documents[path] = OpenDocument(
      uri: uri, version: params?["textDocument"]?["version"]?.integer, text: Array(text.utf8))
    scheduleCheck(of: path, after: .zero)
  }

  func didChange(_ params: JSON?) {
    guard let (uri, path) = documentPath(params),
      let changes = params?["contentChanges"]?.array,
      let text = changes.last(where: { $0["range"] == nil })?["text"]?.string
    else { return }
    documents[path] = OpenDocument(
      uri: uri, version: params?["textDocument"]?["version"]?.integer, text: Array(text.utf8))
    scheduleCheck(of: path, after: debounce)
  }

  func didSave(_ params: JSON?) {
    guard let (_, path) = documentPath(params) else { return }
    if let text = params?["text"]?.string { documents[path]?.text = Array(text.utf8) }
    scheduleCheck(of: path, after: .zero)
  }

  func didClose(_ params: JSON?) {
    guard let (_, path) = documentPath(params) else { return }
    documents[path] = nil
    scheduleCheck(of: nil, after: .zero)
  }

  /// Asks for a check `delay` from now (an earlier one already asked for stands), and
  /// that `path`'s diagnostics are published by it.
  func scheduleCheck(of path: String?, after delay: Duration) {
    if let path { mustPublish.insert(path) }
    let due = ContinuousClock.now + delay
    checkDue = checkDue.map { delay == .zero ? min($0, due) : max($0, due) } ?? due
  }

  // MARK: Checking

  /// Runs the check if one is due at `now`.
  package func checkIfDue(now: ContinuousClock.Instant = .now) {
    guard let due = checkDue, due <= now else { return }
    checkNow()
  }

  /// Checks the whole module from the overlay and publishes what changed.
  package func checkNow() {
    checkDue = nil
    guard state == .running else { return }
    var paths: [String] = []
    var configuration = Configuration()
    if let root {
      let found = workspace.discover(root: root)
      paths = found.paths
      configuration = found.configuration
      if found.problem != shownProblem {
        shownProblem = found.problem
        if let problem = found.problem {
          send(
            OutgoingMessage.notification(
              "window/showMessage", .object(["type": .integer(1), "message": .string(problem)])))
        }
      }
    }
    var overlay: [String: [UInt8]] = [:]
    for (path, document) in documents where workspace.isFlowFile(path) {
      overlay[path] = document.text
    }
    let result = checker.check(paths: paths, overlay: overlay, configuration: configuration)
    publish(result)
    // Freeing a large module value by value takes a while: the last result is let go
    // after publishing, and freed on another thread.
    let retired = Retired(lastCheck)
    lastCheck = result
    retireEditorModule()
    DispatchQueue.global(qos: .utility).async { retired.release() }
    checkLastGoodTexts(result, paths: paths, overlay: overlay, configuration: configuration)
  }

  /// Keeps the last text of each open document that parses, and, while one does not, checks
  /// the module with its last good text for the editor features: a half-typed `{` does not
  /// empty the outline, go-to-definition or completion's names.
  private func checkLastGoodTexts(
    _ result: CheckResult, paths: [String], overlay: [String: [UInt8]],
    configuration: Configuration
  ) {
    let broken = Set(result.findings.filter { $0.rule == YAMLSyntaxRule.id }.map(\.file))
    lastGoodText = lastGoodText.filter { documents[$0.key] != nil }
    var earlier = overlay
    var live: [SourceFile] = []
    for (path, text) in overlay {
      guard broken.contains(path) else {
        lastGoodText[path] = text
        continue
      }
      guard let good = lastGoodText[path] else { continue }
      earlier[path] = good
      live.append(SourceFile(path: path, bytes: text))
    }
    editorCheck =
      live.isEmpty
      ? nil
      : (checker.check(paths: paths, overlay: earlier, configuration: configuration), live)
  }

  /// Publishes the diagnostics of every file of the module whose diagnostics changed (or
  /// that must be published), and empty ones for files that had some and left the module.
  private func publish(_ result: CheckResult) {
    var byFile: [String: [Finding]] = [:]
    for finding in result.findings { byFile[finding.file, default: []].append(finding) }
    var texts: [String: SourceText] = [:]
    let text = { (path: String) -> SourceText? in
      if let known = texts[path] { return known }
      guard let source = result.sources[path] else { return nil }
      let made = SourceText(source)
      texts[path] = made
      return made
    }
    var files = Set(result.sources.keys).union(byFile.keys).union(published.keys)
    files.formUnion(mustPublish.filter { documents[$0] != nil })
    for path in files.sorted() {
      let diagnostics = JSON.array(
        (byFile[path] ?? []).map {
          DiagnosticJSON.diagnostic($0, texts: text, uri: uri(of:))
        })
      let inModule = result.sources[path] != nil || byFile[path] != nil
      guard published[path] != diagnostics || mustPublish.contains(path) else { continue }
      var params: [String: JSON] = [
        "uri": .string(uri(of: path)), "diagnostics": diagnostics,
      ]
      if let version = documents[path]?.version { params["version"] = .integer(version) }
      send(OutgoingMessage.notification("textDocument/publishDiagnostics", .object(params)))
      published[path] = inModule ? diagnostics : nil
    }
    mustPublish = []
  }

  /// The URI of `path`: the one the editor opened it under, or a `file:` URI of its path.
  func uri(of path: String) -> String {
    documents[path]?.uri ?? DocumentURI.uri(of: path)
  }

  // MARK: Output

  func send(_ message: JSON) {
    _ = output.write(framed(message.serialized))
  }

  /// A line for the editor's log of this server (`window/logMessage`).
  func log(_ text: String) {
    send(
      OutgoingMessage.notification(
        "window/logMessage", .object(["type": .integer(3), "message": .string(text)])))
  }
}

/// A value on its way to being freed on another thread.
private final class Retired: @unchecked Sendable {
  private var value: CheckResult?

  init(_ value: CheckResult?) { self.value = value }

  /// Lets the value go, on the calling thread.
  func release() { value = nil }
}
