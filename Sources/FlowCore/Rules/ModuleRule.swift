/// A rule that judges the whole module once it is read: names, references, types, and
/// (in later rules) the navigation graph.
package protocol ModuleRule: Rule {
  /// Adds the rule's findings about `context.module` to `findings`.
  static func check(_ context: ResolvedModule, into findings: inout Findings)
}
