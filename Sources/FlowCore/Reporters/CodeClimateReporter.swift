/// Writes findings as a Code Climate issue list, the report GitLab's code quality widget
/// reads (`artifacts: reports: codequality:`): a JSON array with an issue per finding.
///
/// Each issue has what GitLab requires (`description`, `check_name`, `fingerprint`,
/// `severity`, `location.path`, `location.lines.begin`) and what the Code Climate spec adds
/// (`type`, `categories`, `location.lines.end`). Errors are `critical` and warnings `minor`.
/// The fingerprint is ``FindingIdentity``'s, the one SARIF and the baseline carry, so GitLab
/// follows a finding from one pipeline to the next when lines move above it or its message
/// is reworded.
public enum CodeClimateReporter: Reporter {
  public static let name = "codeclimate"
  public static let help = "a Code Climate issue list: GitLab's code quality report"

  public static func render(_ report: Report) -> String {
    render(report.findings, fingerprints: report.fingerprints)
  }

  /// The issues, pretty-printed JSON, keys sorted.
  ///
  /// - Parameter fingerprints: each finding's ``FindingIdentity`` fingerprint, when the
  ///   findings are a part of a run's (those outside a baseline); `nil` works them out over
  ///   `findings`.
  public static func render(_ findings: [Finding], fingerprints: [String]? = nil) -> String {
    let fingerprints = fingerprints ?? FindingIdentity.fingerprints(findings)
    let issues: [JSON] = zip(findings, fingerprints).map { finding, fingerprint in
      .object([
        "type": .string("issue"),
        "check_name": .string(finding.rule.rawValue),
        "description": .string(finding.message),
        "categories": .array([.string("Bug Risk")]),
        "severity": .string(severity(finding.severity)),
        "fingerprint": .string(fingerprint),
        "location": .object([
          "path": .string(finding.file),
          "lines": .object([
            "begin": .integer(finding.line),
            "end": .integer(max(finding.line, finding.range.end.line)),
          ]),
        ]),
      ])
    }
    return JSON.array(issues).pretty
  }

  /// Code Climate's word for a severity.
  private static func severity(_ severity: Severity) -> String {
    switch severity {
    case .error: "critical"
    case .warning: "minor"
    }
  }
}
