/// The methods the server answers, one small handler each: a new feature is one entry
/// here (and its capability in ``LanguageServer/capabilities``).
extension LanguageServer {
  /// A request's handler: its params in, its result out, or an error answer.
  typealias RequestHandler =
    @Sendable (LanguageServer, JSONValue?) throws(ResponseError) -> JSONValue
  /// A notification's handler.
  typealias NotificationHandler = @Sendable (LanguageServer, JSONValue?) -> Void

  static let requests: [String: RequestHandler] = [
    "initialize": { server, params throws(ResponseError) in try server.initialize(params) },
    "shutdown": { server, _ in server.shutdown() },
  ]

  static let notifications: [String: NotificationHandler] = [
    "initialized": { server, _ in server.scheduleCheck(of: nil, after: .zero) },
    "textDocument/didOpen": { server, params in server.didOpen(params) },
    "textDocument/didChange": { server, params in server.didChange(params) },
    "textDocument/didSave": { server, params in server.didSave(params) },
    "textDocument/didClose": { server, params in server.didClose(params) },
    "workspace/didChangeWatchedFiles": { server, _ in
      server.scheduleCheck(of: nil, after: server.debounce)
    },
    "workspace/didChangeConfiguration": { server, _ in
      server.scheduleCheck(of: nil, after: .zero)
    },
  ]
}
