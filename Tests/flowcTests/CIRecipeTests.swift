import Foundation
import Testing

/// The CI recipes of `docs/ci.md`, run as written: every command of their YAML is read out
/// of the page and run with `sh -c` in a small app repository (flows in `flows/`, generated
/// code in `Sources/App/Generated`, flowc's checkout in `flowc/`), with the built flowc on
/// `PATH`. A command added to the page without a line here fails the first test.
@Suite struct CIRecipeTests {
  /// What each command does in the three repositories.
  struct Expectation {
    var clean: Int32
    var broken: Int32
    var stale: Int32
  }

  /// Every command the recipes run, but the install step (`make -C flowc install`, which
  /// `InstallTests` and CI's release install cover), with its exit status.
  static let expectations: [String: Expectation] = [
    "flowc check --format github": .init(clean: 0, broken: 1, stale: 0),
    "flowc check --format sarif > flowc.sarif || test $? -eq 1": .init(
      clean: 0, broken: 0, stale: 0),
    "flowc generate --output Sources/App/Generated --check": .init(clean: 0, broken: 1, stale: 1),
    "flowc check --format json > flowc.json || test $? -eq 1": .init(
      clean: 0, broken: 0, stale: 0),
    "python3 flowc/scripts/gitlab-code-quality.py < flowc.json > gl-code-quality-report.json":
      .init(clean: 0, broken: 0, stale: 0),
    "flowc check": .init(clean: 0, broken: 1, stale: 0),
  ]

  static let installSteps = [
    "apt-get update && apt-get install -y libyaml-dev make && make -C flowc install",
    "apt-get update && apt-get install -y libyaml-dev make python3 && make -C flowc install",
    "apt-get update && apt-get install -y libyaml-dev make graphviz && make -C flowc install",
  ]

  /// The commands of the pull-request diff recipe, which need a git repository with the
  /// base branch: `theDiffRecipePostsTheTableAndTheDrawing` runs them, in order.
  static let diffSteps = [
    "flowc diff --git \"origin/$GITHUB_BASE_REF\" --format markdown > flowc-diff.md",
    "printf '\\n```mermaid\\n%s\\n```\\n' \"$(flowc diff --git \"origin/$GITHUB_BASE_REF\" "
      + "--format mermaid)\" >> flowc-diff.md",
    "flowc diff --git \"origin/$GITHUB_BASE_REF\" --format dot > flowc-diff.dot && dot -Tsvg "
      + "flowc-diff.dot -o flowc-diff.svg",
  ]

  static func recipeCommands() throws -> [[String]] {
    try DocsPage("ci.md").blocks("yaml").map(\.ciCommands)
  }

