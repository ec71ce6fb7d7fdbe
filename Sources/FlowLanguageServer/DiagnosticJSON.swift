import FlowCore

/// A finding as an LSP `Diagnostic`: its range in UTF-16 columns, severity, rule id as
/// `code`, `source: "flowc"`, and its notes as `relatedInformation`.
package enum DiagnosticJSON {
  /// `finding` as a diagnostic; `texts` gives the text of any file by path, to count its
  /// UTF-16 columns, and `uri` the URI of a path.
  package static func diagnostic(
    _ finding: Finding, texts: (String) -> SourceText?, uri: (String) -> String
  ) -> JSON {
    var members: [String: JSON] = [
      "range": range(finding.range, texts),
      "severity": .integer(finding.severity == .error ? 1 : 2),
      "code": .string(finding.rule.rawValue),
      "source": .string("flowc"),
      "message": .string(finding.message),
    ]
    if !finding.notes.isEmpty {
      members["relatedInformation"] = .array(
        finding.notes.map { note in
          .object([
            "location": .object([
              "uri": .string(uri(note.range.file)), "range": range(note.range, texts),
            ]),
            "message": .string(note.message),
          ])
        })
    }
    return .object(members)
  }

  private static func range(_ range: SourceRange, _ texts: (String) -> SourceText?) -> JSON {
    if let text = texts(range.file) { return EditorJSON.range(text.editor(range)) }
    // A file whose text is not at hand: columns taken as they are.
    let position = { (position: SourcePosition) -> JSON in
      .object([
        "line": .integer(max(position.line, 1) - 1),
        "character": .integer(max(position.column, 1) - 1),
      ])
    }
    return .object(["start": position(range.start), "end": position(range.end)])
  }
}
