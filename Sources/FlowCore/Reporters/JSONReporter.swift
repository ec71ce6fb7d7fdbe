/// Writes findings as one JSON object (spec section 9):
/// `{"diagnostics":[…],"summary":{…},"version":1}`, keys sorted, findings in report order.
/// Each diagnostic carries its message id (`"messageId": "unknown-reference/missing-node"`),
/// which does not change when the message is reworded.
public enum JSONReporter: Reporter {
  public static let name = "json"
  public static let help = "one JSON object with every finding and a summary"

  public static func render(_ report: Report) -> String {
    render(report.findings, files: report.fileCount)
  }

  /// The report, as one line of compact JSON and a newline.
  public static func render(_ findings: [Finding], files: Int) -> String {
    let summary = FindingSummary(findings: findings, files: files)
    let report = JSON.object([
      "version": .integer(1),
      "diagnostics": .array(findings.map(diagnostic)),
      "summary": .object([
        "errors": .integer(summary.errors),
        "warnings": .integer(summary.warnings),
        "files": .integer(summary.files),
      ]),
    ])
    return report.compact + "\n"
  }

  static func diagnostic(_ finding: Finding) -> JSON {
    .object([
      "rule": .string(finding.rule.rawValue),
      "severity": .string(finding.severity.rawValue),
      "message": .string(finding.message),
      "messageId": .string(finding.messageID.description),
      "file": .string(finding.file),
      "line": .integer(finding.line),
      "column": .integer(finding.column),
      "endLine": .integer(finding.range.end.line),
      "endColumn": .integer(finding.range.end.column),
      "notes": .array(
        finding.notes.map { note in
          .object([
            "message": .string(note.message),
            "file": .string(note.range.file),
            "line": .integer(note.range.start.line),
            "column": .integer(note.range.start.column),
          ])
        }),
    ])
  }
}
