/// One thing an editor can offer at the cursor (LSP's `CompletionItem`).
package struct EditorCompletion: Hashable, Sendable {
  /// What the offer is.
  package enum Kind: String, Hashable, Sendable {
    /// A key the mapping at the cursor allows.
    case key
    /// A screen, decision or alert of the coordinator.
    case screen, decision, alert
    /// A coordinator of the module.
    case coordinator
    /// A declared or builtin type.
    case type
    /// A result case (of a child in `on:`, of this coordinator after `finish:`).
    case resultCase
    /// (r3) A request (of a child in `on:`, of this coordinator after `request:`).
    case request
    /// A word of the language: `pop`, `sheet`, `true`.
    case keyword
  }

  /// The text offered, which is also what is inserted.
  package var label: String
  /// What it is.
  package var kind: Kind
  /// A short description: the payload of a case, what a type is.
  package var detail: String?

  package init(label: String, kind: Kind, detail: String? = nil) {
    self.label = label
    self.kind = kind
    self.detail = detail
  }
}

extension EditorModule {
  /// What fits at `position` of the file at `path` (LSP `textDocument/completion`): at a key,
  /// the keys its mapping allows and has not written, from the decoder's own key tables; at
  /// a value, the names that fit there: screens of this coordinator after `push:`, its
  /// decisions after `decide:`, coordinators after `start:` and `select:`, the child's result
  /// cases and requests (r3) as the keys of a start's `on:`, this coordinator's result cases
  /// after `finish:` and `leave:` and its requests after `request:`,
  /// types in type positions, the words of `style:` and of an action; inside a link, its
  /// keys, coordinators after `to:` and the screens of `Coordinator` after `to: Coordinator.`. Names are those of
  /// this state of the module; the place is read from the text, which need not parse.
  package func completions(at position: EditorPosition, in path: String) -> [EditorCompletion] {
    guard let text = liveTexts[path] ?? texts[path] else { return [] }
    let context = CompletionContext(
      text: text, line: position.line, character: position.character)
    let offers = context.valueOf.map { value(of: $0, context) } ?? keys(context)
    return offers.filter { $0.label.hasPrefix(context.partial) || context.partial.isEmpty }
  }

  // MARK: Keys

  private func keys(_ context: CompletionContext) -> [EditorCompletion] {
    let keys = Self.scoped(context.keys)
    let written = Set(context.pairs.keys)
    func offer(_ list: [String]) -> [EditorCompletion] {
      list.filter { !written.contains($0) }.map { EditorCompletion(label: $0, kind: .key) }
    }
    if keys.isEmpty { return offer(FileDecoder.fileKeys) }
    if keys.last == "lint" { return offer(FileDecoder.lintKeys) }
    switch keys.count {
    case 2 where keys[0] == "types": return offer(FileDecoder.typeKeys)
    case 2 where keys[0] == "coordinators": return offer(FileDecoder.coordinatorKeys)
    case 2 where keys[0] == "links": return offer(FileDecoder.linkKeys)
    case 4 where keys[0] == "coordinators":
      switch keys[2] {
      case "screens": return offer(FileDecoder.screenKeys)
      case "decisions": return offer(FileDecoder.decisionKeys)
      case "alerts": return offer(FileDecoder.alertKeys)
      case "tabs" where keys[3] == "-":
        // A tab's `style` is among its keys only for the decoder to say it has none.
        return offer(FileDecoder.tabKeys.filter { $0 != "style" })
      default: break
      }
    default: break
    }
    if Self.isActionMapping(keys) { return offer(FileDecoder.actionKeys) }
    if let child = handledChild(context) {
      return (resultCases(of: child, withPayload: true) + requests(of: child))
        .filter { !written.contains($0.label) }
    }
    return []
  }

  /// Whether the mapping at `keys` is an action's mapping form: an event, decision case,
  /// button, external event or handler (spec section 7).
  private static func isActionMapping(_ keys: [String]) -> Bool {
    guard keys.count >= 4, keys[0] == "coordinators" else { return false }
    if keys.count == 4 { return keys[2] == "events" }
    if keys.count == 6 {
      switch (keys[2], keys[4]) {
      case ("screens", "on"), ("alerts", "on"), ("decisions", "cases"): return true
      default: break
      }
    }
    return isTransitions(Array(keys.dropLast()))
  }

