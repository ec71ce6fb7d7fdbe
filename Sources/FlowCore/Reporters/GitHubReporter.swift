/// Writes findings as GitHub Actions workflow commands, which the Actions runner turns
/// into annotations on the pull request: `::error file=…,line=…,col=…,title=RULE::MESSAGE`.
///
/// Each finding is one line that begins with the command, whatever the flow says: paths and
/// messages are made printable by ``TerminalText`` (so that no control character of theirs
/// reaches the log), then escaped as the runner decodes them (`%`, `\r`, `\n`, and in
/// properties `:` and `,` too), so that a line break of theirs cannot end the command. No excerpt is written, so no flow line can
/// begin a line of the log.
public enum GitHubReporter: Reporter {
  public static let name = "github"
  public static let help = "GitHub Actions annotations"

  public static func render(_ report: Report) -> String {
    render(report.findings)
  }

  /// One command per finding, notes folded into the message.
  public static func render(_ findings: [Finding]) -> String {
    var output = ""
    for finding in findings {
      let properties = [
        "file=" + escapeProperty(printable(finding.file)),
        "line=\(finding.line)",
        "col=\(finding.column)",
        "endLine=\(finding.range.end.line)",
        "endColumn=\(finding.range.end.column)",
        "title=" + escapeProperty(finding.rule.rawValue),
      ]
      // Outside text is made printable before the command's own escaping, which then
      // turns its line breaks, and those between the notes, into %0D and %0A: the runner
      // shows them as line breaks in the annotation, and none can end the command.
      var message = printable(finding.message)
      for note in finding.notes {
        message +=
          "\n\(printable(note.range.file)):\(note.range.start.line):"
          + "\(note.range.start.column): note: \(printable(note.message))"
      }
      output += "::\(finding.severity.rawValue) \(properties.joined(separator: ","))::"
      output += escapeData(message) + "\n"
    }
    return output
  }

  /// Outside text without controls, its line breaks left for ``escapeData(_:)``.
  private static func printable(_ text: String) -> String {
    TerminalText.printable(text, keeping: .lineBreaks)
  }

  /// The escaping of a command's message.
  static func escapeData(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "%": result += "%25"
      case "\r": result += "%0D"
      case "\n": result += "%0A"
      case "\r\n": result += "%0D%0A"
      default: result.append(character)
      }
    }
    return result
  }

  /// The escaping of a command's property value.
  static func escapeProperty(_ text: String) -> String {
    var result = ""
    for character in escapeData(text) {
      switch character {
      case ":": result += "%3A"
      case ",": result += "%2C"
      default: result.append(character)
      }
    }
    return result
  }
}
