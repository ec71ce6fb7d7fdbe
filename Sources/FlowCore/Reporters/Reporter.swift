/// An output format of `flowc check`: its name (the value of `--format`), its line of help,
/// and how it writes a report. `check --format` and its help are made from
/// ``ReportFormat/allCases``, so a new format is a reporter and its line there.
public protocol Reporter: Sendable {
  /// The value of `--format` that chooses it: `text`, `json`.
  static var name: String { get }
  /// What it writes, in a few words, for `flowc help check`.
  static var help: String { get }
  /// The report: the findings, as this format writes them.
  static func render(_ report: Report) -> String
}

/// What a report is written from: the findings to report and what the run knows of them.
public struct Report: Sendable {
  /// The findings to report, in order.
  public var findings: [Finding]
  /// The files read, by path: the text output quotes their lines, JUnit has a suite each.
  public var sources: [String: SourceFile]
  /// How many files were read, for the summaries.
  public var fileCount: Int
  /// Each finding's ``FindingIdentity`` fingerprint, when the findings are a part of a
  /// run's (those outside a baseline); `nil` works them out over `findings`.
  public var fingerprints: [String]?
  /// The absolute directory relative paths start from (SARIF's `%SRCROOT%`).
  public var workingDirectory: String?
  /// Whether the text output colours itself with ANSI escapes.
  public var colored: Bool

  public init(
    findings: [Finding], sources: [String: SourceFile], fileCount: Int,
    fingerprints: [String]? = nil, workingDirectory: String? = nil, colored: Bool = false
  ) {
    self.findings = findings
    self.sources = sources
    self.fileCount = fileCount
    self.fingerprints = fingerprints
    self.workingDirectory = workingDirectory
    self.colored = colored
  }
}

/// The output formats of `flowc check`, one reporter each, in the order its help lists
/// them: the one list of them.
public struct ReportFormat: RawRepresentable, CaseIterable, Hashable, Sendable {
  /// Every format.
  public static let allCases: [ReportFormat] = [
    TextReporter.self, JSONReporter.self, SARIFReporter.self, GitHubReporter.self,
    CodeClimateReporter.self, JUnitReporter.self,
  ].map(ReportFormat.init)

  /// The default: lines for people, with excerpts.
  public static let text = ReportFormat(TextReporter.self)

  /// The reporter that writes it.
  public let reporter: any Reporter.Type

  public init(_ reporter: any Reporter.Type) {
    self.reporter = reporter
  }

  /// The format of this `--format` name, if there is one.
  public init?(rawValue: String) {
    guard let format = Self.allCases.first(where: { $0.rawValue == rawValue }) else {
      return nil
    }
    self = format
  }

  /// Its `--format` name.
  public var rawValue: String { reporter.name }

  public static func == (lhs: ReportFormat, rhs: ReportFormat) -> Bool {
    lhs.rawValue == rhs.rawValue
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(rawValue)
  }
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
