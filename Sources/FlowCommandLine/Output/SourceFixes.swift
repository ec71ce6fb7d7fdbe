import FlowCore

/// The fixes of `flowc check --fix`: the certain fix of each finding (``QuickFixes``, the set
/// an editor offers: a misspelt name or key with one closest candidate, the handlers an
/// `unhandled-result` lacks, each `stay`) written into its flow file, rewriting only the
/// bytes of its edits, so comments and layout stay as they were. A fix that is a choice for
/// the author (several fix-its, a `leave:`, a suggestion the rule was not sure of) is not
/// made here.
///
/// A fix is made only where nothing is in doubt: the bytes at each edit's place must
/// still be the text as written (a quoted name, or one reached through an alias, is not
/// fixed), no other fix may touch them, the output policy (``OutputPolicy``) must allow the
/// file to be rewritten as a flow file (a regular file, not a symbolic link, FIFO or device,
/// and neither the configuration nor the baseline the run reads), and it must not have
/// changed since it was read. A symbolic link is not followed (the link could lead out of
/// the inputs) and a FIFO is not opened. Each file is replaced atomically, with its
/// permissions, through ``OutputDirectory/replace(_:with:using:)``.
struct SourceFixes {
  /// The findings whose fix was written, in report order, with its edits.
  private(set) var fixed: [(finding: Finding, edits: [SourceEdit])] = []
  /// Why a file with fixes was left as it was, one sentence each.
  private(set) var problems: [String] = []
  /// How many files were rewritten.
  private(set) var fileCount = 0

  /// Writes the certain fixes of the findings of `check` into the files it read, where
  /// `judge` allows, with `files`.
  init(
    _ check: CheckResult, judge: OutputPolicy.Judge,
    using files: some FileOperations = SystemFileOperations()
  ) {
    var byFile: [String: [Finding]] = [:]
    var order: [String] = []
    for finding in check.findings {
      if byFile[finding.file] == nil { order.append(finding.file) }
      byFile[finding.file, default: []].append(finding)
    }
    for path in order {
      guard let source = check.sources[path], let wanted = byFile[path] else { continue }
      let fixes = QuickFixes(check: check, text: SourceText(source))
      var certain: [(Finding, [SourceEdit])] = []
      for finding in wanted {
        let found = fixes.fixes(for: finding).filter(\.isCertain)
        if found.count == 1, let fix = found.first { certain.append((finding, fix.edits)) }
      }
      guard !certain.isEmpty else { continue }
      fix(source, certain, judge: judge, using: files)
    }
  }

  /// One line per fix and per file left alone, then how many were made.
  func report() -> String {
    var text = ""
    for (finding, edits) in fixed {
      for edit in edits {
        let place = "\(edit.range.file):\(edit.range.start.line):\(edit.range.start.column)"
        let change =
          edit.original.isEmpty
          ? "added '\(Self.oneLine(edit.replacement))'"
          : "'\(edit.original)' -> '\(edit.replacement)'"
        text += TerminalText.printable("\(place): fixed: \(change) [\(finding.rule)]") + "\n"
      }
    }
    for problem in problems {
      text += "flowc: warning: " + TerminalText.printable(problem) + "\n"
    }
    let findings = fixed.count == 1 ? "1 finding" : "\(fixed.count) findings"
    let files = fileCount == 1 ? "1 file" : "\(fileCount) files"
    text += fixed.isEmpty ? "nothing to fix\n" : "fixed \(findings) in \(files)\n"
    return text
  }

  private mutating func fix(
    _ source: SourceFile, _ findings: [(finding: Finding, edits: [SourceEdit])],
    judge: OutputPolicy.Judge, using files: some FileOperations
  ) {
    let path = source.path
    guard path != "<stdin>" else {
      problems.append("not fixed: standard input cannot be rewritten")
      return
    }
    let text = SourceText(source)
    var edits: [Edit] = []
    var wanted: [Int: Int] = [:]
    findings: for (index, fix) in findings.enumerated() {
      guard !fix.edits.isEmpty else { continue }
      var own: [Edit] = []
      for edit in fix.edits {
        guard edit.range.file == path,
          let start = text.byteOffset(of: edit.range.start),
          let end = text.byteOffset(of: edit.range.end), start <= end,
          source.bytes[start..<end].elementsEqual(edit.original.utf8)
        else { continue findings }
        own.append(Edit(range: start..<end, replacement: edit.replacement, finding: index))
      }
      wanted[index] = own.count
      edits += own
    }
    edits = Self.withoutConflicts(edits)
    // A fix-it is made whole or not at all.
    var kept: [Int: Int] = [:]
    for edit in edits { kept[edit.finding, default: 0] += 1 }
    edits.removeAll { kept[$0.finding] != wanted[$0.finding] }
    guard !edits.isEmpty else { return }
    if let refusal = judge.refusal(toWrite: path, as: .fixedFlowFile) {
      var problem = "not fixed: '\(path)' \(refusal.what)"
      if case .link = refusal.reason {
        problem += ", which --fix does not follow; fix the file it leads to"
      }
      problems.append(problem)
      return
    }
    if Self.hasChanged(path, since: source) {
      problems.append("not fixed: '\(path)' changed while it was checked")
      return
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(source.bytes.count)
    var copied = 0
    for edit in edits {
      bytes.append(contentsOf: source.bytes[copied..<edit.range.lowerBound])
      bytes.append(contentsOf: edit.replacement.utf8)
      copied = edit.range.upperBound
    }
    bytes.append(contentsOf: source.bytes[copied...])
    do {
      // A file with a fix was decoded, so it is UTF-8: decoding it keeps every byte.
      try OutputDirectory.replace(
        path, with: String(decoding: bytes, as: UTF8.self), using: files)
    } catch {
      problems.append(error.description)
      return
    }
    var seen: Set<Int> = []
    fixed.append(
      contentsOf: edits.map(\.finding).filter { seen.insert($0).inserted }.sorted().map {
        findings[$0]
      })
    fileCount += 1
  }

  /// `text` on one line, each run of white space one space, for the report of an insertion.
  private static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// One replacement of a byte range, for the finding at this index.
  private struct Edit {
    var range: Range<Int>
    var replacement: String
    var finding: Int
  }

  /// `edits` in file order, the same edit made once, and none where two edits disagree
  /// about the same bytes.
  private static func withoutConflicts(_ edits: [Edit]) -> [Edit] {
    let sorted = edits.sorted {
      ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound)
    }
    var kept: [Edit] = []
    var index = 0
    while index < sorted.count {
      var group = [sorted[index]]
      var end = sorted[index].range.upperBound
      index += 1
      while index < sorted.count, sorted[index].range.lowerBound < end {
        group.append(sorted[index])
        end = max(end, sorted[index].range.upperBound)
        index += 1
      }
      let first = group[0]
      if group.allSatisfy({ $0.range == first.range && $0.replacement == first.replacement }) {
        kept.append(first)
      }
    }
    return kept
  }

  /// Whether the file at `path` no longer holds the bytes that were read as `source` (or
  /// cannot be read again).
  private static func hasChanged(_ path: String, since source: SourceFile) -> Bool {
    let limit = YAMLLimits.standard.maxFileSize
    guard case .bytes(let current) = try? FileSystem.read(path, limit: limit) else {
      return true
    }
    return current != source.bytes
  }
}
