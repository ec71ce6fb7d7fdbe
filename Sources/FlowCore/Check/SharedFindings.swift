/// Findings placed in content that several definitions share through an anchor (a merge
/// key or a plain alias), made one (spec section 8, "Where findings go").
///
/// Shared content is written once, at the anchor, and checked in every definition that
/// reads it: what is wrong there is found once per definition, at the same place. Those
/// findings become one, whose message names every definition it was found in. Where the
/// message already names one (`'pop' on screen 'A' …`), that name becomes the list
/// (`'pop' on screens 'A' and 'B' …`); otherwise the list ends the message
/// (`… (in screens 'A' and 'B')`). A finding found only in the definition where its place
/// is written is left as it is.
///
/// Which definitions a finding was found in comes from the decoder's record of who reads
/// what (``SharedUse``) and the definition the place is written in, narrowed by the message:
/// to the definitions it names, or else to those of the coordinator it places itself in
/// (`… in coordinator 'App'`: a screen of another coordinator may read the same content
/// and not have the problem). A message that says neither was found in every reader when
/// they are all of one coordinator, or when it was found once per reader; otherwise who
/// found it is not known, and the message is left as it is.
struct SharedFindings {
  /// One shared piece of content and who reads it.
  private struct Span {
    var range: SourceRange
    var users: [DefinitionName]
    /// The innermost span that contains this one.
    var parent: Int?
  }

  /// The shared content of each file, sorted by start, outer spans first. Spans are nodes
  /// of one YAML tree (or entries of them), so two are nested or apart.
  private var spans: [FileName: [Span]] = [:]
  /// The screens, decisions and types of each file with shared content, then its
  /// coordinators, each list sorted by start: the definitions a place can be written in.
  private var definitions: [FileName: [[Definition]]] = [:]

  /// A definition and its range, from its name to the end of its body.
  private struct Definition {
    var name: DefinitionName
    var range: SourceRange
  }

  /// The most definitions a message names; more are counted.
  private static let namedLimit = 10

  init(module: FlowModule) {
    guard !module.sharedUses.isEmpty else { return }
    var byRange: [SourceRange: Int] = [:]
    var all: [Span] = []
    for use in module.sharedUses {
      if let index = byRange[use.content] {
        if all[index].users.last != use.user { all[index].users.append(use.user) }
      } else {
        byRange[use.content] = all.count
        all.append(Span(range: use.content, users: [use.user]))
      }
    }
    for span in all { spans[span.range.fileName, default: []].append(span) }
    for (file, list) in spans {
      var sorted = list.sorted {
        $0.range.start != $1.range.start
          ? $0.range.start < $1.range.start : $1.range.end < $0.range.end
      }
      var open: [Int] = []
      for index in sorted.indices {
        while let last = open.last, !(sorted[index].range.start < sorted[last].range.end) {
          open.removeLast()
        }
        sorted[index].parent = open.last
        open.append(index)
      }
      spans[file] = sorted
    }
    var leaves: [FileName: [Definition]] = [:]
    var outers: [FileName: [Definition]] = [:]
    for coordinator in module.coordinators where spans[coordinator.range.fileName] != nil {
      let file = coordinator.range.fileName
      let owner = coordinator.name.text
      outers[file, default: []].append(
        Definition(
          name: DefinitionName(kind: .coordinator, name: coordinator.name, coordinator: owner),
          range: coordinator.range))
      func leaf(_ kind: DefinitionName.Kind, _ name: Identifier, _ range: SourceRange) {
        leaves[file, default: []].append(
          Definition(name: DefinitionName(kind: kind, name: name, coordinator: owner), range: range)
        )
      }
      for screen in coordinator.screens { leaf(.screen, screen.name, screen.range) }
      for decision in coordinator.decisions { leaf(.decision, decision.name, decision.range) }
      for alert in coordinator.alerts { leaf(.alert, alert.name, alert.range) }
    }
    for type in module.types where spans[type.range.fileName] != nil {
      leaves[type.range.fileName, default: []].append(
        Definition(
          name: DefinitionName(kind: .type, name: type.name, coordinator: nil), range: type.range))
    }
    for file in spans.keys {
      definitions[file] = [leaves[file] ?? [], outers[file] ?? []].map { list in
        list.sorted { $0.range.start < $1.range.start }
      }
    }
  }

