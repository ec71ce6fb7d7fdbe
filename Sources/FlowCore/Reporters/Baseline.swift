/// The findings a project has accepted for now, so that `flowc check --baseline FILE` reports
/// only new ones: the file `--write-baseline FILE` writes, as SwiftLint's baseline is.
///
/// A finding matches an entry when it has the entry's fingerprint, ``FindingIdentity``'s (the
/// one SARIF and the Code Climate report carry): made from the finding's rule, message id,
/// file and subject, it keeps matching when lines move above it, findings of other kinds
/// come and go, or its message is reworded. An entry that matches no finding any more is
/// *unused*, and the run says so, so that the file shrinks as findings are fixed.
///
/// The file is versioned JSON, pretty-printed, one entry per finding sorted by file, rule,
/// message and fingerprint, so that writing it again after a change shows that change alone
/// in a diff. Only the fingerprint decides a match; the file, rule and message are there for
/// the people who read the diff (and name an unused entry).
///
/// This flowc writes version 2. It reads version 1 too, written by flowc before message
/// ids: its fingerprints are ``FindingIdentity/legacyFingerprints(_:)``, made from the
/// message's words, which a finding keeps matching until its message is reworded. Writing
/// the baseline again (`--write-baseline`) makes it version 2.
///
/// ```json
/// {
///   "findings": [
///     {
///       "file": "flows/app.flow.yaml",
///       "fingerprint": "6c0a3f0b5e1d2a47",
///       "message": "screen 'Detial' does not exist in coordinator 'App'; did you mean 'Detail'?",
///       "rule": "unknown-reference"
///     }
///   ],
///   "version": 2
/// }
/// ```
package struct Baseline: Sendable, Equatable {
  /// One accepted finding.
  package struct Entry: Sendable, Hashable {
    /// Its ``FindingIdentity`` fingerprint: 16 hexadecimal digits.
    package var fingerprint: String
    /// The rule id of the finding.
    package var rule: String
    /// The file the finding is in, as the run named it.
    package var file: String
    /// The finding's message when it was recorded.
    package var message: String
    /// Where the entry starts in the file it was read from (1-based); `nil` for one made
    /// from findings.
    package var position: SourcePosition?
  }

  /// The version of the file's format that this flowc writes.
  package static let version = 2

  /// The versions of the file's format that this flowc reads.
  package static let readableVersions = 1...2

  /// The largest baseline file read.
  package static let sizeLimit = 64 << 20

  /// The entries, in file order.
  package var entries: [Entry]

  /// The version of the file it was read from, or ``version`` for one made from findings:
  /// which fingerprints its entries hold.
  package private(set) var fileVersion = Baseline.version

  /// The baseline that accepts every one of `findings` (all of a run's, in report order).
  package init(findings: [Finding]) {
    entries = zip(findings, FindingIdentity.fingerprints(findings)).map { finding, fingerprint in
      Entry(
        fingerprint: fingerprint, rule: finding.rule.rawValue, file: finding.file,
        message: finding.message)
    }
    entries.sort {
      ($0.file, $0.rule, $0.message, $0.fingerprint) < (
        $1.file, $1.rule, $1.message, $1.fingerprint
      )
    }
  }

  /// The file's text: pretty-printed JSON, keys sorted, ending with a newline.
  package var text: String {
    JSON.object([
      "version": .integer(Self.version),
      "findings": .array(
        entries.map { entry in
          .object([
            "fingerprint": .string(entry.fingerprint),
            "rule": .string(entry.rule),
            "file": .string(entry.file),
            "message": .string(entry.message),
          ])
        }),
    ]).pretty
  }

  /// What applying a baseline to a run's findings gives.
  package struct Outcome: Sendable {
    /// The findings the baseline does not hold, in their order: the ones to report.
    package var reported: [Finding]
    /// The fingerprint of each reported finding, worked out over all the run's findings:
    /// what the reports carry, so that a finding's fingerprint does not depend on which
    /// others the baseline holds.
    package var fingerprints: [String]
    /// How many findings the baseline held, and so are not reported.
    package var matched: Int
    /// The entries that match no finding, in the file's order.
    package var unused: [Entry]

    /// The outcome of a run without a baseline: every finding is reported.
    package init(reporting findings: [Finding]) {
      reported = findings
      fingerprints = FindingIdentity.fingerprints(findings)
      matched = 0
      unused = []
    }
  }

  /// Splits `findings` (all of a run's, in report order) into those the baseline holds and
  /// the rest, and finds the entries that no finding matches. Each entry matches at most one
  /// finding.
  package func apply(to findings: [Finding]) -> Outcome {
    var remaining: [String: Int] = [:]
    for entry in entries { remaining[entry.fingerprint, default: 0] += 1 }
    var outcome = Outcome(reporting: [])
    let fingerprints = FindingIdentity.fingerprints(findings)
    // A baseline of version 1 holds the fingerprints of the time: the reports still carry
    // today's.
    let matching = fileVersion == 1 ? FindingIdentity.legacyFingerprints(findings) : fingerprints
    for (index, finding) in findings.enumerated() {
      if let count = remaining[matching[index]], count > 0 {
        remaining[matching[index]] = count - 1
        outcome.matched += 1
      } else {
        outcome.reported.append(finding)
        outcome.fingerprints.append(fingerprints[index])
      }
    }
    for entry in entries {
      guard let count = remaining[entry.fingerprint], count > 0 else { continue }
      remaining[entry.fingerprint] = count - 1
      outcome.unused.append(entry)
    }
    return outcome
  }

  // MARK: Reading

  /// Reads the baseline file at `path`.
  package static func load(_ path: String) throws(BaselineError) -> Baseline {
    let contents: FileSystem.Contents
    do {
      contents = try FileSystem.read(path, limit: sizeLimit)
    } catch {
      throw BaselineError("cannot read baseline \(error)")
    }
    guard case .bytes(let bytes) = contents else {
      throw BaselineError("\(path): larger than 64 MiB, so not a baseline")
    }
    return try parse(SourceFile(path: path, bytes: bytes))
  }

  /// Reads a baseline from its text. JSON is read as the YAML it also is, by the YAML layer
  /// that reads flow files, so that every error has its line and column.
  package static func parse(_ file: SourceFile) throws(BaselineError) -> Baseline {
    var problems: [FrontEndProblem] = []
    let document = YAMLParser.parseWhole(file, limits: .standard, problems: &problems)
    if let problem = problems.first {
      throw BaselineError(at: problem.range, "not a baseline (not valid JSON): \(problem.message)")
    }
    guard case .document(let tree, let root) = document else {
      throw BaselineError(at: .startOfFile(file.path), "the baseline is empty")
    }
    var reader = Reader(tree: tree, path: file.path)
    return try reader.baseline(root)
  }

  /// Reads the entries of a parsed baseline, strictly: a file that is not one (another
  /// report, a baseline of a later version) is an error, never an empty baseline.
  private struct Reader {
    let tree: YAMLTree
    let path: String

    func range(_ node: YAMLNode) -> SourceRange {
      SourceRange(file: path, start: tree.start(of: node), end: tree.end(of: node))
    }

    /// The string values of `node`'s keys, each key required and no other allowed.
    func strings(
      _ node: YAMLNode, keys: [String], what: String
    ) throws(BaselineError) -> [String: YAMLNode] {
      guard tree.kind(of: node) == .mapping else {
        throw BaselineError(at: range(node), "\(what) must be an object")
      }
      var values: [String: YAMLNode] = [:]
      for (key, value) in tree.pairs(of: node) {
        let name = tree.text(of: key) ?? ""
        guard keys.contains(name) else {
          throw BaselineError(
            at: range(key),
            "unknown key '\(name)' in \(what); expected "
              + MappingReader.list(keys))
        }
        guard values.updateValue(value, forKey: name) == nil else {
          throw BaselineError(at: range(key), "duplicate key '\(name)' in \(what)")
        }
      }
      for key in keys where values[key] == nil {
        throw BaselineError(at: range(node), "\(what) has no '\(key)'")
      }
      return values
    }

    mutating func baseline(_ root: YAMLNode) throws(BaselineError) -> Baseline {
      let top = try strings(root, keys: ["version", "findings"], what: "the baseline")
      guard let version = top["version"], let list = top["findings"] else {
        return Baseline(entries: [], fileVersion: Baseline.version)
      }
      guard tree.kind(of: version) == .scalar,
        let fileVersion = Baseline.readableVersions.first(where: {
          tree.text(of: version) == "\($0)"
        })
      else {
        throw BaselineError(
          at: range(version),
          "this flowc reads baselines of version "
            + Baseline.readableVersions.map { "\($0)" }.joined(separator: " or ")
            + "; write it again with --write-baseline")
      }
      guard tree.kind(of: list) == .sequence else {
        throw BaselineError(at: range(list), "'findings' must be a list")
      }
      var entries: [Entry] = []
      for item in tree.items(of: list) {
        let fields = try strings(
          item, keys: ["fingerprint", "rule", "file", "message"], what: "a baseline entry")
        var texts: [String: String] = [:]
        for (key, node) in fields {
          guard tree.kind(of: node) == .scalar, let text = tree.text(of: node) else {
            throw BaselineError(at: range(node), "'\(key)' must be a string")
          }
          texts[key] = text
        }
        let fingerprint = texts["fingerprint"] ?? ""
        guard fingerprint.utf8.count == 16, fingerprint.utf8.allSatisfy(Self.isHexDigit) else {
          throw BaselineError(
            at: fields["fingerprint"].map(range) ?? range(item),
            "a fingerprint is 16 hexadecimal digits")
        }
        entries.append(
          Entry(
            fingerprint: fingerprint, rule: texts["rule"] ?? "", file: texts["file"] ?? "",
            message: texts["message"] ?? "", position: tree.start(of: item)))
      }
      return Baseline(entries: entries, fileVersion: fileVersion)
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
  }

  private init(entries: [Entry], fileVersion: Int) {
    self.entries = entries
    self.fileVersion = fileVersion
  }
}

/// A baseline file that cannot be used: exit status 2, with what and where.
package struct BaselineError: Error, Sendable, CustomStringConvertible {
  /// What is wrong, with the file, line and column when it is in the file.
  package var description: String

  init(_ message: String) {
    description = message
  }

  init(at range: SourceRange, _ message: String) {
    description =
      "\(range.file):\(range.start.line):\(range.start.column): \(message)"
  }
}
