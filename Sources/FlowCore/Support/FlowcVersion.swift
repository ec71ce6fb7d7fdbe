/// The version of flowc.
package enum FlowcVersion {
  /// The version `flowc --version` prints and SARIF names: the text of the `VERSION` file,
  /// which is the one place a release changes it (`InstallTests` fails when the two differ).
  package static let current = "0.1.0"
}
