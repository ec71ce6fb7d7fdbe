/// One entry of a file's outline (LSP's `DocumentSymbol`).
package struct EditorDocumentSymbol: Hashable, Sendable {
  /// What an entry is.
  package enum Kind: String, Hashable, Sendable {
    /// A coordinator.
    case coordinator
    /// A screen.
    case screen
    /// A decision.
    case decision
    /// An alert.
    case alert
    /// A declared type.
    case type
    /// A case of a coordinator's inline result, or of an enum type.
    case resultCase
    /// (r3) A request of a coordinator (spec section 13.3).
    case request
    /// A deep link (spec section 12).
    case link
  }

  /// The name.
  package var name: String
  /// What it is.
  package var kind: Kind
  /// A short description: the input a screen takes, what a type is.
  package var detail: String?
  /// From the name to the end of the definition.
  package var range: EditorRange
  /// The name.
  package var selectionRange: EditorRange
  /// The entries inside it, in file order.
  package var children: [EditorDocumentSymbol]

  package init(
    name: String, kind: Kind, detail: String? = nil, range: EditorRange,
    selectionRange: EditorRange, children: [EditorDocumentSymbol] = []
  ) {
    self.name = name
    self.kind = kind
    self.detail = detail
    self.range = range
    self.selectionRange = selectionRange
    self.children = children
  }
}

extension EditorModule {
  /// The outline of the file at `path` (LSP `textDocument/documentSymbol`): its types, then
  /// its coordinators, each with its result cases, requests (r3), screens, decisions and
  /// alerts, in file
  /// order, then its shared screens, decisions and alerts (r3), then its links. Empty for a file that did not join the module (a `yaml-syntax` finding).
  package func documentSymbols(in path: String) -> [EditorDocumentSymbol] {
    guard let text = texts[path] else { return [] }
    let file = FileName(path)
    let module = check.module
    func entry(
      _ name: Identifier, _ kind: EditorDocumentSymbol.Kind, _ range: SourceRange,
      detail: String? = nil, children: [EditorDocumentSymbol] = []
    ) -> EditorDocumentSymbol {
      EditorDocumentSymbol(
        name: name.text, kind: kind, detail: detail, range: text.editor(range),
        selectionRange: text.editor(name.range), children: children)
    }
    var symbols: [EditorDocumentSymbol] = []
    for type in module.types where type.range.fileName == file {
      var cases: [EditorDocumentSymbol] = []
      if case .enumeration(let list) = type.kind {
        cases = list.map {
          entry($0.name, .resultCase, $0.name.range, detail: $0.payload.map { "\($0.type)" })
        }
      }
      symbols.append(
        entry(type.name, .type, type.range, detail: Self.describe(type.kind), children: cases))
    }
    for coordinator in module.coordinators where coordinator.range.fileName == file {
      var children: [EditorDocumentSymbol] = []
      if case .inline(let cases, _) = coordinator.result {
        children += cases.map {
          entry($0.name, .resultCase, $0.name.range, detail: $0.payload.map { "\($0.type)" })
        }
      }
      children += coordinator.requests.map {
        entry($0.name, .request, $0.name.range, detail: $0.payload.map { "\($0.type)" })
      }
      // Its own nodes: its copies of shared nodes (r3) are outlined where they are written.
      children += coordinator.screens.filter { $0.copyOf == nil }.map {
        entry($0.name, .screen, $0.range, detail: $0.input.map { "\($0.type)" })
      }
      children += coordinator.decisions.filter { $0.copyOf == nil }.map {
        entry($0.name, .decision, $0.range)
      }
      children += coordinator.alerts.filter { $0.copyOf == nil }.map {
        entry($0.name, .alert, $0.range, detail: $0.input.map { "\($0.type)" })
      }
      children.sort { $0.selectionRange.start < $1.selectionRange.start }
      symbols.append(
        entry(
          coordinator.name, .coordinator, coordinator.range,
          detail: coordinator.input.map { "input \($0.type)" }, children: children))
    }
    // (r3) The shared screens, decisions and alerts written at this file's top level.
    var shared: [EditorDocumentSymbol] = []
    for screen in module.shared.screens where screen.range.fileName == file {
      let detail = "shared" + (screen.input.map { ", \($0.type)" } ?? "")
      shared.append(entry(screen.name, .screen, screen.range, detail: detail))
    }
    for decision in module.shared.decisions where decision.range.fileName == file {
      shared.append(entry(decision.name, .decision, decision.range, detail: "shared"))
    }
    for alert in module.shared.alerts where alert.range.fileName == file {
      let detail = "shared" + (alert.input.map { ", \($0.type)" } ?? "")
      shared.append(entry(alert.name, .alert, alert.range, detail: detail))
    }
    symbols += shared.sorted { $0.selectionRange.start < $1.selectionRange.start }
    for link in module.links where link.range.fileName == file {
      symbols.append(entry(link.name, .link, link.range, detail: link.url?.text))
    }
    return symbols
  }

  /// A type's kind in a word: `external`, `struct`, `enum`.
  static func describe(_ kind: TypeDeclaration.Kind) -> String? {
    switch kind {
    case .external: return "external"
    case .structure: return "struct"
    case .enumeration: return "enum"
    case .invalid: return nil
    }
  }
}
