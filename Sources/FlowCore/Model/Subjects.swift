/// The ``SymbolRef``s of the model's definitions: what a finding about one is about.
extension Coordinator {
  /// The coordinator.
  public var subject: SymbolRef { .coordinator(name.text) }

  /// Its screen, decision or alert `node`.
  public func subject(of node: Node) -> SymbolRef {
    switch node {
    case .screen(let index): subject.appending(.screen(screens[index].name.text))
    case .decision(let index): subject.appending(.decision(decisions[index].name.text))
    case .alert(let index): subject.appending(.alert(alerts[index].name.text))
    }
  }

  /// Its key `key` (`start`, `leave`, `input`, `lint`, …).
  public func subject(ofKey key: String) -> SymbolRef {
    subject.appending(.key(key))
  }
}

extension TypeDeclaration {
  /// The type.
  public var subject: SymbolRef { .type(name.text) }
}

extension LinkDefinition {
  /// The link.
  public var subject: SymbolRef { .link(name.text) }
}
