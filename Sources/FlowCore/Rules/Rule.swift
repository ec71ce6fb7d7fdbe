/// A check with a stable id, a default severity, and the documentation and examples that
/// `flowc rules`, `docs/rules.md`, SARIF's rule metadata and the rule tests are all made
/// from.
///
/// Rules that need the whole module's graph also conform to ``ModuleRule``; the others
/// (`yaml-syntax`) report the problems of the front end (see `FrontEndFindings.swift`), and
/// carry here only what describes them. `schema` does both: the front end's problems, and
/// (r3) the one structural rule only the graph can judge.
///
/// Adding a rule takes:
/// 1. One file, `Rules/<Name>Rule.swift`, declaring `enum <Name>Rule: ModuleRule` with every
///    fact about it: `id`, `severity`, `blocksGeneration`, `drawing`, `summary`,
///    `rationale`, `examples` (at least one triggering, one passing), `check`, and its
///    messages: a nested `enum Message: RuleMessage`, one case per kind of message with its
///    typed arguments, its short name and its English; `check` reports each finding with
///    a message and the ``SymbolRef`` of what it is about (see `docs/architecture.md`). A rule
///    that reads no file's actions can say so, and the language server checks less after
///    an edit: ``OutlineRule`` when it reads only names, types and payloads,
///    ``DefinitionRule`` when its findings about a file's definitions depend only on that
///    file and the others' outlines. `RecheckTests` compares both with a whole check.
/// 2. Its tests, beside the generic one that runs its examples (`RuleExampleTests`).
/// 3. `make lists`, which writes what is made from the rules: its line at the end of
///    ``RuleRegistry/all`` (a line may be moved; the order is kept), its id in the `ruleID`
///    enum of `Schemas/flow.schema.json`, its row in the README's table, and
///    `docs/rules.md`. `RuleListsTests` fails, naming the file, while one is stale.
///
/// The language reference (`docs/language.md`) describes each rule in prose, and
/// `RuleRegistryTests` fails until it does. A rule taken away takes its line out of
/// ``RuleRegistry/all`` by hand (the registry no longer compiles otherwise), then
/// `make lists` does the rest.
public protocol Rule: Sendable {
  /// The id users configure and suppress the rule by. Never changes.
  static var id: RuleID { get }
  /// The severity of its findings unless configuration says otherwise.
  static var severity: Severity { get }
  /// Whether `flowc generate` refuses to write while the module has a finding of this rule,
  /// whatever the configuration says: code generated past it would not compile, or would not
  /// do what the flow says.
  static var blocksGeneration: Bool { get }
  /// How a drawing (`flowc graph`) marks the elements this rule's findings are placed at.
  static var drawing: FindingDrawing { get }
  /// One line: what the rule finds.
  static var summary: String { get }
  /// Why it matters, in a short paragraph.
  static var rationale: String { get }
  /// YAML that triggers the rule (places marked with `↓`) and YAML that must not.
  static var examples: [RuleExample] { get }
}

/// The messages of one rule: an enum nested in the rule, one case per kind of message with
/// its typed arguments, each with a short name (its ``MessageID`` with the rule's id) and its
/// English.
package protocol RuleMessage: FindingMessage {
  /// The rule whose messages they are.
  associatedtype ReportingRule: Rule
  /// The short name of the case's kind of message, kebab case, unique in the rule.
  var name: String { get }
}

extension RuleMessage {
  package var id: MessageID { MessageID(rule: ReportingRule.id, name: name) }
}

extension Findings {
  /// Records a finding of `message`'s rule, with the rule's default severity, about
  /// `subject`.
  package mutating func add<Message: RuleMessage>(
    _ message: Message, about subject: SymbolRef, at range: SourceRange, notes: [Note] = [],
    suggestion: String? = nil, fixIts: [FixIt] = []
  ) {
    append(
      Finding(
        Message.ReportingRule.id, Message.ReportingRule.severity, message, about: subject,
        at: range,
        notes: notes, suggestion: suggestion, fixIts: fixIts))
  }
}

/// How a drawing marks an element that findings of a rule are placed at.
public enum FindingDrawing: Sendable {
  /// In red: something is wrong there.
  case problem
  /// In grey and dashed: nothing leads there. A red mark of another rule wins.
  case unreachable
}

/// A small module that shows a rule at work, used by the rule tests and the rule reference.
public struct RuleExample: Sendable {
  /// Whether the module must trigger the rule or must not.
  public enum Kind: Sendable {
    /// The rule reports exactly the places marked with `↓`.
    case triggering
    /// The rule reports nothing.
    case passing
  }

  /// Whether the module must trigger the rule or must not.
  public var kind: Kind
  /// The files of the module, in order; each is YAML with `↓` before every expected place.
  public var files: [String]

  /// A one-file module that triggers the rule where `↓` marks.
  public static func triggering(_ yaml: String) -> RuleExample {
    RuleExample(kind: .triggering, files: [yaml])
  }

  /// A module of several files that triggers the rule where `↓` marks.
  public static func triggering(files: [String]) -> RuleExample {
    RuleExample(kind: .triggering, files: files)
  }

  /// A one-file module on which the rule reports nothing.
  public static func passing(_ yaml: String) -> RuleExample {
    RuleExample(kind: .passing, files: [yaml])
  }

  /// The marker that stands before each expected place in a triggering example.
  public static let marker: Character = "↓"
}
