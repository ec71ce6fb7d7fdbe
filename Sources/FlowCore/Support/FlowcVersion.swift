/// The version of flowc.
package enum FlowcVersion {
  /// The version `flowc --version` prints and SARIF names: the text of the `VERSION` file,
  /// which is the one place a release changes it (`InstallTests` fails when the two differ).
  package static let current = "0.1.0"

  /// Where flowc's releases are published: the one place a fork or a move changes it.
  package static let repository = "https://github.com/flowc-dev/flowc"

  /// The documentation of `rule` in this version's `docs/rules.md`, on ``repository`` at the
  /// release's tag: what SARIF's `helpUri` points at.
  package static func documentation(of rule: RuleID) -> String {
    "\(repository)/blob/v\(current)/docs/rules.md#\(rule.rawValue)"
  }
}
