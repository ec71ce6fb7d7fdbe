import FlowCommandLine
import Foundation
import Testing

/// Checks `Schemas/flow.schema.json` with its real consumer, `check-jsonschema`: the schema
/// against its metaschema, the example app in `flows/` against the schema, and the fixtures
/// in `Tests/Fixtures/schema-valid` and `schema-invalid`.
///
/// `check-jsonschema` comes from PyPI (`make deps`). Without it these tests fail; they never
/// pass silently.
@Suite("JSON Schema")
struct JSONSchemaTests {
  /// The schema, found from the package root (`packageRoot`, from this file's `#filePath`).
  static let schema = packageRoot.appendingPathComponent("Schemas/flow.schema.json").path
  static let validFixtures = flowFiles(in: "Tests/Fixtures/schema-valid")
  static let invalidFixtures = flowFiles(in: "Tests/Fixtures/schema-invalid")

  @Test("the schema is valid against its metaschema")
  func schemaMatchesMetaschema() throws {
    let run = try CheckJSONSchema.run(["--check-metaschema", Self.schema])
    #expect(run.status == 0, "\(run.output)")
  }

  @Test("every flow in flows/ and in the example packages is valid against the schema")
  func exampleFlowsAreValid() throws {
    let flows = Self.flowFiles(in: "flows")
    #expect(flows.count >= 5, "flows/ should hold the example app")
    let package = Self.flowFiles(in: "Examples/ShopApp/Sources/ShopApp/Flows")
    #expect(package.count >= 2, "Examples/ShopApp should have its flows")
    let swiftUI = Self.flowFiles(in: "Examples/ShopAppSwiftUI/Sources/ShopAppSwiftUI/Flows")
    #expect(swiftUI.count >= 2, "Examples/ShopAppSwiftUI should have its flows")
    let run = try CheckJSONSchema.run(
      CheckJSONSchema.draft07 + ["--schemafile", Self.schema] + flows + package + swiftUI)
    #expect(run.status == 0, "\(run.output)")
  }

  @Test("the fixture folders are not empty")
  func fixturesExist() {
    #expect(Self.validFixtures.count >= 4)
    #expect(Self.invalidFixtures.count >= 10)
  }

  @Test("each valid fixture is accepted", arguments: validFixtures)
  func validFixtureIsAccepted(_ file: String) throws {
    let run = try CheckJSONSchema.run(
      CheckJSONSchema.draft07 + ["--schemafile", Self.schema, file])
    #expect(run.status == 0, "\(run.output)")
  }

