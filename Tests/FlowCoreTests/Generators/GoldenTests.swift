import FlowCommandLine
import FlowCore
import Foundation
import Testing

/// The Swift generated for the example app in `flows/` is exactly the reviewed golden copy
/// in `Tests/ExampleAppTests/Generated/`, which the ExampleAppTests target compiles and
/// drives. After a deliberate change to the generator, `make goldens` rewrites it; review
/// the diff like code.
@Suite struct SwiftGoldenTests {
  static let goldens = "Tests/ExampleAppTests/Generated"

  @Test func theExampleAppsSwiftIsTheGolden() throws {
    let flows = try FlowFileSearch.files(under: packageRoot.appendingPathComponent("flows").path)
    let checked = try Pipeline.check(flows.map { .path($0) })
    try #require(!checked.hasErrors, "\(described(checked.findings))")
    let root = packageRoot.path
    let files = SwiftGenerator.generate(
      checked.resolved.graph, options: .init(displayPath: { Paths.relative($0, to: root) }))

    let directory = packageRoot.appendingPathComponent(Self.goldens)
    let committed = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".swift") }.sorted()
    let generated = files.map(\.name).sorted()
    if Golden.updating {
      for stale in Set(committed).subtracting(generated) {
        try FileManager.default.removeItem(at: directory.appendingPathComponent(stale))
      }
    } else {
      #expect(
        committed == generated, "the golden files are not the generated ones; run 'make goldens'")
    }
    for file in files {
      try Golden.check(file.contents, against: "\(Self.goldens)/\(file.name)")
    }
  }
}
