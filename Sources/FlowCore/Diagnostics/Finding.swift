/// How much a finding matters: errors fail `flowc check`, warnings do not (unless `--strict`).
public enum Severity: String, Sendable {
  /// Reported, does not fail the run unless `--strict`.
  case warning
  /// Fails the run (exit status 1).
  case error
}

/// The stable identifier of a rule, such as `unknown-reference`.
///
/// Users configure and suppress findings by id, so an id never changes once released.
public struct RuleID: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  public var rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }
  public init(stringLiteral value: String) { self.rawValue = value }

  public var description: String { rawValue }

  public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A related place that helps explain a finding, such as where a name was first defined.
public struct Note: Hashable, Sendable {
  /// What the place is, in lowercase: `first defined here`.
  public var message: String
  /// The place.
  public var range: SourceRange

  public init(_ message: String, at range: SourceRange) {
    self.message = message
    self.range = range
  }
}

/// An edit that resolves a finding without doubt: the text at the finding's range, written
/// exactly as `original` (a plain scalar, not quoted or reached through an alias), becomes
/// `replacement`. Only a misspelt name or key whose did-you-mean has a single closest
/// candidate gets one.
public struct Fix: Hashable, Sendable {
  /// The text as written, which must still be at the finding's range for the fix to apply.
  public var original: String
  /// What it becomes.
  public var replacement: String

  public init(replacing original: String, with replacement: String) {
    self.original = original
    self.replacement = replacement
  }
}

/// One problem found in a module: what rule found it, how bad it is, what it says, and where.
public struct Finding: Hashable, Sendable {
  /// The rule that found it.
  public var rule: RuleID
  /// The severity; the rule's default until configuration says otherwise.
  public var severity: Severity
  /// A lowercase sentence that names things in quotes and says what to do where it helps.
  public var message: String
  /// The YAML node the finding is about.
  public var range: SourceRange
  /// Related places.
  public var notes: [Note]
  /// The one edit that resolves it, when there is exactly one (`flowc check --fix`).
  public var fix: Fix?

  public init(
    _ rule: RuleID, _ severity: Severity, _ message: String, at range: SourceRange,
    notes: [Note] = []
  ) {
    self.rule = rule
    self.severity = severity
    self.message = message
    self.range = range
    self.notes = notes
  }

  /// The file the finding is in.
  public var file: String { range.file }
  /// The 1-based line of the node the finding is about.
  public var line: Int { range.start.line }
  /// The 1-based column (in characters) of the node the finding is about.
  public var column: Int { range.start.column }

  /// The order findings are reported in: by file, position, rule, then message.
  public static func reportOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
    if lhs.file != rhs.file { return lhs.file < rhs.file }
    if lhs.range.start != rhs.range.start { return lhs.range.start < rhs.range.start }
    if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
    return lhs.message < rhs.message
  }
}

/// The findings of one run, collected by every stage of the pipeline.
package struct Findings: Sendable {
  /// Everything found so far, in the order it was found.
  package private(set) var all: [Finding] = []

  package init() {}

  /// Records a finding made elsewhere.
  package mutating func append(_ finding: Finding) { all.append(finding) }

  /// Records findings made elsewhere.
  package mutating func append(contentsOf findings: some Sequence<Finding>) {
    all.append(contentsOf: findings)
  }
}
