/// Writes findings the way compilers do, so that editors and CI turn them into links:
/// `FILE:LINE:COLUMN: SEVERITY: MESSAGE [RULE-ID]`, then the source line with a caret
/// under the place, then the notes, all indented.
public struct TextReporter: Reporter {
  public static let name = "text"
  public static let help = "FILE:LINE:COLUMN: SEVERITY: MESSAGE [RULE-ID] lines"

  public static func render(_ report: Report) -> String {
    TextReporter(colored: report.colored, sources: report.sources).render(report.findings)
  }

  /// Whether to colour the output with ANSI escapes.
  public var colored: Bool
  /// The files, by path, to take excerpts from.
  public var sources: [String: SourceFile]

  public init(colored: Bool, sources: [String: SourceFile]) {
    self.colored = colored
    self.sources = sources
  }

  /// Lines longer than this, in characters, are not excerpted.
  static let maxExcerptLength = 240

  /// Lines longer than this, in bytes, are not excerpted either: a line is measured
  /// without reading more than this much of it, so that excerpting many findings of one
  /// huge line stays linear.
  static let maxExcerptBytes = 4 * maxExcerptLength

  /// The report of `findings`, one block per finding. Linear in the findings and the
  /// lines excerpted: each file's lines are indexed once, and each excerpt is bounded.
  ///
  /// Paths, messages and excerpts are outside text: they are escaped by
  /// ``TerminalText`` so that they print as text and no line reads as a CI command.
  public func render(_ findings: [Finding]) -> String {
    var output = ""
    var excerpts = Excerpts(sources: sources)
    for finding in findings {
      let location =
        "\(TerminalText.lineStart(finding.file)):\(finding.line):\(finding.column):"
      let severity = finding.severity.rawValue + ":"
      output += style(location, .bold) + " "
      output += style(severity, finding.severity == .error ? .red : .magenta) + " "
      output += style(TerminalText.printable(finding.message), .bold) + " [\(finding.rule)]\n"
      output += excerpt(of: finding.range, from: &excerpts)
      for note in finding.notes {
        let noteLocation =
          "\(TerminalText.lineStart(note.range.file)):\(note.range.start.line):"
          + "\(note.range.start.column):"
        output += "    " + style(noteLocation, .bold) + " " + style("note:", .cyan)
        output += " \(TerminalText.printable(note.message))\n"
      }
    }
    return output
  }

  /// The source line of `range`, escaped, and a caret line under it that lines up with the
  /// escaped text, indented by four spaces; empty when the line is not quoted.
  private func excerpt(of range: SourceRange, from excerpts: inout Excerpts) -> String {
    guard let line = excerpts.line(range.start.line, of: range.file) else { return "" }
    let length = line.originalCount
    let start = line.offset(of: min(max(range.start.column - 1, 0), length))
    // Blanks as wide as the text before the place; its tabs kept, so that it lines up.
    let before = line.text.unicodeScalars.prefix(start)
    var marker = String(repeating: " ", count: start)
    if before.contains("\t") {
      marker = String(String.UnicodeScalarView(before.map { $0 == "\t" ? "\t" : " " }))
    }
    var width = 1
    if range.end.line == range.start.line, range.end.column > range.start.column {
      width = max(1, line.offset(of: min(range.end.column - 1, length)) - start)
    }
    marker += style("^" + String(repeating: "~", count: width - 1), .green)
    return "    \(line.text)\n    \(marker)\n"
  }

  /// The lines findings quote, escaped: each file indexed once, and the last line kept,
  /// since findings come in file order and many can share a line.
  private struct Excerpts {
    let sources: [String: SourceFile]
    var texts: [String: SourceText] = [:]
    var last: (file: String, line: Int, text: TerminalText.Escaped?)?

    init(sources: [String: SourceFile]) {
      self.sources = sources
    }

    /// Line `number` of `file`, escaped for the start of an output line, or `nil` when it
    /// is not quoted: past the end, blank, or too long.
    mutating func line(_ number: Int, of file: String) -> TerminalText.Escaped? {
      if let last, last.file == file, last.line == number { return last.text }
      guard let source = sources[file] else { return nil }
      let index = texts[file] ?? SourceText(source)
      texts[file] = index
      var text: TerminalText.Escaped?
      if let range = index.bytes(ofLine: number), range.count <= TextReporter.maxExcerptBytes {
        let bytes = source.bytes[range]
        let line = String(decoding: bytes, as: UTF8.self)
        // An ASCII line's characters are its bytes, and its blanks are ASCII's: no need for
        // Unicode's grapheme breaks and properties.
        let isASCII = bytes.allSatisfy { $0 < 0x80 }
        let length = isASCII ? bytes.count : line.count
        let isBlank =
          isASCII
          ? bytes.allSatisfy { $0 == 0x20 || (0x09...0x0D).contains($0) }
          : line.allSatisfy(\.isWhitespace)
        if length <= TextReporter.maxExcerptLength, !isBlank {
          text = TerminalText.escaped(line, startsLine: true, keeping: .tabs, offsets: true)
        }
      }
      last = (file, number, text)
      return text
    }
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
