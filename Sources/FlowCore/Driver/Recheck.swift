/// What the other files of a module can see of a flow file: every definition as written,
/// with where its name and each of its parts are written, but of the events, cases,
/// buttons and external events only their names, payloads and docs (not where they lead,
/// nor where they are written), and not where a definition ends.
///
/// Most edits change where an event leads: a `push:` retargeted, a screen's name misspelt
/// after `push:`, which also moves whatever follows on its line. They leave every outline
/// as it was; then the findings of an ``OutlineRule`` cannot change, and those of a
/// ``DefinitionRule`` can change only in the edited files. No rule reads another file's
/// actions, or places a finding or note at another file's events: the rules that read the
/// graph's paths run in full on every check, and `lint: ignore` spans are worked out after
/// the rules, from the files as they are.
///
/// Two outlines compare as the definitions do (every field, by synthesized equality), so
/// whatever a later field adds to a definition is in its outline without a line here.
package struct FileOutline: Equatable {
  private let file: FlowFile

  package init(_ file: FlowFile) {
    var file = file
    let nowhere = SourceRange(
      file: FileName(file.path), start: SourcePosition(line: 1, column: 1),
      end: SourcePosition(line: 1, column: 1))
    func outline(_ transitions: [Transition]) -> [Transition] {
      transitions.map { transition in
        Transition(
          name: Identifier(transition.name.text, at: nowhere),
          payload: transition.payload.map { payload in
            TypeReference(
              payload.type, at: nowhere,
              names: payload.names.map { Identifier($0.text, at: nowhere) })
          }, doc: transition.doc, action: Action(.stay, at: nowhere))
      }
    }
    for link in file.links.indices { file.links[link].range = file.links[link].name.range }
    for index in file.coordinators.indices {
      var coordinator = file.coordinators[index]
      coordinator.range = coordinator.name.range
      coordinator.events = outline(coordinator.events)
      for screen in coordinator.screens.indices {
        coordinator.screens[screen].range = coordinator.screens[screen].name.range
        coordinator.screens[screen].events = outline(coordinator.screens[screen].events)
      }
      for decision in coordinator.decisions.indices {
        coordinator.decisions[decision].range = coordinator.decisions[decision].name.range
        coordinator.decisions[decision].cases = outline(coordinator.decisions[decision].cases)
      }
      for alert in coordinator.alerts.indices {
        coordinator.alerts[alert].range = coordinator.alerts[alert].name.range
        coordinator.alerts[alert].buttons = outline(coordinator.alerts[alert].buttons)
      }
      file.coordinators[index] = coordinator
    }
    self.file = file
  }
}

/// Checks one module again and again as its files change, taking from the previous check
/// what a change cannot have changed: the language server's check after each edit.
///
/// When the same files make the module as last time and no file's outline (``FileOutline``)
/// changed, the findings of every ``OutlineRule`` are the previous check's, and a
/// ``DefinitionRule`` checks again only the definitions of the files that changed. Anything
/// else (a file added, removed, or no longer read, a name, type or payload edited, another
/// `children`) checks the whole module. The graph is analysed and every other rule runs in
/// full either way. Whatever is reused, the result is the one ``Pipeline/check(parsed:configuration:)``
/// gives for the same files.
package struct Recheck {
  /// The previous check's files, in path order, and what its rules found.
  private var previous: (files: [ParsedFile], children: ChildRemoval, found: RuleFindings)?
  /// The files whose definitions the last check checked again, taking the rest from the
  /// check before; `nil` when it checked the whole module.
  package private(set) var checkedAgain: Set<FileName>?

  package init() {}

  /// Checks `files` (already parsed, in any order) as one module.
  package mutating func check(
    parsed files: [ParsedFile], configuration: Configuration
  ) -> CheckResult {
    let files = files.sorted { $0.path < $1.path }
    var reuse: RuleReuse?
    if let previous, previous.children == configuration.children,
      let changed = Self.changedFiles(from: previous.files, to: files)
    {
      reuse = RuleReuse(found: previous.found, changed: changed)
    }
    checkedAgain = reuse?.changed
    let (result, found) = Pipeline.check(
      parsed: files, configuration: configuration, reusing: reuse)
    previous = (files, configuration.children, found)
    return result
  }

  /// The files whose definitions changed, when the same files are read and joined as before
  /// and none's outline changed; `nil` otherwise.
  private static func changedFiles(from old: [ParsedFile], to new: [ParsedFile])
    -> Set<FileName>?
  {
    guard old.count == new.count else { return nil }
    var changed: Set<FileName> = []
    for (before, after) in zip(old, new) {
      guard before.path == after.path, (before.error == nil) == (after.error == nil) else {
        return nil
      }
      switch (before.file, after.file) {
      case (nil, nil):
        continue
      case (let before?, let after?):
        // An unchanged file is the same value, whose arrays compare by identity at once.
        guard before != after else { continue }
        guard FileOutline(before) == FileOutline(after) else { return nil }
        changed.insert(FileName(after.path))
      default:
        return nil
      }
    }
    // (r3) Which shared nodes each coordinator copies depends on every file's actions, and
    // what is found in a copy is placed in the file of the shared node: with shared nodes in
    // the module, a change checks everything again.
    if !changed.isEmpty, new.contains(where: { !($0.file?.shared.isEmpty ?? true) }) {
      return nil
    }
    return changed
  }
}

/// What each reusable rule found in one check, for the next (``Recheck``).
package struct RuleFindings: Sendable {
  /// The findings of each ``OutlineRule`` that ran.
  var outlineRules: [RuleID: [Finding]] = [:]
  /// The findings of each ``DefinitionRule``'s ``DefinitionRule/checkDefinitions(_:in:into:)``
  /// that ran, by the file they are placed in, each file's in the order they were found.
  var definitionRules: [RuleID: [FileName: [Finding]]] = [:]
}

/// What a check may take from the previous one (``Recheck``): what its rules found, and the
/// files changed since, none of whose outlines changed.
struct RuleReuse {
  var found: RuleFindings
  var changed: Set<FileName>
}
