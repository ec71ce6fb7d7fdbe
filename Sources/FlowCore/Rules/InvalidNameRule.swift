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

  /// Checks the name of every definition in `scope`: one pass, O(definitions). A name's
  /// subject is built only for a finding: most names are good.
  package static func checkDefinitions(
    _ context: ResolvedModule, in scope: FileScope, into findings: inout Findings
  ) {
    let module = context.module
    for type in module.types where scope.contains(type.name.range) {
      check(type.name, .upperCamel, "type", type.subject, &findings)
      switch type.kind {
      case .structure(let fields):
        for field in fields {
          check(
            field.name, .lowerCamel, "field", type.subject.appending(.field(field.name.text)),
            &findings)
        }
      case .enumeration(let cases):
        for enumCase in cases {
          check(
            enumCase.name, .lowerCamel, "enum case",
            type.subject.appending(.enumCase(enumCase.name.text)), &findings)
        }
      case .external, .invalid:
        break
      }
    }
    for coordinator in module.coordinators where scope.contains(coordinator.range) {
      check(coordinator.name, .upperCamel, "coordinator", coordinator.subject, &findings)
      if case .inline(let cases, _) = coordinator.result {
        for resultCase in cases {
          check(
            resultCase.name, .lowerCamel, "result case",
            coordinator.subject.appending(.resultCase(resultCase.name.text)), &findings)
        }
      }
      for request in coordinator.requests {
        check(
          request.name, .lowerCamel, "request",
          coordinator.subject.appending(.request(request.name.text)), &findings)
      }
      // An owner's copies of shared nodes (r3) are checked once, as shared nodes, below.
      checkNodes(
        screens: coordinator.screens, decisions: coordinator.decisions,
        alerts: coordinator.alerts, where: { _, copyOf in copyOf == nil },
        under: [.coordinator(coordinator.name.text)], &findings)
      for event in coordinator.events {
        check(
          event.name, .lowerCamel, "external event",
          coordinator.subject.appending(.externalEvent(event.name.text)), &findings)
      }
    }
    let shared = module.shared
    checkNodes(
      screens: shared.screens, decisions: shared.decisions, alerts: shared.alerts,
      where: { range, _ in scope.contains(range) }, under: [], &findings)
    for link in module.links where scope.contains(link.range) {
      check(link.name, .lowerCamel, "link", link.subject, &findings)
      for param in link.params {
        check(
          param.name, .lowerCamel, "param", link.subject.appending(.param(param.name.text)),
          &findings)
      }
    }
  }

  /// The names of the screens, decisions and alerts that `included` keeps (by their range
  /// and whether they are an owner's copy of a shared node), and of their events, cases and
  /// buttons; `path` leads to them (a coordinator's, or none for shared ones).
  private static func checkNodes(
    screens: [Screen], decisions: [Decision], alerts: [Alert],
    where included: (_ range: SourceRange, _ copyOf: Int?) -> Bool,
    under path: [SymbolRef.Component], _ findings: inout Findings
  ) {
    // By index, reading only the names: no copy of each node and each event.
    for index in screens.indices where included(screens[index].range, screens[index].copyOf) {
      let name = screens[index].name
      check(name, .upperCamel, "screen", SymbolRef(path + [.screen(name.text)]), &findings)
      let events = screens[index].events
      for event in events.indices {
        let eventName = events[event].name
        check(
          eventName, .lowerCamel, "event",
          SymbolRef(path + [.screen(name.text), .event(eventName.text)]), &findings)
      }
    }
    for index in decisions.indices
    where included(decisions[index].range, decisions[index].copyOf) {
      let name = decisions[index].name
      check(name, .upperCamel, "decision", SymbolRef(path + [.decision(name.text)]), &findings)
      let cases = decisions[index].cases
      for decisionCase in cases.indices {
        let caseName = cases[decisionCase].name
        check(
          caseName, .lowerCamel, "decision case",
          SymbolRef(path + [.decision(name.text), .decisionCase(caseName.text)]), &findings)
      }
    }
    for index in alerts.indices where included(alerts[index].range, alerts[index].copyOf) {
      let name = alerts[index].name
      check(name, .upperCamel, "alert", SymbolRef(path + [.alert(name.text)]), &findings)
      let buttons = alerts[index].buttons
      for button in buttons.indices {
        let buttonName = buttons[button].name
        check(
          buttonName, .lowerCamel, "button",
          SymbolRef(path + [.alert(name.text), .button(buttonName.text)]), &findings)
      }
    }
  }

  /// Checks `name` in `form`; `subject` is worked out only for a finding.
  private static func check(
    _ name: Identifier, _ form: NameCase, _ kind: String,
    _ subject: @autoclosure () -> SymbolRef, _ findings: inout Findings
  ) {
    if !form.matches(name.text) {
      let fixed = camelCased(name.text, form)
      let suggestion = form.matches(fixed) && !reserved.contains(fixed) ? fixed : nil
      findings.add(
        Message.wrongCase(kind, name.text, form, suggestion: suggestion), about: subject(),
        at: name.range, suggestion: suggestion)
    } else if name.text.utf8.count > maxNameLength {
      findings.add(
        Message.tooLong(kind, name.text), about: subject(), at: name.range)
    } else if form == .upperCamel, mayBeReserved(name.text), reserved.contains(name.text) {
      let reason: Message.Reserved =
        TypeExpression.builtins.contains(name.text)
        ? .builtinType : moduleNames.contains(name.text) ? .moduleName : .swift
      findings.add(Message.reserved(kind, name.text, reason), about: subject(), at: name.range)
    }
  }

  /// Whether an UpperCamelCase `name` has the first letter and the length of a reserved
  /// name: most names do not, and are not hashed to be looked up.
  private static func mayBeReserved(_ name: String) -> Bool {
    guard let (letter, length) = shape(of: name) else { return true }
    return reservedShapes[letter] & length != 0
  }

  /// For each capital letter, the lengths of the reserved names it begins (one bit each).
  private static let reservedShapes: [UInt64] = {
    var shapes = [UInt64](repeating: 0, count: 26)
    for name in reserved {
      guard let (letter, length) = shape(of: name) else { continue }
      shapes[letter] |= length
    }
    return shapes
  }()

  /// A name's first letter (0 for `A`) and its length as one bit; `nil` for a name that does
  /// not begin with a capital letter or is 64 bytes or longer.
  private static func shape(of name: String) -> (letter: Int, length: UInt64)? {
    let utf8 = name.utf8
    guard let first = utf8.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z"),
      utf8.count < 64
    else { return nil }
    return (Int(first - UInt8(ascii: "A")), 1 << UInt64(utf8.count))
  }

  /// What the rule says.
  package enum Message: RuleMessage {
    package typealias ReportingRule = InvalidNameRule

    /// A name of `kind` (`screen`, `enum case`) not in its form, and the name in its form
    /// when that one is a good name.
    case wrongCase(String, String, NameCase, suggestion: String?)
    /// A name longer than ``InvalidNameRule/maxNameLength`` bytes.
    case tooLong(String, String)
    /// A type-like name that Swift or generated code already means.
    case reserved(String, String, Reserved)

    /// Why a name is taken.
    package enum Reserved: Hashable, Sendable {
      /// It is a builtin type of the language.
      case builtinType
      /// It is a module generated code imports.
      case moduleName
      /// Swift reserves it.
      case swift
    }

    package var name: String {
      switch self {
      case .wrongCase: "wrong-case"
      case .tooLong: "too-long"
      case .reserved: "reserved"
      }
    }

    package var english: MessageText {
      switch self {
      case .wrongCase(let kind, let name, let form, let suggestion):
        let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
        return "\(kind) name '\(name)' must be \(form.description)\(hint)"
      case .tooLong(let kind, let name):
        return "\(kind) name '\(name.prefix(32))…' is \(name.utf8.count) characters long; "
          + "a name may have at most \(InvalidNameRule.maxNameLength)"
      case .reserved(let kind, let name, let reason):
        let what: String
        switch reason {
        case .builtinType: what = "a builtin type"
        case .moduleName: what = "the name of a module generated code uses"
        case .swift: what = "reserved in Swift"
        }
        return "\(kind) name '\(name)' is \(what); choose another name"
      }
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
