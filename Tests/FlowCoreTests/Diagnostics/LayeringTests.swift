import Foundation
import Testing

/// The front end reports problems as data: the YAML layer, the decoder and the diagnostics
/// they report with name no rule, so that which rule reports what is decided in one place
/// (`Driver/FrontEndFindings.swift`).
@Suite struct LayeringTests {
  private static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources/FlowCore")

  @Test(arguments: ["Diagnostics", "YAML", "Decoding"])
  func folderNamesNoRule(_ folder: String) throws {
    let directory = Self.sources.appendingPathComponent(folder)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".swift") }
    #expect(!names.isEmpty, "\(directory.path) holds no sources")
    for name in names {
      let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
      let code = text.split(separator: "\n").filter {
        !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
      }
      for (number, line) in code.enumerated() {
        let mentions = line.matches(of: /\b(?:[A-Z]\w*)?Rule(?:Registry|Example)?\b/)
        #expect(mentions.isEmpty, "\(folder)/\(name): \(line) (code line \(number + 1))")
      }
    }
  }
}
