import FlowCore

/// libFuzzer's entry point: the bytes become one flow file, which goes through the whole
/// front end and every check, the findings through every output format, the module through
/// every drawing and, when it has no error, through the Swift generator (in memory; nothing
/// is written to disk). Any crash, hang or leak is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  // Parsing in pieces must give the tree the whole parse gives, whatever the input.
  let file = SourceFile(path: "a.flow.yaml", bytes: bytes)
  if let difference = YAMLParser.differenceOfPiecewiseParse(file, minimumPiece: 16) {
    preconditionFailure("parsing in pieces changed the tree: \(difference)")
  }
  // A second file lets references across files and duplicate definitions be exercised.
  let second = SourceFile(
    path: "b.flow.yaml",
    text: "version: 1\ncoordinators:\n  Shared:\n    result: { done: ~ }\n    start: S\n"
      + "    screens:\n      S: { on: { ok: { finish: done } } }\n")
  let inputs: [FlowInput] = [
    .source(file), .source(second),
  ]
  guard let result = try? Pipeline.check(inputs) else { return 0 }
  _ = TextReporter(colored: true, sources: result.sources).render(result.findings)
  _ = JSONReporter.render(result.findings, files: 2)
  _ = SARIFReporter.render(result.findings, workingDirectory: "/fuzz")
  // Flow text reaches the human-readable outputs only escaped (docs/security-output.md):
  // no control but line breaks and tabs, no line a CI runner reads as a command, and one
  // GitHub command per finding.
  let text = TextReporter(colored: false, sources: result.sources).render(result.findings)
  precondition(isPrintable(text), "a control character reached the text output")
  precondition(!startsCommand(text), "a line of the text output is a workflow command")
  let github = GitHubReporter.render(result.findings)
  precondition(isPrintable(github), "a control character reached the github output")
  precondition(
    github.split(separator: "\n").count == result.findings.count, "a forged github command")
  // The drawings of `flowc graph`, in every format: the whole module, and each of its
  // first coordinators alone (`--coordinator`; a bound keeps huge modules fast).
  let graph = result.resolved.graph
  var diagrams = [DiagramBuilder.diagram(of: graph, findings: result.findings)]
  for index in result.module.coordinators.indices.prefix(8) {
    diagrams.append(DiagramBuilder.diagram(of: graph, focusingOn: index, findings: result.findings))
  }
  for diagram in diagrams {
    _ = DOTWriter.write(diagram)
    _ = MermaidWriter.write(diagram)
    _ = DiagramJSON.write(diagram)
  }
  // `flowc generate`, in memory: only a module without errors is generated. Its output
  // must be the same on every run, one file per name, each headed as spec section 9 says.
  guard !result.findings.contains(where: { $0.severity == .error }) else { return 0 }
  for access in AccessLevel.allCases {
    let options = SwiftGenerator.Options(access: access)
    let files = SwiftGenerator.generate(result.resolved.graph, options: options)
    precondition(
      SwiftGenerator.generate(result.resolved.graph, options: options) == files, "not deterministic"
    )
    precondition(Set(files.map(\.name)).count == files.count, "two files of one name")
    for file in files {
      let firstLine = file.contents.prefix { $0 != "\n" }
      precondition(SwiftGenerator.isHeader(firstLine), "no header: \(file.name)")
    }
  }
  return 0
}

/// Whether `text` holds no control character but line feeds and tabs.
func isPrintable(_ text: String) -> Bool {
  !text.unicodeScalars.contains {
    ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
  }
}

/// Whether a line of `text` begins, after blanks, as a GitHub workflow command does.
func startsCommand(_ text: String) -> Bool {
  text.split(separator: "\n").contains { line in
    let rest = line.unicodeScalars.drop(while: \.properties.isWhitespace)
    return rest.starts(with: "::".unicodeScalars) || rest.starts(with: "##[".unicodeScalars)
  }
}

/// libFuzzer's driver, which its own `main` would call.
@_silgen_name("LLVMFuzzerRunDriver")
func runDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

/// SwiftPM links an executable's entry point under this name; it hands over to libFuzzer.
@_cdecl("FlowFuzz_main")
public func main(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  var count = argc
  var arguments = argv
  return runDriver(&count, &arguments) { data, size in fuzz(data, size) }
}
