/// Findings placed in content that several definitions share through an anchor (a merge
/// key or a plain alias), made one (spec section 8, "Where findings go").
///
/// Shared content is written once, at the anchor, and checked in every definition that
/// reads it: what is wrong there is found once per definition, at the same place. Those
/// findings become one, whose message names every definition it was found in. Where the
/// message names the one it was found in (`'pop' on screen 'A' …`), that name becomes the
/// list (`'pop' on screens 'A' and 'B' …`); otherwise the list ends the message
/// (`… (in screens 'A' and 'B')`). A finding found only in the definition where its place
/// is written is left as it is.
///
/// Which definition each finding was found in is read from its subject (``SymbolRef``):
/// the innermost definition on its path that reads the place, from the decoder's record of
/// who reads what through aliases and merge keys (``SharedUse``), or writes it. Findings of
/// one rule at one place are one when their messages are the same message (id and words)
/// but for the definition they were found in, which a message names as a definition
/// (``MessageText``), never by its words. A finding whose subject leads to no reader (a
/// finding about the file) counts as found in every reader when the readers are all of one
/// coordinator or when it was found once per reader; otherwise it is left as it is.
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
      // An owner's copies of shared nodes (r3) are written where the shared nodes are.
      for screen in coordinator.screens where screen.copyOf == nil {
        leaf(.screen, screen.name, screen.range)
      }
      for decision in coordinator.decisions where decision.copyOf == nil {
        leaf(.decision, decision.name, decision.range)
      }
      for alert in coordinator.alerts where alert.copyOf == nil {
        leaf(.alert, alert.name, alert.range)
      }
    }
    // (r3) A shared screen, decision or alert is written once, read by its owners.
    for node in module.shared.allNodes {
      let range = module.shared.range(of: node)
      guard spans[range.fileName] != nil else { continue }
      let kind: DefinitionName.Kind =
        switch node {
        case .screen: .screen
        case .decision: .decision
        case .alert: .alert
        }
      leaves[range.fileName, default: []].append(
        Definition(
          name: DefinitionName(kind: kind, name: module.shared.name(of: node), coordinator: nil),
          range: range))
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

  /// `findings` with those at one shared place made one, in the order of the first of each,
  /// their messages worded in `wording`: O(findings + shared places × their readers).
  ///
  /// `canonical` names each definition a message names as the findings of one place are
  /// compared: an owner's copy of a shared screen (r3) as the shared screen, so that what its
  /// owners found is one finding.
  func apply(
    to findings: [Finding], wording: MessageWording = .english,
    canonical: (SymbolRef) -> SymbolRef = { $0 }
  ) -> [Finding] {
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
      let merged = merge(
        members.map { findings[$0] }, readers: readers, wording: wording, canonical: canonical)
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
    /// The readers by their subjects, as findings' subjects lead to them.
    var bySubject: [SymbolRef: DefinitionName] = [:]
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
        if bySubject[reader.subject] == nil { bySubject[reader.subject] = reader }
        if let coordinator = reader.coordinator { coordinators.insert(coordinator) }
      }
    }

    /// The reader a finding about `subject` was found in: the innermost definition on its
    /// path that reads the place.
    func reader(of subject: SymbolRef) -> DefinitionName? {
      for definition in subject.definitions {
        if let reader = bySubject[definition] { return reader }
      }
      return nil
    }
  }

  /// What a message says but for the definition it was found in.
  private struct MessageKey: Hashable {
    var id: MessageID
    var text: MessageText
    /// Whether the message names the definition it was found in.
    var named: Bool
  }

  /// The findings of one rule at one shared place, made one per message.
  private func merge(
    _ group: [Finding], readers: Readers, wording: MessageWording,
    canonical: (SymbolRef) -> SymbolRef
  ) -> [Finding] {
    /// What the findings of one message say about where they were found.
    struct Found {
      var finding: Finding
      /// The reader the first finding's message names, which the list replaces.
      var named: DefinitionName?
      /// The readers the findings were found in.
      var readers: [DefinitionName] = []
      /// How many were found in no reader their subject leads to.
      var unplaced = 0
    }
    var keys: [MessageKey] = []
    var found: [MessageKey: Found] = [:]
    for finding in group {
      let reader = readers.reader(of: finding.subject)
      let text = wording.text(of: finding.content.base).mappingDefinitions(canonical)
      var key = MessageKey(id: finding.messageID, text: text, named: false)
      if let reader, let abstract = text.naming(reader.subject, as: Self.placeholder) {
        key.text = abstract
        key.named = true
      }
      if found[key] == nil {
        keys.append(key)
        found[key] = Found(finding: finding, named: key.named ? reader : nil)
      }
      if let reader {
        found[key]?.readers.append(reader)
      } else {
        found[key]?.unplaced += 1
      }
    }
    // A finding found in no reader its subject leads to was found in every reader when it
    // was found as often as there are readers, or when they are all of one coordinator
    // (whose verdict is the same for all); otherwise which readers found it is not known.
    let oneCoordinator = readers.coordinators.count <= 1
    return keys.compactMap { key in
      guard let entry = found[key] else { return nil }
      var definitions = entry.readers
      if entry.unplaced > 0, oneCoordinator || entry.unplaced == readers.all.count {
        definitions += readers.all
      }
      var seen: Set<DefinitionName> = []
      let sorted = definitions.filter { seen.insert($0).inserted }.sorted {
        $0.name.range.precedes($1.name.range)
      }
      var finding = entry.finding
      let foundIn = FoundIn(named: entry.named?.subject, definitions: sorted.map(\.subject))
      if key.named || sorted.count > 1 || (sorted.first.map { $0 != readers.writer } ?? false) {
        return finding.merged(foundIn, in: wording)
      }
      // Shared content is read by other nodes too: what fixes it for one may break another.
      finding.fixIts = []
      return finding
    }
  }

  /// What stands for the definition a finding was found in, in the key of its message.
  private static let placeholder = "\u{0}"
}

extension MessageText {
  /// The text with each definition it names replaced by `transform`'s.
  fileprivate func mappingDefinitions(_ transform: (SymbolRef) -> SymbolRef) -> MessageText {
    MessageText(
      parts.map { part in
        switch part {
        case .definition(let definition): return .definition(transform(definition))
        case .name(let definition): return .name(transform(definition))
        case .words: return part
        }
      })
  }
}
