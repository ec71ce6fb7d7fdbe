/// Decodes one file's YAML into the definitions it adds to the module (spec sections 1–7).
///
/// Every structural problem is a `schema` finding at the offending node. Decoding goes on
/// after a problem and keeps what it can (the first of two actions, say), marking what it
/// could not read as invalid so that no later rule reports it again.
public struct FileDecoder {
  /// The path findings name.
  let path: String
  /// What was found so far.
  private(set) var findings = Findings()

  private init(path: String) {
    self.path = path
  }

  /// The definitions of `document`, or `nil` when the file does not join the module:
  /// it is broken, empty, or its `version` is missing or wrong.
  public static func decode(
    _ document: YAMLDocument, path: String, findings: inout Findings
  ) -> FlowFile? {
    var decoder = FileDecoder(path: path)
    defer { findings.append(contentsOf: decoder.findings.all) }
    switch document {
    case .broken:
      return nil
    case .empty:
      decoder.findings.add(
        SchemaRule.self, "file is empty; a flow file starts with 'version: 1'",
        at: .startOfFile(path))
      return nil
    case .document(let root):
      return decoder.decodeFile(root)
    }
  }

  // MARK: Reporting

  /// Records a `schema` finding at `node`.
  mutating func report(_ message: String, at node: YAMLNode, notes: [Note] = []) {
    findings.add(SchemaRule.self, message, at: range(of: node), notes: notes)
  }

  /// The range `node` spans in this file.
  func range(of node: YAMLNode) -> SourceRange {
    SourceRange(file: path, start: node.start, end: node.end)
  }

  /// `text` as a name located at `node`.
  func identifier(_ text: String, at node: YAMLNode) -> Identifier {
    Identifier(text, at: range(of: node))
  }

  // MARK: File

  private static let fileKeys = ["version", "types", "coordinators"]

  private mutating func decodeFile(_ root: YAMLNode) -> FlowFile? {
    guard case .mapping(let pairs) = root.value else {
      report(
        "the top level of a flow file must be a mapping with 'version: 1', not "
          + root.kindDescription, at: root)
      return nil
    }
    guard let version = pairs.first(where: { $0.key.scalar?.text == "version" }) else {
      let keys = pairs.compactMap { $0.key.scalar?.text }
      let hint = Suggestion.closest(to: "version", in: keys).map { " ('\($0)' is not 'version')" }
      report(
        "missing 'version: 1'\(hint ?? ""); a flow file starts with its language version",
        at: root)
      return nil
    }
    guard isVersionOne(version.value) else { return nil }

    guard let file = MappingReader(root, of: "the file", allowedKeys: Self.fileKeys, decoder: &self)
    else { return nil }
    var flowFile = FlowFile(path: path)
    if let types = file["types"], !types.value.isNull,
      let entries = MappingReader(types.value, of: "'types'", decoder: &self)
    {
      flowFile.types = entries.entries.map { decodeType($0) }
    }
    if let coordinators = file["coordinators"], !coordinators.value.isNull,
      let entries = MappingReader(coordinators.value, of: "'coordinators'", decoder: &self)
    {
      flowFile.coordinators = entries.entries.map { decodeCoordinator($0) }
    }
    return flowFile
  }

