import FlowCore
import Foundation
import TestSupport
import Testing

/// The unit tests that `flowc tests --kind unit` writes (issue 36), compiled by `swiftc` in
/// Swift 6 with warnings as errors against this test run's FlowRuntime, with the coordinators
/// `flowc generate` writes for the same module, and *run*: those of flows/ and of random
/// modules of the property tests pass, and those of flows/ fail against a copy of the
/// generated coordinators in which one transition is miswired.
///
/// Each module is a library of its own; one executable runs the tests of the good ones through
/// Swift Testing's entry point, another those of the miswired copy.
@Suite(.notUnderSanitizers) struct GeneratedPathTestsRunTests {
  static let seedCount =
    Int(ProcessInfo.processInfo.environment["FLOWC_PROPS_PATHS_COUNT"] ?? "") ?? 3

  /// The app's own external types of flows/, as an app would write them, each with the value
  /// the path tests send.
  static let flowsValues = """
    struct User: Hashable, Sendable, FlowPathValue {
      var name = "Ada"
      static var flowPathValue: User { User() }
    }

    """

  @Test func generatedUnitTestsPassAndFailOnAMiswiredCoordinator() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("flowc-path-tests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try #require(
      FileManager.default.fileExists(
        atPath: builtModules.appendingPathComponent("FlowRuntime.swiftmodule").path),
      "no FlowRuntime module in \(builtModules.path)")

    // flows/, its coordinators as generated, and a copy with one transition miswired.
    let flows = try loadModule(PathGeneratorTests.flowFiles)
    let flowsPaths = testPaths(for: flows)
    #expect(flowsPaths.uncovered.isEmpty)
    var good = ["Flows"]
    try writeModule(
      "Flows", flows, paths: flowsPaths, values: Self.flowsValues, in: directory)
    try writeModule(
      "Miswired", flows, paths: flowsPaths, values: Self.flowsValues, in: directory,
      miswire: ("AuthCoordinator.swift", "present(makeSignUp())", "push(makeSignUp())"))

    // Random modules of the property tests.
    var seed = PropertyTests.firstSeed
    var seeds: [UInt64] = []
    while seeds.count < Self.seedCount && seed < PropertyTests.firstSeed + 200 {
      defer { seed += 1 }
      let module = RandomModule(seed: seed, leavingShapes: true, sequences: true)
      let text = module.yaml()
      let checked = try Pipeline.check([.source(SourceFile(path: "a.flow.yaml", text: text))])
      guard !checked.findings.contains(where: { $0.severity == .error }) else { continue }
      let paths = testPaths(for: checked)
      guard paths.stepCount > 0 else { continue }
      let values = module.externalTypes.map { name in
        "struct \(name): Hashable, Sendable, FlowPathValue {\n"
          + "  static var flowPathValue: \(name) { \(name)() }\n}\n"
      }.joined()
      try writeModule("S\(seed)", checked, paths: paths, values: values, in: directory)
      seeds.append(seed)
      good.append("S\(seed)")
    }
    #expect(seeds.count == Self.seedCount, "only seeds \(seeds) have paths")
    print("compiling and running the path tests of flows/ and of seeds \(seeds)")

    let passing = try buildAndRun("Good", modules: good, in: directory)
    #expect(passing.status == 0, "\(passing.output.suffix(6000))")
    #expect(passing.output.contains("AppPathTests"))
    let failing = try buildAndRun("Broken", modules: ["Miswired"], in: directory)
    #expect(failing.status != 0, "the tests pass against a miswired coordinator")
    #expect(failing.output.contains("Auth.SignUp"), "\(failing.output.suffix(3000))")
  }

  /// Writes the generated coordinators and path tests of `checked` as the sources of module
  /// `name`, with `values`; `miswire` replaces a text in one generated file.
  private func writeModule(
    _ name: String, _ checked: CheckResult, paths: PathSet, values: String, in directory: URL,
    miswire: (file: String, text: String, with: String)? = nil
  ) throws {
    let folder = directory.appendingPathComponent("Sources/\(name)")
    let options = SwiftGenerator.Options(access: .internal) { _ in "a.flow.yaml" }
    for file in SwiftGenerator.generate(
      checked.resolved.graph, routes: checked.resolved.links, options: options)
    {
      var contents = file.contents
      if let miswire, miswire.file == file.name {
        #expect(contents.contains(miswire.text), "\(miswire.text) not in \(file.name)")
        contents = contents.replacingOccurrences(of: miswire.text, with: miswire.with)
      }
      try write(contents, to: folder.appendingPathComponent(file.name))
    }
    for file in UnitTestGenerator.files(
      for: paths, graph: checked.resolved.graph, sources: ["a.flow.yaml"])
    {
      try write(file.contents, to: folder.appendingPathComponent("Tests-\(file.name)"))
    }
    try write(values, to: folder.appendingPathComponent("Values.swift"))
  }

  /// Compiles each module into an object, links them with FlowRuntime and a main that runs
  /// Swift Testing, and runs the executable.
  private func buildAndRun(_ name: String, modules: [String], in directory: URL) throws
    -> (status: Int32, output: String)
  {
    let objects = directory.appendingPathComponent("objects")
    try FileManager.default.createDirectory(at: objects, withIntermediateDirectories: true)
    let swift6 = ["swiftc", "-swift-version", "6", "-I", builtModules.path]
    for module in modules
    where !FileManager.default.fileExists(
      atPath: objects.appendingPathComponent("\(module).o").path)
    {
      let compile = try runProcess(
        swift6 + [
          "-parse-as-library", "-warnings-as-errors", "-module-name", module, "-wmo", "-Onone",
          "-c", "-o", objects.appendingPathComponent("\(module).o").path,
        ] + (try swiftFiles(in: directory.appendingPathComponent("Sources/\(module)"))),
        in: directory)
      guard compile.status == 0 else { return compile }
    }
    let runtime = builtModules.deletingLastPathComponent()
      .appendingPathComponent("FlowRuntime.build")
    let runtimeObjects = try FileManager.default.contentsOfDirectory(atPath: runtime.path)
      .filter { $0.hasSuffix(".o") }.sorted().map { runtime.appendingPathComponent($0).path }
    let main = directory.appendingPathComponent("\(name)/main.swift")
    try write("import Testing\n\nawait Testing.__swiftPMEntryPoint() as Never\n", to: main)
    let executable = directory.appendingPathComponent("\(name)/run")
    let link = try runProcess(
      swift6 + ["-module-name", "\(name)Main", "-o", executable.path, main.path]
        + modules.map { objects.appendingPathComponent("\($0).o").path } + runtimeObjects,
      in: directory)
    guard link.status == 0 else { return link }
    return try runProcess([executable.path], in: directory, timeout: 300)
  }
}