  /// Whether the mapping at `keys` maps names to actions: a node's events, cases or buttons,
  /// a coordinator's external events, or a start's handlers.
  private static func isTransitions(_ keys: [String]) -> Bool {
    guard keys.count >= 3, keys[0] == "coordinators" else { return false }
    if keys.count == 3 { return keys[2] == "events" }
    if keys.count == 5 {
      switch (keys[2], keys[4]) {
      case ("screens", "on"), ("alerts", "on"), ("decisions", "cases"): return true
      default: break
      }
    }
    guard keys.last == "on" else { return false }
    let owner = Array(keys.dropLast())
    return isActionMapping(owner) || (owner.count == 4 && owner[2] == "tabs")
  }

  /// The child whose result the mapping at the cursor handles: the `start:` (or r3 `show:`)
  /// beside its `on:`.
  private func handledChild(_ context: CompletionContext) -> String? {
    guard let on = context.path.last, on.key == "on", Self.isTransitions(Self.scoped(context.keys))
    else {
      return nil
    }
    return on.siblings["start"] ?? on.siblings["show"]
  }

  /// (r3) The name ``scoped(_:)`` gives the shared nodes' scope: no coordinator's name.
  private static let sharedScope = ""

  /// `keys` with the shared nodes' place (spec section 13.2: `screens`, `decisions` and
  /// `alerts` at a file's top level) read as a coordinator's, in ``sharedScope``: their keys
  /// and actions are those of a coordinator's nodes.
  private static func scoped(_ keys: [String]) -> [String] {
    guard let first = keys.first, ["screens", "decisions", "alerts"].contains(first) else {
      return keys
    }
    return ["coordinators", sharedScope] + keys
  }

  // MARK: Values

  private func value(of key: String, _ context: CompletionContext) -> [EditorCompletion] {
    let keys = Self.scoped(context.keys)
    let coordinator = keys.count >= 2 && keys[0] == "coordinators" ? keys[1] : nil
    let inCoordinator = keys.count == 2 && coordinator != nil
    if keys.first == "links" { return linkValue(of: key, context) }
    if Self.isTransitions(keys) {
      return FileDecoder.scalarActions.map { EditorCompletion(label: $0, kind: .keyword) }
    }
    switch key {
    case "push", "present", "replace":
      return nodes(of: coordinator, .screen)
    case "decide":
      return nodes(of: coordinator, .decision)
    case "alert":
      return nodes(of: coordinator, .alert)
    case "start" where inCoordinator:
      return nodes(of: coordinator, .screen) + nodes(of: coordinator, .decision)
    case "start", "select":
      return coordinators()
    case "show":
      // (r3) A split coordinator cannot be shown (a `schema` error, spec section 13.4).
      return coordinators().filter { check.module.coordinator(named: $0.label)?.split == nil }
    case "split" where inCoordinator:
      return SplitLayout.allCases.map {
        EditorCompletion(label: $0.rawValue, kind: .keyword, detail: Self.describe($0))
      }
    case "column" where context.pairs["show"] != nil:
      return columns(after: coordinator).map {
        EditorCompletion(label: $0.word, kind: .keyword, detail: "column")
      }
    case "finish":
      return coordinator.map { resultCases(of: $0, withPayload: true) } ?? []
    case "request":
      return coordinator.map { requests(of: $0) } ?? []
    case "leave" where inCoordinator:
      return coordinator.map { resultCases(of: $0, withPayload: false) } ?? []
    case "input", "payload":
      return types()
    case "result" where inCoordinator:
      return types()
    case "style":
      let words =
        context.pairs["present"] != nil ? FileDecoder.presentStyles : FileDecoder.startStyles
      return words.map { EditorCompletion(label: $0, kind: .keyword) }
    case "entry", "systemBack", "dismissible":
      return ["true", "false"].map { EditorCompletion(label: $0, kind: .keyword) }
    default:
      break
    }
    if keys.count == 1, keys[0] == "types" {
      return [EditorCompletion(label: "external", kind: .keyword)]
    }
    // A struct's fields, an enum's cases and an inline result's cases are typed.
    if keys.count == 3, keys[0] == "types", keys[2] == "struct" || keys[2] == "enum" {
      return types()
    }
    if keys.count == 3, keys[0] == "coordinators", keys[2] == "result" { return types() }
    return []
  }

  /// A value inside a link (spec section 12): the coordinators, then after `to:
  /// Coordinator.` that coordinator's screens; the coordinators of `via:`; a param's types.
  private func linkValue(of key: String, _ context: CompletionContext) -> [EditorCompletion] {
    let keys = context.keys
    switch key {
    case "to" where keys.count == 2:
      let written = context.valuePrefix
      guard written.isEmpty || written.hasSuffix(".") else { return [] }
      // A coordinator, or a shared screen (r3): a relative link (spec section 13.6).
      if written.isEmpty { return coordinators() + nodes(of: Self.sharedScope, .screen) }
      return nodes(of: String(written.dropLast()), .screen)
    case "via" where keys.count == 2:
      return coordinators()
    case _ where keys.count == 3 && keys[2] == "params":
      return LinkParam.allowedTypes.sorted().map {
        EditorCompletion(label: $0, kind: .type, detail: "builtin")
      }
    case "waits" where keys.count == 2:
      return ["true", "false"].map { EditorCompletion(label: $0, kind: .keyword) }
    default:
      return []
    }
  }

