import FlowCore

/// Turns flowc's positions (1-based lines, columns in Unicode scalars, as libyaml counts)
/// into LSP's (0-based lines, columns in UTF-16 code units) for one file's text.
///
/// Lines end as YAML ends them (`\n`, `\r\n`, `\r`); the line starts are found once, so
/// each conversion costs the length of its own line, however long the file.
package struct LineColumns {
  private let bytes: [UInt8]
  /// The byte offset where each line starts; the first line after a byte order mark.
  private let starts: [Int]

  package init(_ bytes: [UInt8]) {
    self.bytes = bytes
    var starts = [bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0]
    var index = starts[0]
    while index < bytes.count {
      if bytes[index] == 0x0A {
        starts.append(index + 1)
      } else if bytes[index] == 0x0D {
        if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
        starts.append(index + 1)
      }
      index += 1
    }
    self.starts = starts
  }

  /// The LSP position of `position`; a column past the end of its line is the line's end,
  /// a line past the end of the file the file's end.
  package func lspPosition(_ position: SourcePosition) -> JSONValue {
    let line = max(position.line, 1) - 1
    guard line < starts.count else {
      return .object(["line": .int(max(starts.count - 1, 0)), "character": .int(lastLineLength)])
    }
    let wanted = max(position.column, 1) - 1
    let units = walk(line: line) { scalars, _ in scalars < wanted }.units
    return .object(["line": .int(line), "character": .int(units)])
  }

  /// The flowc position of an LSP position (0-based line, UTF-16 column): the inverse of
  /// ``lspPosition(_:)``, for requests that point into a document. A column inside a
  /// surrogate pair or past the line's end is taken to the end of that character or line.
  package func sourcePosition(line: Int, character: Int) -> SourcePosition {
    let line = min(max(line, 0), max(starts.count - 1, 0))
    let scalars = walk(line: line) { _, units in units < character }.scalars
    return SourcePosition(line: line + 1, column: scalars + 1)
  }

  /// Walks line `line` (0-based) from its start, a character at a time, while `going` holds
  /// for the Unicode scalars and UTF-16 code units passed so far and the line has not ended;
  /// a byte that is not UTF-8 counts as one of each. Both conversions count this way.
  private func walk(
    line: Int, while going: (_ scalars: Int, _ units: Int) -> Bool
  ) -> (scalars: Int, units: Int) {
    let start = starts.isEmpty ? 0 : starts[line]
    let end = line + 1 < starts.count ? starts[line + 1] : bytes.count
    var scalars = 0
    var units = 0
    var iterator = bytes[start..<end].makeIterator()
    var decoder = UTF8()
    decoding: while going(scalars, units) {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        if scalar == "\n" || scalar == "\r" { break decoding }
        units += scalar.utf16.count
      case .error:
        units += 1
      case .emptyInput:
        break decoding
      }
      scalars += 1
    }
    return (scalars, units)
  }

  private var lastLineLength: Int {
    guard let start = starts.last else { return 0 }
    return String(decoding: bytes[start...], as: UTF8.self).utf16.count
  }

  /// The LSP range of `range`.
  package func lspRange(_ range: SourceRange) -> JSONValue {
    .object(["start": lspPosition(range.start), "end": lspPosition(range.end)])
  }
}

/// A finding as an LSP `Diagnostic`: its range in UTF-16 columns, severity, rule id as
/// `code`, `source: "flowc"`, and its notes as `relatedInformation`.
package enum DiagnosticJSON {
  /// `finding` as a diagnostic; `columns` gives the columns of any file by path, and `uri`
  /// the URI of a path.
  package static func diagnostic(
    _ finding: Finding, columns: (String) -> LineColumns?, uri: (String) -> String
  ) -> JSONValue {
    var members: [String: JSONValue] = [
      "range": range(finding.range, columns),
      "severity": .int(finding.severity == .error ? 1 : 2),
      "code": .string(finding.rule.rawValue),
      "source": .string("flowc"),
      "message": .string(finding.message),
    ]
    if !finding.notes.isEmpty {
      members["relatedInformation"] = .array(
        finding.notes.map { note in
          .object([
            "location": .object([
              "uri": .string(uri(note.range.file)), "range": range(note.range, columns),
            ]),
            "message": .string(note.message),
          ])
        })
    }
    return .object(members)
  }

  private static func range(_ range: SourceRange, _ columns: (String) -> LineColumns?)
    -> JSONValue
  {
    if let lines = columns(range.file) { return lines.lspRange(range) }
    // A file whose text is not at hand: columns taken as they are.
    let position = { (position: SourcePosition) -> JSONValue in
      .object([
        "line": .int(max(position.line, 1) - 1), "character": .int(max(position.column, 1) - 1),
      ])
    }
    return .object(["start": position(range.start), "end": position(range.end)])
  }
}
