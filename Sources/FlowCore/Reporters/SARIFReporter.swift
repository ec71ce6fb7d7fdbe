/// Writes findings as SARIF 2.1.0, the format code-scanning services read: one run with
/// every rule's metadata (its `helpUri` the rule's section of `docs/rules.md` at this
/// release), results with paths relative to the working directory (its `%SRCROOT%`, whose
/// absolute path stays on the machine: a log is uploaded), related locations linked from the message, ``FindingIdentity``'s
/// fingerprints (`flowc/v2`), which survive edits that only move lines or reword a message
/// and do not depend on how a path was typed, and each result's message id in its property
/// bag (`properties.messageId`, `unknown-reference/missing-node`).
public enum SARIFReporter: Reporter {
  public static let name = "sarif"
  public static let help = "SARIF 2.1.0 for code scanning"

  public static func render(_ report: Report) -> String {
    render(
      report.findings, fingerprints: report.fingerprints,
      workingDirectory: report.workingDirectory)
  }

  /// The SARIF log, pretty-printed JSON.
  ///
  /// - Parameter workingDirectory: the absolute directory relative paths start from: the
  ///   `%SRCROOT%` base of every artifact location, described but not named in the log (a
  ///   code-scanning service resolves it to the repository's root; a local path would only
  ///   tell where the machine keeps it).
  /// - Parameter fingerprints: each finding's ``FindingIdentity`` fingerprint, when the
  ///   findings are a part of a run's (those outside a baseline), whose fingerprints were
  ///   worked out over all of them; `nil` works them out over `findings`.
  public static func render(
    _ findings: [Finding], fingerprints: [String]? = nil, workingDirectory: String?
  ) -> String {
    let rules = RuleRegistry.all
    var ruleIndex: [RuleID: Int] = [:]
    for (index, rule) in rules.enumerated() { ruleIndex[rule.id] = index }
    let fingerprints = fingerprints ?? FindingIdentity.fingerprints(findings)
    let results: [JSON] = zip(findings, fingerprints).map { finding, fingerprint in
      var result: [String: JSON] = [
        "ruleId": .string(finding.rule.rawValue),
        "level": .string(finding.severity.rawValue),
        "message": .object(["text": .string(messageText(finding))]),
        "locations": .array([.object(["physicalLocation": physicalLocation(finding.range)])]),
        "partialFingerprints": .object([
          FindingIdentity.sarifKey: .string(fingerprint)
        ]),
        "properties": .object(["messageId": .string(finding.messageID.description)]),
      ]
      if let index = ruleIndex[finding.rule] { result["ruleIndex"] = .integer(index) }
      if !finding.notes.isEmpty {
        result["relatedLocations"] = .array(
          finding.notes.enumerated().map { index, note in
            .object([
              "id": .integer(index + 1),
              "message": .object(["text": .string(note.message)]),
              "physicalLocation": physicalLocation(note.range),
            ])
          })
      }
      return .object(result)
    }
    var run: [String: JSON] = [
      "tool": .object([
        "driver": .object([
          "name": .string("flowc"),
          "version": .string(FlowcVersion.current),
          "semanticVersion": .string(FlowcVersion.current),
          "rules": .array(rules.map(descriptor)),
        ])
      ]),
      "columnKind": .string("unicodeCodePoints"),
      "results": .array(results),
    ]
    if workingDirectory != nil {
      run["originalUriBaseIds"] = .object([
        "%SRCROOT%": .object([
          "description": .object([
            "text": .string("The directory flowc was run in: the root of the repository.")
          ])
        ])
      ])
    }
    return JSON.object([
      "$schema": .string("https://json.schemastore.org/sarif-2.1.0.json"),
      "version": .string("2.1.0"),
      "runs": .array([.object(run)]),
    ]).pretty
  }

  /// The finding's message as SARIF plain text (SARIF 2.1.0 section 3.11.6), followed by
  /// a link to each related location (`; [first defined here](1)`): GitHub code scanning
  /// shows a related location only when the message links it. The message's own `\`, `[`
  /// and `]` are escaped with a backslash, as in a link's text, so that no text of a flow
  /// can make a link; CodeQL writes its messages so, and its viewers read them so.
  private static func messageText(_ finding: Finding) -> String {
    var text = escapedLinkText(finding.message)
    for (index, note) in finding.notes.enumerated() {
      text += "; [\(escapedLinkText(note.message))](\(index + 1))"
    }
    return text
  }

  /// `text` with `\`, `[` and `]` escaped with a backslash.
  private static func escapedLinkText(_ text: String) -> String {
    guard text.contains(where: { $0 == "\\" || $0 == "[" || $0 == "]" }) else { return text }
    var result = ""
    for character in text {
      if character == "\\" || character == "[" || character == "]" { result.append("\\") }
      result.append(character)
    }
    return result
  }

  private static func descriptor(_ rule: any Rule.Type) -> JSON {
    .object([
      "id": .string(rule.id.rawValue),
      "name": .string(
        rule.id.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }
          .joined()),
      "shortDescription": .object(["text": .string(rule.summary)]),
      "fullDescription": .object(["text": .string(rule.rationale)]),
      "defaultConfiguration": .object(["level": .string(rule.severity.rawValue)]),
      "help": .object(["text": .string(rule.rationale)]),
      "helpUri": .string(FlowcVersion.documentation(of: rule.id)),
    ])
  }

  /// Where `range` is: a path relative to the working directory as a relative URI on
  /// `%SRCROOT%` (SARIF 2.1.0 section 3.4.4), one outside it as an absolute `file` URI.
  private static func physicalLocation(_ range: SourceRange) -> JSON {
    var artifact: [String: JSON]
    if range.file.hasPrefix("/") {
      artifact = ["uri": .string("file://" + percentEncoded(range.file))]
    } else {
      artifact = ["uri": .string(percentEncoded(range.file)), "uriBaseId": .string("%SRCROOT%")]
    }
    if range.file == "<stdin>" { artifact = ["uri": .string("stdin")] }
    var region: [String: JSON] = [
      "startLine": .integer(range.start.line), "startColumn": .integer(range.start.column),
    ]
    if range.end > range.start {
      region["endLine"] = .integer(range.end.line)
      region["endColumn"] = .integer(range.end.column)
    }
    return .object(["artifactLocation": .object(artifact), "region": .object(region)])
  }

  /// `path` with everything but unreserved characters and `/` percent-encoded (RFC 3986).
  static func percentEncoded(_ path: String) -> String {
    var result = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        result += "%" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return result
  }
}
