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

/// A replacement of text in a flow file: what is written at `range`, exactly as `original`
/// (a plain scalar, not quoted or reached through an alias), becomes `replacement`.
public struct SourceEdit: Hashable, Sendable {
  /// Where the text is.
  public var range: SourceRange
  /// The text as written, which must still be at `range` for the edit to apply.
  public var original: String
  /// What it becomes.
  public var replacement: String

  public init(_ range: SourceRange, replacing original: String, with replacement: String) {
    self.range = range
    self.original = original
    self.replacement = replacement
  }
}

/// Edits that resolve a finding without doubt, as swift-syntax's fix-its do: what
/// `flowc check --fix` writes, and the quick fix an editor offers first. Only a misspelt
/// name or key whose did-you-mean has a single closest candidate gets one.
public struct FixIt: Hashable, Sendable {
  /// The edits, in file order.
  public var edits: [SourceEdit]

  public init(_ edits: [SourceEdit]) {
    self.edits = edits
  }

  /// The text at `range`, written as `original`, becomes `replacement`.
  public static func replace(
    _ original: String, at range: SourceRange, with replacement: String
  ) -> FixIt {
    FixIt([SourceEdit(range, replacing: original, with: replacement)])
  }
}

/// One problem found in a module: what rule found it, how bad it is, what kind of message it
/// is and what it is about, what it says, and where.
///
/// Everything but ``message`` is data: the ``messageID`` and the ``subject`` identify it
/// across runs (fingerprints, baselines), the ``suggestion`` and the ``fixIts`` are what an
/// editor's quick fix and `flowc check --fix` apply. The English is rendered from the
/// message's kind and arguments, so rewording a message changes nothing else.
public struct Finding: Hashable, Sendable {
  /// The rule that found it.
  public var rule: RuleID
  /// The severity; the rule's default until configuration says otherwise.
  public var severity: Severity
  /// A lowercase sentence that names things in quotes and says what to do where it helps,
  /// rendered from the message.
  public private(set) var message: String
  /// What the finding is about: the element of the module, by its names.
  public var subject: SymbolRef
  /// The YAML node the finding is about.
  public var range: SourceRange
  /// Related places.
  public var notes: [Note]
  /// The name it suggests in place of the one written (a did-you-mean), when there is one.
  public var suggestion: String?
  /// The edits that resolve it without doubt: none, or (today) one.
  public var fixIts: [FixIt]
  /// The message: its kind and arguments.
  package private(set) var content: AnyFindingMessage
  /// For a finding of content shared through an anchor, the definitions it was found in,
  /// when its message names them (set by the merge of shared findings).
  package private(set) var foundIn: FoundIn?

  /// A finding whose message is `message`, about its file as a whole: a finding made
  /// outside any rule (by a test, or a tool that embeds flowc). Its message id is the
  /// rule's `text`.
  public init(
    _ rule: RuleID, _ severity: Severity, _ message: String, at range: SourceRange,
    notes: [Note] = []
  ) {
    self.init(
      rule, severity, WrittenMessage(MessageID(rule: rule, name: "text"), "\(message)"),
      about: .file, at: range, notes: notes)
  }

  /// A finding of `content`, its English rendered.
  package init(
    _ rule: RuleID, _ severity: Severity, _ content: some FindingMessage, about subject: SymbolRef,
    at range: SourceRange, notes: [Note] = [], suggestion: String? = nil, fixIts: [FixIt] = []
  ) {
    self.rule = rule
    self.severity = severity
    self.content = AnyFindingMessage(content)
    self.message = content.english.description
    self.subject = subject
    self.range = range
    self.notes = notes
    self.suggestion = suggestion
    self.fixIts = fixIts
  }

  /// The kind of message, stable across releases and wordings.
  public var messageID: MessageID { content.base.id }

  /// The file the finding is in.
  public var file: String { range.file }
  /// The 1-based line of the node the finding is about.
  public var line: Int { range.start.line }
  /// The 1-based column (in characters) of the node the finding is about.
  public var column: Int { range.start.column }

  /// The message's text in `wording`, naming every definition it was found in.
  package func text(in wording: MessageWording) -> MessageText {
    let text = wording.text(of: content.base)
    return foundIn?.text(text) ?? text
  }

  /// Renders ``message`` again in `wording`.
  package mutating func render(in wording: MessageWording) {
    message = text(in: wording).description
  }

  /// The finding found in every one of `foundIn`'s definitions, its message naming them
  /// in `wording`; no fix: what fixes shared content for one reader may break another.
  package func merged(_ foundIn: FoundIn, in wording: MessageWording) -> Finding {
    var finding = self
    finding.foundIn = foundIn
    finding.fixIts = []
    finding.render(in: wording)
    return finding
  }

  /// The order findings are reported in: by file, position, rule, then message (its words,
  /// then its id and subject).
  public static func reportOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
    if lhs.file != rhs.file { return lhs.file < rhs.file }
    if lhs.range.start != rhs.range.start { return lhs.range.start < rhs.range.start }
    if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
    if lhs.message != rhs.message { return lhs.message < rhs.message }
    if lhs.messageID != rhs.messageID { return lhs.messageID < rhs.messageID }
    return lhs.subject.identityKey < rhs.subject.identityKey
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
