/// Builds the shared file of the module's declared `struct` and `enum` types. External
/// types are the app's and are not generated.
struct TypesGenerator {
  let context: CoordinatorGenerator.Context
  /// Maps a flow file's path to the path a header names.
  let displayPath: (String) -> String

  /// The declared types to generate, in file order.
  var declared: [TypeDeclaration] {
    context.module.types.filter {
      switch $0.kind {
      case .structure, .enumeration: return true
      case .external, .invalid: return false
      }
    }
  }

  /// The shared types file, or `nil` when there is no type to generate.
  func file(header: String) -> SwiftFile? {
    let types = declared
    guard !types.isEmpty else { return nil }
    var usesFoundation = false
    var usesRuntime = false
    var declarations: [SwiftDeclaration] = []
    let names = context.names
    let visible = context.access.modifiers
    for type in types {
      let name = type.name.text
      let doc = ["Declared in \(displayPath(type.name.range.file))."]
      let conformances = context.facts.conformances(of: type, names: names)
      let isNonisolated = context.facts.isNonisolated(type)
      switch type.kind {
      case .structure(let fields):
        var members: [SwiftDeclaration] = []
        var parameters: [SwiftParameter] = []
        var assignments: [SwiftStatement] = []
        for field in fields {
          let spelled = names.type(field.type.type)
          usesFoundation = usesFoundation || Self.mentionsFoundation(field.type.type)
          let identifier = SwiftNames.identifier(field.name.text)
          var attributes: [SwiftAttribute] = []
          if context.facts.boxedFields.contains("\(name).\(field.name.text)") {
            attributes.append(SwiftAttribute(name: names.runtime("Indirect")))
            usesRuntime = true
          }
          members.append(
            .property(
              SwiftProperty(
                preamble: SwiftPreamble(attributes: attributes, modifiers: visible),
                isVariable: true, name: identifier, type: spelled)))
          // A parameter named `self` would hide the instance in the initializer.
          let local = field.name.text == "self" ? "self_" : identifier
          parameters.append(SwiftParameter(label: identifier, name: local, type: spelled))
          assignments.append(
            .assignment(target: .member(of: "self", identifier), value: .identifier(local)))
        }
        // Swift's memberwise initializer is internal: public types need one of their own.
        if context.access == .public {
          members.append(
            .function(
              SwiftFunction(
                preamble: SwiftPreamble(modifiers: visible), name: SwiftFunction.initializer,
                parameters: parameters, body: assignments)))
        }
        declarations.append(
          .type(
            SwiftTypeDeclaration(
              preamble: SwiftPreamble(
                doc: doc, modifiers: context.access.modifiers(nonisolated: isNonisolated)),
              kind: .structure, name: name, inherits: conformances, members: members)))
      case .enumeration(let cases):
        var swiftCases: [SwiftEnumCase] = []
        for item in cases {
          let payload = item.payload.map { names.type($0.type) }
          if let type = item.payload?.type {
            usesFoundation = usesFoundation || Self.mentionsFoundation(type)
          }
          swiftCases.append(
            SwiftEnumCase(name: SwiftNames.identifier(item.name.text), payload: payload))
        }
        declarations.append(
          .enumeration(
            SwiftEnum(
              preamble: SwiftPreamble(
                doc: doc, modifiers: context.access.modifiers(nonisolated: isNonisolated)),
              isIndirect: context.facts.indirectEnums.contains(name), name: name,
              inherits: conformances, cases: swiftCases)))
      case .external, .invalid:
        break
      }
    }
    var imports: [String] = []
    if usesRuntime { imports.append("FlowRuntime") }
    if usesFoundation { imports.append("Foundation") }
    return SwiftFile(header: header, imports: imports, declarations: declarations)
  }

  private static func mentionsFoundation(_ type: TypeExpression) -> Bool {
    type.names.contains(where: SwiftNames.foundationTypes.contains)
  }
}
