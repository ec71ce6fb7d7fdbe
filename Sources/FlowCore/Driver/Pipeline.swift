/// A flow file to check: a path to read, or text already in memory (standard input, tests).
public enum FlowInput: Sendable {
  /// A file to read.
  case path(String)
  /// Text already read.
  case source(SourceFile)

  /// The path findings name.
  public var path: String {
    switch self {
    case .path(let path): return path
    case .source(let file): return file.path
    }
  }
}

/// Everything one run of the front end and the checks gives.
public struct CheckResult: Sendable {
  /// The files read, by path, for excerpts.
  public var sources: [String: SourceFile]
  /// The findings, severities applied, suppressions removed, in report order.
  public var findings: [Finding]
  /// The module the files make, resolved: its graph and what the checks worked out about
  /// it, which generating and drawing read in turn.
  public var resolved: ResolvedModule
  /// The findings of the rules that block generation (``Rule/blocksGeneration``) as the rules
  /// reported them, before configuration and `lint: ignore`, in report order: neither a
  /// suppression nor a lowered or disabled rule lets `flowc generate` write from a module
  /// that is broken for code generation while there is one.
  public var generationBlockers: [Finding]
  /// How many files were read (a file named twice counts once).
  public var fileCount: Int
  /// How long each phase took, when the check was timed.
  package var timing: PhaseTimer

  /// The module the files make.
  public var module: FlowModule { resolved.module }

  /// Whether any finding is at error level.
  public var hasErrors: Bool { findings.contains { $0.severity == .error } }
}

/// The stages of flowc, in order: files → located YAML → typed module → findings.
///
/// Files are read, parsed and decoded in parallel, one task per file; the module rules
/// then run over the joined module.
public enum Pipeline {
  /// Reads, parses and checks `inputs` as one module.
  ///
  /// Throws only when a file cannot be read at all (an I/O error, exit status 2); every
  /// problem with a file's content is a finding.
  public static func check(
    _ inputs: [FlowInput], configuration: Configuration = Configuration(),
    limits: YAMLLimits = .standard
  ) throws(FileSystemError) -> CheckResult {
    try check(inputs, configuration: configuration, limits: limits, timed: false)
  }

  /// ``check(_:configuration:limits:)``, timing each phase into ``CheckResult/timing`` when
  /// `timed` (`FLOWC_TIMING`), the findings' messages worded in `wording` (a test rewords
  /// a message to show that nothing but its words depends on them).
  package static func check(
    _ inputs: [FlowInput], configuration: Configuration, limits: YAMLLimits, timed: Bool,
    wording: MessageWording = .english
  ) throws(FileSystemError) -> CheckResult {
    var timer = PhaseTimer(enabled: timed)
    let loaded = try load(inputs, limits: limits, timer: &timer)
    timer.lap("read, parse and decode in all")
    return judge(
      loaded, configuration: configuration, timer: timer, reusing: nil, wording: wording
    ).result
  }

  /// Checks files already read, parsed and decoded (``parse(_:limits:)``) as one module:
  /// a caller that keeps the parsed files of unchanged text (the language server) checks
  /// again without parsing them again. A file whose reading failed is left out of the
  /// module, as a file that is not there.
  package static func check(
    parsed files: [ParsedFile], configuration: Configuration
  ) -> CheckResult {
    check(parsed: files, configuration: configuration, reusing: nil).result
  }

  /// ``check(parsed:configuration:)``, taking from `reuse` the findings of a previous check
  /// of the same files that the files changed since cannot have changed (``Recheck`` says
  /// when that holds), and giving what the reusable rules found for the next.
  static func check(
    parsed files: [ParsedFile], configuration: Configuration,
    reusing reuse: RuleReuse?
  ) -> (result: CheckResult, found: RuleFindings) {
    var timer = PhaseTimer(enabled: false)
    let loaded = join(files.filter { $0.error == nil }.sorted { $0.path < $1.path }, timer: &timer)
    return judge(loaded, configuration: configuration, timer: timer, reusing: reuse)
  }

  /// Reads (unless they are in memory), parses and decodes files, in parallel, for
  /// ``check(parsed:configuration:)``.
  package static func parse(_ inputs: [FlowInput], limits: YAMLLimits = .standard)
    -> [ParsedFile]
  {
    parallelMap(inputs) { ParsedFile($0, limits: limits, timed: false) }
  }

