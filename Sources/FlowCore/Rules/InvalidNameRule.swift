/// Names that break the language's naming rules (spec section 2).
package enum InvalidNameRule: DefinitionRule {
  package static let id: RuleID = "invalid-name"
  package static let severity = Severity.error
  package static let blocksGeneration = true
  package static let drawing = FindingDrawing.problem
  package static let summary =
    "A name that is not UpperCamelCase or lowerCamelCase as its kind requires."
  package static let rationale = """
    Names become Swift names in generated code: coordinators, screens, decisions, alerts and \
    types \
    are UpperCamelCase and may not be a builtin type name nor `Self`, `Type`, `Any` or \
    `Protocol`, nor `Swift`, `FlowRuntime` or `Foundation`, the modules generated code \
    names its types through; events, result cases, decision cases, alert buttons, struct \
    fields and enum cases are lowerCamelCase. No name is longer than 128 characters, so that every file \
    named after one (`<Name>Coordinator.swift`) fits the 255 bytes file systems allow. \
    Sticking to these forms keeps the generated code idiomatic, free of clashes, and \
    writable.
    """
  package static let examples: [RuleExample] = [
    .triggering(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { ↓go_next: { push: settings } } }
            ↓settings: { on: { back: pop } }
      """),
    .triggering(
      """
      version: 1
      types:
        ↓String: external
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { input: String?, on: { next: stay } }
      """),
    .triggering(
      """
      version: 1
      types:
        ↓Swift: { struct: { name: String } }
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { input: Swift, on: { next: stay } }
      """),
    .passing(
      """
      version: 1
      coordinators:
        App:
          entry: true
          start: Home
          screens:
            Home: { on: { goNext: { push: Settings2 }, default: stay } }
            Settings2: { on: { back: pop } }
      """),
  ]

  /// UpperCamelCase words that are taken: the builtin types, Swift's special names, and
  /// the modules generated code qualifies names with (`Swift.Never`, `FlowRuntime.Router`),
  /// which a declared type of that name would hide.
  static let reserved: Set<String> = TypeExpression.builtins.union(specialNames).union(
    moduleNames)

  /// Names Swift gives a meaning of its own.
  static let specialNames: Set<String> = ["Self", "Type", "Any", "Protocol"]

  /// The modules generated code imports or names its types through.
  static let moduleNames: Set<String> = ["Swift", "FlowRuntime", "Foundation"]

  /// The longest name, in characters (which are ASCII bytes in a valid name): the longest
  /// file named after one, `<Name>Coordinator.swift`, and its temporary twin then stay far
  /// below the 255 bytes a file name may have.
  package static let maxNameLength = 128

  /// Checks the name of every definition in `scope`: one pass, O(definitions).
  package static func checkDefinitions(
    _ context: ResolvedModule, in scope: FileScope, into findings: inout Findings
  ) {
    let module = context.module
    for type in module.types where scope.contains(type.name.range) {
      check(type.name, .upperCamel, "type", &findings)
      switch type.kind {
      case .structure(let fields):
        for field in fields { check(field.name, .lowerCamel, "field", &findings) }
      case .enumeration(let cases):
        for enumCase in cases { check(enumCase.name, .lowerCamel, "enum case", &findings) }
      case .external, .invalid:
        break
      }
    }
    for coordinator in module.coordinators where scope.contains(coordinator.range) {
      check(coordinator.name, .upperCamel, "coordinator", &findings)
      if case .inline(let cases, _) = coordinator.result {
        for resultCase in cases { check(resultCase.name, .lowerCamel, "result case", &findings) }
      }
      for screen in coordinator.screens {
        check(screen.name, .upperCamel, "screen", &findings)
        for event in screen.events { check(event.name, .lowerCamel, "event", &findings) }
      }
      for event in coordinator.events {
        check(event.name, .lowerCamel, "external event", &findings)
      }
      for decision in coordinator.decisions {
        check(decision.name, .upperCamel, "decision", &findings)
        for decisionCase in decision.cases {
          check(decisionCase.name, .lowerCamel, "decision case", &findings)
        }
      }
      for alert in coordinator.alerts {
        check(alert.name, .upperCamel, "alert", &findings)
        for button in alert.buttons { check(button.name, .lowerCamel, "button", &findings) }
      }
    }
    for link in module.links where scope.contains(link.range) {
      check(link.name, .lowerCamel, "link", &findings)
      for param in link.params { check(param.name, .lowerCamel, "param", &findings) }
    }
  }

  private static func check(
    _ name: Identifier, _ form: NameCase, _ kind: String, _ findings: inout Findings
  ) {
    if !form.matches(name.text) {
      let fixed = camelCased(name.text, form)
      let hint =
        form.matches(fixed) && !reserved.contains(fixed) ? "; did you mean '\(fixed)'?" : ""
      findings.add(
        self, "\(kind) name '\(name)' must be \(form.description)\(hint)", at: name.range)
    } else if name.text.utf8.count > maxNameLength {
      findings.add(
        self,
        "\(kind) name '\(name.text.prefix(32))…' is \(name.text.utf8.count) characters long; "
          + "a name may have at most \(maxNameLength)", at: name.range)
    } else if form == .upperCamel, reserved.contains(name.text) {
      let what =
        TypeExpression.builtins.contains(name.text)
        ? "a builtin type"
        : moduleNames.contains(name.text)
          ? "the name of a module generated code uses" : "reserved in Swift"
      findings.add(
        self, "\(kind) name '\(name)' is \(what); choose another name", at: name.range)
    }
  }

  /// `text` in the form: words split at anything but letters and digits, joined in camel case.
  static func camelCased(_ text: String, _ form: NameCase) -> String {
    let words = text.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
    var result = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    while let first = result.first, first.isNumber { result.removeFirst() }
    guard let first = result.first else { return text }
    let head = form == .upperCamel ? first.uppercased() : first.lowercased()
    result = head + result.dropFirst()
    return result
  }
}
