import FlowCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// libFuzzer's entry point. An input whose first byte no flow file begins with (a control
/// character but a tab or line break, or a byte of 0x80 or more) drives ``HostileModule``, a
/// generator of valid-shaped two-file modules with hostile names, docs and paths; any other
/// input (every YAML seed) is the bytes of one flow file of a two-file module. Either way the module goes
/// through the whole front end and every check, the findings through every output format,
/// the module through every drawing and, when `flowc generate` would write it, through the
/// Swift generator (in memory; nothing is written to disk). Any crash, hang, leak or broken
/// promise (``Oracles``) is a bug. `FLOWFUZZ_PRINT=1` prints the files of each input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let files: [SourceFile]
  if let first = bytes.first, !startsText(first) {
    var choices = Choices(bytes.dropFirst())
    files = HostileModule(&choices).files
  } else {
    files = [
      SourceFile(path: "a.flow.yaml", bytes: bytes),
      // A second file lets references across files and duplicate definitions be exercised.
      SourceFile(
        path: "b.flow.yaml",
        text: "version: 1\ncoordinators:\n  Shared:\n    result: { done: ~ }\n    start: S\n"
          + "    screens:\n      S: { on: { ok: { finish: done } } }\n"),
    ]
  }
  if getenv("FLOWFUZZ_PRINT") != nil {
    for file in files {
      print("# \(file.path.debugDescription)\n\(String(decoding: file.bytes, as: UTF8.self))")
    }
  }
  // Parsing in pieces must give the tree the whole parse gives, whatever the input.
  for file in files {
    if let difference = YAMLParser.differenceOfPiecewiseParse(file, minimumPiece: 16) {
      Oracles.fail("parsing in pieces changed the tree: \(difference)")
    }
  }
  guard let result = try? Pipeline.check(files.map(FlowInput.source)) else { return 0 }
  _ = TextReporter(colored: true, sources: result.sources).render(result.findings)
  let text = TextReporter(colored: false, sources: result.sources).render(result.findings)
  if getenv("FLOWFUZZ_PRINT") != nil { print(text) }
  Oracles.checkMachineReadable(JSONReporter.render(result.findings, files: files.count))
  Oracles.checkMachineReadable(SARIFReporter.render(result.findings, workingDirectory: "/fuzz"))
  Oracles.checkText(text)
  Oracles.checkGitHub(GitHubReporter.render(result.findings), findings: result.findings)
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
  // `flowc generate`, in memory, of what it would write: a module without errors, and
  // without findings of the rules that block generation even where `lint: ignore` or the
  // configuration hid them.
  guard !result.hasErrors, result.generationBlockers.isEmpty else { return 0 }
  // Both access levels; the second time only once, and as one file (`--output-file`, what
  // the build plugin runs: the whole module under one header), to keep inputs fast.
  let options = SwiftGenerator.Options(access: .internal)
  let generated = SwiftGenerator.generate(graph, options: options)
  Oracles.check(SwiftGenerator.generate(graph, options: options) == generated, "not deterministic")
  Oracles.check(Set(generated.map(\.name)).count == generated.count, "two files of one name")
  for file in generated {
    Oracles.checkFileName(file.name)
    Oracles.checkSwift(file.contents, name: file.name)
  }
  let single = SwiftGenerator.generateSingleFile(
    graph, sources: files.map(\.path), options: SwiftGenerator.Options(access: .public))
  Oracles.checkSwift(single, name: "--output-file")
  if getenv("FLOWFUZZ_PRINT") != nil { print(single) }
  return 0
}

/// Whether `byte` can begin a flow file's text: printable ASCII, a tab or a line break.
func startsText(_ byte: UInt8) -> Bool {
  (0x20...0x7E).contains(byte) || byte == 0x09 || byte == 0x0A || byte == 0x0D
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
