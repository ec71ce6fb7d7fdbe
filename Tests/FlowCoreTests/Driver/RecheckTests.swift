import Foundation
import Testing

@testable import FlowCore

/// Checking a module again after an edit (the language server's ``Recheck``) finds exactly
/// what checking it whole finds, whatever it reuses; and it does reuse where it may.
@Suite struct RecheckTests {
  /// The module of `RandomModule(seed:)`, one file for its types and one per coordinator.
  private static func files(of yaml: String) -> [String: String] {
    var files: [String: String] = [:]
    var section = ""
    var current: String?
    var coordinators = 0
    for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
      if !line.hasPrefix(" ") {
        if line.hasPrefix("version:") { continue }
        section = String(line)
        current = section == "coordinators:" ? nil : "\(section.dropLast()).flow.yaml"
        if let current { files[current] = "version: 1\n\(section)\n" }
        continue
      }
      if section == "coordinators:", line.hasPrefix("  "), !line.hasPrefix("   ") {
        current = String(format: "c%02d.flow.yaml", coordinators)
        coordinators += 1
        files[current ?? ""] = "version: 1\ncoordinators:\n"
      }
      if let current { files[current, default: ""] += line + "\n" }
    }
    return files
  }

  private static func parse(_ path: String, _ text: String) -> ParsedFile {
    Pipeline.parse([.source(SourceFile(path: path, text: text))])[0]
  }

  /// One edit of a file, as an author makes them: most change only where an action leads.
  private static func edit(
    _ text: String, _ random: inout SeededGenerator
  ) -> (String, String)? {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let actions = [
      "push: ", "present: ", "replace: ", "start: ", "decide: ", "alert: ", "finish: ",
    ]
    switch Int.random(in: 0..<5, using: &random) {
    case 0, 1:
      // An action's target misspelt, or pointed at the coordinator's first screen.
      let candidates = lines.indices.filter { index in
        actions.contains { lines[index].contains($0) }
      }
      guard let line = candidates.randomElement(using: &random),
        let action = actions.shuffled(using: &random).first(where: { lines[line].contains($0) }),
        let range = lines[line].range(of: action)
      else { return nil }
      let rest = lines[line][range.upperBound...]
      let name = rest.prefix { $0.isLetter || $0.isNumber }
      guard !name.isEmpty else { return nil }
      let replacement = Bool.random(using: &random) ? name + "x" : "S0"
      lines[line].replaceSubrange(
        range.upperBound..<rest.index(rest.startIndex, offsetBy: name.count), with: replacement)
      return (
        lines.joined(separator: "\n"), "\(action)\(name) → \(replacement) at line \(line + 1)"
      )
    case 2:
      // A definition renamed: a key of its own line.
      let candidates = lines.indices.filter {
        lines[$0].hasSuffix(":") && lines[$0].hasPrefix("   ")
      }
      guard let line = candidates.randomElement(using: &random) else { return nil }
      lines[line] = String(lines[line].dropLast()) + "y:"
      return (lines.joined(separator: "\n"), "renamed at line \(line + 1)")
    case 3:
      // A line inserted: everything below moves.
      let line = Int.random(in: 1...lines.count, using: &random)
      lines.insert("# a note", at: line)
      return (lines.joined(separator: "\n"), "comment inserted at line \(line + 1)")
    default:
      // A line deleted: whatever it held is gone, or the file breaks.
      guard lines.count > 3 else { return nil }
      let line = Int.random(in: 2..<lines.count, using: &random)
      let removed = lines.remove(at: line)
      return (lines.joined(separator: "\n"), "line \(line + 1) deleted: \(removed)")
    }
  }

  @Test func checkingAgainAfterRandomEditsFindsWhatACheckOfTheWholeModuleFinds() throws {
    let count = max(PropertyTests.count / 8, 1)
    var reused = 0
    var whole = 0
    for seed in PropertyTests.firstSeed..<(PropertyTests.firstSeed + UInt64(count)) {
      var random = SeededGenerator(seed: seed ^ 0x5EC4EC)
      let module = RandomModule(seed: seed, leavingShapes: true)
      let original = Self.files(of: module.yaml())
      var texts = original
      var parsed = Dictionary(uniqueKeysWithValues: texts.map { ($0, Self.parse($0, $1)) })
      var configuration = Configuration()
      var recheck = Recheck()
      var history: [String] = []
      for step in 0..<8 {
        var edited: [String] = []
        switch Int.random(in: 0..<10, using: &random) {
        case 0:
          // A defect planted somewhere in the module, as its YAML without the marker.
          if let (mutation, _, yaml) = Mutation.plant(in: module, using: &random) {
            let planted = Self.files(of: yaml.replacingOccurrences(of: "↓", with: ""))
            for (path, text) in planted where texts[path] != text { edited.append(path) }
            for path in texts.keys where planted[path] == nil { edited.append(path) }
            texts = planted
            history.append("\(mutation) planted")
          }
        case 1:
          // Back to the module as it was.
          for (path, text) in original where texts[path] != text { edited.append(path) }
          for path in texts.keys where original[path] == nil { edited.append(path) }
          texts = original
          history.append("reverted")
        case 2:
          configuration.children =
            configuration.children == .generated ? .removedOnFinish : .generated
          history.append("children: \(configuration.children)")
        default:
          guard let path = texts.keys.sorted().randomElement(using: &random),
            let text = texts[path], let (changed, what) = Self.edit(text, &random)
          else { continue }
          texts[path] = changed
          edited.append(path)
          history.append("\(path): \(what)")
        }
        for path in edited {
          parsed[path] = texts[path].map { Self.parse(path, $0) }
        }
        let files = Array(parsed.values)
        let again = recheck.check(parsed: files, configuration: configuration)
        let full = Pipeline.check(parsed: files, configuration: configuration)
        if recheck.checkedAgain == nil { whole += 1 } else { reused += 1 }
        let context = "seed \(seed), step \(step): \(history.joined(separator: "; "))"
        #expect(
          again.findings == full.findings,
          "\(context)\nagain: \(described(again.findings))\nwhole: \(described(full.findings))")
        #expect(again.generationBlockers == full.generationBlockers, "\(context)")
        if again.findings != full.findings { return }
      }
    }
    // The edits must exercise both ways, or the comparison proves little.
    #expect(reused > count && whole > count, "reused \(reused), whole \(whole)")
  }

  private static let module = [
    "a.flow.yaml": """
    version: 1
    coordinators:
      App:
        entry: true
        start: Home
        screens:
          Home: { on: { open: { start: Shop, on: { done: stay } } } }
    """,
    "b.flow.yaml": """
    version: 1
    coordinators:
      Shop:
        result: { done: ~ }
        start: List
        screens:
          List: { on: { show: { push: Detail } } }
          Detail: { on: { close: { finish: done } } }
    """,
  ]

  private static func check(_ recheck: inout Recheck, _ texts: [String: String]) -> CheckResult {
    recheck.check(
      parsed: texts.map { Self.parse($0.key, $0.value) }, configuration: Configuration())
  }

  @Test func anEditWhereAnActionLeadsChecksOnlyItsFileAgain() {
    var recheck = Recheck()
    var texts = Self.module
    _ = Self.check(&recheck, texts)
    #expect(recheck.checkedAgain == nil)
    texts["b.flow.yaml"] = texts["b.flow.yaml"]?.replacingOccurrences(
      of: "push: Detail", with: "push: Detial")
    let result = Self.check(&recheck, texts)
    #expect(recheck.checkedAgain == [FileName("b.flow.yaml")])
    #expect(
      result.findings.map(\.message) == [
        "screen 'Detial' does not exist in coordinator 'Shop'; did you mean 'Detail'?"
      ])
  }

  @Test func anEditOfANameOrOfWhereThingsAreChecksTheWholeModule() {
    for (from, to) in [
      ("Detail: {", "Details: {"), ("result: { done: ~ }", "result: { done: Int }"),
      ("List: {", "\n      List: {"),
    ] {
      var recheck = Recheck()
      var texts = Self.module
      _ = Self.check(&recheck, texts)
      texts["b.flow.yaml"] = texts["b.flow.yaml"]?.replacingOccurrences(of: from, with: to)
      _ = Self.check(&recheck, texts)
      #expect(recheck.checkedAgain == nil, "\(from) → \(to)")
    }
  }
}
