import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `flowc init` end to end: the real binary in real directories.
@Suite struct InitCommandTests {
  static func text(_ directory: URL, _ path: String) throws -> String {
    try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func itWritesAConfigurationAndAFlowThatChecksCleanAndSaysWhatNext() throws {
    let directory = try TemporaryDirectory()
    defer { directory.cleanUp() }
    let result = try flowc(["init"], in: directory.url)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      result.stdout.hasPrefix("created .flowc.yml\ncreated flows/app.flow.yaml\n\nNext steps:\n"))
    #expect(result.stdout.contains("  flowc check  "))
    let flow = try Self.text(directory.url, "flows/app.flow.yaml")
    #expect(flow.hasPrefix("# yaml-language-server: $schema="))
    let check = try flowc(["check", "--strict"], in: directory.url)
    #expect(check.status == 0)
    #expect(check.stdout == "")
    #expect(check.stderr == "no problems in 1 file\n")
    // The configuration is the one read: its 'include' names the flows.
    #expect(try Self.text(directory.url, ".flowc.yml").contains("include: [flows]"))
    let schema = try CheckJSONSchema.run(
      CheckJSONSchema.draft07 + [
        "--schemafile", JSONSchemaTests.schema,
        directory.url.appendingPathComponent("flows/app.flow.yaml").path,
      ])
    #expect(schema.status == 0, "\(schema.output)")
  }