  /// Whether `node` is the integer 1, reporting what it is otherwise.
  private mutating func isVersionOne(_ node: YAMLNode) -> Bool {
    if let scalar = node.scalar, scalar.style == .plain, node.tag == nil,
      let value = Self.integer(scalar.text)
    {
      if value == 1 { return true }
      report("unsupported version \(scalar.text); this flowc reads version 1", at: node)
      return false
    }
    let shown = node.scalar.map { "'\($0.text)'" } ?? node.kindDescription
    report("'version' must be the integer 1, not \(shown)", at: node)
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

  private static let typeKeys = ["struct", "enum"]

  private mutating func decodeType(_ entry: MappingReader.Entry) -> TypeDeclaration {
    let name = entry.name
    let range = definitionRange(entry)
    let what = "type '\(entry.key)'"
    let invalid = TypeDeclaration(name: name, kind: .invalid, range: range)
    switch entry.value.value {
    case .scalar(let scalar) where !entry.value.isNull:
      if scalar.text == "external" {
        return TypeDeclaration(name: name, kind: .external, range: range)
      }
      let hint = Suggestion.didYouMean(scalar.text, in: ["external"])
      report(
        "\(what) must be 'external' or a mapping with 'struct' or 'enum', not "
          + "'\(scalar.text)'\(hint)", at: entry.value)
      return invalid
    case .mapping:
      guard
        let body = MappingReader(entry.value, of: what, allowedKeys: Self.typeKeys, decoder: &self)
      else { return invalid }
      guard let kind = body.entries.first else {
        report("\(what) needs 'struct' or 'enum'", at: entry.value)
        return invalid
      }
      if body.entries.count > 1 {
        report(
          "\(what) has both 'struct' and 'enum'; a type is one of them", at: body.entries[1].keyNode
        )
      }
      if kind.key == "struct" {
        guard let fields = MappingReader(kind.value, of: "struct '\(entry.key)'", decoder: &self)
        else { return invalid }
        return TypeDeclaration(
          name: name,
          kind: .structure(
            fields.entries.map { field in
              Field(name: field.name, type: requiredType(field.value, of: "field '\(field.key)'"))
            }),
          range: range)
      }
      guard let cases = MappingReader(kind.value, of: "enum '\(entry.key)'", decoder: &self)
      else { return invalid }
      if cases.entries.isEmpty {
        report("enum '\(entry.key)' needs at least one case", at: kind.value)
        return invalid
      }
      return TypeDeclaration(name: name, kind: .enumeration(payloadCases(cases)), range: range)
    default:
      report(
        "\(what) must be 'external' or a mapping with 'struct' or 'enum', not "
          + entry.value.kindDescription, at: entry.value)
      return invalid
    }
  }

  private mutating func payloadCases(_ cases: MappingReader) -> [PayloadCase] {
    cases.entries.map { entry in
      PayloadCase(name: entry.name, payload: optionalType(entry.value))
    }
  }

  /// The type at `node`, or `nil` for YAML's null (`~`: no type).
  private mutating func optionalType(_ node: YAMLNode) -> TypeReference? {
    node.isNull ? nil : TypeParser.read(node, decoder: &self)
  }

  /// The type at `node`, which must be there.
  private mutating func requiredType(_ node: YAMLNode, of what: String) -> TypeReference {
    if node.isNull {
      report("\(what) needs a type", at: node)
      return TypeReference(.invalid, at: range(of: node), names: [])
    }
    return TypeParser.read(node, decoder: &self)
  }

  // MARK: Coordinators

  private static let coordinatorKeys = [
    "doc", "entry", "input", "result", "start", "tabs", "screens", "decisions", "lint",
  ]

  private mutating func decodeCoordinator(_ entry: MappingReader.Entry) -> Coordinator {
    let what = "coordinator '\(entry.key)'"
    var coordinator = Coordinator(name: entry.name, root: .missing, range: definitionRange(entry))
    guard
      let body = MappingReader(
        entry.value, of: what, allowedKeys: Self.coordinatorKeys, decoder: &self)
    else { return coordinator }
    coordinator.doc = body["doc"].flatMap { text($0) }
    coordinator.isEntry = body["entry"].flatMap { bool($0) } ?? false
    coordinator.input = body["input"].flatMap { optionalType($0.value) }
    coordinator.result = body["result"].flatMap { result($0, of: entry.key) }
    coordinator.root = root(body, name: entry)
    coordinator.lint = body["lint"].flatMap { lint($0) }
    if let screens = body["screens"], !screens.value.isNull,
      let entries = MappingReader(screens.value, of: "the screens of \(what)", decoder: &self)
    {
      coordinator.screens = entries.entries.map { decodeScreen($0) }
    }
    if let decisions = body["decisions"], !decisions.value.isNull,
      let entries = MappingReader(decisions.value, of: "the decisions of \(what)", decoder: &self)
    {
      coordinator.decisions = entries.entries.map { decodeDecision($0) }
    }
    return coordinator
  }

  private mutating func result(_ entry: MappingReader.Entry, of coordinator: String)
    -> ResultDeclaration?
  {
    switch entry.value.value {
    case _ where entry.value.isNull:
      return nil
    case .scalar:
      return .named(TypeParser.read(entry.value, decoder: &self))
    case .mapping:
      guard
        let cases = MappingReader(
          entry.value, of: "the result of coordinator '\(coordinator)'", decoder: &self)
      else { return nil }
      if cases.entries.isEmpty {
        report(
          "a result needs at least one case; leave 'result' out for a coordinator that does "
            + "not finish", at: entry.value)
        return nil
      }
      return .inline(payloadCases(cases), range: range(of: entry.value))
    case .sequence:
      report(
        "'result' must be a mapping of cases or the name of an enum type, not a list",
        at: entry.value)
      return nil
    }
  }

  private mutating func root(_ body: MappingReader, name: MappingReader.Entry) -> Coordinator.Root {
    let start = body["start"]
    let tabs = body["tabs"]
    if let start, let tabs {
      let later = start.keyNode.start < tabs.keyNode.start ? tabs : start
      report(
        "coordinator '\(name.key)' has both 'start' and 'tabs'; a coordinator has exactly one",
        at: later.keyNode)
    }
    if let start,
      start.keyNode.start < (tabs?.keyNode.start ?? SourcePosition(line: .max, column: 0))
    {
      guard let target = self.name(start.value, for: "'start'") else { return .missing }
      return .start(target, keyRange: start.name.range)
    }
    if let tabs {
      guard case .sequence(let items) = tabs.value.value, !items.isEmpty else {
        report(
          "'tabs' must be a list of tabs, each '- start: Coordinator', not "
            + tabs.value.kindDescription, at: tabs.value)
        return .missing
      }
      return .tabs(items.compactMap { tab($0) })
    }
    report(
      "coordinator '\(name.key)' needs 'start' (its first screen or decision) or 'tabs'",
      at: name.keyNode)
    return .missing
  }

  private static let tabKeys = ["start", "style", "on", "doc"]

  private mutating func tab(_ node: YAMLNode) -> Tab? {
    guard let body = MappingReader(node, of: "a tab", allowedKeys: Self.tabKeys, decoder: &self)
    else { return nil }
    guard let start = body["start"] else {
      report("a tab needs 'start: Coordinator'", at: node)
      return nil
    }
    guard let coordinator = name(start.value, for: "'start'") else { return nil }
    let child = ChildStart(
      coordinator: coordinator, style: body["style"].flatMap { style($0) } ?? .push,
      handlers: handlers(body["on"], of: coordinator.text))
    checkTabContainer(child.handlers)
    return Tab(child: child, doc: body["doc"].flatMap { text($0) }, range: start.name.range)
  }

  // MARK: Screens and decisions

  private static let screenKeys = ["doc", "input", "on", "lint"]
  private static let decisionKeys = ["doc", "cases", "lint"]

  private mutating func decodeScreen(_ entry: MappingReader.Entry) -> Screen {
    var screen = Screen(name: entry.name, range: definitionRange(entry))
    guard !entry.value.isNull else { return screen }
    let what = "screen '\(entry.key)'"
    guard
      let body = MappingReader(entry.value, of: what, allowedKeys: Self.screenKeys, decoder: &self)
    else { return screen }
    screen.doc = body["doc"].flatMap { text($0) }
    screen.input = body["input"].flatMap { optionalType($0.value) }
    screen.lint = body["lint"].flatMap { lint($0) }
    if let on = body["on"], !on.value.isNull,
      let events = MappingReader(on.value, of: "the events of \(what)", decoder: &self)
    {
      screen.events = events.entries.map { transition($0, kind: .event) }
    }
    return screen
  }

  private mutating func decodeDecision(_ entry: MappingReader.Entry) -> Decision {
    var decision = Decision(name: entry.name, range: definitionRange(entry))
    guard !entry.value.isNull else { return decision }
    let what = "decision '\(entry.key)'"
    guard
      let body = MappingReader(
        entry.value, of: what, allowedKeys: Self.decisionKeys, decoder: &self)
    else { return decision }
    decision.doc = body["doc"].flatMap { text($0) }
    decision.lint = body["lint"].flatMap { lint($0) }
    if let cases = body["cases"], !cases.value.isNull,
      let entries = MappingReader(cases.value, of: "the cases of \(what)", decoder: &self)
    {
      decision.cases = entries.entries.map { transition($0, kind: .decisionCase) }
    }
    return decision
  }

  // MARK: Actions

  /// What a transition is, for messages and for whether it may declare a payload.
  private enum TransitionKind {
    case event, decisionCase, handler

    var noun: String {
      switch self {
      case .event: return "event"
      case .decisionCase: return "case"
      case .handler: return "handler"
      }
    }
  }

  private static let scalarActions = ["pop", "dismiss", "stay"]
  private static let targetActions = ["push", "present", "replace", "decide", "finish", "start"]
  private static let actionKeys =
    ["payload", "doc"] + targetActions + ["style", "on"] + scalarActions

  private mutating func transition(_ entry: MappingReader.Entry, kind: TransitionKind)
    -> Transition
  {
    let what = "\(kind.noun) '\(entry.key)'"
    var transition = Transition(
      name: entry.name, action: Action(.invalid, at: range(of: entry.value)))
    let node = entry.value
    switch node.value {
    case .scalar(let scalar) where !node.isNull:
      transition.action = scalarAction(scalar.text, at: node, of: what)
    case .mapping:
      guard
        let body = MappingReader(node, of: what, allowedKeys: Self.actionKeys, decoder: &self)
      else { return transition }
      if let payload = body["payload"] {
        if kind == .handler {
          report(
            "a handler takes its payload from the child's result case; remove 'payload'",
            at: payload.keyNode)
        } else {
          transition.payload = optionalType(payload.value)
        }
      }
      transition.doc = body["doc"].flatMap { text($0) }
      transition.action = mappingAction(body, at: node, of: what, named: entry.key)
    default:
      report(
        "\(what) needs an action: 'pop', 'dismiss', 'stay', or a mapping such as "
          + "'{ push: Screen }'", at: node.isNull ? entry.keyNode : node)
      transition.action = Action(.invalid, at: entry.name.range)
    }
    return transition
  }

  private mutating func scalarAction(_ word: String, at node: YAMLNode, of what: String) -> Action {
    let range = range(of: node)
    switch word {
    case "pop": return Action(.pop, at: range)
    case "dismiss": return Action(.dismiss, at: range)
    case "stay": return Action(.stay, at: range)
    case _ where Self.targetActions.contains(word):
      report("'\(word)' needs a target: write '{ \(word): Name }'", at: node)
    default:
      let hint =
        Suggestion.closest(to: word, in: Self.scalarActions + Self.targetActions)
        .map { "; did you mean '\($0)'?" }
        ?? "; expected 'pop', 'dismiss', 'stay', or a mapping such as '{ push: Screen }'"
      report("'\(word)' is not an action\(hint)", at: node)
    }
    return Action(.invalid, at: range)
  }

  private mutating func mappingAction(
    _ body: MappingReader, at node: YAMLNode, of what: String, named eventName: String
  ) -> Action {
    let actions = body.entries.filter {
      Self.targetActions.contains($0.key) || Self.scalarActions.contains($0.key)
    }
    guard let chosen = actions.first else {
      report(
        "\(what) needs an action: one of "
          + MappingReader.list(Self.targetActions + Self.scalarActions), at: node)
      return Action(.invalid, at: range(of: node))
    }
    for extra in actions.dropFirst() {
      report(
        "\(what) has more than one action ('\(chosen.key)' and '\(extra.key)'); it leads to "
          + "exactly one", at: extra.keyNode)
    }
    if chosen.key != "start" {
      for key in ["style", "on"] {
        if let entry = body[key] {
          report("'\(key)' goes only with 'start', not with '\(chosen.key)'", at: entry.keyNode)
        }
      }
    }
    let range = chosen.name.range
    if Self.scalarActions.contains(chosen.key) {
      report(
        "'\(chosen.key)' takes no value; write it as the whole action: '\(eventName): \(chosen.key)'",
        at: chosen.keyNode)
      return scalarAction(chosen.key, at: chosen.keyNode, of: what)
    }
    guard let target = name(chosen.value, for: "'\(chosen.key)'") else {
      return Action(.invalid, at: range)
    }
    switch chosen.key {
    case "push": return Action(.push(target), at: range)
    case "present": return Action(.present(target), at: range)
    case "replace": return Action(.replace(target), at: range)
    case "decide": return Action(.decide(target), at: range)
    case "finish": return Action(.finish(target), at: range)
    default:
      let child = ChildStart(
        coordinator: target, style: body["style"].flatMap { style($0) } ?? .push,
        handlers: handlers(body["on"], of: target.text))
      return Action(.start(child), at: range)
    }
  }

  private mutating func handlers(_ entry: MappingReader.Entry?, of child: String) -> [Transition] {
    guard let entry, !entry.value.isNull,
      let cases = MappingReader(
        entry.value, of: "the handlers of the start of '\(child)'", decoder: &self)
    else { return [] }
    return cases.entries.map { transition($0, kind: .handler) }
  }

  /// Reports the actions that need a navigation stack in handlers that run on a tab
  /// container, which has none (spec section 4), at any depth.
  private mutating func checkTabContainer(_ handlers: [Transition]) {
    for handler in handlers {
      let action = handler.action
      switch action.kind {
      case .push, .replace, .pop, .dismiss:
        report(tabContainer: action)
      case .start(let child):
        if child.style == .push { report(tabContainer: action) }
        checkTabContainer(child.handlers)
      default:
        break
      }
    }
  }

  private mutating func report(tabContainer action: Action) {
    let word = action.keyword == "start" ? "push-style 'start'" : "'\(action.keyword)'"
    findings.add(
      SchemaRule.self,
      "\(word) is not allowed in a tab's handlers: they run on the tab container, which has "
        + "no navigation stack; use 'present', 'decide', 'finish', 'stay' or a present-style "
        + "'start'", at: action.range)
  }

  private mutating func style(_ entry: MappingReader.Entry) -> StartStyle? {
    guard let word = entry.value.scalar?.text, let style = StartStyle(rawValue: word) else {
      let shown = entry.value.scalar.map { "'\($0.text)'" } ?? entry.value.kindDescription
      let hint =
        entry.value.scalar.map {
          Suggestion.didYouMean($0.text, in: ["push", "present"])
        } ?? ""
      report("'style' must be 'push' or 'present', not \(shown)\(hint)", at: entry.value)
      return nil
    }
    return style
  }

  // MARK: Values

  /// A name given as a value (`push: Login`): non-empty text.
  private mutating func name(_ node: YAMLNode, for key: String) -> Identifier? {
    guard let scalar = node.scalar, !node.isNull else {
      report("\(key) needs a name, not \(node.kindDescription)", at: node)
      return nil
    }
    return identifier(scalar.text, at: node)
  }

  private mutating func text(_ entry: MappingReader.Entry) -> String? {
    guard let scalar = entry.value.scalar, !entry.value.isNull else {
      report("'\(entry.key)' must be text, not \(entry.value.kindDescription)", at: entry.value)
      return nil
    }
    return scalar.text
  }

  private static let trueWords: Set = [
    "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON",
  ]
  private static let falseWords: Set = [
    "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF",
  ]

  private mutating func bool(_ entry: MappingReader.Entry) -> Bool? {
    if let scalar = entry.value.scalar, scalar.style == .plain {
      if Self.trueWords.contains(scalar.text) { return true }
      if Self.falseWords.contains(scalar.text) { return false }
    }
    let shown = entry.value.scalar.map { "'\($0.text)'" } ?? entry.value.kindDescription
    report("'\(entry.key)' must be true or false, not \(shown)", at: entry.value)
    return nil
  }

  private mutating func lint(_ entry: MappingReader.Entry) -> Lint? {
    guard
      let body = MappingReader(entry.value, of: "'lint'", allowedKeys: ["ignore"], decoder: &self),
      let ignore = body["ignore"]
    else { return nil }
    guard case .sequence(let items) = ignore.value.value else {
      report(
        "'ignore' must be a list of rule ids, such as '[cannot-finish]', not "
          + ignore.value.kindDescription, at: ignore.value)
      return nil
    }
    return Lint(ignore: items.compactMap { name($0, for: "a rule id") })
  }

  /// From a definition's name to the end of its body.
  private func definitionRange(_ entry: MappingReader.Entry) -> SourceRange {
    SourceRange(
      file: path, start: entry.keyNode.start, end: max(entry.keyNode.end, entry.value.end))
  }
}

extension String {
  fileprivate func replacingUnderscores() -> String {
    String(filter { $0 != "_" })
  }
}