  /// `findings` with those at one shared place made one, in the order of the first of each:
  /// O(findings + shared places × their readers).
  func apply(to findings: [Finding]) -> [Finding] {
    guard !spans.isEmpty else { return findings }
    struct Place: Hashable {
      var rule: RuleID
      var range: SourceRange
    }
    var groups: [Place: [Int]] = [:]
    var order: [Place] = []
    var kept: [Finding?] = findings.map { $0 }
    for (index, finding) in findings.enumerated()
    where innermostSpan(containing: finding.range) != nil {
      let place = Place(rule: finding.rule, range: finding.range)
      if groups[place] == nil { order.append(place) }
      groups[place, default: []].append(index)
    }
    // The readers of a place depend only on its innermost span and the definition it is
    // written in: worked out once for each, however many places they hold.
    var cache: [ReadersKey: Readers] = [:]
    for place in order {
      guard let members = groups[place],
        let (list, innermost) = innermostSpan(containing: place.range)
      else { continue }
      let writer = writer(of: place.range)
      let key = ReadersKey(file: place.range.fileName, span: innermost, writer: writer)
      let readers = cache[key] ?? Readers(writer: writer, spans: list, innermost: innermost)
      cache[key] = readers
      // The merged findings take the places of the first members; the rest are dropped.
      let merged = merge(members.map { findings[$0] }, readers: readers)
      for (offset, index) in members.enumerated() {
        kept[index] = offset < merged.count ? merged[offset] : nil
      }
    }
    return kept.compactMap { $0 }
  }

  /// The innermost shared span that contains the start of `range`.
  private func innermostSpan(containing range: SourceRange) -> (list: [Span], index: Int)? {
    guard let list = spans[range.fileName] else { return nil }
    var candidate = list.lastIndex(startingAtOrBefore: range.start) { $0.range.start }
    while let index = candidate, !list[index].range.contains(range) {
      candidate = list[index].parent
    }
    return candidate.map { (list, $0) }
  }

  /// The definition that the start of `range` is written in, innermost.
  private func writer(of range: SourceRange) -> DefinitionName? {
    for list in definitions[range.fileName] ?? [] {
      if let index = list.lastIndex(startingAtOrBefore: range.start, start: { $0.range.start }),
        list[index].range.contains(range)
      {
        return list[index].name
      }
    }
    return nil
  }

  private struct ReadersKey: Hashable {
    var file: FileName
    var span: Int
    var writer: DefinitionName?
  }

  /// The definitions that read the content at a place: the one it is written in, then
  /// every one that reads it through an alias or merge key, in this span or one around it.
  private struct Readers {
    var writer: DefinitionName?
    var all: [DefinitionName] = []
    /// The readers by their `kind 'name'`, as messages name them.
    var byName: [String: [DefinitionName]] = [:]
    /// The coordinators of the readers.
    var coordinators: Set<String> = []

    init(writer: DefinitionName?, spans: [Span], innermost: Int) {
      self.writer = writer
      var seen: Set<DefinitionName> = []
      if let writer {
        all.append(writer)
        seen.insert(writer)
      }
      var index: Int? = innermost
      while let current = index {
        for user in spans[current].users where seen.insert(user).inserted { all.append(user) }
        index = spans[current].parent
      }
      for reader in all {
        byName["\(reader.kind.rawValue) '\(reader.name.text)'", default: []].append(reader)
        if let coordinator = reader.coordinator { coordinators.insert(coordinator) }
      }
    }
  }

