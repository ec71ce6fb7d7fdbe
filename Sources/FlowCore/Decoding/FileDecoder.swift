/// Decodes one file's YAML into the definitions it adds to the module (spec sections 1–7).
///
/// Every structural problem is a ``FrontEndProblem`` at the offending node. Decoding goes on
/// after a problem and keeps what it can (the first of two actions, say), marking what it
/// could not read as invalid so that no later rule reports it again.
package struct FileDecoder: Sendable {
  /// The path problems name.
  let path: String
  /// The path, interned, for the ranges of every node.
  let fileName: FileName
  /// The document being decoded.
  let tree: YAMLTree
  /// What was found wrong so far.
  private(set) var problems: [FrontEndProblem] = []
  /// The content read through aliases and merge keys so far, and by which definition.
  private(set) var sharedUses: [SharedUse] = []
  /// The definition being decoded, innermost: a type, a coordinator, a screen, a decision.
  private var definition: DefinitionName?
  /// Where decoding is: the definition, and the event, case, button or handler in it; what
  /// a problem found here is about.
  private(set) var place: SymbolRef = .file
  /// Whether the definitions of a large coordinator may be decoded on all cores (tests
  /// compare with decoding them one by one).
  private let isParallel: Bool
  /// The screens of one large coordinator decoded already, in the pieces of a file cut
  /// inside its `screens` (``decode(outline:root:path:coordinators:screens:problems:)``),
  /// by the key each has in `tree`; empty otherwise.
  private var decodedScreens = PieceDefinitions<Screen>()

  private init(path: String, tree: YAMLTree, isParallel: Bool = true) {
    self.path = path
    self.fileName = FileName(path)
    self.tree = tree
    self.isParallel = isParallel
  }

  /// The definitions of `document`, or `nil` when the file does not join the module:
  /// it is broken, empty, or its `version` is missing or wrong. `isParallel: false`
  /// decodes every definition on the calling thread, one by one.
  package static func decode(
    _ document: YAMLDocument, path: String, problems: inout [FrontEndProblem],
    isParallel: Bool = true
  ) -> FlowFile? {
    switch document {
    case .broken:
      return nil
    case .empty:
      problems.append(
        FrontEndProblem(
          .version, "empty-file", "file is empty; a flow file starts with 'version: 1'",
          at: .startOfFile(path)))
      return nil
    case .document(let tree, let root):
      var decoder = FileDecoder(path: path, tree: tree, isParallel: isParallel)
      defer { problems.append(contentsOf: decoder.problems) }
      return decoder.decodeFile(root)
    }
  }

  // MARK: A large file in pieces (issue 35 step 2)

  /// A definition decoded in the task that parsed its piece of a large file (a coordinator,
  /// or a screen of one big coordinator), with what decoding it reported and the content it
  /// read through aliases and merge keys, in order: what decoding the whole tree makes of it.
  package struct PieceDefinition<Definition: Sendable>: Sendable {
    var definition: Definition
    var problems: [FrontEndProblem]
    var sharedUses: [SharedUse]
  }

  package typealias PieceCoordinator = PieceDefinition<Coordinator>
  package typealias PieceScreen = PieceDefinition<Screen>

  /// Each pair of `root`, the root mapping of a piece of the file's `coordinators` (its
  /// positions as in the whole file), decoded as a coordinator, in order: those whose key
  /// repeats one before it too (the outline's `MappingReader` drops them). `nil` when a key
  /// is not text, is nothing or `~`, or is a merge key: such a mapping is read whole.
  static func coordinators(ofPiece tree: YAMLTree, root: YAMLNode, path: String)
    -> [PieceCoordinator]?
  {
    definitions(ofPiece: tree, root: root, path: path) { $0.decodeCoordinator($1) }
  }

  /// Each pair of `root`, the root mapping of a piece of the `screens` of the coordinator
  /// `coordinator` (its positions as in the whole file), decoded as a screen, in order; `nil`
  /// under the same conditions as ``coordinators(ofPiece:root:path:)``.
  static func screens(
    ofPiece tree: YAMLTree, root: YAMLNode, path: String, coordinator: String
  ) -> [PieceScreen]? {
    definitions(ofPiece: tree, root: root, path: path) {
      $0.decodeScreen($1, coordinator: coordinator)
    }
  }

  /// `decode` of each pair of `root`, each by a decoder of its own over the piece's `tree`.
  private static func definitions<Definition>(
    ofPiece tree: YAMLTree, root: YAMLNode, path: String,
    _ decode: (inout FileDecoder, MappingReader.Entry) -> Definition
  ) -> [PieceDefinition<Definition>]? {
    guard tree.kind(of: root) == .mapping else { return nil }
    let base = FileDecoder(path: path, tree: tree)
    var decoded: [PieceDefinition<Definition>] = []
    decoded.reserveCapacity(tree.pairs(of: root).count)
    for (keyNode, value) in tree.pairs(of: root) {
      guard let key = tree.text(of: keyNode), !tree.isAbsent(keyNode), key != "<<" else {
        return nil
      }
      var decoder = base
      let entry = MappingReader.Entry(
        key: key, name: decoder.identifier(key, at: keyNode), keyNode: keyNode, value: value)
      let definition = decode(&decoder, entry)
      decoded.append(
        PieceDefinition(
          definition: definition, problems: decoder.problems, sharedUses: decoder.sharedUses))
    }
    return decoded
  }

  /// What the pieces of a large file decoded (its coordinators, or one big coordinator's
  /// screens), each found by its key in the outline. The pieces' arrays are kept as they are
  /// and a key maps to a piece and a place in it: a table of a hundred thousand screens by
  /// key would hold each screen's 176 bytes again, in buckets a third of them empty.
  package struct PieceDefinitions<Definition: Sendable>: Sendable {
    private let pieces: [[PieceDefinition<Definition>]]
    /// The piece of each key of the outline's split mapping in the high 32 bits, the place
    /// in it in the low ones.
    private let places: [YAMLNode: Int]

    init() {
      pieces = []
      places = [:]
    }

    /// `pieces`, each the definitions of one piece in order, for the outline whose split
    /// mapping's pairs are `keys` (as many, in the same order); `nil` when they are not as
    /// many.
    init?(_ pieces: [[PieceDefinition<Definition>]], keys: YAMLPairs) {
      guard pieces.reduce(0, { $0 + $1.count }) == keys.count else { return nil }
      var places: [YAMLNode: Int] = [:]
      places.reserveCapacity(keys.count)
      var position = 0
      for (piece, definitions) in pieces.enumerated() {
        for offset in definitions.indices {
          places[keys[position].key] = piece << 32 | offset
          position += 1
        }
      }
      self.pieces = pieces
      self.places = places
    }

    /// Whether no piece decoded anything here (the file was not cut at these definitions).
    var isEmpty: Bool { places.isEmpty }

    subscript(key: YAMLNode) -> PieceDefinition<Definition>? {
      places[key].map { pieces[$0 >> 32][$0 & 0xFFFF_FFFF] }
    }
  }

  /// The definitions of a large file read in pieces: `tree` is its outline (the split
  /// mapping holding keys only), and `coordinators` or `screens` what its pieces decoded, by
  /// their keys in `tree`. The file is decoded as ``decode(_:path:problems:isParallel:)``
  /// decodes the whole tree: the split mapping's keys are checked here (duplicates across
  /// pieces included), in file order, and each coordinator or screen kept is taken from
  /// what the pieces decoded.
  static func decode(
    outline tree: YAMLTree, root: YAMLNode, path: String,
    coordinators: PieceDefinitions<Coordinator> = PieceDefinitions(),
    screens: PieceDefinitions<Screen> = PieceDefinitions(),
    problems: inout [FrontEndProblem]
  ) -> FlowFile? {
    var decoder = FileDecoder(path: path, tree: tree)
    decoder.decodedScreens = screens
    defer { problems.append(contentsOf: decoder.problems) }
    return decoder.decodeFile(root, coordinators: coordinators)
  }

  // MARK: Reporting

  /// Records a problem of `kind` (the file's structure unless said) at `node`: its message's
  /// short `name`, what it says, and what it is about (where decoding is, and `component`
  /// in it when given).
  mutating func report(
    _ name: String, _ message: MessageText, at node: YAMLNode, notes: [Note] = [],
    kind: FrontEndProblem.Kind = .structure, about component: SymbolRef.Component? = nil,
    suggestion: String? = nil, fixIts: [FixIt] = []
  ) {
    problems.append(
      FrontEndProblem(
        kind, name, message, about: component.map { place.appending($0) } ?? place,
        at: range(of: node), notes: notes, suggestion: suggestion, fixIts: fixIts))
  }

  /// Records a problem with the file's structure at `range`, for a part of a node (a param
  /// of a link, say) that the rest of the node is not about.
  mutating func report(
    _ name: String, _ message: MessageText, at range: SourceRange,
    about components: [SymbolRef.Component] = [], suggestion: String? = nil
  ) {
    problems.append(
      FrontEndProblem(
        .structure, name, message, about: place.appending(components), at: range,
        suggestion: suggestion))
  }

  /// Records that the definition being decoded reads `content`, written elsewhere, through
  /// an alias or a merge key.
  mutating func noteShared(_ content: SourceRange) {
    guard let definition else { return }
    sharedUses.append(SharedUse(content: content, user: definition))
  }

  /// Records, when `node` is an alias of a collection, that the definition being decoded
  /// reads the anchored content, whose nodes keep their places. (What is said about an
  /// alias of a scalar is placed where the alias is written: it shares no place.)
  mutating func noteShared(ifAlias node: YAMLNode) {
    guard let anchored = tree.anchored(node), tree.kind(of: anchored) != .scalar else { return }
    noteShared(range(of: anchored))
  }

  /// The range `node` spans in this file.
  func range(of node: YAMLNode) -> SourceRange {
    SourceRange(file: fileName, start: tree.start(of: node), end: tree.end(of: node))
  }

  /// `text` as a name located at `node`.
  func identifier(_ text: String, at node: YAMLNode) -> Identifier {
    Identifier(text, at: range(of: node))
  }

  // MARK: File

  /// The keys of the top level. Here and below, each construct's key table is the one the
  /// decoder checks against and the editor completes from (`Editor/Completion.swift`).
  static let fileKeys = [
    "version", "types", "coordinators", "links", "screens", "decisions", "alerts", "lint",
  ]

  /// `coordinators`: the coordinators decoded already, in the pieces of a large file
  /// (``decode(outline:root:path:coordinators:problems:)``), by the key each has in `tree`;
  /// the others are decoded here.
  private mutating func decodeFile(
    _ root: YAMLNode, coordinators decoded: PieceDefinitions<Coordinator> = PieceDefinitions()
  ) -> FlowFile? {
    guard tree.kind(of: root) == .mapping else {
      report(
        "top-level-not-mapping",
        "the top level of a flow file must be a mapping with 'version: 1', not "
          + "\(tree.kindDescription(of: root))", at: root)
      return nil
    }
    let pairs = tree.pairs(of: root)
    guard let version = pairs.first(where: { tree.text(of: $0.key) == "version" }) else {
      let keys = pairs.compactMap { tree.text(of: $0.key) }
      let hint = Suggestion.closest(to: "version", in: keys).map { " ('\($0)' is not 'version')" }
      report(
        "missing-version",
        "missing 'version: 1'\(hint ?? ""); a flow file starts with its language version",
        at: root, kind: .version)
      return nil
    }
    guard isVersionOne(version.value) else { return nil }

    guard let file = MappingReader(root, of: "the file", allowedKeys: Self.fileKeys, decoder: &self)
    else { return nil }
    var flowFile = FlowFile(path: path)
    flowFile.lint = file["lint"].flatMap { lint($0) }
    flowFile.types = entries(of: file["types"], of: "'types'").map { decodeType($0) }
    flowFile.coordinators = decodeCoordinators(
      entries(of: file["coordinators"], of: "'coordinators'"), decoded: decoded)
    flowFile.links = entries(of: file["links"], of: "'links'").map { decodeLink($0) }
    flowFile.shared = decodeShared(file)
    flowFile.sharedUses = sharedUses
    return flowFile
  }

  /// The tag `!!int` stands for.
  private static let integerTag = "tag:yaml.org,2002:int"

  /// Whether `node` is the integer 1, reporting what it is otherwise.
  private mutating func isVersionOne(_ node: YAMLNode) -> Bool {
    // An integer is a plain scalar, or any scalar tagged as one (`!!int 1`).
    let tag = tree.tag(of: node)
    let isInteger =
      tag == Self.integerTag || (tag == nil && tree.style(of: node) == .plain)
    if let text = tree.text(of: node), isInteger, let value = Self.integer(text) {
      if value == 1 { return true }
      report(
        "unsupported-version", "unsupported version \(text); this flowc reads version 1",
        at: node, kind: .version)
      return false
    }
    let shown = shownValue(node)
    report(
      "version-not-integer", "'version' must be the integer 1, not \(shown)", at: node,
      kind: .version)
    return false
  }

  /// The value of a YAML 1.1 integer written in decimal, or `nil`.
  private static func integer(_ text: String) -> Int? {
    var digits = Substring(text.replacingUnderscores())
    if digits.first == "+" { digits = digits.dropFirst() }
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else {
      return nil
    }
    return Int(digits) ?? Int.max
  }

  // MARK: Types

  static let typeKeys = ["struct", "enum", "lint"]

  private mutating func decodeType(_ entry: MappingReader.Entry) -> TypeDeclaration {
    decodeDefinition(
      DefinitionName(kind: .type, name: entry.name, coordinator: nil), broken: \.isBroken
    ) { $0.typeDeclaration(entry) }
  }

  /// Decodes one definition with `decode`, as `name` (what shared content read inside it is
  /// recorded under), and marks it broken when decoding it reported a problem: a broken
  /// definition causes no findings of other rules (spec section 8).
  mutating func decodeDefinition<Definition>(
    _ name: DefinitionName, broken: WritableKeyPath<Definition, Bool>,
    _ decode: (inout FileDecoder) -> Definition
  ) -> Definition {
    let outer = (definition, place)
    definition = name
    place = name.subject
    defer { (definition, place) = outer }
    let before = problems.count
    var decoded = decode(&self)
    decoded[keyPath: broken] = problems.count > before
    return decoded
  }

  private mutating func typeDeclaration(_ entry: MappingReader.Entry) -> TypeDeclaration {
    let name = entry.name
    let range = definitionRange(entry)
    let what = Subject(definition: .type(entry.key))
    let invalid = TypeDeclaration(name: name, kind: .invalid, range: range)
    switch tree.kind(of: entry.value) {
    case .scalar where !tree.isNull(entry.value):
      let text = tree.text(of: entry.value) ?? ""
      if text == "external" {
        return TypeDeclaration(name: name, kind: .external, range: range)
      }
      let suggestion = Suggestion.closest(to: text, in: ["external"])
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
      report(
        "type-not-external-or-mapping",
        "\(what) must be 'external' or a mapping with 'struct' or 'enum', not "
          + "'\(text)'\(hint)", at: entry.value, suggestion: suggestion)
      return invalid
    case .mapping:
      guard
        let body = MappingReader(
          entry.value, of: "\(what)", allowedKeys: Self.typeKeys, decoder: &self)
      else { return invalid }
      var invalid = invalid
      invalid.lint = body["lint"].flatMap { lint($0) }
      let kinds = body.entries.filter { $0.key != "lint" }
      guard let kind = kinds.first else {
        if !body.hasBrokenMerge {
          report("type-without-kind", "\(what) needs 'struct' or 'enum'", at: entry.value)
        }
        return invalid
      }
      if kinds.count > 1 {
        report(
          "struct-and-enum", "\(what) has both 'struct' and 'enum'; a type is one of them",
          at: kinds[1].keyNode)
      }
      if kind.key == "struct" {
        guard let fields = MappingReader(kind.value, of: "struct '\(entry.key)'", decoder: &self)
        else { return invalid }
        var declaration = invalid
        declaration.kind = .structure(
          fields.entries.map { field in
            Field(
              name: field.name, type: requiredType(field.value, of: Subject("field", field.key)))
          })
        return declaration
      }
      guard let cases = MappingReader(kind.value, of: "enum '\(entry.key)'", decoder: &self)
      else { return invalid }
      if cases.entries.isEmpty {
        report("empty-enum", "enum '\(entry.key)' needs at least one case", at: kind.value)
        return invalid
      }
      var declaration = invalid
      declaration.kind = .enumeration(payloadCases(cases))
      return declaration
    default:
      report(
        "type-not-external-or-mapping",
        "\(what) must be 'external' or a mapping with 'struct' or 'enum', not "
          + "\(tree.kindDescription(of: entry.value))", at: entry.value)
      return invalid
    }
  }

  private mutating func payloadCases(_ cases: MappingReader) -> [PayloadCase] {
    cases.entries.map { entry in
      PayloadCase(name: entry.name, payload: optionalType(entry.value))
    }
  }

  /// The type at `node`, or `nil` for YAML's null (`~`: no type).
  mutating func optionalType(_ node: YAMLNode) -> TypeReference? {
    tree.isNull(node) ? nil : TypeParser.read(node, decoder: &self)
  }

  /// The type at `node`, which must be there.
  mutating func requiredType(_ node: YAMLNode, of what: Subject) -> TypeReference {
    if tree.isNull(node) {
      report("missing-type", "\(what) needs a type", at: node)
      return TypeReference(.invalid, at: range(of: node), names: [])
    }
    return TypeParser.read(node, decoder: &self)
  }

  // MARK: Coordinators

  /// Decodes coordinators, in chunks on all cores for a large file; problems keep their
  /// order. Those in `decoded` (by key node) were decoded already, in the pieces of a large
  /// file: their coordinators, problems and shared uses are taken as they are.
  private mutating func decodeCoordinators(
    _ entries: [MappingReader.Entry],
    decoded: PieceDefinitions<Coordinator> = PieceDefinitions()
  ) -> [Coordinator] {
    var fresh = FileDecoder(path: path, tree: tree, isParallel: isParallel)
    fresh.decodedScreens = decodedScreens
    let base = fresh
    let parts = Parallel.map(
      count: entries.count, minimumChunk: isParallel && decoded.isEmpty ? 32 : entries.count + 1
    ) { index in
      if let piece = decoded[entries[index].keyNode] {
        return (piece.definition, piece.problems, piece.sharedUses)
      }
      var decoder = base
      let coordinator = decoder.decodeCoordinator(entries[index])
      return (coordinator, decoder.problems, decoder.sharedUses)
    }
    for part in parts {
      problems.append(contentsOf: part.1)
      sharedUses.append(contentsOf: part.2)
    }
    return parts.map(\.0)
  }

  /// `decode` of each entry, in order; for the many screens of one large coordinator, in
  /// chunks on all cores, each chunk with a decoder of its own whose problems and shared
  /// uses are then added in order, as decoding them one by one would have.
  private mutating func decodeEach<Definition: Sendable>(
    _ entries: [MappingReader.Entry],
    _ decode: @Sendable (inout FileDecoder, MappingReader.Entry) -> Definition
  ) -> [Definition] {
    guard isParallel, entries.count >= 2 * Self.definitionsPerChunk, Parallel.cores > 1 else {
      return entries.map { decode(&self, $0) }
    }
    var fresh = self
    fresh.problems = []
    fresh.sharedUses = []
    let base = fresh
    let chunks = Parallel.ranges(count: entries.count, minimumChunk: Self.definitionsPerChunk)
    let parts = Parallel.map(count: chunks.count, minimumChunk: 1) { chunk in
      var decoder = base
      let decoded = chunks[chunk].map { decode(&decoder, entries[$0]) }
      return (decoded, decoder.problems, decoder.sharedUses)
    }
    var decoded: [Definition] = []
    decoded.reserveCapacity(entries.count)
    for part in parts {
      decoded.append(contentsOf: part.0)
      problems.append(contentsOf: part.1)
      sharedUses.append(contentsOf: part.2)
    }
    return decoded
  }

  /// The fewest definitions of one coordinator worth a chunk of their own.
  private static let definitionsPerChunk = 512

  static let coordinatorKeys = [
    "doc", "entry", "input", "result", "requests", "leave", "start", "tabs", "split", "screens",
    "decisions", "alerts", "events", "lint",
  ]

  private mutating func decodeCoordinator(_ entry: MappingReader.Entry) -> Coordinator {
    let what = Subject(definition: .coordinator(entry.key))
    var coordinator = Coordinator(name: entry.name, root: .missing, range: definitionRange(entry))
    let owner = DefinitionName(kind: .coordinator, name: entry.name, coordinator: entry.key)
    definition = owner
    place = owner.subject
    defer { (definition, place) = (nil, .file) }
    guard
      let body = MappingReader(
        entry.value, of: "\(what)", allowedKeys: Self.coordinatorKeys, decoder: &self)
    else { return coordinator }
    coordinator.doc = body["doc"].flatMap { text($0) }
    coordinator.isEntry = body["entry"].flatMap { bool($0) } ?? false
    coordinator.input = body["input"].flatMap { optionalType($0.value) }
    coordinator.result = body["result"].flatMap { result($0, of: entry.key) }
    coordinator.requests = entries(of: body["requests"], of: "the requests of \(what)").map {
      PayloadCase(name: $0.name, payload: optionalType($0.value))
    }
    coordinator.leave = body["leave"].flatMap { leave($0) }
    coordinator.root = root(body, name: entry)
    if let entry = body["split"] {
      coordinator.split = split(entry, root: coordinator.root)
      coordinator.splitIsBroken = coordinator.split == nil
    }
    coordinator.lint = body["lint"].flatMap { lint($0) }
    let coordinatorName = entry.key
    let screens = entries(of: body["screens"], of: "the screens of \(what)")
    if let first = screens.first, decodedScreens[first.keyNode] != nil {
      // Cut in pieces: every screen kept was decoded in its piece.
      coordinator.screens = screens.map { screen in
        guard let piece = decodedScreens[screen.keyNode] else {
          return decodeScreen(screen, coordinator: coordinatorName)
        }
        problems.append(contentsOf: piece.problems)
        sharedUses.append(contentsOf: piece.sharedUses)
        return piece.definition
      }
    } else {
      coordinator.screens = decodeEach(screens) { decoder, screen in
        decoder.decodeScreen(screen, coordinator: coordinatorName)
      }
    }
    var startName: String?
    if case .start(let start, _) = coordinator.root { startName = start.text }
    let start = startName
    coordinator.decisions = decodeEach(
      entries(of: body["decisions"], of: "the decisions of \(what)")
    ) { decoder, node in
      decoder.decodeDefinition(
        DefinitionName(kind: .decision, name: node.name, coordinator: coordinatorName),
        broken: \.isBroken
      ) { $0.decision(node, isStart: node.key == start) }
    }
    coordinator.alerts = entries(of: body["alerts"], of: "the alerts of \(what)").map {
      node in
      decodeDefinition(
        DefinitionName(kind: .alert, name: node.name, coordinator: entry.key),
        broken: \.isBroken
      ) { $0.alert(node) }
    }
    coordinator.events = entries(of: body["events"], of: "the events of \(what)").map {
      transition($0, kind: .externalEvent)
    }
    if case .tabs = coordinator.root {
      checkTabContainer(coordinator.events, in: "a tab coordinator's events")
    }
    return coordinator
  }

  private mutating func result(_ entry: MappingReader.Entry, of coordinator: String)
    -> ResultDeclaration?
  {
    switch tree.kind(of: entry.value) {
    case _ where tree.isNull(entry.value):
      return nil
    case .scalar:
      return .named(TypeParser.read(entry.value, decoder: &self))
    case .mapping:
      let owner = Subject(definition: place)
      guard
        let cases = MappingReader(entry.value, of: "the result of \(owner)", decoder: &self)
      else { return nil }
      if cases.entries.isEmpty {
        report(
          "empty-result",
          "a result needs at least one case; leave 'result' out for a coordinator that does "
            + "not finish", at: entry.value)
        return nil
      }
      return .inline(payloadCases(cases), range: range(of: entry.value))
    case .sequence:
      report(
        "result-is-list",
        "'result' must be a mapping of cases or the name of an enum type, not a list",
        at: entry.value)
      return nil
    }
  }

  /// `leave: c` or `leave: ~` (r2): a result case without a payload, which the rules
  /// check, or being dropped on purpose.
  private mutating func leave(_ entry: MappingReader.Entry) -> Coordinator.Leave? {
    if tree.isNull(entry.value) { return .dropped(entry.name.range) }
    return name(entry.value, for: "'leave'").map { .result($0) }
  }

  private mutating func root(_ body: MappingReader, name: MappingReader.Entry) -> Coordinator.Root {
    let start = body["start"]
    let tabs = body["tabs"]
    if let start, let tabs {
      let later = start.name.range.start < tabs.name.range.start ? tabs : start
      report(
        "start-and-tabs",
        "\(definition: place) has both 'start' and 'tabs'; a coordinator has exactly one",
        at: later.keyNode)
    }
    if let start, tabs.map({ start.name.range.start < $0.name.range.start }) ?? true {
      guard let target = self.name(start.value, for: "'start'") else { return .missing }
      return .start(target, keyRange: start.name.range)
    }
    if let tabs {
      let items = tree.items(of: tabs.value)
      guard tree.kind(of: tabs.value) == .sequence, !items.isEmpty else {
        report(
          "tabs-not-list",
          "'tabs' must be a list of tabs, each '- start: Coordinator', not "
            + "\(tree.kindDescription(of: tabs.value))", at: tabs.value)
        return .missing
      }
      noteShared(ifAlias: tabs.value)
      return .tabs(items.compactMap { tab($0) })
    }
    if !body.hasBrokenMerge {
      report(
        "missing-start",
        "\(definition: place) needs 'start' (its first screen or decision) or 'tabs'",
        at: name.keyNode)
    }
    return .missing
  }

  /// The words of `split` (r3, spec section 13.4).
  static let splitLayouts = SplitLayout.allCases.map(\.rawValue)

  /// `split: doubleColumn | tripleColumn` (r3, spec section 13.4): only beside `start`, since
  /// the split coordinator's own screens are its primary column.
  private mutating func split(_ entry: MappingReader.Entry, root: Coordinator.Root)
    -> Coordinator.Split?
  {
    let word = tree.text(of: entry.value) ?? ""
    guard !tree.isNull(entry.value), let layout = SplitLayout(rawValue: word) else {
      let suggestion = Suggestion.closest(to: word, in: Self.splitLayouts)
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
      report(
        "bad-split",
        "'split' must be 'doubleColumn' or 'tripleColumn', not \(shownValue(entry.value))\(hint)",
        at: entry.value, suggestion: suggestion)
      return nil
    }
    if case .tabs = root {
      report(
        "split-with-tabs",
        "\(definition: place) has both 'split' and 'tabs'; a split coordinator has 'start' (the "
          + "root of its primary column), a tab coordinator has 'tabs'", at: entry.keyNode)
      return nil
    }
    return Coordinator.Split(layout: layout, range: range(of: entry.value))
  }

  static let tabKeys = ["start", "style", "on", "doc"]

  private mutating func tab(_ node: YAMLNode) -> Tab? {
    guard let body = MappingReader(node, of: "a tab", allowedKeys: Self.tabKeys, decoder: &self)
    else { return nil }
    guard let start = body["start"] else {
      if !body.hasBrokenMerge {
        report("tab-without-start", "a tab needs 'start: Coordinator'", at: node)
      }
      return nil
    }
    guard let coordinator = name(start.value, for: "'start'") else { return nil }
    let outer = place
    place = place.appending(.tab(coordinator.text))
    defer { place = outer }
    if let style = body["style"] {
      report(
        "tab-style",
        "a tab has no 'style': each tab's child starts at the root of a stack of its own",
        at: style.keyNode)
    }
    let child = ChildStart(
      coordinator: coordinator, handlers: handlers(body["on"], of: coordinator.text))
    checkTabContainer(child.handlers, in: "a tab's handlers")
    return Tab(child: child, doc: body["doc"].flatMap { text($0) }, range: start.name.range)
  }

  // MARK: Screens and decisions

  /// (r3) The shared screens, decisions and alerts of the file's top level (spec section
  /// 13.2): the keys of a coordinator's, and actions that do not `finish`.
  private mutating func decodeShared(_ file: MappingReader) -> SharedNodes {
    var shared = SharedNodes()
    shared.screens = entries(of: file["screens"], of: "the shared screens").map { node in
      decodeDefinition(
        DefinitionName(kind: .screen, name: node.name, coordinator: nil), broken: \.isBroken
      ) { decoder in
        let screen = decoder.screen(node)
        decoder.checkShared(screen.events, in: "screen")
        return screen
      }
    }
    shared.decisions = entries(of: file["decisions"], of: "the shared decisions").map { node in
      decodeDefinition(
        DefinitionName(kind: .decision, name: node.name, coordinator: nil), broken: \.isBroken
      ) { decoder in
        let decision = decoder.decision(node, isStart: false)
        decoder.checkShared(decision.cases, in: "decision")
        return decision
      }
    }
    shared.alerts = entries(of: file["alerts"], of: "the shared alerts").map { node in
      decodeDefinition(
        DefinitionName(kind: .alert, name: node.name, coordinator: nil), broken: \.isBroken
      ) { decoder in
        let alert = decoder.alert(node)
        decoder.checkShared(alert.buttons, in: "alert")
        return alert
      }
    }
    return shared
  }

  /// Reports each `finish` and `request` (13.3) among the actions of a shared node's
  /// `transitions`, at any depth (a sequence's elements, a child's handlers): a shared node
  /// does not know which owner it would finish, nor that owner's requests (r3, spec section
  /// 13.2). `path` leads from the node to the transitions.
  private mutating func checkShared(
    _ transitions: [Transition], in kind: String, under path: [SymbolRef.Component] = [],
    handlers: Bool = false
  ) {
    for transition in transitions {
      let step: SymbolRef.Component
      if handlers {
        step = .handler(transition.name.text)
      } else {
        switch kind {
        case "screen": step = .event(transition.name.text)
        case "decision": step = .decisionCase(transition.name.text)
        default: step = .button(transition.name.text)
        }
      }
      let here = path + [step]
      for (offset, element) in transition.action.elements.enumerated() {
        let at = transition.action.isSequence ? here + [.element(offset)] : here
        switch element.kind {
        case .finish:
          report(
            "finish-in-shared-node",
            "'finish' is not allowed in a shared \(kind): it would finish whichever coordinator "
              + "shows it, whose result cases are not known here",
            at: element.range, about: at)
        case .request:
          report(
            "request-in-shared-node",
            "'request' is not allowed in a shared \(kind): it would ask the parent of whichever "
              + "coordinator shows it, whose requests are not known here",
            at: element.range, about: at)
        case .start(let child):
          checkShared(child.handlers, in: kind, under: at, handlers: true)
        default:
          break
        }
      }
    }
  }

  static let screenKeys = ["doc", "input", "on", "systemBack", "dismissible", "lint"]
  static let decisionKeys = ["doc", "cases", "lint"]
  static let alertKeys = ["doc", "input", "on", "lint"]

  /// The screen `entry` of the coordinator named `coordinator`, as a definition of its own.
  private mutating func decodeScreen(
    _ entry: MappingReader.Entry, coordinator: String
  ) -> Screen {
    decodeDefinition(
      DefinitionName(kind: .screen, name: entry.name, coordinator: coordinator),
      broken: \.isBroken
    ) { $0.screen(entry) }
  }

  private mutating func screen(_ entry: MappingReader.Entry) -> Screen {
    var screen = Screen(name: entry.name, range: definitionRange(entry))
    let what = Subject(definition: place)
    guard !reportMisplaced(entry) else {
      screen.isBroken = true
      return screen
    }
    guard let body = nodeBody(entry, what, keys: Self.screenKeys) else { return screen }
    screen.doc = body["doc"].flatMap { text($0) }
    screen.input = body["input"].flatMap { optionalType($0.value) }
    screen.systemBack = body["systemBack"].flatMap { bool($0) } ?? true
    screen.dismissible = body["dismissible"].flatMap { bool($0) } ?? true
    screen.lint = body["lint"].flatMap { lint($0) }
    screen.events = entries(of: body["on"], of: "the events of \(what)").map {
      transition($0, kind: .event)
    }
    return screen
  }

  /// Reports an entry among the screens that is a slip of indentation rather than a screen:
  /// an event of the screen above written one level too shallow (its value is an action:
  /// `back: pop`, `next: { push: B }`), or a key of the coordinator written one level too
  /// deep (`start: Home`). Such a key is lowercase, which no screen's name is.
  private mutating func reportMisplaced(_ entry: MappingReader.Entry) -> Bool {
    guard let first = entry.key.unicodeScalars.first, first.properties.isLowercase else {
      return false
    }
    if isAction(entry.value) {
      report(
        "event-outside-on",
        "'\(entry.key)' is read as a screen, but its value is an action: if it is an event of "
          + "the screen above, indent it under that screen's 'on:'",
        at: entry.keyNode)
      return true
    }
    if Self.coordinatorKeys.contains(entry.key) {
      report(
        "coordinator-key-in-screens",
        "'\(entry.key)' is read as a screen, but it is a key of the coordinator: write it "
          + "beside 'screens:', one level to the left",
        at: entry.keyNode)
      return true
    }
    return false
  }

  /// Whether `node` reads as an action: a scalar action (`pop`), a mapping with an action's
  /// key (`{ push: B }`, `{ do: […] }`), or a sequence of them.
  private func isAction(_ node: YAMLNode) -> Bool {
    switch tree.kind(of: node) {
    case .scalar:
      return tree.text(of: node).map(Self.scalarActions.contains) ?? false
    case .mapping:
      return tree.pairs(of: node).contains { pair in
        tree.text(of: pair.key).map { Self.targetActions.contains($0) || $0 == "do" } ?? false
      }
    case .sequence:
      return tree.items(of: node).first.map(isAction) ?? false
    }
  }

  /// A decision; `isStart` when it is its coordinator's start, whose sequences act below the
  /// coordinator and so have no back element (r3, spec section 13.1).
  private mutating func decision(_ entry: MappingReader.Entry, isStart: Bool) -> Decision {
    var decision = Decision(name: entry.name, range: definitionRange(entry))
    let what = Subject(definition: place)
    guard let body = nodeBody(entry, what, keys: Self.decisionKeys) else { return decision }
    decision.doc = body["doc"].flatMap { text($0) }
    decision.lint = body["lint"].flatMap { lint($0) }
    decision.cases = entries(of: body["cases"], of: "the cases of \(what)").map {
      transition($0, kind: .decisionCase)
    }
    if isStart { checkStartDecision(decision.cases) }
    return decision
  }

  /// Reports the back elements of the sequences in a start decision's cases and the
  /// handlers below them (r3, spec section 13.1; ``Decision/backElementsOfStart(_:)``).
  private mutating func checkStartDecision(_ cases: [Transition]) {
    for (element, path) in Decision.backElementsOfStart(cases) {
      report(
        "back-in-start-sequence",
        "'\(element.keyword)' is not allowed in a sequence of a start decision: it acts "
          + "below the coordinator, where there is nothing of its own to go back from",
        at: element.range, about: path)
    }
    for (element, path) in Decision.showsWithoutScreenInStart(cases) {
      report(
        "show-in-start-decision", Decision.showWithoutScreenMessage,
        at: element.range, about: path)
    }
  }

  /// An alert (r2): its buttons are required, at least one (spec section 6b).
  private mutating func alert(_ entry: MappingReader.Entry) -> Alert {
    var alert = Alert(name: entry.name, range: definitionRange(entry))
    let what = Subject(definition: place)
    guard let body = nodeBody(entry, what, keys: Self.alertKeys) else {
      if tree.isNull(entry.value) {
        report(
          "alert-without-buttons",
          "\(what) needs its buttons: 'on:' with at least one, such as '{ ok: stay }'",
          at: entry.keyNode)
      }
      return alert
    }
    alert.doc = body["doc"].flatMap { text($0) }
    alert.input = body["input"].flatMap { optionalType($0.value) }
    alert.lint = body["lint"].flatMap { lint($0) }
    alert.buttons = entries(of: body["on"], of: "the buttons of \(what)").map {
      transition($0, kind: .button)
    }
    if alert.buttons.isEmpty, !body.hasBrokenMerge {
      let place: YAMLNode? = body["on"].map { tree.isNull($0.value) ? $0.keyNode : $0.value }
      report(
        "alert-without-buttons",
        "\(what) needs at least one button in 'on:', such as '{ ok: stay }'",
        at: place ?? entry.keyNode)
    }
    return alert
  }

  /// The body of a screen, decision or alert, read with its `keys`; `nil` when it is empty (`~`,
  /// a node with nothing to say) or, after a problem, not a mapping.
  private mutating func nodeBody(
    _ entry: MappingReader.Entry, _ what: Subject, keys: [String]
  ) -> MappingReader? {
    guard !tree.isNull(entry.value) else { return nil }
    return MappingReader(entry.value, of: "\(what)", allowedKeys: keys, decoder: &self)
  }

  // MARK: Actions

  /// What a transition is, for messages and for whether it may declare a payload.
  private enum TransitionKind {
    case event, decisionCase, handler, button, externalEvent

    var noun: String {
      switch self {
      case .event: return "event"
      case .decisionCase: return "case"
      case .handler: return "handler"
      case .button: return "button"
      case .externalEvent: return "external event"
      }
    }

    /// The step of a path to a transition of this kind named `name`.
    func component(_ name: String) -> SymbolRef.Component {
      switch self {
      case .event: return .event(name)
      case .decisionCase: return .decisionCase(name)
      case .handler: return .handler(name)
      case .button: return .button(name)
      case .externalEvent: return .externalEvent(name)
      }
    }
  }

  static let scalarActions = ["pop", "popToRoot", "dismiss", "stay"]
  static let targetActions = [
    "push", "present", "replace", "decide", "alert", "finish", "start", "select", "request",
    "show",
  ]
  static let actionKeys =
    ["payload", "doc"] + targetActions + ["style", "on", "column"] + scalarActions + ["do"]
  /// The keys of a sequence's element (r3): an action's, but no `payload` (the step's is
  /// every element's) and no `do`, whose presence is reported in words of its own.
  static let elementKeys = ["doc"] + targetActions + ["style", "on", "column"] + scalarActions
  /// The actions that may come before others in a sequence (r3, spec section 13.1).
  static let leadingActions = ["pop", "popToRoot", "dismiss", "push", "present", "replace"]

  private mutating func transition(_ entry: MappingReader.Entry, kind: TransitionKind)
    -> Transition
  {
    let what = Subject(kind.noun, entry.key)
    let node = entry.value
    // The place grows and shrinks in its own storage: one copy per definition at most,
    // rather than a new path for every transition.
    place.path.append(kind.component(entry.key))
    defer { place.path.removeLast() }
    switch tree.kind(of: node) {
    case .scalar where !tree.isNull(node):
      return Transition(
        name: entry.name, action: scalarAction(tree.text(of: node) ?? "", at: node, of: what))
    case .sequence:
      return Transition(
        name: entry.name, action: sequenceAction(node, at: range(of: node), of: what))
    case .mapping:
      guard
        let body = MappingReader(node, of: "\(what)", allowedKeys: Self.actionKeys, decoder: &self)
      else { return Transition(name: entry.name, action: Action(.invalid, at: range(of: node))) }
      var payload: TypeReference?
      if let written = body["payload"] {
        if kind == .handler {
          report(
            "handler-payload",
            "a handler takes its payload from the child's result case or request; remove "
              + "'payload'",
            at: written.keyNode)
        } else {
          payload = optionalType(written.value)
        }
      }
      let doc = body["doc"].flatMap { text($0) }
      return Transition(
        name: entry.name, payload: payload, doc: doc,
        action: mappingAction(body, at: node, of: what, named: entry.key))
    default:
      report(
        "missing-action",
        "\(what) needs an action: 'pop', 'popToRoot', 'dismiss', 'stay', a mapping such as "
          + "'{ push: Screen }', or a list of actions", at: tree.isNull(node) ? entry.keyNode : node
      )
      return Transition(name: entry.name, action: Action(.invalid, at: entry.name.range))
    }
  }

  private mutating func scalarAction(_ word: String, at node: YAMLNode, of what: Subject) -> Action
  {
    let range = range(of: node)
    switch word {
    case "pop": return Action(.pop, at: range)
    case "popToRoot": return Action(.popToRoot, at: range)
    case "dismiss": return Action(.dismiss, at: range)
    case "stay": return Action(.stay, at: range)
    case _ where MappingReader.contains(Self.targetActions, word):
      report(
        "action-without-target", "'\(word)' needs a target: write '{ \(word): Name }'", at: node)
    default:
      let suggestion = Suggestion.closest(to: word, in: Self.scalarActions + Self.targetActions)
      let hint =
        suggestion.map { "; did you mean '\($0)'?" }
        ?? "; expected 'pop', 'popToRoot', 'dismiss', 'stay', or a mapping such as "
        + "'{ push: Screen }'"
      report(
        "unknown-action", "'\(word)' is not an action\(hint)", at: node, suggestion: suggestion)
    }
    return Action(.invalid, at: range)
  }

  private mutating func mappingAction(
    _ body: MappingReader, at node: YAMLNode, of what: Subject, named eventName: String
  ) -> Action {
    func isAction(_ key: String) -> Bool {
      MappingReader.contains(Self.targetActions, key)
        || MappingReader.contains(Self.scalarActions, key) || key == "do"
    }
    guard let first = body.entries.firstIndex(where: { isAction($0.key) }) else {
      if !body.hasBrokenMerge {
        report(
          "missing-action",
          "\(what) needs an action: one of "
            + "\(MappingReader.list(Self.targetActions + Self.scalarActions + ["do"]))", at: node)
      }
      return Action(.invalid, at: range(of: node))
    }
    let chosen = body.entries[first]
    for extra in body.entries[(first + 1)...] where isAction(extra.key) {
      report(
        "several-actions",
        "\(what) has more than one action ('\(chosen.key)' and '\(extra.key)'); it leads to "
          + "exactly one", at: extra.keyNode)
    }
    if chosen.key != "start" {
      if chosen.key != "present", let entry = body["style"] {
        report(
          "style-not-allowed",
          "'style' goes only with 'start' or 'present', not with '\(chosen.key)'",
          at: entry.keyNode)
      }
      if chosen.key != "show", let entry = body["on"] {
        report(
          "on-not-allowed", "'on' goes only with 'start' or 'show', not with '\(chosen.key)'",
          at: entry.keyNode)
      }
    }
    if chosen.key != "show", let entry = body["column"] {
      report(
        "column-not-allowed", "'column' goes only with 'show', not with '\(chosen.key)'",
        at: entry.keyNode)
    }
    let range = chosen.name.range
    if chosen.key == "do" {
      guard tree.kind(of: chosen.value) == .sequence else {
        report(
          "do-not-list",
          "'do' takes a list of actions, such as '[dismiss, { push: Screen }]', not "
            + "\(tree.kindDescription(of: chosen.value))", at: chosen.value)
        return Action(.invalid, at: range)
      }
      return sequenceAction(chosen.value, at: range, of: what)
    }
    if MappingReader.contains(Self.scalarActions, chosen.key) {
      // The mapping form of a scalar action (r2), so that it can carry a `payload` and a
      // `doc`: its key has no value, `{ stay: ~, payload: T }` or `{ stay, payload: T }`.
      if !tree.isNull(chosen.value) {
        report(
          "scalar-action-value",
          "'\(chosen.key)' takes no value; write '{ \(chosen.key): ~ }' in a mapping with "
            + "'payload' or 'doc', or the whole action: '\(eventName): \(chosen.key)'",
          at: chosen.value)
      }
      return scalarAction(chosen.key, at: chosen.keyNode, of: what)
    }
    guard let target = name(chosen.value, for: "'\(chosen.key)'") else {
      return Action(.invalid, at: range)
    }
    switch chosen.key {
    case "push": return Action(.push(target), at: range)
    case "present":
      let style = body["style"].flatMap { presentationStyle($0) } ?? .sheet
      return Action(.present(target, style), at: range)
    case "replace": return Action(.replace(target), at: range)
    case "decide": return Action(.decide(target), at: range)
    case "alert": return Action(.alert(target), at: range)
    case "select": return Action(.select(target), at: range)
    case "finish": return Action(.finish(target), at: range)
    case "request": return Action(.request(target), at: range)
    case "show":
      // A show (r3, spec 13.4) is a push-style start in a compact width; its column is the
      // one after the holder's unless `column` names a later one.
      let child = ChildStart(
        coordinator: target, handlers: handlers(body["on"], of: target.text),
        show: body["column"].map { showColumn($0) } ?? ChildStart.Show())
      return Action(.start(child), at: range)
    default:
      let child = ChildStart(
        coordinator: target, style: body["style"].flatMap { style($0) } ?? .push,
        handlers: handlers(body["on"], of: target.text))
      return Action(.start(child), at: range)
    }
  }

  /// A sequence of actions (r3, spec section 13.1), `node` a YAML list placed at `range` (its
  /// `do` key, or the list itself): each element a scalar action or an action's mapping
  /// without `payload`; one element is that action; every element but the last one of
  /// ``leadingActions``, and the last not `stay`.
  private mutating func sequenceAction(_ node: YAMLNode, at range: SourceRange, of what: Subject)
    -> Action
  {
    noteShared(ifAlias: node)
    let items = tree.items(of: node)
    guard !items.isEmpty else {
      report(
        "empty-sequence",
        "\(what) has an empty list of actions; write two or more actions in it, or one action "
          + "without a list", at: node)
      return Action(.invalid, at: range)
    }
    // What is said inside an element is about that element (its position), unless it is
    // the only one: then it is the action.
    if items.count == 1, let only = items.first { return element(only, of: what) }
    var elements: [Action] = []
    for (offset, item) in items.enumerated() {
      place.path.append(.element(offset))
      elements.append(element(item, of: what))
      place.path.removeLast()
    }
    for (offset, element) in elements.enumerated() {
      if case .invalid = element.kind { continue }
      if offset < elements.count - 1 {
        guard !MappingReader.contains(Self.leadingActions, element.keyword) else { continue }
        report(
          "element-not-leading",
          "'\(element.keyword)' cannot come before other actions in a sequence: only 'pop', "
            + "'popToRoot', 'dismiss', 'push', 'present' and 'replace' can; make it the last",
          at: element.range, about: [.element(offset)])
      } else if case .stay = element.kind {
        report(
          "sequence-ends-with-stay",
          "a sequence cannot end with 'stay', which does nothing; remove it", at: element.range,
          about: [.element(offset)])
      }
    }
    return Action(.sequence(elements), at: range)
  }

  /// One element of a sequence (r3): a scalar action, or an action's mapping with its own
  /// keys but no `payload`; a list there is a sequence inside a sequence.
  private mutating func element(_ node: YAMLNode, of what: Subject) -> Action {
    switch tree.kind(of: node) {
    case .scalar where !tree.isNull(node):
      return scalarAction(tree.text(of: node) ?? "", at: node, of: what)
    case .sequence:
      report(
        "nested-sequence",
        "a sequence cannot hold another sequence; write its actions in the outer list",
        at: node)
      return Action(.invalid, at: range(of: node))
    case .mapping:
      guard
        let body = MappingReader(
          node, of: "an action in the sequence of \(what)",
          allowedKeys: Self.elementKeys + ["payload", "do"], decoder: &self)
      else { return Action(.invalid, at: range(of: node)) }
      if let payload = body["payload"] {
        report(
          "element-payload",
          "an action in a sequence takes no 'payload': the step's own ('payload' beside 'do') "
            + "is every action's", at: payload.keyNode)
      }
      if let nested = body["do"] {
        report(
          "nested-sequence",
          "a sequence cannot hold another sequence; write its actions in the outer list",
          at: nested.keyNode)
        return Action(.invalid, at: nested.name.range)
      }
      return mappingAction(body, at: node, of: what, named: what.name)
    default:
      report(
        "bad-element",
        "an action in a sequence is 'pop', 'popToRoot', 'dismiss', or a mapping such as "
          + "'{ push: Screen }', not \(tree.kindDescription(of: node))", at: node)
      return Action(.invalid, at: range(of: node))
    }
  }

  private mutating func handlers(_ entry: MappingReader.Entry?, of child: String) -> [Transition] {
    entries(of: entry, of: "the handlers of the start of '\(child)'").map {
      transition($0, kind: .handler)
    }
  }

  /// Reports the actions that need a navigation stack in handlers or external events that
  /// run on a tab container, which has none (spec section 4), at any depth; `place` names
  /// them in messages.
  private mutating func checkTabContainer(_ handlers: [Transition], in place: String) {
    for handler in handlers {
      // A sequence's elements act on the container until one presents a stack; those after
      // it act on that stack, by its rules, until a `dismiss` closes it (r3, spec 13.1).
      var onContainer = true
      for action in handler.action.elements {
        switch action.kind {
        case .present:
          onContainer = false
        case .dismiss where !onContainer:
          onContainer = true
        case .push, .replace, .pop, .popToRoot, .dismiss:
          if onContainer { report(tabContainer: action, in: place) }
        case .start(let child):
          guard onContainer else { break }
          if child.style == .push, !child.isShow { report(tabContainer: action, in: place) }
          checkTabContainer(child.handlers, in: place)
        default:
          break
        }
      }
    }
  }

  private mutating func report(tabContainer action: Action, in place: String) {
    let word = action.keyword == "start" ? "push-style 'start'" : "'\(action.keyword)'"
    problems.append(
      FrontEndProblem(
        .structure, "not-on-tab-container",
        "\(word) is not allowed in \(place): they run on the tab container, which has no "
          + "navigation stack; use 'present', 'alert', 'decide', 'finish', 'select', 'stay' or a "
          + "modal 'start'", about: self.place, at: action.range))
  }

  /// The words of a show's `column` (r3, spec 13.4): the primary column is the split
  /// coordinator's own, never shown into.
  static let showColumns = ["supplementary", "secondary"]

  /// `column: supplementary | secondary` of a `show` (r3); a bad word is a `schema` finding and
  /// the show goes to the column after the holder's.
  private mutating func showColumn(_ entry: MappingReader.Entry) -> ChildStart.Show {
    let word = tree.text(of: entry.value) ?? ""
    guard !tree.isNull(entry.value), MappingReader.contains(Self.showColumns, word),
      let column = SplitColumn.allCases.first(where: { $0.word == word })
    else {
      let suggestion = Suggestion.closest(to: word, in: Self.showColumns)
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
      report(
        "bad-column",
        "'column' of a show must be 'supplementary' or 'secondary', not "
          + "\(shownValue(entry.value))\(hint)", at: entry.value, suggestion: suggestion)
      return ChildStart.Show()
    }
    return ChildStart.Show(column: column, columnRange: range(of: entry.value))
  }

  /// The words of a start's `style`: `present` is `sheet`, as revision 1 wrote it. A tab has
  /// none (spec section 4): `style` is among its keys only to say so.
  static let startStyles = ["push", "sheet", "formSheet", "popover", "fullScreen", "present"]

  /// The words of a present's `style` (r2; `formSheet` and `popover`: r3, spec 13.5).
  static let presentStyles = PresentationStyle.allCases.map(\.rawValue)

  private mutating func style(_ entry: MappingReader.Entry) -> StartStyle? {
    let word = tree.text(of: entry.value) ?? ""
    if word == "present" { return .sheet }
    guard !tree.isNull(entry.value), let style = StartStyle(rawValue: word) else {
      let suggestion = Suggestion.closest(to: word, in: Self.startStyles)
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
      report(
        "bad-start-style",
        "'style' of a start must be 'push', 'sheet' (or 'present'), 'formSheet', 'popover' or "
          + "'fullScreen', not \(shownValue(entry.value))\(hint)", at: entry.value,
        suggestion: suggestion)
      return nil
    }
    return style
  }

  /// The `style` of a `present` (r2): `sheet`, `formSheet`, `popover` (r3) or `fullScreen`.
  private mutating func presentationStyle(_ entry: MappingReader.Entry) -> PresentationStyle? {
    let word = tree.text(of: entry.value) ?? ""
    guard !tree.isNull(entry.value), let style = PresentationStyle(rawValue: word) else {
      let suggestion = Suggestion.closest(to: word, in: Self.presentStyles)
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
      report(
        "bad-present-style",
        "'style' of a present must be 'sheet', 'formSheet', 'popover' or 'fullScreen', not "
          + "\(shownValue(entry.value))\(hint)", at: entry.value, suggestion: suggestion)
      return nil
    }
    return style
  }

  // MARK: Values

  /// The pairs of the mapping `entry` holds, named `what` in messages: none when the key is
  /// missing or its value null, or (after a problem) when the value is not a mapping.
  mutating func entries(
    of entry: MappingReader.Entry?, of what: @autoclosure () -> MessageText
  ) -> [MappingReader.Entry] {
    guard let entry, !tree.isNull(entry.value),
      let mapping = MappingReader(entry.value, of: what(), decoder: &self)
    else { return [] }
    return mapping.entries
  }

  /// A name given as a value (`push: Login`): text, the words `null` and `Null` included;
  /// `nil`, after a problem, when it is no scalar. `key` says what needs the name, and is
  /// made only for that problem: every action's target is read here.
  mutating func name(_ node: YAMLNode, for key: @autoclosure () -> String) -> Identifier? {
    guard let text = tree.text(of: node), !tree.isAbsent(node) else {
      report(
        "missing-name", "\(key()) needs a name, not \(tree.kindDescription(of: node))", at: node)
      return nil
    }
    return identifier(text, at: node)
  }

  mutating func text(_ entry: MappingReader.Entry) -> String? {
    guard let text = tree.text(of: entry.value), !tree.isNull(entry.value) else {
      report(
        "not-text", "'\(entry.key)' must be text, not \(tree.kindDescription(of: entry.value))",
        at: entry.value)
      return nil
    }
    return text
  }

  private static let trueWords: Set = [
    "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON",
  ]
  private static let falseWords: Set = [
    "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF",
  ]

  mutating func bool(_ entry: MappingReader.Entry) -> Bool? {
    if let text = tree.text(of: entry.value), tree.style(of: entry.value) == .plain {
      if Self.trueWords.contains(text) { return true }
      if Self.falseWords.contains(text) { return false }
    }
    let shown = shownValue(entry.value)
    report("not-a-bool", "'\(entry.key)' must be true or false, not \(shown)", at: entry.value)
    return nil
  }

  /// The keys of `lint:`; the editor completes them too.
  static let lintKeys = ["ignore"]

  mutating func lint(_ entry: MappingReader.Entry) -> Lint? {
    guard
      let body = MappingReader(
        entry.value, of: "'lint'", allowedKeys: Self.lintKeys, decoder: &self),
      let ignore = body["ignore"]
    else { return nil }
    guard tree.kind(of: ignore.value) == .sequence else {
      report(
        "ignore-not-list",
        "'ignore' must be a list of rule ids, such as '[cannot-finish]', not "
          + "\(tree.kindDescription(of: ignore.value))", at: ignore.value)
      return nil
    }
    noteShared(ifAlias: ignore.value)
    return Lint(ignore: tree.items(of: ignore.value).compactMap { name($0, for: "a rule id") })
  }

  /// From a definition's name to the end of its body.
  func definitionRange(_ entry: MappingReader.Entry) -> SourceRange {
    SourceRange(
      file: fileName, start: tree.start(of: entry.keyNode),
      end: max(tree.end(of: entry.keyNode), tree.end(of: entry.value)))
  }

  /// A node's value for messages: `'text'` for a scalar, its kind otherwise.
  func shownValue(_ node: YAMLNode) -> String {
    tree.text(of: node).map { "'\($0)'" } ?? tree.kindDescription(of: node)
  }
}

