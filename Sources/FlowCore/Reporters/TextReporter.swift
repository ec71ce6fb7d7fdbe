/// Writes findings the way compilers do, so that editors and CI turn them into links:
/// `FILE:LINE:COLUMN: SEVERITY: MESSAGE [RULE-ID]`, then the source line with a caret
/// under the place, then the notes, all indented.
public struct TextReporter {
  /// Whether to colour the output with ANSI escapes.
  public var colored: Bool
  /// The files, by path, to take excerpts from.
  public var sources: [String: SourceFile]

  public init(colored: Bool, sources: [String: SourceFile]) {
    self.colored = colored
    self.sources = sources
  }

  /// Lines longer than this are not excerpted.
  static let maxExcerptLength = 240

  /// The report of `findings`, one block per finding.
  public func render(_ findings: [Finding]) -> String {
    var output = ""
    for finding in findings {
      let location = "\(finding.file):\(finding.line):\(finding.column):"
      let severity = finding.severity.rawValue + ":"
      output += style(location, .bold) + " "
      output += style(severity, finding.severity == .error ? .red : .magenta) + " "
      output += style(finding.message, .bold) + " [\(finding.rule)]\n"
      output += excerpt(of: finding.range)
      for note in finding.notes {
        let noteLocation = "\(note.range.file):\(note.range.start.line):\(note.range.start.column):"
        output += "    " + style(noteLocation, .bold) + " " + style("note:", .cyan)
        output += " \(note.message)\n"
      }
    }
    return output
  }

  /// The source line of `range` and a caret line under it, indented by four spaces.
  func excerpt(of range: SourceRange) -> String {
    guard let source = sources[range.file], let line = source.line(range.start.line),
      line.count <= Self.maxExcerptLength, !line.allSatisfy(\.isWhitespace)
    else { return "" }
    var marker = ""
    for (offset, character) in line.unicodeScalars.enumerated() {
      guard offset < range.start.column - 1 else { break }
      marker.unicodeScalars.append(character == "\t" ? "\t" : " ")
    }
    let lineLength = line.unicodeScalars.count
    let width =
      range.end.line == range.start.line
      ? min(range.end.column, lineLength + 1) - range.start.column : 1
    marker += style("^" + String(repeating: "~", count: max(0, width - 1)), .green)
    return "    \(line)\n    \(marker)\n"
  }

  private enum Style: String {
    case bold = "1"
    case red = "1;31"
    case magenta = "1;35"
    case green = "1;32"
    case cyan = "1;36"
  }

  private func style(_ text: String, _ style: Style) -> String {
    colored ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
  }
}
