/// A common mistake behind an error of libyaml's, said in words that tell the author what to
/// do and placed where the mistake is: a tab used to indent, a flow collection (`{`, `[`)
/// left open, a `: ` inside a plain value. Built from libyaml's problem and context and the
/// text at their places; `nil` for every other error, which keeps libyaml's words.
struct YAMLMistake {
  /// The short name of the kind of message (`tab-indentation`).
  var name: String
  var message: String
  var range: SourceRange
  var notes: [Note] = []

  init?(
    _ problem: String, at position: SourcePosition, context: String?,
    at contextPosition: SourcePosition, in file: SourceFile
  ) {
    let text = SourceText(file)
    guard let line = text.line(position.line).map({ Array($0.unicodeScalars) }) else {
      return nil
    }
    let column = position.column - 1
    func range(_ columns: Range<Int>, line number: Int) -> SourceRange {
      SourceRange(
        file: file.path, start: SourcePosition(line: number, column: columns.lowerBound + 1),
        end: SourcePosition(line: number, column: columns.upperBound + 1))
    }
    if problem.contains("cannot start any token"), line.indices.contains(column),
      line[column] == "\t"
    {
      let indents = line[..<column].allSatisfy { $0 == " " || $0 == "\t" }
      name = indents ? "tab-indentation" : "tab"
      message =
        indents
        ? "a tab indents this line, and YAML indents with spaces only: replace it with spaces"
        : "a tab cannot separate a value here: YAML separates with spaces; replace it with a "
          + "space"
      self.range = range(column..<(column + 1), line: position.line)
      return
    }
    if let context, context.hasPrefix("while parsing a flow "),
      problem.hasPrefix("did not find expected"), contextPosition.line < position.line
    {
      let isMapping = context.hasSuffix("mapping")
      let (open, close) = isMapping ? ("{", "}") : ("[", "]")
      name = isMapping ? "unclosed-flow-mapping" : "unclosed-flow-sequence"
      message =
        "this '\(open)' is not closed: the \(isMapping ? "mapping" : "list") it opens on line "
        + "\(contextPosition.line) runs on to line \(position.line); add '\(close)' where it ends"
      let openColumn = contextPosition.column - 1
      self.range = range(openColumn..<(openColumn + 1), line: contextPosition.line)
      notes = [
        Note(
          "YAML found no '\(close)' before this line",
          at: SourceRange(file: file.path, start: position, end: position))
      ]
      return
    }
    if problem == "did not find expected key", context == "while parsing a block mapping",
      let levels = Self.misindented(line: position.line, column: column, in: text)
    {
      name = "indentation"
      let spaces = column == 1 ? "1 space" : "\(column) spaces"
      let ways = levels.map { "\($0.indent) spaces, beside '\($0.key)'" }
      message =
        "this line is indented \(spaces), which lines up with no key above it: indent it "
        + ways.joined(separator: ", or ")
      let keyEnd = line[column...].firstIndex { $0 == ":" } ?? line.count
      self.range = range(column..<max(keyEnd, column + 1), line: position.line)
      return
    }
    if problem.hasPrefix("mapping values are not allowed"),
      let value = Self.plainValue(in: line, before: column)
    {
      let written = String(String.UnicodeScalarView(line[value]))
      name = "colon-in-value"
      message =
        "the value '\(written)' has ': ' in it, which YAML reads as the start of a mapping: "
        + "quote the value (\(YAMLScalar.doubleQuoted(written)))"
      self.range = range(value, line: position.line)
      return
    }
    return nil
  }

  /// The keys above line `number`, indented at `column`, that it could line up with: the
  /// nearest one indented more (it would join that key's mapping) and the nearest indented
  /// less (it would be a key beside it), each with its indentation; `nil` when the line does
  /// not begin at `column` or no key above is indented otherwise.
  private static func misindented(line number: Int, column: Int, in text: SourceText)
    -> [(indent: Int, key: String)]?
  {
    guard let line = text.line(number).map({ Array($0.unicodeScalars) }),
      line.prefix(column).allSatisfy({ $0 == " " }), line.count > column, line[column] != " "
    else { return nil }
    // The lines above that open a level, nearest first, each indented less than the one
    // before it.
    var levels: [(indent: Int, key: String)] = []
    var limit = Int.max
    var above = number - 1
    while above >= 1, limit > 0 {
      defer { above -= 1 }
      guard let scalars = text.line(above).map({ Array($0.unicodeScalars) }),
        let first = scalars.firstIndex(where: { $0 != " " }), scalars[first] != "#",
        first < limit
      else { continue }
      limit = first
      let rest = scalars[first...]
      let keyEnd = rest.firstIndex { $0 == ":" } ?? rest.endIndex
      let key = String(String.UnicodeScalarView(rest[first..<keyEnd].prefix(40)))
      levels.append((first, key))
    }
    let deeper = levels.filter { $0.indent > column }.min { $0.indent < $1.indent }
    let shallower = levels.first { $0.indent < column }
    let ways = [deeper, shallower].compactMap { $0 }
    return ways.isEmpty ? nil : ways
  }

  /// The plain value that the `:` at `column` is inside: from after the `: ` of its key, or
  /// the `- ` of its list item, to the end of the line or a comment; `nil` when the line does
  /// not read so (a value that is quoted or a collection).
  private static func plainValue(in line: [Unicode.Scalar], before column: Int)
    -> Range<Int>?
  {
    var start: Int?
    var index = 0
    while index < column {
      if line[index] == ":", index + 1 < line.count, line[index + 1] == " " {
        start = index + 2
        break
      }
      index += 1
    }
    if start == nil {
      let trimmed = line.firstIndex { $0 != " " } ?? 0
      if trimmed + 1 < line.count, line[trimmed] == "-", line[trimmed + 1] == " " {
        start = trimmed + 2
      }
    }
    guard var first = start else { return nil }
    while first < line.count, line[first] == " " { first += 1 }
    guard first < column, !["\"", "'", "{", "[", "|", ">"].contains(line[first]) else {
      return nil
    }
    var end = line.count
    for index in first..<line.count where line[index] == "#" && index > 0 && line[index - 1] == " "
    {
      end = index
      break
    }
    while end > first, line[end - 1] == " " { end -= 1 }
    return first..<end
  }
}