extension String {
  fileprivate func replacingUnderscores() -> String {
    String(filter { $0 != "_" })
  }
}

/// What a message is about, such as `screen 'Login'`: kept in parts and joined only when a
/// message is written, since most nodes never get one. A definition being read is kept as
/// its reference, so that a message names it as a definition.
///
/// A class: the closures that build messages only when one is written carry it through the
/// readers of every mapping, and the optimiser passes what they capture along by value,
/// which for a structure of two strings and a path was a copy of each at every call.
final class Subject: CustomStringConvertible, Sendable {
  let kind: String
  let name: String
  /// The definition it is, when it is one.
  let definition: SymbolRef?

  init(_ kind: String, _ name: String) {
    self.kind = kind
    self.name = name
    definition = nil
  }

  /// The definition `definition`, read `kind 'name'`.
  init(definition: SymbolRef) {
    kind = definition.path.last?.kind ?? ""
    name = definition.path.last?.name ?? ""
    self.definition = definition
  }

  var description: String { "\(kind) '\(name)'" }
}

extension MessageText.StringInterpolation {
  /// `subject`, as a definition when it is one.
  mutating func appendInterpolation(_ subject: Subject) {
    if let definition = subject.definition {
      appendInterpolation(definition: definition)
    } else {
      appendLiteral(subject.description)
    }
  }
}
