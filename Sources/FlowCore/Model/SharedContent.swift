/// Content that a definition reads from an anchor written elsewhere, through a merge key
/// (`<<: *events`) or a plain alias (`on: *events`).
///
/// The decoder records each such use, so that a finding placed in shared content (at the
/// anchor, where it is written) can name every definition it was found in, and be
/// reported once (spec section 8, "Where findings go").
package struct SharedUse: Equatable, Sendable {
  /// What is read: the anchored node, or one merged entry from its key to its value when
  /// the reading mapping's own keys replace others of the merged mapping.
  package var content: SourceRange
  /// The definition that reads it.
  package var user: DefinitionName

  package init(content: SourceRange, user: DefinitionName) {
    self.content = content
    self.user = user
  }
}

/// A definition as messages name it: `screen 'Login'`, with the coordinator it belongs to.
package struct DefinitionName: Hashable, Sendable {
  /// What kind of definition it is, as messages say it.
  package enum Kind: String, CaseIterable, Sendable {
    case screen, decision, alert, coordinator, type, link
  }

  /// What kind of definition it is.
  package var kind: Kind
  /// Its name, where it is defined.
  package var name: Identifier
  /// The coordinator of a screen or decision (`nil` for a shared one, r3); a coordinator's
  /// own name for a coordinator.
  package var coordinator: String?

  package init(kind: Kind, name: Identifier, coordinator: String?) {
    self.kind = kind
    self.name = name
    self.coordinator = coordinator
  }
}

extension DefinitionName {
  /// The definition as the subject of findings: `coordinator 'App' › screen 'Home'`.
  package var subject: SymbolRef {
    // A shared screen, decision or alert (r3) has no coordinator: its path starts at it.
    let owner: [SymbolRef.Component] = coordinator.map { [.coordinator($0)] } ?? []
    switch kind {
    case .coordinator: return .coordinator(name.text)
    case .screen: return SymbolRef(owner + [.screen(name.text)])
    case .decision: return SymbolRef(owner + [.decision(name.text)])
    case .alert: return SymbolRef(owner + [.alert(name.text)])
    case .type: return .type(name.text)
    case .link: return .link(name.text)
    }
  }
}
