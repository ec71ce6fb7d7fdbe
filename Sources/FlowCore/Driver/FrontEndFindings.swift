/// Where the problems of the front end become findings: each ``FrontEndProblem/Kind`` is
/// reported by one rule, and this file alone says which.
///
/// The YAML layer and the decoder know nothing of rules; the entry points here read a file
/// the way they do and add what is wrong to the run's findings, in the order it was found.
extension FrontEndProblem.Kind {
  /// The rule whose findings report problems of this kind.
  package var rule: any Rule.Type {
    switch self {
    case .encoding, .syntax: return YAMLSyntaxRule.self
    case .limit, .version, .structure: return SchemaRule.self
    }
  }
}

extension Findings {
  /// Records each of `problems`, in order, as a finding of the rule for its kind, its
  /// message id the rule's and the problem's name.
  package mutating func add(_ problems: [FrontEndProblem]) {
    for problem in problems {
      let rule = problem.kind.rule
      append(
        Finding(
          rule.id, rule.severity,
          WrittenMessage(MessageID(rule: rule.id, name: problem.name), problem.text),
          about: problem.subject, at: problem.range, notes: problem.notes,
          suggestion: problem.suggestion, fixIts: problem.fixIts))
    }
  }
}

extension YAMLParser {
  /// Parses the first YAML document of `file`, adding what is wrong to `findings`.
  package static func parse(
    _ file: SourceFile, limits: YAMLLimits = .standard, findings: inout Findings
  ) -> YAMLDocument {
    var problems: [FrontEndProblem] = []
    defer { findings.add(problems) }
    return parse(file, limits: limits, problems: &problems)
  }
}

extension FileDecoder {
  /// The definitions of `document`, adding what is wrong to `findings`; `nil` when the file
  /// does not join the module.
  package static func decode(
    _ document: YAMLDocument, path: String, findings: inout Findings
  ) -> FlowFile? {
    var problems: [FrontEndProblem] = []
    defer { findings.add(problems) }
    return decode(document, path: path, problems: &problems)
  }
}
