/// The output formats of `flowc check`.
public enum ReportFormat: String, CaseIterable, Sendable {
  /// `FILE:LINE:COLUMN: SEVERITY: MESSAGE [RULE-ID]` lines with excerpts.
  case text
  /// One JSON object with every finding and a summary.
  case json
  /// SARIF 2.1.0, for code-scanning services.
  case sarif
  /// GitHub Actions workflow commands, which become annotations.
  case github
  /// A Code Climate issue list, GitLab's code quality report.
  case codeclimate
  /// JUnit XML, one test suite per file, for CI test reports.
  case junit
}

/// Counts of a run's findings, for summaries.
public struct FindingSummary: Sendable, Equatable {
  /// Findings at error level.
  public var errors: Int
  /// Findings at warning level.
  public var warnings: Int
  /// Files read.
  public var files: Int

  public init(findings: [Finding], files: Int) {
    errors = findings.count(where: { $0.severity == .error })
    warnings = findings.count(where: { $0.severity == .warning })
    self.files = files
  }

  /// `2 errors and 1 warning in 3 files`, or `no problems in 3 files`.
  public var sentence: String {
    let fileWord = files == 1 ? "1 file" : "\(files) files"
    var parts: [String] = []
    if errors > 0 { parts.append(errors == 1 ? "1 error" : "\(errors) errors") }
    if warnings > 0 { parts.append(warnings == 1 ? "1 warning" : "\(warnings) warnings") }
    guard !parts.isEmpty else { return "no problems in \(fileWord)" }
    return parts.joined(separator: " and ") + " in \(fileWord)"
  }
}
