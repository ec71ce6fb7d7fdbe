import FlowCommandLine
import FlowCore
import Foundation
import Testing

/// The Swift generated for the example app in `flows/` is exactly the reviewed golden copy
/// in `Tests/ExampleAppTests/Generated/`, which the ExampleAppTests target compiles and
/// drives; so is the Swift generated for the shared screens fixture,
/// `Tests/Fixtures/shared-screens/`, in `Tests/SharedScreenAppTests/Generated/` (r3, FLOW-SPEC
/// 13.2), which SharedScreenAppTests compiles and drives. After a deliberate change to the
/// generator, `make goldens` rewrites them; review the diff like code.
@Suite struct SwiftGoldenTests {
  static let goldens = "Tests/ExampleAppTests/Generated"
  static let sharedScreenGoldens = "Tests/SharedScreenAppTests/Generated"

  @Test func theExampleAppsSwiftIsTheGolden() throws {
    try checkGolden(of: "flows", in: Self.goldens)
  }

  @Test func theSharedScreenAppsSwiftIsTheGolden() throws {
    try checkGolden(of: "Tests/Fixtures/shared-screens", in: Self.sharedScreenGoldens)
  }

  /// Compares the Swift generated for the flows under `flows` with the golden copy in
  /// `goldens` (both relative to the package), or rewrites it while updating goldens.
  private func checkGolden(of flows: String, in goldens: String) throws {
    let paths = try FlowFileSearch.files(under: packageRoot.appendingPathComponent(flows).path)
    let checked = try Pipeline.check(paths.map { .path($0) })
    try #require(!checked.hasErrors, "\(described(checked.findings))")
    let root = packageRoot.path
    let files = SwiftGenerator.generate(
      checked.resolved.graph, options: .init(displayPath: { Paths.relative($0, to: root) }))

    let directory = packageRoot.appendingPathComponent(goldens)
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
      try Golden.check(file.contents, against: "\(goldens)/\(file.name)")
    }
  }
}