  /// Each invalid fixture holds one defect and names, in a `# Rejected at: <path>` comment,
  /// the JSON path where `check-jsonschema` must report it; a file rejected for another
  /// reason (or that is not even YAML) does not count.
  @Test("each invalid fixture is rejected at its defect", arguments: invalidFixtures)
  func invalidFixtureIsRejected(_ file: String) throws {
    let text = try String(contentsOfFile: file, encoding: .utf8)
    let marker = "# Rejected at: "
    let expectedPath = text.split(separator: "\n")
      .first { $0.hasPrefix(marker) }
      .map { String($0.dropFirst(marker.count)) }
    let path = try #require(expectedPath, "\(file) needs a '\(marker)<JSON path>' line")

    let run = try CheckJSONSchema.run(
      CheckJSONSchema.draft07 + ["--output-format", "json", "--schemafile", Self.schema, file])
    #expect(run.status == 1, "\(run.output)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any],
      "check-jsonschema printed no JSON report: \(run.output)")
    let parseErrors = report["parse_errors"] as? [[String: Any]] ?? []
    #expect(parseErrors.isEmpty, "\(file) must be well-formed YAML: \(parseErrors)")
    let errors = report["errors"] as? [[String: Any]] ?? []
    let paths = errors.compactMap { $0["path"] as? String }
    #expect(paths.contains(path), "expected an error at \(path), got \(errors)")
  }

  // MARK: The schema's own text

  /// Editors validate as draft-07 (yaml-language-server ignores newer keywords, so a
  /// `dependentRequired` checked nothing while typing): the schema says draft-07, has an
  /// `$id`, and uses no keyword that draft-07 does not know.
  @Test("the schema is draft-07 and uses no newer keyword")
  func schemaIsDraft07() throws {
    let schema = try Self.loadSchema()
    #expect(schema["$schema"] as? String == "http://json-schema.org/draft-07/schema#")
    #expect((schema["$id"] as? String)?.isEmpty == false, "the schema needs an $id")
    let newer: Set<String> = [
      "$defs", "$anchor", "$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor",
      "$vocabulary", "dependentRequired", "dependentSchemas", "unevaluatedProperties",
      "unevaluatedItems", "prefixItems", "minContains", "maxContains", "contentSchema",
    ]
    var found: [String] = []
    func visit(_ node: Any, at path: String) {
      if let object = node as? [String: Any] {
        for (key, child) in object {
          // Names of properties and definitions are the flow's own words, not keywords.
          let namesChildren = key == "properties" || key == "definitions"
          if newer.contains(key) {
            found.append("\(path)/\(key)")
          }
          if namesChildren, let children = child as? [String: Any] {
            for (name, grandchild) in children {
              visit(grandchild, at: "\(path)/\(key)/\(name)")
            }
          } else if key != "examples", key != "enum", key != "const" {
            visit(child, at: "\(path)/\(key)")
          }
        }
      } else if let array = node as? [Any] {
        for (index, child) in array.enumerated() { visit(child, at: "\(path)/\(index)") }
      }
    }
    visit(schema, at: "#")
    #expect(found.isEmpty, "keywords newer than draft-07: \(found.sorted())")
  }

  /// The pattern of `typeText` is built by a recipe (its `$comment`), not written by hand;
  /// this rebuilds it and compares.
  @Test("the type-expression pattern follows its recipe")
  func typePatternFollowsRecipe() throws {
    let defs = try #require(try Self.loadSchema()["definitions"] as? [String: Any])
    let typeText = try #require(defs["typeText"] as? [String: Any])
    let name = "[A-Z][A-Za-z0-9]*"
    let optional = #"(?: *\?)?"#
    var type = "(?:\(name)|" + #"\[[][A-Za-z0-9:? ]*\])"# + optional
    for _ in 1...4 {
      type = "(?:\(name)|" + #"\[ *"# + type + #" *(?:: *"# + type + #" *)?\])"# + optional
    }
    #expect(typeText["pattern"] as? String == "^ *" + type + " *$")
  }

  /// Editors show `description`s on hover and offer `examples` as completions, so every
  /// property and every definition has both.
  @Test("every property and definition has a description and examples")
  func everythingIsDescribed() throws {
    let schema = try Self.loadSchema()
    var missing: [String] = []
    func visit(_ node: Any, at path: String) {
      if let object = node as? [String: Any] {
        for key in ["properties", "definitions"] {
          for (name, child) in object[key] as? [String: Any] ?? [:] {
            let child = child as? [String: Any] ?? [:]
            if child["description"] == nil { missing.append("\(path)/\(key)/\(name): description") }
            if (child["examples"] as? [Any])?.isEmpty ?? true {
              missing.append("\(path)/\(key)/\(name): examples")
            }
          }
        }
        for (key, child) in object { visit(child, at: "\(path)/\(key)") }
      } else if let array = node as? [Any] {
        for (index, child) in array.enumerated() { visit(child, at: "\(path)/\(index)") }
      }
    }
    visit(schema, at: "#")
    #expect(missing.isEmpty, "missing: \(missing.sorted())")
  }

  /// An example that its own schema rejects would teach the wrong thing, so each one is
  /// checked against the schema it is given in, all in one run of `check-jsonschema`: a
  /// schema whose property `eN` is the N-th place with examples (its `$ref`s resolve, as the
  /// `definitions` are the same), and a document whose `eN` holds each of its examples in turn.
  @Test("every example is valid against the schema it is given in")
  func examplesAreValid() throws {
    let schema = try Self.loadSchema()
    var places: [(path: String, schema: [String: Any], examples: [Any])] = []
    func visit(_ node: Any, at path: String) {
      if let object = node as? [String: Any] {
        if let examples = object["examples"] as? [Any], path != "#" {
          places.append((path, object, examples))
        }
        for (key, child) in object where key != "examples" { visit(child, at: "\(path)/\(key)") }
      } else if let array = node as? [Any] {
        for (index, child) in array.enumerated() { visit(child, at: "\(path)/\(index)") }
      }
    }
    visit(schema, at: "#")
    #expect(places.count > 40)

    let directory = try TemporaryDirectory()
    defer { directory.cleanUp() }
    var properties: [String: Any] = [:]
    var documents: [[String: Any]] = []
    for (index, place) in places.enumerated() {
      properties["e\(index)"] = place.schema
      for (number, example) in place.examples.enumerated() {
        if documents.count <= number { documents.append([:]) }
        documents[number]["e\(index)"] = example
      }
    }
    let wrapper: [String: Any] = [
      "$schema": schema["$schema"] ?? "", "definitions": schema["definitions"] ?? [:],
      "type": "object", "properties": properties,
    ]
    let schemaFile = directory.url.appendingPathComponent("examples.schema.json")
    try JSONSerialization.data(withJSONObject: wrapper, options: [.fragmentsAllowed])
      .write(to: schemaFile)
    var files: [String] = []
    for (number, document) in documents.enumerated() {
      let file = directory.url.appendingPathComponent("examples-\(number).json")
      try JSONSerialization.data(withJSONObject: document, options: [.fragmentsAllowed])
        .write(to: file)
      files.append(file.path)
    }
    let run = try CheckJSONSchema.run(
      CheckJSONSchema.draft07 + ["--output-format", "json", "--schemafile", schemaFile.path]
        + files)
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any],
      "check-jsonschema printed no JSON report: \(run.output)")
    let errors = report["errors"] as? [[String: Any]] ?? []
    let invalid = errors.map { error -> String in
      let path = error["path"] as? String ?? "?"
      let index = path.firstMatch(of: /^\$\.e(\d+)/).flatMap { Int($0.1) }
      let place = index.map { places[$0].path } ?? path
      return "\(place): \(error["message"] as? String ?? "")"
    }
    #expect(invalid.isEmpty, "invalid examples: \(invalid)")
    #expect(run.status == 0, "\(run.output)")
  }

  // MARK: Helpers

  /// The `*.flow.yaml` and `*.flow.yml` files of a folder of the package, as absolute paths,
  /// sorted.
  static func flowFiles(in folder: String) -> [String] {
    let directory = packageRoot.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter(FlowFileSearch.isFlowFile)
      .sorted()
      .map { directory.appendingPathComponent($0).path }
  }

  static func loadSchema() throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: schema))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }
}

