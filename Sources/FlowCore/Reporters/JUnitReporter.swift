/// Writes findings as JUnit XML, the test report CI services show beside their tests
/// (GitLab's `artifacts: reports: junit:`, Jenkins, Azure Pipelines).
///
/// One `<testsuite>` per file read, named by its path, in path order: a finding is a
/// `<testcase>` named after its rule and position, holding a `<failure>` whose `type` is its
/// severity (`error` or `warning`) and whose text is the finding as `--format text` writes
/// its first line and notes. A file without findings has one passing test case, so the
/// report counts every file checked. Every text from a flow is escaped for XML, and a
/// character XML cannot hold at all (a control character) is written as Swift writes it,
/// `\u{1B}`.
public enum JUnitReporter: Reporter {
  public static let name = "junit"
  public static let help = "JUnit XML, one test suite per file, for CI test reports"

  public static func render(_ report: Report) -> String {
    render(report.findings, files: report.sources.keys)
  }

  /// The report, an XML document.
  ///
  /// - Parameter files: the paths of the files read; a file a finding names is added.
  public static func render(_ findings: [Finding], files: some Sequence<String>) -> String {
    var byFile: [String: [Finding]] = [:]
    for finding in findings { byFile[finding.file, default: []].append(finding) }
    let paths = Set(files).union(byFile.keys).sorted()
    var suites = ""
    for path in paths {
      let found = byFile[path] ?? []
      let file = escaped(path)
      suites +=
        "  <testsuite name=\"\(file)\" tests=\"\(max(found.count, 1))\" "
        + "failures=\"\(found.count)\" errors=\"0\">\n"
      if found.isEmpty {
        suites += "    <testcase classname=\"\(file)\" name=\"no findings\"/>\n"
      }
      for finding in found {
        let place = "\(finding.line):\(finding.column)"
        var text = "\(finding.file):\(place): \(finding.severity.rawValue): \(finding.message)"
        text += " [\(finding.rule)]"
        for note in finding.notes {
          text +=
            "\n\(note.range.file):\(note.range.start.line):\(note.range.start.column): note: "
            + note.message
        }
        suites +=
          "    <testcase classname=\"\(file)\" name=\"\(finding.rule) at \(place)\" "
          + "file=\"\(file)\" line=\"\(finding.line)\">\n"
          + "      <failure type=\"\(finding.severity.rawValue)\" "
          + "message=\"\(escaped(finding.message))\">\(escaped(text))</failure>\n"
          + "    </testcase>\n"
      }
      suites += "  </testsuite>\n"
    }
    let tests = findings.count + paths.count(where: { byFile[$0] == nil })
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      + "<testsuites name=\"flowc\" tests=\"\(tests)\" failures=\"\(findings.count)\" "
      + "errors=\"0\">\n" + suites + "</testsuites>\n"
  }

  /// `text` for an XML attribute value or element text: markup characters as entities, line
  /// breaks and tabs as character references (so that an attribute keeps them), and the
  /// characters XML 1.0 does not allow as `\u{…}` text.
  static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\n": result += "&#10;"
      case "\r": result += "&#13;"
      case "\t": result += "&#9;"
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
