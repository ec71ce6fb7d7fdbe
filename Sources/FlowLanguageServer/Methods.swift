import FlowCore

/// The methods the server answers, one small handler each: a new feature is one entry
/// here (and its capability in ``LanguageServer/capabilities``).
extension LanguageServer {
  /// A request's handler: its params in, its result out, or an error answer.
  typealias RequestHandler =
    @Sendable (LanguageServer, JSON?) throws(ResponseError) -> JSON
  /// A notification's handler.
  typealias NotificationHandler = @Sendable (LanguageServer, JSON?) -> Void

  static let requests: [String: RequestHandler] = [
    "initialize": { server, params throws(ResponseError) in try server.initialize(params) },
    "shutdown": { server, _ in server.shutdown() },
    "textDocument/definition": { server, params throws(ResponseError) in
      try server.definition(params)
    },
    "textDocument/references": { server, params throws(ResponseError) in
      try server.references(params)
    },
    "textDocument/prepareRename": { server, params throws(ResponseError) in
      try server.prepareRename(params)
    },
    "textDocument/rename": { server, params throws(ResponseError) in try server.rename(params) },
    "textDocument/hover": { server, params throws(ResponseError) in try server.hover(params) },
    "textDocument/completion": { server, params throws(ResponseError) in
      try server.completion(params)
    },
    "textDocument/documentSymbol": { server, params throws(ResponseError) in
      try server.documentSymbol(params)
    },
    "textDocument/codeAction": { server, params throws(ResponseError) in
      try server.codeAction(params)
    },
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

/// What a feature's handler needs: where a request points, and how to answer with places.
extension LanguageServer {
  /// The file and flowc position a request about a place names (`textDocument` and
  /// `position`), converted from UTF-16 columns with the document's current text.
  package func requestedPosition(_ params: JSON?) throws(ResponseError)
    -> (path: String, position: SourcePosition)
  {
    guard let (_, path) = documentPath(params),
      let line = params?["position"]?["line"]?.integer,
      let character = params?["position"]?["character"]?.integer
    else { throw ResponseError.invalidParams("expected a textDocument and a position") }
    return (path, text(of: path).source(EditorPosition(line: line, character: character)))
  }

  /// `range` as an LSP `Location`, in UTF-16 columns of its file's current text.
  package func location(_ range: SourceRange) -> JSON {
    .object([
      "uri": .string(uri(of: range.file)),
      "range": EditorJSON.range(text(of: range.file).editor(range)),
    ])
  }

  /// A file's current text: the editor's, or the one last checked.
  private func text(of path: String) -> SourceText {
    if let document = documents[path] {
      return SourceText(SourceFile(path: path, bytes: document.text))
    }
    return SourceText(lastCheck?.sources[path] ?? SourceFile(path: path, bytes: []))
  }
}
