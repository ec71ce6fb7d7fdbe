import FlowCore

/// The id of a JSON-RPC request: a number or a string; `null` in an error answer to a
/// message whose id could not be read.
package enum RequestID: Hashable, Sendable {
  case number(Int)
  case string(String)
  case null

  var json: JSON {
    switch self {
    case .number(let number): .integer(number)
    case .string(let text): .string(text)
    case .null: .null
    }
  }
}

/// An error answer: a JSON-RPC or LSP error code and a message.
package struct ResponseError: Error, Equatable, Sendable {
  package var code: Int
  package var message: String

  package init(code: Int, message: String) {
    self.code = code
    self.message = message
  }

  package static let parseError = -32700
  package static let invalidRequest = -32600
  package static let methodNotFound = -32601
  package static let invalidParams = -32602
  package static let internalError = -32603
  /// LSP: a request before `initialize`.
  package static let serverNotInitialized = -32002
  /// LSP: a request the server did not handle for a reason of its own (refused).
  package static let requestFailed = -32803

  package static func invalidParams(_ message: String) -> ResponseError {
    ResponseError(code: invalidParams, message: message)
  }
}

/// One message from the client, as JSON-RPC 2.0 defines them.
package enum IncomingMessage: Equatable {
  /// A call that wants an answer.
  case request(id: RequestID, method: String, params: JSON?)
  /// A call that wants none.
  case notification(method: String, params: JSON?)
  /// An answer to a request of the server's (none is sent today; they are ignored).
  case response(id: RequestID)

  /// Reads a message from its JSON; an error answer (with the id, when it could be read)
  /// when it is not one. A batch (an array) is not a message LSP uses: it is an invalid
  /// request.
  package static func decode(_ json: JSON) -> Result<IncomingMessage, InvalidMessage> {
    guard case .object(let members) = json else {
      return .failure(InvalidMessage(id: .null, reason: "a message must be a JSON object"))
    }
    var id: RequestID?
    switch members["id"] {
    case nil: id = nil
    case .number?:
      guard let number = members["id"]?.integer else {
        return .failure(InvalidMessage(id: .null, reason: "'id' must be a whole number"))
      }
      id = .number(number)
    case .string(let text)?: id = .string(text)
    case .null?: id = .null
    default: return .failure(InvalidMessage(id: .null, reason: "'id' must be a number or string"))
    }
    guard members["jsonrpc"] == .string("2.0") else {
      return .failure(InvalidMessage(id: id ?? .null, reason: "'jsonrpc' must be \"2.0\""))
    }
    guard let method = members["method"] else {
      if let id, members["result"] != nil || members["error"] != nil {
        return .success(.response(id: id))
      }
      return .failure(InvalidMessage(id: id ?? .null, reason: "a message needs a 'method'"))
    }
    guard case .string(let name) = method else {
      return .failure(InvalidMessage(id: id ?? .null, reason: "'method' must be a string"))
    }
    var params = members["params"]
    switch params {
    // JSON-RPC lets a client leave `params` out when a method takes none (LSP's `shutdown`
    // and `exit`), and some clients send `null` instead: both are no params. A method that
    // needs params answers `invalidParams` without them.
    case .null?: params = nil
    case nil, .array?, .object?: break
    default:
      return .failure(
        InvalidMessage(id: id ?? .null, reason: "'params' must be an object or an array"))
    }
    guard let id else { return .success(.notification(method: name, params: params)) }
    return .success(.request(id: id, method: name, params: params))
  }
}

/// A message that is JSON but not a JSON-RPC message.
package struct InvalidMessage: Error, Equatable {
  package var id: RequestID
  package var reason: String
}

/// The messages the server sends, as JSON.
package enum OutgoingMessage {
  /// The answer to request `id`.
  package static func result(_ result: JSON, id: RequestID) -> JSON {
    .object(["jsonrpc": .string("2.0"), "id": id.json, "result": result])
  }

  /// The error answer to request `id`.
  package static func error(_ error: ResponseError, id: RequestID) -> JSON {
    .object([
      "jsonrpc": .string("2.0"), "id": id.json,
      "error": .object(["code": .integer(error.code), "message": .string(error.message)]),
    ])
  }

  /// A notification from the server.
  package static func notification(_ method: String, _ params: JSON) -> JSON {
    .object(["jsonrpc": .string("2.0"), "method": .string(method), "params": params])
  }
}