  @Test func theRecipesRunOnlyCommandsThatAreTestedHere() throws {
    let recipes = try Self.recipeCommands()
    #expect(recipes.count == 3, "two GitHub Actions workflows and a GitLab CI job")
    for commands in recipes {
      #expect(!commands.isEmpty)
      for command in commands {
        #expect(
          Self.expectations[command] != nil || Self.installSteps.contains(command)
            || Self.diffSteps.contains(command),
          "'\(command)' in docs/ci.md is not tested")
      }
    }
    #expect(recipes.contains { $0.filter(Self.diffSteps.contains) == Self.diffSteps })
    let dryRun = try run(
      URL(fileURLWithPath: "/usr/bin/env"), ["make", "-n", "-C", packageRoot.path, "install"])
    #expect(dryRun.status == 0, "make install must exist: \(dryRun.output)")
  }

  @Test func aCleanRepositoryPasses() throws {
    let repository = try Repository(flow: cleanFlow, generatedFrom: cleanFlow)
    defer { repository.cleanUp() }
    let results = try repository.runRecipes()
    for (command, result) in results {
      #expect(result.status == Self.expectations[command]?.clean, "\(command): \(result.output)")
    }
    #expect(results.first { $0.0 == "flowc check --format github" }?.1.stdout == "")
    let sarif = try repository.json("flowc.sarif") as? [String: Any]
    let runs = sarif?["runs"] as? [[String: Any]]
    #expect((runs?.first?["results"] as? [Any])?.isEmpty == true)
    #expect((try repository.json("gl-code-quality-report.json") as? [Any])?.isEmpty == true)
  }

  @Test func aFindingFailsTheLintStepsAndReachesEveryReport() throws {
    let repository = try Repository(flow: brokenFlow, generatedFrom: cleanFlow)
    defer { repository.cleanUp() }
    let results = try repository.runRecipes()
    for (command, result) in results {
      #expect(result.status == Self.expectations[command]?.broken, "\(command): \(result.output)")
    }
    let github = results.first { $0.0 == "flowc check --format github" }?.1.stdout ?? ""
    #expect(github.hasPrefix("::error file=flows/app.flow.yaml,line=7,col=35,"), "\(github)")
    #expect(github.contains(",title=unknown-reference::screen 'Detial'"), "\(github)")

    let sarif = try repository.json("flowc.sarif") as? [String: Any]
    let result = ((sarif?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?
      .first
    #expect(result?["ruleId"] as? String == "unknown-reference")

    let issues = try #require(
      try repository.json("gl-code-quality-report.json") as? [[String: Any]])
    #expect(issues.count == 1)
    let issue = try #require(issues.first)
    #expect(issue["check_name"] as? String == "unknown-reference")
    #expect(issue["severity"] as? String == "critical")
    #expect((issue["description"] as? String)?.hasPrefix("screen 'Detial' does not exist") == true)
    let location = issue["location"] as? [String: Any]
    #expect(location?["path"] as? String == "flows/app.flow.yaml")
    #expect((location?["lines"] as? [String: Any])?["begin"] as? Int == 7)
    #expect((issue["fingerprint"] as? String)?.count == 64)
  }

  @Test func staleGeneratedCodeFailsOnlyItsStep() throws {
    let edited = cleanFlow.replacingOccurrences(of: "back: pop", with: "close: pop")
    let repository = try Repository(flow: edited, generatedFrom: cleanFlow)
    defer { repository.cleanUp() }
    for (command, result) in try repository.runRecipes() {
      #expect(result.status == Self.expectations[command]?.stale, "\(command): \(result.output)")
      if command.hasPrefix("flowc generate") {
        // The stale file, and what changed in it: the event `back` became `close`.
        #expect(
          result.stdout.hasPrefix(
            "would update Sources/App/Generated/AppCoordinator.swift\n"
              + "--- Sources/App/Generated/AppCoordinator.swift (on disk)\n"))
        #expect(result.stdout.contains("\n-    case back\n+    case close\n"))
      }
    }
  }

  /// The fingerprint of a finding stays when lines move above it, and differs between
  /// findings.
  @Test func codeQualityFingerprintsIgnoreLineNumbers() throws {
    func fingerprints(_ flow: String) throws -> [String] {
      let repository = try Repository(flow: flow, generatedFrom: cleanFlow)
      defer { repository.cleanUp() }
      _ = try repository.runRecipes()
      let issues = try repository.json("gl-code-quality-report.json") as? [[String: Any]] ?? []
      return issues.compactMap { $0["fingerprint"] as? String }
    }
    let before = try fingerprints(brokenFlow)
    let moved = try fingerprints("# a comment above\n" + brokenFlow)
    let two = try fingerprints(
      brokenFlow.replacingOccurrences(of: "back: pop", with: "back: { push: Nowhere }"))
    #expect(before.count == 1)
    #expect(moved == before)
    #expect(two.count == 2 && Set(two).count == 2 && two.contains(before.first ?? ""))
  }

  /// The diff recipe in a pull request's checkout: the base branch's flows on
  /// `origin/main`, the pull request's, with a screen added, in the working tree. The
  /// comment gets the table and a Mermaid drawing; the SVG is drawn.
  @Test func theDiffRecipePostsTheTableAndTheDrawing() throws {
    let added = cleanFlow.replacingOccurrences(
      of: "      Detail: { on: { back: pop } }\n",
      with: "      Detail: { on: { back: pop, help: { push: Help } } }\n"
        + "      Help: { on: { close: pop } }\n")
    try #require(added != cleanFlow)
    let directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": cleanFlow])
    defer { directory.cleanUp() }
    let setUp = """
      set -e
      git init -q
      git add flows
      git -c user.name=t -c user.email=t@example.com commit -q -m base
      git update-ref refs/remotes/origin/main HEAD
      """
    let made = try run(URL(fileURLWithPath: "/bin/sh"), ["-c", setUp], in: directory.url)
    try #require(made.status == 0, "\(made.stderr)")
    try Data(added.utf8).write(to: directory.url.appendingPathComponent("flows/app.flow.yaml"))
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] =
      flowcBinary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    environment["GITHUB_BASE_REF"] = "main"
    for command in Self.diffSteps {
      let result = try run(
        URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: directory.url,
        environment: environment)
      #expect(result.status == 0, "\(command): \(result.stdout)\(result.stderr)")
    }
    let comment = try String(
      contentsOf: directory.url.appendingPathComponent("flowc-diff.md"), encoding: .utf8)
    #expect(comment.hasPrefix("### Navigation: 2 changes: 2 added\n"), "\(comment)")
    #expect(comment.contains("| 🟢 added | screen | App\\.Help |"))
    #expect(comment.contains("| 🟢 added | transition | App\\.Detail\\.help |"))
    #expect(comment.contains("\n```mermaid\nflowchart TB\n"))
    #expect(comment.contains("  class App_Help added\n"))
    #expect(comment.hasSuffix("\n```\n"))
    let svg = try String(
      contentsOf: directory.url.appendingPathComponent("flowc-diff.svg"), encoding: .utf8)
    #expect(svg.contains("<svg"))
  }

  /// A small app repository with flowc's checkout in `flowc/`.
  struct Repository {
    let directory: TemporaryDirectory

    /// `flows/app.flow.yaml` holds `flow`; `Sources/App/Generated` is what flowc generates
    /// from `generatedFrom`.
    init(flow: String, generatedFrom original: String) throws {
      directory = try TemporaryDirectory(files: ["flows/app.flow.yaml": original])
      try FileManager.default.createSymbolicLink(
        at: directory.url.appendingPathComponent("flowc"), withDestinationURL: packageRoot)
      let generated = try flowc(
        ["generate", "--output", "Sources/App/Generated"], in: directory.url)
      try #require(generated.status == 0, "\(generated.output)")
      try Data(flow.utf8).write(to: directory.url.appendingPathComponent("flows/app.flow.yaml"))
    }

    func cleanUp() { directory.cleanUp() }

    /// Runs every tested command of both recipes, in order, with `sh -c`.
    func runRecipes() throws -> [(String, ProcessOutput)] {
      var environment = ProcessInfo.processInfo.environment
      let folder = flowcBinary.deletingLastPathComponent().path
      environment["PATH"] = folder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
      environment["NO_COLOR"] = "1"
      var results: [(String, ProcessOutput)] = []
      for command in try CIRecipeTests.recipeCommands().joined()
      where CIRecipeTests.expectations[command] != nil {
        let result = try run(
          URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: directory.url,
          environment: environment)
        results.append((command, result))
      }
      return results
    }

    /// The JSON in a file of the repository.
    func json(_ path: String) throws -> Any {
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: directory.url.appendingPathComponent(path)))
    }
  }
}
