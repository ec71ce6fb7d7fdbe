/// A rule that judges the whole module once it is read: names, references, types, and
/// (in later rules) the navigation graph.
package protocol ModuleRule: Rule {
  /// Adds the rule's findings about `context.module` to `findings`.
  static func check(_ context: ResolvedModule, into findings: inout Findings)
}

/// A rule that reads only the files' outlines (``FileOutline``: names, types, inputs,
/// results, payloads, where each is written; no action). When a module is checked again
/// and no file's outline changed, its findings are the last check's (``Recheck``).
package protocol OutlineRule: ModuleRule {}

/// A rule whose findings about the definitions of a file depend only on that file and the
/// outlines of the others, and land in that file, with perhaps a part that reads more.
/// When a module is checked again and no file's outline changed, only the changed files'
/// definitions are checked again (``Recheck``); the part that reads more always runs.
package protocol DefinitionRule: ModuleRule {
  /// Adds the findings about the definitions written in `scope`'s files.
  static func checkDefinitions(
    _ context: ResolvedModule, in scope: FileScope, into findings: inout Findings)
  /// Adds the findings that read more than one file and the outlines (the graph's paths,
  /// say); nothing by default.
  static func checkBeyondDefinitions(_ context: ResolvedModule, into findings: inout Findings)
}

extension DefinitionRule {
  package static func check(_ context: ResolvedModule, into findings: inout Findings) {
    checkDefinitions(context, in: .all, into: &findings)
    checkBeyondDefinitions(context, into: &findings)
  }

  package static func checkBeyondDefinitions(
    _ context: ResolvedModule, into findings: inout Findings
  ) {}
}

/// The files whose definitions a ``DefinitionRule`` checks: all, or some.
package struct FileScope: Sendable {
  private let files: Set<FileName>?

  /// Every file.
  package static let all = FileScope(files: nil)

  /// Only `files`.
  package static func only(_ files: Set<FileName>) -> FileScope { FileScope(files: files) }

  /// Whether a definition written at `range` is checked.
  package func contains(_ range: SourceRange) -> Bool {
    files?.contains(range.fileName) ?? true
  }
}
