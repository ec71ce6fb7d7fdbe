/// Builds `FlowLink.swift`, the module's deep links (spec section 12): `enum FlowLink` with a
/// case per link carrying its params as labelled values, `init?(url:)` that reads a URL
/// into the first link in file order whose pattern it matches, and `url`, which builds one
/// back. Reading, percent-coding and typed parsing are FlowRuntime's (`LinkURL`,
/// `LinkValue`): the generated part only lists each pattern and its params. O(size of the
/// links).
struct LinksGenerator {
  let context: CoordinatorGenerator.Context

  /// The name of the generated file.
  static let fileName = "FlowLink.swift"

  /// The links to generate: those that could be read whole, in file order.
  private var links: [LinkDefinition] {
    context.module.links.filter { !$0.isBroken && $0.url != nil }
  }

  /// The paths of the files that define the links, in order, without repeats.
  var sources: [String] {
    var paths: [String] = []
    for link in links where paths.last != link.range.file { paths.append(link.range.file) }
    return paths
  }

  /// The file, or `nil` when the module has no link.
  func file(header: String) -> SwiftFile? {
    let links = self.links
    guard !links.isEmpty else { return nil }
    let names = context.names
    let visible = context.access.modifiers
    var cases: [SwiftEnumCase] = []
    var readers: [SwiftStatement] = []
    var writers: [SwiftSwitchCase] = []
    for link in links {
      guard let pattern = link.url else { continue }
      let name = SwiftNames.identifier(link.name.text)
      let params = pattern.paramNames.map { param in
        (name: param, type: link.param(named: param)?.type.type ?? .invalid)
      }
      cases.append(
        SwiftEnumCase(
          doc: Self.doc(link.doc, pattern: pattern), name: name,
          labelled: params.map { param in
            let identifier = SwiftNames.identifier(param.name)
            return SwiftParameter(label: identifier, name: identifier, type: names.type(param.type))
          }))
      readers.append(reader(name, pattern: pattern, params: params))
      writers.append(writer(name, pattern: pattern, params: params))
    }
    let url = SwiftType.named(names.swift("URL"))
    let initializer = SwiftFunction(
      preamble: SwiftPreamble(
        doc: [
          "The link that `url` opens: the first in file order whose pattern it matches. `nil`",
          "when none matches, a param is missing or a value does not parse. The scheme is not",
          "matched; for a scheme other than `http` and `https`, the host is the first segment.",
        ], modifiers: visible + [.nonisolated]),
      name: SwiftFunction.failableInitializer,
      parameters: [SwiftParameter(label: "url", name: "url", type: url)],
      body: [
        .guardStatement(
          .binding("link", .call(names.runtime("LinkURL"), [.value(.identifier("url"))])),
          otherwise: [.returnValue(.nilLiteral)])
      ] + readers + [.returnValue(.nilLiteral)])
    let property = SwiftProperty(
      preamble: SwiftPreamble(
        doc: [
          "The link's URL, which ``init(url:)`` reads back: its path and query items,",
          "percent-encoded, without a scheme or host (resolve it against the app's own).",
        ], modifiers: visible + [.nonisolated]),
      isVariable: true, name: "url", type: url, getter: nil,
      getterBody: [.switchOver(.identifier("self"), cases: writers)])
    return SwiftFile(
      header: header, imports: ["FlowRuntime", "Foundation"],
      declarations: [
        .enumeration(
          SwiftEnum(
            preamble: SwiftPreamble(
              doc: [
                "The deep links of the flow (FLOW-SPEC section 12): one case per link, with its",
                "params. Give one to `open(_:)` on the entry coordinator to take the app there.",
              ], modifiers: context.access.modifiers(nonisolated: true)),
            name: "FlowLink", inherits: [.named("Hashable"), .named("Sendable")], cases: cases)),
        .type(
          SwiftTypeDeclaration(
            kind: .extensionType, name: "FlowLink",
            members: [.function(initializer), .property(property)])),
      ])
  }

  /// A case's doc: the link's `doc`, then its pattern.
  private static func doc(_ doc: String?, pattern: URLPattern) -> [String] {
    let lines = SwiftNames.docLines(doc)
    return (lines.isEmpty ? [] : lines + [""]) + ["`\(pattern.text)`"]
  }

  /// `if let match = link.match([...], query: [...]), let id = ..., ... { self = ...; return }`.
  private func reader(
    _ name: String, pattern: URLPattern, params: [(name: String, type: TypeExpression)]
  ) -> SwiftStatement {
    let names = context.names
    let segments = pattern.segments.map { segment -> SwiftExpression in
      switch segment {
      case .literal(let text): return .string(text)
      case .param: return .nilLiteral
      }
    }
    var arguments: [SwiftArgument] = [.value(.array(segments))]
    if !pattern.query.isEmpty {
      arguments.append(
        SwiftArgument(label: "query", value: .array(pattern.query.map { .string($0.key) })))
    }
    var conditions: [SwiftCondition] = [
      .binding(params.isEmpty ? "_" : "match", .call(.member(of: "link", "match"), arguments))
    ]
    var values: [SwiftArgument] = []
    for (index, param) in params.enumerated() {
      let identifier = SwiftNames.identifier(param.name)
      let read: String
      let type: TypeExpression
      if case .optional(let wrapped) = param.type {
        read = "optionalValue"
        type = wrapped
      } else {
        read = "value"
        type = param.type
      }
      conditions.append(
        .binding(
          identifier,
          .call(
            .member(of: "match", read),
            [.value(.member(.type(names.type(type)), "self")), .value(.integer(index))])))
      values.append(SwiftArgument(label: identifier, value: .identifier(identifier)))
    }
    let made: SwiftExpression =
      values.isEmpty ? .implicitMember(name) : .call(.implicitMember(name), values)
    return .ifAll(
      conditions, then: [.assignment(target: .identifier("self"), value: made), .returnStatement])
  }

  /// `case .name(let a, let b): return LinkURL.url(path: [...], query: [...])`.
  private func writer(
    _ name: String, pattern: URLPattern, params: [(name: String, type: TypeExpression)]
  ) -> SwiftSwitchCase {
    let optional = Set(
      params.filter { if case .optional = $0.type { true } else { false } }.map(\.name))
    func text(_ param: String) -> SwiftExpression {
      let value = SwiftExpression.identifier(SwiftNames.identifier(param))
      return .member(optional.contains(param) ? .optionalChain(value) : value, "linkText")
    }
    let path = pattern.segments.map { segment -> SwiftExpression in
      switch segment {
      case .literal(let literal): return .string(literal)
      case .param(let param): return text(param)
      }
    }
    var arguments = [SwiftArgument(label: "path", value: .array(path))]
    if !pattern.query.isEmpty {
      arguments.append(
        SwiftArgument(label: "query", value: .array(pattern.query.map { .string($0.key) })))
      arguments.append(
        SwiftArgument(label: "values", value: .array(pattern.query.map { text($0.param) })))
    }
    return SwiftSwitchCase(
      pattern: .enumCase(name, bindings: params.map { SwiftNames.identifier($0.name) }),
      body: [
        .returnValue(.call(.member(of: context.names.runtime("LinkURL"), "url"), arguments))
      ])
  }
}
