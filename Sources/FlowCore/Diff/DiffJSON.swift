/// Writes a ``ModuleDiff`` as JSON for other tools; keys sorted, indented by two spaces.
///
/// ```json
/// {"changes":[{"change":"added","element":"screen","location":{"column":7,
///   "file":"flows/main.flow.yaml","line":40},"name":"Main.Settings",
///   "new":"screen","old":null,"path":["Main","Settings"]}],
///  "summary":{"added":1,"changed":0,"removed":0},"version":1}
/// ```
///
/// `old` is `null` for an added element, `new` for a removed one; `location` is in the old
/// module's files for a removed element, in the new module's otherwise.
public enum DiffJSON {
  /// The JSON text of `diff`, ending with a newline.
  public static func write(_ diff: ModuleDiff) -> String {
    let changes = diff.changes.map { change in
      JSON.object([
        "change": .string(change.kind.rawValue),
        "element": .string(change.element.rawValue),
        "name": .string(change.name),
        "path": .array(change.path.map(JSON.string)),
        "old": change.old.map(JSON.string) ?? .null,
        "new": change.new.map(JSON.string) ?? .null,
        "location": .object([
          "file": .string(change.location.file),
          "line": .integer(change.location.start.line),
          "column": .integer(change.location.start.column),
        ]),
      ])
    }
    var summary: [String: JSON] = [:]
    for kind in DiffChange.Kind.allCases { summary[kind.rawValue] = .integer(diff.count(kind)) }
    return JSON.object([
      "version": .integer(1),
      "changes": .array(changes),
      "summary": .object(summary),
    ]).pretty
  }
}
