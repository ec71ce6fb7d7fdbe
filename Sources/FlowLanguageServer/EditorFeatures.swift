import Dispatch
import FlowCore

/// The editor features (definition, references, rename, hover, completion, outline, quick
/// fixes): each request is answered from FlowCore's ``EditorModule`` of the check the server
/// already ran for its diagnostics, and turned into LSP JSON here.
///
/// The module is indexed on the first request after a check and kept until the next check,
/// so requests while nothing changes cost only their query. A request that arrives while a
/// change waits for its debounce runs that check first: an answer is always about the text
/// the editor has.
extension LanguageServer {
  /// The editor module of the current text.
  func currentEditorModule() -> EditorModule {
    if checkDue != nil || lastCheck == nil { checkNow() }
    if let editor { return editor }
    let made: EditorModule
    if let editorCheck {
      made = EditorModule(check: editorCheck.check, liveTexts: editorCheck.live)
    } else if let lastCheck {
      made = EditorModule(check: lastCheck)
    } else {
      return EditorModule(files: [])
    }
    editor = made
    return made
  }

  /// Lets the editor module of the last check go, freed on another thread as the check is
  /// (a large module's index takes a while to free); the next request indexes the new one.
  func retireEditorModule() {
    let retired = RetiredEditorModule(editor)
    editor = nil
    DispatchQueue.global(qos: .utility).async { retired.release() }
  }

  /// The file and LSP position a request about a place names (`textDocument`, `position`).
  func editorPosition(_ params: JSON?) throws(ResponseError)
    -> (path: String, position: EditorPosition)
  {
    guard let (_, path) = documentPath(params),
      let line = params?["position"]?["line"]?.integer,
      let character = params?["position"]?["character"]?.integer,
      line >= 0, character >= 0
    else { throw ResponseError.invalidParams("expected a textDocument and a position") }
    return (path, EditorPosition(line: line, character: character))
  }

  // MARK: Requests

  /// `textDocument/definition`: the definitions of the name at the position.
  func definition(_ params: JSON?) throws(ResponseError) -> JSON {
    let (path, position) = try editorPosition(params)
    return .array(
      currentEditorModule().definition(at: position, in: path).map(
        EditorJSON.location(uri: uri(of:))))
  }

  /// `textDocument/references`: every place the name at the position is written.
  func references(_ params: JSON?) throws(ResponseError) -> JSON {
    let (path, position) = try editorPosition(params)
    let includeDefinitions = params?["context"]?["includeDeclaration"]?.bool ?? true
    return .array(
      currentEditorModule().references(
        at: position, in: path, includeDefinitions: includeDefinitions
      ).map(EditorJSON.location(uri: uri(of:))))
  }

  /// `textDocument/prepareRename`: the span a rename would change, or `null` where none
  /// can be.
  func prepareRename(_ params: JSON?) throws(ResponseError) -> JSON {
    let (path, position) = try editorPosition(params)
    guard let range = currentEditorModule().renameRange(at: position, in: path) else {
      return .null
    }
    return EditorJSON.range(range)
  }

  /// `textDocument/rename`: a workspace edit, or a refusal as an error answer with its
  /// message (LSP 3.17), which the editor shows.
  func rename(_ params: JSON?) throws(ResponseError) -> JSON {
    let (path, position) = try editorPosition(params)
    guard let newName = params?["newName"]?.string else {
      throw ResponseError.invalidParams("expected a newName")
    }
    switch currentEditorModule().rename(at: position, in: path, to: newName) {
    case .success(let edits): return EditorJSON.workspaceEdit(edits, uri: uri(of:))
    case .failure(let refusal):
      throw ResponseError(code: ResponseError.requestFailed, message: refusal.message)
    }
  }

  /// `textDocument/hover`: Markdown about the name at the position, or `null`.
  func hover(_ params: JSON?) throws(ResponseError) -> JSON {
    let (path, position) = try editorPosition(params)
    guard let hover = currentEditorModule().hover(at: position, in: path) else { return .null }
    return .object([
      "contents": .object(["kind": .string("markdown"), "value": .string(hover.markdown)]),
      "range": EditorJSON.range(hover.range),
    ])
  }

  /// `textDocument/completion`: the keys or names that fit at the position.
  func completion(_ params: JSON?) throws(ResponseError) -> JSON {
    let (path, position) = try editorPosition(params)
    return .array(
      currentEditorModule().completions(at: position, in: path).map(EditorJSON.completion))
  }

  /// `textDocument/documentSymbol`: the file's outline, nested.
  func documentSymbol(_ params: JSON?) throws(ResponseError) -> JSON {
    guard let (_, path) = documentPath(params) else {
      throw ResponseError.invalidParams("expected a textDocument")
    }
    return .array(currentEditorModule().documentSymbols(in: path).map(EditorJSON.symbol))
  }

