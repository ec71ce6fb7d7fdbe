import Dispatch

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
  /// The module the files make.
  public var module: FlowModule
  /// The findings, severities applied, suppressions removed, in report order.
  public var findings: [Finding]

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
    let (sources, module, found) = try load(inputs, limits: limits)
    var findings = found
    let context = CheckContext(module: module)
    for rule in RuleRegistry.moduleRules where !configuration.isOff(rule.id) {
      rule.check(context, into: &findings)
    }
    let configured = findings.all.compactMap { configuration.apply(to: $0) }
    let kept = Suppressions(module: module).apply(to: configured, configuration: configuration)
    return CheckResult(
      sources: sources, module: module, findings: kept.sorted(by: Finding.reportOrder))
  }

  /// Reads, parses and decodes `inputs` into one module, with the findings of those stages.
  public static func load(
    _ inputs: [FlowInput], limits: YAMLLimits = .standard
  ) throws(FileSystemError) -> (
    sources: [String: SourceFile], module: FlowModule, findings: Findings
  ) {
    var seen: Set<String> = []
    let unique = inputs.filter { seen.insert($0.path).inserted }.sorted { $0.path < $1.path }
    let outcomes = parallelMap(unique) { input in FileOutcome(input, limits: limits) }

    var sources: [String: SourceFile] = [:]
    var findings = Findings()
    var files: [FlowFile] = []
    var isComplete = true
    for outcome in outcomes {
      if let error = outcome.error { throw error }
      if let source = outcome.source { sources[source.path] = source }
      findings.append(contentsOf: outcome.findings.all)
      if let file = outcome.file { files.append(file) } else { isComplete = false }
    }
    return (sources, FlowModule(files: files, isComplete: isComplete), findings)
  }
}

/// What reading one file gave: its text, its definitions, its findings, or an I/O error.
private struct FileOutcome: Sendable {
  var source: SourceFile?
  var file: FlowFile?
  var findings = Findings()
  var error: FileSystemError?

  init(_ input: FlowInput, limits: YAMLLimits) {
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
          findings.add(
            SchemaRule.self,
            "file is \(size) bytes, more than the limit of \(limits.maxFileSize) bytes",
            at: .startOfFile(path))
          return
        }
      } catch {
        self.error = error
        return
      }
    }
    self.source = source
    let document = YAMLParser.parse(source, limits: limits, findings: &findings)
    file = FileDecoder.decode(document, path: source.path, findings: &findings)
  }
}

/// `transform` applied to each element, on all cores when there is more than one element.
func parallelMap<Element: Sendable, Result: Sendable>(
  _ elements: [Element], _ transform: @Sendable (Element) -> Result
) -> [Result] {
  guard elements.count > 1 else { return elements.map(transform) }
  let slots = ResultSlots<Result>(count: elements.count)
  DispatchQueue.concurrentPerform(iterations: elements.count) { index in
    slots.store(transform(elements[index]), at: index)
  }
  return slots.results()
}

/// Storage that concurrent tasks fill, each at its own index, before anyone reads it.
///
/// Each index is written by exactly one task into memory allocated up front, so the tasks
/// share nothing and need no lock; `concurrentPerform` returns only when all are done.
private final class ResultSlots<Result: Sendable>: @unchecked Sendable {
  private let slots: UnsafeMutableBufferPointer<Result?>

  init(count: Int) {
    slots = .allocate(capacity: count)
    slots.initialize(repeating: nil)
  }

  deinit {
    _ = slots.deinitialize()
    slots.deallocate()
  }

  func store(_ result: Result, at index: Int) {
    slots[index] = result
  }

  func results() -> [Result] {
    slots.compactMap { $0 }
  }
}