  private func coordinators() -> [EditorCompletion] {
    check.module.coordinators.map {
      EditorCompletion(label: $0.name.text, kind: .coordinator, detail: $0.doc)
    }
  }

  /// The screens, decisions or alerts (by `kind`) that an action of `coordinator` can name:
  /// its own, then the shared ones (r3) it does not hide with its own; in a shared node
  /// (``sharedScope``), the shared ones only.
  private func nodes(of coordinator: String?, _ kind: EditorCompletion.Kind) -> [EditorCompletion] {
    let module = check.module
    guard let coordinator else { return [] }
    let shared = module.shared
    var own: (screens: [Screen], decisions: [Decision], alerts: [Alert]) = ([], [], [])
    if coordinator != Self.sharedScope {
      guard let found = module.coordinator(named: coordinator) else { return [] }
      own = (
        found.screens.filter { $0.copyOf == nil }, found.decisions.filter { $0.copyOf == nil },
        found.alerts.filter { $0.copyOf == nil }
      )
    }
    func offers<Node>(
      _ own: [Node], _ shared: [Node], name: (Node) -> Identifier, detail: (Node) -> String?
    ) -> [EditorCompletion] {
      let ownNames = Set(own.map { name($0).text })
      return own.map { EditorCompletion(label: name($0).text, kind: kind, detail: detail($0)) }
        + shared.filter { !ownNames.contains(name($0).text) }.map { node in
          let detail = detail(node).map { "shared, \($0)" } ?? "shared"
          return EditorCompletion(label: name(node).text, kind: kind, detail: detail)
        }
    }
    switch kind {
    case .screen:
      return offers(own.screens, shared.screens, name: \.name) { $0.input.map { "\($0.type)" } }
    case .decision:
      return offers(own.decisions, shared.decisions, name: \.name) { _ in nil }
    default:
      return offers(own.alerts, shared.alerts, name: \.name) { $0.input.map { "\($0.type)" } }
    }
  }

  /// The result cases of `coordinator`; those without a payload only, unless `withPayload`.
  private func resultCases(of coordinator: String, withPayload: Bool) -> [EditorCompletion] {
    let module = check.module
    guard let found = module.coordinator(named: coordinator),
      let cases = module.resultCases(of: found)
    else { return [] }
    return cases.filter { withPayload || $0.payload == nil }.map {
      EditorCompletion(
        label: $0.name.text, kind: .resultCase, detail: $0.payload.map { "\($0.type)" })
    }
  }

  /// (r3) The requests of `coordinator`, in order, each with its payload type.
  private func requests(of coordinator: String) -> [EditorCompletion] {
    guard let found = check.module.coordinator(named: coordinator) else { return [] }
    return found.requests.map {
      EditorCompletion(
        label: $0.name.text, kind: .request,
        detail: "request" + ($0.payload.map { ", \($0.type)" } ?? ""))
    }
  }

  /// (r3) The columns a `show` held by `holder` can name (spec section 13.4): those after
  /// each column the holder's screens can be in, when the checks know it; else every column
  /// a `show` can name.
  private func columns(after holder: String?) -> [SplitColumn] {
    let every: [SplitColumn] = [.supplementary, .secondary]
    let module = check.module
    guard let holder, let index = module.coordinatorIndex(named: holder) else { return every }
    var known = false
    var found: Set<SplitColumn> = []
    for place in SplitColumns(resolved.analysis).places[index] {
      guard case .column(let split, let column) = place,
        let layout = module.coordinators[split].split?.layout
      else { continue }
      known = true
      found.formUnion(layout.columns.filter { $0 > column })
    }
    return known ? every.filter(found.contains) : every
  }

  /// (r3) A split layout in a few words, for completion: `primary, secondary`.
  private static func describe(_ layout: SplitLayout) -> String {
    layout.columns.map(\.word).joined(separator: ", ")
  }

  /// The declared types, then the builtins.
  private func types() -> [EditorCompletion] {
    check.module.types.map {
      EditorCompletion(label: $0.name.text, kind: .type, detail: Self.describe($0.kind))
    }
      + TypeExpression.builtins.sorted().map {
        EditorCompletion(label: $0, kind: .type, detail: "builtin")
      }
  }
}
