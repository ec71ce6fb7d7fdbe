import FlowCore
import Foundation
import Testing

/// The Swift generated for the example app in `flows/` is exactly the reviewed golden copy
/// in `Tests/ExampleAppTests/Generated/`, which the ExampleAppTests target compiles and
/// drives. After a deliberate change to the generator, run `make goldens` and review the
/// diff like code.
@Suite struct GoldenTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let goldens = root.appendingPathComponent("Tests/ExampleAppTests/Generated")

  @Test func theExampleAppsSwiftIsTheGolden() throws {
    let flows = try FileSystem.flowFiles(under: Self.root.appendingPathComponent("flows").path)
    let checked = try Pipeline.check(flows.map { .path($0) })
    try #require(!checked.hasErrors, "\(described(checked.findings))")
    let root = Self.root.path
    let files = SwiftGenerator.generate(
      checked.module, options: .init(displayPath: { Paths.relative($0, to: root) }))

    let committed = try FileManager.default.contentsOfDirectory(atPath: Self.goldens.path)
      .filter { $0.hasSuffix(".swift") }.sorted()
    #expect(
      committed == files.map(\.name).sorted(),
      "the golden files are not the generated ones; run 'make goldens'")
    for file in files {
      let golden = try? String(
        contentsOf: Self.goldens.appendingPathComponent(file.name), encoding: .utf8)
      guard let golden, golden != file.contents else { continue }
      let diff = lineDiff(expected: golden, actual: file.contents)
      Issue.record(
        """
        \(file.name) differs from its golden (- golden, + generated); if the change is meant, \
        run 'make goldens' and review the diff:
        \(diff)
        """)
    }
  }
}
