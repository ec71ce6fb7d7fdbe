/// Reads `links:` (spec section 12, r2). What only the whole module can judge (the target,
/// `via`, the types of `values`, the route) is left to the rules; the decoder checks the
/// link's own structure: its keys, its URL pattern, and that params and pattern agree.
extension FileDecoder {
  static let linkKeys = ["doc", "url", "params", "values", "to", "via", "waits", "lint"]

  /// Decodes one entry of `links:`, marked broken when it has a `schema` problem.
  mutating func decodeLink(_ entry: MappingReader.Entry) -> LinkDefinition {
    decodeDefinition(
      DefinitionName(kind: .link, name: entry.name, coordinator: nil), broken: \.isBroken
    ) { $0.link(entry) }
  }

  private mutating func link(_ entry: MappingReader.Entry) -> LinkDefinition {
    var link = LinkDefinition(name: entry.name, range: definitionRange(entry))
    let what = Subject(definition: .link(entry.key))
    guard
      let body = MappingReader(
        entry.value, of: "\(what)", allowedKeys: Self.linkKeys, decoder: &self)
    else { return link }
    link.doc = body["doc"].flatMap { text($0) }
    link.lint = body["lint"].flatMap { lint($0) }
    link.waits = body["waits"].flatMap { bool($0) } ?? true
    link.params = entries(of: body["params"], of: "the params of \(what)").map { param in
      LinkParam(name: param.name, type: requiredType(param.value, of: Subject("param", param.key)))
    }
    link.values = entries(of: body["values"], of: "the values of \(what)").compactMap {
      linkValue($0)
    }
    link.via = body["via"].map { via($0) } ?? []
    if let to = body["to"] {
      if let text = tree.text(of: to.value), !tree.isAbsent(to.value), !text.isEmpty,
        !text.contains(".")
      {
        // (r3) A shared screen with no `Coordinator.` prefix: a relative link, which has no
        // route for `via` and `waits` to shape (spec section 13.6).
        link.relative = identifier(text, at: to.value)
        for key in ["via", "waits"] {
          guard let entry = body[key] else { continue }
          report(
            "relative-link-\(key)",
            "'\(key)' is not allowed on a relative link: it opens shared screen '\(text)' on "
              + "whatever stack is on top, with no route; write 'to: Coordinator.\(text)' for "
              + "a routed link", at: entry.keyNode)
        }
      } else {
        link.target = target(to.value)
      }
    } else if !body.hasBrokenMerge {
      report(
        "link-without-to", "\(what) needs 'to: Coordinator.Screen', the screen it opens",
        at: entry.keyNode)
    }
    if let url = body["url"] {
      link.url = pattern(url.value)
    } else if !body.hasBrokenMerge {
      report(
        "link-without-url", "\(what) needs 'url', a path pattern such as '/products/{id}'",
        at: entry.keyNode)
    }
    if let pattern = link.url { checkParams(of: link, pattern: pattern, body: body) }
    return link
  }

  /// The `url:` pattern at `node`, or `nil` after reporting what is wrong with it.
  private mutating func pattern(_ node: YAMLNode) -> URLPattern? {
    guard let text = tree.text(of: node), !tree.isNull(node) else {
      report(
        "url-not-text",
        "'url' must be a path pattern such as '/products/{id}', not "
          + "\(tree.kindDescription(of: node))", at: node)
      return nil
    }
    switch URLPatternParser.parse(text, at: range(of: node)) {
    case .success(let pattern): return pattern
    case .failure(let problem):
      report("bad-url-pattern", "\(problem.message)", at: node)
      return nil
    }
  }

  /// Every `{name}` of the pattern has a type in `params`, and every param is in the pattern
  /// (spec section 12): at the url for the first, at the param for the second.
  private mutating func checkParams(
    of link: LinkDefinition, pattern: URLPattern, body: MappingReader
  ) {
    let declared = Set(link.params.map(\.name.text))
    let used = Set(pattern.paramNames)
    for name in pattern.paramNames where !declared.contains(name) {
      let suggestion = Suggestion.closest(to: name, in: Array(declared.subtracting(used)))
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
      report(
        "url-param-without-type",
        "'{\(name)}' in the 'url' of \(definition: place) has no type in 'params'\(hint); "
          + "add '\(name): String' (or another param type)", at: pattern.range,
        about: [.key("url"), .reference(name)], suggestion: suggestion)
    }
    for param in link.params where !used.contains(param.name.text) {
      report(
        "param-not-in-url",
        "param '\(param.name.text)' of \(definition: place) is not in its 'url'; write it "
          + "as a segment '{\(param.name.text)}' or a query item '?\(param.name.text)="
          + "{\(param.name.text)}'", at: param.name.range, about: [.param(param.name.text)])
    }
  }

  /// One entry of `values:`, `Type: [param, …]`.
  private mutating func linkValue(_ entry: MappingReader.Entry) -> LinkValue? {
    let type = TypeParser.read(entry.keyNode, decoder: &self)
    guard tree.kind(of: entry.value) == .sequence else {
      report(
        "values-not-list",
        "a 'values' entry lists the params the app builds '\(entry.key)' from, such as "
          + "'\(entry.key): [id]', not \(tree.kindDescription(of: entry.value))", at: entry.value)
      return nil
    }
    noteShared(ifAlias: entry.value)
    let params = tree.items(of: entry.value).compactMap { name($0, for: "a 'values' param") }
    return LinkValue(type: type, params: params)
  }

  /// `via: [Coordinator, …]`.
  private mutating func via(_ entry: MappingReader.Entry) -> [Identifier] {
    guard tree.kind(of: entry.value) == .sequence else {
      report(
        "via-not-list",
        "'via' must be a list of coordinators, such as '[Main, Shop]', not "
          + "\(tree.kindDescription(of: entry.value))", at: entry.value)
      return []
    }
    noteShared(ifAlias: entry.value)
    return tree.items(of: entry.value).compactMap { name($0, for: "a 'via' coordinator") }
  }

  /// `to: Coordinator.Screen`, each name located within the value where it can be.
  private mutating func target(_ node: YAMLNode) -> LinkTarget? {
    guard let text = tree.text(of: node), !tree.isAbsent(node) else {
      report(
        "to-not-text", "'to' needs 'Coordinator.Screen', not \(tree.kindDescription(of: node))",
        at: node)
      return nil
    }
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
      report(
        "bad-to",
        "'to' names a screen as 'Coordinator.Screen', such as 'Shop.Product', not '\(text)'",
        at: node)
      return nil
    }
    let split = parts[0].utf8.count
    let coordinator = Identifier(
      String(parts[0]), at: TypeParser.nameRange(node, 0, split, self))
    let screen = Identifier(
      String(parts[1]), at: TypeParser.nameRange(node, split + 1, text.utf8.count, self))
    return LinkTarget(coordinator: coordinator, screen: screen, range: range(of: node))
  }
}
