/// The generator's own check that every name it would write into Swift is one the spec
/// allows (section 2): defence in depth behind `flowc generate`'s gate, which already
/// refuses a module with a finding of a rule that blocks generation.
///
/// Names become identifiers, type names and file names (`<C>Coordinator.swift`); a name
/// with `/`, a NUL, a comment delimiter or a line break could otherwise choose where a file
/// is written or put code of the flow file's into the app. O(names in the module).
extension SwiftGenerator {
  /// The first name of the module of `graph`, in file order, that is not of the form the
  /// spec gives it or is longer than the names `invalid-name` accepts, with why; `nil` when
  /// every name may be written.
  public static func unsafeName(in graph: FlowGraph) -> (name: Identifier, reason: String)? {
    var found: (name: Identifier, reason: String)?
    func check(_ name: Identifier, _ form: NameCase) {
      guard found == nil else { return }
      if !form.matches(name.text) {
        found = (name, "is not \(form.description)")
      } else if name.text.utf8.count > InvalidNameRule.maxNameLength {
        found = (name, "is longer than \(InvalidNameRule.maxNameLength) characters")
      }
    }
    func check(_ type: TypeReference?) {
      for name in type?.names ?? [] { check(name, .upperCamel) }
    }
    func check(_ transitions: [Transition]) {
      for transition in transitions {
        check(transition.name, .lowerCamel)
        check(transition.payload)
        if case .start(let child) = transition.action.elements.last?.kind {
          check(child.handlers)
        }
      }
    }
    func check(_ cases: [PayloadCase]) {
      for item in cases {
        check(item.name, .lowerCamel)
        check(item.payload)
      }
    }
    let module = graph.module
    for type in module.types {
      check(type.name, .upperCamel)
      switch type.kind {
      case .structure(let fields):
        for field in fields {
          check(field.name, .lowerCamel)
          check(field.type)
        }
      case .enumeration(let cases): check(cases)
      case .external, .invalid: break
      }
    }
    for coordinator in module.coordinators {
      check(coordinator.name, .upperCamel)
      check(coordinator.input)
      switch coordinator.result {
      case .inline(let cases, _): check(cases)
      case .named(let type): check(type)
      case nil: break
      }
      check(coordinator.requests)
      for screen in coordinator.screens {
        check(screen.name, .upperCamel)
        check(screen.input)
        check(screen.events)
      }
      for decision in coordinator.decisions {
        check(decision.name, .upperCamel)
        check(decision.cases)
      }
      for alert in coordinator.alerts {
        check(alert.name, .upperCamel)
        check(alert.input)
        check(alert.buttons)
      }
      for tab in coordinator.tabs { check(tab.child.handlers) }
    }
    // (r3) The shared nodes, which `SharedScreens.swift` declares whether or not a
    // coordinator shows them.
    for screen in module.shared.screens {
      check(screen.name, .upperCamel)
      check(screen.input)
      check(screen.events)
    }
    for decision in module.shared.decisions {
      check(decision.name, .upperCamel)
      check(decision.cases)
    }
    for alert in module.shared.alerts {
      check(alert.name, .upperCamel)
      check(alert.input)
      check(alert.buttons)
    }
    return found
  }
}
