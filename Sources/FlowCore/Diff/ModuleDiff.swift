/// What changed in the navigation between two modules (`flowc diff`): the coordinators,
/// screens, decisions, alerts, transitions, result cases, requests (r3), external events and
/// deep links
/// added, removed and changed, each once, with its place. A change in a shared screen (r3)
/// is listed once, under the shared screen, not once per coordinator that shows it.
///
/// Elements are matched by name, never by position, so moving a definition to another line
/// or file changes nothing. What an added or removed element holds (the screens of an added
/// coordinator, the events of a removed screen) goes with it and is not listed again; the
/// drawing still marks every part of it.
///
/// Building it is one pass over each module with hash lookups: linear in their sizes.
public struct ModuleDiff: Sendable {
  /// The changes, in the new module's order (added and changed), then the removed ones in
  /// the old module's order.
  public private(set) var changes: [DiffChange] = []
  /// How each element of the new module that is not as it was is marked, by the places a
  /// drawing knows it by; what is not here is unchanged.
  package private(set) var newMarks: [DiffPlace: FlowDiagram.Emphasis] = [:]
  /// The places, in the old module, of every element that is gone, parts of removed
  /// elements included.
  package private(set) var removedPlaces: Set<DiffPlace> = []

  /// Compares `old` with `new`.
  public init(old: FlowGraph, new: FlowGraph) {
    let before = DiffElements(old).elements
    let after = DiffElements(new).elements
    var oldByKey: [DiffKey: Int] = [:]
    oldByKey.reserveCapacity(before.count)
    for (index, element) in before.enumerated() { oldByKey[element.key] = index }
    var newKeys: Set<DiffKey> = []
    newKeys.reserveCapacity(after.count)
    for element in after { newKeys.insert(element.key) }

    for element in after {
      guard let index = oldByKey[element.key] else {
        mark(element, .added)
        // Listed only where what holds it was there before; else it is part of that.
        if element.parent.map({ oldByKey[$0] != nil }) ?? true {
          changes.append(DiffChange(.added, element, old: nil))
        }
        continue
      }
      let previous = before[index]
      guard previous.detail != element.detail else { continue }
      mark(element, .changed)
      changes.append(DiffChange(.changed, element, old: previous))
    }
    for element in before where !newKeys.contains(element.key) {
      for place in element.places { removedPlaces.insert(DiffPlace(place)) }
      if element.parent.map({ newKeys.contains($0) }) ?? true {
        changes.append(DiffChange(.removed, element, old: element))
      }
    }
  }

  private mutating func mark(_ element: DiffElement, _ emphasis: FlowDiagram.Emphasis) {
    for place in element.places { newMarks[DiffPlace(place)] = emphasis }
  }

  /// Whether the two modules have the same navigation.
  public var isEmpty: Bool { changes.isEmpty }

  /// How many changes are of `kind`.
  public func count(_ kind: DiffChange.Kind) -> Int {
    changes.reduce(0) { $0 + ($1.kind == kind ? 1 : 0) }
  }

  /// `3 changes: 1 added, 1 removed, 1 changed`, or `no changes`.
  public var summary: String {
    guard !changes.isEmpty else { return "no changes" }
    let counts = DiffChange.Kind.allCases.compactMap { kind in
      let count = count(kind)
      return count == 0 ? nil : "\(count) \(kind.rawValue)"
    }
    let noun = changes.count == 1 ? "change" : "changes"
    return "\(changes.count) \(noun): " + counts.joined(separator: ", ")
  }
}

/// One element of the navigation added, removed or changed.
public struct DiffChange: Sendable {
  /// What happened to it.
  public enum Kind: String, Sendable, CaseIterable {
    /// Only in the new module.
    case added
    /// Only in the old module.
    case removed
    /// In both, described differently.
    case changed
  }

  /// What kind of element it is.
  public enum Element: String, Sendable, CaseIterable {
    case coordinator
    case screen
    case decision
    case alert
    /// An event's, decision case's, alert button's or child result handler's action.
    case transition
    /// A result case of a coordinator.
    case result
    /// (r3) A request of a coordinator (spec section 13.3); the parents' handlers of it are
    /// transitions, as the handlers of result cases are.
    case request
    /// An external event of a coordinator (r2).
    case event
    /// A deep link (spec section 12), keyed by its name: its path is that name alone.
    case link
  }

  /// What happened.
  public var kind: Kind
  /// What it is: for a changed screen, decision or alert, what it is now.
  public var element: Element
  /// The names that lead to it from its coordinator's (the coordinator's first; a link's
  /// name alone for a link):
  /// `["Auth", "Login", "submitted"]` for the event `submitted` of screen `Login`, then the
  /// handled cases of a child's results; `tabs` and the child's name before a tab's handler.
  /// A shared screen, decision or alert (r3) and what it holds are listed once, whichever
  /// coordinators show it, under `shared` (no coordinator's name, UpperCamelCase, can be
  /// that): `["shared", "Profile", "openThread"]`.
  public var path: [String]
  /// (r3) Whether it is a shared screen, decision or alert, or part of one.
  public var isShared: Bool
  /// What it was, in a few words (`push: Settings`); `nil` when added.
  public var old: String?
  /// What it is, in a few words; `nil` when removed.
  public var new: String?
  /// Where it is: in the old module when removed, in the new one otherwise.
  public var location: SourceRange

  /// The path, joined by dots: `Auth.Login.submitted`.
  public var name: String { path.joined(separator: ".") }

  /// The coordinator it is in (or is); empty for a link or a shared node (r3), which are in
  /// none.
  public var coordinator: String { element == .link || isShared ? "" : path.first ?? "" }

  init(_ kind: Kind, _ element: DiffElement, old: DiffElement?) {
    self.kind = kind
    self.element = element.element
    path = element.path
    isShared = element.isShared
    self.old = old?.detail
    new = kind == .removed ? nil : element.detail
    location = element.location
  }
}

/// Where a drawn element stands: a file, line and column.
package struct DiffPlace: Hashable, Sendable {
  var file: FileName
  var position: SourcePosition

  init(_ range: SourceRange) {
    file = range.fileName
    position = range.start
  }
}