  @Test func aDirectoryIsMadeWhenMissing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.cleanUp() }
    let result = try flowc(["init", "apps/shop"], in: directory.url)
    #expect(result.status == 0)
    #expect(
      result.stdout.hasPrefix(
        "created apps/shop/.flowc.yml\ncreated apps/shop/flows/app.flow.yaml\n"))
    #expect(result.stdout.contains("  cd apps/shop\n"))
    let check = try flowc(
      ["check", "--strict"], in: directory.url.appendingPathComponent("apps/shop"))
    #expect(check.status == 0)
  }

  @Test(arguments: [".flowc.yml", "flows/app.flow.yaml"])
  func anExistingFileIsNeverOverwrittenAndNothingIsWritten(existing: String) throws {
    let directory = try TemporaryDirectory(files: [existing: "mine\n"])
    defer { directory.cleanUp() }
    let result = try flowc(["init"], in: directory.url)
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "flowc: error: '\(existing)' is already there; 'flowc init' never overwrites a "
        + "file, so nothing was written\n")
    #expect(try Self.text(directory.url, existing) == "mine\n")
    let other = existing == ".flowc.yml" ? "flows/app.flow.yaml" : ".flowc.yml"
    #expect(
      !FileManager.default.fileExists(atPath: directory.url.appendingPathComponent(other).path))
  }

  /// A directory with `.flowc.yaml` already has its configuration: a `.flowc.yml` beside it
  /// would make every later command there fail (two configuration files). Nothing is
  /// written, and the project still checks.
  @Test func aConfigurationUnderTheOtherNameStopsItAndNothingIsWritten() throws {
    let directory = try TemporaryDirectory(files: [".flowc.yaml": "rules: {}\n"])
    defer { directory.cleanUp() }
    let result = try flowc(["init"], in: directory.url)
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "flowc: error: '.flowc.yaml' is already the configuration file of its directory; "
        + "'flowc init' writes no second one, so nothing was written\n")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
    #expect(names == [".flowc.yaml"])
  }

  @Test func aLinkThatLeadsNowhereIsNotWrittenThrough() throws {
    let directory = try TemporaryDirectory()
    defer { directory.cleanUp() }
    let link = directory.url.appendingPathComponent(".flowc.yml").path
    let target = directory.url.appendingPathComponent("elsewhere.yml").path
    #expect(symlink(target, link) == 0)
    let result = try flowc(["init"], in: directory.url)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "flowc: error: '.flowc.yml' is a symbolic link that leads to no file; 'flowc init' "
        + "never overwrites a file, so nothing was written\n")
    #expect(!FileManager.default.fileExists(atPath: target))
  }

  @Test func moreThanOneDirectoryIsAUsageError() throws {
    let result = try flowc(["init", "a", "b"])
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("flowc: error: 'flowc init' takes one DIR at most\n"))
  }

  // MARK: In a SwiftPM package (issue 34, item 2)

  private static func manifest(_ dependency: String) -> String {
    """
    // swift-tools-version:6.0
    import PackageDescription

    let package = Package(
      name: "Shop",
      dependencies: [\(dependency)],
      targets: [.executableTarget(name: "App")]
    )

    """
  }

  /// In a package, the flow goes in the target's folder, where the build plugin reads it,
  /// and the configuration includes that folder, so `flowc check` reads the same one file.
  @Test func inAPackageTheFlowGoesWhereThePluginReadsIt() throws {
    let directory = try TemporaryDirectory(files: [
      "Package.swift": Self.manifest(
        #".package(url: "https://example.com/flowc.git", from: "0.1.0")"#),
      "Sources/App/main.swift": "print(1)\n",
    ])
    defer { directory.cleanUp() }
    let result = try flowc(["init"], in: directory.url)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("created .flowc.yml\ncreated Sources/App/app.flow.yaml\n"))
    #expect(result.stdout.contains("  swift build  "))
    #expect(try Self.text(directory.url, ".flowc.yml").contains("include: [Sources/App]"))
    let flow = try Self.text(directory.url, "Sources/App/app.flow.yaml")
    #expect(
      flow.hasPrefix(
        "# yaml-language-server: $schema=../../.build/checkouts/flowc/Schemas/flow.schema.json\n"))
    let check = try flowc(["check", "--strict"], in: directory.url)
    #expect(check.stderr == "no problems in 1 file\n", "\(check.stdout)")
    #expect(
      !FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("flows").path))
  }

  /// With a path dependency on flowc, the schema line points into that folder, where the
  /// schema is; with FlowcPlugins, into its checkout.
  @Test func theSchemaLinePointsWhereTheSchemaIs() throws {
    let directory = try TemporaryDirectory(files: [
      "app/Package.swift": Self.manifest(#".package(path: "../tools/flowc")"#),
      "app/Sources/App/main.swift": "print(1)\n",
      "tools/flowc/Schemas/flow.schema.json": "{}\n",
      "prebuilt/Package.swift": Self.manifest(
        #".package(url: "https://example.com/FlowcPlugins.git", from: "0.1.0")"#),
      "prebuilt/Sources/App/main.swift": "print(1)\n",
    ])
    defer { directory.cleanUp() }
    #expect(try flowc(["init", "app"], in: directory.url).status == 0)
    let flow = try Self.text(directory.url, "app/Sources/App/app.flow.yaml")
    let line = try #require(flow.split(separator: "\n").first)
    #expect(line == "# yaml-language-server: $schema=../../../tools/flowc/Schemas/flow.schema.json")
    let schema = directory.url.appendingPathComponent("app/Sources/App")
      .appendingPathComponent(String(line.dropFirst("# yaml-language-server: $schema=".count)))
    #expect(FileManager.default.fileExists(atPath: schema.standardizedFileURL.path))

    #expect(try flowc(["init", "prebuilt"], in: directory.url).status == 0)
    #expect(
      try Self.text(directory.url, "prebuilt/Sources/App/app.flow.yaml").hasPrefix(
        "# yaml-language-server: $schema=../../.build/checkouts/FlowcPlugins/Schemas/flow.schema.json\n"
      ))
  }

  /// Several targets: `--target` says which; without it, nothing is written and the targets
  /// are named. `--target` outside a package, or naming no target, is a usage error.
  @Test func severalTargetsNeedTarget() throws {
    let directory = try TemporaryDirectory(files: [
      "Package.swift": Self.manifest(""),
      "Sources/App/main.swift": "print(1)\n",
      "Sources/Feature/a.swift": "let a = 1\n",
    ])
    defer { directory.cleanUp() }
    let ambiguous = try flowc(["init"], in: directory.url)
    #expect(ambiguous.status == 2)
    #expect(ambiguous.stderr.contains("several targets (App, Feature)"), "\(ambiguous.stderr)")
    #expect(
      !FileManager.default.fileExists(
        atPath: directory.url.appendingPathComponent(".flowc.yml").path))
    let missing = try flowc(["init", "--target", "Nope"], in: directory.url)
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("no target folder 'Sources/Nope'; its targets: App, Feature"))
    let chosen = try flowc(["init", "--target", "Feature"], in: directory.url)
    #expect(chosen.status == 0, "\(chosen.stderr)")
    #expect(
      FileManager.default.fileExists(
        atPath: directory.url.appendingPathComponent("Sources/Feature/app.flow.yaml").path))

    let plain = try TemporaryDirectory()
    defer { plain.cleanUp() }
    let outside = try flowc(["init", "--target", "App"], in: plain.url)
    #expect(outside.status == 2)
    #expect(outside.stderr.contains("has no Package.swift"))
  }

  /// A target folder whose name YAML would read otherwise (a space, a `#`, a `]`) is written
  /// quoted into the configuration, which then includes that very folder.
  @Test func anOddTargetNameIsQuotedInTheConfiguration() throws {
    let directory = try TemporaryDirectory(files: [
      "Package.swift": Self.manifest(""),
      "Sources/My App #1]/main.swift": "print(1)\n",
    ])
    defer { directory.cleanUp() }
    let result = try flowc(["init"], in: directory.url)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try Self.text(directory.url, ".flowc.yml").contains(#"include: ["Sources/My App #1]"]"#))
    let check = try flowc(["check", "--strict"], in: directory.url)
    #expect(check.stderr == "no problems in 1 file\n", "\(check.stdout)\(check.stderr)")
  }
}
