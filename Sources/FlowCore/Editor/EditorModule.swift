/// The language features of an editor, as a pure API over one state of a module: its files
/// as the editor has them (unsaved text included), checked once, with every name indexed
/// once. Each query is a function of a file, a position and this state, and returns plain
/// values that a language server turns into LSP JSON.
///
/// Positions are ``EditorPosition``s (0-based, UTF-16 columns: LSP's default encoding).
/// Building costs one check of the module plus O(names); a query by position costs a binary
/// search plus what it returns.
package struct EditorModule: Sendable {
  /// The check of the files: findings, and the resolved module with its analyses.
  package let check: CheckResult
  /// Every name of the module, by place and by symbol.
  let index: SymbolIndex
  /// Each file's position conversions, by path.
  let texts: [String: SourceText]
  /// The text the editor has of a file whose names come from an earlier text of it (see
  /// ``init(check:liveTexts:)``), by path: what completion reads the cursor's place from.
  let liveTexts: [String: SourceText]

  /// The module of `check`, indexed: a server that already checked the files for their
  /// diagnostics hands the result over rather than checking twice.
  ///
  /// `liveTexts` are the texts the editor has of files that `check` read as they were
  /// before (the last text of each that parsed, while the one the editor has does not):
  /// navigation, the outline and the names completion offers come from `check`, and
  /// completion reads the place of the cursor from the live text.
  package init(check: CheckResult, liveTexts: [SourceFile] = []) {
    self.check = check
    index = SymbolIndex(module: check.module)
    texts = check.sources.mapValues { SourceText($0) }
    var live: [String: SourceText] = [:]
    for file in liveTexts { live[file.path] = SourceText(file) }
    self.liveTexts = live
  }

  /// Checks `files` (path and text, as the editor has them) as one module under
  /// `configuration`, and indexes it.
  package init(files: [SourceFile], configuration: Configuration = Configuration()) {
    let inputs = files.map { FlowInput.source($0) }
    // Text given in memory is never read from disk, so the check cannot fail on I/O.
    let checked = try? Pipeline.check(inputs, configuration: configuration)
    self.init(check: checked ?? Self.emptyCheck())
  }

  private static func emptyCheck() -> CheckResult {
    CheckResult(
      sources: [:], findings: [], resolved: ResolvedModule(module: FlowModule(files: [])),
      generationBlockers: [], fileCount: 0, timing: PhaseTimer(enabled: false))
  }

  /// The resolved module.
  package var resolved: ResolvedModule { check.resolved }

  // MARK: Names at a place

  /// The name at `position` of the file at `path`, with what it stands for and where it is
  /// written; `nil` where no name of the module is written.
  package func symbol(at position: EditorPosition, in path: String) -> (
    symbol: EditorSymbol, range: EditorRange
  )? {
    guard let (occurrence, text) = occurrence(at: position, in: path) else { return nil }
    return (occurrence.symbol, text.editor(occurrence.range))
  }

  func occurrence(at position: EditorPosition, in path: String) -> (Occurrence, SourceText)? {
    guard let text = texts[path],
      let found = index.occurrence(at: text.source(position), in: FileName(path))
    else { return nil }
    return (found, text)
  }

  /// The editor's location of a model range.
  func location(_ range: SourceRange) -> EditorLocation? {
    guard let text = texts[range.file] else { return nil }
    return EditorLocation(path: range.file, range: text.editor(range))
  }

  // MARK: Definition and references

  /// Where the name at `position` is defined (LSP `textDocument/definition`): the first
  /// definition first, then any later duplicates; empty where no name is, or it is defined
  /// nowhere (a builtin type, a misspelt screen).
  package func definition(at position: EditorPosition, in path: String) -> [EditorLocation] {
    guard let (found, _) = occurrence(at: position, in: path) else { return [] }
    return unique(index.definitions(of: found.symbol).map(\.range)).compactMap(location)
  }

  /// Every place the name at `position` is written across the module (LSP
  /// `textDocument/references`), in file order, its definitions included when
  /// `includeDefinitions`.
  package func references(
    at position: EditorPosition, in path: String, includeDefinitions: Bool = true
  ) -> [EditorLocation] {
    guard let (found, _) = occurrence(at: position, in: path) else { return [] }
    let places = index.occurrences(of: found.symbol).filter {
      includeDefinitions || !$0.isDefinition
    }
    return unique(places.map(\.range)).compactMap(location)
  }

  /// `ranges` without repeats, in order: content shared through an alias is written once
  /// but read by every node that names it.
  func unique(_ ranges: [SourceRange]) -> [SourceRange] {
    var seen: Set<SourceRange> = []
    return ranges.filter { seen.insert($0).inserted }
  }
}
