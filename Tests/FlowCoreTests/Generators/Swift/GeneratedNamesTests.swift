import FlowCommandLine
import Foundation
import Testing

@testable import FlowCore

/// The generator, `duplicate-name` and rename agree on the names of generated types: the
/// names are read from the Swift generated for the example app, not from ``GeneratedNames``,
/// so a generator, rule or rename that spelled one differently fails here.
@Suite struct GeneratedNamesTests {
  /// The flow files of the example app (or of the module in `folder`, relative to the
  /// package), as in-memory sources.
  private static func flows(in folder: String = "flows") throws -> [SourceFile] {
    try FlowFileSearch.files(under: packageRoot.appendingPathComponent(folder).path).map {
      SourceFile(path: $0, text: try String(contentsOfFile: $0, encoding: .utf8))
    }
  }

  /// (r3) The shared screens fixture, whose generated Swift has `SharedScreens` and the
  /// shared nodes' top-level enums.
  private static let sharedScreens = "Tests/Fixtures/shared-screens"

  /// A file, after the example app's (or `folder`'s) in path order, that declares `types`,
  /// one a line from line 3.
  private static func typesFile(_ types: [String], in folder: String = "flows") -> SourceFile {
    let lines = types.map { "  \($0): { struct: { text: String } }" }
    return SourceFile(
      path: packageRoot.appendingPathComponent("\(folder)/zz-types.flow.yaml").path,
      text: (["version: 1", "types:"] + lines).joined(separator: "\n") + "\n")
  }

  /// The types declared by the example app's generated Swift: at the top level of its files,
  /// and nested in each coordinator class, by the class's name.
  private struct Declared {
    var topLevel: Set<String> = []
    /// The classes among ``topLevel``.
    var classes: Set<String> = []
    var nested: [String: Set<String>] = [:]
  }