  /// The findings of one rule at one shared place, made one per distinct message.
  private func merge(_ group: [Finding], readers: Readers) -> [Finding] {
    let byName = readers.byName
    let coordinatorNames = readers.coordinators
    let writer = readers.writer
    /// What the findings of one message say about where they were found.
    struct Found {
      var finding: Finding
      /// Readers the messages name.
      var named: [DefinitionName] = []
      /// Coordinators the messages place themselves in, when they name no reader.
      var contexts: Set<String> = []
      /// How many of the messages name neither.
      var unplaced = 0
    }
    var keys: [String] = []
    var found: [String: Found] = [:]
    for finding in group {
      let mentions = Self.mentions(in: finding.message)
      let context = Set(Self.contexts(in: finding.message)).intersection(coordinatorNames)
      var key = finding.message
      var named: [DefinitionName] = []
      if let mention = mentions.first(where: { byName[$0] != nil }),
        let definitions = byName[mention]
      {
        named = definitions.filter {
          context.isEmpty || $0.coordinator.map(context.contains) ?? true
        }
        if named.isEmpty { named = definitions }
        key = Self.replacingFirst(mention, in: key)
      }
      if found[key] == nil {
        keys.append(key)
        found[key] = Found(finding: finding)
      }
      if !named.isEmpty {
        found[key]?.named.append(contentsOf: named)
      } else if !context.isEmpty {
        found[key]?.contexts.formUnion(context)
      } else {
        found[key]?.unplaced += 1
      }
    }
    // A finding whose message names neither a reader nor its coordinator was found in
    // every reader when it was found as often as there are readers, or when they are all
    // of one coordinator (whose verdict is the same for all: a verdict that depends on
    // the node names the node); otherwise which readers found it is not known, and the
    // message is left as it is.
    let oneCoordinator = coordinatorNames.count <= 1
    var foundIn: [String: [DefinitionName]] = [:]
    for key in keys {
      guard let entry = found[key] else { continue }
      var definitions = entry.named
      if !entry.contexts.isEmpty {
        definitions += readers.all.filter { $0.coordinator.map(entry.contexts.contains) ?? false }
      }
      if entry.unplaced > 0, oneCoordinator || entry.unplaced == readers.all.count {
        definitions += readers.all
      }
      foundIn[key] = definitions
    }
    return keys.compactMap { key in
      guard var finding = found[key]?.finding else { return nil }
      // Shared content is read by other nodes too: what fixes it for one may break another.
      finding.fix = nil
      var seen: Set<DefinitionName> = []
      let definitions = (foundIn[key] ?? []).filter { seen.insert($0).inserted }.sorted {
        $0.name.range.precedes($1.name.range)
      }
      if key.contains(Self.placeholder) {
        finding.message = key.replacing(Self.placeholder, with: Self.phrase(definitions))
      } else if definitions.count > 1 || (definitions.first.map { $0 != writer } ?? false) {
        finding.message = key + " (in \(Self.phrase(definitions)))"
      }
      return finding
    }
  }

  private static let placeholder = "\u{0}"

  /// The coordinators a message places itself in: `… in coordinator 'App'`, `… of
  /// coordinator 'App'`.
  private static func contexts(in message: String) -> [String] {
    var found: [String] = []
    for marker in ["in coordinator '", "of coordinator '"] {
      var rest = Substring(message)
      while let range = rest.firstRange(of: marker) {
        rest = rest[range.upperBound...]
        guard let close = rest.firstIndex(of: "'") else { break }
        found.append(String(rest[..<close]))
        rest = rest[rest.index(after: close)...]
      }
    }
    return found
  }

  /// The `kind 'name'` phrases of `message` whose kind is a definition's.
  private static func mentions(in message: String) -> [String] {
    var found: [String] = []
    let kinds = DefinitionName.Kind.allCases.map(\.rawValue)
    var rest = Substring(message)
    while let quote = rest.firstIndex(of: "'") {
      let afterQuote = rest.index(after: quote)
      guard let close = rest[afterQuote...].firstIndex(of: "'") else { break }
      let before = rest[..<quote]
      for kind in kinds where before.hasSuffix(kind + " ") {
        found.append("\(kind) '\(rest[afterQuote..<close])'")
      }
      rest = rest[rest.index(after: close)...]
    }
    return found
  }

  private static func replacingFirst(_ phrase: String, in message: String) -> String {
    guard let range = message.firstRange(of: phrase) else { return message }
    var replaced = message
    replaced.replaceSubrange(range, with: placeholder)
    return replaced
  }

  /// `screens 'A' and 'B'`, `screen 'A' and decision 'D'`, `screens 'A' of 'App' and 'B' of
  /// 'Other'`: the definitions, named with their coordinators when they are of several.
  private static func phrase(_ definitions: [DefinitionName]) -> String {
    let coordinators = Set(definitions.filter { $0.kind != .coordinator }.map(\.coordinator))
    let qualified = coordinators.count > 1
    let sameKind = Set(definitions.map(\.kind)).count == 1
    let shown = definitions.prefix(namedLimit).enumerated().map { offset, definition in
      var text = "'\(definition.name.text)'"
      if !sameKind || offset == 0 {
        text = "\(definition.kind.rawValue)\(sameKind && definitions.count > 1 ? "s" : "") " + text
      }
      if qualified, definition.kind != .coordinator, let owner = definition.coordinator {
        text += " of '\(owner)'"
      }
      return text
    }
    var words = Array(shown)
    if definitions.count > namedLimit { words.append("\(definitions.count - namedLimit) more") }
    guard words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " and " + (words.last ?? "")
  }
}
