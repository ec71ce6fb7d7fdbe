/// Writes a ``ModuleDiff`` as Markdown for a pull-request comment: a heading that sums it
/// up, then one table row per change.
///
/// ```markdown
/// ### Navigation: 3 changes: 1 added, 1 removed, 1 changed
///
/// | | Element | Name | Was | Is | Where |
/// |---|---|---|---|---|---|
/// | 🟢 added | screen | Main.Settings | | screen | flows/main.flow.yaml:40:7 |
/// ```
///
/// Every cell is text from flow files, so every ASCII punctuation character in it is
/// backslash-escaped (CommonMark reads `\|`, `\<`, `` \` `` as the character itself, and a
/// GitHub table does not split a cell at `\|`), and control characters and line breaks show
/// as their Unicode control pictures: nothing written in a flow file becomes markup, a link
/// or a mention's HTML.
public enum DiffMarkdown {
  /// The Markdown text of `diff`, ending with a newline.
  public static func write(_ diff: ModuleDiff) -> String {
    var out = "### Navigation: \(diff.summary)\n"
    guard !diff.isEmpty else { return out }
    out += "\n| | Element | Name | Was | Is | Where |\n|---|---|---|---|---|---|\n"
    for change in diff.changes {
      let mark: String
      switch change.kind {
      case .added: mark = "🟢 added"
      case .removed: mark = "🔴 removed"
      case .changed: mark = "🟠 changed"
      }
      let place = change.location
      let cells = [
        change.element.rawValue, change.name, change.old ?? "", change.new ?? "",
        "\(place.file):\(place.start.line):\(place.start.column)",
      ]
      out += "| \(mark) | " + cells.map(escaped).joined(separator: " | ") + " |\n"
    }
    return out
  }

  /// `text` for a table cell, read as the text itself.
  package static func escaped(_ text: String) -> String {
    var out = ""
    out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E:
        out.unicodeScalars.append("\\")
        out.unicodeScalars.append(scalar)
      case 0..<0x20: out.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
      case 0x7F: out.unicodeScalars.append("\u{2421}")
      case 0x80..<0xA0, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
        // C1 controls, line and paragraph separators, bidirectional controls.
        out.unicodeScalars.append("\u{FFFD}")
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