  /// The checks over a loaded module: resolved, the rules run, findings configured,
  /// suppressed and sorted.
  private static func judge(
    _ loaded: Loaded, configuration: Configuration, timer: PhaseTimer,
    reusing reuse: RuleReuse?, wording: MessageWording = .english
  ) -> (result: CheckResult, found: RuleFindings) {
    var timer = timer
    let (sources, module, found, fileCount) = loaded
    let resolved = ResolvedModule(module: module, children: configuration.children)
    timer.lap("analyse the graph")
    // The rules that block generation run even when configured off: whether the module can
    // be generated must not depend on the configuration.
    let rules = RuleRegistry.moduleRules.filter {
      $0.blocksGeneration || !configuration.isOff($0.id)
    }
    // The rules are independent: on a large module they run on all cores, each into its own
    // list, joined in rule order.
    let size = module.coordinators.count
    let perRule = Parallel.map(count: rules.count, minimumChunk: size >= 100 ? 1 : rules.count + 1)
    {
      index in
      run(rules[index], on: resolved, reusing: reuse)
    }
    timer.lap("rules")
    var findings = found
    var reusable = RuleFindings()
    for (rule, outcome) in zip(rules, perRule) {
      findings.append(contentsOf: outcome.findings.all)
      switch outcome.kept {
      case .outline(let list)?: reusable.outlineRules[rule.id] = list
      case .definitions(let byFile)?: reusable.definitionRules[rule.id] = byFile
      case nil: break
      }
    }
    // (r3) Findings in the owners' copies of shared nodes are judged across the owners, then
    // placed once at the shared node (`SharedScreenFindings`).
    let sharedScreens = SharedScreenFindings(resolved)
    var reported = sharedScreens.resubjected(
      SharedFindings(module: module).apply(
        to: sharedScreens.judged(findings.all), wording: wording,
        canonical: sharedScreens.canonical))
    if !wording.isEnglish {
      for index in reported.indices { reported[index].render(in: wording) }
    }
    let blocking = Set(RuleRegistry.blockingGeneration)
    let blockers = reported.filter { blocking.contains($0.rule) }
    let configured = reported.compactMap { configuration.apply(to: $0) }
    var suppressed = Suppressions(module: module).apply(
      to: configured, configuration: configuration)
    if !wording.isEnglish {
      // The findings of `lint: ignore` entries that suppress nothing are made here.
      for index in suppressed.indices { suppressed[index].render(in: wording) }
    }
    let kept = BrokenDefinitions(resolved).apply(to: suppressed)
    let sorted = kept.sorted(by: Finding.reportOrder)
    timer.lap("suppress and sort")
    let result = CheckResult(
      sources: sources, findings: sorted, resolved: resolved,
      generationBlockers: blockers.sorted(by: Finding.reportOrder), fileCount: fileCount,
      timing: timer)
    return (result, reusable)
  }

  /// What one rule found, and what of it a later check may reuse.
  private struct RuleOutcome: Sendable {
    enum Kept: Sendable {
      case outline([Finding])
      case definitions([FileName: [Finding]])
    }
    var findings = Findings()
    var kept: Kept?
  }

  /// Runs `rule`, or takes from `reuse` what it found before where nothing it reads changed.
  private static func run(
    _ rule: any ModuleRule.Type, on resolved: ResolvedModule,
    reusing reuse: RuleReuse?
  ) -> RuleOutcome {
    var outcome = RuleOutcome()
    if rule is any OutlineRule.Type {
      let list: [Finding]
      if let reused = reuse?.found.outlineRules[rule.id] {
        list = reused
      } else {
        var own = Findings()
        rule.check(resolved, into: &own)
        list = own.all
      }
      outcome.findings.append(contentsOf: list)
      outcome.kept = .outline(list)
    } else if let rule = rule as? any DefinitionRule.Type {
      var byFile: [FileName: [Finding]] = [:]
      var fresh = Findings()
      if let reuse, let reused = reuse.found.definitionRules[rule.id] {
        rule.checkDefinitions(resolved, in: .only(reuse.changed), into: &fresh)
        byFile = reused.filter { !reuse.changed.contains($0.key) }
        for finding in fresh.all where reuse.changed.contains(finding.range.fileName) {
          byFile[finding.range.fileName, default: []].append(finding)
        }
      } else {
        rule.checkDefinitions(resolved, in: .all, into: &fresh)
        for finding in fresh.all { byFile[finding.range.fileName, default: []].append(finding) }
      }
      for list in byFile.values { outcome.findings.append(contentsOf: list) }
      rule.checkBeyondDefinitions(resolved, into: &outcome.findings)
      outcome.kept = .definitions(byFile)
    } else {
      rule.check(resolved, into: &outcome.findings)
    }
    return outcome
  }