  /// `textDocument/codeAction`: the quick fixes for the range, each with the diagnostic it
  /// answers, written as it was published so the editor matches the two.
  func codeAction(_ params: JSON?) throws(ResponseError) -> JSON {
    guard let (_, path) = documentPath(params),
      let start = params?["range"]?["start"], let end = params?["range"]?["end"],
      let range = EditorJSON.range(start: start, end: end)
    else { throw ResponseError.invalidParams("expected a textDocument and a range") }
    if let only = params?["context"]?["only"]?.array,
      !only.contains(where: { $0.string == "quickfix" || $0.string == "" })
    {
      return .array([])
    }
    let editor = currentEditorModule()
    let sources = editor.check.sources
    var texts: [String: SourceText] = [:]
    let text = { (path: String) -> SourceText? in
      if let known = texts[path] { return known }
      guard let source = sources[path] else { return nil }
      let made = SourceText(source)
      texts[path] = made
      return made
    }
    return .array(
      editor.codeActions(in: path, range: range).map { action in
        var members: [String: JSON] = [
          "title": .string(action.title),
          "kind": .string("quickfix"),
          "edit": EditorJSON.workspaceEdit(action.edits, uri: uri(of:)),
        ]
        if let finding = action.finding {
          members["diagnostics"] = .array([
            DiagnosticJSON.diagnostic(finding, texts: text, uri: uri(of:))
          ])
        }
        if action.isPreferred { members["isPreferred"] = .bool(true) }
        return .object(members)
      })
  }
}

/// The editor API's values as LSP JSON. Positions pass through unchanged: both count
/// 0-based lines and UTF-16 columns.
enum EditorJSON {
  static func position(_ position: EditorPosition) -> JSON {
    .object(["line": .integer(position.line), "character": .integer(position.character)])
  }

  static func range(_ range: EditorRange) -> JSON {
    .object(["start": position(range.start), "end": position(range.end)])
  }

  /// An LSP `Range` read from its two positions; `nil` when one is not a position.
  static func range(start: JSON, end: JSON) -> EditorRange? {
    guard let startLine = start["line"]?.integer, let startCharacter = start["character"]?.integer,
      let endLine = end["line"]?.integer, let endCharacter = end["character"]?.integer
    else { return nil }
    return EditorRange(
      start: EditorPosition(line: startLine, character: startCharacter),
      end: EditorPosition(line: endLine, character: endCharacter))
  }

  /// A `Location` maker, with the URI of each path.
  static func location(uri: @escaping (String) -> String) -> (EditorLocation) -> JSON {
    { location in .object(["uri": .string(uri(location.path)), "range": range(location.range)]) }
  }

  /// A `WorkspaceEdit` of `edits`, as `changes` by file.
  static func workspaceEdit(_ edits: [EditorTextEdit], uri: (String) -> String) -> JSON {
    var changes: [String: [JSON]] = [:]
    for edit in edits {
      changes[uri(edit.path), default: []].append(
        .object(["range": range(edit.range), "newText": .string(edit.newText)]))
    }
    return .object(["changes": .object(changes.mapValues { .array($0) })])
  }

  static func completion(_ item: EditorCompletion) -> JSON {
    var members: [String: JSON] = [
      "label": .string(item.label), "kind": .integer(completionKind(item.kind)),
    ]
    if let detail = item.detail { members["detail"] = .string(detail) }
    return .object(members)
  }

  /// LSP's `CompletionItemKind` of each kind of offer.
  static func completionKind(_ kind: EditorCompletion.Kind) -> Int {
    switch kind {
    case .key: 10  // Property
    case .screen: 7  // Class
    case .decision: 3  // Function
    case .alert: 23  // Event
    case .coordinator: 9  // Module
    case .type: 22  // Struct
    case .resultCase: 20  // EnumMember
    case .request: 23  // Event: sent to the parent
    case .keyword: 14  // Keyword
    }
  }

  /// A hierarchical `DocumentSymbol`.
  static func symbol(_ symbol: EditorDocumentSymbol) -> JSON {
    var members: [String: JSON] = [
      "name": .string(symbol.name),
      "kind": .integer(symbolKind(symbol.kind)),
      "range": range(symbol.range),
      "selectionRange": range(symbol.selectionRange),
      "children": .array(symbol.children.map(Self.symbol)),
    ]
    if let detail = symbol.detail { members["detail"] = .string(detail) }
    return .object(members)
  }

  /// LSP's `SymbolKind` of each kind of outline entry.
  static func symbolKind(_ kind: EditorDocumentSymbol.Kind) -> Int {
    switch kind {
    case .coordinator: 2  // Module
    case .screen: 5  // Class
    case .decision: 12  // Function
    case .alert: 24  // Event
    case .type: 23  // Struct
    case .resultCase: 22  // EnumMember
    case .request: 24  // Event: sent to the parent
    case .link: 20  // Key: a link is named by its key under `links:`
    }
  }
}

/// An editor module on its way to being freed on another thread.
private final class RetiredEditorModule: @unchecked Sendable {
  private var value: EditorModule?

  init(_ value: EditorModule?) { self.value = value }

  /// Lets the value go, on the calling thread.
  func release() { value = nil }
}