/// Runs `check-jsonschema` from the virtual environment `make test-deps` makes,
/// `.build/venv`: never one that happens to be on `PATH` (a pyenv shim, say), so the tests
/// run the same on a fresh Debian machine as here.
enum CheckJSONSchema {
  struct NotInstalled: Error, CustomStringConvertible {
    var description: String {
      "check-jsonschema is not in .build/venv; run 'make test-deps' to install it"
    }
  }

  /// The executable in `.build/venv`, or `nil` when it is not installed there.
  static var executable: URL? {
    let candidate = packageRoot.appendingPathComponent(".build/venv/bin/check-jsonschema")
    return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
  }

  /// Validates with draft-07's semantics whatever the schema declares: yaml-language-server
  /// implements draft-07 and ignores newer keywords, so this is what editors check.
  static let draft07 = ["--validator-class", "jsonschema:Draft7Validator"]

  /// Runs it with `arguments` in the package root and waits for it; throws
  /// ``NotInstalled`` when it is missing, so that the calling test fails.
  static func run(_ arguments: [String]) throws -> ProcessOutput {
    guard let executable else { throw NotInstalled() }
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    return try flowcTests.run(executable, arguments, in: packageRoot, environment: environment)
  }
}

extension ProcessOutput {
  /// Both outputs, for failure messages.
  var output: String { stdout + stderr }
}