  /// Reads, parses and decodes `inputs` into one module, with the findings of those stages.
  package static func load(
    _ inputs: [FlowInput], limits: YAMLLimits = .standard
  ) throws(FileSystemError) -> Loaded {
    var timer = PhaseTimer(enabled: false)
    return try load(inputs, limits: limits, timer: &timer)
  }

  /// What ``load(_:limits:)`` gives: the files read, their module, and the findings so far.
  package typealias Loaded = (
    sources: [String: SourceFile], module: FlowModule, findings: Findings, fileCount: Int
  )

  static func load(
    _ inputs: [FlowInput], limits: YAMLLimits, timer: inout PhaseTimer
  ) throws(FileSystemError) -> Loaded {
    // One file named two ways (`flows//a.flow.yaml`, `./flows/a.flow.yaml`, a link) is read
    // once, under the first name it was given.
    var seen: Set<String> = []
    let unique = inputs.filter { input in
      switch input {
      case .path(let path): return seen.insert(FileSystem.identity(of: path)).inserted
      case .source(let file): return seen.insert(file.path).inserted
      }
    }.sorted { $0.path < $1.path }
    let timed = timer.isEnabled
    let outcomes = parallelMap(unique) { input in
      ParsedFile(input, limits: limits, timed: timed)
    }
    defer { _ = outcomes }
    if let error = outcomes.lazy.compactMap(\.error).first { throw error }
    return join(outcomes, timer: &timer)
  }

  /// The module `outcomes` (in path order) make, with their findings so far.
  private static func join(_ outcomes: [ParsedFile], timer: inout PhaseTimer) -> Loaded {
    var sources: [String: SourceFile] = [:]
    var findings = Findings()
    var files: [FlowFile] = []
    var isComplete = true
    for outcome in outcomes {
      timer.append(outcome.timing)
      if let source = outcome.source { sources[source.path] = source }
      findings.append(contentsOf: outcome.findings.all)
      if let file = outcome.file { files.append(file) } else { isComplete = false }
    }
    let module = FlowModule(files: files, isComplete: isComplete)
    // (r3) What only the joined module shows: a shared node naming a coordinator's own node.
    findings.add(module.problems)
    return (sources, module, findings, outcomes.count)
  }
}

/// What reading one file gave: its text, its definitions, its findings, or an I/O error.
package struct ParsedFile: Sendable {
  /// The path findings name.
  package let path: String
  var source: SourceFile?
  var file: FlowFile?
  var findings = Findings()
  /// Why the file could not be read, if it could not.
  package var error: FileSystemError?
  var timing: PhaseTimer

  init(_ input: FlowInput, limits: YAMLLimits, timed: Bool) {
    timing = PhaseTimer(enabled: timed)
    path = input.path
    let source: SourceFile
    switch input {
    case .source(let given):
      source = given
    case .path(let path):
      do {
        switch try FileSystem.read(path, limit: limits.maxFileSize) {
        case .bytes(let bytes):
          source = SourceFile(path: path, bytes: bytes)
        case .tooLarge(let size):
          findings.add([.fileTooLarge(path, size: size, limit: limits.maxFileSize)])
          return
        }
      } catch {
        self.error = error
        return
      }
    }
    self.source = source
    timing.lap("read \(source.path)")
    // A large file is decoded in the pieces it is parsed in (`PiecewiseDecoding`).
    switch PiecewiseDecoding.read(source, limits: limits) {
    case .decoded(let decoded, let problems):
      findings.add(problems)
      file = decoded
      timing.lap("parse and decode \(source.path) in pieces")
    case .parsed(let document, let problems):
      findings.add(problems)
      timing.lap("parse \(source.path)")
      file = FileDecoder.decode(document, path: source.path, findings: &findings)
      timing.lap("decode \(source.path)")
    }
  }
}