  private static func declared(in files: [GeneratedFile]) throws -> Declared {
    let topLevel = try Regex(
      #"^(?:(?:public|package|nonisolated|final) )*(?:class|enum|struct|protocol) (\w+)"#)
    let member = try Regex(
      #"^  (?:(?:public|package|nonisolated|final|private) )*(?:class|enum|struct|protocol) (\w+)"#)
    var declared = Declared()
    for file in files {
      var enclosingClass: String?
      for line in file.contents.split(separator: "\n", omittingEmptySubsequences: false) {
        if let match = try topLevel.firstMatch(in: line), let name = match.output[1].substring {
          declared.topLevel.insert(String(name))
          enclosingClass = line.contains("class ") ? String(name) : nil
          if let enclosingClass { declared.classes.insert(enclosingClass) }
        } else if line.hasPrefix("}") {
          enclosingClass = nil
        } else if let enclosingClass, let match = try member.firstMatch(in: line),
          let name = match.output[1].substring
        {
          declared.nested[enclosingClass, default: []].insert(String(name))
        }
      }
    }
    return declared
  }

  @Test(arguments: ["flows", sharedScreens])
  func theGeneratorDeclaresTheNamesThatGeneratedNamesLists(_ folder: String) throws {
    let checked = try Pipeline.check(try Self.flows(in: folder).map { .source($0) })
    try #require(!checked.hasErrors, "\(described(checked.findings))")
    let module = checked.resolved.graph.module
    let declared = try Self.declared(in: SwiftGenerator.generate(checked.resolved.graph))

    // External types are the app's: generated code names them but does not declare them.
    let external = Set(module.types.filter { $0.kind == .external }.map(\.name.text))
    let listed = Set(GeneratedNames.topLevelNames(of: module).map(\.name))
    #expect(declared.topLevel == listed.subtracting(external))
    #expect(listed.contains("FlowLinkValues"), "the module has a link with values")
    if folder == Self.sharedScreens {
      #expect(listed.isSuperset(of: ["SharedScreens", "ProfileEvent", "BlockAnswer"]))
    }
    for coordinator in module.coordinators {
      let className = GeneratedNames.coordinatorClass.name(for: coordinator.name.text)
      let nested = Set(GeneratedNames.nestedEnums(of: coordinator).map(\.name))
      #expect(declared.nested[className, default: []] == nested, "in \(className)")
    }
  }

  @Test(arguments: ["flows", sharedScreens])
  func duplicateNameReportsATypeOfEachGeneratedName(_ folder: String) throws {
    let flows = try Self.flows(in: folder)
    let plain = try Pipeline.check(flows.map { .source($0) })
    let module = plain.resolved.graph.module
    let declared = try Self.declared(in: SwiftGenerator.generate(plain.resolved.graph))
    let own = Set(module.types.map(\.name.text))
    let generated = declared.topLevel.subtracting(own).union(declared.nested.values.joined())
    let types = generated.sorted() + ["UnrelatedName"]

    let extra = Self.typesFile(types, in: folder)
    let checked = try Pipeline.check((flows + [extra]).map { .source($0) })
    // Where each finding or note of `duplicate-name` points in the extra file: a top-level
    // name's finding is at the later definition (the type), a nested enum's is at its node
    // with a note at the type.
    var flagged: Set<Int> = []
    for finding in checked.findings where finding.rule == DuplicateNameRule.id {
      for range in [finding.range] + finding.notes.map(\.range) where range.file == extra.path {
        flagged.insert(range.start.line)
      }
    }
    let reported = Set(flagged.map { types[$0 - 3] })
    #expect(reported == generated)
    #expect(!reported.contains("UnrelatedName"))
  }

  @Test func renameRefusesEachGeneratedName() throws {
    let flows = try Self.flows()
    let plain = try Pipeline.check(flows.map { .source($0) })
    let module = plain.resolved.graph.module
    let declared = try Self.declared(in: SwiftGenerator.generate(plain.resolved.graph))
    let own = Set(module.types.map(\.name.text))
    let generated = declared.topLevel.subtracting(own).union(declared.nested.values.joined())

    // A type renamed to a generated name.
    let spare = Self.typesFile(["Spare"])
    let editor = EditorModule(files: flows + [spare])
    let position = EditorPosition(line: 2, character: 2)
    for name in generated.sorted() {
      guard case .failure = editor.rename(at: position, in: spare.path, to: name) else {
        Issue.record("renaming a type to '\(name)' was not refused")
        continue
      }
    }
    #expect(throws: Never.self) {
      try editor.rename(at: position, in: spare.path, to: "UnrelatedName").get()
    }

    // A coordinator or a node renamed `Fresh`, when a type is named as generated code would
    // name something of it: the generated name with its owner's name replaced.
    func refusesRename(of name: Identifier, to fresh: String, besideType type: String) -> Bool {
      let extra = Self.typesFile([type])
      let editor = EditorModule(files: flows + [extra])
      let at = EditorPosition(
        line: name.range.start.line - 1, character: name.range.start.column - 1)
      guard case .failure = editor.rename(at: at, in: name.range.file, to: fresh) else {
        return false
      }
      return true
    }
    // Each top-level name's owner: the coordinator whose name begins it, the longest of them
    // (`ProductDetails` before `Product`).
    let byLength = module.coordinators.indices.sorted {
      module.coordinators[$0].name.text.utf8.count > module.coordinators[$1].name.text.utf8.count
    }
    var owned: [Int: [String]] = [:]
    for name in declared.topLevel.subtracting(own) {
      guard let index = byLength.first(where: { name.hasPrefix(module.coordinators[$0].name.text) })
      else { continue }
      owned[index, default: []].append(name)
    }
    var tried: Set<String> = []
    for (index, coordinator) in module.coordinators.enumerated() {
      let owner = coordinator.name.text
      for name in owned[index, default: []].sorted() {
        let suffix = String(name.dropFirst(owner.count))
        guard tried.insert("coordinator " + suffix).inserted else { continue }
        #expect(
          refusesRename(of: coordinator.name, to: "Fresh", besideType: "Fresh" + suffix),
          "renaming coordinator '\(owner)' to 'Fresh' beside a type 'Fresh\(suffix)'")
      }
      let nodes =
        coordinator.screens.map(\.name) + coordinator.decisions.map(\.name)
        + coordinator.alerts.map(\.name)
      let className = owned[index, default: []].first { declared.classes.contains($0) }
      for name in className.map({ declared.nested[$0, default: []] }) ?? [] {
        guard
          let node = nodes.filter({ name.hasPrefix($0.text) }).max(by: {
            $0.text.utf8.count < $1.text.utf8.count
          })
        else { continue }
        let suffix = String(name.dropFirst(node.text.count))
        guard tried.insert("node " + suffix).inserted else { continue }
        #expect(
          refusesRename(of: node, to: "Fresh", besideType: "Fresh" + suffix),
          "renaming '\(node.text)' of '\(owner)' to 'Fresh' beside a type 'Fresh\(suffix)'")
      }
    }
    #expect(tried.count == 8, "\(tried.sorted())")
  }
}
