/// Writes a ``ModuleDiff`` for a terminal or a log: one line per change,
/// `FILE:LINE:COLUMN: added screen 'Main.Settings'`, and for a change what it was and is:
/// `…: changed transition 'Main.Home.open': push: Settings → present: Settings`.
///
/// Paths and names come from flow files anyone can write: they are made printable
/// (``TerminalText``), and no line begins with what a CI runner reads as a command.
public enum DiffText {
  /// The lines of `diff`, each ending with a newline; empty when nothing changed.
  public static func write(_ diff: ModuleDiff) -> String {
    var out = ""
    for change in diff.changes {
      let place = change.location
      var line = "\(place.file):\(place.start.line):\(place.start.column): "
      line += "\(change.kind.rawValue) \(change.element.rawValue) '\(change.name)'"
      switch change.kind {
      case .added: line += ": \(change.new ?? "")"
      case .removed: line += ": was \(change.old ?? "")"
      case .changed: line += ": \(change.old ?? "") → \(change.new ?? "")"
      }
      out += TerminalText.lineStart(line) + "\n"
    }
    return out
  }
}
